//! `keylab encode`: each item's keys, as the playground writes them.

use super::{load, walk};
use crate::items::item;
use crate::lines::OnError;
use keylab::schema::Entity;
use keylab::Values;
use serde_json::{Map, Value};
use std::collections::HashSet;

pub fn encode(schema: &str, on_error: OnError, entity: Option<&str>) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    // Each (entity, value name) no key reads, said once: a million lines that all carry
    // `total` are one warning, not a million.
    let mut warned: HashSet<(String, String)> = HashSet::new();
    let (run, stopped) = walk(on_error, |n, line, err| {
        let (e, values) = item(&schema, line, entity)?;
        // Before the keys: a misspelt name (`deviceid`) is often why a key is missing.
        for name in unread(e, &values) {
            if warned.insert((e.name.clone(), name.to_string())) {
                let _ = writeln!(err, "line {n}: warning: {}", unread_sentence(e, name));
            }
        }
        let encoded = keylab::encode(&schema, &e.name, &values).map_err(|errors| errors.to_string())?;
        for w in &encoded.warnings {
            let _ = writeln!(err, "line {n}: warning: {}", w.sentence());
        }
        let keys: Map<String, Value> = encoded
            .keys
            .iter()
            .map(|(a, k)| (a.clone(), Value::String(k.as_str().to_string())))
            .collect();
        // The item the keys go with, over 400 KB, is one DynamoDB refuses to write.
        let typed: Map<String, Value> = (encoded.keys.iter())
            .map(|(a, k)| (a.clone(), keylab::query::attribute_value(k)))
            .collect();
        if let Some(why) = keylab::item_size::plain_too_large(&values, &typed) {
            let _ = writeln!(err, "line {n}: warning: {why}");
        }
        Ok(Some(Value::Object(keys)))
    });
    run.finish(stopped)
}

/// The names of `values` that no key template of `entity` reads, in their order.
fn unread<'v>(entity: &Entity, values: &'v Values) -> Vec<&'v str> {
    (values.keys())
        .map(String::as_str)
        .filter(|name| !entity.keys.iter().any(|t| t.fields().any(|f| f == *name)))
        .collect()
}

/// Why value `name` writes nothing, with the fields the keys read, and the nearest one,
/// as every reader names a near miss.
fn unread_sentence(entity: &Entity, name: &str) -> String {
    let mut read: Vec<&str> = entity.keys.iter().flat_map(|t| t.fields()).collect();
    let mut seen = HashSet::new();
    read.retain(|f| seen.insert(*f));
    let meant = keylab::strict::nearest(name, &read);
    let keys = match read.is_empty() {
        true => "its keys read no field".to_string(),
        false => format!("its keys read {}", read.join(", ")),
    };
    let hint = meant.map(|m| format!(" (did you mean {m}?)")).unwrap_or_default();
    format!(
        "field {name} is given but no key of entity {} reads it: {keys}{hint}; said once, not for each line",
        entity.name
    )
}
