//! Reads `{schema, items: [{entity, values, id}], cases: [{pattern}], endpoint}` as JSON on
//! stdin and writes, for the snippet execution test (tests/snippets/run.mjs):
//! the items as DynamoDB JSON (as `keylab::items` writes them, with their `id`), per
//! target the program that writes them into a table of its own (`Writes_<target>`,
//! created by the program), and per case the Query input, the number of items the
//! pattern promises (`maxItems`), the items a client paging through the pages must print
//! (from the evaluator, stopping at `maxItems`), and every target's program, also as it
//! reads the target's own written table.

use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{run, Item};
use keylab::query::{Query, ValueStyle};
use keylab::snippet::{render, render_writes, Options, Target};
use keylab::Schema;
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
        let mut item: Item =
            keylab::items::item(&schema, entity, &values).map_err(|e| format!("item {}: {e}", it["id"]))?;
        item.insert("id".into(), json!({ "S": it["id"] }));
        items.push(item);
    }
    let mut cases = Vec::new();
    for c in doc["cases"].as_array().into_iter().flatten() {
        let pattern = AccessPattern::from_value(&c["pattern"]).map_err(|e| e.to_string())?;
        let built = build(&schema, &pattern).map_err(|e| e.message())?;
        cases.push(json!({
            "input": built.query.to_input(ValueStyle::DynamoJson),
            "maxItems": built.query.max_items,
            "expected": read(&schema, &items, &built.query),
            "snippets": snippets(&built.query, endpoint.as_ref()),
        }));
    }
    let mut writes = Map::new();
    for target in Target::ALL {
        let options = Options {
            table: Some(written_table(target)),
            endpoint: endpoint.clone(),
            program: true,
        };
        let params = Options {
            program: false,
            ..options.clone()
        };
        let out = match (
            render_writes(target, &schema.table, &items, &options),
            render_writes(target, &schema.table, &items, &params),
        ) {
            (Ok(program), Ok(params)) => {
                json!({ "program": program, "params": params, "table": written_table(target) })
            }
            (Err(why), _) | (_, Err(why)) => json!({ "unsupported": why.to_string() }),
        };
        writes.insert(target.id().to_string(), out);
    }
    let out = json!({ "items": items, "cases": cases, "writes": writes });
    println!("{out}");
    Ok(())
}

/// What a client prints: one request after another ([`run`], DynamoDB's one page),
/// following `LastEvaluatedKey`, and stopping once it has the items the pattern
/// promises (`max_items`), as every program keylab writes does.
fn read(schema: &Schema, items: &[Item], query: &Query) -> Vec<Value> {
    let most = query.max_items.map_or(usize::MAX, |n| n as usize);
    let mut expected = Vec::new();
    let mut query = query.clone();
    for _ in 0..10_000 {
        let page = run(&schema.table, items, &query);
        expected.extend(page.items.into_iter().map(Value::Object));
        match page.last_evaluated_key {
            Some(k) if expected.len() < most => query.exclusive_start_key = Some(k),
            _ => break,
        }
    }
    expected.truncate(most);
    expected
}

/// Every target's program, its parameters alone, and its program over the target's
/// own written table (or why the target cannot express the query).
fn snippets(query: &Query, endpoint: Option<&String>) -> Map<String, Value> {
    let mut snippets = Map::new();
    for target in Target::ALL {
        let program = Options {
            table: None,
            endpoint: endpoint.cloned(),
            program: true,
        };
        let params = Options {
            program: false,
            ..program.clone()
        };
        let own = Options {
            table: Some(written_table(target)),
            ..program.clone()
        };
        let out = match (
            render(query, target, &program),
            render(query, target, &params),
            render(query, target, &own),
        ) {
            (Ok(code), Ok(params), Ok(own)) => json!({ "program": code, "params": params, "written": own }),
            (Err(why), _, _) | (_, Err(why), _) | (_, _, Err(why)) => json!({ "unsupported": why.to_string() }),
        };
        snippets.insert(target.id().to_string(), out);
    }
    snippets
}

/// The table a target's write program creates and fills, and its query programs read.
fn written_table(target: Target) -> String {
    format!("Writes_{}", target.id().replace('-', "_"))
}
