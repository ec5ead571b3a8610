//! Re-keying: what a change of design does to the keys a table already holds.
//!
//! A [`Rekeyer`] takes one item, either as the table stores it (DynamoDB JSON, as an
//! export gives it) or as a sample's values, and writes its keys under the old and the
//! new design. [`checks::Checks`] then gathers what the change means across items:
//! which keys change, which new table keys collide, which pairs of items in one item
//! collection swap order. The command line's `keylab migrate` and the page's *Compare
//! with a saved version* are both this module.

pub mod checks;
pub mod plan;
pub mod records;
pub mod rewrite;
pub mod stored;
#[cfg(test)]
mod tests;

use crate::codec::{KeyCodec, KeyValue, Number};
use crate::schema::{AttrType, Entity, KeySchema, Schema};
use crate::Values;
use serde_json::Value;
use std::cell::OnceCell;
use stored::{Attribute, StoredItem};

/// One item's keys under both designs.
#[derive(Clone, Debug, PartialEq)]
pub struct Rekeyed<'s> {
    /// Names borrow the designs: a million items need not copy "PK" a million times.
    pub entity: &'s str,
    /// Its key attributes as they are (an exported item's own, or the old design's).
    pub old: Vec<(&'s str, KeyValue)>,
    /// Every key attribute the new design writes for it.
    pub new: Vec<(&'s str, KeyValue)>,
    /// What [`Rekeyed::changed_attributes`] says, worked out once.
    changed: Vec<&'s str>,
}

impl<'s> Rekeyed<'s> {
    fn key<'k>(keys: &'k [(&'s str, KeyValue)], attribute: &str) -> Option<&'k KeyValue> {
        keys.iter().find(|(a, _)| *a == attribute).map(|(_, k)| k)
    }

    pub fn old_key(&self, attribute: &str) -> Option<&KeyValue> {
        Rekeyed::key(&self.old, attribute)
    }

    pub fn new_key(&self, attribute: &str) -> Option<&KeyValue> {
        Rekeyed::key(&self.new, attribute)
    }

    fn new(entity: &'s str, old: Vec<(&'s str, KeyValue)>, new: Vec<(&'s str, KeyValue)>) -> Self {
        let mut changed: Vec<&'s str> = new
            .iter()
            .filter(|(a, k)| Rekeyed::key(&old, a) != Some(k))
            .map(|(a, _)| *a)
            .collect();
        changed.extend(
            old.iter()
                .filter(|(a, _)| Rekeyed::key(&new, a).is_none())
                .map(|(a, _)| *a),
        );
        Rekeyed {
            entity,
            old,
            new,
            changed,
        }
    }

    /// The attributes whose value differs, appears or goes away, in the new design's
    /// order, then those only the old one had.
    pub fn changed_attributes(&self) -> &[&'s str] {
        &self.changed
    }
}

/// The compiled templates of one entity: one codec per key attribute it writes.
struct EntityCodecs<'s> {
    entity: &'s Entity,
    codecs: Vec<KeyCodec<'s>>,
}

/// Per table key attribute, the text each of an entity's keys starts with; none when
/// the entity does not write every table key (no item's keys can then be its).
type Prefixes<'s> = Option<Vec<(&'s str, String)>>;

impl<'s> EntityCodecs<'s> {
    fn compile(schema: &'s Schema, entity: &'s Entity) -> Result<Self, crate::Error> {
        let codecs = entity
            .keys
            .iter()
            .map(|k| KeyCodec::new(schema, &entity.name, &k.attribute))
            .collect::<Result<_, _>>()?;
        Ok(EntityCodecs { entity, codecs })
    }

    fn prefixes(&self, table: &KeySchema) -> Prefixes<'s> {
        (table.partition_attributes().chain(table.sort_attributes()))
            .map(|a| {
                let codec = self.codecs.iter().find(|c| c.attribute() == a)?;
                Some((codec.attribute(), codec.literal_prefix()))
            })
            .collect()
    }

    fn codec(&self, attribute: &str) -> Option<&KeyCodec<'s>> {
        self.entity
            .keys
            .iter()
            .position(|k| k.attribute == attribute)
            .map(|at| &self.codecs[at])
    }
}

/// Why an item has no new keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unencodable(pub String);

/// Both designs compiled once, for rekeying many items.
pub struct Rekeyer<'s> {
    old: &'s Schema,
    old_entities: Vec<EntityCodecs<'s>>,
    /// By the old entity's position: the new design's entity of the same name, or why
    /// its items cannot be written.
    new_entities: Vec<Result<EntityCodecs<'s>, String>>,
    /// The attribute naming each item's entity, for designs whose keys alone cannot tell.
    entity_attribute: Option<String>,
    /// By the old entity's position, its table keys' literal text: worked out on the
    /// first exported item, so that the page, which re-keys values only, never
    /// carries the code.
    prefixes: OnceCell<Vec<Prefixes<'s>>>,
}

/// Whether an item's table keys can be an entity's: each starts with its template's
/// literal text. A key that does not could never be read back, so the entity is passed
/// over without reading (and without writing why not).
fn may_fit(prefixes: &Prefixes, keys: &[(&str, KeyValue)]) -> bool {
    prefixes.as_ref().is_some_and(|prefixes| {
        prefixes.iter().all(|(attribute, prefix)| {
            keys.iter()
                .find(|(a, _)| a == attribute)
                .is_some_and(|(_, k)| k.as_str().starts_with(prefix.as_str()))
        })
    })
}

/// An entity of the old design whose templates do not compile: its items could not be
/// read, so nothing can be re-keyed.
#[derive(Clone, Debug, PartialEq)]
pub struct OldDesignError {
    pub entity: String,
    pub error: crate::Error,
}

impl std::fmt::Display for OldDesignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the old design cannot read {}: {}", self.entity, self.error)
    }
}

impl std::error::Error for OldDesignError {}

impl<'s> Rekeyer<'s> {
    /// Compiles both designs. An old entity whose templates do not compile is an error:
    /// its items could not be read. A new one only fails that entity's items.
    pub fn new(old: &'s Schema, new: &'s Schema) -> Result<Self, OldDesignError> {
        let old_entities = old
            .entities
            .iter()
            .map(|e| {
                EntityCodecs::compile(old, e).map_err(|error| OldDesignError {
                    entity: e.name.clone(),
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let new_entities = old
            .entities
            .iter()
            .map(|e| match new.entity(&e.name) {
                None => Err(format!("the new design has no entity {}", e.name)),
                Some(n) => {
                    EntityCodecs::compile(new, n).map_err(|why| format!("the new design cannot write it: {why}"))
                }
            })
            .collect();
        Ok(Rekeyer {
            old,
            old_entities,
            new_entities,
            entity_attribute: None,
            prefixes: OnceCell::new(),
        })
    }

    /// Reads each item's entity from this attribute (such as ElectroDB's `__edb_e__`)
    /// instead of from which template its keys fit.
    pub fn with_entity_attribute(mut self, attribute: &str) -> Self {
        self.entity_attribute = Some(attribute.to_string());
        self
    }

    /// An exported item under both designs. Its field values come from its old keys,
    /// read back, and from attributes named as fields, which win: a key may have
    /// changed a value's case, an attribute has not.
    pub fn from_item(&self, item: &StoredItem) -> Result<Rekeyed<'s>, Unencodable> {
        let old = stored_keys(self.old, item);
        let (at, mut values) = self.entity_of(item, &old)?;
        let old_entity = self.old_entities[at].entity;
        // A field only the new design has can only come from an attribute.
        let new_fields = self.new_entities[at].iter().flat_map(|e| &e.entity.fields);
        for field in old_entity.fields.iter().chain(new_fields) {
            if let Some(v) = item.get(&field.name).map(plain) {
                set(&mut values, &field.name, v);
            }
        }
        let new = self.write(at, |name| get(&values, name))?;
        Ok(Rekeyed::new(&old_entity.name, old, new))
    }

    /// A sample's values under both designs: the old keys are the old design's.
    pub fn from_values(&self, entity: &str, values: &Values) -> Result<Rekeyed<'s>, Unencodable> {
        let at = self
            .old_entities
            .iter()
            .position(|c| c.entity.name == entity)
            .ok_or_else(|| Unencodable(format!("the old design has no entity {entity}")))?;
        let mut old = Vec::new();
        for codec in &self.old_entities[at].codecs {
            let mut key = String::with_capacity(KEY_CAPACITY);
            codec
                .write_values(values, &mut key)
                .map_err(|e| Unencodable(format!("the old design cannot write it: {e}")))?;
            let key = codec
                .key_value(key)
                .map_err(|e| Unencodable(format!("the old design cannot write it: {e}")))?;
            old.push((codec.attribute(), key));
        }
        let new = self.write(at, |name| values.get(name))?;
        Ok(Rekeyed::new(&self.old_entities[at].entity.name, old, new))
    }

    fn write<'v>(
        &self,
        at: usize,
        value_of: impl Fn(&str) -> Option<&'v Value>,
    ) -> Result<Vec<(&'s str, KeyValue)>, Unencodable> {
        let entity = self.new_entities[at].as_ref().map_err(|why| Unencodable(why.clone()))?;
        let mut new = Vec::with_capacity(entity.codecs.len());
        for codec in &entity.codecs {
            let mut key = String::with_capacity(KEY_CAPACITY);
            let fields = codec.fields();
            if let Some(missing) = fields.iter().find(|f| value_of(f).is_none()) {
                return Err(Unencodable(format!(
                    "the new design's {} needs {missing}, which neither the old keys nor an attribute {missing} holds",
                    codec.attribute()
                )));
            }
            codec
                .write_with(|i| fields.get(i).and_then(|f| value_of(f)), &mut key)
                .map_err(|e| Unencodable(e.to_string()))?;
            new.push((
                codec.attribute(),
                codec.key_value(key).map_err(|e| Unencodable(e.to_string()))?,
            ));
        }
        Ok(new)
    }

    /// Which old entity wrote the item, and the values its keys hold.
    fn entity_of(&self, item: &StoredItem, old: &[(&'s str, KeyValue)]) -> Result<(usize, Fields<'s>), Unencodable> {
        if let Some(attribute) = &self.entity_attribute {
            let Some(Attribute::S(name)) = item.get(attribute) else {
                return Err(Unencodable(format!(
                    "has no String attribute {attribute} naming its entity"
                )));
            };
            let at = self
                .old_entities
                .iter()
                .position(|c| c.entity.name == *name)
                .ok_or_else(|| {
                    Unencodable(format!(
                        "names entity {} in {attribute}, which the old design does not define",
                        crate::elide::quoted(name)
                    ))
                })?;
            return self.read(at, old).map(|values| (at, self.fill(at, values, old)));
        }
        // The first entity whose templates read the keys, and any others that also do.
        // Only entities whose literal text the keys start with are read: on a table of
        // many entities, reading each in turn (and saying why each did not fit) cost
        // more than the rest of the re-keying. When none fits, every entity is read
        // for the message.
        let mut fit = None;
        let mut also = Vec::new();
        let mut first_miss = None;
        let prefixes = self.prefixes.get_or_init(|| {
            (self.old_entities.iter())
                .map(|e| e.prefixes(&self.old.table.primary))
                .collect()
        });
        let candidates = prefixes.iter().enumerate().filter(|(_, p)| may_fit(p, old));
        for at in candidates.map(|(at, _)| at) {
            match self.read(at, old) {
                Ok(values) if fit.is_none() => fit = Some((at, values)),
                Ok(_) => also.push(at),
                Err(_) => {}
            }
        }
        if fit.is_some() {
            return self.settle(fit, also, None, old);
        }
        for at in 0..self.old_entities.len() {
            match self.read(at, old) {
                Ok(values) if fit.is_none() => fit = Some((at, values)),
                Ok(_) => also.push(at),
                Err(why) => {
                    first_miss.get_or_insert(why);
                }
            }
        }
        self.settle(fit, also, first_miss, old)
    }

    /// The entity that read the item's keys, unless none or more than one did.
    fn settle(
        &self,
        fit: Option<(usize, Fields<'s>)>,
        also: Vec<usize>,
        first_miss: Option<Unencodable>,
        old: &[(&'s str, KeyValue)],
    ) -> Result<(usize, Fields<'s>), Unencodable> {
        match fit {
            Some((at, values)) if also.is_empty() => Ok((at, self.fill(at, values, old))),
            None => Err(first_miss.unwrap_or_else(|| Unencodable("has no keys of the old design's table".into()))),
            Some((at, _)) => {
                let names: Vec<&str> = std::iter::once(at)
                    .chain(also)
                    .map(|at| self.old_entities[at].entity.name.as_str())
                    .collect();
                Err(Unencodable(format!(
                    "its keys fit more than one entity of the old design ({}); name the entity attribute with --entity-attribute",
                    names.join(", ")
                )))
            }
        }
    }

    /// The item's index keys fill in fields its table keys lack. One that does not read
    /// (stale) adds nothing; a field still missing is then reported by the new write.
    fn fill(&self, at: usize, mut values: Fields<'s>, old: &[(&'s str, KeyValue)]) -> Fields<'s> {
        let codecs = &self.old_entities[at];
        let mut slots = Vec::new();
        for (attribute, key) in old.iter().filter(|(a, _)| !self.old.table.is_primary_key(a)) {
            let Some(codec) = codecs.codec(attribute) else { continue };
            if codec.read(key.as_str(), &mut slots).is_ok() {
                for (name, v) in codec.fields().iter().zip(slots.drain(..)) {
                    if get(&values, name).is_none() {
                        values.push((name, v));
                    }
                }
            }
        }
        values
    }

    /// Reads the item's table keys with entity `at`'s templates: only they decide, as
    /// every item has them, while index keys may be absent (sparse) or stale.
    fn read(&self, at: usize, keys: &[(&'s str, KeyValue)]) -> Result<Fields<'s>, Unencodable> {
        let codecs = &self.old_entities[at];
        // Sized once: the item's values, and the fields of one key read back.
        let mut values = Fields::with_capacity(codecs.entity.fields.len());
        let mut slots = Vec::with_capacity(codecs.entity.fields.len());
        let primary = &self.old.table.primary;
        for attribute in primary.partition_attributes().chain(primary.sort_attributes()) {
            let Some((_, key)) = keys.iter().find(|(a, _)| *a == attribute) else {
                return Err(Unencodable(format!(
                    "has no {attribute}, a key of the old design's table"
                )));
            };
            let Some(codec) = codecs.codec(attribute) else {
                return Err(Unencodable(format!(
                    "has {attribute}, which {} does not write",
                    codecs.entity.name
                )));
            };
            codec
                .read(key.as_str(), &mut slots)
                .map_err(|e| Unencodable(format!("does not fit the old design: {e}")))?;
            for (name, v) in codec.fields().iter().zip(slots.drain(..)) {
                set(&mut values, name, v);
            }
        }
        Ok(values)
    }
}

/// An item's field values by name: a handful, so a list beats a map's hashing.
type Fields<'s> = Vec<(&'s str, Value)>;

fn get<'v>(fields: &'v Fields, name: &str) -> Option<&'v Value> {
    fields.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
}

fn set<'s>(fields: &mut Fields<'s>, name: &'s str, value: Value) {
    match fields.iter_mut().find(|(n, _)| *n == name) {
        Some((_, v)) => *v = value,
        None => fields.push((name, value)),
    }
}

/// Room for a typical key, written once into the string the item keeps: growing from
/// empty and then copying cost three allocations a key.
const KEY_CAPACITY: usize = 48;

/// The old design's key attributes an item holds, as DynamoDB typed them.
fn stored_keys<'s>(schema: &'s Schema, item: &StoredItem) -> Vec<(&'s str, KeyValue)> {
    let mut keys = Vec::with_capacity(schema.table.attributes.len());
    keys.extend(schema.table.attributes.iter().filter_map(|(name, t)| {
        let key = match (item.get(name)?, t) {
            (Attribute::S(s), AttrType::S) => KeyValue::S(s.to_string()),
            // A Number DynamoDB could not have stored is no key: the item is then
            // reported as lacking it rather than placed somewhere in the order.
            (Attribute::N(n), AttrType::N) => KeyValue::N(Number::parse(n).ok()?),
            _ => return None,
        };
        Some((name.as_str(), key))
    }));
    keys
}

/// A stored attribute as a field value: S and N as their text (numbers stay exact),
/// BOOL and NULL as themselves, anything else as its DynamoDB JSON, which the codec
/// refuses with the field's name rather than skipping it.
fn plain(attribute: &Attribute) -> Value {
    match attribute {
        Attribute::S(s) | Attribute::N(s) => Value::String(s.to_string()),
        Attribute::Other(t, v) => match (t.as_str(), v) {
            ("BOOL", b @ Value::Bool(_)) => b.clone(),
            ("NULL", _) => Value::Null,
            _ => serde_json::json!({ t.clone(): v.clone() }),
        },
    }
}
