//! What the page shows for one key attribute: every sample item's key (or its errors),
//! the items in DynamoDB's order, the naive order beside it, and the item collections
//! an index groups them into. The page renders this and computes nothing itself.

use crate::codec::order::{compare_keys, compare_stored, sort_items, sort_positions, sort_rows_by_bytes};
use crate::codec::{encode_field, naive_key_into, shown, Values};
use crate::error::Error;
use crate::schema::Segment;
use crate::schema::{AttrType, Entity, Schema};
use std::cmp::Ordering;
use std::rc::Rc;

mod collections;
mod item_keys;
mod key_column;
mod partitions;
mod shared_after;
pub(crate) use shared_after::in_order;
mod splice;
mod texts;

pub use collections::{
    collections, collections_in_order, overwritten_by, shared_table_keys, shared_table_keys_among, Collection,
    CollectionItem, SharedKey,
};
pub use item_keys::ItemKeys;
pub use key_column::{key_errors, key_warnings, Groups, KeyColumn, Said};
pub use partitions::tuple_label;
use texts::Texts;

/// One sample item: the entity it belongs to and its field values.
pub type Sample<'a> = (&'a Entity, &'a Values);

/// The keys of one attribute in DynamoDB's order, with the naive keys beside them.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub attribute: String,
    pub attr_type: AttrType,
    /// Every item's key for the attribute (or why it has none): the column the other
    /// views read too, shared.
    pub keys: Rc<KeyColumn>,
    /// Every item's naive key: values as typed, unpadded; none for an item whose entity
    /// has no template for the attribute.
    naive: Rc<Texts>,
    /// Every item with a naive key, by naive key bytes: kept while the naive keys are.
    naive_order: Rc<Vec<usize>>,
    /// Indices of the rows that have a key, in the order a Query returns them: the
    /// column's order ([`KeyColumn::order`]).
    pub sorted: Rc<Vec<usize>>,
    /// Indices of the rows with a key or an error, ordered by naive key bytes.
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
    /// How many items the preview covers (with a key or not).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Item `row`'s key, if it has one.
    pub fn key(&self, row: usize) -> Option<&str> {
        self.keys.get(row)
    }

    /// Item `row`'s naive key (empty when its entity has no template for the attribute).
    pub fn naive(&self, row: usize) -> &str {
        self.naive.get(row).unwrap_or_default()
    }

    /// Why item `row` has no key.
    pub fn errors(&self, row: usize) -> &[Error] {
        self.keys.errors(row)
    }

    /// Whether the codec warns about item `row`'s key ([`key_warnings`] gives the words).
    pub fn warns(&self, row: usize) -> bool {
        self.keys.warns(row)
    }

    pub fn window(&self, keep: impl Fn(usize) -> bool) -> Window {
        let sorted: Vec<usize> = self.sorted.iter().copied().filter(|&r| keep(r)).collect();
        let naive_sorted: Vec<usize> = self
            .naive_sorted
            .iter()
            .copied()
            .filter(|&r| keep(r) && self.key(r).is_some())
            .collect();
        // A window of every keyed item (one partition holding them all, say) has the
        // preview's own marks: no key needs comparing again.
        let misplaced = match sorted.len() == self.sorted.len() {
            true => naive_sorted.iter().map(|&naive| self.misplaced[naive]).collect(),
            false => naive_sorted
                .iter()
                .zip(&sorted)
                .map(|(&naive, &real)| naive != real && self.key(naive) != self.key(real))
                .collect(),
        };
        Window {
            sorted,
            naive_sorted,
            misplaced,
        }
    }
}

/// Builds the preview of `attribute` for sample items of any entities.
pub fn preview(schema: &Schema, attribute: &str, rows: &[Sample]) -> Preview {
    let keys = Rc::new(KeyColumn::write(schema, attribute, rows, None, &|_| false));
    preview_after(None, schema, attribute, rows, &keys, &|_| false)
}

/// [`preview`] from `keys` (the attribute's [`KeyColumn`] for these items, as
/// [`ItemKeys`] holds it) after an edit of `earlier` (the preview and the schema it was
/// made with). Its sorts start from the earlier orders: most keys keep their places, and
/// the sort finds a list already in order in one pass. The naive keys and their order
/// are kept when the edit cannot change them (a width, a kind: the naive key is the
/// values as typed), except for the rows `unchanged(row)` does not vouch for. The
/// result is [`preview`]'s whenever `unchanged` tells the truth: ties are broken by row,
/// so the order is total.
pub fn preview_after(
    earlier: Option<(&Preview, &Schema)>,
    schema: &Schema,
    attribute: &str,
    rows: &[Sample],
    keys: &Rc<KeyColumn>,
    unchanged: &dyn Fn(usize) -> bool,
) -> Preview {
    let attr_type = schema.table.attribute_type(attribute).unwrap_or(AttrType::S);
    let same = earlier.filter(|(p, _)| p.attribute == attribute);
    // The items an edit changed, when it changed only items (not how this attribute's
    // keys are written) and kept their places: every other key is what it was.
    let changed: Option<Vec<bool>> = same
        .filter(|(p, before)| p.len() == rows.len() && item_keys::same_design(before, schema, attribute))
        .map(|_| (0..rows.len()).map(|r| !unchanged(r)).collect());
    let kept_naive = same
        .filter(|(_, before)| same_naive_design(before, schema, attribute))
        .map(|(p, _)| p);
    let naive = match kept_naive {
        Some(p) if p.naive.len() == rows.len() && (0..rows.len()).all(unchanged) => p.naive.clone(),
        _ => Rc::new(naive_keys(
            schema,
            attribute,
            rows,
            kept_naive.map(|p| &*p.naive),
            unchanged,
        )),
    };
    let by_key = |a: &str, b: &str| compare_stored(attr_type, a, b);
    // Every pass below reads the keys through one flat list, made in one pass over the
    // column: 100,000 keys take about 1.7M comparisons in a sort from scratch.
    let key_texts: Vec<Option<&str>> = keys.iter().collect();
    let key_of = |r: usize| key_texts[r].unwrap_or_default();
    // The column's order, made from the earlier one unless a view made it already.
    let sorted = match (keys.known_order(), same) {
        (Some(order), _) => order.clone(),
        // Nothing to start from: the column sorts itself, by its keys' leading bytes.
        (None, None) => keys.order().clone(),
        (None, Some(_)) => {
            let order = Rc::new(ordered(
                same.map(|(p, _)| p.sorted.as_slice()),
                changed.as_deref(),
                rows.len(),
                &|i| key_texts[i].is_some(),
                &|a, b| by_key(key_of(a), key_of(b)).then(a.cmp(&b)),
            ));
            keys.keep_order(order.clone());
            order
        }
    };
    let naive_order = match kept_naive.filter(|p| Rc::ptr_eq(&p.naive, &naive)) {
        Some(p) => p.naive_order.clone(),
        None => Rc::new(naive_order(
            same.map(|(p, _)| p),
            kept_naive,
            &naive,
            rows.len(),
            unchanged,
        )),
    };
    let (naive_sorted, misplaced) = marks(keys, rows.len(), &key_texts, &sorted, &naive_order);
    Preview {
        attribute: attribute.to_string(),
        attr_type,
        keys: keys.clone(),
        naive,
        naive_order,
        sorted,
        naive_sorted,
        misplaced,
    }
}

/// The items with a naive key, by its bytes: from the earlier preview's order when
/// there is one (an item the edit left alone has the same naive key whenever the naive
/// design is the same), else sorted afresh.
fn naive_order(
    earlier: Option<&Preview>,
    kept_naive: Option<&Preview>,
    naive: &Texts,
    rows: usize,
    unchanged: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let texts: Vec<Option<&str>> = naive.iter().collect();
    let text = |r: usize| texts[r].unwrap_or_default();
    let changed = kept_naive
        .filter(|p| p.naive.len() == rows)
        .map(|_| (0..rows).map(|r| !unchanged(r)).collect::<Vec<bool>>());
    match earlier {
        Some(p) => ordered(
            Some(p.naive_order.as_slice()),
            changed.as_deref(),
            rows,
            &|i| texts[i].is_some(),
            &|a, b| compare_keys(text(a), text(b)).then(a.cmp(&b)),
        ),
        None => {
            let mut order: Vec<usize> = (0..rows).filter(|&i| texts[i].is_some()).collect();
            sort_rows_by_bytes(&mut order, &text);
            order
        }
    }
}

/// The naive order of the items with a key or a refusal (an item whose entity has no
/// template for the attribute is in neither order), and per row whether a different
/// key sits at its place in the real order.
fn marks(
    keys: &KeyColumn,
    rows: usize,
    key_texts: &[Option<&str>],
    sorted: &[usize],
    naive_order: &[usize],
) -> (Vec<usize>, Vec<bool>) {
    let mut refused = vec![false; rows];
    for (row, _) in keys.refused() {
        refused[row] = true;
    }
    let naive_sorted: Vec<usize> = (naive_order.iter().copied())
        .filter(|&i| key_texts[i].is_some() || refused[i])
        .collect();
    let mut misplaced = vec![false; rows];
    let naive_keyed = naive_sorted.iter().copied().filter(|&i| key_texts[i].is_some());
    for (place, row) in naive_keyed.enumerate() {
        // Equal keys may sit in either order; only a different key at this place counts.
        // (The same row at both places is the usual case, and needs no comparison.)
        misplaced[row] = sorted[place] != row && key_texts[sorted[place]] != key_texts[row];
    }
    (naive_sorted, misplaced)
}

/// Whether two schemas write `attribute`'s naive keys alike: the separator and each
/// entity's template for it (segments, not the fields' kinds) are equal.
fn same_naive_design(a: &Schema, b: &Schema, attribute: &str) -> bool {
    a.separator == b.separator
        && a.entities.len() == b.entities.len()
        && a.entities
            .iter()
            .zip(&b.entities)
            .all(|(x, y)| x.template(attribute) == y.template(attribute))
}

/// Every item's naive key, copied from `kept` where `unchanged(row)` vouches for it.
fn naive_keys(
    schema: &Schema,
    attribute: &str,
    rows: &[Sample],
    kept: Option<&Texts>,
    unchanged: &dyn Fn(usize) -> bool,
) -> Texts {
    let mut texts = Texts::with_capacity(rows.len(), kept.map_or(0, Texts::bytes));
    let mut naive = String::new();
    for (row, &(entity, values)) in rows.iter().enumerate() {
        if let Some(k) = kept.filter(|k| row < k.len() && unchanged(row)) {
            texts.push(k.get(row));
            continue;
        }
        match entity.template(attribute) {
            Some(t) => {
                naive_key_into(schema, t, values, &mut naive);
                texts.push(Some(&naive));
            }
            None => texts.push(None),
        }
    }
    texts
}

/// The rows `keep` takes among `0..rows`, ordered by `cmp`, from the `earlier` order.
/// When only a few rows `changed` (and every other row compares as it did), they are
/// taken out and put back in their places, by binary search; otherwise the sort starts
/// from the earlier order, which it finds mostly in order.
fn ordered(
    earlier: Option<&[usize]>,
    changed: Option<&[bool]>,
    rows: usize,
    keep: &dyn Fn(usize) -> bool,
    cmp: &dyn Fn(usize, usize) -> Ordering,
) -> Vec<usize> {
    /// Past this many changed rows, one adaptive sort beats as many insertions.
    const PLACED_ONE_BY_ONE: usize = 16;
    if let (Some(earlier), Some(changed)) = (earlier, changed) {
        let moved: Vec<usize> = (0..rows).filter(|&r| changed[r]).collect();
        if moved.len() <= PLACED_ONE_BY_ONE {
            let mut order: Vec<usize> = earlier.iter().copied().filter(|&r| r < rows && !changed[r]).collect();
            for r in moved.into_iter().filter(|&r| keep(r)) {
                let at = order.partition_point(|&o| cmp(o, r) == Ordering::Less);
                order.insert(at, r);
            }
            return order;
        }
    }
    let mut order = start_from(earlier, rows, keep);
    sort_positions(&mut order, cmp);
    order
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
            let v = crate::codec::value_of(r, &field.name)?;
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
            // A column of its own each time: its order is kept once worked out.
            let keys = || Rc::new(KeyColumn::write(&schema, "SK", &samples, None, &|_| false));
            let mut other = fresh.clone();
            other.sorted = Rc::new(earlier.clone());
            other.naive_sorted = earlier.into_iter().rev().collect();
            let after = |p: &Preview| preview_after(Some((p, &schema)), &schema, "SK", &samples, &keys(), &|_| false);
            proptest::prop_assert_eq!(&after(&other), &fresh);
            proptest::prop_assert_eq!(&after(&fresh), &fresh);
            // The order a view that comes first sorts for itself is the preview's.
            let first = keys();
            proptest::prop_assert_eq!(first.order(), &fresh.sorted);
            // After a value edit of the first row, only that row is made again.
            if let Some(first) = rows.first() {
                let mut was = rows.clone();
                was[0] = json!({"p": first["p"], "n": "7"}).as_object().cloned().unwrap();
                let was: Vec<Sample> = was.iter().map(|r| (&schema.entities[0], r)).collect();
                let before = preview(&schema, "SK", &was);
                let unchanged = |r: usize| r != 0;
                let keys = Rc::new(KeyColumn::write(&schema, "SK", &samples, Some(&before.keys), &unchanged));
                let edited = preview_after(Some((&before, &schema)), &schema, "SK", &samples, &keys, &unchanged);
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
        assert_eq!(all.sorted, *whole.sorted);
        assert_eq!(all.sorted.len(), all.naive_sorted.len());
    }

    proptest! {
        /// Whichever rows a window keeps (all of them, where it reuses the preview's
        /// marks, or some), a place is marked exactly when a different key sits there in
        /// the real order.
        #[test]
        fn a_window_marks_the_places_where_a_different_key_sits(
            items in proptest::collection::vec(("[ab]", -2i32..300), 0..30),
            kept in proptest::collection::vec(any::<bool>(), 30),
            everything in any::<bool>(),
        ) {
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
                "entities": [{"name": "E", "fields": {"p": {"kind": "text"}, "n": {"kind": "uint", "width": 2}},
                              "keys": {"PK": [{"field": "p"}], "SK": [{"literal": "E"}, {"field": "n"}]}}]
            }))
            .unwrap();
            let rows: Vec<Values> = items
                .iter()
                .map(|(p, n)| json!({"p": p, "n": n.to_string()}).as_object().cloned().unwrap())
                .collect();
            let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
            let whole = preview(&schema, "SK", &samples);
            let window = whole.window(|r| everything || kept[r]);
            prop_assert_eq!(window.sorted.len(), window.naive_sorted.len());
            let expected: Vec<bool> = window
                .naive_sorted
                .iter()
                .zip(&window.sorted)
                .map(|(&naive, &real)| whole.key(naive) != whole.key(real))
                .collect();
            prop_assert_eq!(window.misplaced, expected);
        }
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
