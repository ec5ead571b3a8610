//! Reading the files and lines every command shares: the schema document, and a sample
//! item as `{"entity": "Run", "values": {...}}` (or bare values with `--entity`).

use keylab::schema::Entity;
use keylab::{Schema, Values};
use serde_json::Value;

/// The schema document at `path`, or why it cannot be used, and a note to show when the
/// file is not a schema alone. The page's *Export schema and items*, its saved work and
/// the presets wrap the schema (`{"schema": {...}, "items": [...], ...}`): that is the file
/// a user has after designing in the page, so its schema is read, and the note says
/// that the rest of it (the sample items, the query) is not what this command reads.
pub fn schema(path: &str) -> Result<(Schema, Option<String>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read the schema {path}: {e}"))?;
    let unusable = |e: keylab::Errors| format!("the schema {path} is not usable: {e}");
    let doc: Value = match serde_json::from_str(&text) {
        Ok(doc) => doc,
        // Schema::from_json words the JSON error the way every other reader does.
        Err(_) => return Schema::from_json(&text).map(|s| (s, None)).map_err(unusable),
    };
    match (doc.get("schema"), doc.get("version")) {
        (Some(inner), None) => {
            let schema = Schema::from_value(inner)
                .map_err(|e| format!("the schema inside {path} (its \"schema\" property) is not usable: {e}"))?;
            let mut rest: Vec<&str> = doc
                .as_object()
                .map(|o| o.keys().map(String::as_str).filter(|k| *k != "schema").collect())
                .unwrap_or_default();
            rest.sort_unstable();
            let note = (!rest.is_empty()).then(|| {
                format!(
                    "note: {path} is a keylab export, saved work or preset: its \"schema\" is used; \
                     its {} {} not read (this command reads its input from stdin)",
                    rest.join(", "),
                    if rest.len() == 1 { "is" } else { "are" }
                )
            });
            Ok((schema, note))
        }
        _ => Schema::from_value(&doc).map(|s| (s, None)).map_err(unusable),
    }
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
