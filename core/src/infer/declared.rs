//! What ElectroDB entities and OneTable models have in common: they declare a design
//! (templates over attributes) instead of holding keys. The shared steps: a template's
//! pieces as keylab segments, the table's keys gathered and checked to agree, and the
//! fields, each written one way.

use super::left_out::{Omission, Part, Said};
use crate::schema::{AttrType, Field, FieldKind, FieldRef, Index, KeySchema, Schema, Segment, Table};

/// The table's keys as the entities' indexes name them, checked to agree.
#[derive(Default)]
pub struct Keys {
    primary: Option<KeySchema>,
    indexes: Vec<Index>,
    attributes: Vec<(String, AttrType)>,
}

impl Keys {
    /// Whether `keys` are the key attributes of `index` (`None`: the table's own) as far
    /// as those added say; else why not, in the file's terms.
    pub fn agrees(&self, index: Option<&str>, keys: &KeySchema) -> Result<(), String> {
        let known = match index {
            None => self.primary.as_ref(),
            Some(name) => self.indexes.iter().find(|i| i.name == name).map(|i| &i.keys),
        };
        match known {
            Some(k) if k != keys => Err(differ(index, keys, k)),
            _ => Ok(()),
        }
    }

    pub fn add(&mut self, index: Option<&str>, keys: KeySchema, at: &str) -> Result<(), String> {
        self.agrees(index, &keys).map_err(|why| format!("{at}: {why}"))?;
        match index {
            None => self.primary = Some(keys),
            Some(name) if !self.indexes.iter().any(|i| i.name == name) => self.indexes.push(Index {
                name: name.to_string(),
                keys,
            }),
            Some(_) => {}
        }
        Ok(())
    }

    pub fn typed(&mut self, attribute: &str, t: AttrType) {
        if !self.attributes.iter().any(|(a, _)| a == attribute) {
            self.attributes.push((attribute.to_string(), t));
        }
    }

    /// The table; `missing` says why there is no primary key when none was added.
    pub fn table(self, name: &str, missing: &str) -> Result<Table, String> {
        let primary = self.primary.ok_or(missing)?;
        Ok(Table {
            name: name.to_string(),
            attributes: self.attributes,
            primary,
            indexes: self.indexes,
        })
    }
}

/// Why `index` cannot have the key attributes `keys`, when `known` are its.
pub fn differ(index: Option<&str>, keys: &KeySchema, known: &KeySchema) -> String {
    format!(
        "{} has the key attributes {}, where another gives {}: one table has one set",
        index.map_or("the table's key".to_string(), |i| format!("index {i}")),
        shown(keys),
        shown(known)
    )
}

fn shown(k: &KeySchema) -> String {
    let sort: Vec<&str> = k.sort_attributes().collect();
    let partition: Vec<&str> = k.partition_attributes().collect();
    match sort.is_empty() {
        true => partition.join(", "),
        false => format!("{} and {}", partition.join(", "), sort.join(", ")),
    }
}

/// What a tool writes for one key, in order: literal text and values.
#[derive(Debug, PartialEq)]
pub enum Piece {
    Text(String),
    Value(String),
}

/// A template as the tools write it: text, `${name}`, text… (what stands between the
/// braces is the value's name, as the tool reads it).
pub fn template_pieces(template: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find("${") {
        let Some(close) = rest[open..].find('}') else { break };
        pieces.push(Piece::Text(rest[..open].to_string()));
        pieces.push(Piece::Value(rest[open + 2..open + close].trim().to_string()));
        rest = &rest[open + close + 1..];
    }
    pieces.push(Piece::Text(rest.to_string()));
    pieces
}

/// The keylab segments that write `pieces` joined by `separator`: the text before a
/// value, up to its last separator, is literal segments, and what follows it is the
/// value's prefix.
pub fn segments(pieces: &[Piece], separator: &str) -> Result<Vec<Segment>, String> {
    let mut segments = Vec::new();
    let mut text = String::new();
    let mut after_value = false;
    // Literal segments that join to `text`; a separator with nothing on one side stays
    // inside a literal (`Account#`, `#READING`), as keylab's literals may hold it.
    let literals = |text: &str, segments: &mut Vec<Segment>| -> Result<(), String> {
        if text.is_empty() {
            return Err("a separator stands where keylab writes none (next to a value)".into());
        }
        let mut current: Option<String> = None;
        for part in text.split(separator) {
            current = Some(match current {
                None => part.to_string(),
                Some(c) if c.is_empty() || part.is_empty() => format!("{c}{separator}{part}"),
                Some(c) => {
                    segments.push(Segment::Literal(c));
                    part.to_string()
                }
            });
        }
        segments.extend(current.map(Segment::Literal));
        Ok(())
    };
    for piece in pieces {
        match piece {
            Piece::Text(t) => text.push_str(t),
            Piece::Value(name) => {
                let mut before = text.as_str();
                if after_value {
                    before = before.strip_prefix(separator).ok_or(format!(
                        "{before:?} stands between two values, and keylab puts a separator there"
                    ))?;
                }
                let (literal, prefix) = before.rsplit_once(separator).map_or(("", before), |(l, p)| (l, p));
                if !literal.is_empty() || before.starts_with(separator) {
                    literals(literal, &mut segments)?;
                }
                segments.push(Segment::Field(FieldRef::prefixed(prefix, name.clone())));
                text.clear();
                after_value = true;
            }
        }
    }
    if !text.is_empty() {
        let rest = match after_value {
            true => text
                .strip_prefix(separator)
                .ok_or(format!("{text:?} follows the last value with no separator"))?,
            false => &text,
        };
        literals(rest, &mut segments)?;
    }
    Ok(segments)
}

/// The fields of one entity, each written one way in every key.
#[derive(Clone, Default)]
pub struct Fields(pub Vec<Field>);

impl Fields {
    /// Adds field `name` as `key` writes it; refused when another key writes it another way.
    pub fn add(&mut self, name: &str, kind: FieldKind, key: &str) -> Result<(), String> {
        match self.0.iter().find(|f| f.name == name) {
            Some(f) if f.kind == kind => Ok(()),
            Some(f) => Err(format!(
                "{name} is written {} in {key} but {} in another key, and a keylab field is written one way: \
                 write it the same way in both (the same casing, the same padding)",
                kind_said(&kind),
                kind_said(&f.kind)
            )),
            None => {
                self.0.push(Field {
                    name: name.to_string(),
                    kind,
                    warn_at: None,
                    mutable: None,
                });
                Ok(())
            }
        }
    }
}

fn kind_said(kind: &FieldKind) -> String {
    match kind {
        FieldKind::Text {
            case: crate::schema::Case::Preserve,
            ..
        } => "as it is".into(),
        FieldKind::Text { case, .. } => format!("{}-cased", case.name()),
        k => format!("as {}", k.name()),
    }
}

/// Whether `carried` (the keylab design a file says it was written from) writes the
/// keys that `read` (the design read from the file's declarations) writes, for random
/// items of every entity: each key `read` writes itself, byte for byte. A key held by
/// a hidden attribute (its field named with `hidden`) is the carried design's by
/// construction and is not compared. `Err` says the first difference.
pub fn same_keys(carried: &Schema, read: &Schema, hidden: &str) -> Result<(), String> {
    for entity in &read.entities {
        let design = carried
            .entity(&entity.name)
            .ok_or(format!("it has no entity {}", entity.name))?;
        for values in crate::sample::generate(carried, design, SAMPLES, 1) {
            for t in &entity.keys {
                if t.fields().any(|f| f.starts_with(hidden)) {
                    if design.template(&t.attribute).is_none() {
                        return Err(format!("{} has no template for {}", entity.name, t.attribute));
                    }
                    continue;
                }
                let key = |schema: &Schema| -> Option<String> {
                    let codec = crate::codec::KeyCodec::new(schema, &entity.name, &t.attribute).ok()?;
                    let mut key = String::new();
                    codec.write_values(&values, &mut key).ok().map(|_| key)
                };
                if key(carried) != key(read) {
                    return Err(format!(
                        "{}.{} is written {:?} by one and {:?} by the other",
                        entity.name,
                        t.attribute,
                        key(carried),
                        key(read)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The keys `schema` writes for `values` of `entity`, by attribute: what the readers'
/// tests compare with what the tools write.
#[cfg(test)]
pub fn keys_written(schema: &Schema, entity: &str, values: serde_json::Value) -> Vec<(String, String)> {
    let values: crate::Values = serde_json::from_value(values).unwrap();
    let entity = schema.entity(entity).unwrap();
    (entity.keys.iter())
        .map(|t| {
            let codec = crate::codec::KeyCodec::new(schema, &entity.name, &t.attribute).unwrap();
            let mut key = String::new();
            codec.write_values(&values, &mut key).unwrap();
            (t.attribute.clone(), key)
        })
        .collect()
}

/// `text` with `insert` put at character `cut` (or at its end): a damaged file for the
/// readers' property tests.
#[cfg(test)]
pub fn damaged(text: &str, cut: usize, insert: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let at = cut.min(chars.len());
    chars.splice(at..at, insert.chars());
    chars.into_iter().collect()
}

/// The design a file says it was written from (its `// keylab design: ` line) when it
/// writes the keys of `read`, the design read from the file's declarations; `None` when
/// there is none or it does not. Notes say which, and why.
pub fn carried(text: &str, read: &Schema, notes: &mut Vec<String>) -> Option<Schema> {
    let line = text.lines().find_map(|l| l.trim_start().strip_prefix(DESIGN_MARK))?;
    match Schema::from_json(line).map(|design| (same_keys(&design, read, WATCH_PREFIX), design)) {
        Err(why) => {
            notes.push(format!(
                "the keylab design the file carries cannot be read ({why}): the design is read from the file's declarations"
            ));
            None
        }
        Ok((Ok(()), design)) => {
            notes.push("the file carries the keylab design it was written from, which writes the same keys as its declarations: it is used as it is".into());
            Some(design)
        }
        Ok((Err(why), _)) => {
            notes.push(format!("the file carries a keylab design, but it does not write the keys its declarations write ({why}): the design is read from the declarations"));
            None
        }
    }
}

/// `schema` with each entity keylab's own check refuses (a name used twice, a literal
/// of over 255 characters) left out and said, so that one entity never fails the file.
/// With `prune`, the table keeps only the indexes a kept entity writes whole (an
/// ElectroDB table is its entities' indexes; a OneTable schema declares its own). `Err`
/// when the table itself is refused, or no entity is left.
pub fn checked(mut schema: Schema, kind: &'static str, prune: bool, said: &mut Said) -> Result<Schema, String> {
    loop {
        let errors = schema.check().0;
        let Some(first) = errors.first() else {
            return Ok(schema);
        };
        let Some(at) = entity_at(&schema, first) else {
            return Err(format!("the design read is not usable: {}", first.sentence()));
        };
        let name = schema.entities.remove(at).name;
        let part = match schema.entity(&name) {
            Some(_) => Part::Repeated {
                kind,
                name,
                place: "the last of that name".into(),
            },
            None => Part::Entity { kind, name },
        };
        said.leave_out(Omission {
            part,
            reason: format!(
                "keylab's check refuses it: {}{}",
                place_in_entity(first),
                first.sentence()
            ),
        });
        if schema.entities.is_empty() {
            return Err(format!("no {kind} could be read: {}", said.notes.join("; ")));
        }
        if prune {
            keep_written(&mut schema.table, &schema.entities);
        }
    }
}

/// Where in its entity an error the check placed by path alone is, in the file's
/// words (`SK: `), as its sentence leaves the path out.
fn place_in_entity(error: &crate::Error) -> String {
    let c = &error.context;
    if c.entity.is_some() || c.attribute.is_some() || c.field.is_some() {
        return String::new();
    }
    let Some(tail) = (c.path.as_deref()).and_then(|p| p.split_once("].")).map(|(_, t)| t) else {
        return String::new();
    };
    match tail.split_once('.') {
        Some(("keys", attribute)) => format!("its key {attribute}: "),
        Some(("fields", field)) => format!("its field {}: ", field.split('.').next().unwrap_or(field)),
        _ => format!("its {tail}: "),
    }
}

/// The entity an error of the check is about: the one its path is in, else the last of
/// its name (the second of two with one name is the one to leave out).
fn entity_at(schema: &Schema, error: &crate::Error) -> Option<usize> {
    let by_path = (error.context.path.as_deref())
        .and_then(|p| p.strip_prefix("$.entities["))
        .and_then(|p| p.split(']').next())
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n < schema.entities.len());
    by_path.or_else(|| {
        let name = error.context.entity.as_ref()?;
        schema.entities.iter().rposition(|e| e.name == *name)
    })
}

/// Only the indexes some entity writes whole, and only the attributes a key names.
fn keep_written(table: &mut Table, entities: &[crate::schema::Entity]) {
    let attributes = |k: &KeySchema| -> Vec<String> {
        (k.partition_attributes().chain(k.sort_attributes()))
            .map(str::to_string)
            .collect()
    };
    table.indexes.retain(|i| {
        let wanted = attributes(&i.keys);
        entities.iter().any(|e| wanted.iter().all(|a| e.template(a).is_some()))
    });
    let mut named = attributes(&table.primary);
    named.extend(table.indexes.iter().flat_map(|i| attributes(&i.keys)));
    table.attributes.retain(|(a, _)| named.contains(a));
}

/// What precedes the keylab design in a file keylab wrote for another tool.
pub const DESIGN_MARK: &str = "// keylab design: ";

/// The prefix of a field that stands for a key keylab's code writes (an ElectroDB
/// hidden attribute that watches the key's fields, a OneTable `value: true`), in a file
/// keylab wrote.
pub const WATCH_PREFIX: &str = "_keylab_";

/// Random items per entity that [`same_keys`] compares.
const SAMPLES: usize = 24;

/// A note said once.
pub fn say(notes: &mut Vec<String>, note: String) {
    if !notes.contains(&note) {
        notes.push(note);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A key as the segments write it, each value `<name>`.
    fn written(segments: &[Segment], separator: &str) -> String {
        let parts: Vec<String> = (segments.iter())
            .map(|s| match s {
                Segment::Literal(l) => l.clone(),
                Segment::Field(f) => format!("{}<{}>", f.prefix, f.name),
            })
            .collect();
        parts.join(separator)
    }

    proptest! {
        /// Whatever text stands around the values, the segments read from it write the
        /// same key the tool writes, or the reason says keylab cannot.
        #[test]
        fn segments_write_what_the_pieces_write(
            parts in proptest::collection::vec(("[ab#_]{0,4}", proptest::option::of("[xyz]")), 0..5),
            separator in prop_oneof![Just("#"), Just("_")],
        ) {
            let pieces: Vec<Piece> = (parts.iter())
                .flat_map(|(t, v)| std::iter::once(Piece::Text(t.clone())).chain(v.clone().map(Piece::Value)))
                .collect();
            let tool: String = (pieces.iter())
                .map(|p| match p { Piece::Text(t) => t.clone(), Piece::Value(v) => format!("<{v}>") })
                .collect();
            if let Ok(segments) = segments(&pieces, separator) {
                prop_assert_eq!(written(&segments, separator), tool);
                for s in &segments {
                    if let Segment::Literal(l) = s { prop_assert!(!l.is_empty()); }
                    if let Segment::Field(f) = s { prop_assert!(!f.prefix.contains(separator)); }
                }
            }
        }
    }

    #[test]
    fn a_separator_with_nothing_beside_it_stays_in_a_literal() {
        let pieces = [Piece::Text("Account#".into())];
        assert_eq!(segments(&pieces, "#").unwrap(), [Segment::Literal("Account#".into())]);
        let pieces = template_pieces("CUSTOMER#${id}#${at}#END");
        let s = segments(&pieces, "#").unwrap();
        assert_eq!(written(&s, "#"), "CUSTOMER#<id>#<at>#END");
        let glued = template_pieces("${a}${b}");
        assert!(segments(&glued, "#").unwrap_err().contains("stands between two values"));
    }
}
