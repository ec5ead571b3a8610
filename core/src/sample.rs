//! Random sample items for one entity: values a real table would hold, so a design can
//! be tried at scale. Deterministic for a seed, so a generated set can be reproduced.

use crate::codec::{ulid_text, Values};
use crate::schema::{Entity, FieldKind, Schema, TimeUnit};
use serde_json::Value;
use svix_ksuid::KsuidLike;

/// The most items one call generates: the page's table stays usable up to here.
pub const MAX_ITEMS: usize = 100_000;

/// 2025-01-01T00:00:00Z and 2027-01-01T00:00:00Z: generated times fall in between.
const FROM_MS: i64 = 1_735_689_600_000;
const TO_MS: i64 = 1_798_761_600_000;

const WORDS: [&str; 16] = [
    "acme", "blue", "cedar", "delta", "ember", "fjord", "gale", "harbor", "iris", "juniper", "kite", "lumen", "maple",
    "nova", "orbit", "pine",
];

/// `count` items (at most [`MAX_ITEMS`]) of `entity`. Fields of the table's partition
/// key draw from a small pool, about one value per 50 items, so the items gather into
/// item collections the way real ones do; every other value is fresh. A field that is
/// in the sort key too is fresh: shared, it would give every item of a partition the
/// same table key (a parent such as `CUSTOMER#<c>` / `CUSTOMER#<c>` is one item per
/// partition), and so is every field of an entity whose sort key holds none.
pub fn generate(schema: &Schema, entity: &Entity, count: usize, seed: u64) -> Vec<Values> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let fields_of = |attribute: Option<&String>| -> Vec<&str> {
        attribute
            .and_then(|a| entity.template(a))
            .map(|t| t.fields().collect())
            .unwrap_or_default()
    };
    let sort_fields = fields_of(schema.table.primary.sort.as_ref());
    // Without a field in the sort key (none, or a literal such as `PROFILE`), the
    // partition holds one item of the entity: shared values would collide.
    let partition_fields: Vec<&str> = fields_of(Some(&schema.table.primary.partition))
        .into_iter()
        .filter(|f| !sort_fields.is_empty() && !sort_fields.contains(f))
        .collect();
    let count = count.min(MAX_ITEMS);
    let pool = (count / 50).max(1) as u64;
    (0..count)
        .map(|_| {
            let group = rng.u64(0..pool);
            entity
                .fields
                .iter()
                .map(|f| {
                    let value = if partition_fields.contains(&f.name.as_str()) {
                        // The same group gives the same value in every partition field.
                        value_of(
                            &f.kind,
                            &mut fastrand::Rng::with_seed(seed ^ group.wrapping_mul(0x9E37)),
                        )
                    } else {
                        value_of(&f.kind, &mut rng)
                    };
                    (f.name.clone(), Value::String(value))
                })
                .collect()
        })
        .collect()
}

/// A number of 1 to `digits` digits, spread evenly over the digit counts so small and
/// large values both show up (as counters and scores do).
fn magnitude(rng: &mut fastrand::Rng, digits: u32) -> u128 {
    let digits = rng.u32(1..=digits.clamp(1, 18));
    let low = if digits == 1 { 0 } else { 10u64.pow(digits - 1) };
    rng.u64(low..10u64.pow(digits)) as u128
}

fn value_of(kind: &FieldKind, rng: &mut fastrand::Rng) -> String {
    let ms = rng.i64(FROM_MS..TO_MS);
    match *kind {
        FieldKind::Text { .. } => format!("{}{}", WORDS[rng.usize(..WORDS.len())], rng.u32(1..10_000)),
        // Two digits of headroom below the width, as the planner advises.
        FieldKind::Uint { width, .. } => magnitude(rng, width.saturating_sub(2).max(1)).to_string(),
        FieldKind::Int { width, .. } => {
            let n = magnitude(rng, width.saturating_sub(2).max(1));
            if rng.bool() && n != 0 {
                format!("-{n}")
            } else {
                n.to_string()
            }
        }
        FieldKind::Decimal {
            width, scale, signed, ..
        } => {
            let int = magnitude(rng, width.saturating_sub(2).max(1));
            let sign = if signed && rng.bool() { "-" } else { "" };
            let fraction: String = (0..scale.min(18)).map(|_| char::from(b'0' + rng.u8(0..10))).collect();
            if fraction.is_empty() {
                format!("{sign}{int}")
            } else {
                format!("{sign}{int}.{fraction}")
            }
        }
        FieldKind::Timestamp { unit, .. } => match unit {
            TimeUnit::Seconds { .. } => (ms / 1000).to_string(),
            TimeUnit::Millis { .. } => ms.to_string(),
            TimeUnit::Iso(format) => crate::codec::iso_sample(ms as i128, format),
        },
        FieldKind::Ulid { .. } => ulid_text(((ms as u128) << 80) | (rng.u128(..) >> 48)),
        FieldKind::Ksuid { .. } => {
            let mut payload = [0u8; 16];
            rng.fill(&mut payload);
            svix_ksuid::Ksuid::from_seconds(Some(ms / 1000), Some(&payload)).to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::encode;
    use crate::preview::{collections, Sample};
    use serde_json::json;

    fn schema() -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E",
                "fields": {"org": {"kind": "text", "case": "upper"}, "n": {"kind": "uint", "width": 6, "order": "desc"},
                           "i": {"kind": "int", "width": 5}, "d": {"kind": "decimal", "width": 6, "scale": 2},
                           "s": {"kind": "timestamp", "unit": "s", "width": 10},
                           "m": {"kind": "timestamp", "unit": "ms", "width": 13},
                           "iso": {"kind": "timestamp", "unit": "iso"},
                           "u": {"kind": "ulid"}, "k": {"kind": "ksuid", "order": "desc"}},
                "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}],
                         "SK": [{"field": "n"}, {"field": "i"}, {"field": "d"}, {"field": "s"}, {"field": "m"},
                                {"field": "iso"}, {"field": "u"}, {"field": "k"}]}}]
        }))
        .unwrap()
    }

    #[test]
    fn a_field_in_both_keys_is_fresh_so_no_two_items_share_a_table_key() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "Customer", "fields": {"customer": {"kind": "text"}, "created": {"kind": "timestamp", "unit": "ms", "width": 13}},
                "keys": {"PK": [{"literal": "CUSTOMER"}, {"field": "customer"}, {"field": "created"}],
                         "SK": [{"literal": "CUSTOMER"}, {"field": "created"}]}}]
        }))
        .unwrap();
        let items = generate(&schema, &schema.entities[0], 20, 3);
        let keys: std::collections::BTreeSet<(String, String)> = items
            .iter()
            .map(|v| {
                let k = encode(&schema, "Customer", v).unwrap();
                (format!("{:?}", k.get("PK")), format!("{:?}", k.get("SK")))
            })
            .collect();
        assert_eq!(keys.len(), 20, "20 items, 20 table keys");
        let created: std::collections::BTreeSet<String> = items.iter().map(|v| v["created"].to_string()).collect();
        assert_eq!(created.len(), 20);
        // The partition-only field still gathers items: one pool value for 20 items.
        let customers: std::collections::BTreeSet<String> = items.iter().map(|v| v["customer"].to_string()).collect();
        assert_eq!(customers.len(), 1);
    }

    #[test]
    fn an_entity_whose_sort_key_holds_no_field_has_one_item_per_partition() {
        // ElectroDB's customer: `customer#<id>` / `profile`; and a table with no sort key.
        for sort in [Some(json!([{"literal": "profile"}])), None] {
            let mut keys = json!({"PK": [{"literal": "customer"}, {"field": "id"}]});
            let mut table = json!({"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}});
            if let Some(sk) = &sort {
                keys["SK"] = sk.clone();
                table["attributes"]["SK"] = json!("S");
                table["primary"]["sort"] = json!("SK");
            }
            let schema = Schema::from_value(&json!({"version": 1, "separator": "#", "table": table,
                "entities": [{"name": "Customer", "fields": {"id": {"kind": "text"}}, "keys": keys}]}))
            .unwrap();
            let items = generate(&schema, &schema.entities[0], 60, 5);
            let ids: std::collections::BTreeSet<String> = items.iter().map(|v| v["id"].to_string()).collect();
            assert_eq!(ids.len(), 60, "{sort:?}: 60 items, 60 partitions");
        }
    }

    #[test]
    fn every_generated_item_encodes_and_items_gather_into_collections() {
        let schema = schema();
        let entity = &schema.entities[0];
        let items = generate(&schema, entity, 500, 7);
        assert_eq!(items.len(), 500);
        for values in &items {
            encode(&schema, "E", values).unwrap_or_else(|e| panic!("{values:?}: {e}"));
        }
        let rows: Vec<Sample> = items.iter().map(|v| (entity, v)).collect();
        let groups = collections(&schema, None, &rows, &crate::preview::ItemKeys::new(&schema, &rows));
        assert_eq!(groups.len(), 10, "500 items, one partition per 50");
        assert_eq!(generate(&schema, entity, 500, 7), items, "a seed reproduces its items");
        assert_ne!(generate(&schema, entity, 500, 8), items);
        assert_eq!(generate(&schema, entity, MAX_ITEMS + 5, 1).len(), MAX_ITEMS);
    }
}
