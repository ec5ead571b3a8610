//! The analysis, natively: each part, and each part from only the pieces it names.

use super::*;
use crate::document::{EntityId, SettingKey, SettingOf};
use keylab::codec::{KeyValue, Number};
use keylab::query::{KeyCondition, Query};

fn query(sort: Option<KeyCondition>, forward: bool) -> Query {
    Query {
        partition_more: Vec::new(),
        sort_leading: Vec::new(),
        table: "T".into(),
        index: None,
        partition: ("PK".into(), KeyValue::S("P".into())),
        sort: sort.map(|c| ("SK".into(), c)),
        scan_index_forward: forward,
        limit: Some(3),
        max_items: None,
        exclusive_start_key: None,
    }
}

/// Each part computed from only the pieces [`reads`] names for it is the part
/// computed from the whole work, on every preset with every piece away from its
/// default: leaving out a piece that a part reads on these works fails here (the
/// query's and the paste box's fallback to the edited attribute, for an index
/// without a sort key, is read on none of them; they name the focus for it).
#[test]
fn every_part_reads_only_the_pieces_it_names() {
    use crate::document::{QueryDraft, Shape, SnippetPrefs};
    use keylab::snippet::Target;
    for preset in crate::presets::PRESETS {
        let mut p = crate::presets::load(preset.id).unwrap();
        // The last entity and its last key attribute (a GSI's, where it has one), not
        // the ones a preset opens on; a query of the last GSI from the last item.
        p.focus.entity = EntityId(p.schema.entities.len() - 1);
        p.focus.attribute = p.schema.entities[p.focus.entity.0]
            .keys
            .last()
            .unwrap()
            .attribute
            .clone();
        p.query = Rc::new(QueryDraft {
            shape: Shape::Top,
            limit: "2".into(),
            anchor: ItemId(p.rows.len() - 1),
            index: p
                .schema
                .table
                .indexes
                .last()
                .map(|i| crate::document::IndexName(i.name.clone())),
            ..QueryDraft::default()
        });
        p.snippet = Rc::new(SnippetPrefs {
            target: Target::Boto3Client,
            program: true,
            table: "Other".into(),
            endpoint: "http://127.0.0.1:8000".into(),
        });
        let field = p.schema.entities[p.focus.entity.0]
            .fields
            .iter()
            .find(|f| f.kind.is_numeric());
        if let Some(f) = field {
            Rc::make_mut(&mut p.expected).insert(f.name.clone(), "123456789".into());
        }
        p.pasted = format!("{} = :v", p.focus.attribute);
        let (whole, parts) = (p.clone(), p.analyse());
        let keys = whole.item_keys();
        let collections = whole.collections(&keys, whole.preview().as_ref());
        let id = preset.id;
        assert_eq!(parts.plans, whole.plans(), "{id}: plans");
        assert_eq!(parts.preview.map(|v| (*v).clone()), whole.preview(), "{id}: preview");
        assert_eq!(parts.number_field, whole.number_field(), "{id}");
        assert_eq!(*parts.collections, collections, "{id}: collections");
        // Grouped in the preview's order or sorted group by group, they are the same.
        assert_eq!(
            *parts.collections,
            whole.collections(&keys, None),
            "{id}: collections, sorted"
        );
        assert_eq!(*parts.overwritten, whole.overwritten(&keys), "{id}");
        assert_eq!(*parts.query, whole.query_view(&keys), "{id}: query");
        assert_eq!(*parts.pasted, whole.paste_view_read_now(&keys), "{id}: pasted");
        assert_eq!(*parts.lint, whole.lint(&keys), "{id}: lint");
        assert_eq!(parts.side_by_side.map(|v| (*v).clone()), whole.side_by_side(), "{id}");
        assert_eq!(parts.blocked, whole.blocked(), "{id}");
        let mut typed = p.clone();
        let unsettled = crate::document::Unsettled {
            setting: "width".into(),
            text: "-3".into(),
            problem: "a width is a whole number".into(),
        };
        Rc::make_mut(&mut typed.unsettled).insert(
            SettingKey::new(EntityId(0), SettingOf::Field("f".into()), "width"),
            unsettled,
        );
        assert_eq!(typed.analyse().blocked, typed.blocked(), "{id}: blocked");
        assert!(typed.blocked().is_some());
    }
}

#[test]
fn the_number_vs_string_view_is_named_by_its_field() {
    let p = crate::presets::leaderboard();
    assert_eq!(p.number_field().as_deref(), Some("score"));
    let a = p.analyse();
    assert_eq!(a.number_field.as_deref(), Some("score"));
    assert_eq!(a.number_vs_string.map(|c| c.field).as_deref(), Some("score"));
}

#[test]
fn a_band_states_each_bound_as_the_condition_does() {
    let s = |t: &str| KeyValue::S(t.into());
    let band = Band::of(
        &query(Some(KeyCondition::Between(s("a"), s("b\u{10FFFF}"))), false),
        "SK".into(),
    );
    assert_eq!(band.lower.as_deref(), Some(">= \"a\" (BETWEEN)"));
    // The builder's upper bound for "everything under a prefix" shows as its escape.
    assert_eq!(band.upper.as_deref(), Some("<= \"b\\udbff\\udfff\" (BETWEEN)"));
    assert_eq!(
        (band.forward, band.limit, band.partition.as_str()),
        (false, Some(3), "P")
    );
    let band = Band::of(
        &query(
            Some(KeyCondition::Lt(KeyValue::N(Number::parse("-1.5").unwrap()))),
            true,
        ),
        "SK".into(),
    );
    assert_eq!((band.lower, band.upper.as_deref()), (None, Some("< -1.5")));
    let band = Band::of(&query(Some(KeyCondition::BeginsWith(s("ORDER#"))), true), "SK".into());
    assert_eq!(band.lower.as_deref(), Some("the first key that begins_with \"ORDER#\""));
    let band = Band::of(&query(None, true), "SK".into());
    assert_eq!((band.lower, band.upper), (None, None));
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Edit after edit (ids that mix case typed into a field stored upper-cased, words,
    /// the field's case changed, a width changed), the findings made from what the
    /// linter read before are the findings made reading every item again.
    #[test]
    fn lint_after_edits_is_the_lint_made_again(
        edits in proptest::collection::vec((0usize..40, 0usize..4, "(aBcDeFgH1|spring|AbCdEfGh1|Spring)"), 1..10),
    ) {
        use crate::document::{Action, FieldEdit, ItemsEdit, Workspace};
        let mut p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 40, seed: 1 }));
        let (_, mut read) = p.lint_after(&p.item_keys(), None);
        for (item, kind, text) in edits {
            let edit = match kind {
                0 => Action::from(FieldEdit::SetCase { field: "season".into(), case: keylab::schema::Case::Preserve }),
                1 => Action::from(FieldEdit::SetCase { field: "season".into(), case: keylab::schema::Case::Upper }),
                2 => Action::from(FieldEdit::SetWidth { field: "score".into(), width: 4 + (item % 8) as u32 }),
                _ => Action::from(ItemsEdit::SetValue { item: ItemId(item), field: "season".into(), text }),
            };
            p = Workspace::new(p).reduce_edit(edit);
            let keys = p.item_keys();
            let (findings, next) = p.lint_after(&keys, Some(&read));
            proptest::prop_assert_eq!(findings, p.lint(&keys));
            read = next;
        }
    }
}

/// The order-status preset's ByStatus index is keyed by (customer, status): its
/// partitions are those tuples, and the query's band names the same one, so the keys
/// list draws it on the partition the picker shows. Before, the partitions were one per
/// customer (c-17 held its SHIPPED order among the OPEN ones) and the band named only
/// "c-17".
#[test]
fn a_multi_attribute_partition_is_its_tuple_in_the_picker_and_the_query() {
    use crate::document::{Action, FocusEdit, PresetId, Workspace};
    let preset = crate::presets::load(PresetId::named("order-status").unwrap()).unwrap();
    let p = Workspace::new(preset).reduce_edit(Action::from(FocusEdit::SelectAttribute("date".into())));
    let keys = p.item_keys();
    let partitions: Vec<(String, usize)> = (p.collections(&keys, p.preview().as_ref()).into_iter())
        .map(|c| (c.partition, c.items.len()))
        .collect();
    assert_eq!(
        partitions,
        [
            ("customer c-17 · status OPEN".to_string(), 4),
            ("customer c-17 · status SHIPPED".to_string(), 1),
            ("customer c-42 · status OPEN".to_string(), 1),
        ]
    );
    let band = p.query_view(&keys).unwrap().band;
    assert_eq!(band.partition, "customer c-17 · status OPEN");
    // Its order is the tuple (date, amount): drawn on no one attribute's keys, but on
    // theirs the list can say which partition the query reads.
    assert_eq!(
        (band.attribute.as_str(), band.tuple.as_slice()),
        ("", &["date".to_string(), "amount".to_string()][..])
    );
}
