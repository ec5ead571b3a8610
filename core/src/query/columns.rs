//! keylab's one Query simulator. It runs a [`Query`] the way DynamoDB does over items
//! held as typed key columns ([`KeyColumn`]): only items that carry every key of the
//! index (sparse indexes), keys compared as stored (UTF-8 bytes for S, numerically for
//! N), a multi-attribute key by its attributes in key order, `Limit` counting evaluated
//! items, pages that also stop at 1 MB, and `ExclusiveStartKey`. The page's samples are
//! columns already ([`SampleKeys`]); DynamoDB JSON items are read into columns at the
//! edge ([`super::eval`]). Ordering from the sort key column's own order means a Query
//! over a large partition filters an order already worked out instead of sorting.

use super::{KeyCondition, Query};
use crate::codec::order::{compare_stored, sort_positions};
use crate::codec::{KeyValue, Number};
use crate::preview::{Groups, ItemKeys, KeyColumn};
use crate::schema::{AttrType, KeySchema, Table};
use serde_json::Value;
use std::cmp::Ordering;
use std::rc::Rc;

/// Items as a Query reads them: each one's key per attribute, whether the table holds
/// it, and its size toward a page's 1 MB.
pub trait Stored {
    /// How many items there are (held or not).
    fn rows(&self) -> usize;
    /// The items' keys of `attribute`, if any item has one.
    fn column(&self, attribute: &str) -> Option<&KeyColumn>;
    /// Whether the table holds item `row`.
    fn held(&self, row: usize) -> bool;
    /// Item `row`'s size as DynamoDB counts it.
    fn size(&self, row: usize) -> usize;
    /// The items with a key of `column` in DynamoDB's order, where it is kept (the
    /// page's columns keep theirs between edits); without it the items read are sorted.
    fn key_order<'c>(&self, _column: &'c KeyColumn) -> Option<&'c Rc<Vec<usize>>> {
        None
    }
    /// The items of `column` grouped by equal keys, where they are kept; without them
    /// each item's key is compared with the queried partition.
    fn groups<'c>(&self, _column: &'c KeyColumn) -> Option<&'c Rc<Groups>> {
        None
    }
}

/// The page's sample items: their key columns, and which of them the table holds (rows
/// whose every key encodes, sparse omissions aside, not replaced by a later row with
/// their table key). A sample's size counts every key attribute it has, as a sample
/// item in DynamoDB JSON counts.
pub struct SampleKeys<'k> {
    keys: &'k ItemKeys,
    held: &'k [bool],
    /// The columns of every key attribute of the table, which an item's size counts.
    sized: Vec<(&'k str, &'k KeyColumn, AttrType)>,
}

impl<'k> SampleKeys<'k> {
    pub fn new(table: &'k Table, keys: &'k ItemKeys, held: &'k [bool]) -> SampleKeys<'k> {
        let sized = (table.attributes.iter())
            .filter_map(|(name, attr_type)| Some((name.as_str(), keys.of(name)?, *attr_type)))
            .collect();
        SampleKeys { keys, held, sized }
    }
}

impl Stored for SampleKeys<'_> {
    fn rows(&self) -> usize {
        self.held.len()
    }

    fn column(&self, attribute: &str) -> Option<&KeyColumn> {
        self.keys.of(attribute)
    }

    fn held(&self, row: usize) -> bool {
        self.held[row]
    }

    fn key_order<'c>(&self, column: &'c KeyColumn) -> Option<&'c Rc<Vec<usize>>> {
        Some(column.order())
    }

    fn groups<'c>(&self, column: &'c KeyColumn) -> Option<&'c Rc<Groups>> {
        Some(column.groups())
    }

    fn size(&self, row: usize) -> usize {
        (self.sized.iter())
            .filter_map(|(name, column, attr_type)| Some(name.len() + stored_size(*attr_type, column.get(row)?)))
            .sum()
    }
}

/// A key's bytes toward an item's size: a Number's digits two to a byte, plus one.
pub(super) fn stored_size(attr_type: AttrType, key: &str) -> usize {
    match attr_type {
        AttrType::N => key.len().div_ceil(2) + 1,
        AttrType::S => key.len(),
    }
}

/// The attributes that place an item in a Query's answer: the index's keys (every
/// attribute of a multi-attribute key, partition then sort), then the table's own. A
/// `LastEvaluatedKey` names exactly these.
pub fn placing_attributes<'t>(table: &'t Table, index: &'t KeySchema) -> Vec<&'t str> {
    let mut attributes: Vec<&str> = index.partition_attributes().chain(index.sort_attributes()).collect();
    for a in std::iter::once(table.primary.partition.as_str()).chain(table.primary.sort.as_deref()) {
        if !attributes.contains(&a) {
            attributes.push(a);
        }
    }
    attributes
}

/// Every item `query` reads by following `LastEvaluatedKey` until it is absent (or it
/// has the `max_items` promised, or `max_pages` pages are read), each with its 1-based
/// page number, as rows; `None` when the table has no such index.
pub fn pages(table: &Table, stored: &dyn Stored, query: &Query, max_pages: usize) -> Option<Vec<(usize, usize)>> {
    read(
        table,
        stored,
        query,
        max_pages,
        query.max_items.map_or(usize::MAX, |n| n as usize),
    )
}

/// [`pages`], stopping at `most` items rather than the query's `max_items`: one request
/// reads its page whatever the caller means to read in all.
pub(super) fn read(
    table: &Table,
    stored: &dyn Stored,
    query: &Query,
    max_pages: usize,
    most: usize,
) -> Option<Vec<(usize, usize)>> {
    let index = table.key_schema(query.index.as_deref())?;
    let column = |attribute: &str| -> Option<(&KeyColumn, AttrType)> {
        Some((
            stored.column(attribute)?,
            table.attribute_type(attribute).unwrap_or(AttrType::S),
        ))
    };
    let order_attrs = placing_attributes(table, index);
    // An attribute no item has a key of: no item is in the index, or meets the condition.
    let Some(placing) = order_attrs.iter().map(|a| column(a)).collect::<Option<Vec<_>>>() else {
        return Some(Vec::new());
    };
    let Some(read) = Conditions::of(query, &column) else {
        return Some(Vec::new());
    };
    let first_sort =
        (index.sort_attributes().next().and_then(column)).and_then(|(c, _)| Some((c, stored.key_order(c)?)));
    let in_query = read.rows(stored, &placing);
    let mut rows = in_key_order(&in_query, &placing, first_sort);
    if !query.scan_index_forward {
        rows.reverse();
    }
    if let Some(start) = &query.exclusive_start_key {
        let at: Option<Vec<KeyValue>> = (order_attrs.iter().zip(&placing))
            .map(|(a, (_, t))| key_of(start.get(*a)?, *t))
            .collect();
        if let Some(at) = at {
            let after = if query.scan_index_forward {
                Ordering::Greater
            } else {
                Ordering::Less
            };
            rows.retain(|&r| compare_place(&placing, r, &at) == after);
        }
    }
    let mut reader = Reader::new(query.limit, most, max_pages);
    let out = rows
        .into_iter()
        .map_while(|row| Some((reader.read(stored.size(row))?, row)))
        .collect();
    Some(out)
}

/// A query's key conditions, each on its attribute's column: the partition (every
/// attribute of a multi-attribute one) and a sort key's leading attributes by
/// equality, then one condition on the next sort attribute.
struct Conditions<'k> {
    partition: (&'k KeyColumn, &'k KeyValue),
    equal: Vec<(&'k KeyColumn, &'k KeyValue)>,
    sort: Option<(&'k KeyColumn, &'k KeyCondition)>,
}

impl<'k> Conditions<'k> {
    /// `None` when a condition names an attribute no item has: nothing meets it.
    fn of(query: &'k Query, column: &dyn Fn(&str) -> Option<(&'k KeyColumn, AttrType)>) -> Option<Self> {
        let on = |(attribute, value): &'k (String, KeyValue)| Some((column(attribute)?.0, value));
        Some(Conditions {
            partition: on(&query.partition)?,
            equal: query
                .partition_more
                .iter()
                .chain(&query.sort_leading)
                .map(on)
                .collect::<Option<_>>()?,
            sort: match &query.sort {
                Some((attribute, condition)) => Some((column(attribute)?.0, condition)),
                None => None,
            },
        })
    }

    /// Which items the query reads, by row: held, in the queried partition, with every
    /// key that places them, and within the conditions.
    fn rows(&self, stored: &dyn Stored, placing: &[(&KeyColumn, AttrType)]) -> Vec<bool> {
        let (partition_column, value) = self.partition;
        // The queried partition as groups of equal keys, where kept (the column's,
        // worked out once): comparing each item's group is cheaper than its key text,
        // and every key of a group is its first item's.
        let groups = stored.groups(partition_column);
        let queried: Vec<bool> = (groups.iter().flat_map(|g| &g.first_item))
            .map(|&first| partition_column.get(first).is_some_and(|k| equals(k, value)))
            .collect();
        let in_partition = |row: usize| match groups {
            Some(g) => (g.of_item.get(row).copied().flatten()).is_some_and(|g| queried[g as usize]),
            None => partition_column.get(row).is_some_and(|k| equals(k, value)),
        };
        // Worked out in item order: reading the columns in the sort order's (random)
        // item order would miss the cache for every item.
        (0..stored.rows())
            .map(|row| {
                stored.held(row)
                    && in_partition(row)
                    && placing.iter().all(|(c, _)| c.get(row).is_some())
                    && (self.equal.iter()).all(|(c, v)| c.get(row).is_some_and(|k| equals(k, v)))
                    && self
                        .sort
                        .is_none_or(|(c, condition)| c.get(row).is_some_and(|k| matches(condition, k)))
            })
            .collect()
    }
}

/// The rows read in place order: from the first sort attribute's order where it is kept
/// (ties broken by row), with ties between equal keys put in place order (the rest of a
/// multi-attribute key, then the table's keys), as DynamoDB places items with the same
/// index key; else sorted by place.
fn in_key_order(
    in_query: &[bool],
    placing: &[(&KeyColumn, AttrType)],
    sort: Option<(&KeyColumn, &Rc<Vec<usize>>)>,
) -> Vec<usize> {
    let mut rows: Vec<usize> = match sort {
        Some((_, order)) => order.iter().copied().filter(|&r| in_query[r]).collect(),
        None => (0..in_query.len()).filter(|&r| in_query[r]).collect(),
    };
    let place = |a: usize, b: usize| -> Ordering {
        placing
            .iter()
            .map(|(c, t)| compare_stored(*t, c.get(a).unwrap_or_default(), c.get(b).unwrap_or_default()))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
    };
    match sort {
        Some((c, _)) => {
            let key = |r: usize| c.get(r).unwrap_or_default();
            let mut start = 0;
            while start < rows.len() {
                let first = key(rows[start]);
                // Equal keys, numerically for a Number ("1" and "1.0" are one key).
                let end = start
                    + rows[start..]
                        .iter()
                        .take_while(|&&r| c.compare(key(r), first).is_eq())
                        .count();
                if end - start > 1 {
                    sort_positions(&mut rows[start..end], &place);
                }
                start = end;
            }
        }
        None => sort_positions(&mut rows, &place),
    }
    rows
}

/// Where `row` stands against the place `at` (one key per placing attribute).
fn compare_place(placing: &[(&KeyColumn, AttrType)], row: usize, at: &[KeyValue]) -> Ordering {
    placing
        .iter()
        .zip(at)
        .map(|((c, t), v)| compare_stored(*t, c.get(row).unwrap_or_default(), v.as_str()))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

/// A stored key text against a value of its attribute, in DynamoDB's order.
fn against(stored: &str, value: &KeyValue) -> Ordering {
    compare_stored(value.attr_type(), stored, value.as_str())
}

fn equals(stored: &str, value: &KeyValue) -> bool {
    against(stored, value).is_eq()
}

/// Whether a stored key meets a key condition.
pub(super) fn matches(condition: &KeyCondition, stored: &str) -> bool {
    let cmp = |v: &KeyValue| against(stored, v);
    match condition {
        KeyCondition::Eq(v) => cmp(v).is_eq(),
        KeyCondition::Lt(v) => cmp(v).is_lt(),
        KeyCondition::Le(v) => cmp(v).is_le(),
        KeyCondition::Gt(v) => cmp(v).is_gt(),
        KeyCondition::Ge(v) => cmp(v).is_ge(),
        KeyCondition::Between(lo, hi) => cmp(lo).is_ge() && cmp(hi).is_le(),
        KeyCondition::BeginsWith(p) => stored.as_bytes().starts_with(p.as_str().as_bytes()),
    }
}

/// An attribute value of the given type (`{"S": …}` or a valid `{"N": …}`): a Number
/// that is not a number (`{"N": "G"}`) is no key at all (found by fuzzing).
pub(super) fn key_of(value: &Value, attr_type: AttrType) -> Option<KeyValue> {
    let text = value.get(attr_type.as_str())?.as_str()?;
    Some(match attr_type {
        AttrType::N => KeyValue::N(Number::parse(text).ok()?),
        AttrType::S => KeyValue::S(text.to_string()),
    })
}

/// The largest page DynamoDB returns.
pub(super) const PAGE_BYTES: usize = 1024 * 1024;

/// A client reading a query page after page: the page each item falls on, until it
/// has the items the pattern promises (`max_items`: a program stops there, whatever the
/// page size) or has read `max_pages` pages.
struct Reader {
    limit: usize,
    most: usize,
    max_pages: usize,
    page: usize,
    /// Items and bytes of the page being read, and items read in all.
    count: usize,
    bytes: usize,
    read: usize,
}

impl Reader {
    fn new(limit: Option<u32>, most: usize, max_pages: usize) -> Reader {
        Reader {
            limit: limit.map_or(usize::MAX, |l| l as usize),
            most,
            max_pages,
            page: 1,
            count: 0,
            bytes: 0,
            read: 0,
        }
    }

    /// The page the next item, of `size` bytes, is read on; `None` once the reader stops.
    fn read(&mut self, size: usize) -> Option<usize> {
        if self.read >= self.most {
            return None;
        }
        // A page ends at Limit items or once it holds 1 MB, as DynamoDB's do.
        if self.count >= self.limit || self.bytes >= PAGE_BYTES {
            self.page += 1;
            self.count = 0;
            self.bytes = 0;
        }
        if self.page > self.max_pages {
            return None;
        }
        self.count += 1;
        self.bytes += size;
        self.read += 1;
        Some(self.page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Values;
    use crate::preview::Sample;
    use crate::query::eval::{item_of, latest_writes, Item};
    use crate::schema::Schema;
    use proptest::prelude::*;
    use serde_json::json;

    fn schema() -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GPK": "S", "GSK": "N", "MG": "N", "MT": "S"},
                      "primary": {"partition": "PK", "sort": "SK"},
                      "indexes": [{"name": "G", "partition": "GPK", "sort": "GSK"},
                                  {"name": "H", "partition": "GSK", "sort": "SK"},
                                  {"name": "M", "partition": "MG", "sort": ["GSK", "MT"]}]},
            "entities": [
                {"name": "Team", "fields": {"g": {"kind": "uint", "width": 1}},
                 "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "TEAM"}]}},
                {"name": "Run", "fields": {"g": {"kind": "uint", "width": 1}, "n": {"kind": "int", "width": 2}, "t": {"kind": "text"}},
                 "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "RUN"}, {"field": "t"}],
                          "GPK": [{"literal": "G"}, {"field": "g"}], "GSK": [{"field": "n"}],
                          "MG": [{"field": "g"}], "MT": [{"field": "t"}]}}
            ]
        }))
        .unwrap()
    }

    /// The answer written the plain way, as DynamoDB's documentation states it: keep the
    /// items with every placing key of its type that meet each condition, sort them by
    /// their keys as tuples, read backward if asked, start after the start key, then
    /// break pages at Limit or 1 MB and stop at the items promised.
    fn plainly(table: &Table, items: &[Item], query: &Query, max_pages: usize) -> Vec<(usize, usize)> {
        let Some(index) = table.key_schema(query.index.as_deref()) else {
            return Vec::new();
        };
        let attrs = placing_attributes(table, index);
        let key = |item: &Item, a: &str| key_of(item.get(a)?, table.attribute_type(a).unwrap_or(AttrType::S));
        let place = |item: &Item| attrs.iter().map(|a| key(item, a)).collect::<Option<Vec<KeyValue>>>();
        let meets = |item: &Item| {
            (query.partition_conditions().chain(&query.sort_leading)).all(|(a, v)| key(item, a).as_ref() == Some(v))
                && query
                    .sort
                    .as_ref()
                    .is_none_or(|(a, c)| key(item, a).is_some_and(|k| matches(c, k.as_str())))
        };
        let mut read: Vec<(Vec<KeyValue>, usize)> = (items.iter().enumerate())
            .filter_map(|(at, item)| Some((place(item).filter(|_| meets(item))?, at)))
            .collect();
        read.sort();
        if !query.scan_index_forward {
            read.reverse();
        }
        if let Some(start) = query.exclusive_start_key.as_ref().and_then(place) {
            read.retain(|(p, _)| {
                if query.scan_index_forward {
                    *p > start
                } else {
                    *p < start
                }
            });
        }
        let (limit, most) = (
            query.limit.map_or(usize::MAX, |l| l as usize),
            query.max_items.map_or(usize::MAX, |n| n as usize),
        );
        let (mut page, mut count, mut bytes, mut out) = (1, 0, 0, Vec::new());
        for (_, at) in read.into_iter().take(most) {
            if count >= limit || bytes >= PAGE_BYTES {
                (page, count, bytes) = (page + 1, 0, 0);
            }
            if page > max_pages {
                break;
            }
            count += 1;
            bytes += crate::query::eval::item_size(&items[at]);
            out.push((page, at));
        }
        out
    }

    /// Table keys as text, to tell items apart in both runs.
    fn table_key(item: &Item) -> String {
        format!("{}|{}", item["PK"], item["SK"])
    }

    fn got_json(table: &Table, items: &[Item], query: &Query) -> Vec<(usize, String)> {
        (crate::query::eval::pages(table, items, query, 1000).into_iter())
            .map(|(page, item)| (page, table_key(item)))
            .collect()
    }

    proptest! {
        /// The pages over the columns are the pages `eval::pages` gives over the same
        /// items as DynamoDB JSON: same items, same order, same page breaks, for every
        /// condition, direction, limit, number of items promised and start key, on the
        /// table and on two GSIs.
        #[test]
        fn pages_over_columns_are_the_json_simulators(
            items in proptest::collection::vec((proptest::bool::weighted(0.8), 0u8..2, prop_oneof![4 => (-3i32..3).prop_map(|n| json!(n)), 1 => Just(json!("x")), 1 => Just(json!(null))], "[ab]{0,2}"), 0..40),
            choice in 0usize..5,
            partition in 0u8..2,
            number in -4i32..4,
            other in -4i32..4,
            text in "[ab]{0,2}",
            condition in 0usize..8,
            forward in any::<bool>(),
            (limit, max_items) in (prop_oneof![Just(None), (1u32..5).prop_map(Some)], prop_oneof![Just(None), (1u32..8).prop_map(Some)]),
            start in prop_oneof![Just(None), (0usize..40).prop_map(Some)],
        ) {
            let schema = schema();
            let values: Vec<(usize, Values)> = items
                .iter()
                .map(|(run, g, n, t)| (usize::from(*run), json!({"g": g, "n": n, "t": t}).as_object().cloned().unwrap()))
                .collect();
            let rows: Vec<Sample> = values.iter().map(|(e, v)| (&schema.entities[*e], v)).collect();
            let keys = ItemKeys::new(&schema, &rows);
            let encoded: Vec<Option<Item>> = rows.iter().map(|(e, v)| item_of(&schema, &e.name, v)).collect();
            let json_items = latest_writes(&schema.table, encoded.iter().flatten().cloned());
            let kept: Vec<String> = json_items.iter().map(table_key).collect();
            // A row is held when its item is the one the table keeps for its key.
            let last_of = |key: &str| encoded.iter().rposition(|i| i.as_ref().is_some_and(|i| table_key(i) == key));
            let held: Vec<bool> = (0..rows.len())
                .map(|r| encoded[r].as_ref().is_some_and(|i| kept.contains(&table_key(i)) && last_of(&table_key(i)) == Some(r)))
                .collect();
            // M is a multi-attribute sort key (GSK, MT), queried on GSK alone (3) or with GSK
            // equal and a condition on MT (4).
            let (index, pk, sk) = [(None, "PK", Some("SK")), (Some("G"), "GPK", Some("GSK")), (Some("H"), "GSK", Some("SK")), (Some("M"), "MG", Some("GSK")), (Some("M"), "MG", Some("MT"))][choice];
            let value = |attr: &str, s: String, n: i32| match schema.table.attribute_type(attr) {
                Some(AttrType::N) => KeyValue::N(Number::parse(&n.to_string()).unwrap()),
                _ => KeyValue::S(s),
            };
            let partition_value = match pk {
                "PK" => value(pk, format!("T#{partition}"), 0),
                "GPK" => value(pk, format!("G#{partition}"), 0),
                "MG" => value(pk, String::new(), i32::from(partition)),
                _ => value(pk, String::new(), number),
            };
            let sk = sk.unwrap();
            let prefix = if sk == "MT" { "" } else { "RUN#" };
            let (a, b) = (value(sk, format!("{prefix}{text}"), number), value(sk, format!("{prefix}b"), other));
            let (lo, hi) = if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
            let sort = match condition {
                0 => None,
                1 => Some(KeyCondition::Eq(a.clone())),
                2 => Some(KeyCondition::Lt(a.clone())),
                3 => Some(KeyCondition::Le(a.clone())),
                4 => Some(KeyCondition::Gt(a.clone())),
                5 => Some(KeyCondition::Ge(a.clone())),
                6 => Some(KeyCondition::Between(lo, hi)),
                _ if matches!(a, KeyValue::S(_)) => Some(KeyCondition::BeginsWith(KeyValue::S(format!("{prefix}a")))),
                _ => None,
            };
            let mut query = Query {
                table: "T".into(),
                index: index.map(str::to_string),
                partition: (pk.into(), partition_value),
                partition_more: vec![],
                sort_leading: match choice {
                    4 => vec![("GSK".into(), value("GSK", String::new(), other))],
                    _ => vec![],
                },
                sort: sort.map(|c| (sk.to_string(), c)),
                scan_index_forward: forward,
                limit,
                max_items,
                exclusive_start_key: None,
            };
            // A start key from one of the items, as a client pages on from it.
            if let Some(Some(item)) = start.and_then(|s| encoded.get(s)) {
                let attrs: &[&str] = if choice >= 3 { &["MG", "GSK", "MT", "PK", "SK"] } else { &[pk, sk, "PK", "SK"] };
                let key: serde_json::Map<String, Value> = attrs.iter().filter_map(|a| Some((a.to_string(), item.get(*a)?.clone()))).collect();
                query.exclusive_start_key = Some(key);
            }
            let expected: Vec<(usize, String)> = crate::query::eval::pages(&schema.table, &json_items, &query, 1000)
                .into_iter()
                .map(|(page, item)| (page, table_key(item)))
                .collect();
            let got: Vec<(usize, String)> = pages(&schema.table, &SampleKeys::new(&schema.table, &keys, &held), &query, 1000)
                .unwrap()
                .into_iter()
                .map(|(page, row)| (page, table_key(encoded[row].as_ref().unwrap())))
                .collect();
            prop_assert_eq!(got, expected);
            let plain: Vec<(usize, String)> = plainly(&schema.table, &json_items, &query, 1000)
                .into_iter()
                .map(|(page, at)| (page, table_key(&json_items[at])))
                .collect();
            prop_assert_eq!(plain, got_json(&schema.table, &json_items, &query));
        }
    }
}
