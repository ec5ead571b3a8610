//! A [`Query`] run over sample items held as key columns ([`ItemKeys`]), the way
//! [`super::eval::pages`] runs it over DynamoDB JSON items, without building one JSON
//! item per sample: at 100,000 items the page made 100,000 maps after every edit to
//! read one partition. The keys are compared as they are stored (UTF-8 bytes for S,
//! numerically for N) and ordered from the sort key column's own order, so a Query
//! over a large partition filters an order already worked out instead of sorting.
//!
//! Multi-attribute keys are not read here: [`pages`] returns `None` for them and the
//! caller runs the JSON path, whose items are few.

use super::eval::Reader;
use super::{KeyCondition, Query};
use crate::codec::order::{compare_stored, sort_positions};
use crate::codec::{KeyValue, Number};
use crate::preview::{ItemKeys, KeyColumn};
use crate::schema::{AttrType, Table};
use serde_json::Value;
use std::cmp::Ordering;

/// Every item `query` reads by following `LastEvaluatedKey` until it is absent (or it
/// has the `max_items` promised, or `max_pages` pages are read), each with its 1-based
/// page number, as rows. `held` says which rows the table holds: rows whose every key
/// encodes (sparse omissions aside), not replaced by a later row with their table key.
/// An item's size counts every key attribute it has, as [`super::eval`] counts a
/// sample item's.
pub fn pages(
    table: &Table,
    keys: &ItemKeys,
    held: &[bool],
    query: &Query,
    max_pages: usize,
) -> Option<Vec<(usize, usize)>> {
    let index = table.key_schema(query.index.as_deref())?;
    if index.is_multi_attribute() || !query.partition_more.is_empty() || !query.sort_leading.is_empty() {
        return None;
    }
    let column = |attribute: &str| -> Option<(&KeyColumn, AttrType)> {
        Some((
            keys.of(attribute)?,
            table.attribute_type(attribute).unwrap_or(AttrType::S),
        ))
    };
    // The attributes that place an item: the index's keys, then the table's own.
    let mut order_attrs: Vec<&str> = std::iter::once(index.partition.as_str())
        .chain(index.sort.as_deref())
        .collect();
    for a in std::iter::once(table.primary.partition.as_str()).chain(table.primary.sort.as_deref()) {
        if !order_attrs.contains(&a) {
            order_attrs.push(a);
        }
    }
    let placing: Vec<(&KeyColumn, AttrType)> = order_attrs.iter().map(|a| column(a)).collect::<Option<_>>()?;
    let sort = index.sort.as_deref().and_then(column);
    let in_query = read_by(query, held, &placing, sort.map(|(c, _)| c));
    let mut rows = in_key_order(&in_query, &placing, sort.map(|(c, _)| c));
    if !query.scan_index_forward {
        rows.reverse();
    }
    if let Some(start) = &query.exclusive_start_key {
        let at: Option<Vec<KeyValue>> = order_attrs
            .iter()
            .zip(&placing)
            .map(|(a, (_, t))| key_of(start.get(*a)?, *t))
            .collect();
        if let Some(at) = at {
            rows.retain(|&r| {
                let from_start = compare_place(&placing, r, &at);
                from_start
                    == if query.scan_index_forward {
                        Ordering::Greater
                    } else {
                        Ordering::Less
                    }
            });
        }
    }
    let sized: Vec<(&str, &KeyColumn, AttrType)> = table
        .attributes
        .iter()
        .filter_map(|(a, _)| Some((a.as_str(), column(a)?.0, column(a)?.1)))
        .collect();
    let mut reader = Reader::new(query, max_pages);
    let out = rows
        .into_iter()
        .map_while(|row| Some((reader.read(size_of(&sized, row))?, row)))
        .collect();
    Some(out)
}

/// Which items `query` reads, by row: held, in the queried partition, with every key
/// that places them, and within the sort condition.
fn read_by(query: &Query, held: &[bool], placing: &[(&KeyColumn, AttrType)], sort: Option<&KeyColumn>) -> Vec<bool> {
    let (partition_column, _) = placing[0];
    // The queried partition as groups of equal keys (the column's, worked out once and
    // kept while it is): comparing each item's group is cheaper than its key text, and
    // every key of a group is its first item's.
    let groups = partition_column.groups();
    let queried: Vec<bool> = (groups.first_item.iter())
        .map(|&first| {
            partition_column
                .get(first)
                .is_some_and(|k| equals(k, &query.partition.1))
        })
        .collect();
    // Worked out in item order: reading the columns in the sort order's (random) item
    // order would miss the cache for every item.
    (0..held.len())
        .map(|row| {
            held[row]
                && groups
                    .of_item
                    .get(row)
                    .copied()
                    .flatten()
                    .is_some_and(|g| queried[g as usize])
                && placing.iter().all(|(c, _)| c.get(row).is_some())
                && match (&query.sort, sort) {
                    (Some((_, condition)), Some(c)) => c.get(row).is_some_and(|k| matches(condition, k)),
                    (Some(_), None) => false,
                    (None, _) => true,
                }
        })
        .collect()
}

/// The rows read, in the sort key's order (ties broken by row), then ties between equal
/// sort keys put in table-key order, as DynamoDB places items with the same index key.
fn in_key_order(in_query: &[bool], placing: &[(&KeyColumn, AttrType)], sort: Option<&KeyColumn>) -> Vec<usize> {
    let mut rows: Vec<usize> = match sort {
        Some(c) => c.order().iter().copied().filter(|&r| in_query[r]).collect(),
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
        Some(c) => {
            let mut start = 0;
            while start < rows.len() {
                let key = c.get(rows[start]);
                let end = start + rows[start..].iter().take_while(|&&r| c.get(r) == key).count();
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

/// An item's size as DynamoDB counts it toward a page's 1 MB: every key attribute it has.
fn size_of(sized: &[(&str, &KeyColumn, AttrType)], row: usize) -> usize {
    sized
        .iter()
        .filter_map(|(name, c, t)| {
            let k = c.get(row)?;
            Some(
                name.len()
                    + if *t == AttrType::N {
                        k.len().div_ceil(2) + 1
                    } else {
                        k.len()
                    },
            )
        })
        .sum()
}

/// A stored key text against a value of its attribute, in DynamoDB's order.
fn against(stored: &str, value: &KeyValue) -> Ordering {
    compare_stored(value.attr_type(), stored, value.as_str())
}

fn equals(stored: &str, value: &KeyValue) -> bool {
    against(stored, value).is_eq()
}

fn matches(condition: &KeyCondition, stored: &str) -> bool {
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

/// A start key's attribute value of the given type (`{"S": …}` or a valid `{"N": …}`).
fn key_of(value: &Value, attr_type: AttrType) -> Option<KeyValue> {
    let text = value.get(attr_type.as_str())?.as_str()?;
    Some(match attr_type {
        AttrType::N => KeyValue::N(Number::parse(text).ok()?),
        AttrType::S => KeyValue::S(text.to_string()),
    })
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
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GPK": "S", "GSK": "N"},
                      "primary": {"partition": "PK", "sort": "SK"},
                      "indexes": [{"name": "G", "partition": "GPK", "sort": "GSK"},
                                  {"name": "H", "partition": "GSK", "sort": "SK"}]},
            "entities": [
                {"name": "Team", "fields": {"g": {"kind": "uint", "width": 1}},
                 "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "TEAM"}]}},
                {"name": "Run", "fields": {"g": {"kind": "uint", "width": 1}, "n": {"kind": "int", "width": 2}, "t": {"kind": "text"}},
                 "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "RUN"}, {"field": "t"}],
                          "GPK": [{"literal": "G"}, {"field": "g"}], "GSK": [{"field": "n"}]}}
            ]
        }))
        .unwrap()
    }

    /// Table keys as text, to tell items apart in both runs.
    fn table_key(item: &Item) -> String {
        format!("{}|{}", item["PK"], item["SK"])
    }

    proptest! {
        /// The pages over the columns are the pages `eval::pages` gives over the same
        /// items as DynamoDB JSON: same items, same order, same page breaks, for every
        /// condition, direction, limit, number of items promised and start key, on the
        /// table and on two GSIs.
        #[test]
        fn pages_over_columns_are_the_json_simulators(
            items in proptest::collection::vec((proptest::bool::weighted(0.8), 0u8..2, prop_oneof![4 => (-3i32..3).prop_map(|n| json!(n)), 1 => Just(json!("x")), 1 => Just(json!(null))], "[ab]{0,2}"), 0..40),
            index in 0usize..3,
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
            let (index, pk, sk) = [(None, "PK", Some("SK")), (Some("G"), "GPK", Some("GSK")), (Some("H"), "GSK", Some("SK"))][index];
            let value = |attr: &str, s: String, n: i32| match schema.table.attribute_type(attr) {
                Some(AttrType::N) => KeyValue::N(Number::parse(&n.to_string()).unwrap()),
                _ => KeyValue::S(s),
            };
            let partition_value = match pk {
                "PK" => value(pk, format!("T#{partition}"), 0),
                "GPK" => value(pk, format!("G#{partition}"), 0),
                _ => value(pk, String::new(), number),
            };
            let sk = sk.unwrap();
            let (a, b) = (value(sk, format!("RUN#{text}"), number), value(sk, "RUN#b".into(), other));
            let (lo, hi) = if a <= b { (a.clone(), b.clone()) } else { (b.clone(), a.clone()) };
            let sort = match condition {
                0 => None,
                1 => Some(KeyCondition::Eq(a.clone())),
                2 => Some(KeyCondition::Lt(a.clone())),
                3 => Some(KeyCondition::Le(a.clone())),
                4 => Some(KeyCondition::Gt(a.clone())),
                5 => Some(KeyCondition::Ge(a.clone())),
                6 => Some(KeyCondition::Between(lo, hi)),
                _ if matches!(a, KeyValue::S(_)) => Some(KeyCondition::BeginsWith(KeyValue::S("RUN#a".into()))),
                _ => None,
            };
            let mut query = Query {
                table: "T".into(),
                index: index.map(str::to_string),
                partition: (pk.into(), partition_value),
                partition_more: vec![],
                sort_leading: vec![],
                sort: sort.map(|c| (sk.to_string(), c)),
                scan_index_forward: forward,
                limit,
                max_items,
                exclusive_start_key: None,
            };
            // A start key from one of the items, as a client pages on from it.
            if let Some(Some(item)) = start.and_then(|s| encoded.get(s)) {
                let attrs = [pk, sk, "PK", "SK"];
                let key: serde_json::Map<String, Value> = attrs.iter().filter_map(|a| Some((a.to_string(), item.get(*a)?.clone()))).collect();
                query.exclusive_start_key = Some(key);
            }
            let expected: Vec<(usize, String)> = crate::query::eval::pages(&schema.table, &json_items, &query, 1000)
                .into_iter()
                .map(|(page, item)| (page, table_key(item)))
                .collect();
            let got: Vec<(usize, String)> = pages(&schema.table, &keys, &held, &query, 1000)
                .unwrap()
                .into_iter()
                .map(|(page, row)| (page, table_key(encoded[row].as_ref().unwrap())))
                .collect();
            prop_assert_eq!(got, expected);
        }
    }
}
