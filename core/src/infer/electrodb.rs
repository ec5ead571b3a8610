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
//! fields with nothing between them) leaves the index that key belongs to out of that
//! entity, whole, and a note says why: an index is read in full before any of it is kept,
//! so the design never holds part of an index, nor an index the notes say is left out.
//! An entity whose table keys cannot be written is left out the same way.

use super::declared::{carried, checked, differ, Fields, Keys};
use super::left_out::{ordinal, Omission, Part, Said};
use crate::js_literal::{self, Js};
use crate::schema::{AttrType, Entity, KeySchema, KeyTemplate, Schema, Segment};

mod key;

/// keylab's separator for the design: ElectroDB joins its own parts with `#`.
const SEPARATOR: &str = "#";

/// What the notes call an ElectroDB entity.
const KIND: &str = "entity";

/// The design the entities describe, their table's name when the file states it, what
/// was read, applied and left out, in words, and each part left out.
#[derive(Clone, Debug)]
pub struct Read {
    pub schema: Schema,
    pub table: Option<String>,
    pub notes: Vec<String>,
    pub left_out: Vec<Omission>,
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
    let mut said = Said::default();
    let mut table_name = None;
    let mut keys = Keys::default();
    let mut entities = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for (n, (definition, config)) in found.iter().enumerate() {
        let at = format!("entity {}", n + 1);
        let named = table_of(text, config.as_ref(), &at, &mut said);
        table_name = table_name.or(named);
        // A second entity of a name is left out, whether the first is kept or not: one
        // name is one entity of the design.
        let name = (definition.get("model").and_then(|m| m.get("entity"))).and_then(|e| match e {
            Js::Str(s) | Js::Number(s) => Some(s.clone()),
            _ => None,
        });
        if let Some(first) = name.as_ref().and_then(|name| names.iter().position(|n| n == name)) {
            said.leave_out(Omission {
                part: Part::Repeated {
                    kind: KIND,
                    name: names[first].clone(),
                    place: format!("the {} in the file", ordinal(n + 1)),
                },
                reason: format!(
                    "the {} entity in the file has that name already: give each its own model.entity",
                    ordinal(first + 1)
                ),
            });
            continue;
        }
        names.push(name.unwrap_or_default());
        if let Some(entity) = entity(definition, &at, &mut keys, &mut said)? {
            entities.push(entity);
        }
    }
    if entities.is_empty() {
        return Err(format!("no entity could be read: {}", said.notes.join("; ")));
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
    let schema = checked(schema, KIND, true, &mut said)?;
    // What the reader of the document makes of it, so nothing here can drift from it.
    let schema = Schema::from_value(&schema.to_value()).map_err(|e| format!("the design read is not usable: {e}"))?;
    let schema = match carried(text, &schema, &mut said.notes) {
        Some(design) => {
            said.held_against(&design);
            design
        }
        None => schema,
    };
    Ok(Read {
        schema,
        table: table_name,
        notes: said.notes,
        left_out: said.left_out,
    })
}

pub use super::declared::{DESIGN_MARK, WATCH_PREFIX};

/// The table an entity's configuration names, when it is a text or a constant's.
fn table_of(text: &str, config: Option<&Js>, at: &str, said: &mut Said) -> Option<String> {
    let name = config?.get("table")?;
    let found = (name.as_str().map(str::to_string)).or_else(|| js_literal::constant(text, name));
    if found.is_none() {
        said.note(format!(
            "{at}: its table is {}, which keylab does not run",
            name.describe()
        ));
    }
    found
}

/// One `new Entity(...)`: `None` when its table keys cannot be written, said in notes.
fn entity(definition: &Js, at: &str, keys: &mut Keys, said: &mut Said) -> Result<Option<Entity>, String> {
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
        service: &service,
        version: &version,
        attributes,
        fields: Fields::default(),
        templates: Vec::new(),
        notes: Vec::new(),
        left_out: Vec::new(),
        pending: Vec::new(),
    };
    if let Err(why) = e.indexes(indexes, &at, keys)? {
        // Its other notes describe keys of a design it is not in: the reason is what is said.
        said.leave_out(Omission {
            part: Part::Entity { kind: KIND, name },
            reason: why,
        });
        return Ok(None);
    }
    e.kept(keys, &at, said)?;
    Ok(Some(Entity {
        name: name.clone(),
        fields: e.fields.0,
        keys: e.templates,
        traffic: Default::default(),
    }))
}

/// Why a key names an attribute twice (a composite index's member in both keys, one
/// field for both keys), which DynamoDB refuses.
fn twice(keys: &KeySchema) -> Option<String> {
    let all: Vec<&str> = keys.partition_attributes().chain(keys.sort_attributes()).collect();
    let at = (1..all.len()).find(|&i| all[..i].contains(&all[i]))?;
    Some(format!(
        "it names {} twice among its key attributes, and a DynamoDB key names each once",
        all[at]
    ))
}

/// An entity's keys as they are read, index by index.
struct EntityKeys<'a> {
    name: &'a str,
    service: &'a str,
    version: &'a str,
    attributes: &'a Js,
    fields: Fields,
    templates: Vec<KeyTemplate>,
    notes: Vec<String>,
    left_out: Vec<Omission>,
    /// The table keys of each index kept, added to the table's once the entity is kept.
    pending: Vec<IndexRead>,
}

/// One index of one entity as read: the GSI it is (`None`: the table's own keys), its
/// key attributes and their types, and a template per key attribute.
struct IndexRead {
    gsi: Option<String>,
    keys: KeySchema,
    types: Vec<(String, AttrType)>,
    templates: Vec<KeyTemplate>,
    /// Why a key of it cannot be written, one reason per key: empty when it can.
    why: Vec<String>,
}

impl IndexRead {
    fn new(gsi: Option<&str>, keys: KeySchema) -> IndexRead {
        IndexRead {
            gsi: gsi.map(str::to_string),
            keys,
            types: Vec::new(),
            templates: Vec::new(),
            why: Vec::new(),
        }
    }

    /// Keeps a key's template, or the reason it cannot be written, after `label`.
    fn key(&mut self, read: Result<KeyTemplate, String>, label: Option<&str>) {
        match (read, label) {
            (Ok(t), _) => self.templates.push(t),
            (Err(why), Some(l)) => self.why.push(format!("{l}: {why}")),
            (Err(why), None) => self.why.push(why),
        }
    }

    fn attributes(&self) -> Vec<String> {
        (self.keys.partition_attributes().chain(self.keys.sort_attributes()))
            .map(str::to_string)
            .collect()
    }
}

impl EntityKeys<'_> {
    /// Each index of the entity, each kept or left out whole; why the entity is left
    /// out (its table keys cannot be written, ElectroDB refuses it) as an `Ok(Err)`.
    fn indexes(&mut self, indexes: &Js, at: &str, keys: &Keys) -> Result<Result<(), String>, String> {
        let mut primary = Err("it has no index without an `index` name (the table's own keys)".to_string());
        let mut seen: Vec<(&String, Option<String>)> = Vec::new();
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
            if let Some((first, _)) = seen.iter().find(|(_, g)| *g == gsi) {
                let on = gsi.map_or("the table's keys".to_string(), |g| format!("index {g}"));
                return Ok(Err(format!(
                    "ElectroDB refuses it: access patterns {first} and {pattern} are both on {on}"
                )));
            }
            seen.push((pattern, gsi.clone()));
            let outcome = self.index(index, gsi.as_deref(), &place, keys)?;
            match (gsi, outcome) {
                (None, outcome) => primary = outcome.map_err(|(_, why)| why),
                (Some(_), Ok(())) => {}
                (Some(index), Err((attributes, why))) => self.left_out.push(Omission {
                    part: Part::EntityIndex {
                        kind: KIND,
                        entity: self.name.to_string(),
                        index,
                        keys: attributes,
                        pattern: Some(pattern.clone()),
                    },
                    reason: why,
                }),
            }
        }
        Ok(primary.map_err(|why| format!("keylab cannot write its table keys as ElectroDB does: {why}")))
    }

    /// One index, read whole before any of it is kept: its key attributes and why it
    /// is left out when a key of it cannot be written, the fields and notes it read
    /// undone then. `Err` when the file is malformed.
    fn index(
        &mut self,
        index: &Js,
        gsi: Option<&str>,
        place: &str,
        keys: &Keys,
    ) -> Result<Result<(), (Vec<String>, String)>, String> {
        let (fields, notes) = (self.fields.clone(), self.notes.len());
        let mut read = match index.get("type").and_then(Js::as_str) {
            Some("composite") => self.composite(index, gsi, place)?,
            _ => self.keyed(index, gsi, place)?,
        };
        if read.why.is_empty() {
            read.why.extend(twice(&read.keys).or_else(|| self.clash(&read, keys)));
        }
        if read.why.is_empty() {
            self.templates.append(&mut read.templates);
            self.pending.push(read);
            return Ok(Ok(()));
        }
        self.fields = fields;
        self.notes.truncate(notes);
        Ok(Err((read.attributes(), read.why.join("; "))))
    }

    /// Why an index read whole cannot join the table: other entities (or another index
    /// of this one) give it other key attributes, or another index writes its keys.
    fn clash(&self, read: &IndexRead, keys: &Keys) -> Option<String> {
        let gsi = read.gsi.as_deref();
        let mine = (self.pending.iter()).find(|p| p.gsi.as_deref() == gsi && p.keys != read.keys);
        if let Some(p) = mine {
            return Some(differ(gsi, &read.keys, &p.keys));
        }
        if let Err(why) = keys.agrees(gsi, &read.keys) {
            return Some(why);
        }
        (read.templates.iter())
            .find(|t| self.templates.iter().any(|k| k.attribute == t.attribute))
            .map(|t| format!("{} is written by another of its indexes already", t.attribute))
    }

    /// The entity is kept: its indexes join the table's, and its notes are said.
    fn kept(&mut self, keys: &mut Keys, at: &str, said: &mut Said) -> Result<(), String> {
        for p in self.pending.drain(..) {
            keys.add(p.gsi.as_deref(), p.keys, at)?;
            for (attribute, t) in p.types {
                keys.typed(&attribute, t);
            }
        }
        let mut left: Vec<&str> = (self.attributes.entries().iter())
            .map(|(a, _)| a.as_str())
            .filter(|a| !self.fields.0.iter().any(|f| f.name == *a))
            .collect();
        left.truncate(20);
        if !left.is_empty() {
            self.notes.push(format!(
                "left out: {} (in no key the design writes; keylab designs the keys)",
                left.join(", ")
            ));
        }
        said.notes.extend(self.notes.iter().map(|n| format!("{at}: {n}")));
        for o in self.left_out.drain(..) {
            said.leave_out(o);
        }
        Ok(())
    }

    /// An isolated or clustered index: its keys are written texts.
    fn keyed(&mut self, index: &Js, gsi: Option<&str>, place: &str) -> Result<IndexRead, String> {
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
        let (pk_prefix, sk_prefix, postfix) = self.prefixes(index, sk.is_some(), place)?;
        let mut read = IndexRead::new(gsi, KeySchema::single(&pk_field, sk_field.clone()));
        read.types.push((pk_field.clone(), AttrType::S));
        let pk_read = self.key(pk, &pk_field, &pk_prefix, "", place, "pk")?;
        read.key(pk_read, Some(&pk_field));
        if let (Some(sk), Some(field)) = (sk, &sk_field) {
            read.types.push((field.clone(), AttrType::S));
            let sk_read = self.key(sk, field, &sk_prefix, &postfix, place, "sk")?;
            read.key(sk_read, Some(field));
        }
        Ok(read)
    }

    /// What ElectroDB writes before a keyed index's partition key, before its sort key,
    /// and after its sort key's values (entity.js, _makeIndexKeys' setup).
    fn prefixes(&self, index: &Js, has_sort: bool, place: &str) -> Result<(String, String, String), String> {
        let clustered = index.get("type").and_then(Js::as_str) == Some("clustered");
        let collection = match index.get("collection") {
            None => String::new(),
            Some(Js::Str(c)) => format!("${c}"),
            Some(Js::Array(c)) => (c.iter().filter_map(Js::as_str).enumerate())
                .map(|(i, c)| if i == 0 { format!("${c}") } else { format!("#{c}") })
                .collect(),
            Some(other) => return Err(format!("{place}: `collection` is {}", other.describe())),
        };
        let entity_part = match collection.is_empty() {
            true => format!("${}_{}", self.name, self.version),
            false => format!("#{}_{}", self.name, self.version),
        };
        let (mut sk_prefix, mut postfix) = match clustered {
            true => (collection.clone(), entity_part),
            false => (format!("{collection}{entity_part}"), String::new()),
        };
        let mut pk_prefix = format!("${}", self.service);
        if !has_sort {
            pk_prefix += &sk_prefix;
            pk_prefix += &postfix;
            sk_prefix.clear();
            postfix.clear();
        }
        if let Some(scope) = index.get("scope").and_then(Js::as_str) {
            pk_prefix += &format!("_{scope}");
        }
        Ok((pk_prefix, sk_prefix, postfix))
    }

    /// A `composite` index: each of its attributes holds one value as itself, a
    /// multi-attribute GSI key.
    fn composite(&mut self, index: &Js, gsi: Option<&str>, place: &str) -> Result<IndexRead, String> {
        let Some(name) = gsi else {
            return Err(format!(
                "{place}: a composite index needs an `index` name (the table's own keys cannot be one)"
            ));
        };
        let partition = self.stored(index.get("pk"), place)?;
        let sort = self.stored(index.get("sk"), place)?;
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
        let mut read = IndexRead::new(Some(name), schema);
        for (field, attribute) in partition.iter().chain(&sort) {
            let number = self.attribute(field, place)?.get("type").and_then(Js::as_str) == Some("number");
            read.types
                .push((attribute.clone(), if number { AttrType::N } else { AttrType::S }));
            let template = self.field(field, None, attribute, place).map(|()| KeyTemplate {
                attribute: attribute.clone(),
                segments: vec![Segment::field(field.clone())],
            });
            read.key(template, None);
        }
        Ok(read)
    }

    /// A composite index key's attributes: each one's name and the attribute it is
    /// stored in (its `field`, else its name).
    fn stored(&self, key: Option<&Js>, place: &str) -> Result<Vec<(String, String)>, String> {
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
    }
}

#[cfg(test)]
mod tests;
