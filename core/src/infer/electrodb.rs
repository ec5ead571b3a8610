//! A design read out of ElectroDB entities: the objects a TypeScript or JavaScript file
//! passes to `new Entity(...)` (electrodb 3.x), with ElectroDB's own defaults applied
//! byte for byte, so the keys keylab writes are the keys ElectroDB's `put` writes:
//! - every key is lower case unless its `casing` says otherwise, literals included;
//! - without a `template`, a partition key is `$service#attr_value…` and a sort key
//!   `$entity_version#attr_value…` (a label glued to its value: a field's `prefix`),
//!   with a `collection` before the entity, or after the values for a `clustered` index;
//! - a number is written as its digits, padded only when the attribute has `padding`.
//!
//! What keylab cannot write the same way (a padded string, a key stored as a Number, two
//! fields with nothing between them) leaves that key out, and a note says why.

use super::declared::{say, segments, template_pieces, Fields, Keys, Piece};
use crate::js_literal::{self, Js};
use crate::schema::{AttrType, Case, Entity, FieldKind, KeySchema, KeyTemplate, Order, Schema, Segment};

/// keylab's separator for the design: ElectroDB joins its own parts with `#`.
const SEPARATOR: &str = "#";

/// Digits before and after the point of a Number an attribute holds as itself: a
/// JavaScript number has about 16 significant digits.
const ITSELF: (u32, u32) = (16, 6);

/// The design the entities describe, their table's name when the file states it, and
/// what was read, applied and left out, in words.
#[derive(Clone, Debug)]
pub struct Read {
    pub schema: Schema,
    pub table: Option<String>,
    pub notes: Vec<String>,
}

pub fn read(text: &str, table: &str) -> Result<Read, String> {
    let mut found = js_literal::constructed(text, "Entity")?;
    if found.is_empty() {
        match js_literal::object_holding(text, "indexes")? {
            Some(entity) => found.push((entity, None)),
            None => {
                return Err("it holds no `new Entity({...})` and no object with `model`, `attributes` and `indexes`: paste the object ElectroDB's Entity is given".into())
            }
        }
    }
    let mut notes = Vec::new();
    let mut table_name = None;
    let mut keys = Keys::default();
    let mut entities = Vec::new();
    for (n, (definition, config)) in found.iter().enumerate() {
        let at = format!("entity {}", n + 1);
        if let Some(name) = config.as_ref().and_then(|c| c.get("table")) {
            match name
                .as_str()
                .map(str::to_string)
                .or_else(|| js_literal::constant(text, name))
            {
                Some(t) => table_name = table_name.or(Some(t)),
                None => notes.push(format!(
                    "{at}: its table is {}, which keylab does not run",
                    name.describe()
                )),
            }
        }
        if let Some(entity) = entity(definition, &at, &mut keys, &mut notes)? {
            entities.push(entity);
        }
    }
    if entities.is_empty() {
        return Err(format!("no entity could be read: {}", notes.join("; ")));
    }
    let name = table_name.clone().unwrap_or_else(|| table.to_string());
    let schema = Schema {
        separator: SEPARATOR.into(),
        table: keys.table(
            &name,
            "no entity has an index without an `index` name (the table's own keys)",
        )?,
        entities,
    };
    // What the reader of the document makes of it, so nothing here can drift from it.
    let schema = Schema::from_value(&schema.to_value()).map_err(|e| format!("the design read is not usable: {e}"))?;
    let schema = super::declared::carried(text, &schema, &mut notes).unwrap_or(schema);
    Ok(Read {
        schema,
        table: table_name,
        notes,
    })
}

pub use super::declared::{DESIGN_MARK, WATCH_PREFIX};

/// One `new Entity(...)`: `None` when its base table keys cannot be written, said in notes.
fn entity(definition: &Js, at: &str, keys: &mut Keys, notes: &mut Vec<String>) -> Result<Option<Entity>, String> {
    let model = (definition.get("model")).ok_or(format!(
        "{at}: there is no `model` (ElectroDB's beta format, with `service` and `entity` at the top, is not read: move them into `model`)"
    ))?;
    let text = |js: Option<&Js>, what: &str| -> Result<String, String> {
        match js {
            Some(Js::Str(s)) if !s.is_empty() => Ok(s.clone()),
            Some(Js::Number(n)) => Ok(n.clone()),
            Some(other) => Err(format!(
                "{at}: model.{what} is {}; write it as a text",
                other.describe()
            )),
            None => Err(format!("{at}: model.{what} is missing")),
        }
    };
    let name = text(model.get("entity"), "entity")?;
    let at = format!("entity {name}");
    let service = text(model.get("service"), "service")?;
    let version = match model.get("version") {
        None => "1".to_string(),
        v => text(v, "version")?,
    };
    let attributes = (definition.get("attributes")).ok_or(format!("{at}: there are no `attributes`"))?;
    let indexes = (definition.get("indexes")).ok_or(format!("{at}: there are no `indexes`"))?;
    let mut e = EntityKeys {
        name: &name,
        attributes,
        fields: Fields::default(),
        templates: Vec::new(),
        notes: Vec::new(),
    };
    let mut primary_written = false;
    for (pattern, index) in indexes.entries() {
        let place = format!("{at}, index {pattern}");
        let gsi = match index.get("index") {
            None | Some(Js::Null) => None,
            Some(Js::Str(s)) => Some(s.clone()),
            Some(other) => {
                return Err(format!(
                    "{place}: `index` is {}; write the GSI's name",
                    other.describe()
                ))
            }
        };
        let written = match index.get("type").and_then(Js::as_str) {
            Some("composite") => e.composite(index, gsi.as_deref(), &place, keys)?,
            _ => e.keyed(index, gsi.as_deref(), &service, &version, &place, keys)?,
        };
        primary_written |= gsi.is_none() && written;
    }
    let mut left_out: Vec<&str> = (attributes.entries().iter())
        .map(|(a, _)| a.as_str())
        .filter(|a| !e.fields.0.iter().any(|f| f.name == *a))
        .collect();
    left_out.truncate(20);
    if !left_out.is_empty() {
        e.notes.push(format!(
            "left out: {} (in no key; keylab designs the keys)",
            left_out.join(", ")
        ));
    }
    notes.extend(e.notes.iter().map(|n| format!("{at}: {n}")));
    if !primary_written {
        notes.push(format!(
            "{at} is left out: keylab cannot write its table keys as ElectroDB does"
        ));
        return Ok(None);
    }
    Ok(Some(Entity {
        name: name.clone(),
        fields: e.fields.0,
        keys: e.templates,
        traffic: Default::default(),
    }))
}

struct EntityKeys<'a> {
    name: &'a str,
    attributes: &'a Js,
    fields: Fields,
    templates: Vec<KeyTemplate>,
    notes: Vec<String>,
}

impl<'a> EntityKeys<'a> {
    /// An isolated or clustered index: its keys are written texts. `false` when a key is
    /// left out.
    fn keyed(
        &mut self,
        index: &Js,
        gsi: Option<&str>,
        service: &str,
        version: &str,
        place: &str,
        keys: &mut Keys,
    ) -> Result<bool, String> {
        let pk = index.get("pk").ok_or(format!("{place}: there is no `pk`"))?;
        let sk = index.get("sk");
        let field_of = |key: &Js, which: &str| match key.get("field").and_then(Js::as_str) {
            Some(f) if !f.is_empty() => Ok(f.to_string()),
            _ => Err(format!(
                "{place}: {which}.field is missing: name the attribute the key is stored in"
            )),
        };
        let pk_field = field_of(pk, "pk")?;
        let sk_field = sk.map(|s| field_of(s, "sk")).transpose()?;
        keys.add(gsi, KeySchema::single(&pk_field, sk_field.clone()), place)?;
        keys.typed(&pk_field, AttrType::S);
        if let Some(s) = &sk_field {
            keys.typed(s, AttrType::S);
        }
        let clustered = index.get("type").and_then(Js::as_str) == Some("clustered");
        let collection = match index.get("collection") {
            None => String::new(),
            Some(Js::Str(c)) => format!("${c}"),
            Some(Js::Array(c)) => (c.iter().filter_map(Js::as_str).enumerate())
                .map(|(i, c)| if i == 0 { format!("${c}") } else { format!("#{c}") })
                .collect(),
            Some(other) => return Err(format!("{place}: `collection` is {}", other.describe())),
        };
        // ElectroDB's prefixes (entity.js, _makeIndexKeys' setup).
        let entity_part = match collection.is_empty() {
            true => format!("${}_{version}", self.name),
            false => format!("#{}_{version}", self.name),
        };
        let (mut sk_prefix, postfix) = match clustered {
            true => (collection.clone(), entity_part),
            false => (format!("{collection}{entity_part}"), String::new()),
        };
        let mut pk_prefix = format!("${service}");
        if sk.is_none() {
            pk_prefix += &sk_prefix;
            pk_prefix += &postfix;
            sk_prefix.clear();
        }
        if let Some(scope) = index.get("scope").and_then(Js::as_str) {
            pk_prefix += &format!("_{scope}");
        }
        let mut all = true;
        all &= self.key(pk, &pk_field, &pk_prefix, "", place, "pk")?;
        if let (Some(sk), Some(field)) = (sk, &sk_field) {
            all &= self.key(sk, field, &sk_prefix, &postfix, place, "sk")?;
        }
        Ok(all)
    }

    /// One key's template; `false` (and a note) when keylab cannot write it.
    fn key(
        &mut self,
        key: &Js,
        attribute: &str,
        prefix: &str,
        postfix: &str,
        place: &str,
        which: &str,
    ) -> Result<bool, String> {
        let casing = match key.get("casing").and_then(Js::as_str) {
            None | Some("default" | "lower") => Some(Case::Lower),
            Some("upper") => Some(Case::Upper),
            Some("none") => None,
            Some(other) => {
                return Err(format!(
                    "{place}: {which}.casing {other:?} is not one of lower, upper, none, default"
                ))
            }
        };
        let composite: Vec<String> = match key.get("composite") {
            None => Vec::new(),
            Some(Js::Array(c)) => c
                .iter()
                .map(|a| {
                    a.as_str()
                        .map(str::to_string)
                        .ok_or(format!("{place}: {which}.composite holds {}", a.describe()))
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(format!(
                    "{place}: {which}.composite is {}; write a list of attribute names",
                    other.describe()
                ))
            }
        };
        if key.get("cast").and_then(Js::as_str) == Some("number") {
            self.notes.push(format!("{attribute} is left out: its `cast: \"number\"` stores a Number key, which keylab writes only for one plain field"));
            return Ok(false);
        }
        let mut pieces = vec![Piece::Text(prefix.to_string())];
        match key.get("template") {
            Some(Js::Str(template)) => {
                pieces = template_pieces(template);
                let named: Vec<&String> = pieces
                    .iter()
                    .filter_map(|p| match p {
                        Piece::Value(v) => Some(v),
                        _ => None,
                    })
                    .collect();
                if !composite.is_empty()
                    && named
                        .iter()
                        .map(|s| s.as_str())
                        .ne(composite.iter().map(String::as_str))
                {
                    return Err(format!("{place}: {which}.template names {named:?}, where its composite is {composite:?}: ElectroDB refuses that"));
                }
            }
            Some(other) => return Err(format!("{place}: {which}.template is {}", other.describe())),
            None => {
                for name in &composite {
                    let label = (self.attribute(name, place)?.get("label").and_then(Js::as_str)).unwrap_or(name);
                    pieces.push(Piece::Text(format!("#{label}_")));
                    pieces.push(Piece::Value(name.clone()));
                }
                pieces.push(Piece::Text(postfix.to_string()));
            }
        }
        let cased = |s: &str| match casing {
            Some(Case::Lower) => s.to_lowercase(),
            Some(Case::Upper) => s.to_uppercase(),
            _ => s.to_string(),
        };
        let pieces: Vec<Piece> = (pieces.into_iter())
            .map(|p| match p {
                Piece::Text(t) => Piece::Text(cased(&t)),
                v => v,
            })
            .collect();
        let segments = match segments(&pieces, SEPARATOR) {
            Ok(s) => s,
            Err(why) => {
                self.notes.push(format!("{attribute} is left out: {why}"));
                return Ok(false);
            }
        };
        for name in composite.iter().chain(segments.iter().filter_map(|s| match s {
            Segment::Field(f) => Some(&f.name),
            _ => None,
        })) {
            if let Err(why) = self.field(name, Some(casing.unwrap_or(Case::Preserve)), attribute, place) {
                self.notes.push(format!("{attribute} is left out: {why}"));
                return Ok(false);
            }
        }
        let template = KeyTemplate {
            attribute: attribute.to_string(),
            segments,
        };
        let how = match (key.get("template").is_some(), key.get("casing").and_then(Js::as_str)) {
            (false, None) => "ElectroDB's own format, lower case by its default",
            (false, Some(_)) => "ElectroDB's own format",
            (true, None) => "its template, lower case by ElectroDB's default",
            (true, Some(_)) => "its template",
        };
        self.notes
            .push(format!("{attribute} = {} ({how})", template.pattern(SEPARATOR)));
        self.templates.push(template);
        Ok(true)
    }

    /// A `composite` index: each of its attributes holds one value as itself, a
    /// multi-attribute GSI key.
    fn composite(&mut self, index: &Js, gsi: Option<&str>, place: &str, keys: &mut Keys) -> Result<bool, String> {
        let Some(name) = gsi else {
            return Err(format!(
                "{place}: a composite index needs an `index` name (the table's own keys cannot be one)"
            ));
        };
        let stored = |key: Option<&Js>| -> Result<Vec<(String, String)>, String> {
            let Some(Js::Array(names)) = key.and_then(|k| k.get("composite")) else {
                return Ok(Vec::new());
            };
            names
                .iter()
                .map(|n| {
                    let n = n
                        .as_str()
                        .ok_or(format!("{place}: its composite holds {}", n.describe()))?;
                    let a = self.attribute(n, place)?;
                    Ok((
                        n.to_string(),
                        a.get("field").and_then(Js::as_str).unwrap_or(n).to_string(),
                    ))
                })
                .collect()
        };
        let partition = stored(index.get("pk"))?;
        let sort = stored(index.get("sk"))?;
        if partition.is_empty() {
            return Err(format!("{place}: pk.composite is empty"));
        }
        let list = |v: &[(String, String)]| v.iter().map(|(_, s)| s.clone()).collect::<Vec<_>>();
        let (p, s) = (list(&partition), list(&sort));
        let schema = KeySchema {
            partition: p[0].clone(),
            sort: s.first().cloned(),
            partition_more: p[1..].to_vec(),
            sort_more: s.get(1..).unwrap_or_default().to_vec(),
        };
        keys.add(Some(name), schema, place)?;
        for (field, attribute) in partition.iter().chain(&sort) {
            let number = self.attribute(field, place)?.get("type").and_then(Js::as_str) == Some("number");
            keys.typed(attribute, if number { AttrType::N } else { AttrType::S });
            if let Err(why) = self.field(field, None, attribute, place) {
                self.notes.push(format!("index {name} is left out: {why}"));
                return Ok(false);
            }
            self.templates.push(KeyTemplate {
                attribute: attribute.clone(),
                segments: vec![Segment::field(field.clone())],
            });
        }
        Ok(true)
    }

    fn attribute(&self, name: &str, place: &str) -> Result<&'a Js, String> {
        let attributes: &'a Js = self.attributes;
        attributes.get(name).ok_or(format!(
            "{place}: its key names {name:?}, which is not one of the attributes"
        ))
    }

    /// The field for attribute `name` as a key written with `case` writes it (`None`:
    /// the attribute holds the value as itself); refused when ElectroDB writes it in a
    /// way keylab's kinds do not.
    fn field(&mut self, name: &str, case: Option<Case>, key: &str, place: &str) -> Result<(), String> {
        let a = self.attribute(name, place)?;
        let padding = a.get("padding");
        let number = a.get("type").and_then(Js::as_str) == Some("number");
        let itself = case.is_none();
        let case = case.unwrap_or(Case::Preserve);
        let kind = match (a.get("type"), padding) {
            (_, None) if number && itself => {
                self.said(format!("{name} is a Number: keylab holds it as a decimal of up to {} digits before the point and {} after; change it in the inspector", ITSELF.0, ITSELF.1));
                FieldKind::Decimal {
                    width: ITSELF.0,
                    scale: ITSELF.1,
                    signed: true,
                    order: Order::Asc,
                }
            }
            (Some(Js::Str(t)), Some(p)) if t == "number" => {
                let width = p.get("length").and_then(Js::as_u32).filter(|w| (1..=38).contains(w));
                match (width, p.get("char").and_then(Js::as_str)) {
                    (Some(width), Some("0")) => FieldKind::Uint {
                        width,
                        order: Order::Asc,
                    },
                    _ => {
                        return Err(format!(
                            "{name}'s padding is not {{length: 1 to 38, char: \"0\"}}, which keylab's uint writes"
                        ))
                    }
                }
            }
            (_, Some(_)) => return Err(format!("{name} is padded but not a number: keylab pads only numbers")),
            (Some(Js::Str(t)), None) if t == "number" => {
                self.said(format!("{name} is a number without `padding`: ElectroDB writes its digits as they are, which sort as text (10 before 9); keylab holds it as text. Give it padding: {{length: 10, char: \"0\"}} to sort by value"));
                FieldKind::Text { case, max_length: None }
            }
            (Some(Js::Str(t)), None) if t == "boolean" => {
                self.said(format!("{name} is a boolean: written as the text true or false"));
                FieldKind::Text { case, max_length: None }
            }
            (Some(Js::Str(t)), None) if t == "string" => FieldKind::Text { case, max_length: None },
            (Some(Js::Array(_)), None) => FieldKind::Text { case, max_length: None },
            (t, _) => {
                return Err(format!(
                    "{name} is of type {}, which cannot be a key's part",
                    t.map_or("(none)".into(), Js::describe)
                ))
            }
        };
        for hook in ["set", "get", "watch"] {
            if let Some(code) = a.get(hook) {
                self.said(format!(
                    "{name}'s `{hook}` ({}) is not run: keylab writes the value it is given",
                    code.describe()
                ));
            }
        }
        self.fields.add(name, kind, key)
    }

    fn said(&mut self, note: String) {
        say(&mut self.notes, note);
    }
}

#[cfg(test)]
mod tests;
