//! L4's question (a field whose name says it changes) and L7 (items whose keys cannot
//! be written), natively.

use super::*;
use serde_json::json;

fn design(sk: serde_json::Value, fields: serde_json::Value) -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": { "name": "T", "attributes": { "PK": "S", "SK": "S" }, "primary": { "partition": "PK", "sort": "SK" } },
        "entities": [{ "name": "E", "fields": fields, "keys": { "PK": [{ "literal": "P" }], "SK": sk } }],
    }))
    .expect("a valid schema")
}

fn items<'a>(schema: &'a Schema, values: &'a [crate::Values]) -> Vec<Sample<'a>> {
    values.iter().map(|v| (&schema.entities[0], v)).collect()
}

fn values(rows: serde_json::Value) -> Vec<crate::Values> {
    serde_json::from_value(rows).unwrap()
}

#[test]
fn an_item_whose_key_cannot_be_written_is_an_error_naming_the_item_value_field_and_fix() {
    let s = design(
        json!([{ "literal": "S" }, { "field": "score" }]),
        json!({ "score": { "kind": "uint", "width": 3, "order": "desc" } }),
    );
    let rows = values(json!([{ "score": "10" }, { "score": "1500" }, { "score": "2000" }, { "score": "999" }]));
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::Unwritable)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(
        (f.severity, f.attribute.as_deref(), f.field.as_deref()),
        (Severity::Error, Some("SK"), Some("score"))
    );
    assert!(
        f.sentence.starts_with("2 E item(s) cannot be written"),
        "{}",
        f.sentence
    );
    assert_eq!(f.evidence.len(), 2);
    assert!(
        f.evidence[0].starts_with("item #2: score \"1500\" has 4 digits but the width is 3"),
        "{:?}",
        f.evidence
    );
    assert!(f.evidence[1].starts_with("item #3: score \"2000\""), "{:?}", f.evidence);
    assert!(f.fix.starts_with("raise the width to at least 4"), "{}", f.fix);
    // Every item written: nothing to say.
    let fine = values(json!([{ "score": "10" }, { "score": "999" }]));
    assert!(lint(&s, &items(&s, &fine)).iter().all(|f| f.rule != Rule::Unwritable));
}

#[test]
fn every_overflow_of_a_field_is_one_finding_whose_fix_fits_the_longest_value() {
    let s = design(
        json!([{ "literal": "S" }, { "field": "score" }]),
        json!({ "score": { "kind": "uint", "width": 3 } }),
    );
    // 4, 6 and 5 digits: three digit counts, one problem. A value no width can hold
    // (39 digits) asks for something else, so it stays a finding of its own.
    let rows = values(json!([
        { "score": "1500" }, { "score": "250000" }, { "score": "12" }, { "score": "99999" },
        { "score": "1".repeat(39) },
    ]));
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::Unwritable)
        .collect();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(
        found[0].sentence.starts_with("3 E item(s) cannot be written"),
        "{}",
        found[0].sentence
    );
    assert!(
        found[0].fix.starts_with("raise the width to at least 6 "),
        "{}",
        found[0].fix
    );
    assert!(found[1].sentence.starts_with("1 E item(s)"), "{}", found[1].sentence);
    assert!(
        found[1].fix.contains("cannot be stored in any width"),
        "{}",
        found[1].fix
    );
}

#[test]
fn many_unwritable_items_are_one_finding_that_names_three_and_counts_the_rest() {
    let s = design(json!([{ "field": "name" }]), json!({ "name": { "kind": "text" } }));
    let long = "x".repeat(100_000);
    let rows: Vec<crate::Values> = (0..50)
        .map(|i| values(json!([{ "name": format!("a#{i}{long}") }])).remove(0))
        .collect();
    let found: Vec<Finding> = lint(&s, &items(&s, &rows))
        .into_iter()
        .filter(|f| f.rule == Rule::Unwritable)
        .collect();
    assert_eq!(found.len(), 1, "one problem, one finding");
    assert_eq!(found[0].evidence.len(), 4);
    assert_eq!(found[0].evidence[3], "and 47 more item(s)");
    // A 100,000-character value is quoted cut, and says how much was cut.
    assert!(found[0].evidence[0].contains("(+"), "{}", found[0].evidence[0]);
    assert!(found[0].evidence[0].len() < 600, "{}", found[0].evidence[0].len());
}

#[test]
fn a_field_whose_name_says_it_changes_is_asked_about_until_the_person_says() {
    for name in [
        "updatedAt",
        "updated_at",
        "Modified-At",
        "LAST_LOGIN",
        "lastLogin",
        "status",
        "orderStatus",
        "version",
        "v2Revision",
    ] {
        assert!(mutable::likely_changes(name), "{name}");
    }
    for name in [
        "createdAt",
        "id",
        "player",
        "score",
        "statistic",
        "versatile",
        "lastname",
    ] {
        assert!(!mutable::likely_changes(name), "{name}");
    }
    let sk = json!([{ "literal": "T" }, { "field": "updatedAt" }]);
    let fields = |mutable: Option<bool>| {
        let mut f = json!({ "kind": "timestamp", "unit": "iso" });
        if let Some(m) = mutable {
            f["mutable"] = json!(m);
        }
        json!({ "updatedAt": f })
    };
    let rows = values(json!([{ "updatedAt": "2026-01-01T00:00:00Z" }]));
    let l4 = |s: &Schema| -> Vec<Finding> {
        lint(s, &items(s, &rows))
            .into_iter()
            .filter(|f| f.rule == Rule::MutableKey)
            .collect()
    };
    let asked = l4(&design(sk.clone(), fields(None)));
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].severity, Severity::Warning);
    assert!(asked[0].sentence.contains("likely changes"), "{}", asked[0].sentence);
    let said = l4(&design(sk.clone(), fields(Some(true))));
    assert_eq!(said[0].severity, Severity::Error);
    assert!(
        l4(&design(sk, fields(Some(false)))).is_empty(),
        "it never changes: nothing to say"
    );
}

/// L8: an index keyed as the table was (the item's id in its partition) orders nothing;
/// grouped by a field items share, it is fine; and no preset has one.
#[test]
fn an_index_with_the_items_id_in_its_partition_is_said_to_order_nothing() {
    let schema = |gsi_pk: serde_json::Value| {
        Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": { "name": "T", "attributes": { "PK": "S", "GSI1PK": "S", "GSI1SK": "S" },
                "primary": { "partition": "PK" },
                "indexes": [{ "name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK" }] },
            "entities": [{ "name": "Ticket",
                "fields": { "ticket": { "kind": "text" }, "project": { "kind": "text" }, "at": { "kind": "timestamp", "unit": "iso" } },
                "keys": { "PK": [{ "literal": "TICKET" }, { "field": "ticket" }], "GSI1PK": gsi_pk, "GSI1SK": [{ "field": "at" }] } }],
        }))
        .unwrap()
    };
    let by_ticket = schema(json!([{ "literal": "TICKET" }, { "field": "ticket" }]));
    let found: Vec<Finding> = (lint(&by_ticket, &[]).into_iter())
        .filter(|f| f.rule == Rule::OneItemPerPartition)
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0]
            .sentence
            .contains("Index GSI1's partition key GSI1PK (TICKET#<ticket>) holds ticket"),
        "{}",
        found[0].sentence
    );
    let by_project = schema(json!([{ "literal": "PROJECT" }, { "field": "project" }]));
    assert!(lint(&by_project, &[])
        .iter()
        .all(|f| f.rule != Rule::OneItemPerPartition));
    for file in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../presets")).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        let s = Schema::from_value(&doc["schema"]).unwrap();
        assert!(
            lint(&s, &[]).iter().all(|f| f.rule != Rule::OneItemPerPartition),
            "{}",
            s.table.name
        );
    }
}
