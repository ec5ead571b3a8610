//! Reading a schema document: every property is checked where it stands, and each
//! error carries the JSON path that leads to it.

use super::*;
use crate::strict::Fields;
use crate::wording::json_kind;

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
                format!("must be an object, found {}", json_kind(self.value)),
                "write it as {...}",
            ),
        }
    }
    fn array(&self) -> Result<&'a Vec<Value>, Error> {
        match self.value {
            Value::Array(a) => Ok(a),
            _ => self.fail(
                format!("must be an array, found {}", json_kind(self.value)),
                "write it as [...]",
            ),
        }
    }
    /// Refuses a field this object does not have, saying where it belongs if it is a
    /// field of another part of the document.
    fn only(&self, allowed: &[&str]) -> Result<(), Error> {
        let fields = Fields {
            place: "",
            allowed,
            elsewhere: &ELSEWHERE,
        };
        fields
            .check(self.object()?)
            .or_else(|why| self.fail(why, "remove it, or move it where it belongs"))
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
                format!("must be a string, found {}", json_kind(self.value)),
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
    fn boolean(&self) -> Result<bool, Error> {
        match self.value {
            Value::Bool(b) => Ok(*b),
            _ => self.fail(
                format!("must be true or false, found {}", json_kind(self.value)),
                "write true or false",
            ),
        }
    }
    /// A rate or a count the user expects: a number above zero.
    fn positive(&self) -> Result<f64, Error> {
        match self.value.as_f64() {
            Some(n) if n > 0.0 && n.is_finite() => Ok(n),
            _ => self.fail(
                format!("must be a number above 0, found {}", self.value),
                "write a number such as 100, or remove it",
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

/// Where each field of a schema document lives, for the message about a misplaced one.
const ELSEWHERE: [(&str, &str); 24] = [
    ("version", "at the top of the document"),
    ("separator", "at the top of the document"),
    ("table", "at the top of the document"),
    ("entities", "at the top of the document"),
    ("attributes", "in table"),
    ("primary", "in table"),
    ("indexes", "in table"),
    ("partition", "in table.primary or in an index"),
    ("sort", "in table.primary or in an index"),
    ("fields", "in an entity"),
    ("keys", "in an entity"),
    ("literal", "in a key template's segment"),
    ("field", "in a key template's segment"),
    ("kind", "in a field's definition"),
    ("width", "in a field's definition"),
    ("order", "in a field's definition"),
    ("unit", "in a field's definition"),
    ("case", "in a field's definition"),
    ("maxLength", "in a text field's definition"),
    ("mutable", "in a field's definition"),
    ("traffic", "in an entity"),
    ("writesPerSecond", "in an entity's traffic"),
    ("readsPerSecond", "in an entity's traffic"),
    ("partitionKeys", "in an entity's traffic"),
];

pub(super) fn schema(value: &Value) -> Result<Schema, Errors> {
    let root = &At::root(value);
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
    root.only(&["version", "separator", "table", "entities"])?;
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
    at.only(&["partition", "sort"])?;
    for key in ["partition", "sort"] {
        if let Some(
            list @ At {
                value: Value::Array(_), ..
            },
        ) = at.get(key)?
        {
            return list.fail(
                "is a list of attributes, but only a global secondary index may have a key of several attributes",
                format!(
                    "write one attribute, such as \"{key}\": \"{}\"",
                    if key == "sort" { "SK" } else { "PK" }
                ),
            );
        }
    }
    Ok(KeySchema::single(
        at.required("partition")?.string()?,
        at.get("sort")?.map(|s| s.string().map(str::to_string)).transpose()?,
    ))
}

/// A GSI key: one attribute (`"PK"`) or a list of 1 to 4 (`["customer", "status"]`).
fn attribute_list(at: &At) -> Result<Vec<String>, Error> {
    match at.value {
        Value::Array(items) => {
            if items.is_empty() || items.len() > MAX_KEY_ATTRIBUTES {
                return at.fail(
                    format!(
                        "lists {} attributes; a GSI's partition or sort key has 1 to {MAX_KEY_ATTRIBUTES}",
                        items.len()
                    ),
                    format!("keep 1 to {MAX_KEY_ATTRIBUTES} attributes, in the order the key compares them"),
                );
            }
            items
                .iter()
                .enumerate()
                .map(|(i, v)| at.index(i, v).string().map(str::to_string))
                .collect()
        }
        _ => Ok(vec![at.string()?.to_string()]),
    }
}

fn table(at: &At) -> Result<Table, Error> {
    at.only(&["name", "attributes", "primary", "indexes"])?;
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
            item.only(&["name", "partition", "sort"])?;
            let name = item.required("name")?.string()?.to_string();
            let mut partition = attribute_list(&item.required("partition")?)?;
            let mut sort = match item.get("sort")? {
                Some(s) => attribute_list(&s)?,
                None => Vec::new(),
            };
            let sort_first = (!sort.is_empty()).then(|| sort.remove(0));
            indexes.push(Index {
                name,
                keys: KeySchema {
                    partition: partition.remove(0),
                    sort: sort_first,
                    partition_more: partition,
                    sort_more: sort,
                },
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

fn traffic(at: &At) -> Result<Traffic, Error> {
    at.only(&["writesPerSecond", "readsPerSecond", "partitionKeys"])?;
    let rate = |key: &str| -> Result<Option<f64>, Error> { at.get(key)?.map(|r| r.positive()).transpose() };
    Ok(Traffic {
        writes_per_second: rate("writesPerSecond")?,
        reads_per_second: rate("readsPerSecond")?,
        partition_keys: at
            .get("partitionKeys")?
            .map(|n| match n.value.as_u64() {
                Some(k) if k > 0 => Ok(k),
                _ => n.fail(
                    format!("must be a whole number above 0, found {}", n.value),
                    "write how many distinct partition-key values you expect, such as 50",
                ),
            })
            .transpose()?,
    })
}

fn entity(at: &At) -> Result<Entity, Errors> {
    at.only(&["name", "fields", "keys", "traffic"])?;
    let traffic = match at.get("traffic")? {
        Some(t) => traffic(&t)?,
        None => Traffic::default(),
    };
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
            seg.only(&["literal", "field", "prefix"])?;
            match (seg.get("literal")?, seg.get("field")?) {
                (Some(_), None) if seg.get("prefix")?.is_some() => return Err(Error::invalid_schema(
                    seg.path.clone(),
                    "\"prefix\" belongs to a field segment, not a literal",
                    "write the literal's text in \"literal\" itself, or move \"prefix\" to the field it is glued to",
                )
                .into()),
                (Some(l), None) => segments.push(Segment::Literal(l.string()?.to_string())),
                (None, Some(f)) => {
                    let prefix = match seg.get("prefix")? {
                        Some(p) => p.string()?.to_string(),
                        None => String::new(),
                    };
                    segments.push(Segment::Field(FieldRef::prefixed(prefix, f.string()?)))
                }
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
        Ok(Entity {
            name,
            fields,
            keys,
            traffic,
        })
    } else {
        Err(Errors(errors))
    }
}

/// An iso field's `precision` and `zone`, each defaulting to the 24-character format.
fn iso_format(at: &At) -> Result<IsoFormat, Error> {
    let precision = match at.get("precision")? {
        Some(p) => IsoPrecision::from_name(p.one_of(&IsoPrecision::ALL.map(IsoPrecision::name))?).unwrap_or_default(),
        None => IsoPrecision::default(),
    };
    let zone = match at.get("zone")? {
        Some(z) => match IsoZone::from_name(z.string()?) {
            Some(zone) => zone,
            None => {
                return z.fail(
                    format!("is not a zone: {:?}", z.string()?),
                    "write \"Z\" for UTC, an offset such as \"+02:00\" or \"-05:30\" (at most 23:59), or \"none\"",
                )
            }
        },
        None => IsoZone::default(),
    };
    Ok(IsoFormat { precision, zone })
}

const PROPERTIES: [&str; 12] = [
    "kind",
    "case",
    "maxLength",
    "width",
    "order",
    "scale",
    "signed",
    "unit",
    "precision",
    "zone",
    "warnAt",
    "mutable",
];

/// A timestamp's unit: seconds or milliseconds of a width, or an ISO format (whose
/// length its precision and zone set, so a width is refused).
fn timestamp_unit(at: &At) -> Result<TimeUnit, Error> {
    let unit = match at.get("unit")? {
        Some(u) => u.one_of(&TimeUnit::NAMES)?,
        None => {
            return at.fail(
                "is a timestamp without a unit",
                "add \"unit\": \"s\", \"ms\" or \"iso\"",
            )
        }
    };
    Ok(match unit {
        "s" => TimeUnit::Seconds {
            width: at.required("width")?.uint()?,
        },
        "ms" => TimeUnit::Millis {
            width: at.required("width")?.uint()?,
        },
        _ => {
            let format = iso_format(at)?;
            if at.get("width")?.is_some() {
                return at.fail(
                    format!(
                        "is an iso timestamp with a width, but its format ({}) always has {} characters",
                        format.pattern(),
                        format.key_len()
                    ),
                    "remove \"width\" (\"precision\" and \"zone\" set the format)",
                );
            }
            TimeUnit::Iso(format)
        }
    })
}

/// The properties one kind reads: an ISO timestamp's precision and zone, a text's
/// maxLength. On a field of another kind, each is refused rather than ignored.
fn only_for_its_kind(at: &At, kind: &FieldKind, kind_name: &str) -> Result<(), Error> {
    let iso = matches!(
        kind,
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(_),
            ..
        }
    );
    for name in ["precision", "zone"] {
        if let (Some(p), false) = (at.get(name)?, iso) {
            return p.fail(
                format!("sets an ISO timestamp's format, but this field is {kind_name} without unit iso"),
                format!("remove \"{name}\", or make the field a timestamp with \"unit\": \"iso\""),
            );
        }
    }
    if let (Some(m), false) = (at.get("maxLength")?, matches!(kind, FieldKind::Text { .. })) {
        return m.fail(
            format!("bounds a text's length, but this field is {kind_name}, whose width already bounds it"),
            "remove \"maxLength\", or make the field text",
        );
    }
    Ok(())
}

fn field(name: &str, at: &At) -> Result<Field, Error> {
    at.only(&PROPERTIES)?;
    let kind_at = at.required("kind")?;
    let kind_name = kind_at.string()?;
    let order = match at.get("order")? {
        Some(o) => Order::from_name(o.one_of(&["asc", "desc"])?).unwrap_or(Order::Asc),
        None => Order::Asc,
    };
    let width = |at: &At| -> Result<u32, Error> { at.required("width")?.uint() };
    let kind = match kind_name {
        "text" => FieldKind::Text {
            case: match at.get("case")? {
                Some(c) => Case::from_name(c.one_of(&Case::ALL.map(Case::name))?).unwrap_or(Case::Preserve),
                None => Case::Preserve,
            },
            max_length: at.get("maxLength")?.map(|n| n.uint()).transpose()?,
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
                Some(s) => s.boolean()?,
                None => true,
            },
            order,
        },
        "timestamp" => FieldKind::Timestamp {
            unit: timestamp_unit(at)?,
            order,
        },
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
    only_for_its_kind(at, &kind, kind_name)?;
    let mutable = match at.get("mutable")? {
        Some(m) => Some(m.boolean()?),
        None => None,
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
        mutable,
    })
}
