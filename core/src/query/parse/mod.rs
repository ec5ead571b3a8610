//! Pasted Query input → [`Query`], or an error as precise as DynamoDB's
//! ValidationException, pointing at the offending token or placeholder.
//!
//! The expression grammar is the full condition grammar (OR, NOT, IN, functions, nested
//! paths), so that a forbidden construct is named rather than reported as a syntax error.
//! Checks run in DynamoDB's order: the name and value maps, the syntax, unused
//! placeholders, the key-condition rules, then the key schema and the values.

use super::names::is_reserved;
use super::{KeyCondition, Query};
use crate::codec::{KeyValue, Number, NumberError};
use crate::schema::{AttrType, Table};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::fmt;

mod grammar;
mod input;
mod key_rules;
mod lex;
mod members;
mod multi_attribute;

pub use input::parse_input;

/// Why DynamoDB would reject a Query input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidationError {
    pub message: String,
    /// Byte offset of the offending token in the expression, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(o) => write!(f, "{} (at character {})", self.message, o + 1),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ValidationError {}

pub(super) fn fail<T>(message: impl Into<String>) -> Result<T, ValidationError> {
    Err(ValidationError {
        message: message.into(),
        offset: None,
        token: None,
    })
}

pub(super) fn fail_at<T>(message: impl Into<String>, offset: usize, token: &str) -> Result<T, ValidationError> {
    Err(ValidationError {
        message: message.into(),
        offset: Some(offset),
        token: Some(token.to_string()),
    })
}

pub(super) const PREFIX: &str = "Invalid KeyConditionExpression: ";
