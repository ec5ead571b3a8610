//! What the page shows, computed from the playground by the core. The page memoises
//! each part on what it reads and then calls the same [`assemble`] that
//! [`Playground::analyse`] calls, so the tested path is the shipped one.

use crate::document::{ItemId, Playground};
use keylab::codec::width::WidthPlan;
use keylab::codec::{KeyCodecs, KeyValue, Number};
use keylab::compare::Design;
use keylab::lint::{lint_with_keys, order_surprise, Finding};
use keylab::preview::{
    collections_in_order, number_vs_string, overwritten_by, overwritten_in, preview_after, Collection, ItemKeys,
    NumberVsString, Preview,
};
use keylab::query::builder::build;
use keylab::query::eval::{item_of, latest_writes, pages, Item};
use keylab::query::parse::{parse_input, ValidationError};
use keylab::query::{KeyCondition, Query, ValueStyle};
use keylab::snippet::Options as SnippetOptions;
use serde_json::{json, Value};
use std::rc::Rc;

/// The attribute that carries a sample item's row number through a simulated query.
const ROW_ATTRIBUTE: &str = "keylab:row";

mod plans;
pub mod reads;
pub use plans::Largests;

/// The parts of an analysis, each computed on its own so the page can keep those whose
/// inputs did not change.
pub struct Parts {
    pub blocked: Option<String>,
    pub preview: Option<Rc<Preview>>,
    pub checked: (Vec<keylab::Error>, Vec<keylab::Warning>),
    pub plans: Vec<WidthPlan>,
    pub number_field: Option<String>,
    pub number_vs_string: Option<NumberVsString>,
    pub collections: Rc<Vec<Collection>>,
    pub overwritten: Rc<Vec<Option<ItemId>>>,
    pub query: Result<QueryView, String>,
    pub pasted: Option<PasteView>,
    pub lint: Rc<Vec<Finding>>,
    pub side_by_side: Option<Rc<[Design; 2]>>,
}

/// The analysis from its parts. A setting typed but not applicable stops every view
/// that reads the keys: they show the one line that names it instead.
pub fn assemble(parts: Parts) -> Analysis {
    let open = parts.blocked.is_none();
    Analysis {
        preview: parts.preview.filter(|_| open),
        errors: parts.checked.0,
        warnings: parts.checked.1,
        plans: parts.plans,
        query: match &parts.blocked {
            Some(why) => Err(why.clone()),
            None => parts.query,
        },
        pasted: parts.pasted,
        number_field: parts.number_field.filter(|_| open),
        number_vs_string: parts.number_vs_string.filter(|_| open),
        collections: if open { parts.collections } else { Rc::new(Vec::new()) },
        overwritten: if open { parts.overwritten } else { Rc::new(Vec::new()) },
        lint: parts.lint,
        side_by_side: parts.side_by_side.filter(|_| open),
        blocked: parts.blocked,
    }
}

/// Everything the page shows, computed by the core from the state. Components render
/// it and compute nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Why nothing is computed: a setting typed but not applicable (see [`Unsettled`]).
    /// The preview, the item collections and the query panel all show this one line.
    pub blocked: Option<String>,
    pub preview: Option<Rc<Preview>>,
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    pub plans: Vec<WidthPlan>,
    /// The query panel's output, or why the pattern cannot become a query.
    pub query: Result<QueryView, String>,
    /// The paste box's outcome; `None` while it is empty.
    pub pasted: Option<PasteView>,
    /// The field the Number vs String view compares, named even while the view is
    /// closed and not computed.
    pub number_field: Option<String>,
    /// The first numeric sort field's values as a Number key and as a String key.
    pub number_vs_string: Option<NumberVsString>,
    /// The item collections of the index the selected attribute belongs to.
    pub collections: Rc<Vec<Collection>>,
    /// Per row, the later row that overwrites it (same table key).
    pub overwritten: Rc<Vec<Option<ItemId>>>,
    /// What the design linter finds in the design and its sample items.
    pub lint: Rc<Vec<Finding>>,
    /// A multi-attribute GSI beside a concatenated one, when the table has both.
    pub side_by_side: Option<Rc<[Design; 2]>>,
}

/// Sample items a query returns, in the order it returns them, with their page number.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub item: ItemId,
    pub page: usize,
    pub key: String,
    /// The item's values as text, for the first [`SHOWN`] hits: the lists draw no more.
    pub values: String,
}

/// Longest list of keys drawn at once: the order of every item is computed, but a list
/// of 100,000 elements would stall the page.
pub const SHOWN: usize = 500;

#[derive(Clone, Debug, PartialEq)]
pub struct QueryView {
    /// The chosen target's code, or why that target cannot express the query.
    pub snippet: Result<String, String>,
    pub expression: String,
    pub input: String,
    pub document_input: String,
    pub explanation: String,
    /// Other entities whose items the condition can reach.
    pub also_returns: Vec<String>,
    /// The sort key of the parent item the condition includes.
    pub parent: Option<String>,
    pub hits: Rc<Vec<Hit>>,
    /// How the query is drawn on the sorted keys.
    pub band: Band,
}

/// The query drawn on the sorted keys: the order it reads (its sort attribute, in its
/// partition), its bounds as the condition states them, its direction and page size.
/// Where the bounds fall is not computed here: the page places them around the rows
/// the simulated query returned ([`QueryView::hits`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    pub attribute: String,
    pub partition: String,
    /// The condition at the low end of the order (`>= "A"`), if it has one.
    pub lower: Option<String>,
    /// The condition at the high end (`<= "B"`), if it has one.
    pub upper: Option<String>,
    pub forward: bool,
    pub limit: Option<u32>,
}

impl Band {
    fn of(query: &Query, attribute: String) -> Band {
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
        Band {
            attribute,
            partition: query.partition.1.as_str().to_string(),
            lower,
            upper,
            forward: query.scan_index_forward,
            limit: query.limit,
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
    pub hits: Rc<Vec<Hit>>,
    /// Lint L6 for a pasted `begins_with` that ends inside a segment, over the items
    /// the query returned.
    pub surprise: Option<Finding>,
}

impl Playground {
    /// Every part computed from this playground, assembled as the page assembles it.
    /// Each part sees only the pieces it names in [`reads`], as in the page.
    pub fn analyse(&self) -> Analysis {
        let part = |pieces| self.reads(pieces).work();
        let keys = part(reads::ITEM_KEYS).item_keys();
        let preview = part(reads::PREVIEW).preview_after(None, &keys).map(Rc::new);
        let collections = Rc::new(part(reads::COLLECTIONS).collections(&keys, preview.as_deref()));
        assemble(Parts {
            blocked: part(reads::BLOCKED).blocked(),
            preview,
            checked: part(reads::CHECKED).schema.check(),
            plans: part(reads::PLANS).plans(),
            number_field: part(reads::NUMBER_FIELD).number_field(),
            number_vs_string: part(reads::NUMBER_VS_STRING).number_vs_string(),
            overwritten: Rc::new(part(reads::OVERWRITTEN).overwritten(&collections, &keys)),
            collections,
            query: part(reads::QUERY).query_view(),
            pasted: part(reads::PASTED).paste_view(),
            lint: Rc::new(part(reads::LINT).lint(&keys)),
            side_by_side: part(reads::SIDE_BY_SIDE).side_by_side().map(Rc::new),
        })
    }

    /// Every key attribute's key for every item, encoded once for the views that
    /// read them (the collections, the overwritten items, the linter).
    pub fn item_keys(&self) -> ItemKeys {
        self.item_keys_after(None)
    }

    /// [`Self::item_keys`] after an edit of `earlier`, whose keys they were: only the
    /// keys the edit can have changed are encoded again.
    pub fn item_keys_after(&self, earlier: Option<(&ItemKeys, &Playground)>) -> ItemKeys {
        let before = earlier.map(|(_, p)| p);
        let unchanged = |at: usize| before.is_some_and(|p| self.unchanged_since(p, ItemId(at)));
        let earlier = earlier.map(|(keys, p)| (keys, &*p.schema));
        ItemKeys::after(earlier, &self.schema, &self.samples(), &unchanged)
    }

    /// The design linter over the design and the sample items.
    pub fn lint(&self, keys: &ItemKeys) -> Vec<Finding> {
        lint_with_keys(&self.schema, &self.samples(), keys)
    }

    /// The query panel's pattern on a multi-attribute GSI beside a concatenated one:
    /// the queried index when it is one of the pair, else the table's first of each;
    /// `None` without one of each.
    pub fn side_by_side(&self) -> Option<[keylab::compare::Design; 2]> {
        let (multi, other) = keylab::compare::candidates(&self.schema);
        let queried = self.query_index().map(str::to_string);
        let pick = |names: &[String]| {
            queried
                .clone()
                .filter(|q| names.contains(q))
                .or_else(|| names.first().cloned())
        };
        let (multi, other) = (pick(&multi)?, pick(&other)?);
        let pattern = self.pattern().ok()?;
        Some(keylab::compare::side_by_side(
            &self.schema,
            &self.samples(),
            &pattern,
            &multi,
            &other,
        ))
    }

    /// One line naming the setting that stops the keys from being computed.
    pub fn blocked(&self) -> Option<String> {
        let (_, u) = self.unsettled.iter().next()?;
        let more = match self.unsettled.len() {
            1 => String::new(),
            n => format!(" ({} more setting(s) to fix)", n - 1),
        };
        Some(format!(
            "Nothing to show until the {} is fixed: {}{more}",
            u.setting, u.problem
        ))
    }

    /// The selected attribute's keys for every item, in DynamoDB's order.
    pub fn preview(&self) -> Option<Preview> {
        self.preview_after(None, &self.item_keys())
    }

    /// [`Self::preview`] from the items' `keys` after an edit of `earlier`, whose
    /// preview it was: sorted from its orders, and keeping the naive keys of the items
    /// the edit left alone.
    pub fn preview_after(&self, earlier: Option<(&Preview, &Playground)>, keys: &ItemKeys) -> Option<Preview> {
        self.entity()?;
        let attribute = self.attribute();
        let column = keys.column(&attribute)?;
        let before = earlier.map(|(_, p)| p);
        let unchanged = |at: usize| before.is_some_and(|p| self.unchanged_since(p, ItemId(at)));
        let earlier = earlier.map(|(preview, p)| (preview, &*p.schema));
        Some(preview_after(
            earlier,
            &self.schema,
            &attribute,
            &self.samples(),
            column,
            &unchanged,
        ))
    }

    /// Whether item `row` is as it was in `earlier`: the same shared values of the same
    /// entity at the same place. (The caller holds `earlier`, so the values' addresses
    /// cannot be reused meanwhile.)
    fn unchanged_since(&self, earlier: &Playground, item: ItemId) -> bool {
        earlier
            .rows
            .get(item.0)
            .zip(self.rows.get(item.0))
            .is_some_and(|(a, b)| a.entity == b.entity && Rc::ptr_eq(&a.values, &b.values))
    }

    pub fn number_field(&self) -> Option<String> {
        Some(
            keylab::preview::number_field(self.entity()?, &self.attribute())?
                .name
                .clone(),
        )
    }

    pub fn number_vs_string(&self) -> Option<NumberVsString> {
        number_vs_string(self.entity()?, &self.attribute(), &self.samples())
    }

    /// Per row, the later row with the same table key, which replaces it in DynamoDB.
    /// `collections` are [`Self::collections`]: when they are the base table's, they
    /// already hold every table key, so they are read rather than computed again.
    pub fn overwritten(&self, collections: &[Collection], keys: &ItemKeys) -> Vec<Option<ItemId>> {
        // The base table's collections hold its keys when it has a sort key; without
        // one, it has no collections and each partition key is one item's key.
        let by = match (self.index_of_attribute(), &self.schema.table.primary.sort) {
            (None, Some(_)) => overwritten_in(collections, self.rows.len()),
            _ => overwritten_by(&self.schema, self.rows.len(), keys),
        };
        by.into_iter().map(|later| later.map(ItemId)).collect()
    }

    /// The item collections of the index the edited attribute belongs to. When the
    /// `preview` is of that index's sort key, its order groups them without a sort.
    pub fn collections(&self, keys: &ItemKeys, preview: Option<&Preview>) -> Vec<Collection> {
        let index = self.index_of_attribute();
        let sort = self.key_schema(index.as_deref()).and_then(|k| k.sort.as_deref());
        let order = preview
            .filter(|p| Some(p.attribute.as_str()) == sort)
            .map(|p| p.sorted.as_slice());
        collections_in_order(&self.schema, index.as_deref(), &self.samples(), keys, order)
    }

    /// The sample rows a query can see, as DynamoDB items (every key they can encode,
    /// plus their row). Only the query's partition: a Query reads one partition, and
    /// building items for all 100,000 rows after every edit would dominate the page.
    pub fn sample_items(&self, query: &Query) -> Vec<Item> {
        let (attribute, partition) = (&query.partition.0, &query.partition.1);
        let mut codecs = KeyCodecs::new(&self.schema, attribute);
        let mut key = String::new();
        let written = self
            .samples()
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
            .filter_map(|(i, (entity, values))| {
                let mut item = item_of(&self.schema, &entity.name, values)?;
                item.insert(ROW_ATTRIBUTE.into(), json!({ "N": i.to_string() }));
                Some(item)
            })
            .collect::<Vec<_>>();
        // A write with a table key already there replaces that item, as in DynamoDB.
        latest_writes(&self.schema.table, written)
    }

    /// The attribute whose order a query reads: its index's sort key.
    fn sort_attribute(&self, query: &Query) -> String {
        query
            .sort
            .as_ref()
            .map(|(a, _)| a.clone())
            .or_else(|| self.key_schema(query.index.as_deref()).and_then(|k| k.sort.clone()))
            .unwrap_or_else(|| self.attribute())
    }

    /// Runs a query page by page, as a client following LastEvaluatedKey would (one
    /// sort for every page: `eval::pages`).
    pub(crate) fn hits(&self, query: Query) -> Rc<Vec<Hit>> {
        let items = self.sample_items(&query);
        let sort_attr = self.sort_attribute(&query);
        let multi: Option<Vec<String>> = self
            .key_schema(query.index.as_deref())
            .filter(|k| k.is_multi_attribute())
            .map(|k| k.sort_attributes().map(str::to_string).collect());
        let mut hits = Vec::new();
        for (page, item) in pages(&self.schema.table, &items, &query, 1000) {
            let row = item
                .get(ROW_ATTRIBUTE)
                .and_then(|v| v.get("N"))
                .and_then(Value::as_str)
                .and_then(|n| n.parse().ok())
                .map(ItemId);
            let value = |attr: &str| {
                item.get(attr)
                    .and_then(|v| v.get("S").or_else(|| v.get("N")))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string()
            };
            // A multi-attribute sort key's place is the whole tuple.
            let key = match &multi {
                Some(attrs) => attrs.iter().map(|a| value(a)).collect::<Vec<_>>().join(" · "),
                None => value(&sort_attr),
            };
            if let Some(item) = row {
                hits.push(Hit {
                    item,
                    page,
                    key,
                    values: if hits.len() < SHOWN {
                        self.row_text(item)
                    } else {
                        String::new()
                    },
                });
            }
        }
        Rc::new(hits)
    }

    pub fn query_view(&self) -> Result<QueryView, String> {
        let pattern = self.pattern()?;
        let built = build(&self.schema, &pattern).map_err(|e| e.sentence())?;
        let pretty = |v: &Value| keylab::snippet::visible_json(&serde_json::to_string_pretty(v).unwrap_or_default());
        let target = self.snippet.target;
        let non_empty = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        let options = SnippetOptions {
            table: non_empty(&self.snippet.table),
            endpoint: non_empty(&self.snippet.endpoint),
            program: self.snippet.program,
        };
        #[cfg(feature = "deferred")]
        let snippet = keylab::snippet::render(&built.query, target, &options);
        #[cfg(not(feature = "deferred"))]
        let snippet = Err(format!("{target:?} {options:?}: loads after first paint"));
        Ok(QueryView {
            snippet,
            expression: built.query.expression(),
            input: pretty(&built.query.to_input(ValueStyle::DynamoJson)),
            document_input: pretty(&built.query.to_input(ValueStyle::Plain)),
            explanation: built.explanation.clone(),
            also_returns: built.also_returns.clone(),
            parent: built.parent.as_ref().map(|p| p.key.clone()),
            // A multi-attribute key orders by a tuple no single attribute's preview
            // shows: no band is drawn on one (the side-by-side view shows the order).
            band: Band::of(
                &built.query,
                if !self
                    .key_schema(built.query.index.as_deref())
                    .is_some_and(|k| k.is_multi_attribute())
                {
                    self.sort_attribute(&built.query)
                } else {
                    String::new()
                },
            ),
            hits: self.hits(built.query),
        })
    }

    pub fn paste_view(&self) -> Option<PasteView> {
        if cfg!(not(feature = "deferred")) || self.pasted.trim().is_empty() {
            return None;
        }
        let (doc, read_as) = match keylab::query::pasted::read_pasted(&self.pasted) {
            Ok(p) => (p.input, p.read_as),
            Err(message) => {
                let error = ValidationError {
                    message,
                    offset: None,
                    token: None,
                };
                return Some(PasteView {
                    error: Some(error),
                    read_as: Vec::new(),
                    hint: None,
                    expression: String::new(),
                    hits: Rc::default(),
                    surprise: None,
                });
            }
        };
        let expression = doc
            .get("KeyConditionExpression")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        Some(match parse_input(&self.schema.table, &doc) {
            Ok(q) => {
                let prefix = match &q.sort {
                    Some((attribute, KeyCondition::BeginsWith(KeyValue::S(p)))) => Some((attribute.clone(), p.clone())),
                    _ => None,
                };
                let hits = self.hits(q);
                let samples = self.samples();
                let returned: Vec<_> = hits.iter().filter_map(|h| samples.get(h.item.0).copied()).collect();
                PasteView {
                    error: None,
                    read_as,
                    hint: None,
                    expression,
                    surprise: prefix.and_then(|(attribute, p)| order_surprise(&self.schema, &returned, &attribute, &p)),
                    hits,
                }
            }
            Err(e) => PasteView {
                error: Some(e),
                read_as,
                hint: keylab::query::pasted::composite_field_hint(&self.schema, &doc),
                expression,
                hits: Rc::default(),
                surprise: None,
            },
        })
    }
}

#[cfg(test)]
mod tests;
