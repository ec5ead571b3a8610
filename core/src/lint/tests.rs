//! The linter's rules, natively: a unit test or two each, and a property test of L2's figure.

use super::size::fixed_bytes;
use super::*;
use serde_json::{json, Value};

fn schema(doc: Value) -> Schema {
    Schema::from_value(&doc).expect("a valid schema")
}

fn design(sk: Value, fields: Value) -> Schema {
    schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S" }, "primary": { "partition": "PK", "sort": "SK" } },
        "entities": [{ "name": "E", "fields": fields, "keys": { "PK": [{ "literal": "P" }], "SK": sk } }],
    }))
}

fn items<'a>(schema: &'a Schema, values: &'a [crate::Values]) -> Vec<Sample<'a>> {
    values.iter().map(|v| (&schema.entities[0], v)).collect()
}

fn values(rows: Value) -> Vec<crate::Values> {
    serde_json::from_value(rows).unwrap()
}

#[test]
fn a_key_of_fixed_parts_is_measured_against_its_roles_limit() {
    // ORD, 38 digits and a ULID with two separators: 69 bytes, well under 1,024, and
    // no text: nothing to say.
    let s = design(
        json!([{ "literal": "ORD" }, { "field": "n" }, { "field": "id" }]),
        json!({ "n": { "kind": "uint", "width": 38 }, "id": { "kind": "ulid" } }),
    );
    assert!(lint(&s, &[]).iter().all(|f| f.rule != Rule::Size));
    // 1,096 bytes of literals, 6 separators and a 30-digit number: 1,132 bytes can
    // never fit a sort key, whatever the values.
    let s = design(
        json!([{ "literal": "X".repeat(200) }, { "literal": "Y".repeat(200) }, { "literal": "Z".repeat(200) }, { "literal": "W".repeat(200) }, { "literal": "V".repeat(200) }, { "literal": "U".repeat(96) }, { "field": "n" }]),
        json!({ "n": { "kind": "uint", "width": 30 } }),
    );
    let found = lint(&s, &[]);
    let f = found.iter().find(|f| f.rule == Rule::Size).expect("an L2 finding");
    assert_eq!(f.rule.id(), "L2");
    assert!(
        f.sentence
            .contains("at least 1132 bytes, over DynamoDB's 1024-byte limit for a sort key"),
        "{}",
        f.sentence
    );
}

#[test]
fn a_text_field_leaves_the_key_unbounded_and_the_fix_says_how_many_characters_fit() {
    let s = design(
        json!([{ "literal": "USER" }, { "field": "email" }]),
        json!({ "email": { "kind": "text" } }),
    );
    let rows = values(json!([{ "email": "ada@example.com" }]));
    let found = lint(&s, &items(&s, &rows));
    let f = found.iter().find(|f| f.rule == Rule::Size).expect("an L2 finding");
    assert!(
        f.sentence.contains("text field(s) email may hold any length"),
        "{}",
        f.sentence
    );
    assert!(f.sentence.contains("takes 5 of the 1024 bytes"), "{}", f.sentence);
    // (1,024 − 5) / 4 = 254 characters.
    assert!(
        f.fix
            .starts_with("Keep email to at most 254 character(s) each (1019 bytes left"),
        "{}",
        f.fix
    );
    assert_eq!(
        f.evidence,
        ["the longest sample values take 19 bytes before separators and padding"]
    );
}

/// A key of fixed-width fields written by the codec: its length in bytes and the
/// size rule's figure for its template; `None` when the codec refuses the values.
fn written_and_fixed(literal: &str, width: u32, scale: u32, value: u64, desc: bool) -> Option<(usize, usize)> {
    let order = if desc { "desc" } else { "asc" };
    let s = design(
        json!([{ "literal": literal }, { "field": "n" }, { "field": "d" }, { "field": "t" }, { "field": "id" }]),
        json!({
            "n": { "kind": "uint", "width": width, "order": order },
            "d": { "kind": "decimal", "width": width, "scale": scale, "signed": true },
            "t": { "kind": "timestamp", "unit": "iso", "order": order },
            "id": { "kind": "ksuid" },
        }),
    );
    let (fixed, texts) = fixed_bytes(&s, &s.entities[0], &s.entities[0].keys[1])?;
    assert!(texts.is_empty());
    let n = value % 10u64.pow(width.min(6));
    let values: crate::Values = serde_json::from_value(json!({
        "n": n.to_string(), "d": format!("-{n}"), "t": "2024-06-23T00:00:00.000Z",
        "id": "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
    }))
    .unwrap();
    let item = crate::codec::encode(&s, "E", &values).ok()?;
    let (_, key) = item.keys.iter().find(|(a, _)| a == "SK")?;
    Some((key.as_str().len(), fixed))
}

#[test]
fn the_size_property_compares_real_keys() {
    // "ORDÉ" (5 bytes), 4 separators, 10 digits, a signed decimal (1 + 10 + 1 + 2),
    // an ISO time (24) and a KSUID (27): 84 bytes, written and figured.
    assert_eq!(written_and_fixed("ORDÉ", 10, 2, 1500, true), Some((84, 84)));
}

proptest::proptest! {
    /// The size rule's figure is exact for keys without text: every key the codec
    /// writes from fixed-width fields is that many bytes.
    #[test]
    fn the_fixed_size_is_the_size_of_every_key_written(
        literal in "[A-Zé]{1,12}",
        width in 1u32..=20,
        scale in 0u32..=4,
        value in 0u64..1_000_000,
        desc in proptest::bool::ANY,
    ) {
        if let Some((written, fixed)) = written_and_fixed(&literal, width, scale, value, desc) {
            proptest::prop_assert_eq!(written, fixed);
        }
    }
}

#[test]
fn a_prefix_that_stops_inside_a_segment_shows_the_keys_it_did_not_mean() {
    let s = design(
        json!([{ "literal": "ORDER" }, { "field": "n" }, { "field": "line" }]),
        json!({ "n": { "kind": "text" }, "line": { "kind": "uint", "width": 2 } }),
    );
    let rows = values(json!([
        { "n": "1", "line": "1" }, { "n": "10", "line": "1" }, { "n": "1999", "line": "2" }, { "n": "2", "line": "1" },
    ]));
    let f = order_surprise(&s, &items(&s, &rows), "SK", "ORDER#1").expect("an L6 finding");
    assert_eq!(f.rule.id(), "L6");
    assert_eq!(
        f.sentence,
        "begins_with(SK, \"ORDER#1\") ends inside a segment, so it also returns 2 key(s) whose segment only starts with \"1\"."
    );
    assert_eq!(
        f.evidence,
        [
            "matches \"ORDER#10#01\"",
            "matches \"ORDER#1999#02\"",
            "and the likely intended \"ORDER#1#01\""
        ]
    );
    assert!(f.fix.contains("begins_with(SK, \"ORDER#1#\")"), "{}", f.fix);
    // A prefix that ends at a segment, or that no sample outruns, is fine.
    assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", "ORDER#1#"), None);
    assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", "ORDER#2"), None);
    assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", ""), None);
}

#[test]
fn two_items_with_one_table_key_are_shown_with_what_tells_them_apart() {
    // A leaderboard without the player in its key: two runs with the same score and
    // time are one item in DynamoDB.
    let s = design(
        json!([{ "field": "score" }, { "field": "at" }]),
        json!({ "score": { "kind": "uint", "width": 6 }, "at": { "kind": "uint", "width": 10 }, "player": { "kind": "text" } }),
    );
    let rows = values(json!([
        { "score": "10", "at": "1700000000", "player": "ada" },
        { "score": "10", "at": "1700000000", "player": "bob" },
        { "score": "11", "at": "1700000000", "player": "cy" },
    ]));
    let found = lint(&s, &items(&s, &rows));
    let f = found.iter().find(|f| f.rule == Rule::Collision).expect("an L1 finding");
    assert_eq!(f.rule.id(), "L1");
    assert_eq!(
        f.sentence,
        "Two E items that differ in player write the same table key, so the later replaces the earlier."
    );
    assert_eq!(f.evidence[0], "PK = \"P\", SK = \"000010#1700000000\"");
    assert!(
        f.evidence[1].starts_with("item #1 (E): ") && f.evidence[2].starts_with("item #2 (E): "),
        "{:?}",
        f.evidence
    );
    assert_eq!(
        f.fix,
        "Add player (or another value unique to each item) to the sort key."
    );
    // The same item twice is not a collision.
    let twice =
        values(json!([{ "score": "10", "at": "1", "player": "a" }, { "score": "10", "at": "1", "player": "a" }]));
    assert!(lint(&s, &items(&s, &twice)).iter().all(|f| f.rule != Rule::Collision));
}

#[test]
fn two_entities_with_keys_of_one_shape_are_stated_as_a_condition() {
    let s = schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S" }, "primary": { "partition": "PK", "sort": "SK" } },
        "entities": [
            { "name": "Order", "fields": { "c": { "kind": "text" }, "id": { "kind": "ulid" } },
              "keys": { "PK": [{ "literal": "C" }, { "field": "c" }], "SK": [{ "literal": "X" }, { "field": "id" }] } },
            { "name": "Refund", "fields": { "c": { "kind": "text" }, "rid": { "kind": "ulid" } },
              "keys": { "PK": [{ "literal": "C" }, { "field": "c" }], "SK": [{ "literal": "X" }, { "field": "rid" }] } },
            { "name": "Note", "fields": { "c": { "kind": "text" }, "n": { "kind": "uint", "width": 4 } },
              "keys": { "PK": [{ "literal": "C" }, { "field": "c" }], "SK": [{ "literal": "X" }, { "field": "n" }] } },
        ],
    }));
    let found: Vec<Finding> = lint(&s, &[])
        .into_iter()
        .filter(|f| f.rule == Rule::Collision)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0]
        .sentence
        .starts_with("Order and Refund write primary keys of the same shape"));
    assert_eq!(found[0].evidence, ["PK: C|<c> / C|<c>", "SK: X|<id> / X|<rid>"]);
    assert_eq!(
        found[0].fix,
        "Give each entity its own literal in the sort key (ORDER#…, REFUND#…)."
    );
}

#[test]
fn casing_that_merges_two_sample_ids_is_proven_with_them() {
    let s = design(
        json!([{ "field": "id" }]),
        json!({ "id": { "kind": "text", "case": "upper" } }),
    );
    let rows = values(json!([{ "id": "aZ3kQ9pLmN" }, { "id": "Az3kQ9pLmN" }, { "id": "other" }]));
    let found = lint(&s, &items(&s, &rows));
    let f = found.iter().find(|f| f.rule == Rule::Casing).expect("an L3 finding");
    assert_eq!(f.rule.id(), "L3");
    assert!(
        f.sentence
            .contains("merges the distinct values \"aZ3kQ9pLmN\" and \"Az3kQ9pLmN\""),
        "{}",
        f.sentence
    );
    assert_eq!(
        f.evidence,
        ["\"aZ3kQ9pLmN\" and \"Az3kQ9pLmN\" both become \"AZ3KQ9PLMN\""]
    );
    assert_eq!(f.fix, "Set id's case to preserve.");
}

#[test]
fn casing_is_flagged_for_id_like_samples_and_left_alone_for_words() {
    let s = design(
        json!([{ "field": "id" }]),
        json!({ "id": { "kind": "text", "case": "lower" } }),
    );
    let ids = values(json!([{ "id": "01HZX3kQ9pLmNa" }]));
    let found = lint(&s, &items(&s, &ids));
    assert!(found
        .iter()
        .any(|f| f.rule == Rule::Casing && f.sentence.contains("mix case like identifiers")));
    let words = values(json!([{ "id": "Dean" }, { "id": "DeBrie" }, { "id": "alpha-beta" }]));
    assert!(lint(&s, &items(&s, &words)).iter().all(|f| f.rule != Rule::Casing));
    // A field that keeps its case is never flagged.
    let kept = design(json!([{ "field": "id" }]), json!({ "id": { "kind": "text" } }));
    assert!(lint(&kept, &items(&kept, &ids)).iter().all(|f| f.rule != Rule::Casing));
}
