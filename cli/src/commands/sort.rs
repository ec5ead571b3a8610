//! `keylab sort`: one attribute's keys in DynamoDB's order. Sorting needs every key,
//! so this command keeps them (the keys and their values, not the lines).

use super::{load, walk, write_all};
use crate::items::item;
use crate::lines::OnError;
use keylab::codec::KeyValue;
use serde_json::{json, Value};

pub fn sort(schema: &str, on_error: OnError, attribute: &str, entity: Option<&str>) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut keyed: Vec<(KeyValue, Value)> = Vec::new();
    let (run, stopped) = walk(on_error, |_, line, _| {
        let (e, values) = item(&schema, line, entity)?;
        let template = e
            .template(attribute)
            .ok_or_else(|| format!("{} has no template for {attribute}", e.name))?;
        let (key, _) = keylab::codec::encode_key(&schema, e, template, &values)
            .map_err(|errors| errors.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("; "))?;
        keyed.push((key, serde_json::to_value(&values).unwrap_or(Value::Null)));
        Ok(None)
    });
    keyed.sort_by(|(a, _), (b, _)| a.cmp(b));
    let out = keyed
        .into_iter()
        .map(|(k, v)| json!({ "key": k.as_str(), "values": v }));
    write_all(run, stopped, out)
}
