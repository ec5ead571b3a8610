//! Access patterns as intents: what a query must return, said in field values, with no
//! index and no expression. keylab finds the key that serves an intent ([`plan`]) and
//! checks, on sample items, that the query returns exactly the items the intent names,
//! in its order, the first N ([`check`]). The items an intent names are worked out from
//! their values alone ([`expected`]), never from their keys, so a design whose keys sort
//! differently from its values is caught.

mod expected;
mod plan;
#[cfg(test)]
mod tests;
mod values;

pub use expected::{check, expected, rows_read, Outcome, Verdict};
pub use plan::{plan, Plan, Unserved};
pub use values::{value_order, value_range};

use crate::codec::Values;
use crate::query::builder::Range;
use crate::strict::{serde_fields, Fields};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// An access pattern as an intent: which items, in which order, how many.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Intent {
    /// What people call it: "Season top 10".
    pub name: String,
    /// The entity it reads, or the entities of one item collection.
    pub entities: Vec<String>,
    /// Fields fixed by equality, with their values.
    #[serde(default)]
    pub equal: Values,
    /// At most one range, on one field: an operator and a bound (`between` two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<Range>,
    /// The order the answer must come in, by field value; a later field breaks the
    /// ties of the ones before it. Empty: any order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub order: Vec<OrderBy>,
    /// How many items: the first N, or all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<u32>,
}

/// One field of an intent's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OrderBy {
    pub field: String,
    #[serde(default)]
    pub descending: bool,
}

/// Why a value is not an intent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntentError {
    UnknownField(crate::strict::UnknownField),
    /// A field of the wrong type or missing (serde's sentence), or a value the intent
    /// cannot hold, with what to do.
    Shape {
        why: String,
    },
}

impl IntentError {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            IntentError::UnknownField(_) => "unknownField",
            IntentError::Shape { .. } => "invalidIntent",
        }
    }
}

impl std::fmt::Display for IntentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IntentError::UnknownField(e) => e.fmt(f),
            IntentError::Shape { why } => f.write_str(why),
        }
    }
}

impl std::error::Error for IntentError {}

impl Intent {
    /// Reads an intent, refusing a field it does not know (the top level's and each
    /// order field's, named with the nearest one meant).
    pub fn from_value(value: &Value) -> Result<Intent, IntentError> {
        let top = Fields {
            place: "the access pattern",
            allowed: serde_fields::<Intent>(),
            elsewhere: &[("descending", "in each of order"), ("op", "in range")],
        };
        top.check_value(value).map_err(IntentError::UnknownField)?;
        let by = Fields {
            place: "an order field",
            allowed: serde_fields::<OrderBy>(),
            elsewhere: &[],
        };
        for order in value.get("order").and_then(Value::as_array).into_iter().flatten() {
            by.check_value(order).map_err(IntentError::UnknownField)?;
        }
        let intent: Intent = serde_json::from_value(value.clone()).map_err(|e| IntentError::Shape {
            why: format!("the access pattern: {e}"),
        })?;
        intent
            .problem()
            .map_or(Ok(intent), |why| Err(IntentError::Shape { why }))
    }

    /// What makes the intent one no query can be asked for, whatever the design.
    fn problem(&self) -> Option<String> {
        if self.name.trim().is_empty() {
            return Some("name the access pattern, such as \"Season top 10\"".into());
        }
        if self.entities.is_empty() {
            return Some(format!(
                "{:?} reads no entity: name the entity whose items it returns",
                self.name
            ));
        }
        if self.first == Some(0) {
            return Some(format!(
                "{:?} asks for the first 0 items: ask for 1 or more, or for all",
                self.name
            ));
        }
        let mut seen = Vec::new();
        for o in &self.order {
            if seen.contains(&o.field.as_str()) {
                return Some(format!(
                    "{:?} orders by {} twice: name each field once",
                    self.name, o.field
                ));
            }
            seen.push(o.field.as_str());
        }
        None
    }
}
