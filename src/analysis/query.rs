//! What the query panel and the paste box show: the query built from the draft (or
//! read from the paste), its code, and the sample items it returns, page by page.

use crate::document::{row_text, samples, DraftOn, Focus, ItemId, QueryDraft, Row};
use keylab::codec::{encode, KeyValue};
use keylab::lint::{order_surprise, Finding};
use keylab::preview::ItemKeys;
use keylab::query::builder::build;
use keylab::query::columns::{self, SampleKeys};
use keylab::query::parse::{parse_input, ValidationError};
use keylab::query::pasted::Pasted;
use keylab::query::{KeyCondition, Query, ValueStyle};
use keylab::schema::Schema;
use serde_json::Value;
use std::rc::Rc;

/// Sample items a query returns, in the order it returns them, with their page number.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub item: ItemId,
    pub page: usize,
    /// The item's key in the order the query reads, and its values as text, for the
    /// first [`SHOWN`] hits: the lists draw no more (100,000 copied keys did).
    pub key: String,
    pub values: String,
}

/// The sample items a query returns, in order, and the page each item is on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Hits {
    pub list: Vec<Hit>,
    /// Per item: its page (from 1), or 0 when the query does not return it.
    page_of: Vec<u32>,
}

impl Hits {
    /// The hits `list`, among `items` sample items.
    pub fn new(list: Vec<Hit>, items: usize) -> Hits {
        let mut page_of = vec![0; items];
        for h in &list {
            if let Some(p) = page_of.get_mut(h.item.0) {
                *p = u32::try_from(h.page).unwrap_or(u32::MAX);
            }
        }
        Hits { list, page_of }
    }

    /// The page `item` is returned on, if the query returns it.
    pub fn page_of(&self, item: ItemId) -> Option<usize> {
        self.page_of.get(item.0).filter(|&&p| p > 0).map(|&p| p as usize)
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// How many pages the query reads.
    pub fn pages(&self) -> usize {
        self.list.last().map_or(0, |h| h.page)
    }
}

/// Longest list of keys drawn at once: the order of every item is computed, but a list
/// of 100,000 elements would stall the page.
pub const SHOWN: usize = 500;

#[derive(Clone, Debug, PartialEq)]
pub struct QueryView {
    /// The query built, for its code (written by the page's second module).
    pub query: Rc<Query>,
    pub expression: String,
    pub input: String,
    pub document_input: String,
    pub explanation: String,
    /// Other entities whose items the condition can reach.
    pub also_returns: Vec<String>,
    /// The sort key of the parent item the condition includes.
    pub parent: Option<String>,
    pub hits: Rc<Hits>,
    /// How the query is drawn on the sorted keys.
    pub band: Band,
}

/// The query drawn on the sorted keys: the order it reads (its sort attribute, in its
/// partition), its bounds as the condition states them, its direction, page size and
/// the items its pattern promises.
/// Where the bounds fall is not computed here: the page places them around the rows
/// the simulated query returned ([`QueryView::hits`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub attribute: String,
    /// The queried partition: its key, or a multi-attribute key's tuple in words, as
    /// the partition picker lists it.
    pub partition: String,
    /// The condition at the low end of the order (`>= "A"`), if it has one.
    pub lower: Option<String>,
    /// The condition at the high end (`<= "B"`), if it has one.
    pub upper: Option<String>,
    pub forward: bool,
    /// DynamoDB's `Limit`: the page size.
    pub limit: Option<u32>,
    /// The first N items the pattern promises: the reader stops after N.
    pub first: Option<u32>,
    /// A multi-attribute sort key's attributes (`attribute` is then empty: its tuple
    /// order is no one attribute's, so no band is drawn); empty for a single one. On
    /// their keys, the list says when the partition shown is not the one queried.
    pub tuple: Vec<String>,
}

impl Band {
    pub(crate) fn of(query: &Query, attribute: String) -> Band {
        let shown = |v: &KeyValue| match v {
            // As the JSON views write it: a bound's U+10FFFF shows as its escape.
            KeyValue::S(s) => keylab::snippet::visible_json(&serde_json::to_string(s).unwrap_or_default()),
            KeyValue::N(n) => n.to_string(),
        };
        let (lower, upper) = match query.sort.as_ref().map(|(_, c)| c) {
            None => (None, None),
            Some(KeyCondition::Eq(v)) => (Some(format!("= {}", shown(v))), Some(format!("= {}", shown(v)))),
            Some(KeyCondition::Lt(v)) => (None, Some(format!("< {}", shown(v)))),
            Some(KeyCondition::Le(v)) => (None, Some(format!("<= {}", shown(v)))),
            Some(KeyCondition::Gt(v)) => (Some(format!("> {}", shown(v))), None),
            Some(KeyCondition::Ge(v)) => (Some(format!(">= {}", shown(v))), None),
            Some(KeyCondition::Between(a, b)) => (
                Some(format!(">= {} (BETWEEN)", shown(a))),
                Some(format!("<= {} (BETWEEN)", shown(b))),
            ),
            Some(KeyCondition::BeginsWith(p)) => (
                Some(format!("the first key that begins_with {}", shown(p))),
                Some(format!("the last key that begins_with {}", shown(p))),
            ),
        };
        // A multi-attribute key's partition is its tuple, said as the picker lists it.
        let partition = match query.partition_more.is_empty() {
            true => query.partition.1.as_str().to_string(),
            false => keylab::preview::tuple_label(
                (std::iter::once(&query.partition).chain(&query.partition_more)).map(|(a, v)| (a.as_str(), v.as_str())),
            ),
        };
        Band {
            attribute,
            partition,
            lower,
            upper,
            forward: query.scan_index_forward,
            limit: query.limit,
            first: query.max_items,
            tuple: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PasteView {
    pub error: Option<ValidationError>,
    /// How text that was not low-level JSON was read (a JavaScript object, a Python
    /// dict, DocumentClient values), said so the reading is never silent.
    pub read_as: Vec<String>,
    /// For a condition on a field inside a composite key: what to compare instead.
    pub hint: Option<String>,
    /// The pasted expression, for pointing at the offending token.
    pub expression: String,
    pub hits: Rc<Hits>,
    /// Lint L6 for a pasted `begins_with` that ends inside a segment, over the items
    /// the query returned.
    pub surprise: Option<Finding>,
}

/// How the query is drawn on the keys. A multi-attribute key orders by a tuple no single
/// attribute's preview shows: no band is drawn on one (the side-by-side view shows the
/// order), and its sort attributes are named instead.
fn band(schema: &Schema, focus: &Focus, query: &Query) -> Band {
    let key = schema.table.key_schema(query.index.as_deref());
    match key.filter(|k| k.is_multi_attribute()) {
        None => Band::of(query, sort_attribute(schema, focus, query)),
        Some(k) => Band {
            tuple: k.sort_attributes().map(str::to_string).collect(),
            ..Band::of(query, String::new())
        },
    }
}

/// The attribute whose order a query reads: its index's sort key, or the edited
/// attribute for an index without one.
fn sort_attribute(schema: &Schema, focus: &Focus, query: &Query) -> String {
    query
        .sort
        .as_ref()
        .map(|(a, _)| a.clone())
        .or_else(|| {
            schema
                .table
                .key_schema(query.index.as_deref())
                .and_then(|k| k.sort.clone())
        })
        .unwrap_or_else(|| focus.attribute(schema))
}

/// Runs a query page by page, as a client following LastEvaluatedKey would, over the
/// items' key columns (`query::columns`, the one simulator).
pub(crate) fn hits(schema: &Schema, rows: &[Row], focus: &Focus, query: Query, keys: &ItemKeys) -> Rc<Hits> {
    let held = held(schema, rows, keys);
    let stored = SampleKeys::new(&schema.table, keys, &held);
    let found = (columns::pages(&schema.table, &stored, &query, 1000)
        .into_iter()
        .flatten())
    .map(|(page, row)| (page, ItemId(row)));
    let sort_attr = sort_attribute(schema, focus, &query);
    let multi: Option<Vec<String>> = (schema.table.key_schema(query.index.as_deref()))
        .filter(|k| k.is_multi_attribute())
        .map(|k| k.sort_attributes().map(str::to_string).collect());
    let key_of = |item: ItemId, attr: &str| keys.of(attr).and_then(|c| c.get(item.0)).unwrap_or_default();
    let list = found
        .into_iter()
        .enumerate()
        .map(|(n, (page, item))| {
            let shown = n < SHOWN;
            // A multi-attribute sort key's place is the whole tuple.
            let key = match (&multi, shown) {
                (_, false) => String::new(),
                (Some(attrs), true) => attrs.iter().map(|a| key_of(item, a)).collect::<Vec<_>>().join(" · "),
                (None, true) => key_of(item, &sort_attr).to_string(),
            };
            let values = if shown {
                row_text(schema, rows, item)
            } else {
                String::new()
            };
            Hit {
                item,
                page,
                key,
                values,
            }
        })
        .collect();
    Rc::new(Hits::new(list, rows.len()))
}

/// Which items the table holds: every key the item's entity writes encodes (an index
/// key with all its values missing is left out, a sparse index), and no later item
/// writes the same table key.
fn held(schema: &Schema, rows: &[Row], keys: &ItemKeys) -> Vec<bool> {
    let samples = samples(schema, rows);
    let mut held = vec![true; samples.len()];
    for attribute in schema.table.attributes.iter().map(|(a, _)| a) {
        for (row, _) in keys.of(attribute).into_iter().flat_map(|c| c.refused()) {
            if held[row] {
                let (entity, values) = samples[row];
                held[row] = encode(schema, &entity.name, values).is_ok();
            }
        }
    }
    // Among the items the table holds, the last write of a table key stays.
    for shared in keys.shared(schema).iter() {
        let writes: Vec<usize> = shared.rows.iter().copied().filter(|&r| held[r]).collect();
        if let Some((_, replaced)) = writes.split_last() {
            for &row in replaced {
                held[row] = false;
            }
        }
    }
    held
}

/// The query panel's view: the query its draft states, its code's inputs and the items
/// it returns; or why the draft states no query.
pub fn query_view(
    schema: &Schema,
    rows: &[Row],
    focus: &Focus,
    draft: &QueryDraft,
    keys: &ItemKeys,
) -> Result<QueryView, String> {
    let pattern = DraftOn { draft, schema, rows }.pattern()?;
    let built = build(schema, &pattern).map_err(|e| e.sentence())?;
    let pretty = |v: &Value| keylab::snippet::visible_json(&serde_json::to_string_pretty(v).unwrap_or_default());
    Ok(QueryView {
        query: Rc::new(built.query.clone()),
        expression: built.query.expression(),
        input: pretty(&built.query.to_input(ValueStyle::DynamoJson)),
        document_input: pretty(&built.query.to_input(ValueStyle::Plain)),
        explanation: built.explanation.clone(),
        also_returns: built.also_returns.clone(),
        parent: built.parent.as_ref().map(|p| p.key.clone()),
        band: band(schema, focus, &built.query),
        hits: hits(schema, rows, focus, built.query, keys),
    })
}

/// What the paste box's text reads as, given how it was read
/// ([`keylab::query::pasted::read_pasted`], in the page by its second module).
pub fn paste_view(
    schema: &Schema,
    rows: &[Row],
    focus: &Focus,
    keys: &ItemKeys,
    read: Result<Pasted, String>,
) -> PasteView {
    let (doc, read_as) = match read {
        Ok(p) => (p.input, p.read_as),
        Err(message) => {
            let error = ValidationError {
                message,
                offset: None,
                token: None,
            };
            return PasteView::refused(error, Vec::new(), None, String::new());
        }
    };
    let expression = doc
        .get("KeyConditionExpression")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    match parse_input(&schema.table, &doc) {
        Ok(q) => {
            let prefix = match &q.sort {
                Some((attribute, KeyCondition::BeginsWith(KeyValue::S(p)))) => Some((attribute.clone(), p.clone())),
                _ => None,
            };
            let hits = hits(schema, rows, focus, q, keys);
            let samples = samples(schema, rows);
            let returned: Vec<_> = (hits.list.iter())
                .filter_map(|h| samples.get(h.item.0).copied())
                .collect();
            PasteView {
                error: None,
                read_as,
                hint: None,
                expression,
                surprise: prefix.and_then(|(attribute, p)| order_surprise(schema, &returned, &attribute, &p)),
                hits,
            }
        }
        Err(e) => {
            let hint = keylab::query::pasted::composite_field_hint(schema, &doc);
            PasteView::refused(e, read_as, hint, expression)
        }
    }
}

impl PasteView {
    /// A paste that states no query: nothing returned.
    fn refused(error: ValidationError, read_as: Vec<String>, hint: Option<String>, expression: String) -> PasteView {
        PasteView {
            error: Some(error),
            read_as,
            hint,
            expression,
            hits: Rc::default(),
            surprise: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::document::{samples, DraftOn, ItemId, QueryDraft, Row, Shape};
    use keylab::codec::{KeyCodecs, KeyValue, Number};
    use keylab::query::builder::build;
    use keylab::query::eval::{item_of, kept_places, pages_at, Item};
    use keylab::query::Query;
    use keylab::schema::Schema;

    /// The sample rows a query can see, as DynamoDB items (every key they can encode), each
    /// with its row. Only the query's partition: a Query reads one partition, and building
    /// items for all 100,000 rows after every edit would dominate the page.
    fn sample_items(schema: &Schema, rows: &[Row], query: &Query) -> (Vec<ItemId>, Vec<Item>) {
        let (attribute, partition) = (&query.partition.0, &query.partition.1);
        let mut codecs = KeyCodecs::new(schema, attribute);
        let mut key = String::new();
        let written = samples(schema, rows)
            .iter()
            .enumerate()
            .filter(|(_, (entity, values))| {
                let Some(codec) = codecs.of(entity) else {
                    return false;
                };
                codec.write_values(values, &mut key).is_ok()
                    && match partition {
                        // A Number partition matches however its digits are written.
                        KeyValue::N(number) => Number::parse(&key).is_ok_and(|k| k == *number),
                        KeyValue::S(text) => key == *text,
                    }
            })
            .filter_map(|(i, (entity, values))| Some((ItemId(i), item_of(schema, &entity.name, values)?)))
            .collect::<Vec<_>>();
        // A write with a table key already there replaces that item, as in DynamoDB.
        let kept = kept_places(&schema.table, written.iter().map(|(_, item)| item));
        let mut written: Vec<Option<(ItemId, Item)>> = written.into_iter().map(Some).collect();
        kept.into_iter().filter_map(|at| written[at].take()).unzip()
    }

    /// The query's pages over the partition's items as DynamoDB JSON items (`eval::pages`).
    fn json_pages(schema: &Schema, rows: &[Row], query: &Query) -> Vec<(usize, ItemId)> {
        let (found, items) = sample_items(schema, rows, query);
        (pages_at(&schema.table, &items, query, 1000).into_iter())
            .map(|(page, at)| (page, found[at]))
            .collect()
    }

    /// Over the samples' key columns, held as the page says, or over the DynamoDB JSON
    /// items the samples write, kept as PutItem keeps them, a query returns the same
    /// items on the same pages: on every preset (overwritten items, sparse indexes, Number
    /// keys, items a design refuses), every index, every shape and every anchor.
    #[test]
    fn the_columns_and_the_json_items_give_the_same_pages() {
        let shapes = [
            Shape::Collection,
            Shape::Entity,
            Shape::Exact,
            Shape::Prefix,
            Shape::Range,
            Shape::Top,
            Shape::Before,
            Shape::After,
        ];
        let mut compared = 0;
        for preset in crate::presets::PRESETS {
            let base = crate::presets::load(preset.id).unwrap();
            let (schema, rows, focus) = (base.schema(), base.rows(), base.focus());
            let keys = crate::analysis::item_keys(schema, rows, None);
            let indexes = std::iter::once(None).chain(schema.table.indexes.iter().map(|i| Some(i.name.clone())));
            for index in indexes {
                for shape in shapes {
                    for anchor in 0..rows.len() {
                        let draft = QueryDraft {
                            shape,
                            index: index.clone().map(crate::document::IndexName),
                            anchor: ItemId(anchor),
                            // Top N stops mid-page: 3 items over pages of 2.
                            limit: "2".into(),
                            first: "3".into(),
                            ..QueryDraft::default()
                        };
                        let on = DraftOn {
                            draft: &draft,
                            schema,
                            rows,
                        };
                        let Ok(built) = on.pattern().and_then(|a| build(schema, &a).map_err(|e| e.sentence())) else {
                            continue;
                        };
                        let columns: Vec<(usize, ItemId)> =
                            super::hits(schema, rows, focus, built.query.clone(), &keys)
                                .list
                                .iter()
                                .map(|h| (h.page, h.item))
                                .collect();
                        assert_eq!(
                            columns,
                            json_pages(schema, rows, &built.query),
                            "{} {index:?} {shape:?} item #{}",
                            preset.id,
                            anchor + 1
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 400, "{compared} queries compared");
    }
}
