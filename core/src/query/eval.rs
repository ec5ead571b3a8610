//! DynamoDB JSON at the edge of the Query simulator ([`super::columns`]): items as a
//! request or a table dump carries them are read into key columns and run there.
//! [`run`] is one request, which knows nothing of how many items the pattern promises;
//! [`pages`] is the reader, who stops there.

use super::columns::{self, key_of, matches, placing_attributes, stored_size, Stored, PAGE_BYTES};
use super::Query;
use crate::preview::KeyColumn;
use crate::schema::{AttrType, Table};
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

/// Why DynamoDB refuses `query`'s `ExclusiveStartKey`, in its words; `None` when it
/// has none or DynamoDB takes it. The key names exactly the table's key attributes and
/// the queried index's, each of its declared type; it lies in the queried partition,
/// and within the sort condition. A start key DynamoDB refuses is never read as "start
/// from the top", which would return the first page again.
pub fn start_key_problem(table: &Table, query: &Query) -> Option<String> {
    let start = query.exclusive_start_key.as_ref()?;
    let invalid = "The provided starting key is invalid";
    let wanted = placing_attributes(table, table.key_schema(query.index.as_deref())?);
    if start.len() != wanted.len() || wanted.iter().any(|a| !start.contains_key(*a)) {
        return Some(invalid.to_string());
    }
    let start_key = |a: &str| key_of(start.get(a)?, table.attribute_type(a).unwrap_or(AttrType::S));
    for a in &wanted {
        let Some(value) = start_key(a) else {
            return Some(format!("{invalid}: The provided key element does not match the schema"));
        };
        if value.as_str().is_empty() && value.attr_type() == AttrType::S {
            return Some(format!(
                "One or more parameter values were invalid: The AttributeValue for a key attribute cannot contain an empty string value. Key: {a}"
            ));
        }
    }
    let outside = (query.partition_conditions()).any(|(a, v)| start_key(a).is_none_or(|s| s != *v));
    if outside {
        return Some("The provided starting key is outside query boundaries based on provided conditions".to_string());
    }
    let off_range = query
        .sort_leading
        .iter()
        .any(|(a, v)| start_key(a).is_none_or(|s| s != *v))
        || (query.sort.as_ref()).is_some_and(|(a, cond)| start_key(a).is_none_or(|s| !matches(cond, s.as_str())));
    off_range.then(|| "The provided starting key does not match the range key predicate".to_string())
}

/// DynamoDB's item size: attribute name bytes plus value bytes (numbers approximately).
pub(crate) fn item_size(item: &Item) -> usize {
    fn value_size(v: &Value) -> usize {
        match v {
            Value::Object(m) => m
                .iter()
                .map(|(t, inner)| match (t.as_str(), inner) {
                    ("S" | "B", Value::String(s)) => s.len(),
                    ("N", Value::String(n)) => stored_size(AttrType::N, n),
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

/// Items in DynamoDB JSON read into key columns: every attribute that places an item
/// in `query`'s index or that a condition names, each of the type the table declares.
struct JsonItems<'i> {
    items: &'i [Item],
    /// A few attributes: a list is less code than a map.
    columns: Vec<(&'i str, KeyColumn)>,
}

impl<'i> JsonItems<'i> {
    fn new(table: &'i Table, items: &'i [Item], query: &'i Query) -> JsonItems<'i> {
        let mut attributes: Vec<&str> = table
            .key_schema(query.index.as_deref())
            .map(|index| placing_attributes(table, index))
            .unwrap_or_default();
        let conditions = (query.partition_conditions().chain(&query.sort_leading)).map(|(a, _)| a);
        attributes.extend(
            conditions
                .chain(query.sort.as_ref().map(|(a, _)| a))
                .map(String::as_str),
        );
        let columns = attributes
            .into_iter()
            .map(|a| {
                let attr_type = table.attribute_type(a).unwrap_or(AttrType::S);
                let text = |item: &'i Item| {
                    let value = item.get(a)?;
                    key_of(value, attr_type)?;
                    value.get(attr_type.as_str())?.as_str()
                };
                (a, KeyColumn::of_keys(attr_type == AttrType::N, items.iter().map(text)))
            })
            .collect();
        JsonItems { items, columns }
    }
}

impl Stored for JsonItems<'_> {
    fn rows(&self) -> usize {
        self.items.len()
    }

    fn column(&self, attribute: &str) -> Option<&KeyColumn> {
        self.columns.iter().find(|(a, _)| *a == attribute).map(|(_, c)| c)
    }

    fn held(&self, _: usize) -> bool {
        true
    }

    fn size(&self, row: usize) -> usize {
        item_size(&self.items[row])
    }
}

/// Runs one page of `query`, as DynamoDB's Query does.
pub fn run(table: &Table, items: &[Item], query: &Query) -> Page {
    // One request reads its page whatever the caller means to read in all.
    let stored = JsonItems::new(table, items, query);
    let read = columns::read(table, &stored, query, 1, usize::MAX).unwrap_or_default();
    let page: Vec<Item> = read.into_iter().map(|(_, at)| items[at].clone()).collect();
    let size: usize = page.iter().map(item_size).sum();
    let cut = query.limit.is_some_and(|l| page.len() >= l as usize) || size >= PAGE_BYTES;
    let last_evaluated_key = match (cut, page.last(), table.key_schema(query.index.as_deref())) {
        (true, Some(last), Some(index)) => Some(
            (placing_attributes(table, index).into_iter())
                .filter_map(|a| last.get(a).map(|v| (a.to_string(), v.clone())))
                .collect(),
        ),
        _ => None,
    };
    Page {
        scanned_count: page.len(),
        items: page,
        last_evaluated_key,
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
    let stored = JsonItems::new(table, items, query);
    columns::pages(table, &stored, query, max_pages).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::KeyValue;
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
