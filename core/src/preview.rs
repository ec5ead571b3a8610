//! What the page shows for one key attribute of one entity: every sample row's key (or
//! its errors), the rows in DynamoDB's order, and the naive order beside it. The page
//! renders this and computes nothing itself.

use crate::codec::order::{compare_keys, compare_numbers};
use crate::codec::{encode_key, naive_key, plain_number, shown, Values};
use crate::error::{Error, Warning};
use crate::schema::Segment;
use crate::schema::{AttrType, Entity, Schema};
use std::cmp::Ordering;

#[derive(Clone, Debug, PartialEq)]
pub struct PreviewRow {
    /// The stored key, or `None` when the row has errors.
    pub key: Option<String>,
    /// The key a naive design writes: values as typed, unpadded.
    pub naive: String,
    pub errors: Vec<Error>,
    pub warnings: Vec<Warning>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub attribute: String,
    pub attr_type: AttrType,
    /// One per sample row, in the rows' own order.
    pub rows: Vec<PreviewRow>,
    /// Indices of the rows that have a key, in the order a Query returns them.
    pub sorted: Vec<usize>,
    /// Indices of every row, ordered by naive key bytes.
    pub naive_sorted: Vec<usize>,
    /// Per row: its place in the naive order differs from its place in the real order.
    pub misplaced: Vec<bool>,
}

/// Builds the preview of `attribute` for `rows` of `entity`.
pub fn preview(schema: &Schema, entity: &Entity, attribute: &str, rows: &[Values]) -> Preview {
    let attr_type = schema.table.attribute_type(attribute).unwrap_or(AttrType::S);
    let template = entity.template(attribute);
    let rows: Vec<PreviewRow> = rows
        .iter()
        .map(|values| match template {
            None => PreviewRow {
                key: None,
                naive: String::new(),
                errors: Vec::new(),
                warnings: Vec::new(),
            },
            Some(t) => {
                let naive = naive_key(schema, t, values);
                match encode_key(schema, entity, t, values) {
                    Ok((k, warnings)) => PreviewRow {
                        key: Some(k.as_str().to_string()),
                        naive,
                        errors: Vec::new(),
                        warnings,
                    },
                    Err(errors) => PreviewRow {
                        key: None,
                        naive,
                        errors,
                        warnings: Vec::new(),
                    },
                }
            }
        })
        .collect();
    let by_key = |a: &str, b: &str| match attr_type {
        AttrType::N => compare_numbers(a, b).unwrap_or(Ordering::Equal),
        AttrType::S => compare_keys(a, b),
    };
    let mut sorted: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].key.is_some()).collect();
    sorted.sort_by(|&a, &b| {
        by_key(
            rows[a].key.as_deref().unwrap_or(""),
            rows[b].key.as_deref().unwrap_or(""),
        )
    });
    let mut naive_sorted: Vec<usize> = (0..rows.len()).collect();
    naive_sorted.sort_by(|&a, &b| compare_keys(&rows[a].naive, &rows[b].naive));
    let naive_keyed: Vec<usize> = naive_sorted
        .iter()
        .copied()
        .filter(|&i| rows[i].key.is_some())
        .collect();
    let mut misplaced = vec![false; rows.len()];
    for (place, &row) in naive_keyed.iter().enumerate() {
        // Equal keys may sit in either order; only a different key at this place counts.
        let real = sorted[place];
        misplaced[row] = rows[real].key != rows[row].key;
    }
    Preview {
        attribute: attribute.to_string(),
        attr_type,
        rows,
        sorted,
        naive_sorted,
        misplaced,
    }
}

/// One numeric field's values ordered as a Number key would order them and as a String
/// key of the same digits would: why a composite String key needs padding.
#[derive(Clone, Debug, PartialEq)]
pub struct NumberVsString {
    pub field: String,
    /// Rows (those whose value is a number) in numeric order.
    pub as_number: Vec<usize>,
    /// The same rows in UTF-8 byte order of the value as typed.
    pub as_string: Vec<usize>,
}

/// The comparison for the first numeric field of `attribute`'s template, if it has one.
pub fn number_vs_string(entity: &Entity, attribute: &str, rows: &[Values]) -> Option<NumberVsString> {
    let template = entity.template(attribute)?;
    let field = template.segments.iter().find_map(|s| match s {
        Segment::Field(f) => entity.field(f).filter(|f| f.kind.is_numeric()),
        Segment::Literal(_) => None,
    })?;
    let numbers: Vec<(usize, String, String)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let v = r.get(&field.name)?;
            Some((i, plain_number(field, v).ok()?, shown(v)))
        })
        .collect();
    let mut as_number: Vec<&(usize, String, String)> = numbers.iter().collect();
    as_number.sort_by(|a, b| compare_numbers(&a.1, &b.1).unwrap_or(Ordering::Equal));
    let mut as_string: Vec<&(usize, String, String)> = numbers.iter().collect();
    as_string.sort_by(|a, b| compare_keys(&a.2, &b.2));
    Some(NumberVsString {
        field: field.name.clone(),
        as_number: as_number.into_iter().map(|t| t.0).collect(),
        as_string: as_string.into_iter().map(|t| t.0).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_sort_one_way_as_numbers_and_another_as_text() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"t": {"kind": "text"}, "n": {"kind": "uint", "width": 6}},
                          "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "t"}, {"field": "n"}]}}]
        }))
        .unwrap();
        let rows: Vec<Values> = ["10", "1500", "240", "9", "x"]
            .iter()
            .map(|n| json!({"t": "a", "n": n}).as_object().cloned().unwrap())
            .collect();
        let c = number_vs_string(&schema.entities[0], "SK", &rows).unwrap();
        assert_eq!(c.field, "n");
        assert_eq!(c.as_number, [3, 0, 2, 1], "9, 10, 240, 1500; x is not a number");
        assert_eq!(c.as_string, [0, 1, 2, 3], "\"10\" < \"1500\" < \"240\" < \"9\"");
    }
}
