//! What the page shows for one key attribute: every sample item's key (or its errors),
//! the items in DynamoDB's order, the naive order beside it, and the item collections
//! an index groups them into. The page renders this and computes nothing itself.

use crate::codec::number::order_of_written;
use crate::codec::order::{compare_keys, sort_items, sort_positions};
use crate::codec::{encode_field, encode_key, naive_key, shown, Values};
use crate::error::{Error, Warning};
use crate::schema::Segment;
use crate::schema::{AttrType, Entity, Schema};
use std::rc::Rc;

mod collections;
mod item_keys;

pub use collections::{
    collections, overwritten_by, overwritten_in, shared_table_keys, Collection, CollectionItem, SharedKey,
};
pub use item_keys::{ItemKeys, KeyColumn};

/// One sample item: the entity it belongs to and its field values.
pub type Sample<'a> = (&'a Entity, &'a Values);

#[derive(Clone, Debug, PartialEq)]
pub struct PreviewRow {
    /// The stored key, or `None` when the row has errors or its entity has no template
    /// for the attribute (it is then absent from that index: a sparse index).
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
    /// One per sample row, in the rows' own order; shared, so the preview after a
    /// value edit copies no key but the edited one.
    pub rows: Vec<Rc<PreviewRow>>,
    /// Indices of the rows that have a key, in the order a Query returns them.
    pub sorted: Vec<usize>,
    /// Indices of every row, ordered by naive key bytes.
    pub naive_sorted: Vec<usize>,
    /// Per row: its place in the naive order differs from its place in the real order.
    pub misplaced: Vec<bool>,
}

/// The preview restricted to some rows (one partition, one entity), with both orders and
/// the out-of-order marks recomputed among those rows alone, as one Query sees them.
/// The two orders have the same length, so their rows line up place by place.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    pub sorted: Vec<usize>,
    pub naive_sorted: Vec<usize>,
    /// Per place in `naive_sorted`: a different key sits at that place in `sorted`.
    pub misplaced: Vec<bool>,
}

impl Preview {
    pub fn window(&self, keep: impl Fn(usize) -> bool) -> Window {
        let sorted: Vec<usize> = self.sorted.iter().copied().filter(|&r| keep(r)).collect();
        let naive_sorted: Vec<usize> = self
            .naive_sorted
            .iter()
            .copied()
            .filter(|&r| keep(r) && self.rows[r].key.is_some())
            .collect();
        let misplaced = naive_sorted
            .iter()
            .zip(&sorted)
            .map(|(&naive, &real)| self.rows[naive].key != self.rows[real].key)
            .collect();
        Window {
            sorted,
            naive_sorted,
            misplaced,
        }
    }
}

/// Builds the preview of `attribute` for sample items of any entities.
pub fn preview(schema: &Schema, attribute: &str, rows: &[Sample]) -> Preview {
    preview_after(None, schema, attribute, rows, &|_| false)
}

/// [`preview`] after an edit of `earlier` (the preview and the schema it was made
/// with). Its sorts start from the earlier orders: most keys keep their places, and
/// the sort finds a list already in order in one pass. When the attribute's design did
/// not change, the rows for which `unchanged(row)` holds (same entity, same values,
/// same place) keep their keys, so a value edit encodes one key. The result is
/// [`preview`]'s whenever `unchanged` tells the truth: ties are broken by row, so
/// the order is total.
pub fn preview_after(
    earlier: Option<(&Preview, &Schema)>,
    schema: &Schema,
    attribute: &str,
    rows: &[Sample],
    unchanged: &dyn Fn(usize) -> bool,
) -> Preview {
    let attr_type = schema.table.attribute_type(attribute).unwrap_or(AttrType::S);
    let same = earlier.map(|(p, _)| p).filter(|p| p.attribute == attribute);
    let kept = earlier
        .filter(|(p, before)| p.attribute == attribute && item_keys::same_design(before, schema, attribute))
        .map(|(p, _)| p.rows.as_slice());
    let rows: Vec<Rc<PreviewRow>> = rows
        .iter()
        .enumerate()
        .map(
            |(row, &(entity, values))| match kept.and_then(|k| k.get(row)).filter(|_| unchanged(row)) {
                Some(k) => k.clone(),
                None => Rc::new(preview_row(schema, entity, attribute, values)),
            },
        )
        .collect();
    let by_key = |a: &str, b: &str| match attr_type {
        AttrType::N => order_of_written(a, b),
        AttrType::S => compare_keys(a, b),
    };
    // The sorts compare through flat lists of the texts rather than through the rows,
    // one memory hop less per comparison (100,000 keys take about 1.7M comparisons).
    let keys: Vec<&str> = rows.iter().map(|r| r.key.as_deref().unwrap_or("")).collect();
    let mut sorted = start_from(same.map(|e| e.sorted.as_slice()), rows.len(), |i| rows[i].key.is_some());
    sort_positions(&mut sorted, &|a, b| by_key(keys[a], keys[b]).then(a.cmp(&b)));
    // Items whose entity has no template for the attribute are not in this order at all.
    let mut naive_sorted = start_from(same.map(|e| e.naive_sorted.as_slice()), rows.len(), |i| {
        rows[i].key.is_some() || !rows[i].errors.is_empty()
    });
    let naive: Vec<&str> = rows.iter().map(|r| r.naive.as_str()).collect();
    sort_positions(&mut naive_sorted, &|a, b| {
        compare_keys(naive[a], naive[b]).then(a.cmp(&b))
    });
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

/// One item's key for `attribute`, its naive key, and what the codec says of them.
fn preview_row(schema: &Schema, entity: &Entity, attribute: &str, values: &Values) -> PreviewRow {
    let Some(t) = entity.template(attribute) else {
        return PreviewRow {
            key: None,
            naive: String::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
        };
    };
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

/// The rows `keep` takes among `0..rows`, in the order `earlier` had them and then the
/// rest in row order: where a sort starts.
fn start_from(earlier: Option<&[usize]>, rows: usize, keep: impl Fn(usize) -> bool) -> Vec<usize> {
    let mut placed = vec![false; rows];
    let mut order = Vec::with_capacity(rows);
    for &row in earlier.unwrap_or_default() {
        if row < rows && !placed[row] && keep(row) {
            placed[row] = true;
            order.push(row);
        }
    }
    order.extend((0..rows).filter(|&row| !placed[row] && keep(row)));
    order
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

/// The first numeric field of `attribute`'s template of `entity`: the one
/// [`number_vs_string`] compares.
pub fn number_field<'e>(entity: &'e Entity, attribute: &str) -> Option<&'e crate::schema::Field> {
    entity.template(attribute)?.segments.iter().find_map(|s| match s {
        Segment::Field(f) => entity.field(f).filter(|f| f.kind.is_numeric()),
        Segment::Literal(_) => None,
    })
}

/// The comparison for the first numeric field of `attribute`'s template of `entity`, if
/// it has one, over the sample items of that entity (indices are into `rows`).
pub fn number_vs_string(entity: &Entity, attribute: &str, rows: &[Sample]) -> Option<NumberVsString> {
    let field = number_field(entity, attribute)?;
    // Sorted by the field's ascending encoding, which the codec keeps in numeric order,
    // rather than by comparing number texts: 100,000 values sort in one pass.
    let ascending = crate::schema::Field {
        kind: field.kind.with_order(crate::schema::Order::Asc),
        ..field.clone()
    };
    let numbers: Vec<(usize, String, String)> = rows
        .iter()
        .enumerate()
        .filter(|(_, (e, _))| e.name == entity.name)
        .filter_map(|(i, (_, r))| {
            let v = r.get(&field.name)?;
            let (key, _) = encode_field(&ascending, v, "").ok()?;
            Some((i, key, shown(v)))
        })
        .collect();
    let mut as_number: Vec<&(usize, String, String)> = numbers.iter().collect();
    sort_items(&mut as_number, |a, b| compare_keys(&a.1, &b.1));
    let mut as_string: Vec<&(usize, String, String)> = numbers.iter().collect();
    sort_items(&mut as_string, |a, b| compare_keys(&a.2, &b.2));
    Some(NumberVsString {
        field: field.name.clone(),
        as_number: as_number.into_iter().map(|t| t.0).collect(),
        as_string: as_string.into_iter().map(|t| t.0).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    proptest::proptest! {
        /// Whatever earlier preview the sorts start from (another edit's, a shorter
        /// list's, rows that are gone), the preview is the one built from scratch.
        #[test]
        fn an_earlier_preview_changes_only_where_the_sort_starts(
            values in proptest::collection::vec(("[ab]", prop_oneof![(0u16..30).prop_map(|n| n.to_string()), Just("-1".to_string())]), 0..30),
            earlier in proptest::collection::vec(0usize..40, 0..40),
        ) {
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
                "entities": [{"name": "E", "fields": {"p": {"kind": "text"}, "n": {"kind": "uint", "width": 2}},
                              "keys": {"PK": [{"field": "p"}], "SK": [{"field": "n"}, {"field": "p"}]}}]
            }))
            .unwrap();
            let rows: Vec<Values> = values
                .iter()
                .map(|(p, n)| json!({"p": p, "n": n}).as_object().cloned().unwrap())
                .collect();
            let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
            let fresh = preview(&schema, "SK", &samples);
            let mut other = fresh.clone();
            other.sorted = earlier.clone();
            other.naive_sorted = earlier.into_iter().rev().collect();
            let after = |p: &Preview| preview_after(Some((p, &schema)), &schema, "SK", &samples, &|_| false);
            proptest::prop_assert_eq!(&after(&other), &fresh);
            proptest::prop_assert_eq!(&after(&fresh), &fresh);
            // After a value edit of the first row, only that row is made again.
            if let Some(first) = rows.first() {
                let mut was = rows.clone();
                was[0] = json!({"p": first["p"], "n": "7"}).as_object().cloned().unwrap();
                let was: Vec<Sample> = was.iter().map(|r| (&schema.entities[0], r)).collect();
                let before = preview(&schema, "SK", &was);
                let edited = preview_after(Some((&before, &schema)), &schema, "SK", &samples, &|r| r != 0);
                proptest::prop_assert_eq!(&edited, &fresh);
            }
        }
    }

    #[test]
    fn a_window_recomputes_both_orders_and_the_marks_among_its_rows_alone() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"p": {"kind": "text"}, "n": {"kind": "uint", "width": 4}},
                          "keys": {"PK": [{"field": "p"}], "SK": [{"literal": "E"}, {"field": "n"}]}}]
        }))
        .unwrap();
        // Partition a holds 9, 10, 240; partition b holds 1500 and a value that fails.
        let rows: Vec<Values> = [("a", "9"), ("b", "1500"), ("a", "10"), ("a", "240"), ("b", "-1")]
            .iter()
            .map(|(p, n)| json!({"p": p, "n": n}).as_object().cloned().unwrap())
            .collect();
        let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
        let whole = preview(&schema, "SK", &samples);
        let a = whole.window(|r| rows[r]["p"] == "a");
        assert_eq!(a.sorted, [0, 2, 3], "E#0009 < E#0010 < E#0240");
        assert_eq!(a.naive_sorted, [2, 3, 0], "\"E#10\" < \"E#240\" < \"E#9\"");
        assert_eq!(a.misplaced, [true, true, true]);
        // The failing row is in neither order, so the two columns stay the same length.
        let b = whole.window(|r| rows[r]["p"] == "b");
        assert_eq!(
            (b.sorted.as_slice(), b.naive_sorted.as_slice(), b.misplaced.as_slice()),
            (&[1][..], &[1][..], &[false][..])
        );
        let all = whole.window(|_| true);
        assert_eq!(all.sorted, whole.sorted);
        assert_eq!(all.sorted.len(), all.naive_sorted.len());
    }

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
        let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
        let c = number_vs_string(&schema.entities[0], "SK", &samples).unwrap();
        assert_eq!(c.field, "n");
        assert_eq!(c.as_number, [3, 0, 2, 1], "9, 10, 240, 1500; x is not a number");
        assert_eq!(c.as_string, [0, 1, 2, 3], "\"10\" < \"1500\" < \"240\" < \"9\"");
    }
}
