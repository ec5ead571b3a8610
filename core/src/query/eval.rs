//! Runs a [`Query`] over items the way DynamoDB does: only items that carry the index's
//! keys (sparse indexes), S keys in UTF-8 byte order and N keys numerically, `Limit`
//! counting evaluated items, pages that also stop at 1 MB, and `LastEvaluatedKey` /
//! `ExclusiveStartKey` paging. [`run`] is one request, which knows nothing of how many
//! items the pattern promises; [`pages`] is the reader, who stops there.

use super::{KeyCondition, Query};
use crate::codec::order::sort_items;
use crate::codec::{KeyValue, Number};
use crate::schema::Table;
use serde_json::{json, Map, Value};

/// One item in DynamoDB JSON: attribute name → `{"S": ...}`, `{"N": ...}`, ...
pub type Item = Map<String, Value>;

/// A sample item as the table stores it: every key attribute its entity writes, in
/// DynamoDB JSON; `None` when its values do not encode.
pub fn item_of(schema: &crate::Schema, entity: &str, values: &crate::Values) -> Option<Item> {
    let encoded = crate::codec::encode(schema, entity, values).ok()?;
    Some(
        encoded
            .keys
            .iter()
            .map(|(a, k)| (a.clone(), super::attribute_value(k)))
            .collect(),
    )
}

/// A page of results, as DynamoDB's Query answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub items: Vec<Item>,
    pub scanned_count: usize,
    pub last_evaluated_key: Option<Item>,
}

impl Page {
    /// `{Items, Count, ScannedCount, LastEvaluatedKey}`.
    pub fn to_value(&self) -> Value {
        let mut out = Map::new();
        out.insert(
            "Items".into(),
            Value::Array(self.items.iter().cloned().map(Value::Object).collect()),
        );
        out.insert("Count".into(), json!(self.items.len()));
        out.insert("ScannedCount".into(), json!(self.scanned_count));
        if let Some(k) = &self.last_evaluated_key {
            out.insert("LastEvaluatedKey".into(), Value::Object(k.clone()));
        }
        Value::Object(out)
    }
}

/// A key attribute's value in an item, if it has one of the given type. A Number that
/// is not a number (`{"N": "G"}`) is no key at all: DynamoDB would never have stored
/// the item, and it would have no place in the order (found by fuzzing).
fn key_of(item: &Item, attr: &str, attr_type: &str) -> Option<KeyValue> {
    let text = item.get(attr)?.get(attr_type)?.as_str()?;
    Some(if attr_type == "N" {
        KeyValue::N(Number::parse(text).ok()?)
    } else {
        KeyValue::S(text.to_string())
    })
}

fn matches(cond: &KeyCondition, v: &KeyValue) -> bool {
    match cond {
        KeyCondition::Eq(x) => v == x,
        KeyCondition::Lt(x) => v < x,
        KeyCondition::Le(x) => v <= x,
        KeyCondition::Gt(x) => v > x,
        KeyCondition::Ge(x) => v >= x,
        KeyCondition::Between(lo, hi) => lo <= v && v <= hi,
        KeyCondition::BeginsWith(p) => v.as_str().as_bytes().starts_with(p.as_str().as_bytes()),
    }
}

/// Why DynamoDB refuses `query`'s `ExclusiveStartKey`, in its words; `None` when it
/// has none or DynamoDB takes it. The key names exactly the table's key attributes and
/// the queried index's, each of its declared type; it lies in the queried partition,
/// and within the sort condition. A start key DynamoDB refuses is never read as "start
/// from the top", which would return the first page again.
pub fn start_key_problem(table: &Table, query: &Query) -> Option<String> {
    let start = query.exclusive_start_key.as_ref()?;
    let invalid = "The provided starting key is invalid";
    let keys = table.key_schema(query.index.as_deref())?;
    let mut wanted: Vec<&str> = vec![table.primary.partition.as_str()];
    wanted.extend(table.primary.sort.as_deref());
    for a in keys.partition_attributes().chain(keys.sort_attributes()) {
        if !wanted.contains(&a) {
            wanted.push(a);
        }
    }
    if start.len() != wanted.len() || wanted.iter().any(|a| !start.contains_key(*a)) {
        return Some(invalid.to_string());
    }
    for a in &wanted {
        let attr_type = table.attribute_type(a).map_or("S", |t| t.as_str());
        let Some(value) = key_of(start, a, attr_type) else {
            return Some(format!("{invalid}: The provided key element does not match the schema"));
        };
        if value.as_str().is_empty() && attr_type == "S" {
            return Some(format!(
                "One or more parameter values were invalid: The AttributeValue for a key attribute cannot contain an empty string value. Key: {a}"
            ));
        }
    }
    let outside = query.partition_conditions().any(|(a, v)| {
        let t = table.attribute_type(a).map_or("S", |t| t.as_str());
        key_of(start, a, t).is_none_or(|s| s != *v)
    });
    if outside {
        return Some("The provided starting key is outside query boundaries based on provided conditions".to_string());
    }
    let off_range = query.sort_leading.iter().any(|(a, v)| {
        let t = table.attribute_type(a).map_or("S", |t| t.as_str());
        key_of(start, a, t).is_none_or(|s| s != *v)
    }) || query.sort.as_ref().is_some_and(|(a, cond)| {
        let t = table.attribute_type(a).map_or("S", |t| t.as_str());
        key_of(start, a, t).is_none_or(|s| !matches(cond, &s))
    });
    off_range.then(|| "The provided starting key does not match the range key predicate".to_string())
}

/// DynamoDB's item size: attribute name bytes plus value bytes (numbers approximately).
fn item_size(item: &Item) -> usize {
    fn value_size(v: &Value) -> usize {
        match v {
            Value::Object(m) => m
                .iter()
                .map(|(t, inner)| match (t.as_str(), inner) {
                    ("S" | "B", Value::String(s)) => s.len(),
                    ("N", Value::String(n)) => n.len().div_ceil(2) + 1,
                    ("BOOL" | "NULL", _) => 1,
                    (_, Value::Array(a)) => 3 + a.iter().map(value_size).sum::<usize>(),
                    (_, Value::Object(o)) => 3 + o.iter().map(|(k, v)| k.len() + value_size(v)).sum::<usize>(),
                    _ => 1,
                })
                .sum(),
            Value::String(s) => s.len(),
            _ => 1,
        }
    }
    item.iter().map(|(k, v)| k.len() + value_size(v)).sum()
}

const PAGE_BYTES: usize = 1024 * 1024;

/// Items as a table holds them: one per table key (partition and sort key), a later
/// write replacing an earlier one in its place, as DynamoDB's PutItem does.
pub fn latest_writes(table: &Table, items: impl IntoIterator<Item = Item>) -> Vec<Item> {
    let mut items: Vec<Option<Item>> = items.into_iter().map(Some).collect();
    let places = kept_places(table, items.iter().flatten());
    places.into_iter().filter_map(|at| items[at].take()).collect()
}

/// The places of the items a table keeps of `items`, written in that order: for each
/// table key the last write, in the place its first write had ([`latest_writes`]).
pub fn kept_places<'i>(table: &Table, items: impl IntoIterator<Item = &'i Item>) -> Vec<usize> {
    let p = &table.primary;
    let key = |item: &Item| {
        let part = |a: Option<&String>| a.and_then(|a| item.get(a)).map(Value::to_string).unwrap_or_default();
        format!("{}\u{0}{}", part(Some(&p.partition)), part(p.sort.as_ref()))
    };
    let mut slot: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut kept: Vec<usize> = Vec::new();
    for (at, item) in items.into_iter().enumerate() {
        match slot.entry(key(item)) {
            std::collections::hash_map::Entry::Occupied(e) => kept[*e.get()] = at,
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(kept.len());
                kept.push(at);
            }
        }
    }
    kept
}

/// Runs `query` over `items` of `table`.
/// The items a query reads, in the order it reads them (after `ExclusiveStartKey`), each
/// with its place; `None` when the table has no such index.
#[allow(clippy::type_complexity)]
fn selected(table: &Table, items: &[Item], query: &Query) -> Option<(Vec<(Vec<KeyValue>, usize)>, Vec<String>)> {
    let keys = table.key_schema(query.index.as_deref())?;
    let type_of = |attr: &str| table.attribute_type(attr).map_or("S", |t| t.as_str());
    // Keys that name an item's place: the index keys (every attribute of a
    // multi-attribute key, partition then sort, so items order by the first sort
    // attribute, then the next), then the table's own.
    let mut order_attrs: Vec<&str> = keys.partition_attributes().chain(keys.sort_attributes()).collect();
    for a in std::iter::once(table.primary.partition.as_str()).chain(table.primary.sort.as_deref()) {
        if !order_attrs.contains(&a) {
            order_attrs.push(a);
        }
    }
    let position =
        |item: &Item| -> Option<Vec<KeyValue>> { order_attrs.iter().map(|a| key_of(item, a, type_of(a))).collect() };
    let mut selected: Vec<(Vec<KeyValue>, usize)> = (items.iter().enumerate())
        .filter_map(|(at, item)| {
            // Sparse index: an item without every key of the index is not in it.
            let pos = position(item)?;
            for (attr, value) in query.partition_conditions().chain(&query.sort_leading) {
                let v = key_of(item, attr, type_of(attr))?;
                if v != *value {
                    return None;
                }
            }
            if let Some((sk_attr, cond)) = &query.sort {
                let sk = key_of(item, sk_attr, type_of(sk_attr))?;
                if !matches(cond, &sk) {
                    return None;
                }
            }
            Some((pos, at))
        })
        .collect();
    // Every position has one key per order attribute, so the slices' own order is
    // DynamoDB's: attribute by attribute.
    sort_items(&mut selected, |a, b| a.0.cmp(&b.0));
    if !query.scan_index_forward {
        selected.reverse();
    }
    if let Some(start) = &query.exclusive_start_key {
        if let Some(start_pos) = position(start) {
            selected.retain(|(pos, _)| {
                if query.scan_index_forward {
                    *pos > start_pos
                } else {
                    *pos < start_pos
                }
            });
        }
    }
    Some((selected, order_attrs.iter().map(|a| a.to_string()).collect()))
}

/// Runs one page of `query`, as DynamoDB's Query does.
pub fn run(table: &Table, items: &[Item], query: &Query) -> Page {
    let Some((selected, order_attrs)) = selected(table, items, query) else {
        return Page {
            items: Vec::new(),
            scanned_count: 0,
            last_evaluated_key: None,
        };
    };
    let limit = query.limit.map_or(usize::MAX, |l| l as usize);
    let mut page = Vec::new();
    let mut size = 0;
    for item in selected.iter().map(|(_, at)| &items[*at]) {
        if page.len() >= limit || size >= PAGE_BYTES {
            break;
        }
        size += item_size(item);
        page.push(item.clone());
    }
    let cut = page.len() >= limit || size >= PAGE_BYTES;
    let last_evaluated_key = if cut {
        page.last().map(|last| {
            order_attrs
                .iter()
                .filter_map(|a| last.get(a).map(|v| (a.clone(), v.clone())))
                .collect()
        })
    } else {
        None
    };
    Page {
        scanned_count: page.len(),
        items: page,
        last_evaluated_key,
    }
}

/// A client reading a query page after page: the page each item falls on, until it
/// has the items the pattern promises (`max_items`: a program stops there, whatever the
/// page size) or has read `max_pages` pages. [`pages`] and [`super::columns::pages`]
/// both read through it, so they break pages and stop at the same item.
pub(super) struct Reader {
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
    pub(super) fn new(query: &Query, max_pages: usize) -> Reader {
        Reader {
            limit: query.limit.map_or(usize::MAX, |l| l as usize),
            most: query.max_items.map_or(usize::MAX, |n| n as usize),
            max_pages,
            page: 1,
            count: 0,
            bytes: 0,
            read: 0,
        }
    }

    /// The page the next item, of `size` bytes, is read on; `None` once the reader stops.
    pub(super) fn read(&mut self, size: usize) -> Option<usize> {
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

/// Every item a client reads by following `LastEvaluatedKey` from `query` until it is
/// absent, or it has the `max_items` the pattern promises, or `max_pages` pages are
/// read; each with its 1-based page number: what calling [`run`] page after page gives
/// (cut at `max_items`), with one sort instead of one per page (at 100,000 items the
/// page-by-page way took seconds).
pub fn pages<'i>(table: &Table, items: &'i [Item], query: &Query, max_pages: usize) -> Vec<(usize, &'i Item)> {
    (pages_at(table, items, query, max_pages).into_iter())
        .map(|(page, at)| (page, &items[at]))
        .collect()
}

/// [`pages`], each item named by its place in `items`: a caller that knows more of an
/// item than its attributes (the page's row numbers) finds it there, without carrying
/// it through the query as a made-up attribute.
pub fn pages_at(table: &Table, items: &[Item], query: &Query, max_pages: usize) -> Vec<(usize, usize)> {
    let Some((selected, _)) = selected(table, items, query) else {
        return Vec::new();
    };
    let mut reader = Reader::new(query, max_pages);
    selected
        .into_iter()
        .map_while(|(_, at)| Some((reader.read(item_size(&items[at]))?, at)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item(pk: &str, sk: &str, v: u32) -> Item {
        let v = json!({"PK": {"S": pk}, "SK": {"S": sk}, "v": {"N": v.to_string()}});
        v.as_object().cloned().unwrap_or_default()
    }

    /// A later write of a table key replaces the earlier in its place; the places say
    /// which item of the input was kept, and the query's places name the items it reads.
    #[test]
    fn places_name_the_items_kept_and_read() {
        let schema = crate::interop::tests::leaderboard();
        let written = [
            item("A", "2", 0),
            item("A", "1", 1),
            item("A", "2", 2),
            item("B", "1", 3),
        ];
        assert_eq!(kept_places(&schema.table, &written), [2, 1, 3]);
        let kept = latest_writes(&schema.table, written.iter().cloned());
        assert_eq!(kept, [written[2].clone(), written[1].clone(), written[3].clone()]);

        let query = Query {
            table: "Leaderboard".into(),
            index: None,
            partition: ("PK".into(), KeyValue::S("A".into())),
            partition_more: Vec::new(),
            sort_leading: Vec::new(),
            sort: None,
            scan_index_forward: false,
            limit: None,
            max_items: None,
            exclusive_start_key: None,
        };
        let at: Vec<(usize, usize)> = pages_at(&schema.table, &kept, &query, 10);
        assert_eq!(at, [(1, 0), (1, 1)], "SK 2 then SK 1, read backward");
        let read: Vec<&Item> = pages(&schema.table, &kept, &query, 10)
            .into_iter()
            .map(|(_, i)| i)
            .collect();
        assert_eq!(read, [&kept[0], &kept[1]]);
    }
}
