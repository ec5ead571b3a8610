//! What the page shows for one key attribute of one entity: every sample row's key (or
//! its errors), the rows in DynamoDB's order, and the naive order beside it. The page
//! renders this and computes nothing itself.

use crate::codec::order::{compare_keys, compare_numbers};
use crate::codec::{encode_key, naive_key, Values};
use crate::error::{Error, Warning};
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
