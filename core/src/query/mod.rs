//! One AST for a DynamoDB Query, and everything around it:
//!
//! - [`builder`]: an access pattern stated in field values → [`Query`], with an explanation;
//! - [`Query::to_input`]: the AST → the Query input object (DynamoDB JSON or plain values);
//! - [`parse`]: a pasted Query input → [`Query`], or a precise validation error;
//! - [`eval`]: a [`Query`] run over items, exactly as DynamoDB pages through them.

/// The type names an AttributeValue may carry (`{"S": "x"}`, `{"N": "1"}`, …).
pub const ATTRIBUTE_VALUE_TYPES: [&str; 10] = ["S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"];

mod bounds;
pub mod builder;
pub mod eval;
pub mod names;
pub mod parse;
pub mod pasted;
mod reach;

use crate::codec::KeyValue;
use serde_json::{json, Map, Value};

/// The one condition a Query may put on the sort key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyCondition {
    Eq(KeyValue),
    Lt(KeyValue),
    Le(KeyValue),
    Gt(KeyValue),
    Ge(KeyValue),
    /// Inclusive at both ends.
    Between(KeyValue, KeyValue),
    /// String (and Binary) keys only.
    BeginsWith(KeyValue),
}

impl KeyCondition {
    /// The values, in expression order.
    pub fn values(&self) -> Vec<&KeyValue> {
        match self {
            KeyCondition::Between(a, b) => vec![a, b],
            KeyCondition::Eq(v)
            | KeyCondition::Lt(v)
            | KeyCondition::Le(v)
            | KeyCondition::Gt(v)
            | KeyCondition::Ge(v)
            | KeyCondition::BeginsWith(v) => vec![v],
        }
    }
}

/// A Query: the partition key by equality, at most one sort-key condition, the index,
/// the direction and the page size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    pub table: String,
    pub index: Option<String>,
    pub partition: (String, KeyValue),
    pub sort: Option<(String, KeyCondition)>,
    pub scan_index_forward: bool,
    pub limit: Option<u32>,
    /// Where the previous page stopped (DynamoDB JSON), for paging.
    pub exclusive_start_key: Option<Map<String, Value>>,
}

/// How attribute values are written: DynamoDB JSON (`{"S": "x"}`), as the low-level
/// client takes them, or plain values, as the DocumentClient takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueStyle {
    DynamoJson,
    Plain,
}

/// A key value as DynamoDB JSON.
pub fn attribute_value(v: &KeyValue) -> Value {
    match v {
        KeyValue::S(s) => json!({ "S": s }),
        KeyValue::N(n) => json!({ "N": n }),
    }
}

fn plain_value(v: &KeyValue) -> Value {
    match v {
        KeyValue::S(s) => Value::String(s.clone()),
        // Same rule as the codec: a JSON number only when JavaScript holds it exactly.
        KeyValue::N(_) => serde_json::to_value(v).unwrap_or(Value::Null),
    }
}

/// `{"S": "x"}` → `"x"`, `{"N": "1"}` → `1` (when exact), for DocumentClient keys.
fn plain_of_attribute(v: &Value) -> Value {
    match (v.get("S"), v.get("N")) {
        (Some(s), _) => s.clone(),
        (_, Some(Value::String(n))) => plain_value(&KeyValue::N(n.clone())),
        _ => v.clone(),
    }
}

impl Query {
    /// The expression with its placeholders: every name aliased (`#pk`, `#sk`) so that
    /// reserved words and odd characters never matter.
    pub fn expression(&self) -> String {
        let pk = "#pk = :pk";
        match &self.sort {
            None => pk.to_string(),
            Some((_, c)) => {
                let sk = match c {
                    KeyCondition::Eq(_) => "#sk = :sk".to_string(),
                    KeyCondition::Lt(_) => "#sk < :sk".to_string(),
                    KeyCondition::Le(_) => "#sk <= :sk".to_string(),
                    KeyCondition::Gt(_) => "#sk > :sk".to_string(),
                    KeyCondition::Ge(_) => "#sk >= :sk".to_string(),
                    KeyCondition::Between(..) => "#sk BETWEEN :lo AND :hi".to_string(),
                    KeyCondition::BeginsWith(_) => "begins_with(#sk, :sk)".to_string(),
                };
                format!("{pk} AND {sk}")
            }
        }
    }

    /// Placeholder → value, in expression order.
    pub fn placeholders(&self) -> Vec<(&'static str, &KeyValue)> {
        let mut out = vec![(":pk", &self.partition.1)];
        if let Some((_, c)) = &self.sort {
            match c {
                KeyCondition::Between(a, b) => {
                    out.push((":lo", a));
                    out.push((":hi", b));
                }
                other => out.push((":sk", other.values()[0])),
            }
        }
        out
    }

    /// The Query input object, ready for an SDK.
    pub fn to_input(&self, style: ValueStyle) -> Value {
        let mut input = Map::new();
        input.insert("TableName".into(), json!(self.table));
        if let Some(ix) = &self.index {
            input.insert("IndexName".into(), json!(ix));
        }
        input.insert("KeyConditionExpression".into(), json!(self.expression()));
        let mut names = Map::new();
        names.insert("#pk".into(), json!(self.partition.0));
        if let Some((attr, _)) = &self.sort {
            names.insert("#sk".into(), json!(attr));
        }
        input.insert("ExpressionAttributeNames".into(), Value::Object(names));
        let values: Map<String, Value> = self
            .placeholders()
            .into_iter()
            .map(|(p, v)| {
                let rendered = match style {
                    ValueStyle::DynamoJson => attribute_value(v),
                    ValueStyle::Plain => plain_value(v),
                };
                (p.to_string(), rendered)
            })
            .collect();
        input.insert("ExpressionAttributeValues".into(), Value::Object(values));
        input.insert("ScanIndexForward".into(), json!(self.scan_index_forward));
        if let Some(l) = self.limit {
            input.insert("Limit".into(), json!(l));
        }
        if let Some(k) = &self.exclusive_start_key {
            let key = match style {
                ValueStyle::DynamoJson => k.clone(),
                ValueStyle::Plain => k.iter().map(|(a, v)| (a.clone(), plain_of_attribute(v))).collect(),
            };
            input.insert("ExclusiveStartKey".into(), Value::Object(key));
        }
        Value::Object(input)
    }
}
