//! Every worked example of `shared/docs/domain.md` §2-§4, with the exact strings.

mod common;
use common::*;
use keylab::codec::order::{compare_keys, sort_keys};
use keylab::{decode, encode, ErrorKind};
use serde_json::json;
use std::cmp::Ordering;

fn sk_of(schema: &keylab::Schema, v: serde_json::Value) -> String {
    encode(schema, "E", &values(v))
        .expect("encodes")
        .get("SK")
        .expect("has SK")
        .as_str()
        .to_string()
}

#[test]
fn leaderboard_naive_order_versus_padded_order() {
    let scores = [1500, 240, 10, 9];
    let mut naive: Vec<String> = scores.iter().map(|s| s.to_string()).collect();
    sort_keys(&mut naive);
    assert_eq!(naive, ["10", "1500", "240", "9"]);

    let schema = single(
        json!({"score": {"kind": "uint", "width": 10}}),
        json!([{"field": "score"}]),
    );
    let mut padded: Vec<(String, i32)> = scores
        .iter()
        .map(|&s| (sk_of(&schema, json!({"score": s})), s))
        .collect();
    padded.sort_by(|a, b| compare_keys(&a.0, &b.0));
    assert_eq!(padded.iter().map(|p| p.1).collect::<Vec<_>>(), [9, 10, 240, 1500]);
    assert_eq!(padded[0].0, "0000000009");
}

#[test]
fn inverted_table_width_10() {
    let schema = single(
        json!({"score": {"kind": "uint", "width": 10, "order": "desc"}}),
        json!([{"field": "score"}]),
    );
    let table = [
        (1500, "9999998499"),
        (240, "9999999759"),
        (10, "9999999989"),
        (9, "9999999990"),
    ];
    for (score, stored) in table {
        assert_eq!(sk_of(&schema, json!({"score": score})), stored);
        assert_eq!(decode(&schema, "E", "SK", stored).unwrap()["score"], json!(score));
    }
    let mut stored: Vec<&str> = table.iter().map(|t| t.1).collect();
    stored.reverse();
    sort_keys(&mut stored);
    assert_eq!(
        stored,
        ["9999998499", "9999999759", "9999999989", "9999999990"],
        "ascending bytes give 1500, 240, 10, 9"
    );
}

#[test]
fn width_5_id_157() {
    let schema = single(
        json!({"id": {"kind": "uint", "width": 5, "order": "desc"}}),
        json!([{"field": "id"}]),
    );
    assert_eq!(sk_of(&schema, json!({"id": 157})), "99842");
}

#[test]
fn tie_breaker_rank_key() {
    let schema = single(
        json!({"score": {"kind": "uint", "width": 10}, "at": {"kind": "timestamp", "unit": "s", "width": 16}, "player": {"kind": "text"}}),
        json!([{"field": "score"}, {"field": "at"}, {"field": "player"}]),
    );
    let key = sk_of(&schema, json!({"score": 1500, "at": 1719100800, "player": "p_8842"}));
    assert_eq!(key, "0000001500#0000001719100800#p_8842");
    let back = decode(&schema, "E", "SK", &key).unwrap();
    assert_eq!(
        serde_json::Value::Object(back),
        json!({"score": 1500, "at": 1719100800, "player": "p_8842"})
    );
    // Same score: the earlier timestamp ranks first.
    let later = sk_of(&schema, json!({"score": 1500, "at": 1719100801, "player": "a"}));
    assert_eq!(compare_keys(&key, &later), Ordering::Less);
}

#[test]
fn the_documented_leaderboard_schema() {
    let schema = leaderboard();
    let item = encode(
        &schema,
        "Run",
        &values(json!({"season": "2026-spring", "score": 1500, "at": 1719100800, "player": "p_8842"})),
    )
    .unwrap();
    assert_eq!(item.get("PK").unwrap().as_str(), "SEASON#2026-SPRING");
    assert_eq!(item.get("SK").unwrap().as_str(), "9999998499#0000001719100800#p_8842");
    assert!(item.get("GSI1PK").is_none(), "Run defines no GSI1 template");
    assert!(
        item.warnings.is_empty(),
        "upper-casing 2026-spring is what the season's case rule is for: {:?}",
        item.warnings
    );
}

#[test]
fn reading_10_versus_reading_2() {
    assert_eq!(compare_keys("READING#10", "READING#2"), Ordering::Less);
    let schema = single(
        json!({"n": {"kind": "uint", "width": 4}}),
        json!([{"literal": "READING"}, {"field": "n"}]),
    );
    let (k2, k10) = (sk_of(&schema, json!({"n": 2})), sk_of(&schema, json!({"n": 10})));
    assert_eq!((k2.as_str(), k10.as_str()), ("READING#0002", "READING#0010"));
    assert_eq!(compare_keys(&k2, &k10), Ordering::Less);
}

#[test]
fn debrie_versus_dean_and_normalised_case() {
    assert_eq!(compare_keys("DeBrie", "Dean"), Ordering::Less);
    let schema = single(
        json!({"name": {"kind": "text", "case": "upper"}}),
        json!([{"field": "name"}]),
    );
    let (a, b) = (
        sk_of(&schema, json!({"name": "DeBrie"})),
        sk_of(&schema, json!({"name": "Dean"})),
    );
    assert_eq!((a.as_str(), b.as_str()), ("DEBRIE", "DEAN"));
    assert_eq!(
        compare_keys(&b, &a),
        Ordering::Less,
        "upper-cased, Dean sorts before DeBrie"
    );
}

#[test]
fn hash_prefixed_readings_sort_before_their_device() {
    let schema = keylab::Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "IoT", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [
            {"name": "Device", "fields": {"id": {"kind": "text"}},
             "keys": {"PK": [{"literal": "DEVICE"}, {"field": "id"}], "SK": [{"literal": "DEVICE"}, {"field": "id"}]}},
            {"name": "Reading", "fields": {"id": {"kind": "text"}, "at": {"kind": "timestamp", "unit": "iso"}},
             "keys": {"PK": [{"literal": "DEVICE"}, {"field": "id"}], "SK": [{"literal": "#READING"}, {"field": "at"}]}}
        ]
    }))
    .unwrap();
    let device = encode(&schema, "Device", &values(json!({"id": "d1"}))).unwrap();
    let reading = encode(
        &schema,
        "Reading",
        &values(json!({"id": "d1", "at": "2024-06-23T10:00:00Z"})),
    )
    .unwrap();
    let (d, r) = (device.get("SK").unwrap().as_str(), reading.get("SK").unwrap().as_str());
    assert_eq!(r, "#READING#2024-06-23T10:00:00.000Z");
    assert_eq!(
        compare_keys(r, d),
        Ordering::Less,
        "the # moves readings before the parent"
    );
    assert_eq!(
        decode(&schema, "Reading", "SK", r).unwrap()["at"],
        json!("2024-06-23T10:00:00.000Z")
    );
}

#[test]
fn eleven_digits_in_a_ten_digit_width_is_an_error() {
    let schema = single(
        json!({"score": {"kind": "uint", "width": 10}}),
        json!([{"field": "score"}]),
    );
    let err = encode(&schema, "E", &values(json!({"score": "12345678901"}))).unwrap_err();
    let e = &err.0[0];
    assert_eq!(
        e.kind,
        ErrorKind::Overflow {
            width: 10,
            digits: 11,
            max: "9999999999".into()
        }
    );
    let msg = e.message();
    for needle in [
        "E.score",
        "in SK",
        "\"12345678901\"",
        "11 digits",
        "width is 10",
        "raise the width to at least 11",
    ] {
        assert!(msg.contains(needle), "{needle:?} missing from {msg}");
    }
}

/// Ids and epoch times carry an instant; the page shows it beside the value.
#[test]
fn ids_and_epoch_times_read_as_instants() {
    use keylab::codec::time_text;
    use keylab::schema::{Field, FieldKind, Order, TimeUnit};
    let field = |kind| Field {
        name: "f".into(),
        kind,
        warn_at: None,
        mutable: None,
    };
    let v = |s: &str| serde_json::Value::String(s.into());
    assert_eq!(
        time_text(
            &field(FieldKind::Ulid { order: Order::Asc }),
            &v("01JM4A1B2C3D4E5F6G7H8J9K0M")
        )
        .as_deref(),
        Some("2025-02-15T08:01:42.476Z")
    );
    let seconds = FieldKind::Timestamp {
        unit: TimeUnit::Seconds { width: 10 },
        order: Order::Desc,
    };
    assert_eq!(
        time_text(&field(seconds), &v("1719100800")).as_deref(),
        Some("2024-06-23T00:00:00Z"),
        "to the second, as the value is"
    );
    let millis = FieldKind::Timestamp {
        unit: TimeUnit::Millis { width: 13 },
        order: Order::Asc,
    };
    assert_eq!(
        time_text(&field(millis), &v("1719100800250")).as_deref(),
        Some("2024-06-23T00:00:00.250Z")
    );
    assert_eq!(
        time_text(
            &field(FieldKind::Ksuid { order: Order::Asc }),
            &v("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
        )
        .as_deref(),
        Some("2017-10-10T04:00:47Z")
    );
    let iso = FieldKind::Timestamp {
        unit: TimeUnit::Iso(Default::default()),
        order: Order::Asc,
    };
    assert_eq!(
        time_text(&field(iso), &v("2024-06-23T00:00:00Z")),
        None,
        "already readable"
    );
    assert_eq!(
        time_text(
            &field(FieldKind::Uint {
                width: 4,
                order: Order::Asc
            }),
            &v("12")
        ),
        None
    );
}
