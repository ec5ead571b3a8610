//! Field values compared as values: numbers as numbers, instants as instants, ids and
//! text by their canonical text's bytes. What an intent names is worked out here, apart
//! from the keys, so that a key that sorts differently from its values shows.

use crate::codec::text::apply_case;
use crate::codec::{id_text, time_given, time_of, Number};
use crate::query::builder::{Range, RangeOp};
use crate::schema::{Field, FieldKind};
use serde_json::Value;
use std::cmp::Ordering;

/// A value as it compares: a number, an instant (epoch milliseconds), or text.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Compared {
    Number(Number),
    Instant(i128),
    Text(String),
}

/// The value as it compares, or `None` when it is not one of the field's kind. Widths
/// and lengths are the keys' business, not the values': a score too wide for its key
/// still compares as the number it is.
fn compared(field: &Field, value: &Value) -> Option<Compared> {
    let text = || match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    match field.kind {
        FieldKind::Uint { .. } | FieldKind::Int { .. } | FieldKind::Decimal { .. } => {
            Some(Compared::Number(Number::parse(text()?.trim()).ok()?))
        }
        FieldKind::Timestamp { .. } => Some(Compared::Instant(time_of(field, value)?)),
        FieldKind::Text { case, .. } => Some(Compared::Text(apply_case(&text()?, case))),
        FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => Some(Compared::Text(id_text(field, value)?)),
    }
}

/// Two values of a field in a total order: as values, and those that are not one of
/// the field's kind after every one that is.
pub(super) fn total_order(field: &Field, a: &Value, b: &Value) -> Ordering {
    match (compared(field, a), compared(field, b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Greater,
        (Some(_), None) => Ordering::Less,
    }
}

/// Two values of a field in the order of their values; `None` when either is not one
/// the field takes.
pub fn value_order(field: &Field, a: &Value, b: &Value) -> Option<Ordering> {
    Some(compared(field, a)?.cmp(&compared(field, b)?))
}

/// An id against a time (ISO-8601 or epoch milliseconds), as the query builder reads a
/// time given to an id field: by the instant the id holds, to the id's precision (a
/// KSUID holds whole seconds).
fn instant_order(field: &Field, id: &Value, time: &Value) -> Option<Ordering> {
    let seconds = match field.kind {
        FieldKind::Ulid { .. } => false,
        FieldKind::Ksuid { .. } => true,
        _ => return None,
    };
    let bound = time_given(time)?;
    let bound = if seconds { bound.div_euclid(1000) * 1000 } else { bound };
    Some(time_of(field, id)?.cmp(&bound))
}

/// Whether `value` is within `range` on its field, by value: `begins_with` reads the
/// canonical text. `None` when a value or a bound is not one the field takes.
pub fn value_range(field: &Field, value: &Value, range: &Range) -> Option<bool> {
    let against = |bound: &Value| value_order(field, value, bound).or_else(|| instant_order(field, value, bound));
    Some(match range.op {
        RangeOp::Eq => against(&range.value)?.is_eq(),
        RangeOp::Lt => against(&range.value)?.is_lt(),
        RangeOp::Le => against(&range.value)?.is_le(),
        RangeOp::Gt => against(&range.value)?.is_gt(),
        RangeOp::Ge => against(&range.value)?.is_ge(),
        RangeOp::Between => against(&range.value)?.is_ge() && against(range.to.as_ref()?)?.is_le(),
        RangeOp::BeginsWith => {
            let text = |v: &Value| match compared(field, v)? {
                Compared::Text(t) => Some(t),
                _ => None,
            };
            // A prefix need not be a whole value: read it as the text it is.
            let prefix = range
                .value
                .as_str()
                .map(str::to_string)
                .or_else(|| text(&range.value))?;
            text(value)?.starts_with(&prefix)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(kind: serde_json::Value) -> Field {
        let schema = crate::Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
            "entities": [{"name": "E", "fields": {"f": kind}, "keys": {"PK": [{"field": "f"}]}}]
        }))
        .expect("a schema");
        schema.entities[0].fields[0].clone()
    }

    #[test]
    fn values_compare_as_values_not_as_text() {
        let n = field(json!({"kind": "int", "width": 4}));
        assert_eq!(value_order(&n, &json!("-10"), &json!("9")), Some(Ordering::Less));
        assert_eq!(value_order(&n, &json!("0012"), &json!(12)), Some(Ordering::Equal));
        assert_eq!(value_order(&n, &json!("x"), &json!(1)), None);
        let desc = field(json!({"kind": "uint", "width": 4, "order": "desc"}));
        // The stored order is inverted; the value order is not.
        assert_eq!(value_order(&desc, &json!(2), &json!(10)), Some(Ordering::Less));
        let t = field(json!({"kind": "text", "case": "upper"}));
        assert_eq!(value_order(&t, &json!("abc"), &json!("ABC")), Some(Ordering::Equal));
        let range = Range {
            field: "f".into(),
            op: RangeOp::Between,
            value: json!(-5),
            to: Some(json!(5)),
        };
        assert_eq!(value_range(&n, &json!("-3"), &range), Some(true));
        assert_eq!(value_range(&n, &json!("6"), &range), Some(false));
    }
}
