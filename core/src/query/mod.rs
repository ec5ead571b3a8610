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
pub mod columns;
pub mod eval;
pub mod names;
pub mod parse;
pub mod pasted;
mod reach;

use crate::codec::{KeyValue, Number};
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
/// the direction, the page size and how many items the pattern promises.
///
/// On a GSI with a multi-attribute key, every partition attribute is fixed by
/// equality (`partition`, then `partition_more`), and the sort attributes are given
/// left to right: `sort_leading` fixes the first ones by equality, and `sort` holds
/// the condition on the last one given, the only one that may be a range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    pub table: String,
    pub index: Option<String>,
    pub partition: (String, KeyValue),
    pub partition_more: Vec<(String, KeyValue)>,
    pub sort_leading: Vec<(String, KeyValue)>,
    pub sort: Option<(String, KeyCondition)>,
    pub scan_index_forward: bool,
    /// DynamoDB's `Limit`: the most items one page holds (the page size), never how
    /// many items the reader gets: a client following `LastEvaluatedKey` reads on.
    pub limit: Option<u32>,
    /// How many items the pattern promises ("the first 3"): a client stops after this
    /// many, however many pages that takes. DynamoDB has no such parameter, so it is not
    /// in [`Query::to_input`]; the SDKs' paginators call it MaxItems.
    pub max_items: Option<u32>,
    /// Where the previous page stopped (DynamoDB JSON), for paging.
    pub exclusive_start_key: Option<Map<String, Value>>,
}

/// The `i`th placeholder of a kind: `#pk`, `#pk2`, … (the first keeps the name a
/// single-attribute key has always had).
fn placeholder(sigil: char, base: &str, i: usize) -> String {
    if i == 0 {
        format!("{sigil}{base}")
    } else {
        format!("{sigil}{base}{}", i + 1)
    }
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
        KeyValue::N(n) => json!({ "N": n.as_str() }),
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
        (_, Some(Value::String(n))) => match Number::parse(n) {
            Ok(number) => plain_value(&KeyValue::N(number)),
            // Not a number DynamoDB stores: shown as the text it is, never rounded.
            Err(_) => Value::String(n.clone()),
        },
        _ => v.clone(),
    }
}

impl Query {
    /// Every partition attribute with its value, in key order.
    pub fn partition_conditions(&self) -> impl Iterator<Item = &(String, KeyValue)> {
        std::iter::once(&self.partition).chain(&self.partition_more)
    }

    /// Name placeholder → attribute, in expression order: `#pk` (`#pk2`, … for a
    /// multi-attribute partition key), then `#sk` (`#sk2`, …).
    pub fn names(&self) -> Vec<(String, &str)> {
        let mut out: Vec<(String, &str)> = self
            .partition_conditions()
            .enumerate()
            .map(|(i, (a, _))| (placeholder('#', "pk", i), a.as_str()))
            .collect();
        let sorts = self
            .sort_leading
            .iter()
            .map(|(a, _)| a.as_str())
            .chain(self.sort.as_ref().map(|(a, _)| a.as_str()));
        out.extend(sorts.enumerate().map(|(i, a)| (placeholder('#', "sk", i), a)));
        out
    }

    /// The expression with its placeholders: every name aliased (`#pk`, `#sk`) so that
    /// reserved words and odd characters never matter.
    pub fn expression(&self) -> String {
        let mut parts: Vec<String> = (0..1 + self.partition_more.len())
            .map(|i| format!("{} = {}", placeholder('#', "pk", i), placeholder(':', "pk", i)))
            .collect();
        parts.extend(
            (0..self.sort_leading.len())
                .map(|i| format!("{} = {}", placeholder('#', "sk", i), placeholder(':', "sk", i))),
        );
        if let Some((_, c)) = &self.sort {
            let n = self.sort_leading.len();
            let (name, value) = (placeholder('#', "sk", n), placeholder(':', "sk", n));
            parts.push(match c {
                KeyCondition::Eq(_) => format!("{name} = {value}"),
                KeyCondition::Lt(_) => format!("{name} < {value}"),
                KeyCondition::Le(_) => format!("{name} <= {value}"),
                KeyCondition::Gt(_) => format!("{name} > {value}"),
                KeyCondition::Ge(_) => format!("{name} >= {value}"),
                KeyCondition::Between(..) => format!("{name} BETWEEN :lo AND :hi"),
                KeyCondition::BeginsWith(_) => format!("begins_with({name}, {value})"),
            });
        }
        parts.join(" AND ")
    }

    /// Placeholder → value, in expression order.
    pub fn placeholders(&self) -> Vec<(String, &KeyValue)> {
        let mut out: Vec<(String, &KeyValue)> = self
            .partition_conditions()
            .enumerate()
            .map(|(i, (_, v))| (placeholder(':', "pk", i), v))
            .collect();
        out.extend(
            self.sort_leading
                .iter()
                .enumerate()
                .map(|(i, (_, v))| (placeholder(':', "sk", i), v)),
        );
        if let Some((_, c)) = &self.sort {
            match c {
                KeyCondition::Between(a, b) => {
                    out.push((":lo".into(), a));
                    out.push((":hi".into(), b));
                }
                other => out.push((placeholder(':', "sk", self.sort_leading.len()), other.values()[0])),
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
        let names: Map<String, Value> = self.names().into_iter().map(|(p, a)| (p, json!(a))).collect();
        input.insert("ExpressionAttributeNames".into(), Value::Object(names));
        let values: Map<String, Value> = self
            .placeholders()
            .into_iter()
            .map(|(p, v)| {
                let rendered = match style {
                    ValueStyle::DynamoJson => attribute_value(v),
                    ValueStyle::Plain => plain_value(v),
                };
                (p, rendered)
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
