//! The schema format, version 1: one JSON document describing a table design (see
//! `docs/schema.md`). It is read by hand rather than by `serde` derive so that every
//! problem comes back as a typed [`Error`] with the JSON path of the offending property.

use crate::error::{Context, Error, ErrorKind, Errors, Warning, WarningKind};
use serde_json::{json, Map, Value};

pub use iso_format::{IsoFormat, IsoPrecision, IsoZone, MAX_OFFSET_MINUTES};
pub use kind::{Case, FieldKind, Order, TimeUnit, KINDS};

pub const SCHEMA_VERSION: u64 = 1;
pub use crate::error::MAX_DIGITS;
/// DynamoDB's largest partition key value, in UTF-8 bytes.
pub const PARTITION_KEY_MAX: usize = 2048;
/// DynamoDB's largest sort key value, in UTF-8 bytes; also the limit keylab holds a key
/// to when no role is known.
pub const SORT_KEY_MAX: usize = 1024;
/// The longest text bound worth stating: no key may exceed 2,048 bytes, so no text
/// field in one can hold more characters.
pub const MAX_TEXT_LENGTH: u32 = PARTITION_KEY_MAX as u32;
/// Default width-planner warning threshold, in percent of capacity.
pub const DEFAULT_WARN_AT: f64 = 80.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    pub separator: String,
    pub table: Table,
    pub entities: Vec<Entity>,
}

/// Characters no key may contain: U+0000 sorts below everything and U+10FFFF above,
/// so the query builder can use them as exact range bounds (`prefix + U+10FFFF` sorts
/// after every key that starts with `prefix`). A rule of the design, so the schema
/// holds it and the codec reads it from here.
pub const RESERVED: [char; 2] = ['\u{0}', '\u{10FFFF}'];

/// Entity and field names and literals longer than this are refused: nobody needs
/// more, and a megabyte name would make every view that shows it unusable.
pub const NAME_MAX: usize = 255;

/// DynamoDB's rule for a table name: 3 to 255 characters from `a-z A-Z 0-9 _ - .`.
/// Documents are not held to it (tests use `T`); the page holds a name the user types.
pub fn check_table_name(name: &str) -> Result<(), TableNameError> {
    let length = name.chars().count();
    let bad = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')));
    match (length, bad) {
        (0, _) => Err(TableNameError::Empty),
        (1..=2, _) => Err(TableNameError::TooShort { name: name.to_string() }),
        (256.., _) => Err(TableNameError::TooLong { length }),
        (_, Some(found)) => Err(TableNameError::Character { found }),
        _ => Ok(()),
    }
}

/// Why a name is not a DynamoDB table name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableNameError {
    Empty,
    TooShort {
        name: String,
    },
    TooLong {
        length: usize,
    },
    /// A character outside `a-z A-Z 0-9 _ - .`.
    Character {
        found: char,
    },
}

impl std::fmt::Display for TableNameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableNameError::Empty => f.write_str("a table needs a name: type one, such as Shop"),
            TableNameError::TooShort { name } => write!(
                f,
                "{name:?} is too short: a DynamoDB table name has 3 to 255 characters"
            ),
            TableNameError::TooLong { length } => write!(
                f,
                "{length} characters is too long: a DynamoDB table name has at most 255"
            ),
            TableNameError::Character { found } => write!(
                f,
                "{found:?} cannot be in a DynamoDB table name: use letters, digits, _ - and . only"
            ),
        }
    }
}

impl std::error::Error for TableNameError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrType {
    /// String: sorts by UTF-8 bytes.
    S,
    /// Number: sorts numerically.
    N,
}

impl AttrType {
    pub fn as_str(self) -> &'static str {
        match self {
            AttrType::S => "S",
            AttrType::N => "N",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub name: String,
    /// In document order: the page lists key attributes the way the user wrote them.
    pub attributes: Vec<(String, AttrType)>,
    pub primary: KeySchema,
    pub indexes: Vec<Index>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct KeySchema {
    pub partition: String,
    pub sort: Option<String>,
    /// A GSI's multi-attribute key (DynamoDB, November 2025): the partition key's
    /// attributes after `partition`, and the sort key's after `sort`, in key order.
    /// Empty for a single-attribute key, which the base table and LSIs always have.
    pub partition_more: Vec<String>,
    pub sort_more: Vec<String>,
}

/// The most attributes a GSI's partition key, or its sort key, may have.
pub const MAX_KEY_ATTRIBUTES: usize = 4;

impl KeySchema {
    /// A key of one partition attribute and at most one sort attribute.
    pub fn single(partition: impl Into<String>, sort: Option<String>) -> KeySchema {
        KeySchema {
            partition: partition.into(),
            sort,
            ..KeySchema::default()
        }
    }

    /// The partition key's attributes, in key order.
    pub fn partition_attributes(&self) -> impl Iterator<Item = &str> + Clone {
        std::iter::once(self.partition.as_str()).chain(self.partition_more.iter().map(String::as_str))
    }

    /// The sort key's attributes, in key order (none without a sort key).
    pub fn sort_attributes(&self) -> impl Iterator<Item = &str> + Clone {
        self.sort
            .as_deref()
            .into_iter()
            .chain(self.sort_more.iter().map(String::as_str))
    }

    /// Whether either key has more than one attribute.
    pub fn is_multi_attribute(&self) -> bool {
        !self.partition_more.is_empty() || !self.sort_more.is_empty()
    }

    /// The role `attribute` plays in this key, if any.
    pub fn role_of(&self, attribute: &str) -> Option<KeyRole> {
        if self.partition_attributes().any(|a| a == attribute) {
            Some(KeyRole::Partition)
        } else if self.sort_attributes().any(|a| a == attribute) {
            Some(KeyRole::Sort)
        } else {
            None
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Index {
    pub name: String,
    pub keys: KeySchema,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    pub name: String,
    pub fields: Vec<Field>,
    pub keys: Vec<KeyTemplate>,
    /// The load the team expects, for the hot-partition rule (lint L5).
    pub traffic: Traffic,
}

/// What a team expects an entity to take in production. All optional: the linter
/// estimates only what it is told, and counts partition-key values from the samples
/// when their number is not stated.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Traffic {
    /// Items written per second, across the whole table.
    pub writes_per_second: Option<f64>,
    /// Reads per second (each one Query or GetItem), across the whole table.
    pub reads_per_second: Option<f64>,
    /// How many distinct partition-key values the entity's items spread over.
    pub partition_keys: Option<u64>,
}

impl Traffic {
    pub fn is_empty(&self) -> bool {
        *self == Traffic::default()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    /// Width-planner warning threshold in percent; `None` means [`DEFAULT_WARN_AT`].
    pub warn_at: Option<f64>,
    /// Whether the value may change after the item is created, as the person said it:
    /// `None` until said. A primary key cannot change (an update writes a new item),
    /// so lint L4 flags a changing field in one, and asks about a field whose name
    /// says it likely changes (`updatedAt`, `status`) until told.
    pub mutable: Option<bool>,
}

impl Field {
    /// The person said the value changes after the item is created.
    pub fn changes(&self) -> bool {
        self.mutable == Some(true)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct KeyTemplate {
    pub attribute: String,
    pub segments: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Written as it is, e.g. `SEASON` or `#READING`.
    Literal(String),
    /// The encoded value of the named field, after its prefix if it has one.
    Field(FieldRef),
}

/// A field as a key template writes it: its name, and a label glued to its value
/// with no separator between them, as ElectroDB writes `seq_000007` (empty for none).
///
/// Order: every key the segment writes starts with the same prefix, so two of them
/// compare as their values' encodings do (byte order skips a common prefix), and the
/// value is read back by taking the prefix off. The prefix cannot hold the separator
/// (it would be a segment of its own) and a Number key has none (a number has no label).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldRef {
    pub name: String,
    pub prefix: String,
}

impl FieldRef {
    pub fn new(name: impl Into<String>) -> FieldRef {
        FieldRef {
            name: name.into(),
            prefix: String::new(),
        }
    }

    pub fn prefixed(prefix: impl Into<String>, name: impl Into<String>) -> FieldRef {
        FieldRef {
            name: name.into(),
            prefix: prefix.into(),
        }
    }
}

impl std::ops::Deref for FieldRef {
    type Target = str;
    /// The field's name: what most readers of a template want.
    fn deref(&self) -> &str {
        &self.name
    }
}

impl std::fmt::Display for FieldRef {
    /// As people write it: `<seq>`, or `seq_<seq>` with its prefix.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}<{}>", self.prefix, self.name)
    }
}

impl Segment {
    /// A field segment without a prefix.
    pub fn field(name: impl Into<String>) -> Segment {
        Segment::Field(FieldRef::new(name))
    }
}

impl Field {
    pub fn warn_at(&self) -> f64 {
        self.warn_at.unwrap_or(DEFAULT_WARN_AT)
    }
}

impl Segment {
    /// The segment as people write it: a literal as itself, a field as `<name>`.
    pub fn shown(&self) -> String {
        match self {
            Segment::Literal(l) => l.clone(),
            Segment::Field(f) => f.to_string(),
        }
    }
}

impl KeyTemplate {
    /// The fields the template uses, in template order (a field used twice comes twice).
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().filter_map(|s| match s {
            Segment::Field(f) => Some(f.name.as_str()),
            Segment::Literal(_) => None,
        })
    }

    /// The template as people write it in messages: `ORDER#<created>#<id>`.
    pub fn pattern(&self, separator: &str) -> String {
        let parts: Vec<String> = self.segments.iter().map(Segment::shown).collect();
        parts.join(separator)
    }
}

impl Entity {
    pub fn field(&self, name: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.name == name)
    }
    pub fn template(&self, attribute: &str) -> Option<&KeyTemplate> {
        self.keys.iter().find(|k| k.attribute == attribute)
    }
}

/// The part a key attribute plays; DynamoDB's length limits depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyRole {
    Partition,
    Sort,
}

impl KeyRole {
    /// Largest key value in UTF-8 bytes.
    pub fn limit(self) -> usize {
        match self {
            KeyRole::Partition => PARTITION_KEY_MAX,
            KeyRole::Sort => SORT_KEY_MAX,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            KeyRole::Partition => "partition",
            KeyRole::Sort => "sort",
        }
    }
}

impl Table {
    /// The key schema a Query reads: the base table's for `None`, an index's by name;
    /// `None` when no index has that name.
    pub fn key_schema(&self, index: Option<&str>) -> Option<&KeySchema> {
        match index {
            None => Some(&self.primary),
            Some(name) => self.indexes.iter().find(|i| i.name == name).map(|i| &i.keys),
        }
    }

    pub fn attribute_type(&self, name: &str) -> Option<AttrType> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, t)| *t)
    }

    /// Every key the attribute plays: where (`None` for the base table, else the
    /// index's name) and as what. The base table comes first, then indexes in order.
    pub fn parts<'t>(&'t self, attribute: &'t str) -> impl Iterator<Item = (Option<&'t str>, KeyRole)> + 't {
        let keyed =
            std::iter::once((None, &self.primary)).chain(self.indexes.iter().map(|i| (Some(i.name.as_str()), &i.keys)));
        keyed.filter_map(move |(index, ks)| ks.role_of(attribute).map(|role| (index, role)))
    }

    /// The strictest role the attribute plays in the table or any index.
    pub fn role(&self, attribute: &str) -> Option<KeyRole> {
        let mut roles = self.parts(attribute).map(|(_, r)| r).peekable();
        roles.peek()?;
        Some(if roles.any(|r| r == KeyRole::Sort) {
            KeyRole::Sort
        } else {
            KeyRole::Partition
        })
    }

    /// Whether the attribute keys the base table (rather than only an index).
    pub fn is_primary_key(&self, attribute: &str) -> bool {
        self.parts(attribute).any(|(index, _)| index.is_none())
    }
}

impl Schema {
    pub fn entity(&self, name: &str) -> Option<&Entity> {
        self.entities.iter().find(|e| e.name == name)
    }

    /// Reads a schema document and checks it. Fails with every error found.
    pub fn from_json(text: &str) -> Result<Schema, Errors> {
        let value: Value = serde_json::from_str(text).map_err(|e| {
            Error::invalid_schema(
                "$",
                format!("is not valid JSON: {e}"),
                "paste the whole document; check quotes, commas and brackets",
            )
        })?;
        Schema::from_value(&value)
    }

    pub fn from_value(value: &Value) -> Result<Schema, Errors> {
        let schema = read::schema(value)?;
        let errors = schema.check().0;
        if errors.is_empty() {
            Ok(schema)
        } else {
            Err(Errors(errors))
        }
    }

    /// Every semantic problem in the design, as errors (the codec would refuse) and
    /// warnings (it works, but is probably not what you meant).
    pub fn check(&self) -> (Vec<Error>, Vec<Warning>) {
        check::schema(self)
    }

    pub fn to_value(&self) -> Value {
        write::schema(self)
    }

    pub fn to_json_pretty(&self) -> String {
        // A Value built from strings and numbers always serialises.
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }
}

mod check;
pub mod definitions;
mod iso_format;
mod kind;
mod read;
#[cfg(test)]
mod tests;
mod write;
