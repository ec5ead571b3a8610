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
            .starts_with("Give email a maximum length of at most 254 character(s) each (1019 bytes left"),
        "{}",
        f.fix
    );
    assert_eq!(
        f.evidence,
        ["the longest sample key, \"USER#ada@example.com\", is 20 bytes"]
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

proptest::proptest! {
    /// A bounded text's figure is a true worst case: no value the codec accepts writes
    /// a longer key, and a value of 4-byte characters at the bound reaches it.
    #[test]
    fn a_bounded_texts_figure_is_never_exceeded_and_is_reached(
        max in 1u32..=40,
        text in "[a-zé€😀]{1,40}",
    ) {
        let s = design(
            json!([{ "literal": "U" }, { "field": "t" }]),
            json!({ "t": { "kind": "text", "maxLength": max } }),
        );
        let worst = key_size(&s, &s.entities[0], "SK").unwrap().worst;
        let sk = |t: &str| {
            let item = crate::encode(&s, "E", &serde_json::from_value(json!({ "t": t })).unwrap()).ok()?;
            item.keys.iter().find(|(a, _)| a == "SK").map(|(_, k)| k.as_str().len())
        };
        match sk(&text) {
            Some(written) => proptest::prop_assert!(written <= worst),
            None => proptest::prop_assert!(text.chars().count() > max as usize),
        }
        proptest::prop_assert_eq!(sk(&"😀".repeat(max as usize)), Some(worst));
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
    assert_eq!(found[0].evidence[..2], ["PK: C|<c> / C|<c>", "SK: X|<id> / X|<rid>"]);
    // Proven with a generated pair: an Order, and the Refund read back from its keys.
    let example = &found[0].evidence[2];
    assert!(example.starts_with("for example Order {"), "{example}");
    assert!(example.contains(" and Refund {"), "{example}");
    assert!(example.contains("both write PK = \"C#"), "{example}");
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

#[test]
fn a_maximum_length_bounds_the_key_and_one_too_large_is_an_error() {
    // USER#<email> with email at most 254 characters: 5 + 254 × 4 = 1,021 bytes fits.
    let fits = design(
        json!([{ "literal": "USER" }, { "field": "email" }]),
        json!({ "email": { "kind": "text", "maxLength": 254 } }),
    );
    assert!(lint(&fits, &[]).iter().all(|f| f.rule != Rule::Size));
    let size = key_size(&fits, &fits.entities[0], "SK").unwrap();
    assert_eq!((size.worst, size.limit, size.unbounded.len()), (1021, 1024, 0));
    // 255 characters: 1,025 bytes, one over.
    let over = design(
        json!([{ "literal": "USER" }, { "field": "email" }]),
        json!({ "email": { "kind": "text", "maxLength": 255 } }),
    );
    let found = lint(&over, &[]);
    let f = found.iter().find(|f| f.rule == Rule::Size).expect("an L2 finding");
    assert_eq!(f.severity, Severity::Error);
    assert!(f.sentence.contains("can reach 1025 bytes"), "{}", f.sentence);
    assert!(f.fix.contains("maximum length of email"), "{}", f.fix);
    assert!(f.fix.contains("1 fewer bytes"), "{}", f.fix);
}

fn ticket(status: Value) -> Schema {
    schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S", "GSI1PK": "S" },
                   "primary": { "partition": "PK", "sort": "SK" },
                   "indexes": [{ "name": "ByStatus", "partition": "GSI1PK" }] },
        "entities": [{ "name": "Ticket",
            "fields": { "project": { "kind": "text" }, "status": status, "id": { "kind": "uint", "width": 6 } },
            "keys": { "PK": [{ "literal": "PROJECT" }, { "field": "project" }],
                      "SK": [{ "literal": "STATUS" }, { "field": "status" }, { "field": "id" }],
                      "GSI1PK": [{ "field": "status" }] } }],
    }))
}

#[test]
fn a_mutable_field_in_the_tables_key_is_an_error_and_in_an_index_key_is_not() {
    let s = ticket(json!({ "kind": "text", "mutable": true }));
    let rows = values(json!([
        { "project": "api", "status": "OPEN", "id": 1 },
        { "project": "api", "status": "CLOSED", "id": 2 },
    ]));
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::MutableKey)
        .collect();
    // Once, for SK; GSI1PK is an index key, which may change.
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!((f.rule.id(), f.severity), ("L4", Severity::Error));
    assert_eq!(f.attribute.as_deref(), Some("SK"));
    assert!(
        f.sentence
            .starts_with("Ticket.status changes after an item is created, but it is part of the table's key SK"),
        "{}",
        f.sentence
    );
    assert_eq!(
        f.evidence,
        ["when status changes from \"OPEN\" to \"CLOSED\", SK moves from \"STATUS#OPEN#000001\" to \"STATUS#CLOSED#000001\""]
    );
    assert!(f.fix.starts_with("Move status to a GSI's key"), "{}", f.fix);
    // Said never to change, nothing to say (unsaid, its name is asked about).
    let fixed = ticket(json!({ "kind": "text", "mutable": false }));
    assert!(lint(&fixed, &items(&fixed, &rows))
        .iter()
        .all(|f| f.rule != Rule::MutableKey));
}

fn feed(traffic: Value, pk: Value) -> Schema {
    schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S" }, "primary": { "partition": "PK", "sort": "SK" } },
        "entities": [{ "name": "Event", "traffic": traffic,
            "fields": { "tenant": { "kind": "text" }, "at": { "kind": "timestamp", "unit": "ms", "width": 13 } },
            "keys": { "PK": pk, "SK": [{ "field": "at" }] } }],
    }))
}

#[test]
fn writes_per_partition_value_are_estimated_from_the_samples_and_a_shard_count_suggested() {
    let s = feed(
        json!({ "writesPerSecond": 5000 }),
        json!([{ "literal": "TENANT" }, { "field": "tenant" }]),
    );
    let rows = values(json!([
        { "tenant": "a", "at": 1 }, { "tenant": "b", "at": 2 }, { "tenant": "a", "at": 3 },
    ]));
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::HotPartition)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(f.rule.id(), "L5");
    // Two tenants: 2,500 writes/s each; at 80% of 1,000 a shard, 4 shards.
    assert!(
        f.sentence
            .contains("2500 writes/s per value against 1000 a partition serves on the table's partition key PK"),
        "{}",
        f.sentence
    );
    assert!(
        f.evidence[0].starts_with("2 distinct PK value(s) in 3 sample item(s)"),
        "{:?}",
        f.evidence
    );
    assert!(
        f.fix
            .starts_with("Shard it 4 ways: end PK with a segment SHARD#<shard>, a uint of width 1"),
        "{}",
        f.fix
    );
    assert!(f.fix.contains("fans out to 4 queries"), "{}", f.fix);
    // A stated count replaces the samples': 50 tenants take 100 writes/s each.
    let spread = feed(
        json!({ "writesPerSecond": 5000, "partitionKeys": 50 }),
        json!([{ "literal": "TENANT" }, { "field": "tenant" }]),
    );
    assert!(lint(&spread, &items(&spread, &rows))
        .iter()
        .all(|f| f.rule != Rule::HotPartition));
}

#[test]
fn a_constant_partition_key_takes_all_reads_and_without_a_rate_nothing_is_said() {
    let s = feed(json!({ "readsPerSecond": 4000 }), json!([{ "literal": "EVENTS" }]));
    let found = lint(&s, &[]);
    let f = found
        .iter()
        .find(|f| f.rule == Rule::HotPartition)
        .expect("an L5 finding");
    assert!(
        f.sentence.contains("4000 reads/s per value against 3000"),
        "{}",
        f.sentence
    );
    assert!(f.evidence[0].contains("constant \"EVENTS\""), "{:?}", f.evidence);
    // 4,000 / 2,400 → 2 shards.
    assert!(f.fix.starts_with("Shard it 2 ways"), "{}", f.fix);
    let quiet = feed(json!({}), json!([{ "literal": "EVENTS" }]));
    assert!(lint(&quiet, &[]).iter().all(|f| f.rule != Rule::HotPartition));
}

#[test]
fn traffic_and_text_bounds_round_trip_and_bad_ones_are_refused_where_they_stand() {
    let s = feed(
        json!({ "writesPerSecond": 12.5, "readsPerSecond": 300, "partitionKeys": 7 }),
        json!([{ "field": "tenant" }]),
    );
    assert_eq!(Schema::from_value(&s.to_value()).unwrap(), s);
    let bad = |traffic: Value| {
        let doc = feed(json!({}), json!([{ "field": "tenant" }])).to_value();
        let mut doc = doc;
        doc["entities"][0]["traffic"] = traffic;
        Schema::from_value(&doc).unwrap_err().0[0].to_string()
    };
    assert!(bad(json!({ "writesPerSecond": -1 })).contains("must be a number above 0"));
    assert!(bad(json!({ "partitionKeys": 1.5 })).contains("must be a whole number above 0"));
    assert!(bad(json!({ "writes": 3 })).contains("writes"));
    let mut doc = fits_doc();
    doc["entities"][0]["fields"]["n"] = json!({ "kind": "uint", "width": 3, "maxLength": 4 });
    let e = Schema::from_value(&doc).unwrap_err().0[0].to_string();
    assert!(e.contains("bounds a text's length, but this field is uint"), "{e}");
    let mut doc = fits_doc();
    doc["entities"][0]["fields"]["email"]["maxLength"] = json!(0);
    let e = Schema::from_value(&doc).unwrap_err().0[0].to_string();
    assert!(
        e.contains("a maximum length of 0 characters is outside 1 to 2048"),
        "{e}"
    );
}

fn fits_doc() -> Value {
    design(
        json!([{ "literal": "USER" }, { "field": "email" }]),
        json!({ "email": { "kind": "text", "maxLength": 3 }, "n": { "kind": "uint", "width": 2 } }),
    )
    .to_value()
}

#[test]
fn the_codec_holds_text_to_its_maximum_length_both_ways() {
    let s = Schema::from_value(&fits_doc()).unwrap();
    let ok = crate::encode(&s, "E", &values(json!([{ "email": "abc" }]))[0]).unwrap();
    assert!(ok.keys.iter().any(|(a, k)| a == "SK" && k.as_str() == "USER#abc"));
    let err = crate::encode(&s, "E", &values(json!([{ "email": "abcd" }]))[0]).unwrap_err();
    assert_eq!(err.0[0].kind.code(), "textTooLong");
    assert!(
        err.0[0]
            .to_string()
            .contains("has 4 characters, and the field allows at most 3"),
        "{}",
        err.0[0]
    );
    // Characters, not bytes: three of them at 4 bytes each still fit.
    assert!(crate::encode(&s, "E", &values(json!([{ "email": "😀😀😀" }]))[0]).is_ok());
    let e = crate::decode(&s, "E", "SK", "USER#abcd").unwrap_err();
    assert!(e.to_string().contains("at most 3 characters"), "{e}");
}

#[test]
fn a_table_without_a_sort_key_collides_on_its_partition_key_alone() {
    let s = schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S" }, "primary": { "partition": "PK" } },
        "entities": [{ "name": "Ticket", "fields": { "id": { "kind": "text" }, "title": { "kind": "text" } },
            "keys": { "PK": [{ "literal": "TICKET" }, { "field": "id" }] } }],
    }));
    let rows = values(json!([{ "id": "A", "title": "x" }, { "id": "B", "title": "y" }, { "id": "A", "title": "z" }]));
    let samples = items(&s, &rows);
    assert_eq!(
        crate::preview::overwritten_by(&s, samples.len(), &crate::preview::ItemKeys::new(&s, &samples)),
        [Some(2), None, None]
    );
    let found = lint(&s, &samples);
    let f = found.iter().find(|f| f.rule == Rule::Collision).expect("an L1 finding");
    assert_eq!(f.evidence[0], "PK = \"TICKET#A\"");
    assert_eq!(
        f.fix,
        "Add title (or another value unique to each item) to the partition key, the table having no sort key."
    );
}

#[test]
fn a_multi_attribute_partition_key_counts_its_tuples_and_is_sharded_with_an_attribute() {
    let s = schema(json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S", "customer": "S", "status": "S" },
                   "primary": { "partition": "PK", "sort": "SK" },
                   "indexes": [{ "name": "ByStatus", "partition": ["customer", "status"] }] },
        "entities": [{ "name": "Order", "traffic": { "writesPerSecond": 3000 },
            "fields": { "customer": { "kind": "text", "maxLength": 8 }, "status": { "kind": "text", "maxLength": 8 }, "id": { "kind": "uint", "width": 4 } },
            "keys": { "PK": [{ "field": "id" }], "SK": [{ "literal": "O" }],
                      "customer": [{ "field": "customer" }], "status": [{ "field": "status" }] } }],
    }));
    let rows = values(json!([
        { "customer": "a", "status": "OPEN", "id": 1 }, { "customer": "a", "status": "SHUT", "id": 2 },
        { "customer": "a", "status": "OPEN", "id": 3 },
    ]));
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::HotPartition && f.attribute.as_deref() == Some("customer"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    // Two (customer, status) tuples: 1,500 writes/s each.
    assert!(found[0].sentence.contains("1500 writes/s per value against 1000 a partition serves on index ByStatus's partition key customer, status"), "{}", found[0].sentence);
    assert!(
        found[0].evidence[0].starts_with("2 distinct customer, status value(s) in 3 sample item(s)"),
        "{:?}",
        found[0].evidence
    );
    assert!(
        found[0]
            .fix
            .starts_with("Shard it 2 ways: add a Number attribute shard after customer, status in the partition key"),
        "{}",
        found[0].fix
    );
}
