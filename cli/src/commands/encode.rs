//! `keylab encode`: each item's keys, as the playground writes them.

use super::{load, walk};
use crate::items::item;
use crate::lines::OnError;
use serde_json::{Map, Value};

pub fn encode(schema: &str, on_error: OnError, entity: Option<&str>) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let (run, stopped) = walk(on_error, |n, line, err| {
        let (e, values) = item(&schema, line, entity)?;
        let encoded = keylab::encode(&schema, &e.name, &values).map_err(|errors| errors.to_string())?;
        for w in &encoded.warnings {
            let _ = writeln!(err, "line {n}: warning: {}", w.sentence());
        }
        let keys: Map<String, Value> = encoded
            .keys
            .iter()
            .map(|(a, k)| (a.clone(), Value::String(k.as_str().to_string())))
            .collect();
        Ok(Some(Value::Object(keys)))
    });
    run.finish(stopped)
}
