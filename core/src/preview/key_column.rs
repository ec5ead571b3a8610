//! One key attribute's keys for every sample item, written once per edit and read by
//! every view (the preview, the item collections, the linter). The keys sit in one text
//! with a span per item, not in a string each: at 100,000 items, a string per key was
//! an allocation per item per edit, and freeing the last edit's keys as many again.
//! What the codec says of a key is kept only for the items it says something of, since
//! most keys are written without a word: why it refuses a key, and which keys it warns
//! about. The words of a warning are written out only for the keys a person looks at
//! ([`key_warnings`]): a field stored upper-cased whose values are typed in lower case
//! warns on every one of 100,000 keys, and spelling each out was most of a reload.

use super::texts::Texts;
use super::Sample;
use crate::codec::order::{compare_stored, sort_positions, sort_rows_by_bytes};
use crate::codec::{encode_key, KeyCodecs};
use crate::error::{Error, Warning};
use crate::schema::{AttrType, Entity, Schema};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

/// What the codec says of one item's key.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// It refuses to write it, for these reasons.
    Refused(Rc<Vec<Error>>),
    /// It writes it, with a warning whose words [`key_warnings`] gives.
    Warns,
}

/// The warnings the codec gives for `entity`'s key of `attribute` with these `values`:
/// the words behind [`KeyColumn::warns`].
pub fn key_warnings(schema: &Schema, entity: &Entity, attribute: &str, values: &crate::Values) -> Vec<Warning> {
    entity
        .template(attribute)
        .and_then(|t| encode_key(schema, entity, t, values).ok())
        .map(|(_, w)| w)
        .unwrap_or_default()
}

/// Why the codec refuses `entity`'s key of `attribute` with these `values`: none when it
/// writes it, or when the item leaves a sparse index's key out. The page shows the ones
/// on a field beside that field's cell, whichever key is being designed.
pub fn key_errors(schema: &Schema, entity: &Entity, attribute: &str, values: &crate::Values) -> Vec<Error> {
    let Some(template) = entity.template(attribute) else {
        return Vec::new();
    };
    if crate::codec::is_sparse_omission(schema, template, values) {
        return Vec::new();
    }
    encode_key(schema, entity, template, values).err().unwrap_or_default()
}

/// Every item's key for one attribute, in the items' order: an item whose entity has no
/// template for the attribute, or whose key the codec refuses, has none.
#[derive(Clone, Debug, Default)]
pub struct KeyColumn {
    /// Shared with the column before an edit until an item's key differs from it.
    keys: Rc<Texts>,
    /// The items the codec says something of, by item, in item order; shared likewise.
    problems: Rc<Vec<(usize, Said)>>,
    /// A Number attribute's keys, which order numerically.
    number: bool,
    /// The items with a key in DynamoDB's order, worked out once by whichever view
    /// needs it first (the preview does, from the order before the edit).
    order: OnceCell<Rc<Vec<usize>>>,
    /// Which items share a key (a partition key's partitions), worked out once.
    groups: OnceCell<Rc<Groups>>,
}

/// The items of a column grouped by equal keys: for a partition key, its partitions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Groups {
    /// Per item, its group; `None` for an item without a key.
    pub of_item: Vec<Option<u32>>,
    /// Per group, its first item (whose key is the group's).
    pub first_item: Vec<usize>,
}

/// Two columns are equal when they hold the same keys and say the same of them,
/// whether or not a view has asked for their order yet.
impl PartialEq for KeyColumn {
    fn eq(&self, other: &Self) -> bool {
        self.keys == other.keys && self.problems == other.problems && self.number == other.number
    }
}

impl KeyColumn {
    /// Writes `attribute`'s key of every item. Where `kept` (the column before an edit,
    /// written with a design that writes this attribute alike) has the key of an item
    /// for which `unchanged(row)` holds (same entity, same values, same place), that key
    /// and what was said of it are kept rather than written again: when few items
    /// changed, the earlier column is copied whole and only theirs are written.
    pub fn write(
        schema: &Schema,
        attribute: &str,
        items: &[Sample],
        kept: Option<&KeyColumn>,
        unchanged: &dyn Fn(usize) -> bool,
    ) -> KeyColumn {
        let mut writer = Writer::new(schema, attribute);
        if let Some(k) = kept.filter(|k| k.len() <= items.len()) {
            let changed: Vec<usize> = (0..items.len()).filter(|&r| r >= k.len() || !unchanged(r)).collect();
            if changed.len() <= items.len() / 8 {
                let mut column = KeyColumn {
                    keys: k.keys.clone(),
                    problems: k.problems.clone(),
                    number: k.number,
                    order: OnceCell::new(),
                    groups: OnceCell::new(),
                };
                for row in changed {
                    let (key, said) = writer.write(items[row]);
                    column.set(row, key.as_deref(), said);
                }
                // The same keys (an edit that changed none of them): the same order and
                // the same groups, worked out already.
                if Rc::ptr_eq(&column.keys, &k.keys) {
                    column.order = k.order.clone();
                    column.groups = k.groups.clone();
                }
                return column;
            }
        }
        let mut column = KeyColumn::empty(writer.number, items.len(), kept.map_or(0, KeyColumn::bytes));
        for (row, &item) in items.iter().enumerate() {
            if let Some(k) = kept.filter(|k| row < k.len() && unchanged(row)) {
                let said = k.said(row).cloned();
                column.push(row, k.get(row), said);
                continue;
            }
            let (key, said) = writer.write(item);
            column.push(row, key.as_deref(), said);
        }
        column
    }

    /// A column to write `items` keys into, with room for `bytes` of them.
    pub(super) fn empty(number: bool, items: usize, bytes: usize) -> KeyColumn {
        KeyColumn {
            keys: Rc::new(Texts::with_capacity(items, bytes)),
            problems: Rc::default(),
            number,
            order: OnceCell::new(),
            groups: OnceCell::new(),
        }
    }

    /// A column of keys read from stored items rather than written by the codec (the
    /// Query simulator's DynamoDB JSON edge): `number` for a Number attribute, whose
    /// texts must be numbers.
    pub fn of_keys<'t>(number: bool, keys: impl ExactSizeIterator<Item = Option<&'t str>>) -> KeyColumn {
        let mut column = KeyColumn::empty(number, keys.len(), 0);
        for (row, key) in keys.enumerate() {
            column.push(row, key, None);
        }
        column
    }

    /// The bytes its keys take.
    pub(super) fn bytes(&self) -> usize {
        self.keys.bytes()
    }

    /// Sets item `row`'s key and what is said of it (`row` at most one past the end).
    /// What is already so is left alone, so the texts and the problems stay shared with
    /// the column they came from when an edit did not change them (a value edit
    /// rewrites the items' keys of every attribute, most of them the same).
    fn set(&mut self, row: usize, key: Option<&str>, problems: Option<Said>) {
        if row >= self.len() || self.get(row) != key {
            Rc::make_mut(&mut self.keys).set(row, key);
        }
        let at = self.problems.binary_search_by_key(&row, |(r, _)| *r);
        let same = match (at, &problems) {
            (Ok(at), Some(p)) => self.problems[at].1 == *p,
            (Err(_), None) => true,
            _ => false,
        };
        if same {
            return;
        }
        let all = Rc::make_mut(&mut self.problems);
        match (at, problems) {
            (Ok(at), Some(p)) => all[at].1 = p,
            (Ok(at), None) => drop(all.remove(at)),
            (Err(at), Some(p)) => all.insert(at, (row, p)),
            (Err(_), None) => {}
        }
    }

    /// Adds the next item's key to a column being written (whose parts no one shares).
    pub(super) fn push(&mut self, row: usize, key: Option<&str>, problems: Option<Said>) {
        Rc::make_mut(&mut self.keys).push(key);
        if let Some(p) = problems {
            Rc::make_mut(&mut self.problems).push((row, p));
        }
    }

    /// The key of item `row`, if it has one.
    pub fn get(&self, row: usize) -> Option<&str> {
        self.keys.get(row)
    }

    /// The length in bytes of item `row`'s key, if it has one, without reading it.
    pub fn key_len(&self, row: usize) -> Option<usize> {
        self.keys.len_of(row)
    }

    /// What the codec says of item `row`'s key, if anything.
    pub fn said(&self, row: usize) -> Option<&Said> {
        let at = self.problems.binary_search_by_key(&row, |(r, _)| *r).ok()?;
        Some(&self.problems[at].1)
    }

    /// Why the codec refuses item `row`'s key (empty when it writes it).
    pub fn errors(&self, row: usize) -> &[Error] {
        match self.said(row) {
            Some(Said::Refused(errors)) => errors,
            _ => &[],
        }
    }

    /// Whether the codec warns about item `row`'s key ([`key_warnings`] says how).
    pub fn warns(&self, row: usize) -> bool {
        self.said(row) == Some(&Said::Warns)
    }

    /// The items whose keys the codec refuses, with its reasons, in item order.
    pub fn refused(&self) -> impl Iterator<Item = (usize, &[Error])> {
        self.problems.iter().filter_map(|(r, said)| match said {
            Said::Refused(errors) => Some((*r, errors.as_slice())),
            Said::Warns => None,
        })
    }

    /// The items with a key, in the order a Query reads them (ties by item): sorted the
    /// first time it is asked for, unless a view gave it first ([`Self::keep_order`]).
    pub fn order(&self) -> &Rc<Vec<usize>> {
        self.order.get_or_init(|| {
            let texts: Vec<Option<&str>> = self.iter().collect();
            let mut order: Vec<usize> = (0..texts.len()).filter(|&r| texts[r].is_some()).collect();
            let key = |r: usize| texts[r].unwrap_or_default();
            match self.number {
                true => sort_positions(&mut order, &|a, b| self.compare(key(a), key(b)).then(a.cmp(&b))),
                false => sort_rows_by_bytes(&mut order, &key),
            }
            Rc::new(order)
        })
    }

    /// The items grouped by equal keys, worked out the first time it is asked for: in
    /// item order, with a hasher for key texts (grouping 100,000 partition keys by
    /// SipHash was most of grouping the item collections).
    pub fn groups(&self) -> &Rc<Groups> {
        self.groups.get_or_init(|| {
            let mut first: HashMap<&str, u32, BuildHasherDefault<super::collections::KeyHasher>> = HashMap::default();
            let mut groups = Groups::default();
            for (row, key) in self.iter().enumerate() {
                let group = key.map(|key| {
                    *first.entry(key).or_insert_with(|| {
                        groups.first_item.push(row);
                        (groups.first_item.len() - 1) as u32
                    })
                });
                groups.of_item.push(group);
            }
            Rc::new(groups)
        })
    }

    /// The order, if a view has worked it out already.
    pub fn known_order(&self) -> Option<&Rc<Vec<usize>>> {
        self.order.get()
    }

    /// Keeps `order`, worked out by a view that had a better start than a sort (the
    /// order before the edit): it must be [`Self::order`]'s.
    pub(super) fn keep_order(&self, order: Rc<Vec<usize>>) {
        let _ = self.order.set(order);
    }

    /// DynamoDB's order of two of these keys: numeric for a Number attribute, else
    /// UTF-8 bytes.
    pub fn compare(&self, a: &str, b: &str) -> Ordering {
        let attr_type = if self.number { AttrType::N } else { AttrType::S };
        compare_stored(attr_type, a, b)
    }

    /// The keys in item order.
    pub fn iter(&self) -> impl Iterator<Item = Option<&str>> {
        self.keys.iter()
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.len() == 0
    }
}

/// One attribute's keys written item by item: the compiled codec writes the quiet keys,
/// and only a key it refuses or would warn about goes through `encode_key`, which says
/// everything there is to say.
pub(super) struct Writer<'s> {
    schema: &'s Schema,
    attribute: &'s str,
    codecs: KeyCodecs<'s>,
    number: bool,
    key: String,
}

impl<'s> Writer<'s> {
    pub(super) fn new(schema: &'s Schema, attribute: &'s str) -> Writer<'s> {
        Writer {
            schema,
            attribute,
            codecs: KeyCodecs::new(schema, attribute),
            number: schema.table.attribute_type(attribute) == Some(AttrType::N),
            key: String::new(),
        }
    }

    /// The item's key, if it has one, and what is said of it, if anything.
    pub(super) fn write(&mut self, (entity, values): Sample) -> (Option<Cow<'_, str>>, Option<Said>) {
        let Some(template) = entity.template(self.attribute) else {
            return (None, None);
        };
        if let Some(codec) = self.codecs.of(entity) {
            if let Ok(warns) = codec.write_values_warns(values, &mut self.key) {
                let said = warns.then_some(Said::Warns);
                if !self.number {
                    return (Some(Cow::Borrowed(&self.key)), said);
                }
                // A Number key is the number its digits write (`1.50` is `1.5`), and one
                // the table would refuse (past 38 digits) is no key.
                if let Ok(written) = codec.key_value(std::mem::take(&mut self.key)) {
                    return (Some(Cow::Owned(written.as_str().to_string())), said);
                }
            }
        }
        // A key the compiled codec refuses (or that does not compile): `encode_key`
        // says every reason there is.
        match encode_key(self.schema, entity, template, values) {
            Ok((k, warnings)) => (
                Some(Cow::Owned(k.as_str().to_string())),
                (!warnings.is_empty()).then_some(Said::Warns),
            ),
            Err(errors) => (None, Some(Said::Refused(Rc::new(errors)))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Values;
    use proptest::prelude::*;
    use serde_json::json;

    proptest! {
        /// Every item's key and what is said of it are `encode_key`'s: the compiled codec
        /// writes the quiet keys, and its warning check sends every key `encode_key`
        /// would warn about (a number near its width, a text whose casing lost an id's
        /// case or a spelling, or holding a character below the separator) to
        /// `encode_key` for the words.
        #[test]
        fn a_column_says_what_encode_key_says(
            values in proptest::collection::vec((
                prop_oneof![(0u32..1200).prop_map(|n| json!(n.to_string())), Just(json!("-3")), Just(json!("x")), Just(json!(null))],
                prop_oneof!["[a-cA-C !é#ß\u{212A}]{0,3}", Just("aZ3kQ9pLmN".to_string())],
                prop_oneof![(0i64..20_000).prop_map(|t| json!(t.to_string())), Just(json!("soon"))],
            ), 0..30),
            width in 1u32..4,
            warn_at in prop_oneof![Just(None), (1u32..100).prop_map(|p| Some(p as f64))],
            case in prop_oneof![Just("upper"), Just("lower"), Just("preserve")],
            separator in prop_oneof![Just("#"), Just("|"), Just("a")],
        ) {
            let mut n = json!({"kind": "uint", "width": width});
            if let Some(w) = warn_at {
                n["warnAt"] = json!(w);
            }
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": separator,
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "N": "N"},
                          "primary": {"partition": "PK", "sort": "SK"},
                          "indexes": [{"name": "G", "partition": "PK", "sort": "N"}]},
                "entities": [{"name": "E",
                    "fields": {"n": n, "t": {"kind": "text", "case": case}, "at": {"kind": "timestamp", "unit": "s", "width": 5}},
                    "keys": {"PK": [{"literal": "E"}, {"field": "t"}], "SK": [{"field": "n"}, {"field": "at"}, {"field": "t"}],
                             "N": [{"field": "n"}]}}]
            }));
            // A separator the design itself refuses (a literal holding it) is no case here.
            let Ok(schema) = schema else { return Ok(()) };
            let rows: Vec<Values> = values
                .iter()
                .map(|(n, t, at)| json!({"n": n, "t": t, "at": at}).as_object().cloned().unwrap())
                .collect();
            let items: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
            for attribute in ["PK", "SK", "N"] {
                let column = KeyColumn::write(&schema, attribute, &items, None, &|_| false);
                let template = schema.entities[0].template(attribute).unwrap();
                for (row, values) in rows.iter().enumerate() {
                    let (key, said) = match encode_key(&schema, &schema.entities[0], template, values) {
                        Ok((k, warnings)) => (Some(k.as_str().to_string()), (!warnings.is_empty()).then_some(Said::Warns)),
                        Err(errors) => (None, Some(Said::Refused(Rc::new(errors)))),
                    };
                    prop_assert_eq!(column.get(row).map(str::to_string), key, "{} {}", attribute, row);
                    prop_assert_eq!(column.said(row), said.as_ref(), "{} {}", attribute, row);
                    if said == Some(Said::Warns) {
                        prop_assert!(!key_warnings(&schema, &schema.entities[0], attribute, values).is_empty());
                    }
                }
            }
        }
    }
}
