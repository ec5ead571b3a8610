//! Reading the files and lines every command shares: the schema document, and a sample
//! item as `{"entity": "Run", "values": {...}}` (or bare values with `--entity`).

use keylab::schema::Entity;
use keylab::{Schema, Values};
use serde_json::Value;

/// The schema document at `path`, or why it cannot be used.
pub fn schema(path: &str) -> Result<Schema, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the schema {path}: {e}"))?;
    Schema::from_json(&text).map_err(|e| format!("the schema {path} is not usable: {e}"))
}

/// One input line's item: its entity and its values. With `entity` given, the line is
/// the values themselves.
pub fn item<'s>(schema: &'s Schema, line: Value, entity: Option<&str>) -> Result<(&'s Entity, Values), String> {
    let (name, values) = match entity {
        Some(name) => (name.to_string(), line),
        None => {
            keylab::strict::Fields {
                place: "an item line",
                allowed: &["entity", "values"],
                elsewhere: &[],
            }
            .check_value(&line)?;
            let name = line
                .get("entity")
                .and_then(Value::as_str)
                .ok_or("needs \"entity\": the entity's name (or give --entity and write the values alone)")?
                .to_string();
            (name, line.get("values").cloned().unwrap_or(Value::Null))
        }
    };
    let entity = schema.entity(&name).ok_or_else(|| {
        let names: Vec<&str> = schema.entities.iter().map(|e| e.name.as_str()).collect();
        format!(
            "names entity {name:?}, which the schema does not define; its entities are {}",
            names.join(", ")
        )
    })?;
    let values: Values = match values {
        Value::Object(_) => serde_json::from_value(values).map_err(|e| format!("has unreadable values: {e}"))?,
        other => return Err(format!("needs an object of field values, found {other}")),
    };
    Ok((entity, values))
}
