//! Reads `{schema, items: [{entity, values, id}], cases: [{pattern}], endpoint}` as JSON on
//! stdin and writes, for the snippet execution test (tests/snippets/run.mjs):
//! the items as DynamoDB JSON, and per case the Query input, the items a client paging
//! through every page must print (from the evaluator), and every target's program.

use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{run, Item};
use keylab::query::{attribute_value, ValueStyle};
use keylab::snippet::{render, Options, Target};
use keylab::{codec, Schema};
use serde_json::{json, Map, Value};
use std::io::Read;

fn main() {
    if let Err(e) = emit() {
        eprintln!("snippets: {e}");
        std::process::exit(1);
    }
}

fn emit() -> Result<(), String> {
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).map_err(|e| e.to_string())?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let schema = Schema::from_value(&doc["schema"]).map_err(|e| e.to_string())?;
    let endpoint = doc["endpoint"].as_str().map(str::to_string);
    let mut items: Vec<Item> = Vec::new();
    for it in doc["items"].as_array().into_iter().flatten() {
        let entity = it["entity"].as_str().unwrap_or_default();
        let values = it["values"].as_object().cloned().unwrap_or_default();
        let encoded = codec::encode(&schema, entity, &values).map_err(|e| format!("item {}: {e}", it["id"]))?;
        let mut item: Item = encoded
            .keys
            .iter()
            .map(|(a, k)| (a.clone(), attribute_value(k)))
            .collect();
        item.insert("id".into(), json!({ "S": it["id"] }));
        items.push(item);
    }
    let mut cases = Vec::new();
    for c in doc["cases"].as_array().into_iter().flatten() {
        let pattern = AccessPattern::from_value(&c["pattern"])?;
        let built = build(&schema, &pattern).map_err(|e| e.message())?;
        let mut expected = Vec::new();
        let mut query = built.query.clone();
        for _ in 0..10_000 {
            let page = run(&schema.table, &items, &query);
            expected.extend(page.items.into_iter().map(Value::Object));
            match page.last_evaluated_key {
                Some(k) => query.exclusive_start_key = Some(k),
                None => break,
            }
        }
        let mut snippets = Map::new();
        for target in Target::ALL {
            let program = Options {
                table: None,
                endpoint: endpoint.clone(),
                program: true,
            };
            let params = Options {
                program: false,
                ..program.clone()
            };
            let out = match (
                render(&built.query, target, &program),
                render(&built.query, target, &params),
            ) {
                (Ok(code), Ok(params)) => json!({ "program": code, "params": params }),
                (Err(why), _) | (_, Err(why)) => json!({ "unsupported": why }),
            };
            snippets.insert(target.id().to_string(), out);
        }
        cases.push(json!({
            "input": built.query.to_input(ValueStyle::DynamoJson),
            "expected": expected,
            "snippets": snippets,
        }));
    }
    let out = json!({ "items": items, "cases": cases });
    println!("{out}");
    Ok(())
}
