//! Every pattern that names a direction returns its items in that direction by value,
//! on every preset, every index and every item it can anchor on: "Newest / top N" is
//! the largest values first whatever the storage (an inverted field reads forward).

use super::*;
use keylab::codec::Number;
use std::cmp::Ordering;

/// Two sample values compared as values, not as the key stores them: text by its
/// bytes (its value is its text); numbers by magnitude; ISO times, ULIDs and KSUIDs by
/// their text, whose order is their time's.
fn by_value(text: bool, a: &str, b: &str) -> Ordering {
    if text {
        return a.as_bytes().cmp(b.as_bytes());
    }
    match (Number::parse(a), Number::parse(b)) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        _ => a.cmp(b),
    }
}

fn value_of(p: &Playground, row: usize, field: &str) -> Option<String> {
    match p.rows.get(row)?.values.get(field)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Every preset with `shape` asked on every index (the base table first) against every
/// item: the preset's id, the playground holding that query, its index and anchor.
fn every_query(shape: Shape, limit: &str) -> Vec<(PresetId, Playground, String, usize)> {
    let mut out = Vec::new();
    for preset in crate::presets::PRESETS {
        let base = crate::presets::load(preset.id).expect("the preset loads");
        let indexes = std::iter::once(String::new()).chain(base.schema.table.indexes.iter().map(|i| i.name.clone()));
        for index in indexes {
            for anchor in 0..base.rows.len() {
                let mut p = base.clone();
                p.query = std::rc::Rc::new(QueryDraft {
                    shape,
                    index: (!index.is_empty()).then(|| IndexName(index.clone())),
                    anchor: ItemId(anchor),
                    limit: limit.into(),
                    ..QueryDraft::default()
                });
                out.push((preset.id, p, index.clone(), anchor));
            }
        }
    }
    out
}

#[test]
fn newest_top_n_returns_the_largest_values_first_on_every_preset() {
    let mut checked = 0;
    for (preset, p, index, anchor) in every_query(Shape::Top, "100") {
        let fields = p.draft_on().query_sort_fields();
        let Some(field) = fields.first() else { continue };
        let text = p
            .entity_of_row(ItemId(anchor))
            .and_then(|e| e.field(field))
            .is_some_and(|f| f.kind.name() == "text");
        let Ok(view) = p.analyse().settled.query.0.as_ref().clone() else {
            continue;
        };
        // Only the anchor's entity: another entity the range also reaches (the
        // migration preset's old widths) is said beside the query, not ordered.
        let entity = p.rows[anchor].entity;
        let values: Vec<String> = view
            .hits
            .list
            .iter()
            .filter(|h| p.rows.get(h.item.0).is_some_and(|r| r.entity == entity))
            .filter_map(|h| value_of(&p, h.item.0, field))
            .collect();
        for pair in values.windows(2) {
            assert_ne!(
                by_value(text, &pair[0], &pair[1]),
                Ordering::Less,
                "{} (index {index:?}, item #{}): \"Newest / top N\" returned {field} {:?} before {:?}",
                preset,
                anchor + 1,
                pair[0],
                pair[1]
            );
        }
        checked += values.len().saturating_sub(1);
    }
    assert!(checked > 50, "only {checked} neighbours were compared");
}

#[test]
fn the_leaderboards_top_three_are_its_three_highest_scores() {
    let mut p = crate::presets::leaderboard();
    p.query = std::rc::Rc::new(QueryDraft {
        shape: Shape::Top,
        first: "3".into(),
        ..QueryDraft::default()
    });
    let view = p.analyse().settled.query.0.as_ref().clone().expect("the query builds");
    // Every item returned, not the first page of more: the reader stops at three.
    let returned: Vec<String> = view
        .hits
        .list
        .iter()
        .filter_map(|h| value_of(&p, h.item.0, "score"))
        .collect();
    let mut all: Vec<String> = (0..p.rows.len()).filter_map(|r| value_of(&p, r, "score")).collect();
    all.sort_by(|a, b| by_value(false, b, a));
    assert!(all.len() > 3, "the partition holds more than three");
    assert_eq!(returned, all[..3].to_vec());
    assert!(view.explanation.contains("highest first"), "{}", view.explanation);
    assert!(view.input.contains("\"ScanIndexForward\": true"), "{}", view.input);
}

/// "The item and everything before it" reads backward from the item, nearest first,
/// and "after it" forward: on every preset, index and item, the first key returned is
/// the item's and each next one lies further on that side (by UTF-8 bytes).
#[test]
fn before_and_after_read_away_from_the_item_nearest_first_on_every_preset() {
    let mut checked = 0;
    for shape in [Shape::Before, Shape::After] {
        for (preset, p, _, anchor) in every_query(shape, "") {
            // A multi-attribute key refuses these shapes, saying why.
            let Ok(view) = p.analyse().settled.query.0.as_ref().clone() else {
                continue;
            };
            let keys: Vec<&[u8]> = view.hits.list.iter().map(|h| h.key.as_bytes()).collect();
            let first = view.hits.list.first().map(|h| h.item.0);
            assert_eq!(
                first,
                Some(anchor),
                "{} {shape:?} item #{}: starts at the item",
                preset,
                anchor + 1
            );
            for pair in keys.windows(2) {
                let away = if shape == Shape::Before {
                    pair[0] > pair[1]
                } else {
                    pair[0] < pair[1]
                };
                assert!(
                    away,
                    "{} {shape:?} item #{}: {:?} then {:?}",
                    preset,
                    anchor + 1,
                    pair[0],
                    pair[1]
                );
            }
            checked += keys.len();
        }
    }
    assert!(checked > 100, "only {checked} keys were compared");
}
