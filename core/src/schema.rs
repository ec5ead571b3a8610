//! The schema format, version 1: one JSON document describing a table design (see
//! `docs/schema.md`). It is read by hand rather than by `serde` derive so that every
//! problem comes back as a typed [`Error`] with the JSON path of the offending property.

use crate::error::{Context, Error, ErrorKind, Errors, Warning, WarningKind};
use serde_json::{json, Map, Value};

pub const SCHEMA_VERSION: u64 = 1;
/// Widths above this would not fit the 128-bit integers the codec computes with
/// (and DynamoDB numbers stop at 38 significant digits anyway).
pub const MAX_DIGITS: u32 = 38;
/// Default width-planner warning threshold, in percent of capacity.
pub const DEFAULT_WARN_AT: f64 = 80.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Schema {
    pub separator: String,
    pub table: Table,
    pub entities: Vec<Entity>,
}

/// Entity and field names and literals longer than this are refused: nobody needs
/// more, and a megabyte name would make every view that shows it unusable.
pub const NAME_MAX: usize = 255;

/// DynamoDB's rule for a table name: 3 to 255 characters from `a-z A-Z 0-9 _ - .`.
/// Documents are not held to it (tests use `T`); the page holds a name the user types.
pub fn check_table_name(name: &str) -> Result<(), String> {
    let length = name.chars().count();
    let bad = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')));
    match (length, bad) {
        (0, _) => Err("a table needs a name: type one, such as Shop".into()),
        (1..=2, _) => Err(format!(
            "{name:?} is too short: a DynamoDB table name has 3 to 255 characters"
        )),
        (256.., _) => Err(format!(
            "{length} characters is too long: a DynamoDB table name has at most 255"
        )),
        (_, Some(c)) => Err(format!(
            "{c:?} cannot be in a DynamoDB table name: use letters, digits, _ - and . only"
        )),
        _ => Ok(()),
    }
}

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

#[derive(Clone, Debug, PartialEq)]
pub struct KeySchema {
    pub partition: String,
    pub sort: Option<String>,
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
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub kind: FieldKind,
    /// Width-planner warning threshold in percent; `None` means [`DEFAULT_WARN_AT`].
    pub warn_at: Option<f64>,
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
    /// The encoded value of the named field.
    Field(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Case {
    #[default]
    Preserve,
    Upper,
    Lower,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    #[default]
    Asc,
    Desc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds {
        width: u32,
    },
    Millis {
        width: u32,
    },
    /// `YYYY-MM-DDTHH:MM:SS.sssZ`, always UTC, always milliseconds.
    Iso,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Text {
        case: Case,
    },
    Uint {
        width: u32,
        order: Order,
    },
    Int {
        width: u32,
        order: Order,
    },
    Decimal {
        width: u32,
        scale: u32,
        signed: bool,
        order: Order,
    },
    Timestamp {
        unit: TimeUnit,
        order: Order,
    },
    Ulid {
        order: Order,
    },
    Ksuid {
        order: Order,
    },
}

pub const KINDS: [&str; 7] = ["text", "uint", "int", "decimal", "timestamp", "ulid", "ksuid"];

impl FieldKind {
    pub fn name(&self) -> &'static str {
        match self {
            FieldKind::Text { .. } => "text",
            FieldKind::Uint { .. } => "uint",
            FieldKind::Int { .. } => "int",
            FieldKind::Decimal { .. } => "decimal",
            FieldKind::Timestamp { .. } => "timestamp",
            FieldKind::Ulid { .. } => "ulid",
            FieldKind::Ksuid { .. } => "ksuid",
        }
    }

    /// A sensible field of the given kind, used when the page switches a field's kind.
    pub fn default_of(kind: &str) -> Option<FieldKind> {
        Some(match kind {
            "text" => FieldKind::Text { case: Case::Preserve },
            "uint" => FieldKind::Uint {
                width: 10,
                order: Order::Asc,
            },
            "int" => FieldKind::Int {
                width: 10,
                order: Order::Asc,
            },
            "decimal" => FieldKind::Decimal {
                width: 10,
                scale: 2,
                signed: true,
                order: Order::Asc,
            },
            "timestamp" => FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width: 10 },
                order: Order::Asc,
            },
            "ulid" => FieldKind::Ulid { order: Order::Asc },
            "ksuid" => FieldKind::Ksuid { order: Order::Asc },
            _ => return None,
        })
    }

    pub fn order(&self) -> Order {
        match *self {
            FieldKind::Text { .. } => Order::Asc,
            FieldKind::Uint { order, .. }
            | FieldKind::Int { order, .. }
            | FieldKind::Decimal { order, .. }
            | FieldKind::Timestamp { order, .. }
            | FieldKind::Ulid { order }
            | FieldKind::Ksuid { order } => order,
        }
    }

    /// The number of digits the width setting controls, if this kind has one.
    pub fn width(&self) -> Option<u32> {
        match *self {
            FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } | FieldKind::Decimal { width, .. } => {
                Some(width)
            }
            FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
                ..
            } => Some(width),
            _ => None,
        }
    }

    /// The same kind with another order (text has none and stays as it is).
    pub fn with_order(self, order: Order) -> FieldKind {
        match self {
            FieldKind::Uint { width, .. } => FieldKind::Uint { width, order },
            FieldKind::Int { width, .. } => FieldKind::Int { width, order },
            FieldKind::Decimal {
                width, scale, signed, ..
            } => FieldKind::Decimal {
                width,
                scale,
                signed,
                order,
            },
            FieldKind::Timestamp { unit, .. } => FieldKind::Timestamp { unit, order },
            FieldKind::Ulid { .. } => FieldKind::Ulid { order },
            FieldKind::Ksuid { .. } => FieldKind::Ksuid { order },
            text @ FieldKind::Text { .. } => text,
        }
    }

    /// The same kind with another width, where the kind has one.
    pub fn with_width(self, width: u32) -> FieldKind {
        match self {
            FieldKind::Uint { order, .. } => FieldKind::Uint { width, order },
            FieldKind::Int { order, .. } => FieldKind::Int { width, order },
            FieldKind::Decimal {
                scale, signed, order, ..
            } => FieldKind::Decimal {
                width,
                scale,
                signed,
                order,
            },
            FieldKind::Timestamp {
                unit: TimeUnit::Seconds { .. },
                order,
            } => FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width },
                order,
            },
            FieldKind::Timestamp {
                unit: TimeUnit::Millis { .. },
                order,
            } => FieldKind::Timestamp {
                unit: TimeUnit::Millis { width },
                order,
            },
            other => other,
        }
    }

    /// Whether a Number (`N`) key attribute can store this kind as a plain number.
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            FieldKind::Uint { .. }
                | FieldKind::Int { .. }
                | FieldKind::Decimal { .. }
                | FieldKind::Timestamp {
                    unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
                    ..
                }
        )
    }

    /// Checks the settings that the codec relies on (widths it can compute with).
    /// Returns the reason and the fix.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let digits_ok = |w: u32| (1..=MAX_DIGITS).contains(&w);
        match *self {
            FieldKind::Decimal { width, scale, .. } => {
                if width == 0 || width.saturating_add(scale) > MAX_DIGITS {
                    return Err((
                        format!("width {width} plus scale {scale} must be between 1 and {MAX_DIGITS} digits, with a width of at least 1"),
                        "lower the width or the scale".into(),
                    ));
                }
            }
            _ => {
                if let Some(w) = self.width() {
                    if !digits_ok(w) {
                        return Err((
                            format!("width {w} is outside 1 to {MAX_DIGITS}"),
                            format!("pick a width from 1 to {MAX_DIGITS}"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Field {
    pub fn warn_at(&self) -> f64 {
        self.warn_at.unwrap_or(DEFAULT_WARN_AT)
    }
}

impl KeyTemplate {
    /// The fields the template uses, in template order (a field used twice comes twice).
    pub fn fields(&self) -> impl Iterator<Item = &str> {
        self.segments.iter().filter_map(|s| match s {
            Segment::Field(f) => Some(f.as_str()),
            Segment::Literal(_) => None,
        })
    }

    /// The template as people write it in messages: `ORDER#<created>#<id>`.
    pub fn pattern(&self, separator: &str) -> String {
        let parts: Vec<String> = self
            .segments
            .iter()
            .map(|s| match s {
                Segment::Literal(l) => l.clone(),
                Segment::Field(f) => format!("<{f}>"),
            })
            .collect();
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
            KeyRole::Partition => 2048,
            KeyRole::Sort => 1024,
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
    pub fn attribute_type(&self, name: &str) -> Option<AttrType> {
        self.attributes.iter().find(|(n, _)| n == name).map(|(_, t)| *t)
    }

    fn key_schemas(&self) -> impl Iterator<Item = &KeySchema> {
        std::iter::once(&self.primary).chain(self.indexes.iter().map(|i| &i.keys))
    }

    /// The strictest role the attribute plays in the table or any index.
    pub fn role(&self, attribute: &str) -> Option<KeyRole> {
        let mut role = None;
        for ks in self.key_schemas() {
            if ks.sort.as_deref() == Some(attribute) {
                role = Some(KeyRole::Sort);
            } else if ks.partition == attribute && role.is_none() {
                role = Some(KeyRole::Partition);
            }
        }
        role
    }

    /// Whether the attribute keys the base table (rather than only an index).
    pub fn is_primary_key(&self, attribute: &str) -> bool {
        self.primary.partition == attribute || self.primary.sort.as_deref() == Some(attribute)
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
        let schema = parse::schema(&At::root(value))?;
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

/// A JSON value with the path that led to it, so errors can point at it.
struct At<'a> {
    value: &'a Value,
    path: String,
}

impl<'a> At<'a> {
    fn root(value: &'a Value) -> Self {
        At {
            value,
            path: "$".into(),
        }
    }
    fn fail<T>(&self, reason: impl Into<String>, fix: impl Into<String>) -> Result<T, Error> {
        Err(Error::invalid_schema(self.path.clone(), reason, fix))
    }
    fn object(&self) -> Result<&'a Map<String, Value>, Error> {
        match self.value {
            Value::Object(m) => Ok(m),
            _ => self.fail(
                format!("must be an object, found {}", kind_of(self.value)),
                "write it as {...}",
            ),
        }
    }
    fn array(&self) -> Result<&'a Vec<Value>, Error> {
        match self.value {
            Value::Array(a) => Ok(a),
            _ => self.fail(
                format!("must be an array, found {}", kind_of(self.value)),
                "write it as [...]",
            ),
        }
    }
    fn get(&self, key: &str) -> Result<Option<At<'a>>, Error> {
        Ok(self.object()?.get(key).filter(|v| !v.is_null()).map(|v| At {
            value: v,
            path: format!("{}.{}", self.path, key),
        }))
    }
    fn required(&self, key: &str) -> Result<At<'a>, Error> {
        self.get(key)?.ok_or_else(|| {
            Error::invalid_schema(
                self.path.clone(),
                format!("is missing the property {key:?}"),
                format!("add \"{key}\""),
            )
        })
    }
    fn index(&self, i: usize, value: &'a Value) -> At<'a> {
        At {
            value,
            path: format!("{}[{i}]", self.path),
        }
    }
    fn member(&self, key: &str, value: &'a Value) -> At<'a> {
        At {
            value,
            path: format!("{}.{}", self.path, key),
        }
    }
    fn string(&self) -> Result<&'a str, Error> {
        match self.value {
            Value::String(s) => Ok(s),
            _ => self.fail(
                format!("must be a string, found {}", kind_of(self.value)),
                "put it in double quotes",
            ),
        }
    }
    fn uint(&self) -> Result<u32, Error> {
        match self.value.as_u64() {
            Some(n) if n <= u64::from(u32::MAX) => Ok(n as u32),
            _ => self.fail(
                format!("must be a whole number, found {}", self.value),
                "write a number such as 10",
            ),
        }
    }
    fn one_of(&self, allowed: &[&str]) -> Result<&'a str, Error> {
        let s = self.string()?;
        if allowed.contains(&s) {
            Ok(s)
        } else {
            self.fail(
                format!("is {s:?}, which is not one of {}", allowed.join(", ")),
                format!("use one of {}", allowed.join(", ")),
            )
        }
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

mod parse {
    use super::*;

    pub(super) fn schema(root: &At) -> Result<Schema, Errors> {
        root.object()?;
        let version = root.required("version")?;
        match version.value.as_u64() {
            Some(SCHEMA_VERSION) => {}
            _ => {
                let shown = match version.value {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                return Err(Error::new(
                    Context::path(version.path.clone()),
                    ErrorKind::UnknownVersion { version: shown },
                )
                .into());
            }
        }
        let separator = root.required("separator")?.string()?.to_string();
        let table = table(&root.required("table")?)?;
        let list = root.required("entities")?;
        let mut entities = Vec::new();
        let mut errors = Vec::new();
        for (i, e) in list.array()?.iter().enumerate() {
            match entity(&list.index(i, e)) {
                Ok(e) => entities.push(e),
                Err(mut es) => errors.append(&mut es.0),
            }
        }
        if errors.is_empty() {
            Ok(Schema {
                separator,
                table,
                entities,
            })
        } else {
            Err(Errors(errors))
        }
    }

    fn key_schema(at: &At) -> Result<KeySchema, Error> {
        Ok(KeySchema {
            partition: at.required("partition")?.string()?.to_string(),
            sort: at.get("sort")?.map(|s| s.string().map(str::to_string)).transpose()?,
        })
    }

    fn table(at: &At) -> Result<Table, Error> {
        let name = at.required("name")?.string()?.to_string();
        let attrs = at.required("attributes")?;
        let mut attributes = Vec::new();
        for (k, v) in attrs.object()? {
            let t = match attrs.member(k, v).one_of(&["S", "N", "B"])? {
                "S" => AttrType::S,
                "N" => AttrType::N,
                _ => {
                    return attrs.member(k, v).fail(
                        "is type B (binary); keylab models String and Number keys",
                        "use S and encode the bytes as text (for example base64)",
                    )
                }
            };
            attributes.push((k.clone(), t));
        }
        let primary = key_schema(&at.required("primary")?)?;
        let mut indexes = Vec::new();
        if let Some(list) = at.get("indexes")? {
            for (i, v) in list.array()?.iter().enumerate() {
                let item = list.index(i, v);
                indexes.push(Index {
                    name: item.required("name")?.string()?.to_string(),
                    keys: key_schema(&item)?,
                });
            }
        }
        Ok(Table {
            name,
            attributes,
            primary,
            indexes,
        })
    }

    fn entity(at: &At) -> Result<Entity, Errors> {
        let name = at.required("name")?.string()?.to_string();
        let mut errors = Vec::new();
        let mut fields = Vec::new();
        let list = at.required("fields")?;
        for (k, v) in list.object()? {
            match field(k, &list.member(k, v)) {
                Ok(f) => fields.push(f),
                Err(mut e) => {
                    e.context.entity = Some(name.clone());
                    e.context.field = Some(k.clone());
                    errors.push(e);
                }
            }
        }
        let mut keys = Vec::new();
        let templates = at.required("keys")?;
        for (attr, v) in templates.object()? {
            let t = templates.member(attr, v);
            let mut segments = Vec::new();
            for (i, s) in t.array()?.iter().enumerate() {
                let seg = t.index(i, s);
                seg.object()?;
                match (seg.get("literal")?, seg.get("field")?) {
                    (Some(l), None) => segments.push(Segment::Literal(l.string()?.to_string())),
                    (None, Some(f)) => segments.push(Segment::Field(f.string()?.to_string())),
                    _ => {
                        return Err(Error::invalid_schema(
                            seg.path.clone(),
                            "must have exactly one of \"literal\" or \"field\"",
                            "write {\"literal\": \"TEXT\"} or {\"field\": \"name\"}",
                        )
                        .into())
                    }
                }
            }
            keys.push(KeyTemplate {
                attribute: attr.clone(),
                segments,
            });
        }
        if errors.is_empty() {
            Ok(Entity { name, fields, keys })
        } else {
            Err(Errors(errors))
        }
    }

    const PROPERTIES: [&str; 8] = ["kind", "case", "width", "order", "scale", "signed", "unit", "warnAt"];

    fn field(name: &str, at: &At) -> Result<Field, Error> {
        for key in at.object()?.keys() {
            if !PROPERTIES.contains(&key.as_str()) {
                return at.fail(
                    format!("has unknown property {key:?}"),
                    format!("remove it; field properties are {}", PROPERTIES.join(", ")),
                );
            }
        }
        let kind_at = at.required("kind")?;
        let kind_name = kind_at.string()?;
        let order = match at.get("order")? {
            Some(o) => match o.one_of(&["asc", "desc"])? {
                "desc" => Order::Desc,
                _ => Order::Asc,
            },
            None => Order::Asc,
        };
        let width = |at: &At| -> Result<u32, Error> { at.required("width")?.uint() };
        let kind = match kind_name {
            "text" => FieldKind::Text {
                case: match at.get("case")? {
                    Some(c) => match c.one_of(&["preserve", "upper", "lower"])? {
                        "upper" => Case::Upper,
                        "lower" => Case::Lower,
                        _ => Case::Preserve,
                    },
                    None => Case::Preserve,
                },
            },
            "uint" => FieldKind::Uint {
                width: width(at)?,
                order,
            },
            "int" => FieldKind::Int {
                width: width(at)?,
                order,
            },
            "decimal" => FieldKind::Decimal {
                width: width(at)?,
                scale: at.required("scale")?.uint()?,
                signed: match at.get("signed")? {
                    Some(s) => s.value.as_bool().ok_or_else(|| {
                        Error::invalid_schema(s.path.clone(), "must be true or false", "write true or false")
                    })?,
                    None => true,
                },
                order,
            },
            "timestamp" => {
                let unit = match at.get("unit")? {
                    Some(u) => u.one_of(&["s", "ms", "iso"])?,
                    None => {
                        return at.fail(
                            "is a timestamp without a unit",
                            "add \"unit\": \"s\", \"ms\" or \"iso\"",
                        )
                    }
                };
                let unit = match unit {
                    "s" => TimeUnit::Seconds { width: width(at)? },
                    "ms" => TimeUnit::Millis { width: width(at)? },
                    _ => {
                        if at.get("width")?.is_some() {
                            return at.fail(
                                "is an iso timestamp with a width, but iso always has 24 characters",
                                "remove \"width\"",
                            );
                        }
                        TimeUnit::Iso
                    }
                };
                FieldKind::Timestamp { unit, order }
            }
            "ulid" => FieldKind::Ulid { order },
            "ksuid" => FieldKind::Ksuid { order },
            other => {
                return Err(Error::new(
                    Context::path(kind_at.path.clone()),
                    ErrorKind::UnknownKind {
                        kind: other.to_string(),
                    },
                ))
            }
        };
        let warn_at = match at.get("warnAt")? {
            Some(w) => match w.value.as_f64() {
                Some(p) if p > 0.0 && p <= 100.0 => Some(p),
                _ => return w.fail("must be a percentage above 0 and at most 100", "write e.g. 80"),
            },
            None => None,
        };
        Ok(Field {
            name: name.to_string(),
            kind,
            warn_at,
        })
    }
}

mod check {
    use super::*;

    fn schema_error(errors: &mut Vec<Error>, ctx: Context, reason: String, fix: &str) {
        errors.push(Error::new(
            ctx,
            ErrorKind::InvalidSchema {
                reason,
                fix: fix.to_string(),
            },
        ));
    }

    pub(super) fn schema(s: &Schema) -> (Vec<Error>, Vec<Warning>) {
        let mut errors = Vec::new();
        let mut warnings = Vec::new();
        if s.separator.is_empty() {
            schema_error(
                &mut errors,
                Context::path("$.separator"),
                "is empty".into(),
                "use a separator such as \"#\"",
            );
        } else if s.separator.chars().any(char::is_alphanumeric) {
            warnings.push(Warning {
                context: Context::path("$.separator"),
                kind: WarningKind::Schema {
                    reason: format!(
                        "{:?} contains letters or digits, which values often contain",
                        s.separator
                    ),
                    fix: "use punctuation such as \"#\"".into(),
                },
            });
        }
        table(&s.table, &mut errors);
        let mut seen = Vec::new();
        for (i, e) in s.entities.iter().enumerate() {
            let path = format!("$.entities[{i}]");
            if e.name.is_empty() {
                schema_error(
                    &mut errors,
                    Context::path(format!("{path}.name")),
                    "is empty".into(),
                    "name the entity",
                );
            } else if seen.contains(&&e.name) {
                schema_error(
                    &mut errors,
                    Context::entity(&e.name),
                    format!("entity name {:?} is used twice", e.name),
                    "give each entity its own name",
                );
            }
            seen.push(&e.name);
            entity(s, e, &path, &mut errors, &mut warnings);
        }
        (errors, warnings)
    }

    fn table(t: &Table, errors: &mut Vec<Error>) {
        if t.name.is_empty() {
            schema_error(
                errors,
                Context::path("$.table.name"),
                "is empty".into(),
                "name the table",
            );
        }
        for (name, _) in &t.attributes {
            if name.is_empty() {
                schema_error(
                    errors,
                    Context::path("$.table.attributes"),
                    "has an attribute with an empty name".into(),
                    "name every key attribute",
                );
            }
        }
        let mut check_keys = |ks: &KeySchema, path: &str| {
            for (role, a) in [("partition", Some(&ks.partition)), ("sort", ks.sort.as_ref())] {
                if let Some(a) = a {
                    if t.attribute_type(a).is_none() {
                        schema_error(
                            errors,
                            Context::path(format!("{path}.{role}")),
                            format!("names {a:?}, which is not in table.attributes"),
                            "add it to table.attributes with its type",
                        );
                    }
                }
            }
            if ks.sort.as_ref() == Some(&ks.partition) {
                schema_error(
                    errors,
                    Context::path(path.to_string()),
                    "uses one attribute as both partition and sort key".into(),
                    "pick two different attributes",
                );
            }
        };
        check_keys(&t.primary, "$.table.primary");
        for (i, ix) in t.indexes.iter().enumerate() {
            check_keys(&ix.keys, &format!("$.table.indexes[{i}]"));
        }
        for (i, ix) in t.indexes.iter().enumerate() {
            if ix.name.is_empty() || t.indexes[..i].iter().any(|o| o.name == ix.name) {
                schema_error(
                    errors,
                    Context::path(format!("$.table.indexes[{i}].name")),
                    format!("index name {:?} is empty or used twice", ix.name),
                    "give each index its own name",
                );
            }
        }
    }

    fn too_long(errors: &mut Vec<Error>, path: String, what: &str, text: &str) {
        let n = text.chars().count();
        if n > NAME_MAX {
            schema_error(
                errors,
                Context::path(path),
                format!("{what} is {n} characters long, over the limit of {NAME_MAX}"),
                "shorten it",
            );
        }
    }

    fn entity(s: &Schema, e: &Entity, path: &str, errors: &mut Vec<Error>, warnings: &mut Vec<Warning>) {
        too_long(errors, format!("{path}.name"), "the entity name", &e.name);
        for f in &e.fields {
            too_long(errors, format!("{path}.fields"), "a field name", &f.name);
        }
        for k in &e.keys {
            for seg in &k.segments {
                if let Segment::Literal(l) = seg {
                    too_long(errors, format!("{path}.keys.{}", k.attribute), "a literal", l);
                }
            }
        }
        for f in &e.fields {
            if let Some(w) = f.warn_at {
                if !(w > 0.0 && w <= 100.0) {
                    schema_error(
                        errors,
                        Context::entity(&e.name).with_field(&f.name),
                        format!(
                            "warning threshold {}% is not above 0 and at most 100",
                            crate::float_text::shortest(w)
                        ),
                        "pick a percentage such as 80",
                    );
                }
            }
            if let Err((reason, fix)) = f.kind.validate() {
                let ctx = Context::entity(&e.name).with_field(&f.name);
                errors.push(Error::new(
                    Context {
                        path: Some(format!("{path}.fields.{}", f.name)),
                        ..ctx
                    },
                    ErrorKind::InvalidSchema { reason, fix },
                ));
            }
        }
        let mut needed = vec![&s.table.primary.partition];
        needed.extend(s.table.primary.sort.as_ref());
        for attr in needed {
            if e.template(attr).is_none() {
                schema_error(
                    errors,
                    Context::entity(&e.name).with_attribute(attr),
                    format!("has no template for {attr}, a key of the base table"),
                    "add a template for it under keys",
                );
            }
        }
        for k in &e.keys {
            let ctx = Context::entity(&e.name).with_attribute(&k.attribute);
            let Some(attr_type) = s.table.attribute_type(&k.attribute) else {
                schema_error(
                    errors,
                    ctx,
                    format!(
                        "is not a key attribute of the table (attributes: {})",
                        s.table
                            .attributes
                            .iter()
                            .map(|(n, _)| n.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    "add it to table.attributes or remove the template",
                );
                continue;
            };
            if k.segments.is_empty() {
                schema_error(
                    errors,
                    ctx.clone(),
                    "has an empty template".into(),
                    "add at least one segment",
                );
            }
            for seg in &k.segments {
                match seg {
                    Segment::Literal(l) if l.chars().any(|c| crate::codec::text::RESERVED.contains(&c)) => {
                        schema_error(
                            errors,
                            ctx.clone(),
                            format!(
                            "has a literal {l:?} with U+0000 or U+10FFFF, which keylab reserves as query range bounds"
                        ),
                            "remove that character from the literal",
                        )
                    }
                    Segment::Literal(l) if l.is_empty() => schema_error(
                        errors,
                        ctx.clone(),
                        "has an empty literal segment".into(),
                        "type the literal's text or remove it",
                    ),
                    Segment::Field(f) if e.field(f).is_none() => {
                        errors.push(Error::new(ctx.clone().with_field(f), ErrorKind::UndefinedField))
                    }
                    _ => {}
                }
            }
            if attr_type == AttrType::N {
                let numeric = match k.segments.as_slice() {
                    [Segment::Field(f)] => e.field(f).map(|f| (f.kind.is_numeric(), f)),
                    _ => None,
                };
                match numeric {
                    Some((true, f)) => {
                        if f.kind.order() == Order::Desc {
                            warnings.push(Warning {
                                context: ctx.clone().with_field(&f.name),
                                kind: WarningKind::Schema {
                                    reason: format!("order desc has no effect: {} is a Number attribute and stores the plain number", k.attribute),
                                    fix: "read it newest-first with ScanIndexForward=false".into(),
                                },
                            });
                        }
                    }
                    _ => schema_error(
                        errors,
                        ctx.clone(),
                        "is a Number (N) attribute, so its template must be exactly one numeric field (uint, int, decimal, or timestamp in s or ms)".to_string(),
                        "make it a single numeric field, or change the attribute's type to S",
                    ),
                }
            }
        }
    }
}

mod write {
    use super::*;

    fn order(o: Order) -> &'static str {
        match o {
            Order::Asc => "asc",
            Order::Desc => "desc",
        }
    }

    pub(super) fn field(f: &Field) -> Value {
        let mut m = Map::new();
        m.insert("kind".into(), json!(f.kind.name()));
        match f.kind {
            FieldKind::Text { case } => {
                if case != Case::Preserve {
                    m.insert(
                        "case".into(),
                        json!(if case == Case::Upper { "upper" } else { "lower" }),
                    );
                }
            }
            FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } => {
                m.insert("width".into(), json!(width));
            }
            FieldKind::Decimal {
                width, scale, signed, ..
            } => {
                m.insert("width".into(), json!(width));
                m.insert("scale".into(), json!(scale));
                if !signed {
                    m.insert("signed".into(), json!(false));
                }
            }
            FieldKind::Timestamp { unit, .. } => match unit {
                TimeUnit::Seconds { width } => {
                    m.insert("unit".into(), json!("s"));
                    m.insert("width".into(), json!(width));
                }
                TimeUnit::Millis { width } => {
                    m.insert("unit".into(), json!("ms"));
                    m.insert("width".into(), json!(width));
                }
                TimeUnit::Iso => {
                    m.insert("unit".into(), json!("iso"));
                }
            },
            FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => {}
        }
        if f.kind.order() == Order::Desc {
            m.insert("order".into(), json!(order(Order::Desc)));
        }
        if let Some(w) = f.warn_at {
            m.insert("warnAt".into(), json!(w));
        }
        Value::Object(m)
    }

    fn key_schema(m: &mut Map<String, Value>, ks: &KeySchema) {
        m.insert("partition".into(), json!(ks.partition));
        if let Some(s) = &ks.sort {
            m.insert("sort".into(), json!(s));
        }
    }

    pub(super) fn schema(s: &Schema) -> Value {
        let mut attributes = Map::new();
        for (n, t) in &s.table.attributes {
            attributes.insert(n.clone(), json!(t.as_str()));
        }
        let mut primary = Map::new();
        key_schema(&mut primary, &s.table.primary);
        let indexes: Vec<Value> = s
            .table
            .indexes
            .iter()
            .map(|ix| {
                let mut m = Map::new();
                m.insert("name".into(), json!(ix.name));
                key_schema(&mut m, &ix.keys);
                Value::Object(m)
            })
            .collect();
        let entities: Vec<Value> = s
            .entities
            .iter()
            .map(|e| {
                let mut fields = Map::new();
                for f in &e.fields {
                    fields.insert(f.name.clone(), field(f));
                }
                let mut keys = Map::new();
                for k in &e.keys {
                    let segs: Vec<Value> = k
                        .segments
                        .iter()
                        .map(|s| match s {
                            Segment::Literal(l) => json!({ "literal": l }),
                            Segment::Field(f) => json!({ "field": f }),
                        })
                        .collect();
                    keys.insert(k.attribute.clone(), Value::Array(segs));
                }
                json!({ "name": e.name, "fields": fields, "keys": keys })
            })
            .collect();
        json!({
            "version": SCHEMA_VERSION,
            "separator": s.separator,
            "table": {
                "name": s.table.name,
                "attributes": attributes,
                "primary": primary,
                "indexes": indexes,
            },
            "entities": entities,
        })
    }
}
