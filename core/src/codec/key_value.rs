//! A key attribute's value as DynamoDB stores it: typed, ordered as DynamoDB orders it,
//! and crossing to JSON without rounding.

use super::{plain_number, Number, NumberError};
use crate::error::{Context, Error, ErrorKind};
use crate::float_text;
use crate::schema::{AttrType, Field};
use serde::Serialize;
use serde_json::Value;

/// A key attribute's value as DynamoDB stores it, in DynamoDB's order: a String by
/// its UTF-8 bytes (`str`'s own order), a Number by value. The derived order puts every
/// S before every N; one attribute never holds both, since DynamoDB types its keys.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyValue {
    /// A String key: compared by UTF-8 bytes.
    S(String),
    /// A Number key, as DynamoDB's number text (`1500`, `-12.5`): compared numerically.
    N(Number),
}

impl KeyValue {
    /// A key of `attr_type` from its text; a Number's text must be a number.
    pub fn typed(attr_type: AttrType, text: String) -> Result<KeyValue, NumberError> {
        Ok(match attr_type {
            AttrType::S => KeyValue::S(text),
            AttrType::N => KeyValue::N(Number::from_text(text)?),
        })
    }

    pub fn as_str(&self) -> &str {
        match self {
            KeyValue::S(s) => s,
            KeyValue::N(n) => n.as_str(),
        }
    }
    pub fn attr_type(&self) -> AttrType {
        match self {
            KeyValue::S(_) => AttrType::S,
            KeyValue::N(_) => AttrType::N,
        }
    }
}

impl Serialize for KeyValue {
    /// S as a JSON string; N as a JSON number when JavaScript holds it exactly, else as
    /// its text, so no caller ever gets a rounded key. Every N of up to 15 significant
    /// digits is a number; longer ones are when the double reads back as the same text.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            KeyValue::S(text) => s.serialize_str(text),
            KeyValue::N(number) => match float_text::parse(number.as_str()) {
                Some(f) if f.is_finite() && float_text::shortest(f) == number.as_str() => s.serialize_f64(f),
                _ => s.serialize_str(number.as_str()),
            },
        }
    }
}

/// [`plain_number`] as the [`Number`] a Number key holds.
pub fn number_value(field: &Field, value: &Value) -> Result<Number, ErrorKind> {
    as_number(plain_number(field, value)?)
}

/// A numeric field writes a plain number, so a refusal here means its digits are more
/// than DynamoDB keeps.
fn as_number(text: String) -> Result<Number, ErrorKind> {
    Number::from_text(text).map_err(|why| ErrorKind::InvalidSchema {
        reason: format!("the Number key: {why}"),
        fix: "narrow the field, or make the attribute type S".into(),
    })
}

/// The Number key a Number attribute's template wrote.
pub(crate) fn number_key(text: String, ctx: impl Fn() -> Context) -> Result<KeyValue, Error> {
    let shown = text.clone();
    as_number(text)
        .map(KeyValue::N)
        .map_err(|kind| Error::new(ctx().with_value(shown), kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A Number key crosses to JSON as a number only when that number is exactly
        /// the key (judged with Rust's own float parser and printer, which the page
        /// leaves out), and always when it has at most 15 significant digits, which
        /// a double always holds; otherwise as its text.
        #[test]
        fn number_keys_are_json_numbers_only_when_exact(
            // At most 19 + 19 digits: within the 38 a Number holds.
            int in "-?[1-9][0-9]{0,18}|0",
            frac in proptest::option::of("[0-9]{0,18}[1-9]"),
        ) {
            let text = match frac { Some(f) => format!("{int}.{f}"), None => int };
            // Exact: the text is a shortest spelling of its nearest double (of two
            // equally short ones, JavaScript and Rust may print either).
            let exact = text.parse::<f64>().is_ok_and(|f| format!("{f}").len() == text.len());
            let significant = text.trim_start_matches(['-', '0', '.']).replace('.', "").len();
            let json = serde_json::to_value(KeyValue::N(Number::parse(&text).unwrap())).unwrap();
            if json.is_number() {
                prop_assert!(exact, "{} became {}", text, json);
                prop_assert_eq!(json.as_f64(), text.parse::<f64>().ok());
            } else {
                prop_assert!(significant > 15, "{} ({} digits) became {}", text, significant, json);
                prop_assert_eq!(json.as_str(), Some(text.as_str()));
            }
        }
    }
}
