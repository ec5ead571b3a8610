//! A design as a NoSQL Workbench model (format 3.0): the table's keys and indexes, each
//! entity as a facet whose `TableData` holds its sample items with the keys the codec
//! writes, so the model opens in Workbench and can be committed to DynamoDB Local from
//! there. `keylab import --from workbench` reads it back to the same keys.

use crate::items;
use crate::query::eval::Item;
use crate::schema::{AttrType, KeySchema, Schema, Table};
use crate::Values;
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// The model, and what it could not hold, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub model: Value,
    pub notes: Vec<String>,
}

/// The model of `schema` with `samples` (entity name and values, in the page's order) as
/// its data. `when` is the model's creation date as Workbench shows it
/// (`Dec 05, 2026, 12:00 PM`); a later sample with an earlier one's table key replaces
/// it, as writing them would.
pub fn model(schema: &Schema, samples: &[(&str, &Values)], when: &str) -> Model {
    let mut notes = Vec::new();
    let table = &schema.table;
    let written = writes(schema, samples, &mut notes);
    let (facet_values, non_key) = facets(schema, &written);
    let mut indexes = Vec::new();
    for index in &table.indexes {
        if !index.keys.partition_more.is_empty() || !index.keys.sort_more.is_empty() {
            notes.push(format!(
                "index {} has a multi-attribute key, which a Workbench model cannot hold: it is left out",
                index.name
            ));
            continue;
        }
        indexes.push(json!({
            "IndexName": index.name,
            "KeyAttributes": key_attributes(table, &index.keys),
            "Projection": {"ProjectionType": "ALL"},
        }));
    }
    let mut data_model = json!({
        "TableName": table.name,
        "KeyAttributes": key_attributes(table, &table.primary),
        "NonKeyAttributes": non_key
            .iter()
            .map(|(n, t)| json!({"AttributeName": n, "AttributeType": t.as_str()}))
            .collect::<Vec<_>>(),
        "TableFacets": facet_values,
        "DataAccess": {"MySql": {}},
        "BillingMode": "PAY_PER_REQUEST",
    });
    if !indexes.is_empty() {
        data_model["GlobalSecondaryIndexes"] = json!(indexes);
    }
    let model = json!({
        "ModelName": table.name,
        "ModelMetadata": {
            "Author": "keylab",
            "DateCreated": when,
            "DateLastModified": when,
            "Description": format!(
                "Exported by keylab: each facet is an entity, its TableData the sample items with the keys keylab writes. \
                 The design's field kinds follow, for keylab import to read back.\n{}{}",
                crate::infer::sources::DESIGN_MARK,
                schema.to_value()
            ),
            "AWSService": "Amazon DynamoDB",
            "Version": "3.0",
        },
        "DataModel": [data_model],
    });
    Model { model, notes }
}

/// Each sample as the item it writes, with its entity, in order: a later write with an
/// earlier one's table key empties the earlier slot, as writing them would. What cannot
/// be written is left out with a note.
fn writes<'s>(
    schema: &Schema,
    samples: &[(&'s str, &Values)],
    notes: &mut Vec<String>,
) -> Vec<Option<(&'s str, Item)>> {
    let mut written: Vec<Option<(&str, Item)>> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for (n, (entity, values)) in samples.iter().enumerate() {
        let item = match items::item(schema, entity, values) {
            Ok(i) => i,
            Err(why) => {
                notes.push(format!("item {} ({entity}) is left out: {why}", n + 1));
                continue;
            }
        };
        if let Some(earlier) = at.insert(table_key(&schema.table, &item), written.len()) {
            written[earlier] = None;
            notes.push(format!(
                "item {} replaces an earlier item with the same table key, as writing it would",
                n + 1
            ));
        }
        written.push(Some((entity, item)));
    }
    written
}

/// A facet per entity (its key aliases, its items as TableData, its fields no key
/// attribute holds), and the table's non-key attributes with their types.
fn facets(schema: &Schema, written: &[Option<(&str, Item)>]) -> (Vec<Value>, Vec<(String, AttrType)>) {
    let table = &schema.table;
    let mut non_key: Vec<(String, AttrType)> = Vec::new();
    let mut facet_values = Vec::new();
    for e in &schema.entities {
        let data: Vec<&Item> = written
            .iter()
            .flatten()
            .filter(|(n, _)| *n == e.name)
            .map(|(_, i)| i)
            .collect();
        let attributes: Vec<&str> = (e.fields.iter())
            .map(|f| f.name.as_str())
            .filter(|f| table.attribute_type(f).is_none())
            .collect();
        for f in &e.fields {
            if table.attribute_type(&f.name).is_none() && !non_key.iter().any(|(n, _)| *n == f.name) {
                let t = if f.kind.is_numeric() { AttrType::N } else { AttrType::S };
                non_key.push((f.name.clone(), t));
            }
        }
        let alias = |attribute: &str| {
            (e.template(attribute))
                .map(|t| t.pattern(&schema.separator))
                .unwrap_or_else(|| attribute.to_string())
        };
        let mut aliases = Map::new();
        aliases.insert("PartitionKeyAlias".into(), json!(alias(&table.primary.partition)));
        if let Some(sort) = &table.primary.sort {
            aliases.insert("SortKeyAlias".into(), json!(alias(sort)));
        }
        facet_values.push(json!({
            "FacetName": e.name,
            "KeyAttributeAlias": aliases,
            "TableData": data,
            "NonKeyAttributes": attributes,
            "DataAccess": {"MySql": {}},
        }));
    }
    (facet_values, non_key)
}

/// A moment (milliseconds since 1970, UTC) as Workbench's model files show it.
pub fn shown_ms(ms: i128) -> Option<String> {
    let iso = crate::codec::iso_sample(ms, crate::schema::IsoFormat::default());
    shown_date(&iso)
}

/// A date as Workbench's model files show it, `Dec 05, 2026, 12:00 PM`, from the ISO
/// text JavaScript's `Date.toISOString` writes (UTC); `None` when it is not one.
pub fn shown_date(iso: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let number = |from: usize, to: usize| iso.get(from..to)?.parse::<usize>().ok();
    let (year, month, day) = (iso.get(0..4)?, number(5, 7)?, iso.get(8..10)?);
    let (hour, minute) = (number(11, 13)?, iso.get(14..16)?);
    let month = MONTHS.get(month.checked_sub(1)?)?;
    let (h12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        13..=23 => (hour - 12, "PM"),
        _ => return None,
    };
    Some(format!("{month} {day}, {year}, {h12}:{minute} {half}"))
}

fn key_attributes(table: &Table, keys: &KeySchema) -> Value {
    let key =
        |a: &str| json!({"AttributeName": a, "AttributeType": table.attribute_type(a).unwrap_or(AttrType::S).as_str()});
    let mut out = Map::new();
    out.insert("PartitionKey".into(), key(&keys.partition));
    if let Some(sort) = &keys.sort {
        out.insert("SortKey".into(), key(sort));
    }
    Value::Object(out)
}

/// The table key of an item, to tell which items one write would replace.
fn table_key(table: &Table, item: &Item) -> String {
    let part = |a: Option<&String>| a.and_then(|a| item.get(a)).map(Value::to_string).unwrap_or_default();
    format!(
        "{}\u{0}{}",
        part(Some(&table.primary.partition)),
        part(table.primary.sort.as_ref())
    )
}

#[cfg(test)]
mod tests;
