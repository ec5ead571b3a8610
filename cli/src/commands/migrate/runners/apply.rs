//! Re-keys a DynamoDB table in place with the AWS SDK for Rust: applies the plan that
//! `keylab migrate --emit transactions` wrote, one TransactWriteItems per changed item
//! (the item under its new keys, put only where no item is yet, and its old item
//! deleted, both or neither; or, when only its index keys change, those attributes
//! updated while the item is there).
//!
//!     cargo run --release -- PLAN.jsonl [--endpoint-url URL]
//!
//! with, in Cargo.toml: aws-config (feature "behavior-version-latest"),
//! aws-sdk-dynamodb, tokio (features "macros", "rt-multi-thread") and serde_json.
//!
//! Run it again at will: a change already in the table (its new key holds an item, its
//! old key none) is counted, not repeated. A change whose new key holds another item
//! waits for a later pass, in case that item moves away in this one; when a pass moves
//! nothing, the changes still waiting are listed and it exits 1 (keylab migrate's
//! summary names the collisions to resolve first).

use aws_sdk_dynamodb::error::SdkError;
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, Delete, Put, TransactWriteItem, Update};
use aws_sdk_dynamodb::Client;
use serde_json::Value;
use std::collections::HashMap;
use std::process::ExitCode;

type Item = HashMap<String, AttributeValue>;

#[tokio::main]
async fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let endpoint = args.iter().position(|a| a == "--endpoint-url").map(|at| {
        let url = args.get(at + 1).cloned().unwrap_or_default();
        args.drain(at..(at + 2).min(args.len()));
        url
    });
    let [plan] = &args[..] else {
        eprintln!("usage: apply PLAN.jsonl [--endpoint-url URL]");
        return ExitCode::from(2);
    };
    match apply(plan, endpoint).await {
        Ok(code) => code,
        Err(why) => {
            eprintln!("{why}");
            ExitCode::FAILURE
        }
    }
}

/// One plan line: its writes, and, for a move, what tells whether it is done.
struct Change {
    line: usize,
    writes: Vec<TransactWriteItem>,
    /// The table, the new key and the old key of a move; none for an update.
    moved: Option<(String, Item, Item)>,
}

async fn apply(plan: &str, endpoint: Option<String>) -> Result<ExitCode, String> {
    let mut config = aws_config::from_env();
    if let Some(url) = endpoint {
        config = config.endpoint_url(url);
    }
    let client = Client::new(&config.load().await);
    let text = std::fs::read_to_string(plan).map_err(|e| format!("cannot read {plan}: {e}"))?;
    let mut waiting = Vec::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: Value = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        waiting.push(change(n + 1, &value).map_err(|e| format!("line {}: {e}", n + 1))?);
    }
    let (mut applied, mut already, mut gone) = (0, 0, 0);
    while !waiting.is_empty() {
        let mut blocked = Vec::new();
        let before = waiting.len();
        for c in waiting {
            match client
                .transact_write_items()
                .set_transact_items(Some(c.writes.clone()))
                .send()
                .await
            {
                Ok(_) => applied += 1,
                Err(SdkError::ServiceError(e)) => match e.err() {
                    TransactWriteItemsError::TransactionCanceledException(t)
                        if t.cancellation_reasons().first().and_then(|r| r.code())
                            == Some("ConditionalCheckFailed") =>
                    {
                        if c.moved.is_none() {
                            // Only other keys change, and the item was deleted since the export.
                            eprintln!("line {}: the item is no longer in the table; nothing written", c.line);
                            gone += 1;
                        } else if moved(&client, &c).await? {
                            already += 1;
                        } else {
                            blocked.push(c);
                        }
                    }
                    other => return Err(format!("line {}: {other}", c.line)),
                },
                Err(e) => return Err(format!("line {}: {e}", c.line)),
            }
        }
        if blocked.len() == before {
            for c in &blocked {
                eprintln!(
                    "line {}: its new key already holds an item (written there since the export, or another item that collides); left as it is",
                    c.line
                );
            }
            eprintln!(
                "applied {applied} change(s), {already} already applied; {} left as they are",
                blocked.len()
            );
            return Ok(ExitCode::FAILURE);
        }
        waiting = blocked;
    }
    println!("applied {applied} change(s), {already} already applied, {gone} gone");
    Ok(ExitCode::SUCCESS)
}

/// Whether a move is in the table: its new key holds an item, its old key none.
async fn moved(client: &Client, c: &Change) -> Result<bool, String> {
    let Some((table, new_key, old_key)) = &c.moved else {
        return Ok(false);
    };
    let held = |key: Item| async move {
        let got = client
            .get_item()
            .table_name(table)
            .set_key(Some(key))
            .consistent_read(true)
            .send()
            .await;
        got.map(|r| r.item.is_some())
            .map_err(|e| format!("line {}: {e}", c.line))
    };
    Ok(held(new_key.clone()).await? && !held(old_key.clone()).await?)
}

fn text(v: &Value, what: &str) -> Result<String, String> {
    v.as_str().map(str::to_string).ok_or(format!("has no {what}"))
}

fn names(v: &Value) -> Result<Option<HashMap<String, String>>, String> {
    let Some(map) = v.as_object() else { return Ok(None) };
    map.iter()
        .map(|(k, v)| Ok((k.clone(), text(v, "attribute name")?)))
        .collect::<Result<_, _>>()
        .map(Some)
}

fn optional(v: &Value, what: &str) -> Result<Option<String>, String> {
    if v.is_null() {
        Ok(None)
    } else {
        text(v, what).map(Some)
    }
}

fn change(line: usize, v: &Value) -> Result<Change, String> {
    let items = v["TransactItems"].as_array().ok_or("has no TransactItems")?;
    let mut writes = Vec::new();
    for w in items {
        let built = if let Some(p) = w.get("Put") {
            let put = Put::builder()
                .table_name(text(&p["TableName"], "TableName")?)
                .set_item(Some(item(&p["Item"])?))
                .set_condition_expression(optional(&p["ConditionExpression"], "ConditionExpression")?)
                .set_expression_attribute_names(names(&p["ExpressionAttributeNames"])?);
            TransactWriteItem::builder().put(put.build().map_err(|e| e.to_string())?)
        } else if let Some(d) = w.get("Delete") {
            let delete = Delete::builder()
                .table_name(text(&d["TableName"], "TableName")?)
                .set_key(Some(item(&d["Key"])?));
            TransactWriteItem::builder().delete(delete.build().map_err(|e| e.to_string())?)
        } else if let Some(u) = w.get("Update") {
            let values = match u.get("ExpressionAttributeValues") {
                Some(v) => Some(item(v)?),
                None => None,
            };
            let update = Update::builder()
                .table_name(text(&u["TableName"], "TableName")?)
                .set_key(Some(item(&u["Key"])?))
                .update_expression(text(&u["UpdateExpression"], "UpdateExpression")?)
                .set_condition_expression(optional(&u["ConditionExpression"], "ConditionExpression")?)
                .set_expression_attribute_names(names(&u["ExpressionAttributeNames"])?)
                .set_expression_attribute_values(values);
            TransactWriteItem::builder().update(update.build().map_err(|e| e.to_string())?)
        } else {
            return Err("holds a write that is not a Put, a Delete or an Update".into());
        };
        writes.push(built.build());
    }
    let moved = match (
        items.first().and_then(|w| w.get("Put")),
        items.get(1).and_then(|w| w.get("Delete")),
    ) {
        (Some(put), Some(delete)) => {
            let (new_item, old_key) = (item(&put["Item"])?, item(&delete["Key"])?);
            let new_key = old_key
                .keys()
                .filter_map(|a| Some((a.clone(), new_item.get(a)?.clone())))
                .collect();
            Some((text(&put["TableName"], "TableName")?, new_key, old_key))
        }
        _ => None,
    };
    Ok(Change { line, writes, moved })
}

/// An item in DynamoDB JSON, as the plan holds it.
fn item(v: &Value) -> Result<Item, String> {
    let map = v.as_object().ok_or("an item is not an object")?;
    map.iter()
        .map(|(name, value)| Ok((name.clone(), attribute(value)?)))
        .collect()
}

fn attribute(v: &Value) -> Result<AttributeValue, String> {
    let (tag, inner) = v
        .as_object()
        .and_then(|m| m.iter().next())
        .ok_or("an attribute value is not {\"S\": ...}")?;
    let strings = |v: &Value| -> Result<Vec<String>, String> {
        v.as_array()
            .ok_or(format!("{tag} is not a list"))?
            .iter()
            .map(|s| {
                s.as_str()
                    .map(str::to_string)
                    .ok_or(format!("{tag} holds a non-string"))
            })
            .collect()
    };
    Ok(match (tag.as_str(), inner) {
        ("S", Value::String(s)) => AttributeValue::S(s.clone()),
        ("N", Value::String(n)) => AttributeValue::N(n.clone()),
        ("BOOL", Value::Bool(b)) => AttributeValue::Bool(*b),
        ("NULL", _) => AttributeValue::Null(true),
        ("SS", _) => AttributeValue::Ss(strings(inner)?),
        ("NS", _) => AttributeValue::Ns(strings(inner)?),
        ("B", Value::String(b)) => AttributeValue::B(Blob::new(base64(b)?)),
        ("BS", _) => AttributeValue::Bs(
            strings(inner)?
                .iter()
                .map(|b| base64(b).map(Blob::new))
                .collect::<Result<_, _>>()?,
        ),
        ("L", Value::Array(xs)) => AttributeValue::L(xs.iter().map(attribute).collect::<Result<_, _>>()?),
        ("M", Value::Object(_)) => AttributeValue::M(item(inner)?),
        _ => return Err(format!("{tag} is not a DynamoDB type this program reads")),
    })
}

/// Binary attributes travel in base64 (RFC 4648, padded), as DynamoDB JSON writes them.
fn base64(text: &str) -> Result<Vec<u8>, String> {
    let sextet = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits = text.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for &c in digits {
        acc = acc << 6 | u32::from(sextet(c).ok_or("a binary value is not base64")?);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Ok(out)
}
