//! Nothing a user can type, paste or load makes the core panic: arbitrary field settings
//! (any widths and scales, not only valid ones) and arbitrary JSON values go through every
//! entry point the page calls, and come back as values or typed errors.

use keylab::codec::{self, width::plan};
use keylab::query::builder::{build, AccessPattern};
use keylab::query::parse::parse_input;
use keylab::schema::{Case, Field, FieldKind, IsoFormat, IsoPrecision, IsoZone, Order, Schema, TimeUnit};
use proptest::prelude::*;
use serde_json::{json, Value};

fn any_u32() -> impl Strategy<Value = u32> {
    prop_oneof![0u32..=45, Just(u32::MAX), Just(u32::MAX - 1), any::<u32>()]
}

fn any_kind() -> impl Strategy<Value = FieldKind> {
    let order = prop_oneof![Just(Order::Asc), Just(Order::Desc)];
    (0u8..9, any_u32(), any_u32(), any::<bool>(), order).prop_map(|(k, w, s, signed, order)| match k {
        // Absurd bounds too (0, 4 billion): refused as settings, never a panic.
        0 => FieldKind::Text {
            case: if signed { Case::Upper } else { Case::Lower },
            max_length: (w % 3 != 0).then_some(s),
        },
        1 => FieldKind::Uint { width: w, order },
        2 => FieldKind::Int { width: w, order },
        3 => FieldKind::Decimal {
            width: w,
            scale: s,
            signed,
            order,
        },
        4 => FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width: w },
            order,
        },
        5 => FieldKind::Timestamp {
            unit: TimeUnit::Millis { width: w },
            order,
        },
        // Any format, offsets past what a document may say (±25:00) too.
        6 => FieldKind::Timestamp {
            unit: TimeUnit::Iso(IsoFormat {
                precision: IsoPrecision::ALL[(w % 4) as usize],
                zone: match s % 3 {
                    0 => IsoZone::Utc,
                    1 => IsoZone::Unzoned,
                    _ => IsoZone::Offset((s % 3001) as i16 - 1500),
                },
            }),
            order,
        },
        7 => FieldKind::Ulid { order },
        _ => FieldKind::Ksuid { order },
    })
}

fn any_json() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        ".{0,40}".prop_map(Value::from),
        "[-+]?[0-9]{0,60}(\\.[0-9]{0,40})?([eE][-+]?[0-9]{1,4})?".prop_map(Value::from),
        "[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,12})?(Z|[+-][0-9]{2}:[0-9]{2})?)?"
            .prop_map(Value::from),
        "[0-9A-Za-z]{20,30}".prop_map(Value::from),
        Just(json!([1, 2])),
        Just(json!({"a": 1})),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn field_codecs_never_panic(kind in any_kind(), value in any_json(), stored in ".{0,60}", sep in "[#|:_ -]{0,2}") {
        let field = Field { name: "f".into(), kind, warn_at: Some(50.0), mutable: None };
        let _ = kind.validate();
        let _ = codec::fixed_len(&kind);
        if let Ok((text, _)) = codec::encode_field(&field, &value, &sep) {
            // What encodes also decodes, to the canonical value.
            prop_assert!(codec::decode_field(&field, &text).is_ok(), "{:?} -> {:?}", value, text);
        }
        let _ = codec::decode_field(&field, &stored);
        let _ = codec::canonical(&field, &value, &sep);
        let _ = codec::plain_number(&field, &value);
        let _ = codec::time_of(&field, &value);
        let rows = vec![json!({"f": value.clone()}).as_object().cloned().unwrap_or_default()];
        let _ = plan(&field, &rows, Some(&value));
    }

    #[test]
    fn the_builder_never_panics(kind in any_kind(), op in "eq|lt|le|gt|ge|between|begins_with|nope", a in any_json(), b in any_json(), fixed in any::<bool>(), forward in any::<bool>()) {
        let mut spec = json!({"kind": kind_name(&kind)});
        if let Some(w) = kind.width() { spec["width"] = json!(w); }
        if let FieldKind::Decimal { scale, .. } = kind { spec["scale"] = json!(scale); }
        if let FieldKind::Timestamp { unit, .. } = kind {
            spec["unit"] = json!(unit.name());
            if let TimeUnit::Iso(format) = unit {
                spec["precision"] = json!(format.precision.name());
                spec["zone"] = json!(format.zone.name());
            }
        }
        let doc = json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"f": spec, "g": {"kind": "text"}},
                          "keys": {"PK": [{"literal": "P"}], "SK": [{"literal": "X"}, {"field": "g"}, {"field": "f"}]}}]
        });
        let Ok(schema) = Schema::from_value(&doc) else { return Ok(()) };
        let mut sort = json!({"range": {"field": if fixed { "f" } else { "g" }, "op": op, "value": a, "to": b}});
        if fixed { sort["equal"] = json!({"g": "k"}); }
        let pattern = json!({"entity": "E", "partition": {}, "sort": sort, "scanIndexForward": forward, "limit": 3});
        if let Ok(p) = serde_json::from_value::<AccessPattern>(pattern) {
            if let Ok(built) = build(&schema, &p) {
                let input = built.query.to_input(keylab::query::ValueStyle::DynamoJson);
                prop_assert_eq!(parse_input(&schema.table, &input).ok(), Some(built.query));
            }
        }
    }

    #[test]
    fn the_validator_never_panics(expr in ".{0,80}", names in proptest::collection::btree_map("#?[a-zA-Z_]{0,4}", ".{0,6}", 0..3), values in proptest::collection::btree_map(":?[a-z]{0,3}", any_json(), 0..3)) {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "N"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"n": {"kind": "uint", "width": 3}}, "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "n"}]}}]
        })).expect("fixed schema");
        let values: serde_json::Map<String, Value> = values.into_iter().map(|(k, v)| (k, json!({"S": v.to_string()}))).collect();
        let input = json!({"KeyConditionExpression": expr, "ExpressionAttributeNames": names, "ExpressionAttributeValues": values});
        let _ = parse_input(&schema.table, &input);
    }
}

fn kind_name(kind: &FieldKind) -> &'static str {
    kind.name()
}
