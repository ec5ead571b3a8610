//! `keylab decode`: keys read back into their fields' values.

use super::{load, walk};
use crate::lines::OnError;
use serde_json::Value;

pub fn decode(schema: &str, on_error: OnError, entity: &str, attribute: &str) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (run, stopped) = walk(on_error, |_, line, _| {
        let key = match line {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            other => return Err(format!("needs a key as a JSON string, found {other}")),
        };
        let values = keylab::decode(&schema, entity, attribute, &key).map_err(|e| e.to_string())?;
        serde_json::to_value(values).map(Some).map_err(|e| e.to_string())
    });
    run.finish(stopped)
}
