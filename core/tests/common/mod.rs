//! Schemas shared by the integration tests.
#![allow(dead_code)]

use keylab::codec::{self, encode, encode_field};
use keylab::query::attribute_value;
use keylab::query::builder::{Range, RangeOp};
use keylab::query::eval::Item;
use keylab::schema::{Field, FieldKind, Order};
use keylab::{Schema, Values};
use serde_json::{json, Value};
use std::cmp::Ordering;

/// The leaderboard of issue 2 and seed 000, exactly as the schema format documents it.
pub fn leaderboard_json() -> Value {
    json!({
      "version": 1,
      "separator": "#",
      "table": {
        "name": "Leaderboard",
        "attributes": {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S"},
        "primary": {"partition": "PK", "sort": "SK"},
        "indexes": [{"name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK"}]
      },
      "entities": [
        {
          "name": "Run",
          "fields": {
            "season": {"kind": "text", "case": "upper"},
            "score":  {"kind": "uint", "width": 10, "order": "desc"},
            "at":     {"kind": "timestamp", "unit": "s", "width": 16},
            "player": {"kind": "text"}
          },
          "keys": {
            "PK": [{"literal": "SEASON"}, {"field": "season"}],
            "SK": [{"field": "score"}, {"field": "at"}, {"field": "player"}]
          }
        }
      ]
    })
}

pub fn leaderboard() -> Schema {
    Schema::from_value(&leaderboard_json()).expect("the documented schema parses")
}

pub fn values(v: Value) -> Values {
    v.as_object().cloned().expect("an object")
}

/// A one-entity schema whose SK is the given template over the given fields.
pub fn single(fields: Value, sk: Value) -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "E", "fields": fields, "keys": {"PK": [{"literal": "P"}], "SK": sk}}]
    }))
    .expect("test schema parses")
}

/// Compares two values of a field by value: through the ascending encoding, whose order
/// the codec's own property tests prove equal to value order.
pub fn value_cmp(field: &Field, a: &Value, b: &Value) -> Ordering {
    let asc = Field {
        kind: field.kind.with_order(Order::Asc),
        ..field.clone()
    };
    let ea = encode_field(&asc, a, "#").map(|e| e.0).unwrap_or_default();
    let eb = encode_field(&asc, b, "#").map(|e| e.0).unwrap_or_default();
    ea.as_bytes().cmp(eb.as_bytes())
}

/// Whether an id value lies in the instant range, for time-valued ranges on ids.
fn id_time(field: &Field, v: &Value) -> Option<i128> {
    codec::time_of(field, v)
}

pub fn satisfies(field: &Field, v: &Value, range: &Range) -> bool {
    let is_id = matches!(field.kind, FieldKind::Ulid { .. } | FieldKind::Ksuid { .. });
    let time_bound = |b: &Value| b.is_number();
    let cmp = |b: &Value| -> Ordering {
        if is_id && time_bound(b) {
            let ms = b.as_i64().unwrap_or(0) as i128;
            let t = id_time(field, v).unwrap_or(0);
            t.cmp(&ms)
        } else {
            value_cmp(field, v, b)
        }
    };
    match range.op {
        RangeOp::Eq => cmp(&range.value) == Ordering::Equal,
        RangeOp::Lt => cmp(&range.value) == Ordering::Less,
        RangeOp::Le => cmp(&range.value) != Ordering::Greater,
        RangeOp::Gt => cmp(&range.value) == Ordering::Greater,
        RangeOp::Ge => cmp(&range.value) != Ordering::Less,
        RangeOp::Between => {
            cmp(&range.value) != Ordering::Less && cmp(range.to.as_ref().unwrap_or(&Value::Null)) != Ordering::Greater
        }
        RangeOp::BeginsWith => {
            let stored = codec::canonical(field, v, "#")
                .ok()
                .and_then(|c| c.as_str().map(str::to_string))
                .unwrap_or_default();
            let prefix = keylab::codec::text::apply_case(
                range.value.as_str().unwrap_or_default(),
                match field.kind {
                    FieldKind::Text { case, .. } => case,
                    _ => keylab::schema::Case::Preserve,
                },
            );
            stored.starts_with(&prefix)
        }
    }
}

pub fn to_item(schema: &Schema, entity: &str, id: usize, v: &Values) -> Option<Item> {
    let encoded = encode(schema, entity, v).ok()?;
    let mut item: Item = encoded
        .keys
        .iter()
        .map(|(a, k)| (a.clone(), attribute_value(k)))
        .collect();
    item.insert("id".into(), json!({"N": id.to_string()}));
    Some(item)
}

pub fn ulid_at(ms: i64, low: u128) -> String {
    codec::ulid_text(((ms as u128) << 80) | (low & ((1 << 80) - 1)))
}

pub fn ksuid_at(ms: i64, low: [u8; 16]) -> String {
    use svix_ksuid::KsuidLike;
    let mut b = [0u8; 20];
    b[..4].copy_from_slice(&(((ms / 1000) - 1_400_000_000) as u32).to_be_bytes());
    b[4..].copy_from_slice(&low);
    svix_ksuid::Ksuid::from_bytes(b).to_string()
}

pub fn iso(ms: i64) -> String {
    let f = Field {
        name: "x".into(),
        kind: FieldKind::Timestamp {
            unit: keylab::schema::TimeUnit::Iso(Default::default()),
            order: Order::Asc,
        },
        warn_at: None,
        mutable: None,
    };
    codec::canonical(&f, &json!(ms / 1000), "#")
        .expect("in range")
        .as_str()
        .unwrap_or_default()
        .to_string()
}
