//! `keylab lint`: the design check over the design and its items (docs/lint.md). The
//! items are kept: collisions and hot partitions are about all of them at once.

use super::{load, walk, write_all};
use crate::items::item;
use crate::lines::{exit, OnError};
use keylab::preview::Sample;
use keylab::Values;

pub fn lint(schema: &str, on_error: OnError, entity: Option<&str>, begins_with: Option<&str>) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let prefix = match begins_with.map(|b| b.split_once('=')) {
        None => None,
        Some(Some((attribute, prefix))) => Some((attribute.to_string(), prefix.to_string())),
        Some(None) => {
            eprintln!("--begins-with needs ATTRIBUTE=PREFIX, such as SK=ORDER#1");
            return exit::UNREADABLE_FILE;
        }
    };
    let mut read: Vec<(usize, Values)> = Vec::new();
    let (run, stopped) = walk(on_error, |_, line, _| {
        let (e, values) = item(&schema, line, entity)?;
        let at = schema.entities.iter().position(|x| x.name == e.name).unwrap_or(0);
        read.push((at, values));
        Ok(None)
    });
    let samples: Vec<Sample> = read.iter().map(|(at, v)| (&schema.entities[*at], v)).collect();
    let mut findings = keylab::lint::lint(&schema, &samples);
    if let Some((attribute, p)) = &prefix {
        findings.extend(keylab::lint::order_surprise(&schema, &samples, attribute, p));
    }
    eprintln!("{} finding(s)", findings.len());
    let out: Vec<serde_json::Value> = findings.iter().map(keylab::lint::Finding::to_value).collect();
    write_all(run, stopped, out)
}
