//! A design read out of the keys a table already holds: items in DynamoDB JSON (an
//! export, a Scan's `Items`) in, a keylab schema that writes those keys out, with the
//! values each item's keys hold and every key it cannot write again, with the reason.
//!
//! Items are grouped into entities by an entity attribute (`EntityType`, `_type`,
//! `__edb_e__`, ...) when every item has one, else by the shape of their keys: which
//! key attributes they have, how many segments, and the label each key starts with
//! (`USER`, `#READING`, `$shop`). Each segment is a literal when every item of the
//! group has the same text there, else a field: the attribute whose value the codec
//! writes as that segment (so the key and the attribute stay one value), or a field of
//! the kind the codec writes every one of those segments with (`columns.rs`). Then every
//! item's keys are read with the proposed design and written again: the proposal is
//! exact only when each comes back byte for byte.

pub mod columns;
mod error;
mod format;
pub use error::{InferError, ReadError};
pub(crate) mod declared;
pub(crate) mod electrodb;
pub mod file;
mod group;
mod guess;
pub(crate) mod keys;
pub mod left_out;
pub(crate) mod mcp;
pub(crate) mod onetable;
mod rewrite;
pub mod source;
pub mod sources;

use crate::codec::Values;
use crate::migrate::stored::{Attribute, StoredItem};
use crate::schema::{
    AttrType, Entity, Field, FieldKind, FieldRef, Index, KeySchema, KeyTemplate, Schema, Segment, Table,
};
use group::{entity_name, group, label, Group};
pub use keys::TableKeys;
use serde_json::Value;

/// What the reader is told; everything left `None` is read off the items.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub keys: Option<TableKeys>,
    pub entity_attribute: Option<String>,
    /// Each item's entity when the source names it (a Workbench facet), by position;
    /// items past its end, or `None`, are grouped as the items say.
    pub entity_of: Vec<Option<String>>,
    /// Key patterns the source states, such as a Workbench facet's key alias
    /// `SEASON#<season>`: a `<name>` segment is that field even where every sample
    /// holds the same value.
    pub aliases: Vec<Alias>,
    /// A design the file carries (a model keylab wrote): used as it is when it
    /// re-writes every key, else the design is read from the keys and the note says why.
    pub design: Option<Schema>,
    pub table: String,
}

/// A key's pattern as the source wrote it, for one entity and key attribute.
#[derive(Clone, Debug, PartialEq)]
pub struct Alias {
    pub entity: String,
    pub attribute: String,
    pub pattern: String,
}

/// A stored key the proposed design does not write again as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Misfit {
    /// The item's place in the input, from 0.
    pub item: usize,
    pub attribute: String,
    pub stored: String,
    pub reason: String,
}

/// An item as the proposed design holds it: its entity and the values its keys hold.
#[derive(Clone, Debug, PartialEq)]
pub struct ProposedItem {
    pub item: usize,
    pub entity: String,
    pub values: Values,
}

#[derive(Clone, Debug)]
pub struct Proposal {
    pub schema: Schema,
    pub items: Vec<ProposedItem>,
    pub misfits: Vec<Misfit>,
    /// What was read, inferred and left out, in words.
    pub notes: Vec<String>,
    /// The entities read that keylab's check refuses: their items are misfits.
    pub left_out: Vec<left_out::Omission>,
}

impl Proposal {
    /// Every key of every item is written again byte for byte.
    pub fn exact(&self) -> bool {
        self.misfits.is_empty()
    }
}

pub fn infer(items: &[StoredItem], options: &Options) -> Result<Proposal, InferError> {
    if items.is_empty() {
        let Some(design) = &options.design else {
            return Err(InferError::NoItems);
        };
        // Entities (ElectroDB's, OneTable's) state their design and hold no items.
        let mut schema = design.clone();
        schema.table.name = options.table.clone();
        return Ok(Proposal {
            schema,
            items: Vec::new(),
            misfits: Vec::new(),
            notes: vec!["the design is the one the file states; it holds no items".into()],
            left_out: Vec::new(),
        });
    }
    let mut notes = Vec::new();
    let keys = match &options.keys {
        Some(k) => k.clone(),
        None => {
            let k = keys::guess(items).map_err(InferError::TableKeys)?;
            notes.push(format!("the table's keys, by their names: {}", describe_keys(&k)));
            k
        }
    };
    let separator = keys::separator(items, &keys);
    notes.push(format!("separator {separator:?}: the one the most keys contain"));
    // DynamoDB would not have written such an item: the file was edited or made by hand.
    for (at, item) in items.iter().enumerate() {
        if let Some(why) = crate::item_size::stored_item_too_large(item) {
            notes.push(format!("item {}: {why}", at + 1));
        }
    }
    let attributes = attribute_types(items, &keys).map_err(InferError::KeyTypes)?;
    let mut misfits = Vec::new();
    let groups = group(items, &keys, &separator, options, &mut notes, &mut misfits);
    let carried = (options.design.as_ref())
        .and_then(|d| rewrite::carried(d, &groups, items, &mut notes, &misfits).map(|p| (d, p)));
    if let Some((design, proposed)) = carried {
        return Ok(Proposal {
            schema: design.clone(),
            items: proposed,
            misfits,
            notes,
            left_out: Vec::new(),
        });
    }
    let entities: Vec<Entity> = groups
        .iter()
        .map(|g| {
            let e = entity(g, items, &attributes, options, &separator, &mut notes);
            notes.extend(guess::said(g, &e, &separator));
            e
        })
        .collect();
    let schema = Schema {
        separator: separator.clone(),
        table: table(&keys, &attributes, &options.table),
        entities,
    };
    let (schema, groups, left_out) =
        rewrite::refused(schema, groups, &mut notes, &mut misfits).map_err(InferError::Refused)?;
    // What the reader of the document would make of it, so nothing here can drift from it.
    let schema = Schema::from_value(&schema.to_value()).map_err(InferError::Unusable)?;
    let (proposed, wrong) = rewrite::all(&schema, &groups, items);
    misfits.extend(wrong);
    crate::codec::order::sort_items(&mut misfits, |a, b| a.item.cmp(&b.item));
    Ok(Proposal {
        schema,
        items: proposed,
        misfits,
        notes,
        left_out,
    })
}

fn describe_keys(k: &TableKeys) -> String {
    let mut out = format!("partition {}", k.partition);
    if let Some(s) = &k.sort {
        out.push_str(&format!(", sort {s}"));
    }
    for (name, p, s) in &k.indexes {
        out.push_str(&format!(
            "; index {name} ({p}{})",
            s.as_deref().map(|s| format!(", {s}")).unwrap_or_default()
        ));
    }
    out
}

/// Each key attribute's type: S or N as every item that has it stores it.
fn attribute_types(items: &[StoredItem], keys: &TableKeys) -> Result<Vec<(String, AttrType)>, String> {
    keys.attributes()
        .into_iter()
        .map(|a| {
            let mut found: Option<AttrType> = None;
            for (i, item) in items.iter().enumerate() {
                let t = match item.get(a) {
                    None => continue,
                    Some(Attribute::S(_)) => AttrType::S,
                    Some(Attribute::N(_)) => AttrType::N,
                    Some(Attribute::Other(tag, _)) => {
                        return Err(format!(
                            "item {}: key attribute {a} is of type {tag}; keylab designs S and N keys",
                            i + 1
                        ))
                    }
                };
                match found {
                    Some(f) if f != t => {
                        return Err(format!(
                            "item {}: key attribute {a} is {}, but earlier items store it as {}",
                            i + 1,
                            t.as_str(),
                            f.as_str()
                        ))
                    }
                    _ => found = Some(t),
                }
            }
            Ok((a.to_string(), found.unwrap_or(AttrType::S)))
        })
        .collect()
}

fn table(keys: &TableKeys, attributes: &[(String, AttrType)], name: &str) -> Table {
    Table {
        name: name.to_string(),
        attributes: attributes.to_vec(),
        primary: KeySchema::single(&keys.partition, keys.sort.clone()),
        indexes: (keys.indexes.iter())
            .map(|(n, p, s)| Index {
                name: n.clone(),
                keys: KeySchema::single(p, s.clone()),
            })
            .collect(),
    }
}

/// A key's text as stored: an S as itself, an N as its number text.
pub(super) fn key_text<'a>(item: &'a StoredItem, attribute: &str) -> Option<&'a str> {
    match item.get(attribute)? {
        Attribute::S(s) | Attribute::N(s) => Some(s),
        Attribute::Other(..) => None,
    }
}

/// The fields a key's pattern as the source wrote it names, segment by segment
/// (`SEASON#<season>`: none, then `season`), when it has as many segments as the keys.
fn aliased<'a>(
    options: &'a Options,
    entity: &str,
    attribute: &str,
    separator: &str,
    count: usize,
) -> Option<Vec<Option<&'a str>>> {
    let alias = (options.aliases.iter()).find(|a| a.entity == entity && a.attribute == attribute)?;
    let parts: Vec<Option<&str>> = keys::segments(&alias.pattern, separator)
        .into_iter()
        .map(|p| {
            p.strip_prefix('<')
                .and_then(|p| p.strip_suffix('>'))
                .filter(|n| !n.is_empty())
        })
        .collect();
    (parts.len() == count && parts.iter().any(Option::is_some)).then_some(parts)
}

/// One entity's fields and templates over its group's keys.
fn entity(
    g: &Group,
    items: &[StoredItem],
    types: &[(String, AttrType)],
    options: &Options,
    separator: &str,
    notes: &mut Vec<String>,
) -> Entity {
    let members: Vec<&StoredItem> = g.members.iter().map(|&i| &items[i]).collect();
    let mut fields: Vec<Seen> = Vec::new();
    // The fields read from String keys, and from Number keys (whose width is their
    // widest value's): each width is a guess, said as one.
    let mut from_text: Vec<usize> = Vec::new();
    let mut from_number: Vec<usize> = Vec::new();
    let mut keys = Vec::new();
    let mut named_by_source: Vec<&str> = Vec::new();
    for attribute in &g.attributes {
        let texts: Vec<&str> = members
            .iter()
            .map(|m| key_text(m, attribute).unwrap_or_default())
            .collect();
        let number = types.iter().any(|(a, t)| a == attribute && *t == AttrType::N);
        let split: Vec<Vec<&str>> = texts
            .iter()
            .map(|t| if number { vec![*t] } else { keys::segments(t, separator) })
            .collect();
        // A group's keys have one number of segments each (it is part of the group's
        // signature), so every item has every column.
        let named = aliased(options, &g.name, attribute, separator, split[0].len());
        named_by_source.extend(named.iter().flatten().flatten());
        let segments: Vec<Segment> = (0..split[0].len())
            .map(|c| {
                let column: Vec<&str> = split.iter().map(|s| s.get(c).copied().unwrap_or_default()).collect();
                let named = named.as_ref().and_then(|n| n[c]);
                if !number && named.is_none() && column.iter().all(|v| *v == column[0]) {
                    Segment::Literal(column[0].to_string())
                } else {
                    let members = Members {
                        items: &members,
                        keys: &g.attributes,
                        after: (c > 0).then(|| split[0][c - 1]).filter(|_| !number),
                        named,
                        place: (split[0].len() > 1).then_some(c + 1),
                    };
                    let before = fields.len();
                    let field = field_for(&mut fields, attribute, &column, members, separator, number);
                    if fields.len() > before {
                        match number {
                            true => from_number.push(before),
                            false => from_text.push(before),
                        }
                    }
                    Segment::Field(field)
                }
            })
            .collect();
        keys.push(KeyTemplate {
            attribute: attribute.clone(),
            segments,
        });
    }
    let guesses = width_guesses(&g.name, &fields, &from_text, &from_number);
    let entity = Entity {
        name: g.name.clone(),
        fields: fields.into_iter().map(|(f, ..)| f).collect(),
        keys,
        traffic: Default::default(),
    };
    notes.push(summary(g, &entity, &members, separator));
    notes.extend(guesses);
    notes.extend(guess::named_by_keylab(&entity, &members, &named_by_source));
    notes.extend(guess::held_by_key_attributes(&entity, &members));
    notes.extend(guess::numbers_as_text(&entity, &members, separator));
    entity
}

/// The widths read from samples, each said as a guess: of the fields read from String
/// keys (at `from_text`) and from Number keys (at `from_number`).
fn width_guesses(entity: &str, fields: &[Seen], from_text: &[usize], from_number: &[usize]) -> Vec<String> {
    (from_text.iter())
        .filter_map(|&at| {
            let (field, seen, prefix) = &fields[at];
            guess::width(entity, field, seen, prefix)
        })
        .chain((from_number.iter()).filter_map(|&at| guess::number_width(entity, &fields[at].0, fields[at].1.len())))
        .collect()
}

/// What was read of one entity, in words: its templates, its fields' kinds, and the
/// attributes of its items that no key holds.
fn summary(g: &Group, entity: &Entity, members: &[&StoredItem], separator: &str) -> String {
    let mut said = Vec::new();
    for t in &entity.keys {
        said.push(format!("{} = {}", t.attribute, t.pattern(separator)));
    }
    for f in &entity.fields {
        said.push(format!("<{}> {}", f.name, describe_kind(&f.kind)));
    }
    let used: Vec<&str> = entity.fields.iter().map(|f| f.name.as_str()).collect();
    let mut left: Vec<&str> = (members.iter())
        .flat_map(|m| m.0.iter().map(|(n, _)| n.as_ref()))
        .filter(|n| !used.contains(n) && !g.attributes.iter().any(|a| a == n))
        .collect();
    crate::codec::order::sort_texts(&mut left);
    left.dedup();
    if !left.is_empty() {
        said.push(format!(
            "left out: {} (in no key; keylab designs the keys)",
            left.join(", ")
        ));
    }
    let count = crate::wording::counted(g.members.len(), "item", "items");
    format!("{} ({count}): {}", g.name, said.join("; "))
}

fn describe_kind(kind: &FieldKind) -> String {
    let order = if kind.order() == crate::schema::Order::Desc {
        ", inverted (desc)"
    } else {
        ""
    };
    match kind {
        FieldKind::Text { case, .. } => format!("text ({})", case.name()),
        FieldKind::Timestamp {
            unit: crate::schema::TimeUnit::Iso(f),
            ..
        } => format!("ISO timestamp {}{order}", f.pattern()),
        FieldKind::Timestamp { unit, .. } => {
            format!("epoch {} width {}{order}", unit.name(), kind.width().unwrap_or(0))
        }
        other => match other.width() {
            Some(w) => format!("{} width {w}{order}", other.name()),
            None => format!("{}{order}", other.name()),
        },
    }
}

/// Where a column of segments is: the items of its entity, the entity's key
/// attributes, the segment before it, and the field the source names there.
struct Members<'a> {
    items: &'a [&'a StoredItem<'a>],
    keys: &'a [String],
    after: Option<&'a str>,
    named: Option<&'a str>,
    /// The segment's place in its key, from 1, when the key has more than one.
    place: Option<usize>,
}

/// A field read so far: its definition, the segments it was read from, and the prefix
/// glued before its value there.
type Seen = (Field, Vec<String>, String);

/// The field a column of segments holds: one already read with the same values, the
/// attribute the codec writes as them (after a constant prefix, as ElectroDB writes
/// `orderid_o-9`), or a new field of the kind that writes them.
fn field_for(
    fields: &mut Vec<Seen>,
    attribute: &str,
    column: &[&str],
    members: Members,
    separator: &str,
    number: bool,
) -> FieldRef {
    // A field the source names (`<season>` in a Workbench alias) is that field; else one
    // already read with the same values is.
    let same = |(f, seen, _): &&Seen| match members.named {
        Some(n) => f.name == n,
        None => seen.len() == column.len() && seen.iter().zip(column).all(|(a, b)| a == b),
    };
    if let Some((f, _, prefix)) = fields.iter().find(same) {
        return FieldRef::prefixed(prefix.clone(), f.name.clone());
    }
    let seen: Vec<String> = column.iter().map(|s| s.to_string()).collect();
    let (kind, fits) = match number {
        // A Number key holds the number itself; its text is DynamoDB's, not a shape.
        true => (columns::number_kind(column), column.len()),
        false => {
            let (kind, fits) = columns::best(column, separator);
            (Some(kind), fits)
        }
    };
    let kind = kind.unwrap_or(FieldKind::Text {
        case: crate::schema::Case::Preserve,
        max_length: None,
    });
    let column = Column {
        values: column,
        kind,
        fits,
        number,
        separator,
    };
    if let Some((field, prefix)) = from_attribute(fields, &column, &members) {
        let name = field.name.clone();
        fields.push((field, seen, prefix.to_string()));
        return FieldRef::prefixed(prefix, name);
    }
    let name = new_name(fields, attribute, &members);
    fields.push((new_field(name.clone(), kind), seen, String::new()));
    FieldRef::new(name)
}

/// A column of key segments and what its text alone says: the kind that writes
/// `fits` of them, whether the key is a Number, and the design's separator.
struct Column<'a> {
    values: &'a [&'a str],
    kind: FieldKind,
    fits: usize,
    number: bool,
    separator: &'a str,
}

fn new_field(name: String, kind: FieldKind) -> Field {
    Field {
        name,
        kind,
        warn_at: None,
        mutable: None,
    }
}

/// The attribute most of the items have whose value each of them holds in this column
/// (bare, or after a label every segment starts with): it names the field, and says
/// whether the key inverts or cases it. Never a key attribute: the template writes those.
fn from_attribute<'c>(fields: &[Seen], column: &Column<'c>, members: &Members) -> Option<(Field, &'c str)> {
    let mut names: Vec<&str> = (members.items.iter())
        .flat_map(|m| m.0.iter().map(|(n, _)| n.as_ref()))
        .filter(|n| !members.keys.iter().any(|k| k == n))
        .filter(|n| members.named.is_none_or(|named| named == *n))
        .filter(|n| !fields.iter().any(|(f, ..)| f.name == *n))
        .collect();
    crate::codec::order::sort_texts(&mut names);
    names.dedup();
    let number = column.number;
    for name in names {
        let values: Vec<Option<Value>> = (members.items.iter())
            .map(|m| match m.get(name) {
                Some(Attribute::S(s)) | Some(Attribute::N(s)) => Some(Value::String(s.to_string())),
                _ => None,
            })
            .collect();
        if values.iter().filter(|v| v.is_some()).count() * 2 <= members.items.len() {
            continue;
        }
        // Bare, then after each label every segment starts with, longest first.
        let prefixes = std::iter::once("").chain(if number { Vec::new() } else { labels(column.values) });
        for prefix in prefixes {
            let rest: Vec<&str> = column.values.iter().map(|v| &v[prefix.len()..]).collect();
            let kinds = match number {
                true => vec![column.kind],
                false => columns::attribute_candidates(&rest),
            };
            let found = kinds.into_iter().find(|k| {
                columns::writes_attribute(*k, &values, &rest, column.separator)
                    && (number
                        || !prefix.is_empty()
                        || columns::round_trips(*k, &rest, column.separator) >= column.fits)
            });
            if let Some(kind) = found {
                return Some((new_field(name.to_string(), kind), prefix));
            }
        }
    }
    None
}

/// A name for a field no attribute holds: the one the source gives, else the label
/// before it (`USER#<user>`), else the key attribute and the segment's place in it
/// (`sk_2`), never one another field or an attribute of the items has.
fn new_name(fields: &[Seen], attribute: &str, members: &Members) -> String {
    let stem = match (members.named, members.after.and_then(label)) {
        (Some(named), _) => named.to_string(),
        (None, Some(l)) => {
            let n = entity_name(l);
            let mut c = n.chars();
            c.next()
                .map(|f| f.to_lowercase().collect::<String>())
                .unwrap_or_default()
                + c.as_str()
        }
        (None, None) => match members.place {
            Some(place) => format!("{}_{place}", attribute.to_lowercase()),
            None => attribute.to_lowercase(),
        },
    };
    let mut name = stem.clone();
    let mut n = 2;
    while fields.iter().any(|(f, ..)| f.name == name) || members.items[0].get(&name).is_some() {
        name = format!("{stem}{n}");
        n += 1;
    }
    name
}

/// The labels every segment of a column starts with, longest first: each start of their
/// common prefix that ends in punctuation (`seq_` of `seq_000007` and `seq_000012`).
fn labels<'c>(column: &[&'c str]) -> Vec<&'c str> {
    let first = column[0];
    let common = column
        .iter()
        .map(|v| first.bytes().zip(v.bytes()).take_while(|(a, b)| a == b).count())
        .min()
        .unwrap_or(0);
    let mut out: Vec<&str> = (first.char_indices())
        .map(|(i, c)| (i + c.len_utf8(), c))
        .filter(|(end, c)| *end <= common && c.is_ascii_punctuation())
        .map(|(end, _)| &first[..end])
        .collect();
    out.reverse();
    out
}

#[cfg(test)]
mod tests;
