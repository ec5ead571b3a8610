//! `keylab query`: a Query input run over DynamoDB JSON items (bare, or an export's
//! `{"Item": ...}` lines), every page, in order.
//! The items are kept: a Query reads them in key order, whatever order they came in.

use super::{load, walk, write_all};
use crate::lines::{exit, OnError};
use keylab::query::eval::{run as evaluate, Item};
use keylab::query::parse::parse_input;
use serde_json::Value;

pub fn query(schema: &str, on_error: OnError, input: &str) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let text = match std::fs::read_to_string(input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read the query input {input}: {e}");
            return exit::UNREADABLE_FILE;
        }
    };
    let parsed = serde_json::from_str::<Value>(&text)
        .map_err(|e| format!("is not JSON: {e}"))
        .and_then(|v| parse_input(&schema.table, &v).map_err(|e| e.to_string()));
    let mut q = match parsed {
        Ok(q) => q,
        Err(why) => {
            eprintln!("the query input {input} {why}");
            return exit::UNREADABLE_FILE;
        }
    };
    let mut items: Vec<Item> = Vec::new();
    let partition = schema.table.primary.partition.clone();
    let (run, stopped) = walk(on_error, |_, line, _| match line {
        Value::Object(m) => {
            // An export to S3 wraps each item: {"Item": {...}}, as migrate reads it.
            let m = match m.get("Item") {
                Some(Value::Object(inner)) if m.len() == 1 && !m.contains_key(&partition) => inner.clone(),
                _ => m,
            };
            // An item without the table's partition key cannot be in the table: refused
            // with the line's number, not kept where no query would ever return it.
            if !m.contains_key(&partition) {
                return Err(format!(
                    "has no {partition} attribute, the table's partition key: give one item in DynamoDB JSON per line (or an export's {{\"Item\": ...}} line)"
                ));
            }
            items.push(m);
            Ok(None)
        }
        other => Err(format!("needs an item in DynamoDB JSON, found {other}")),
    });
    let mut out = Vec::new();
    let mut pages = 0;
    loop {
        let page = evaluate(&schema.table, &items, &q);
        pages += 1;
        out.extend(page.items.into_iter().map(Value::Object));
        match page.last_evaluated_key {
            Some(k) if pages < 1_000_000 => q.exclusive_start_key = Some(k),
            _ => break,
        }
    }
    eprintln!("{} item(s) returned in {pages} page(s)", out.len());
    write_all(run, stopped, out)
}
