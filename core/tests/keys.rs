//! Whole-key properties: for multi-segment keys, tuple order equals key byte order
//! whenever the separator rules hold, and decode inverts encode.

mod common;
use common::*;
use keylab::codec::order::compare_keys;
use keylab::{decode, encode};
use proptest::prelude::*;
use serde_json::{json, Value};

fn schema() -> keylab::Schema {
    single(
        json!({
            "score": {"kind": "uint", "width": 10, "order": "desc"},
            "delta": {"kind": "int", "width": 6},
            "price": {"kind": "decimal", "width": 5, "scale": 2},
            "at": {"kind": "timestamp", "unit": "ms", "width": 13},
            "day": {"kind": "timestamp", "unit": "iso", "order": "desc"},
            "player": {"kind": "text"}
        }),
        json!([{"literal": "RUN"}, {"field": "score"}, {"field": "delta"}, {"field": "price"}, {"field": "at"}, {"field": "day"}, {"field": "player"}]),
    )
}

/// Text drawn only from characters above the separator `#` (0x23), so the rules hold.
fn safe_text() -> impl Strategy<Value = String> {
    "[$-~\u{a0}-\u{10ffff}&&[^#]]{1,8}"
}

type Tuple = (u64, i32, i64, u64, i64, String);

fn tuple() -> impl Strategy<Value = Tuple> {
    (
        0u64..=9_999_999_999,
        -999_999i32..=999_999,
        -9_999_999i64..=9_999_999,
        0u64..=9_999_999_999_999,
        -62_167_219_200_000i64..=253_402_300_799_999,
        safe_text(),
    )
}

fn to_values(t: &Tuple) -> keylab::Values {
    let price = format!(
        "{}{}.{:02}",
        if t.2 < 0 { "-" } else { "" },
        t.2.unsigned_abs() / 100,
        t.2.unsigned_abs() % 100
    );
    let day = iso(t.4);
    values(json!({"score": t.0, "delta": t.1, "price": price, "at": t.3, "day": day, "player": t.5}))
}

/// ISO text of an instant, made by the codec itself from epoch seconds (how an iso
/// field reads a number) with the milliseconds spliced in.
fn iso(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let frac = ms.rem_euclid(1000);
    let f = keylab::schema::Field {
        name: "d".into(),
        kind: keylab::schema::FieldKind::Timestamp {
            unit: keylab::schema::TimeUnit::Iso(Default::default()),
            order: keylab::schema::Order::Asc,
        },
        warn_at: None,
        mutable: None,
    };
    let (text, _) = keylab::codec::encode_field(&f, &json!(secs), "#").expect("in range");
    format!("{}.{frac:03}Z", &text[..19])
}

/// The tuple order the key must reproduce: score descending, the rest ascending.
fn tuple_cmp(a: &Tuple, b: &Tuple) -> std::cmp::Ordering {
    b.0.cmp(&a.0)
        .then(a.1.cmp(&b.1))
        .then(a.2.cmp(&b.2))
        .then(a.3.cmp(&b.3))
        .then(b.4.cmp(&a.4))
        .then(a.5.as_bytes().cmp(b.5.as_bytes()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn tuple_order_is_key_byte_order(a in tuple(), b in tuple()) {
        let s = schema();
        let ka = encode(&s, "E", &to_values(&a)).unwrap().get("SK").unwrap().as_str().to_string();
        let kb = encode(&s, "E", &to_values(&b)).unwrap().get("SK").unwrap().as_str().to_string();
        prop_assert_eq!(compare_keys(&ka, &kb), tuple_cmp(&a, &b), "{} vs {}", ka, kb);
    }

    #[test]
    fn decode_inverts_encode(a in tuple()) {
        let s = schema();
        let v = to_values(&a);
        let key = encode(&s, "E", &v).unwrap().get("SK").unwrap().as_str().to_string();
        let back = decode(&s, "E", "SK", &key).unwrap();
        // Canonical forms: numbers as numbers, decimals with their scale, ISO in ms.
        prop_assert_eq!(&back["score"], &json!(a.0));
        prop_assert_eq!(&back["delta"], &json!(a.1));
        prop_assert_eq!(&back["price"], &v["price"]);
        prop_assert_eq!(&back["at"], &json!(a.3));
        prop_assert_eq!(&back["day"], &v["day"]);
        prop_assert_eq!(&back["player"], &json!(a.5));
        // And encoding the decoded values gives the same key.
        let again = encode(&s, "E", &back).unwrap().get("SK").unwrap().as_str().to_string();
        prop_assert_eq!(again, key);
    }

    #[test]
    fn decode_never_panics_on_arbitrary_keys(key in ".{0,80}") {
        let s = schema();
        let _ = decode(&s, "E", "SK", &key);
        let _ = decode(&s, "E", "PK", &key);
    }

    #[test]
    fn encode_never_panics_on_arbitrary_values(v in proptest::collection::hash_map("score|delta|price|at|day|player|x", any_json(), 0..7)) {
        let s = schema();
        let map: keylab::Values = v.into_iter().collect();
        if let Ok(item) = encode(&s, "E", &map) {
            let key = item.get("SK").unwrap().as_str();
            prop_assert!(decode(&s, "E", "SK", key).is_ok());
        }
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,30}".prop_map(Value::from),
        "[-+]?[0-9]{0,45}(\\.[0-9]{0,5})?(e[-+]?[0-9]{1,3})?".prop_map(Value::from),
    ]
}
