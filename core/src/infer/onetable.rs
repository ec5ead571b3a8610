//! A design read out of a OneTable schema (`format: 'onetable:1.1.0'`, dynamodb-onetable
//! 2.x): its `indexes` are the table's keys, each model an entity, and a key field's
//! `value` template (`'User#${rank:8:0}#${email}'`) its keylab template, written as
//! OneTable's `runTemplate` writes it:
//! - `${name}` is the value as it is, with no casing: a string keeps its case, a number
//!   its digits (which sort as text), a `Date` its ISO text with `isoDates`, else its
//!   epoch milliseconds;
//! - `${name:len:pad}` pads the value on the left with `pad` (default `0`) to `len`;
//! - `${_type}` (the schema's type field) is the model's name.
//!
//! What keylab cannot write the same way leaves the model out of that key's index,
//! whole (or the model out, for the table's own keys), and a note says why: an index is
//! read in full before any of it is kept, so the design never holds part of one.

use super::declared::{carried, checked, say, segments, Fields, Keys, Piece, WATCH_PREFIX};
use super::left_out::{ordinal, Omission, Part, Said};
use crate::js_literal::{self, Js};
use crate::schema::{
    AttrType, Case, Entity, FieldKind, IsoFormat, KeySchema, KeyTemplate, Order, Schema, Segment, TimeUnit,
};

/// What a schema holds besides its models and indexes that changes no key.
const QUIET: [&str; 4] = ["format", "version", "queries", "params"];

/// What the notes call a OneTable model.
const KIND: &str = "model";

/// The design the schema describes, what was read, applied and left out, and each part
/// left out.
#[derive(Clone, Debug)]
pub struct Read {
    pub schema: Schema,
    /// The table's name, when the file says it (the design a keylab-written file carries).
    pub table: Option<String>,
    pub notes: Vec<String>,
    pub left_out: Vec<Omission>,
}

/// A GSI's name (`None`: the table's own keys), its hash attribute and its sort attribute.
type IndexKeys = (Option<String>, String, Option<String>);

pub fn read(text: &str, table: &str) -> Result<Read, String> {
    let doc = js_literal::object_holding(text, "models")?
        .ok_or("it holds no object with `models` and `indexes`: paste the schema OneTable's Table is given")?;
    let mut said = Said::default();
    head_notes(&doc, &mut said);
    let params = doc.get("params");
    let flag = |name: &str| params.and_then(|p| p.get(name)) == Some(&Js::Bool(true));
    let type_field = (params.and_then(|p| p.get("typeField")).and_then(Js::as_str)).unwrap_or("_type");
    let (mut keys, attributes) = indexes(&doc, &mut said)?;
    let models = doc.get("models").ok_or("there are no `models`")?;
    let separator = separator_of(models);
    let mut entities = Vec::new();
    let mut names: Vec<&String> = Vec::new();
    for (n, (model, fields)) in models.entries().iter().enumerate() {
        if names.contains(&model) {
            said.leave_out(Omission {
                part: Part::Repeated {
                    kind: KIND,
                    name: model.clone(),
                    place: format!("the {} in models", ordinal(n + 1)),
                },
                reason: "models has another of that name before it: give each its own".into(),
            });
            continue;
        }
        names.push(model);
        let m = Model {
            name: model,
            fields,
            type_field,
            iso_dates: flag("isoDates"),
            separator: &separator,
            found: Fields::default(),
            notes: Vec::new(),
        };
        entities.extend(m.entity(&attributes, &mut keys, &mut said));
    }
    for (_, hash, sort) in &attributes {
        for a in std::iter::once(hash).chain(sort) {
            keys.typed(a, AttrType::S);
        }
    }
    if entities.is_empty() {
        return Err(format!("no model could be read: {}", said.notes.join("; ")));
    }
    let schema = Schema {
        separator,
        table: keys.table(table, "there is no `primary` index")?,
        entities,
    };
    let schema = checked(schema, KIND, false, &mut said)?;
    let schema = Schema::from_value(&schema.to_value()).map_err(|e| format!("the design read is not usable: {e}"))?;
    let (schema, table) = match carried(text, &schema, &mut said.notes) {
        Some(design) => {
            said.held_against(&design);
            (design.clone(), Some(design.table.name))
        }
        None => (schema, None),
    };
    Ok(Read {
        schema,
        table,
        notes: said.notes,
        left_out: said.left_out,
    })
}

/// What the schema says of itself: its format, and what it holds that keylab does not read.
fn head_notes(doc: &Js, said: &mut Said) {
    match doc.get("format").and_then(Js::as_str) {
        Some(f) if f.starts_with("onetable:1.") => said.note(format!("a OneTable schema, format {f}")),
        Some(f) => said.note(format!(
            "format {f:?} is not onetable:1.x, which keylab knows; read as onetable:1.1.0"
        )),
        None => said.note("the schema has no `format`; read as onetable:1.1.0"),
    }
    let others: Vec<&str> = (doc.entries().iter())
        .map(|(k, _)| k.as_str())
        .filter(|k| !QUIET.contains(k) && *k != "models" && *k != "indexes")
        .collect();
    if !others.is_empty() {
        said.note(format!(
            "left out: {} (keylab reads indexes and models)",
            others.join(", ")
        ));
    }
}

/// The table's keys, and each index's attributes; a local index is left out.
fn indexes(doc: &Js, said: &mut Said) -> Result<(Keys, Vec<IndexKeys>), String> {
    let mut keys = Keys::default();
    let indexes = doc
        .get("indexes")
        .ok_or("there are no `indexes`: OneTable needs at least `primary`")?;
    let mut attributes = Vec::new();
    for (name, index) in indexes.entries() {
        let at = format!("indexes.{name}");
        let text = |key: &str| index.get(key).and_then(Js::as_str).map(str::to_string);
        let hash = text("hash").ok_or(format!("{at}: there is no `hash` attribute"))?;
        if index.get("type").and_then(Js::as_str) == Some("local") {
            said.leave_out(Omission {
                part: Part::Index { name: name.clone() },
                reason: "it is a local index, and keylab designs the table's keys and its GSIs".into(),
            });
            continue;
        }
        let gsi = (name != "primary").then(|| name.clone());
        keys.add(gsi.as_deref(), KeySchema::single(&hash, text("sort")), &at)?;
        attributes.push((gsi, hash, text("sort")));
    }
    if !attributes.iter().any(|a| a.0.is_none()) {
        return Err("there is no `primary` index: OneTable names the table's own keys `primary`".into());
    }
    Ok((keys, attributes))
}

/// The separator the templates use most among the usual ones; `#` when none stands out.
fn separator_of(models: &Js) -> String {
    let templates: String = (models.entries().iter())
        .flat_map(|(_, fields)| fields.entries().iter())
        .filter_map(|(_, f)| f.get("value").and_then(Js::as_str))
        .collect();
    let count = |s: &str| templates.matches(s).count();
    (["#", ":", "|", "/"].into_iter())
        .max_by_key(|s| (count(s), *s == "#"))
        .filter(|s| count(s) > 0)
        .unwrap_or("#")
        .to_string()
}

struct Model<'a> {
    name: &'a str,
    fields: &'a Js,
    type_field: &'a str,
    iso_dates: bool,
    separator: &'a str,
    found: Fields,
    notes: Vec<String>,
}

impl Model<'_> {
    /// The model as an entity: `None` when its table keys cannot be written, said; an
    /// index whose keys cannot all be written is left out of it whole, said.
    fn entity(mut self, indexes: &[IndexKeys], keys: &mut Keys, said: &mut Said) -> Option<Entity> {
        let mut templates = Vec::new();
        let mut left_out = Vec::new();
        for (gsi, hash, sort) in indexes {
            let attributes: Vec<String> = std::iter::once(hash).chain(sort).cloned().collect();
            let (found, notes) = (self.found.clone(), self.notes.len());
            let read: Vec<Option<Result<(KeyTemplate, AttrType), String>>> =
                attributes.iter().map(|a| self.key(a)).collect();
            // A model with none of a GSI's attributes is not in it: nothing is left out.
            if gsi.is_some() && read.iter().all(Option::is_none) {
                continue;
            }
            let why: Vec<String> = (attributes.iter().zip(&read))
                .filter_map(|(a, r)| match r {
                    None => Some(format!("the model has no {a}")),
                    Some(Err(why)) => Some(format!("{a}: {why}")),
                    Some(Ok(_)) => None,
                })
                .collect();
            if why.is_empty() {
                templates.extend(read.into_iter().flatten().flatten());
                continue;
            }
            self.found = found;
            self.notes.truncate(notes);
            let part = match gsi {
                None => {
                    said.leave_out(Omission {
                        part: Part::Entity {
                            kind: KIND,
                            name: self.name.to_string(),
                        },
                        reason: format!(
                            "keylab cannot write its table keys as OneTable does: {}",
                            why.join("; ")
                        ),
                    });
                    return None;
                }
                Some(index) => Part::EntityIndex {
                    kind: KIND,
                    entity: self.name.to_string(),
                    index: index.clone(),
                    keys: attributes,
                    pattern: None,
                },
            };
            left_out.push(Omission {
                part,
                reason: why.join("; "),
            });
        }
        for (t, ty) in &templates {
            keys.typed(&t.attribute, *ty);
        }
        self.said_in_no_key(indexes);
        said.notes
            .extend(self.notes.iter().map(|n| format!("model {}: {n}", self.name)));
        for o in left_out {
            said.leave_out(o);
        }
        Some(Entity {
            name: self.name.to_string(),
            fields: self.found.0,
            keys: templates.into_iter().map(|(t, _)| t).collect(),
            traffic: Default::default(),
        })
    }

    /// Notes the model's fields that no key the design writes reads.
    fn said_in_no_key(&mut self, indexes: &[IndexKeys]) {
        let keyed: Vec<&str> = indexes
            .iter()
            .flat_map(|(_, h, s)| std::iter::once(h).chain(s))
            .map(String::as_str)
            .collect();
        let left: Vec<&str> = (self.fields.entries().iter())
            .map(|(f, _)| f.as_str())
            .filter(|f| !keyed.contains(f) && !self.found.0.iter().any(|x| x.name == *f))
            .take(20)
            .collect();
        if !left.is_empty() {
            self.notes.push(format!(
                "left out: {} (in no key the design writes; keylab designs the keys)",
                left.join(", ")
            ));
        }
    }

    /// The template of key attribute `attribute` and the attribute's type; `None` when
    /// the model has no such field, why when keylab cannot write it as OneTable does.
    fn key(&mut self, attribute: &str) -> Option<Result<(KeyTemplate, AttrType), String>> {
        let field = (self.fields.entries().iter()).find(|(name, f)| {
            f.get("map")
                .and_then(Js::as_str)
                .map_or(name == attribute, |m| m == attribute)
        });
        let (name, field) = field?;
        let result = match field.get("value") {
            Some(Js::Str(template)) => self.template(attribute, template).map(|s| (s, AttrType::S)),
            Some(Js::Bool(true)) => self.computed(attribute).map(|s| (s, AttrType::S)),
            Some(other) => Err(format!("its value is {}, which keylab does not run", other.describe())),
            // The key holds the field as it is: the app writes it.
            None => self.itself(name, field, attribute),
        };
        Some(result.map(|(segments, t)| {
            let template = KeyTemplate {
                attribute: attribute.to_string(),
                segments,
            };
            self.notes
                .push(format!("{attribute} = {}", template.pattern(self.separator)));
            (template, t)
        }))
    }

    fn template(&mut self, attribute: &str, template: &str) -> Result<Vec<Segment>, String> {
        let mut pieces = Vec::new();
        let mut rest = template;
        while let Some(open) = rest.find("${") {
            let close = rest[open..]
                .find('}')
                .ok_or(format!("its value {template:?} has a `${{` never closed"))?;
            pieces.push(Piece::Text(rest[..open].to_string()));
            let inner = &rest[open + 2..open + close];
            let mut parts = inner.split(':');
            let name = parts.next().unwrap_or_default();
            let len = parts.next();
            let pad = parts.next().unwrap_or("0");
            if name == self.type_field {
                if len.is_some() {
                    return Err(format!("${{{inner}}} pads the model's name, which keylab does not"));
                }
                pieces.push(Piece::Text(self.name.to_string()));
            } else {
                let kind = self.kind(name, len, pad)?;
                self.found.add(name, kind, attribute)?;
                pieces.push(Piece::Value(name.to_string()));
            }
            rest = &rest[open + close + 1..];
        }
        pieces.push(Piece::Text(rest.to_string()));
        segments(&pieces, self.separator)
    }

    /// A key the Table's `value` function writes: a text field that stands for it, which
    /// the design a keylab-written file carries replaces.
    fn computed(&mut self, attribute: &str) -> Result<Vec<Segment>, String> {
        let name = format!("{WATCH_PREFIX}{attribute}");
        self.notes.push(format!(
            "{attribute} is `value: true`: the Table's value function writes it, which keylab does not run; keylab holds it as the text field {name}"
        ));
        let text = FieldKind::Text {
            case: Case::Preserve,
            max_length: None,
        };
        self.found.add(&name, text, attribute)?;
        Ok(vec![Segment::field(name)])
    }

    /// A key that is a field as it is: a Number attribute holds a number, else text.
    fn itself(&mut self, name: &str, field: &Js, attribute: &str) -> Result<(Vec<Segment>, AttrType), String> {
        let (kind, t) = match type_of(field).as_deref() {
            Some("number") => (
                FieldKind::Decimal {
                    width: 16,
                    scale: 6,
                    signed: true,
                    order: Order::Asc,
                },
                AttrType::N,
            ),
            _ => (self.kind(name, None, "0")?, AttrType::S),
        };
        self.found.add(name, kind, attribute)?;
        Ok((vec![Segment::field(name)], t))
    }

    /// The kind that writes field `name` as `${name:len:pad}` does.
    fn kind(&mut self, name: &str, len: Option<&str>, pad: &str) -> Result<FieldKind, String> {
        let field = self.fields.get(name).ok_or(format!(
            "its template names {name:?}, which is not a field of the model"
        ))?;
        let text = FieldKind::Text {
            case: Case::Preserve,
            max_length: None,
        };
        let width = match len {
            None => None,
            Some(l) => Some(
                l.parse::<u32>()
                    .ok()
                    .filter(|w| (1..=38).contains(w))
                    .ok_or(format!("${{{name}:{l}}} pads to {l:?}, not a width from 1 to 38"))?,
            ),
        };
        Ok(match (type_of(field).as_deref(), width) {
            (Some("number"), Some(width)) if pad == "0" => FieldKind::Uint {
                width,
                order: Order::Asc,
            },
            (_, Some(_)) => {
                return Err(format!(
                    "{name} is padded with {pad:?} but is not a number padded with 0, which keylab's uint writes"
                ))
            }
            (Some("number"), None) => {
                say(&mut self.notes, format!("{name} is a number written without padding: its digits sort as text (10 before 9); keylab holds it as text. Write ${{{name}:10}} to sort by value"));
                text
            }
            (Some("date"), None) if self.iso_dates || field.get("isoDates") == Some(&Js::Bool(true)) => {
                FieldKind::Timestamp {
                    unit: TimeUnit::Iso(IsoFormat::default()),
                    order: Order::Asc,
                }
            }
            (Some("date"), None) => {
                say(&mut self.notes, format!("{name} is a Date without isoDates: OneTable writes its epoch milliseconds unpadded; keylab writes 13 digits, the same for every date from 2001-09-09 on"));
                FieldKind::Timestamp {
                    unit: TimeUnit::Millis { width: 13 },
                    order: Order::Asc,
                }
            }
            (Some("string" | "boolean"), None) => text,
            (other, None) => {
                return Err(format!(
                    "{name} is of type {}, which cannot be a key's part",
                    other.unwrap_or("(none)")
                ))
            }
        })
    }
}

/// A field's `type`, written as the constructor (`String`) or its name (`'string'`).
fn type_of(field: &Js) -> Option<String> {
    match field.get("type")? {
        Js::Str(s) | Js::Code(s) => Some(s.to_lowercase()),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
