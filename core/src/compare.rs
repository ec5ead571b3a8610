//! One GSI with a multi-attribute key beside one with concatenated string keys, for the
//! same access pattern: the keys each writes, in the order each reads them, each
//! query's expression, and what each design cannot do, with the reason and an example
//! taken from the sample items.

use crate::preview::Sample;
use crate::query::builder::{build, AccessPattern};
use crate::query::eval::{item_of, pages_at, Item};
use crate::query::Query;
use crate::schema::{AttrType, FieldKind, KeySchema, Order, Schema};

/// One design's column.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    pub index: String,
    pub multi_attribute: bool,
    /// How the design writes its key: `customer, status → date, amount` or
    /// `GSI1PK → GSI1SK`.
    pub shape: String,
    /// The pattern's query on this index, or why it cannot be one.
    pub query: Result<String, String>,
    /// The sample items the query reads, in the order it reads them: (row, key text).
    pub keys: Vec<(usize, String)>,
    pub cannot: Vec<Limit>,
}

/// Something a design cannot do, why, and an example from the samples.
#[derive(Clone, Debug, PartialEq)]
pub struct Limit {
    pub what: String,
    pub why: String,
    pub example: String,
}

/// The two designs of `pattern`, the multi-attribute index `multi` against `other`.
pub fn side_by_side(
    schema: &Schema,
    items: &[Sample],
    pattern: &AccessPattern,
    multi: &str,
    other: &str,
) -> [Design; 2] {
    [
        design(schema, items, pattern, multi, other),
        design(schema, items, pattern, other, multi),
    ]
}

fn keys_of(schema: &Schema, index: &str) -> Option<KeySchema> {
    schema.table.key_schema(Some(index)).cloned()
}

fn design(schema: &Schema, items: &[Sample], pattern: &AccessPattern, index: &str, other: &str) -> Design {
    let keys = keys_of(schema, index).unwrap_or_default();
    let multi_attribute = keys.is_multi_attribute();
    let shape = format!(
        "{} → {}",
        keys.partition_attributes().collect::<Vec<_>>().join(", "),
        keys.sort_attributes().collect::<Vec<_>>().join(", ")
    );
    let on_index = AccessPattern {
        index: Some(index.to_string()),
        ..pattern.clone()
    };
    let built = build(schema, &on_index);
    let query = built.as_ref().map(|b| b.query.expression()).map_err(|e| e.sentence());
    let keys_read = match &built {
        Ok(b) => read(schema, items, &b.query, &keys),
        Err(_) => Vec::new(),
    };
    let cannot = if multi_attribute {
        multi_limits(schema, items, &keys, index, other)
    } else {
        concatenated_limits(schema, items, &keys, index, other)
    };
    Design {
        index: index.to_string(),
        multi_attribute,
        shape,
        query,
        keys: keys_read,
        cannot,
    }
}

/// The rows the query reads, every page, with each row's sort key as text.
fn read(schema: &Schema, items: &[Sample], query: &Query, keys: &KeySchema) -> Vec<(usize, String)> {
    let (rows, table_items): (Vec<usize>, Vec<Item>) = (items.iter().enumerate())
        .filter_map(|(row, (entity, values))| Some((row, item_of(schema, &entity.name, values)?)))
        .unzip();
    // One request without a Limit: its first page, as DynamoDB returns it (up to 1 MB).
    let mut q = query.clone();
    q.limit = None;
    q.max_items = None;
    let sort: Vec<&str> = keys.sort_attributes().collect();
    (pages_at(&schema.table, &table_items, &q, 1).into_iter())
        .map(|(_, at)| {
            let item = &table_items[at];
            let text: Vec<&str> = (sort.iter())
                .filter_map(|a| item.get(*a)?.as_object()?.values().next()?.as_str())
                .collect();
            (rows[at], text.join(" · "))
        })
        .collect()
}

/// The first sample value of `field` among the items, as text.
fn sample(items: &[Sample], field: &str) -> Option<String> {
    items
        .iter()
        .find_map(|(_, v)| v.get(field))
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
}

fn multi_limits(schema: &Schema, items: &[Sample], keys: &KeySchema, index: &str, other: &str) -> Vec<Limit> {
    let mut out = Vec::new();
    let sort: Vec<&str> = keys.sort_attributes().collect();
    if sort.len() >= 2 {
        out.push(Limit {
            what: format!("a range on {} with {} fixed", sort[0], sort[1]),
            why: format!(
                "sort attributes go left to right: a range may stand only on the last one given, so {} cannot narrow a range of {}",
                sort[1], sort[0]
            ),
            example: match sample(items, sort[1]) {
                Some(v) => format!("{} between two values, each with {} = {v}: query by {} and filter", sort[0], sort[1], sort[0]),
                None => format!("query by {} and filter on {}", sort[0], sort[1]),
            },
        });
    }
    if let Some(last) = sort.last() {
        out.push(Limit {
            what: format!("{last} descending while {} stays ascending", sort[0]),
            why: "ScanIndexForward reverses every attribute of the key at once, and values are stored as themselves: reading one attribute the other way still needs it stored inverted, in a concatenated key".to_string(),
            example: format!(
                "newest {} first but smallest {last} first within a day: {other} can store {last} inverted",
                sort[0]
            ),
        });
    }
    if let Some(n) = sort
        .iter()
        .find(|a| schema.table.attribute_type(a) == Some(AttrType::N))
    {
        out.push(Limit {
            what: format!("begins_with on {n}"),
            why: format!("{n} is a Number, and begins_with takes only String keys"),
            example: match sample(items, n) {
                Some(v) => format!("every {n} starting with the digits of {v}: use BETWEEN on the number instead"),
                None => "use BETWEEN on the number instead".to_string(),
            },
        });
    }
    let sharing: Vec<&str> = schema
        .entities
        .iter()
        .filter(|e| {
            keys.partition_attributes()
                .chain(keys.sort_attributes())
                .all(|a| e.template(a).is_some())
        })
        .map(|e| e.name.as_str())
        .collect();
    out.push(Limit {
        what: "one index for several entities, read one entity at a time".to_string(),
        why: format!(
            "there are no literals to tell entities apart: every entity that writes all of {index}'s attributes is in the same order, and a key condition cannot pick one"
        ),
        example: format!(
            "{} write(s) {index}'s attributes; {other}'s literals can keep each entity under its own prefix",
            if sharing.is_empty() { "no entity".to_string() } else { sharing.join(", ") }
        ),
    });
    out
}

fn concatenated_limits(schema: &Schema, items: &[Sample], keys: &KeySchema, index: &str, other: &str) -> Vec<Limit> {
    let mut out = Vec::new();
    let attributes: Vec<&str> = keys.partition_attributes().chain(keys.sort_attributes()).collect();
    // The numeric fields padded into the keys, and every field the keys hold.
    let fields: Vec<&crate::schema::Field> = schema
        .entities
        .iter()
        .flat_map(|e| {
            attributes
                .iter()
                .filter_map(move |a| e.template(a))
                .flat_map(|t| t.fields())
                .filter_map(move |f| e.field(f))
        })
        .collect();
    let entity_fields = fields.iter().copied();
    let changing = entity_fields
        .clone()
        .find(|f| f.changes())
        .or_else(|| entity_fields.clone().next());
    out.push(Limit {
        what: "reuse the item's own attributes".to_string(),
        why: format!(
            "{} are extra attributes the writer must compute and rewrite whenever a field in them changes; {other} indexes the item's own attributes",
            attributes.join(" and ")
        ),
        example: match changing.and_then(|f| Some((f, sample(items, &f.name)?))) {
            Some((f, v)) => format!(
                "an item whose {} changes from {v} must rewrite its {index} key in the same write",
                f.name
            ),
            None => format!("every update of a field in {} must rewrite it", attributes.join(" or ")),
        },
    });
    if let Some(f) = entity_fields.clone().find(|f| f.kind.width().is_some()) {
        let width = f.kind.width().unwrap_or(0);
        out.push(Limit {
            what: format!("{} values of any size", f.name),
            why: format!(
                "{} is padded to {width} digits so that text order is number order: a larger value overflows, and negatives and decimals need the codec's encoding",
                f.name
            ),
            example: match sample(items, &f.name) {
                Some(v) => format!("{v} is stored as {}; {other} stores the number itself", stored(schema, items, &f.name).unwrap_or(v.clone())),
                None => format!("{other} stores the number itself, with no width"),
            },
        });
    }
    if entity_fields.clone().any(|f| matches!(f.kind, FieldKind::Text { .. })) {
        out.push(Limit {
            what: format!("values containing \"{}\"", schema.separator),
            why: format!(
                "the separator joins the segments, so a text value may not contain it; {other}'s attributes are compared one by one and need no separator"
            ),
            example: format!("a customer id like a{}b cannot be written into {index}", schema.separator),
        });
    }
    if entity_fields.clone().any(|f| f.kind.order() == Order::Desc) {
        out.push(Limit {
            what: "read stored values as they are".to_string(),
            why: "a field stored inverted (order desc) reads as its mirror image in the key".to_string(),
            example: "a console or a raw scan shows the inverted digits".to_string(),
        });
    }
    out
}

/// How the codec stores `field` of the first sample that has it, in the key that
/// holds it.
fn stored(schema: &Schema, items: &[Sample], field: &str) -> Option<String> {
    let (entity, values) = items.iter().find(|(_, v)| v.get(field).is_some())?;
    let f = entity.field(field)?;
    let (text, _) = crate::codec::encode_field(f, values.get(field)?, &schema.separator).ok()?;
    Some(text)
}

/// Every multi-attribute GSI of the table, and every other GSI, by name: the pairs
/// the page offers to compare.
pub fn candidates(schema: &Schema) -> (Vec<String>, Vec<String>) {
    let (multi, other): (Vec<_>, Vec<_>) = schema.table.indexes.iter().partition(|i| i.keys.is_multi_attribute());
    (
        multi.into_iter().map(|i| i.name.clone()).collect(),
        other.into_iter().map(|i| i.name.clone()).collect(),
    )
}
