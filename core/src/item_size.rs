//! DynamoDB's 400 KB item limit, counted as its developer guide counts an item: the
//! UTF-8 bytes of every attribute name and value; a Binary's bytes; a Number about one
//! byte per two significant digits, plus one; a Boolean or Null one byte; a List or Map
//! three bytes, plus one per element, plus its elements (a Map's with their names);
//! a set its elements. DynamoDB refuses to write a larger item, so keylab says so
//! wherever it reads or writes one, rather than let the write fail later.

use serde_json::{Map, Value};

/// 400 KB: the largest item DynamoDB writes.
pub const ITEM_LIMIT: usize = 400 * 1024;

/// The size of an item given as DynamoDB JSON (`{"S": "x"}`, `{"N": "1"}`, ...).
pub fn stored_bytes(item: &Map<String, Value>) -> usize {
    item.iter().map(|(name, v)| name.len() + attribute_bytes(v)).sum()
}

fn attribute_bytes(v: &Value) -> usize {
    let Value::Object(typed) = v else {
        return plain_bytes(v);
    };
    typed.iter().map(|(t, inner)| typed_bytes(t, inner)).sum()
}

/// The size of a value of DynamoDB type `tag`.
fn typed_bytes(tag: &str, inner: &Value) -> usize {
    match (tag, inner) {
        ("S", Value::String(s)) => s.len(),
        ("B", Value::String(b)) => base64_bytes(b),
        ("N", Value::String(n)) => number_bytes(n),
        ("SS", Value::Array(xs)) => xs.iter().filter_map(Value::as_str).map(str::len).sum(),
        ("NS", Value::Array(xs)) => xs.iter().filter_map(Value::as_str).map(number_bytes).sum(),
        ("BS", Value::Array(xs)) => xs.iter().filter_map(Value::as_str).map(base64_bytes).sum(),
        ("L", Value::Array(xs)) => 3 + xs.iter().map(|x| 1 + attribute_bytes(x)).sum::<usize>(),
        ("M", Value::Object(m)) => 3 + m.iter().map(|(k, x)| 1 + k.len() + attribute_bytes(x)).sum::<usize>(),
        _ => 1,
    }
}

/// [`too_large`] for an item as an export's line holds it (`keylab migrate`, `import`):
/// walked as read, with nothing copied.
pub fn stored_item_too_large(item: &crate::migrate::stored::StoredItem) -> Option<String> {
    use crate::migrate::stored::Attribute;
    check(item.0.iter().map(|(name, a)| {
        let value = match a {
            Attribute::S(s) => s.len(),
            Attribute::N(n) => number_bytes(n),
            Attribute::Other(tag, v) => typed_bytes(tag, v),
        };
        (name.as_ref(), name.len() + value)
    }))
}

/// The size of a value given plainly, as a DocumentClient writes it: text as S, a
/// number as N, an array as L, an object as M.
pub fn plain_bytes(v: &Value) -> usize {
    match v {
        Value::String(s) => s.len(),
        Value::Number(n) => number_bytes(&n.to_string()),
        Value::Bool(_) | Value::Null => 1,
        Value::Array(xs) => 3 + xs.iter().map(|x| 1 + plain_bytes(x)).sum::<usize>(),
        Value::Object(m) => 3 + m.iter().map(|(k, x)| 1 + k.len() + plain_bytes(x)).sum::<usize>(),
    }
}

/// About one byte per two significant digits, plus one (and one for a minus sign).
fn number_bytes(n: &str) -> usize {
    let mantissa = n.split(['e', 'E']).next().unwrap_or_default();
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let significant = digits.trim_start_matches('0').trim_end_matches('0').len().max(1);
    1 + significant.div_ceil(2) + usize::from(n.starts_with('-'))
}

/// The bytes a base64 text stands for.
fn base64_bytes(b: &str) -> usize {
    let padding = b.bytes().rev().take_while(|&c| c == b'=').count();
    (b.len() / 4 * 3 + b.len() % 4 * 3 / 4).saturating_sub(padding)
}

/// Why an item of `bytes`, whose largest attribute is `largest`, cannot be written; or
/// `None` when it fits.
pub fn too_large(bytes: usize, largest: Option<(&str, usize)>) -> Option<String> {
    (bytes > ITEM_LIMIT).then(|| {
        let largest = largest.map_or(String::new(), |(name, size)| {
            format!("; its largest attribute is {name} ({size} bytes)")
        });
        format!(
            "the item is {bytes} bytes, over DynamoDB's 400 KB item limit ({ITEM_LIMIT} bytes), so DynamoDB refuses to write it{largest}: keep a large value in S3 and store its key"
        )
    })
}

/// [`too_large`] for an item as DynamoDB JSON.
pub fn stored_too_large(item: &Map<String, Value>) -> Option<String> {
    let sizes = item
        .iter()
        .map(|(name, v)| (name.as_str(), name.len() + attribute_bytes(v)));
    check(sizes)
}

/// [`too_large`] for an item given as plain values (`keylab encode`'s lines) beside its
/// key attributes as DynamoDB JSON.
pub fn plain_too_large(values: &Map<String, Value>, keys: &Map<String, Value>) -> Option<String> {
    let plain = (values.iter())
        .filter(|(name, _)| !keys.contains_key(*name))
        .map(|(name, v)| (name.as_str(), name.len() + plain_bytes(v)));
    let keyed = keys
        .iter()
        .map(|(name, v)| (name.as_str(), name.len() + attribute_bytes(v)));
    check(plain.chain(keyed))
}

fn check<'a>(sizes: impl Iterator<Item = (&'a str, usize)>) -> Option<String> {
    let (mut total, mut largest) = (0, None::<(&str, usize)>);
    for (name, size) in sizes {
        total += size;
        if largest.is_none_or(|(_, most)| size > most) {
            largest = Some((name, size));
        }
    }
    too_large(total, largest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    /// The developer guide's own figures, and the limit at its edge.
    #[test]
    fn sizes_follow_the_developer_guide() {
        assert_eq!(stored_bytes(&map(json!({"PK": {"S": "é"}}))), 2 + 2);
        assert_eq!(stored_bytes(&map(json!({"n": {"N": "12345"}}))), 1 + 4);
        assert_eq!(stored_bytes(&map(json!({"n": {"N": "-1.50e3"}}))), 1 + 3);
        assert_eq!(stored_bytes(&map(json!({"b": {"B": "AQID"}}))), 1 + 3);
        assert_eq!(
            stored_bytes(&map(json!({"l": {"L": [{"S": "ab"}, {"BOOL": true}]}}))),
            1 + 3 + 3 + 2
        );
        assert_eq!(
            stored_bytes(&map(json!({"m": {"M": {"k": {"S": "ab"}}}}))),
            1 + 3 + 1 + 1 + 2
        );
        assert_eq!(plain_bytes(&json!({"k": "ab"})), 3 + 1 + 1 + 2);
        let name = "v";
        let fits = "x".repeat(ITEM_LIMIT - name.len());
        assert_eq!(stored_too_large(&map(json!({name: {"S": fits}}))), None);
        let over = "x".repeat(ITEM_LIMIT);
        let why = stored_too_large(&map(json!({"PK": {"S": "A"}, name: {"S": over}}))).unwrap();
        assert!(
            why.contains("409604 bytes") && why.contains("largest attribute is v"),
            "{why}"
        );
    }

    #[test]
    fn plain_values_are_counted_beside_their_keys() {
        let keys = map(json!({"PK": {"S": "A#1"}}));
        let values = map(json!({"id": "1", "blob": "y".repeat(20 << 20)}));
        let why = plain_too_large(&values, &keys).unwrap();
        assert!(why.contains("largest attribute is blob"), "{why}");
        assert_eq!(plain_too_large(&map(json!({"id": "1"})), &keys), None);
    }
}
