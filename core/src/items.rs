//! The sample items as a table holds them: each item's key attributes, written by the
//! design, and its fields as attributes of their own (numbers as `N`, the rest as
//! typed, so a display form stays beside its case-folded key). Two forms leave the
//! page: the lines of an export to S3 (`{"Item": {...}}`, which `keylab migrate` reads)
//! and `batch-write-item` requests of at most 25 puts.

use crate::codec::{encode, find_entity, plain_number};
use crate::error::{Context, Error, Errors};
use crate::query::attribute_value;
use crate::query::eval::{latest_writes, Item};
use crate::schema::Schema;
use crate::Values;
use serde_json::{json, Value};

/// Most puts in one BatchWriteItem request: DynamoDB refuses more.
pub const BATCH: usize = 25;

/// One item as DynamoDB JSON, or every reason its keys cannot be written.
///
/// ```
/// let schema = keylab::Schema::from_value(&serde_json::json!({
///     "version": 1, "separator": "#",
///     "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
///     "entities": [{"name": "E", "fields": {"n": {"kind": "uint", "width": 3}}, "keys": {"PK": [{"literal": "N"}, {"field": "n"}]}}]
/// })).unwrap();
/// let values = serde_json::from_value(serde_json::json!({"n": "7"})).unwrap();
/// let item = keylab::items::item(&schema, "E", &values).unwrap();
/// assert_eq!(serde_json::Value::Object(item), serde_json::json!({"PK": {"S": "N#007"}, "n": {"N": "7"}}));
/// ```
pub fn item(schema: &Schema, entity: &str, values: &Values) -> Result<Item, Errors> {
    let e = find_entity(schema, entity).map_err(|e| Errors(vec![e]))?;
    let encoded = encode(schema, entity, values)?;
    let mut out: Item = encoded
        .keys
        .iter()
        .map(|(a, k)| (a.clone(), attribute_value(k)))
        .collect();
    for field in &e.fields {
        // A field a multi-attribute key holds as itself is that key attribute already.
        let (Some(value), false) = (values.get(&field.name), out.contains_key(&field.name)) else {
            continue;
        };
        let attribute = if field.kind.is_numeric() {
            let number = plain_number(field, value).map_err(|kind| {
                let context = Context {
                    entity: Some(entity.to_string()),
                    field: Some(field.name.clone()),
                    value: Some(crate::codec::shown(value)),
                    ..Context::default()
                };
                Errors(vec![Error::new(context, kind)])
            })?;
            json!({ "N": number })
        } else {
            match value {
                Value::String(s) => json!({ "S": s }),
                other => json!({ "S": other.to_string() }),
            }
        };
        out.insert(field.name.clone(), attribute);
    }
    Ok(out)
}

/// What a table holds after the samples are written in order: an item whose table key
/// an earlier one had replaces it, as a PutItem does. Items that cannot be written
/// are listed by their place (0-based) with why, never dropped without a word.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Written {
    pub items: Vec<Item>,
    pub refused: Vec<(usize, String)>,
}

pub fn written<'a>(schema: &Schema, samples: impl IntoIterator<Item = (&'a str, &'a Values)>) -> Written {
    let mut out = Written::default();
    let mut items = Vec::new();
    for (at, (entity, values)) in samples.into_iter().enumerate() {
        // DynamoDB refuses an item over 400 KB: it is said here, never written.
        match item(schema, entity, values) {
            Ok(i) => match crate::item_size::stored_too_large(&i) {
                None => items.push(i),
                Some(why) => out.refused.push((at, why)),
            },
            Err(why) => out.refused.push((at, why.to_string())),
        }
    }
    out.items = latest_writes(&schema.table, items);
    out
}

/// The lines of a DynamoDB export to S3: one `{"Item": {...}}` per line.
pub fn export_lines(items: &[Item]) -> String {
    let mut out = String::new();
    for i in items {
        out.push_str(&json!({ "Item": i }).to_string());
        out.push('\n');
    }
    out
}

/// `batch-write-item` request files: `{"<table>": [{"PutRequest": {"Item": ...}}]}`,
/// each of at most [`BATCH`] items.
pub fn batch_requests(table: &str, items: &[Item]) -> Vec<Value> {
    items
        .chunks(BATCH)
        .map(|chunk| {
            let puts: Vec<Value> = chunk.iter().map(|i| json!({ "PutRequest": { "Item": i } })).collect();
            json!({ table: puts })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaderboard() -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "Leaderboard", "attributes": {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "N"},
                "primary": {"partition": "PK", "sort": "SK"}, "indexes": [{"name": "ByPlayer", "partition": "GSI1PK", "sort": "GSI1SK"}]},
            "entities": [{"name": "Run",
                "fields": {"season": {"kind": "text", "case": "upper"}, "score": {"kind": "uint", "width": 4, "order": "desc"}, "player": {"kind": "text"}},
                "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}, {"field": "player"}],
                    "GSI1PK": [{"field": "player"}], "GSI1SK": [{"field": "score"}]}}]
        }))
        .unwrap()
    }

    fn values(v: Value) -> Values {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn an_item_has_every_key_and_its_fields_typed_with_the_display_form_kept() {
        let s = leaderboard();
        let i = item(
            &s,
            "Run",
            &values(json!({"season": "Spring", "score": "0150", "player": "p1"})),
        )
        .unwrap();
        assert_eq!(
            Value::Object(i),
            json!({"PK": {"S": "SEASON#SPRING"}, "SK": {"S": "9849#p1"}, "GSI1PK": {"S": "p1"}, "GSI1SK": {"N": "150"},
                "season": {"S": "Spring"}, "score": {"N": "150"}, "player": {"S": "p1"}})
        );
    }

    #[test]
    fn a_later_write_replaces_an_earlier_one_and_refusals_are_listed() {
        let s = leaderboard();
        let rows = [
            values(json!({"season": "s", "score": 1, "player": "a"})),
            values(json!({"season": "s", "score": 123456, "player": "b"})),
            values(json!({"season": "S", "score": 1, "player": "a"})),
        ];
        let w = written(&s, rows.iter().map(|v| ("Run", v)));
        assert_eq!(w.items.len(), 1, "SEASON#S / 9998#a written twice is one item");
        assert_eq!(w.items[0]["season"], json!({"S": "S"}), "the later write is kept");
        assert_eq!(w.refused.len(), 1);
        assert_eq!(w.refused[0].0, 1);
        assert!(
            w.refused[0].1.contains("has 6 digits but the width is 4"),
            "{}",
            w.refused[0].1
        );
    }

    #[test]
    fn batches_hold_at_most_25_puts_and_lines_read_back() {
        let s = leaderboard();
        let rows: Vec<Values> = (0..60)
            .map(|n| values(json!({"season": "s", "score": n, "player": format!("p{n}")})))
            .collect();
        let w = written(&s, rows.iter().map(|v| ("Run", v)));
        let batches = batch_requests("Leaderboard", &w.items);
        let sizes: Vec<usize> = batches
            .iter()
            .map(|b| b["Leaderboard"].as_array().unwrap().len())
            .collect();
        assert_eq!(sizes, [25, 25, 10]);
        let lines = export_lines(&w.items);
        let back: Vec<Value> = lines
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["Item"].clone())
            .collect();
        assert_eq!(back, w.items.iter().cloned().map(Value::Object).collect::<Vec<_>>());
    }
}
