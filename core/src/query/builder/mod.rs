//! Access pattern → [`Query`]: a request stated in field values becomes the one key
//! condition that returns exactly the matching items of that entity.
//!
//! Semantics are by value. The builder works in four steps:
//!
//! 1. the `equal` fields, in template order, give the key's fixed head `H`;
//! 2. the `range` on the next field becomes bounds on that field's *encoding* (for a
//!    `desc` field the bounds swap; for ULID/KSUID a time becomes the first or last id
//!    of that instant);
//! 3. bounds on the encoding become bounds on the whole key. A bound on a middle segment
//!    must still include every key whose field equals it: "at most e" is "at most
//!    `H + e + separator + U+10FFFF`", which sorts after every key that starts with
//!    `H + e + separator` because no key may contain U+10FFFF. "More than e" is "at least
//!    the first key after all those". When the head is not empty, the result stays inside
//!    it with `BETWEEN`;
//! 4. the condition is checked against every other entity that can share the partition
//!    ([`super::reach`]): their keys that fall in its range are named in the result, and
//!    when the head is empty the range is narrowed to the first field's span if that
//!    keeps them out.
//!
//! "Everything under a prefix" means under `H + separator`: `ORDER` is not under `ORDER`
//! when it is `ORDERLINE#…`, and `0012~` is not under `0012`. The item whose key is `H`
//! itself is the prefix's parent. It is included only where some entity's template can
//! write that key, and only when no key can sort between `H` and `H + separator`, so
//! that one condition reaches the parent and its children and nothing else.

mod explain;
mod field;
mod multi;
mod sort;

use super::bounds::{after_prefix, combine, higher, lower, range_of, Bound, Empty};
use super::reach::Partition;
use super::{KeyCondition, Query};
use crate::codec::{encode_key, KeyValue, Values};
use crate::error::{Context, Error, ErrorKind};
use crate::schema::{AttrType, Entity, Field, KeySchema, Schema};
use crate::strict::Fields;
use explain::explain;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sort::{number_condition, string_condition};

pub use super::bounds::TOP;

/// An access pattern, as the page and the JS API state it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AccessPattern {
    pub entity: String,
    #[serde(default)]
    pub index: Option<String>,
    #[serde(default)]
    pub partition: Values,
    #[serde(default)]
    pub sort: Option<SortPattern>,
    /// With a partial `equal` and no range: `true` leaves out the item whose key is the
    /// prefix itself (the parent).
    #[serde(default)]
    pub children: bool,
    #[serde(default = "forward")]
    pub scan_index_forward: bool,
    /// DynamoDB's `Limit`: the page size, the most items one request returns. It never
    /// stops a reader, who follows `LastEvaluatedKey` to the last page.
    #[serde(default)]
    pub limit: Option<u32>,
    /// The first N items: how many the pattern promises (top N, newest N, a first page).
    /// A reader stops after N, whatever the page size. Without `limit` each request asks
    /// for N (`Limit` N), so one call usually suffices; with it, `limit` stays the page
    /// size.
    #[serde(default)]
    pub first: Option<u32>,
    /// With every sort field fixed by `equal`: that item and everything on one side of
    /// it in the partition, whatever the entity (a parent and one kind of its children).
    #[serde(default)]
    pub around: Option<Around>,
}

/// Which side of an item an `around` query reads. The direction follows: reading away
/// from the item, so the nearest items come first.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Around {
    /// `SK <= key`, read backward.
    Before,
    /// `SK >= key`, read forward.
    After,
}

fn forward() -> bool {
    true
}

const BESIDE_SORT: &str = "beside sort, at the top of the request";

/// Why a value is not an access pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// A field the request does not have, at its place.
    UnknownField(crate::strict::UnknownField),
    /// A field of the wrong type, or one missing (serde's sentence, with where).
    Shape { why: String },
}

impl PatternError {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            PatternError::UnknownField(_) => "unknownField",
            PatternError::Shape { .. } => "invalidAccessPattern",
        }
    }
}

impl std::fmt::Display for PatternError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PatternError::UnknownField(e) => e.fmt(f),
            PatternError::Shape { why } => f.write_str(why),
        }
    }
}

impl std::error::Error for PatternError {}

impl From<crate::strict::UnknownField> for PatternError {
    fn from(e: crate::strict::UnknownField) -> PatternError {
        PatternError::UnknownField(e)
    }
}

impl AccessPattern {
    /// Reads a request, refusing any field it does not know, wherever it stands:
    /// `{"sort": {"equal": {...}, "children": true}}` is an error that says `children`
    /// belongs beside `sort`, not a request answered as if `children` were absent.
    pub fn from_value(value: &Value) -> Result<AccessPattern, PatternError> {
        let top = Fields {
            place: "the request",
            allowed: &[
                "entity",
                "index",
                "partition",
                "sort",
                "children",
                "scanIndexForward",
                "limit",
                "first",
                "around",
            ],
            elsewhere: &[
                ("equal", "in sort"),
                ("range", "in sort"),
                ("field", "in sort.range"),
                ("op", "in sort.range"),
                ("value", "in sort.range"),
                ("to", "in sort.range"),
            ],
        };
        let beside: [(&str, &str); 9] = [
            ("entity", BESIDE_SORT),
            ("index", BESIDE_SORT),
            ("partition", BESIDE_SORT),
            ("children", BESIDE_SORT),
            ("scanIndexForward", BESIDE_SORT),
            ("limit", BESIDE_SORT),
            ("first", BESIDE_SORT),
            ("around", BESIDE_SORT),
            ("equal", "in sort, beside range"),
        ];
        let sort = Fields {
            place: "sort",
            allowed: &["equal", "range"],
            elsewhere: &[
                ("field", "in sort.range"),
                ("op", "in sort.range"),
                ("value", "in sort.range"),
                ("to", "in sort.range"),
            ]
            .iter()
            .chain(&beside[..8])
            .copied()
            .collect::<Vec<_>>(),
        };
        let range = Fields {
            place: "sort.range",
            allowed: &["field", "op", "value", "to"],
            elsewhere: &beside,
        };
        top.check_value(value)?;
        if let Some(s) = value.get("sort") {
            sort.check_value(s)?;
            if let Some(r) = s.get("range") {
                range.check_value(r)?;
            }
        }
        serde_json::from_value(value.clone()).map_err(|e| PatternError::Shape { why: e.to_string() })
    }

    /// The request's `Limit` and the items promised: `first` alone is also the page
    /// size, so one request usually returns all N; with `limit`, `limit` stays the page
    /// size. DynamoDB refuses `Limit` 0, and "the first 0 items" asks for nothing.
    fn paging(&self) -> Result<(Option<u32>, Option<u32>), Error> {
        let zero = [
            ("limit", self.limit, "DynamoDB refuses a Limit of 0"),
            ("first", self.first, "the first 0 items are nothing to read"),
        ];
        if let Some((name, _, why)) = zero.into_iter().find(|(_, n, _)| *n == Some(0)) {
            return Err(pattern_error(
                &self.entity,
                format!("{name} is 0: {why}"),
                format!("give {name} a whole number from 1 up, or leave it out"),
            ));
        }
        Ok((self.limit.or(self.first), self.first))
    }
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
pub struct SortPattern {
    #[serde(default)]
    pub equal: Values,
    #[serde(default)]
    pub range: Option<Range>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
pub struct Range {
    pub field: String,
    pub op: RangeOp,
    pub value: Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Value>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RangeOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

impl RangeOp {
    pub const ALL: [RangeOp; 7] = [
        RangeOp::Eq,
        RangeOp::Lt,
        RangeOp::Le,
        RangeOp::Gt,
        RangeOp::Ge,
        RangeOp::Between,
        RangeOp::BeginsWith,
    ];

    /// The name a pattern document uses (`"ge"`, `"begins_with"`).
    pub fn name(self) -> &'static str {
        match self {
            RangeOp::Eq => "eq",
            RangeOp::Lt => "lt",
            RangeOp::Le => "le",
            RangeOp::Gt => "gt",
            RangeOp::Ge => "ge",
            RangeOp::Between => "between",
            RangeOp::BeginsWith => "begins_with",
        }
    }

    pub fn from_name(name: &str) -> Option<RangeOp> {
        RangeOp::ALL.into_iter().find(|op| op.name() == name)
    }

    /// How a person writes it: `<=`, `between`, `begins with`.
    pub fn symbol(self) -> &'static str {
        match self {
            RangeOp::Eq => "=",
            RangeOp::Lt => "<",
            RangeOp::Le => "<=",
            RangeOp::Gt => ">",
            RangeOp::Ge => ">=",
            RangeOp::Between => "between",
            RangeOp::BeginsWith => "begins with",
        }
    }

    fn words(self) -> &'static str {
        match self {
            RangeOp::Eq => "is",
            RangeOp::Lt => "is below",
            RangeOp::Le => "is at most",
            RangeOp::Gt => "is above",
            RangeOp::Ge => "is at least",
            RangeOp::Between => "is between",
            RangeOp::BeginsWith => "begins with",
        }
    }
}

/// The query and one sentence saying what it returns, in what order.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    pub query: Query,
    pub explanation: String,
    /// Other entities whose items the condition can also return: their keys can fall
    /// in its range (the explanation says why). Empty when it returns only the entity's.
    pub also_returns: Vec<String>,
    /// The parent item the condition also returns: the key equal to the prefix.
    pub parent: Option<ParentItem>,
}

/// The item whose sort key is a prefix's head itself, and the entities that can write it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParentItem {
    pub key: String,
    pub entities: Vec<String>,
}

/// What became of the parent item of an "everything under a prefix" query.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Parent {
    /// No template can write the head, so there is no parent.
    None,
    Included(ParentItem),
    /// Left out because `children` asked for it.
    Asked(ParentItem),
    /// Left out because a key could sort between the parent and its children.
    Apart(ParentItem),
}

fn pattern_error(entity: &str, reason: impl Into<String>, fix: impl Into<String>) -> Error {
    Error::new(
        Context::entity(entity),
        ErrorKind::InvalidPattern {
            reason: reason.into(),
            fix: fix.into(),
        },
    )
}

fn first_error(entity: &Entity, attr: &str, errors: Vec<Error>) -> Error {
    errors
        .into_iter()
        .next()
        .unwrap_or_else(|| pattern_error(&entity.name, format!("{attr} could not be built"), "check the values"))
}

fn find_keys<'a>(schema: &'a Schema, index: Option<&str>, entity: &str) -> Result<&'a KeySchema, Error> {
    schema.table.key_schema(index).ok_or_else(|| {
        let names: Vec<&str> = schema.table.indexes.iter().map(|i| i.name.as_str()).collect();
        pattern_error(
            entity,
            format!("the table has no index named {:?}", index.unwrap_or_default()),
            format!("use null for the base table or one of: {}", names.join(", ")),
        )
    })
}

/// The partition key the pattern's values give, in `where_` (the table or an index).
fn partition_key(
    schema: &Schema,
    entity: &Entity,
    keys: &KeySchema,
    pattern: &AccessPattern,
    where_: &str,
) -> Result<KeyValue, Error> {
    let pk_template = entity.template(&keys.partition).ok_or_else(|| {
        pattern_error(
            &entity.name,
            format!(
                "{} has no template for {}, so its items are not in {where_}",
                entity.name, keys.partition
            ),
            "query another index or add the template",
        )
    })?;
    let (pk, _) = encode_key(schema, entity, pk_template, &pattern.partition)
        .map_err(|e| first_error(entity, &keys.partition, e))?;
    Ok(pk)
}

/// Turns an access pattern into its Query and explanation.
pub fn build(schema: &Schema, pattern: &AccessPattern) -> Result<Built, Error> {
    let entity = schema.entity(&pattern.entity).ok_or_else(|| {
        pattern_error(
            &pattern.entity,
            format!("no entity is named {:?}", pattern.entity),
            "pick an entity of the schema",
        )
    })?;
    let keys = find_keys(schema, pattern.index.as_deref(), &entity.name)?;
    if keys.is_multi_attribute() {
        return multi::build(schema, entity, pattern, keys);
    }
    let where_ = pattern
        .index
        .as_deref()
        .map_or("the table".to_string(), |i| format!("index {i}"));
    let pk = partition_key(schema, entity, keys, pattern, &where_)?;
    let (limit, max_items) = pattern.paging()?;
    let mut query = Query {
        partition_more: Vec::new(),
        sort_leading: Vec::new(),
        table: schema.table.name.clone(),
        index: pattern.index.clone(),
        partition: (keys.partition.clone(), pk.clone()),
        sort: None,
        scan_index_forward: pattern.scan_index_forward,
        limit,
        max_items,
        exclusive_start_key: None,
    };
    let Some(sort) = &pattern.sort else {
        let explanation = explain(entity, pattern, &pk, &Sorted::whole(), &query, &[]);
        return Ok(Built {
            query,
            explanation,
            also_returns: Vec::new(),
            parent: None,
        });
    };
    let attr = keys
        .sort
        .as_ref()
        .ok_or_else(|| pattern_error(&entity.name, format!("{where_} has no sort key"), "leave out \"sort\""))?;
    let template = entity.template(attr).ok_or_else(|| {
        pattern_error(
            &entity.name,
            format!("{} has no template for {attr}", entity.name),
            "add the template",
        )
    })?;
    let partition = Partition {
        schema,
        attribute: &keys.partition,
        key: &pk,
        sort: attr,
    };
    let mut sorted = if schema.table.attribute_type(attr) == Some(AttrType::N) {
        number_condition(entity, &template.segments, sort)?
    } else {
        string_condition(schema, &partition, entity, &template.segments, sort, pattern.children)?
    };
    if let Some(side) = pattern.around {
        return around(entity, &pk, attr, side, sorted.condition, query);
    }
    let also = keep_apart(&partition, entity, &mut sorted)?;
    query.sort = sorted.condition.clone().map(|c| (attr.clone(), c));
    let explanation = explain(entity, pattern, &pk, &sorted, &query, &also);
    let parent = match sorted.parent {
        Parent::Included(p) => Some(p),
        _ => None,
    };
    Ok(Built {
        query,
        explanation,
        also_returns: also,
        parent,
    })
}

/// An item and everything on one side of it in the partition, whatever the entity.
fn around(
    entity: &Entity,
    pk: &KeyValue,
    attr: &str,
    side: Around,
    condition: Option<KeyCondition>,
    mut query: Query,
) -> Result<Built, Error> {
    let Some(KeyCondition::Eq(key)) = condition else {
        return Err(pattern_error(
            &entity.name,
            "\"around\" reads from one item, but equal does not fix every field of its sort key",
            "fix every sort-key field in equal",
        ));
    };
    let (condition, side_word, direction) = match side {
        Around::Before => (KeyCondition::Le(key.clone()), "before", "backward"),
        Around::After => (KeyCondition::Ge(key.clone()), "after", "forward"),
    };
    query.sort = Some((attr.to_string(), condition));
    query.scan_index_forward = side == Around::After;
    let mut explanation = format!(
        "Returns, in partition {}, the {} item with sort key {} and then every item (of any entity) sorting {side_word} it, read {direction} from it",
        pk.as_str(),
        entity.name,
        key.as_str()
    );
    if let Some(n) = query.max_items {
        explanation.push_str(&format!(", stopping after the first {n}"));
    }
    explanation.push_str(&explain::per_page(&query));
    explanation.push('.');
    Ok(Built {
        query,
        explanation,
        also_returns: Vec::new(),
        parent: None,
    })
}

/// Names the other entities whose keys can fall in the condition's range. When the
/// head is empty and the template starts with a fixed-width field, every key of the
/// entity lies within that field's span, so the range is narrowed to it when that
/// keeps others out (`SK >= 0012` would reach `ORDER#…`; `0012 <= SK <= 9999…` does not).
fn keep_apart(partition: &Partition, entity: &Entity, sorted: &mut Sorted) -> Result<Vec<String>, Error> {
    let (lo, hi) = sorted.condition.as_ref().map_or((None, None), range_of);
    let also = partition.reached(Bound::limit(lo.as_ref()), Bound::limit(hi.as_ref()), &entity.name);
    if also.is_empty() || !sorted.head.is_empty() {
        return Ok(also);
    }
    let Some((first, last)) = partition.span_of(entity) else {
        return Ok(also);
    };
    let lo = higher(lo, Bound::inclusive(first));
    let hi = lower(hi, Bound::inclusive(after_prefix(&last)));
    let narrowed = partition.reached(Bound::limit(Some(&lo)), Bound::limit(Some(&hi)), &entity.name);
    if narrowed.len() < also.len() {
        sorted.condition = combine("", Some(lo), Some(hi))
            .map_err(|Empty| pattern_error(&entity.name, "the range matches no key", "widen the range"))?;
        return Ok(narrowed);
    }
    Ok(also)
}

/// The sort condition, the phrases describing it, the field that orders the result,
/// the fixed head of the key, and what became of the parent item.
struct Sorted {
    condition: Option<KeyCondition>,
    described: Vec<String>,
    order_field: Option<Field>,
    head: String,
    separator: String,
    parent: Parent,
    /// Sentences the explanation ends with.
    notes: Vec<String>,
}

impl Sorted {
    fn whole() -> Sorted {
        Sorted {
            condition: None,
            described: Vec::new(),
            order_field: None,
            head: String::new(),
            separator: String::new(),
            parent: Parent::None,
            notes: Vec::new(),
        }
    }
}

fn field_of<'a>(entity: &'a Entity, name: &str) -> Result<&'a Field, Error> {
    entity.field(name).ok_or_else(|| {
        Error::new(
            Context::entity(&entity.name).with_field(name),
            ErrorKind::UndefinedField,
        )
    })
}
