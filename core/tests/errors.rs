//! Every error the codec promises is a typed value that names the entity, field, value,
//! rule and fix; warnings likewise.

mod common;
use common::*;
use keylab::codec::encode_field;
use keylab::schema::{Field, FieldKind, Order};
use keylab::{decode, encode, ErrorKind, Schema};
use serde_json::json;

fn first_error(schema: &Schema, v: serde_json::Value) -> keylab::Error {
    encode(schema, "E", &values(v)).expect_err("must fail").0.remove(0)
}

#[test]
fn value_errors_name_where_what_and_fix() {
    let s = single(
        json!({"n": {"kind": "uint", "width": 4}, "t": {"kind": "text"}, "at": {"kind": "timestamp", "unit": "s", "width": 10},
               "u": {"kind": "ulid"}, "k": {"kind": "ksuid"}}),
        json!([{"field": "n"}, {"field": "t"}, {"field": "at"}, {"field": "u"}, {"field": "k"}]),
    );
    let ok = json!({"n": 1, "t": "x", "at": 1, "u": "01ARZ3NDEKTSV4RRFFQ69G5FAV", "k": "0ujtsYcgvSTl8PAuAdqWYSMnLOv"});
    assert!(encode(&s, "E", &values(ok.clone())).is_ok());
    let cases: Vec<(&str, serde_json::Value, &str)> = vec![
        ("n", json!(-1), "negative"),
        ("n", json!(10000), "overflow"),
        ("n", json!("12a"), "notANumber"),
        ("t", json!("a#b"), "separatorInValue"),
        ("t", json!(""), "emptyValue"),
        ("at", json!("May 26, 1988"), "badTimestamp"),
        ("u", json!("01ARZ3NDEKTSV4RRFFQ69G5FA"), "badId"),
        ("k", json!("nope"), "badId"),
    ];
    for (field, bad, rule) in cases {
        let mut v = ok.clone();
        v[field] = bad.clone();
        let e = first_error(&s, v);
        assert_eq!(e.kind.code(), rule, "{field}={bad}");
        assert_eq!(e.context.entity.as_deref(), Some("E"));
        assert_eq!(e.context.field.as_deref(), Some(field));
        assert_eq!(e.context.attribute.as_deref(), Some("SK"));
        assert!(e.message().contains("Fix: "), "{}", e.message());
    }
    let mut v = ok.clone();
    v.as_object_mut().unwrap().remove("t");
    assert_eq!(first_error(&s, v).kind, ErrorKind::MissingValue);
}

#[test]
fn every_broken_field_is_reported_at_once() {
    let s = single(
        json!({"a": {"kind": "uint", "width": 2}, "b": {"kind": "uint", "width": 2}}),
        json!([{"field": "a"}, {"field": "b"}]),
    );
    let errs = encode(&s, "E", &values(json!({"a": 100, "b": -1}))).unwrap_err();
    assert_eq!(
        errs.0.iter().map(|e| e.kind.code()).collect::<Vec<_>>(),
        ["overflow", "negative"]
    );
}

#[test]
fn key_length_limits_by_role() {
    let s = single(json!({"t": {"kind": "text"}}), json!([{"field": "t"}]));
    assert!(encode(&s, "E", &values(json!({"t": "x".repeat(1024)}))).is_ok());
    let e = first_error(&s, json!({"t": "x".repeat(1025)}));
    assert_eq!(
        e.kind,
        ErrorKind::KeyTooLong {
            bytes: 1025,
            limit: 1024,
            role: "sort"
        }
    );
    // Multi-byte characters count in UTF-8 bytes, not characters.
    let e = first_error(&s, json!({"t": "é".repeat(513)}));
    assert!(matches!(e.kind, ErrorKind::KeyTooLong { bytes: 1026, .. }));

    let pk = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
        "entities": [{"name": "E", "fields": {"t": {"kind": "text"}}, "keys": {"PK": [{"field": "t"}]}}]
    }))
    .unwrap();
    assert!(encode(&pk, "E", &values(json!({"t": "x".repeat(2048)}))).is_ok());
    assert!(matches!(
        first_error(&pk, json!({"t": "x".repeat(2049)})).kind,
        ErrorKind::KeyTooLong {
            limit: 2048,
            role: "partition",
            ..
        }
    ));
}

#[test]
fn warnings_below_separator_casing_and_capacity() {
    let s = single(
        json!({"t": {"kind": "text", "case": "lower"}, "n": {"kind": "uint", "width": 3, "warnAt": 90}}),
        json!([{"field": "t"}, {"field": "n"}]),
    );
    // Lower-casing "Hello" is the rule's purpose; the Kelvin sign becoming `k` loses
    // its spelling.
    let item = encode(&s, "E", &values(json!({"t": "Hello \u{212A} world", "n": 950}))).unwrap();
    let codes: Vec<&str> = item.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["caseChanged", "belowSeparator", "nearCapacity"]);
    let words = encode(&s, "E", &values(json!({"t": "Hello world", "n": 5}))).unwrap();
    let codes: Vec<&str> = words.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["belowSeparator"]);
    assert!(
        item.warnings[2]
            .message()
            .contains("95.1% of the width's capacity (warning at 90%)"),
        "{}",
        item.warnings[2].message()
    );
    let quiet = encode(&s, "E", &values(json!({"t": "hello", "n": 10}))).unwrap();
    assert!(quiet.warnings.is_empty());
}

#[test]
fn number_attributes_store_the_plain_number() {
    let s = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "N"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "E", "fields": {"p": {"kind": "decimal", "width": 6, "scale": 2}},
                      "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "p"}]}}]
    }))
    .unwrap();
    let item = encode(&s, "E", &values(json!({"p": "-12.50"}))).unwrap();
    assert_eq!(item.get("SK"), Some(&keylab::KeyValue::N("-12.5".parse().unwrap())));
    assert_eq!(serde_json::to_value(&item.keys[1].1).unwrap(), json!(-12.5));
    assert_eq!(decode(&s, "E", "SK", "-12.5").unwrap()["p"], json!("-12.50"));
    assert_eq!(first_error(&s, json!({"p": "1234567"})).kind.code(), "overflow");
}

#[test]
fn decode_explains_a_key_that_does_not_fit() {
    let s = leaderboard();
    let e = decode(&s, "Run", "SK", "9999998499#171910080#p_8842").unwrap_err();
    match &e.kind {
        ErrorKind::KeyMismatch { offset, expected, .. } => {
            assert_eq!(*offset, 11);
            assert!(
                expected.contains("16 digits") && expected.contains("field at"),
                "{expected}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(e.message().contains("at byte 11"), "{}", e.message());
    assert!(
        decode(&s, "Run", "PK", "SEASON#").is_err(),
        "an empty text segment is not a key encode writes"
    );
    assert!(
        decode(&s, "Run", "PK", "SEASON#X#Y").is_err(),
        "text cannot hold the separator"
    );
    assert!(decode(&s, "Nope", "PK", "SEASON#X").is_err());
}

#[test]
fn schema_problems_point_at_their_path() {
    let mut doc = leaderboard_json();
    doc["version"] = json!(99);
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert_eq!(e.kind, ErrorKind::UnknownVersion { version: "99".into() });
    assert_eq!(e.context.path.as_deref(), Some("$.version"));

    let mut doc = leaderboard_json();
    doc["entities"][0]["fields"]["score"]["kind"] = json!("unit");
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert_eq!(e.kind, ErrorKind::UnknownKind { kind: "unit".into() });
    assert_eq!(e.context.path.as_deref(), Some("$.entities[0].fields.score.kind"));
    assert!(e
        .message()
        .contains("text, uint, int, decimal, timestamp, ulid and ksuid"));

    let mut doc = leaderboard_json();
    doc["entities"][0]["keys"]["SK"][2] = json!({"field": "playr"});
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert_eq!(e.kind, ErrorKind::UndefinedField);
    assert_eq!(
        (e.context.field.as_deref(), e.context.attribute.as_deref()),
        (Some("playr"), Some("SK"))
    );

    let mut doc = leaderboard_json();
    doc["entities"][0]["fields"]["score"]["widht"] = json!(10);
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert!(
        e.message()
            .contains("\"widht\" is not a known field; did you mean \"width\"?"),
        "{}",
        e.message()
    );
    // Every object of the document refuses a field it does not have, and says where a
    // misplaced one belongs.
    for (at, field, says) in [
        (
            "",
            "bogus",
            "$: \"bogus\" is not a known field (its fields are version, separator, table, entities)",
        ),
        (
            "/table",
            "fields",
            "$.table: \"fields\" is not a known field; \"fields\" belongs in an entity",
        ),
        (
            "/table/primary",
            "sortt",
            "$.table.primary: \"sortt\" is not a known field; did you mean \"sort\"?",
        ),
        (
            "/entities/0",
            "sort",
            "$.entities[0]: \"sort\" is not a known field; \"sort\" belongs in table.primary or in an index",
        ),
        (
            "/entities/0/keys/SK/0",
            "x",
            "$.entities[0].keys.SK[0]: \"x\" is not a known field",
        ),
    ] {
        let mut doc = leaderboard_json();
        doc.pointer_mut(at).unwrap()[field] = json!(1);
        let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
        assert!(e.message().starts_with(says), "{}", e.message());
    }

    let mut doc = leaderboard_json();
    doc["entities"][0]["fields"]["score"]["width"] = json!(39);
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert!(e.message().contains("width 39 is outside 1 to 38"), "{}", e.message());

    let mut doc = leaderboard_json();
    doc["table"]["attributes"]["SK"] = json!("N");
    let e = Schema::from_value(&doc).unwrap_err().0.remove(0);
    assert!(e.message().contains("Number (N) attribute"), "{}", e.message());

    let e = Schema::from_json("{\"version\": 1,").unwrap_err().0.remove(0);
    assert!(e.message().contains("not valid JSON"), "{}", e.message());
    let e = Schema::from_json("[]").unwrap_err().0.remove(0);
    assert!(e.message().contains("must be an object"), "{}", e.message());
}

#[test]
fn schema_round_trips_through_json() {
    let s = leaderboard();
    let again = Schema::from_value(&s.to_value()).unwrap();
    assert_eq!(s, again);
    assert_eq!(
        s.to_value(),
        leaderboard_json(),
        "the documented example is already canonical"
    );
    let field_order: Vec<&str> = s.entities[0].fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        field_order,
        ["season", "score", "at", "player"],
        "document order is kept"
    );
}

#[test]
fn a_table_name_is_held_to_dynamodbs_rule() {
    use keylab::schema::check_table_name;
    for good in ["Shop", "abc", "my_table-2.v1", &"t".repeat(255)] {
        assert_eq!(check_table_name(good), Ok(()), "{good}");
    }
    for (bad, says) in [
        ("", "needs a name"),
        ("ab", "too short"),
        (&"t".repeat(256) as &str, "256 characters is too long"),
        ("my table", "' ' cannot be"),
        ("shop#1", "'#' cannot be"),
    ] {
        let problem = check_table_name(bad).unwrap_err().to_string();
        assert!(problem.contains(says), "{bad}: {problem}");
    }
}

#[test]
fn names_and_literals_over_255_characters_are_refused_with_their_path() {
    let long = "N".repeat(256);
    let schema = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
        "entities": [{"name": long, "fields": {(long.to_lowercase()): {"kind": "text"}},
                      "keys": {"PK": [{"literal": long}, {"field": long.to_lowercase()}]}}]
    }));
    let errors = match schema {
        Ok(s) => s.check().0,
        Err(e) => e.0,
    };
    let messages: Vec<String> = errors.iter().map(|e| e.message()).collect();
    for what in ["the entity name", "a field name", "a literal"] {
        assert!(
            messages
                .iter()
                .any(|m| m.contains(&format!("{what} is 256 characters long, over the limit of 255"))),
            "{what}: {messages:?}"
        );
    }
    assert!(
        messages.iter().any(|m| m.contains("$.entities[0].keys.PK")),
        "{messages:?}"
    );
}

#[test]
fn the_page_sentence_leaves_the_json_path_to_the_schema_editor() {
    let e = keylab::Error::new(
        keylab::error::Context::path("$.entities[0].fields.score").with_field("score"),
        ErrorKind::InvalidSchema {
            reason: "width 0 is outside 1 to 38".into(),
            fix: "pick a width from 1 to 38".into(),
        },
    );
    assert!(
        e.message().starts_with("$.entities[0].fields.score score: "),
        "{}",
        e.message()
    );
    assert_eq!(
        e.sentence(),
        "score: width 0 is outside 1 to 38. Fix: pick a width from 1 to 38."
    );
}

#[test]
fn a_request_refuses_a_misplaced_or_misspelt_field_instead_of_ignoring_it() {
    use keylab::query::builder::AccessPattern;
    let read = |v: serde_json::Value| AccessPattern::from_value(&v);
    let ok =
        read(json!({"entity": "Run", "partition": {"season": "S"}, "sort": {"equal": {}}, "children": true})).unwrap();
    assert!(ok.children);
    for (request, says) in [
        (
            json!({"entity": "Run", "sort": {"equal": {}, "children": true}}),
            "\"children\" is not a field of sort; \"children\" belongs beside sort, at the top of the request",
        ),
        (
            json!({"entity": "Run", "ScanIndexForward": false}),
            "\"ScanIndexForward\" is not a field of the request; did you mean \"scanIndexForward\"?",
        ),
        (
            json!({"entity": "Run", "equal": {"score": 1}}),
            "\"equal\" is not a field of the request; \"equal\" belongs in sort",
        ),
        (
            json!({"entity": "Run", "sort": {"range": {"field": "score", "op": "ge", "value": 1, "limit": 3}}}),
            "\"limit\" is not a field of sort.range; \"limit\" belongs beside sort",
        ),
    ] {
        let why = read(request).unwrap_err().to_string();
        assert!(why.starts_with(says), "{why}");
    }
}

/// `1e400` in a width-10 field names that width, and offers no width to raise to.
#[test]
fn a_value_past_every_width_names_the_fields_width_and_a_fix_that_can_apply() {
    let score = |kind| Field {
        name: "score".into(),
        kind,
        warn_at: None,
        mutable: None,
    };
    let asc = Order::Asc;
    for kind in [
        FieldKind::Uint { width: 10, order: asc },
        FieldKind::Int { width: 10, order: asc },
        FieldKind::Decimal {
            width: 10,
            scale: 2,
            signed: true,
            order: asc,
        },
    ] {
        let e = encode_field(&score(kind), &serde_json::json!("1e400"), "#").unwrap_err();
        let ErrorKind::Overflow { width, .. } = e else {
            panic!("{e:?}")
        };
        assert_eq!(width, 10);
        assert!(
            e.problem().contains("the width is 10, and no width can hold it"),
            "{}",
            e.problem()
        );
        assert!(e.fix().contains("cannot be stored in any width"), "{}", e.fix());
        assert!(!e.fix().contains("raise the width"), "{}", e.fix());
    }
    // Within reach of a width, the fix is still to raise it.
    let e = encode_field(
        &score(FieldKind::Uint { width: 3, order: asc }),
        &serde_json::json!("1500"),
        "#",
    )
    .unwrap_err();
    assert!(e.fix().starts_with("raise the width to at least 4"), "{}", e.fix());
}
