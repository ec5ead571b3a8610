use super::*;
use crate::preview::Sample;
use crate::schema::Schema;
use crate::Values;
use proptest::prelude::*;
use serde_json::{json, Value};

/// A preset's design and items, as the page's files hold them.
fn preset(text: &str) -> (Schema, Vec<(String, Values)>) {
    let doc: Value = serde_json::from_str(text).expect("a preset");
    let schema = Schema::from_value(&doc["schema"]).expect("its schema");
    let items = (doc["items"].as_array().expect("items").iter())
        .map(|i| {
            let values = i["values"].as_object().cloned().expect("values");
            (i["entity"].as_str().expect("an entity").to_string(), values)
        })
        .collect();
    (schema, items)
}

fn samples<'a>(schema: &'a Schema, items: &'a [(String, Values)]) -> Vec<Sample<'a>> {
    items
        .iter()
        .map(|(e, v)| (schema.entity(e).expect("an entity"), v))
        .collect()
}

fn intent(value: Value) -> Intent {
    Intent::from_value(&value).expect("an intent")
}

fn verdict(schema: &Schema, items: &[(String, Values)], intent: &Intent) -> Verdict {
    let rows = samples(schema, items);
    check(schema, intent, &rows, &rows_read(schema, &rows))
}

/// Why `intent` is not served; a test fails when it is.
fn unserved(schema: &Schema, items: &[(String, Values)], intent: &Intent) -> String {
    match verdict(schema, items, intent).outcome {
        Outcome::Unserved { reason } => reason,
        other => panic!("served: {other:?}"),
    }
}

const LEADERBOARD: &str = include_str!("../../../presets/leaderboard.json");

fn top(n: u32) -> Intent {
    intent(json!({
        "name": "Season top N", "entities": ["Run"], "equal": {"season": "SPRING-2026"},
        "order": [{"field": "score", "descending": true}], "first": n
    }))
}

/// The seed article's pattern: a season's top N, served by the table read forward
/// (the score is stored inverted), and exactly the highest N scores.
#[test]
fn a_seasons_top_n_is_served_and_checked() {
    let (schema, items) = preset(LEADERBOARD);
    let v = verdict(&schema, &items, &top(3));
    let plan = v.plan.as_ref().expect("served");
    assert_eq!((plan.index.as_deref(), plan.pattern.scan_index_forward), (None, true));
    assert_eq!(v.outcome, Outcome::Pass, "{:?}", v.returned);
    assert_eq!(v.returned.len(), 3);
    let scores: Vec<u64> = (v.returned.iter())
        .map(|&r| items[r].1["score"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
}

/// A width too small for a score: the item cannot be written, the pattern names it,
/// and the check says it is missing and why.
#[test]
fn a_width_too_small_breaks_the_top_n_and_says_why() {
    let (mut schema, items) = preset(LEADERBOARD);
    let score = schema.entities[0]
        .fields
        .iter_mut()
        .find(|f| f.name == "score")
        .unwrap();
    score.kind = score.kind.with_width(3);
    let v = verdict(&schema, &items, &top(10));
    let Outcome::Fail { reason, item } = &v.outcome else {
        panic!("{:?}", v.outcome)
    };
    assert!(reason.contains("is missing, as its keys cannot be written"), "{reason}");
    assert!(item.is_some());
}

/// Without the inversion the same pattern reads the key backward, and still passes;
/// a tie-break that disagrees with that direction cannot be served, and says so.
#[test]
fn an_order_the_key_cannot_give_is_said() {
    let (mut schema, items) = preset(LEADERBOARD);
    let score = schema.entities[0]
        .fields
        .iter_mut()
        .find(|f| f.name == "score")
        .unwrap();
    score.kind = score.kind.with_order(crate::schema::Order::Asc);
    let v = verdict(&schema, &items, &top(3));
    assert_eq!(v.plan.as_ref().map(|p| p.pattern.scan_index_forward), Some(false));
    assert_eq!(v.outcome, Outcome::Pass);
    let mut tied = top(3);
    tied.order.push(OrderBy {
        field: "at".into(),
        descending: false,
    });
    let reason = unserved(&schema, &items, &tied);
    assert!(
        reason.contains("the order by score reads the key backward, and at ascending then needs it read forward"),
        "{reason}"
    );
}

/// A field the keys do not lead with, or that no key holds, is said, key by key.
#[test]
fn what_no_key_can_ask_is_said_key_by_key() {
    let (schema, items) = preset(LEADERBOARD);
    let by_player = intent(json!({"name": "A player's runs", "entities": ["Run"], "equal": {"player": "p_1003"}}));
    let reason = unserved(&schema, &items, &by_player);
    assert_eq!(
        reason,
        "the table: its partition key needs season, which the pattern does not fix; the table has no GSI"
    );
    let mid = intent(json!({"name": "x", "entities": ["Run"], "equal": {"season": "S", "at": 1}}));
    let reason = unserved(&schema, &items, &mid);
    assert!(
        reason.contains("at is fixed, but the sort key reaches score before it"),
        "{reason}"
    );
}

/// Hostile intents are refused with the field named and what to do.
#[test]
fn intents_that_cannot_be_asked_are_refused() {
    let refused = |v: Value| Intent::from_value(&v).unwrap_err().to_string();
    assert!(refused(json!({"name": "x", "entities": ["Run"], "frist": 3})).contains("did you mean \"first\"?"));
    assert!(refused(json!({"name": " ", "entities": ["Run"]})).starts_with("name the access pattern"));
    assert!(refused(json!({"name": "x", "entities": []})).contains("reads no entity"));
    assert!(refused(json!({"name": "x", "entities": ["Run"], "first": 0})).contains("first 0 items"));
    assert!(
        refused(json!({"name": "x", "entities": ["Run"], "order": [{"field": "a", "desc": true}]}))
            .contains("not a field of an order field")
    );
}

proptest! {
    /// On random scores (some equal, some too wide) and any N: a pattern the check
    /// passes returned exactly the highest scores, in order; one it fails did not.
    #[test]
    fn a_pass_is_exactly_the_answer_and_a_fail_is_not(
        scores in proptest::collection::vec(0u64..2_000_000, 0..30),
        n in 1u32..12,
        width in 4u32..8,
    ) {
        let (mut schema, _) = preset(LEADERBOARD);
        let score = schema.entities[0].fields.iter_mut().find(|f| f.name == "score").unwrap();
        score.kind = score.kind.with_width(width);
        let items: Vec<(String, Values)> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| ("Run".to_string(), json!({"season": "SPRING-2026", "score": s.to_string(), "at": "1700000000", "player": format!("p{i}")}).as_object().cloned().unwrap()))
            .collect();
        let v = verdict(&schema, &items, &top(n));
        let mut best: Vec<u64> = scores.clone();
        best.sort_unstable_by(|a, b| b.cmp(a));
        best.truncate(n as usize);
        let got: Vec<u64> = v.returned.iter().map(|&r| scores[r]).collect();
        prop_assert_eq!(v.outcome == Outcome::Pass, got == best, "{:?}: {:?} vs {:?}", v.outcome, got, best);
    }
}

/// Every preset carries its access patterns, and every one is served and passes on the
/// preset's own items.
#[test]
fn every_presets_patterns_pass() {
    let presets = [
        include_str!("../../../presets/leaderboard.json"),
        include_str!("../../../presets/iot.json"),
        include_str!("../../../presets/saas.json"),
        include_str!("../../../presets/tickets.json"),
        include_str!("../../../presets/orders.json"),
        include_str!("../../../presets/casing.json"),
        include_str!("../../../presets/order-status.json"),
        include_str!("../../../presets/migration.json"),
    ];
    let mut checked = 0;
    let mut failed = Vec::new();
    for text in presets {
        let (schema, items) = preset(text);
        let doc: Value = serde_json::from_str(text).unwrap();
        // The migration lesson's old and new designs share their keys: its patterns
        // read both entities as one collection, which the planner does not serve yet.
        let intents = doc["intents"].as_array().map_or(&[][..], Vec::as_slice);
        assert!(
            intents.len() >= 2 || schema.table.name == "Billing",
            "{}",
            schema.table.name
        );
        for value in intents {
            let intent = intent(value.clone());
            let v = verdict(&schema, &items, &intent);
            if v.outcome != Outcome::Pass || v.returned.is_empty() {
                failed.push(format!("{}: {:?} returned {:?}", intent.name, v.outcome, v.returned));
            }
            checked += 1;
        }
    }
    assert!(failed.is_empty(), "{failed:#?}");
    assert!(checked >= 18, "{checked}");
}
