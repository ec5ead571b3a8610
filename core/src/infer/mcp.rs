//! The AWS DynamoDB MCP server's data model (`dynamodb_data_model.json`): `tables` as
//! `create_table` input, `items` as `batch_write_item` input per table, and
//! `access_patterns`, each a Query pattern written as an AWS CLI command. The items are
//! what the design is read from; each Query pattern is read as the Query input it runs
//! and checked against the design read: DynamoDB would accept it, and what it returns
//! from the model's items.

use super::keys::TableKeys;
use super::left_out::{Omission, Part};
use super::source::{pick_table, Pattern, Source};
use crate::migrate::stored::StoredItem;
use serde_json::{json, Map, Value};

/// Reads the model; `wanted` picks one of its tables by name.
pub fn read(text: &str, wanted: Option<&str>) -> Result<(Source, Vec<Pattern>), String> {
    let doc = document(text)?;
    let tables = match doc.get("tables") {
        Some(Value::Array(t)) if !t.is_empty() => t,
        _ => return Err("has no \"tables\" list (create_table inputs): is it a dynamodb_data_model.json?".into()),
    };
    let mut source = Source::default();
    source.notes.push("an AWS DynamoDB MCP data model".into());
    let (at, names) = pick_table(tables, wanted, &mut source.notes)?;
    let table = &tables[at];
    let name = names[at].clone();
    source.keys = Some(keys(table, &format!("tables[{at}]"), &mut source)?);
    source.table = Some(name.clone()).filter(|n| !n.is_empty());
    let requests = match doc.get("items").and_then(|i| i.get(&name)) {
        Some(Value::Array(r)) => r.as_slice(),
        Some(_) => return Err(format!("items.{name} is not a list of PutRequests")),
        None => &[],
    };
    for (n, request) in requests.iter().enumerate() {
        let place = format!("items.{name}[{n}]");
        let item = (request.get("PutRequest").and_then(|p| p.get("Item")))
            .ok_or_else(|| format!("{place} is not a {{\"PutRequest\": {{\"Item\": ...}}}}"))?;
        let stored = StoredItem::from_value(item).map_err(|why| format!("{place}.PutRequest.Item: {why}"))?;
        source.items.push(stored);
        source.places.push(format!("item {} of items.{name}", n + 1));
    }
    let patterns = patterns(&doc, &name, &mut source.notes);
    Ok((source, patterns))
}

/// The model as JSON; its guide asks for Python's `True`/`False` in BOOL values, which
/// JSON does not have, so a model that is not JSON is read as a literal.
fn document(text: &str) -> Result<Value, String> {
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => Ok(v),
        Ok(_) => Err("is not a JSON object".into()),
        Err(json_error) => match crate::js_literal::object_holding(text, "tables") {
            Ok(Some(js)) => js
                .to_json()
                .map_err(|why| format!("is not JSON ({json_error}), nor a literal keylab reads: {why}")),
            _ => Err(format!("is not JSON: {json_error}")),
        },
    }
}

fn keys(table: &Value, path: &str, source: &mut Source) -> Result<TableKeys, String> {
    let schema = |v: Option<&Value>, at: &str| -> Result<(Vec<String>, Vec<String>), String> {
        let Some(Value::Array(entries)) = v else {
            return Err(format!("{at} is not a KeySchema list"));
        };
        let (mut hash, mut range) = (Vec::new(), Vec::new());
        for (n, e) in entries.iter().enumerate() {
            let name = e.get("AttributeName").and_then(Value::as_str);
            match (name, e.get("KeyType").and_then(Value::as_str)) {
                (Some(a), Some("HASH")) => hash.push(a.to_string()),
                (Some(a), Some("RANGE")) => range.push(a.to_string()),
                _ => {
                    return Err(format!(
                        "{at}[{n}] needs an AttributeName and a KeyType of HASH or RANGE"
                    ))
                }
            }
        }
        if hash.is_empty() {
            return Err(format!("{at} has no HASH attribute"));
        }
        Ok((hash, range))
    };
    let (hash, range) = schema(table.get("KeySchema"), &format!("{path}.KeySchema"))?;
    if hash.len() > 1 || range.len() > 1 {
        return Err(format!(
            "{path}.KeySchema has more than one HASH or RANGE attribute, which a table's key cannot"
        ));
    }
    let mut keys = TableKeys {
        partition: hash[0].clone(),
        sort: range.first().cloned(),
        indexes: Vec::new(),
    };
    let indexes = match table.get("GlobalSecondaryIndexes") {
        Some(Value::Array(i)) => i.as_slice(),
        _ => &[],
    };
    // A GSI keylab cannot read is left out, never the file.
    for (n, index) in indexes.iter().enumerate() {
        let at = format!("{path}.GlobalSecondaryIndexes[{n}]");
        let name = index.get("IndexName").and_then(Value::as_str);
        let read = (name.ok_or_else(|| "it has no IndexName".to_string()))
            .and_then(|_| schema(index.get("KeySchema"), &format!("{at}.KeySchema")));
        let why = match read {
            Ok((hash, range)) if hash.len() == 1 && range.len() <= 1 => {
                keys.indexes.push((
                    name.unwrap_or_default().to_string(),
                    hash[0].clone(),
                    range.first().cloned(),
                ));
                continue;
            }
            Ok(_) => {
                "it has a multi-attribute key, which keylab reads from a keylab or ElectroDB design, not from items"
                    .into()
            }
            Err(why) => why,
        };
        source.leave_out(Omission {
            part: Part::Index {
                name: name.map_or(at, str::to_string),
            },
            reason: why,
        });
    }
    local_indexes(table, path, source);
    Ok(keys)
}

/// Each local secondary index, left out: keylab designs the table's keys and its GSIs.
fn local_indexes(table: &Value, path: &str, source: &mut Source) {
    let Some(local) = table.get("LocalSecondaryIndexes") else {
        return;
    };
    let indexes = match local {
        Value::Array(i) => i.as_slice(),
        other => std::slice::from_ref(other),
    };
    for (n, index) in indexes.iter().enumerate() {
        let name = (index.get("IndexName").and_then(Value::as_str))
            .map_or_else(|| format!("{path}.LocalSecondaryIndexes[{n}]"), str::to_string);
        source.leave_out(Omission {
            part: Part::Index { name },
            reason: "it is a local index, and keylab designs the table's keys and its GSIs".into(),
        });
    }
}

/// The model's Query patterns on `table`; every other pattern is named in a note.
fn patterns(doc: &Value, table: &str, notes: &mut Vec<String>) -> Vec<Pattern> {
    let Some(Value::Array(all)) = doc.get("access_patterns") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for (n, p) in all.iter().enumerate() {
        let text = |k: &str| p.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        let name = match p.get("pattern") {
            Some(Value::String(s)) => s.clone(),
            Some(v @ Value::Number(_)) => v.to_string(),
            _ => (n + 1).to_string(),
        };
        let (operation, description) = (text("dynamodb_operation"), text("description"));
        let label = format!("pattern {name} ({description})");
        if operation != "Query" {
            let why = match text("reason") {
                r if !r.is_empty() => r,
                _ if operation.is_empty() => "it names no DynamoDB operation".into(),
                _ => format!("a {operation}, not a Query"),
            };
            notes.push(format!("{label} is listed only: {why}"));
            continue;
        }
        if !text("table").is_empty() && text("table") != table {
            notes.push(format!("{label} is on table {}, not the one read", text("table")));
            continue;
        }
        match query_input(&text("implementation")) {
            Ok(input) => found.push(Pattern {
                name,
                description,
                input,
            }),
            Err(why) => notes.push(format!("{label}: its implementation is not read: {why}")),
        }
    }
    found
}

/// The Query input an `aws dynamodb query ...` command runs.
pub fn query_input(command: &str) -> Result<Value, String> {
    let words = shell_words(command)?;
    let at = (words.windows(2).position(|w| w[0] == "dynamodb" && w[1] == "query"))
        .ok_or("it is not an `aws dynamodb query` command")?;
    let mut input = Map::new();
    let mut i = at + 2;
    while i < words.len() {
        let flag = words[i].as_str();
        let value = words.get(i + 1).cloned();
        let mut json_value = |key: &str| -> Result<(), String> {
            let v = value.clone().ok_or(format!("{flag} has no value"))?;
            let parsed = serde_json::from_str(&v).map_err(|e| format!("{flag} is not JSON: {e}"))?;
            input.insert(key.into(), parsed);
            Ok(())
        };
        let step = match flag {
            "--table-name"
            | "--index-name"
            | "--key-condition-expression"
            | "--filter-expression"
            | "--projection-expression"
            | "--select" => {
                let key = flag_key(flag);
                input.insert(key, Value::String(value.ok_or(format!("{flag} has no value"))?));
                2
            }
            "--expression-attribute-names" => json_value("ExpressionAttributeNames").map(|_| 2)?,
            "--expression-attribute-values" => json_value("ExpressionAttributeValues").map(|_| 2)?,
            "--exclusive-start-key" => json_value("ExclusiveStartKey").map(|_| 2)?,
            "--limit" | "--max-items" => {
                let v = value.ok_or(format!("{flag} has no value"))?;
                let n: u64 = v.parse().map_err(|_| format!("{flag} {v:?} is not a whole number"))?;
                input.insert("Limit".into(), json!(n));
                2
            }
            "--no-scan-index-forward" => {
                input.insert("ScanIndexForward".into(), json!(false));
                1
            }
            "--scan-index-forward" => {
                input.insert("ScanIndexForward".into(), json!(true));
                1
            }
            "--consistent-read" | "--no-consistent-read" | "--no-paginate" => 1,
            "--return-consumed-capacity" | "--endpoint-url" | "--region" | "--output" | "--profile" => 2,
            other => return Err(format!("the option {other} is not one keylab reads")),
        };
        i += step;
    }
    Ok(Value::Object(input))
}

/// `--key-condition-expression` as the input's `KeyConditionExpression`.
fn flag_key(flag: &str) -> String {
    (flag.trim_start_matches("--").split('-'))
        .map(|w| w[..1].to_uppercase() + &w[1..])
        .collect()
}

/// A command split as a POSIX shell splits it: single quotes keep everything, double
/// quotes keep all but `\"` and `\\`, a backslash before a newline joins lines.
fn shell_words(command: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("a single quote is never closed".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => w.push(e),
                            Some(e) => {
                                w.push('\\');
                                w.push(e);
                            }
                            None => return Err("a double quote is never closed".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a double quote is never closed".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some('\n') | None => {}
                Some(e) => word.get_or_insert_with(String::new).push(e),
            },
            c if c.is_whitespace() => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests;
