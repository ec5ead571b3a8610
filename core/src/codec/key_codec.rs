//! [`KeyCodec`]: one key template compiled for writing and reading many keys, the way a
//! backend does. It writes the same keys as [`super::encode_key`] and reads them back as
//! [`super::decode`] does, but the entity, the template, its fields and the key's size
//! limit are looked up once, values go in and come out by position, and buffers are
//! the caller's. It stops at the first error and reports no warnings: use `encode`
//! while designing to see those.

use super::{
    decode_checked_into, decode_plain, encode_field_into, field_ctx, find_entity, fixed_len, key_attribute_type,
    key_size_in, number_template, plain_number, shown, KeyValue, Noting,
};
use crate::error::{Context, Error, ErrorKind};
use crate::schema::{AttrType, Entity, Field, KeyRole, Schema, Segment};
use crate::Values;
use serde_json::Value;

enum Part<'s> {
    Literal(&'s str),
    Field {
        field: &'s Field,
        /// Written before the value with no separator (see [`crate::schema::FieldRef`]).
        prefix: &'s str,
        /// The position of its value in `write`'s and `read`'s slices.
        at: usize,
        /// Its stored length when the kind fixes one, so reading needs no search.
        len: Option<usize>,
        /// Whether an earlier part already read this field (a key may repeat one).
        repeat: bool,
        /// Its warning threshold, worked out once.
        noting: Noting,
    },
}

pub struct KeyCodec<'s> {
    entity: &'s Entity,
    /// The attribute's role in the table, whose size limit every key is held to.
    role: Option<KeyRole>,
    attribute: &'s str,
    separator: &'s str,
    parts: Vec<Part<'s>>,
    fields: Vec<&'s str>,
    number: bool,
}

impl<'s> KeyCodec<'s> {
    /// Compiles `entity`'s template for `attribute`, checking what can be checked once.
    ///
    /// ```
    /// use keylab::{codec::KeyCodec, Schema};
    /// use serde_json::json;
    /// let schema = Schema::from_value(&json!({
    ///     "version": 1, "separator": "#",
    ///     "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"},
    ///               "primary": {"partition": "PK", "sort": "SK"}},
    ///     "entities": [{"name": "Run",
    ///         "fields": {"score": {"kind": "uint", "width": 10, "order": "desc"},
    ///                    "player": {"kind": "text"}},
    ///         "keys": {"PK": [{"literal": "RUNS"}], "SK": [{"field": "score"}, {"field": "player"}]}}]
    /// })).unwrap();
    /// let writer = KeyCodec::new(&schema, "Run", "SK").unwrap();
    /// assert_eq!(writer.fields(), ["score", "player"]);
    /// let mut key = String::new();
    /// writer.write(&[&json!(1500), &json!("p_8842")], &mut key).unwrap();
    /// assert_eq!(key, "9999998499#p_8842");
    /// ```
    pub fn new(schema: &'s Schema, entity: &str, attribute: &str) -> Result<Self, Error> {
        let entity = find_entity(schema, entity)?;
        let ctx = || Context::entity(&entity.name).with_attribute(attribute);
        let template = entity.keys.iter().find(|k| k.attribute == attribute).ok_or_else(|| {
            Error::new(
                ctx(),
                ErrorKind::InvalidSchema {
                    reason: format!("{} has no template for {attribute}", entity.name),
                    fix: "pick an attribute the entity defines".into(),
                },
            )
        })?;
        let number = key_attribute_type(schema, attribute, ctx)? == AttrType::N;
        if number {
            number_template(template, ctx)?;
        }
        let mut fields: Vec<&'s str> = Vec::new();
        let mut parts = Vec::with_capacity(template.segments.len());
        for segment in &template.segments {
            parts.push(match segment {
                Segment::Literal(l) => Part::Literal(l),
                Segment::Field(used) => {
                    let name = &used.name;
                    let field = entity
                        .field(name)
                        .ok_or_else(|| Error::new(field_ctx(entity, attribute, name), ErrorKind::UndefinedField))?;
                    field.kind.validate().map_err(|(reason, fix)| {
                        Error::new(
                            field_ctx(entity, attribute, name),
                            ErrorKind::InvalidSchema { reason, fix },
                        )
                    })?;
                    let seen = fields.iter().position(|f| *f == name);
                    let at = seen.unwrap_or_else(|| {
                        fields.push(name);
                        fields.len() - 1
                    });
                    Part::Field {
                        field,
                        prefix: &used.prefix,
                        at,
                        len: fixed_len(&field.kind),
                        repeat: seen.is_some(),
                        noting: Noting::of(field),
                    }
                }
            });
        }
        Ok(KeyCodec {
            entity,
            role: schema.table.role(attribute),
            attribute: &template.attribute,
            separator: &schema.separator,
            parts,
            fields,
            number,
        })
    }

    /// The text every key it writes starts with: its leading literals and separators,
    /// up to the first field's own prefix. Empty for a Number key, or one that opens
    /// with a bare field: any key may then be one of its.
    pub fn literal_prefix(&self) -> String {
        let mut out = String::new();
        if self.number {
            return out;
        }
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                out.push_str(self.separator);
            }
            match part {
                Part::Literal(l) => out.push_str(l),
                Part::Field { prefix, .. } => {
                    out.push_str(prefix);
                    break;
                }
            }
        }
        out
    }

    /// The key attribute it writes.
    pub fn attribute(&self) -> &'s str {
        self.attribute
    }

    /// The key as DynamoDB stores it: a Number attribute's key is an N, any other an S.
    pub fn key_value(&self, key: String) -> Result<KeyValue, Error> {
        if self.number {
            super::number_key(key, || {
                Context::entity(&self.entity.name).with_attribute(self.attribute)
            })
        } else {
            Ok(KeyValue::S(key))
        }
    }

    /// The fields `write` takes values for, in the order it takes them.
    pub fn fields(&self) -> &[&'s str] {
        &self.fields
    }

    /// Writes the key for `values` (one per field, in [`Self::fields`] order) into `out`,
    /// replacing what it held.
    pub fn write(&self, values: &[&Value], out: &mut String) -> Result<(), Error> {
        self.write_with(|at| values.get(at).copied(), out)
    }

    /// [`Self::write`] for an item's values by field name, as [`super::encode_key`]
    /// takes them.
    pub fn write_values(&self, values: &Values, out: &mut String) -> Result<(), Error> {
        self.write_with(|at| super::value_of(values, self.fields[at]), out)
    }

    /// [`Self::write_values`], also telling whether [`super::encode_key`] warns about
    /// the key it writes: a page that shows warnings asks for them only then.
    pub fn write_values_warns(&self, values: &Values, out: &mut String) -> Result<bool, Error> {
        let mut warns = false;
        self.write_noting(|at| super::value_of(values, self.fields[at]), out, Some(&mut warns))?;
        Ok(warns)
    }

    /// [`Self::write`] with the value of the `at`-th field (of [`Self::fields`]) given by
    /// `value_at`, for values held in any shape.
    pub fn write_with<'v>(&self, value_at: impl Fn(usize) -> Option<&'v Value>, out: &mut String) -> Result<(), Error> {
        self.write_noting(value_at, out, None)
    }

    fn write_noting<'v>(
        &self,
        value_at: impl Fn(usize) -> Option<&'v Value>,
        out: &mut String,
        mut warns: Option<&mut bool>,
    ) -> Result<(), Error> {
        out.clear();
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 && !self.number {
                out.push_str(self.separator);
            }
            match *part {
                Part::Literal(l) => out.push_str(l),
                Part::Field {
                    field,
                    prefix,
                    at,
                    noting,
                    ..
                } => {
                    let ctx = || field_ctx(self.entity, self.attribute, &field.name);
                    let value = match value_at(at) {
                        Some(v) if !v.is_null() => v,
                        _ => return Err(Error::new(ctx(), ErrorKind::MissingValue)),
                    };
                    out.push_str(prefix);
                    // A Number key's digits raise no warning (as in `encode_key`).
                    let written = if self.number {
                        plain_number(field, value).map(|n| out.push_str(&n)).map(|()| false)
                    } else {
                        encode_field_into(field, value, self.separator, out, warns.is_some().then_some(noting))
                    };
                    let warned = written.map_err(|kind| Error::new(ctx().with_value(shown(value)), kind))?;
                    if let Some(w) = warns.as_deref_mut() {
                        *w = *w || warned;
                    }
                }
            }
        }
        if self.number {
            return Ok(());
        }
        key_size_in(self.role, out, || {
            Context::entity(&self.entity.name).with_attribute(self.attribute)
        })
    }

    /// Reads `key` back into `values`, one per field in [`Self::fields`] order: the
    /// inverse of [`Self::write`], refusing any key it could not have written.
    pub fn read(&self, key: &str, values: &mut Vec<Value>) -> Result<(), Error> {
        // Every slot is overwritten below, so the previous key's values (and their
        // strings' allocations) are reused rather than dropped.
        values.resize(self.fields.len(), Value::Null);
        let mismatch = |offset: usize, expected: String| {
            let found: String = key[offset..].chars().take(40).collect();
            Error::new(
                Context::entity(&self.entity.name)
                    .with_attribute(self.attribute)
                    .with_value(key),
                ErrorKind::KeyMismatch {
                    offset,
                    expected,
                    found,
                },
            )
        };
        if self.number {
            if let [Part::Field { field, at, .. }] = self.parts.as_slice() {
                values[*at] = decode_plain(field, key.trim()).map_err(|e| mismatch(0, format!("a number: {e}")))?;
            }
            return Ok(());
        }
        let sep = self.separator.as_bytes();
        let bytes = key.as_bytes();
        let mut pos = 0;
        for (i, part) in self.parts.iter().enumerate() {
            if i > 0 {
                if !bytes[pos..].starts_with(sep) {
                    return Err(mismatch(pos, format!("the separator {:?}", self.separator)));
                }
                pos += sep.len();
            }
            let rest = &bytes[pos..];
            match *part {
                Part::Literal(l) => {
                    if !rest.starts_with(l.as_bytes()) {
                        return Err(mismatch(pos, format!("the literal {l:?}")));
                    }
                    pos += l.len();
                }
                Part::Field {
                    field,
                    prefix,
                    at,
                    len,
                    repeat,
                    ..
                } => {
                    if !rest.starts_with(prefix.as_bytes()) {
                        return Err(mismatch(pos, format!("the prefix {prefix:?} of field {}", field.name)));
                    }
                    pos += prefix.len();
                    let rest = &bytes[pos..];
                    let len = len.unwrap_or_else(|| find(rest, sep).unwrap_or(rest.len()));
                    // The end must be a character boundary too: a width counted in
                    // bytes can cut a multi-byte character of a wrong key.
                    let Some(stored) = key.get(pos..pos.saturating_add(len)) else {
                        return Err(mismatch(pos, format!("{len} bytes for field {}", field.name)));
                    };
                    let for_field = |e: String| mismatch(pos, format!("{e} for field {}", field.name));
                    if repeat {
                        let mut again = Value::Null;
                        decode_checked_into(&field.kind, stored, &mut again).map_err(for_field)?;
                        if again != values[at] {
                            let expected = format!("field {} to repeat {}", field.name, shown(&values[at]));
                            return Err(mismatch(pos, expected));
                        }
                    } else {
                        decode_checked_into(&field.kind, stored, &mut values[at]).map_err(for_field)?;
                    }
                    pos += len;
                }
            }
        }
        if pos != key.len() {
            return Err(mismatch(pos, "the end of the key".into()));
        }
        Ok(())
    }

    /// The key for `values` as a new [`KeyValue`].
    pub fn key(&self, values: &[&Value]) -> Result<KeyValue, Error> {
        self.key_with(|at| values.get(at).copied())
    }

    /// [`Self::key`] with values given as [`Self::write_with`] takes them.
    pub fn key_with<'v>(&self, value_at: impl Fn(usize) -> Option<&'v Value>) -> Result<KeyValue, Error> {
        let mut out = String::new();
        self.write_with(value_at, &mut out)?;
        self.key_value(out)
    }
}

/// One attribute's [`KeyCodec`] for each entity, compiled the first time one of its
/// items needs it: for writing the keys of items of several entities without resolving
/// a template again for every item.
pub struct KeyCodecs<'s> {
    schema: &'s Schema,
    attribute: String,
    /// By the entity's address: items refer to their entity, and a schema has few.
    compiled: Vec<(*const Entity, Option<KeyCodec<'s>>)>,
}

impl<'s> KeyCodecs<'s> {
    pub fn new(schema: &'s Schema, attribute: &str) -> Self {
        KeyCodecs {
            schema,
            attribute: attribute.to_string(),
            compiled: Vec::new(),
        }
    }

    /// The codec for `entity`, one of the schema's; `None` when the entity has no
    /// template for the attribute or its template does not compile (so none of its
    /// items has this key).
    pub fn of(&mut self, entity: &Entity) -> Option<&KeyCodec<'s>> {
        let at = match self.compiled.iter().position(|(e, _)| std::ptr::eq(*e, entity)) {
            Some(at) => at,
            None => {
                let codec = KeyCodec::new(self.schema, &entity.name, &self.attribute).ok();
                self.compiled.push((entity, codec));
                self.compiled.len() - 1
            }
        };
        self.compiled[at].1.as_ref()
    }
}

/// Where `needle` first occurs in `haystack`. A one-byte separator (the usual `#`)
/// is a byte scan; `str::find` would build a substring searcher for every key.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    match needle {
        [] => None,
        [b] => haystack.iter().position(|c| c == b),
        _ => haystack.windows(needle.len()).position(|w| w == needle),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::encode_key;
    use crate::fuzzing;
    use proptest::prelude::*;

    proptest! {
        /// A constant prefix keeps the order of the values after it, and reads back off.
        #[test]
        fn a_glued_prefix_keeps_order_and_reads_back(a in any::<u32>(), b in any::<u32>(), prefix in "[a-z_$:. -]{1,6}") {
            let schema = crate::Schema::from_value(&serde_json::json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
                "entities": [{"name": "E", "fields": {"n": {"kind": "uint", "width": 10, "order": "desc"}, "t": {"kind": "text"}},
                    "keys": {"PK": [{"literal": "P"}], "SK": [{"literal": "E"}, {"field": "n", "prefix": prefix.clone()}, {"field": "t", "prefix": prefix.clone()}]}}]
            })).unwrap();
            let codec = KeyCodec::new(&schema, "E", "SK").unwrap();
            let key = |n: u32| codec.key(&[&Value::from(n), &Value::from("x")]).unwrap().as_str().to_string();
            let (ka, kb) = (key(a), key(b));
            // Descending: the larger value sorts first, prefix or not.
            prop_assert_eq!(ka.as_bytes().cmp(kb.as_bytes()), b.cmp(&a));
            let mut read = Vec::new();
            codec.read(&ka, &mut read).unwrap();
            prop_assert_eq!(&read[0], &Value::from(a));
            prop_assert_eq!(&read[1], &Value::from("x"));
            let bare = ka.replacen(&prefix, "", 1);
            prop_assert!(codec.read(&bare, &mut read).is_err());
        }

        /// The codec agrees with `encode_key` on every key and on whether there is one,
        /// and reads each key back to the values `decode` gives.
        #[test]
        fn writes_what_encode_key_writes_and_reads_what_decode_reads(values in proptest::collection::vec(
            prop_oneof![
                any::<u64>().prop_map(Value::from),
                any::<i32>().prop_map(Value::from),
                "[a-zA-Z0-9#_é😀 -]{0,12}".prop_map(Value::from),
                Just(Value::Null),
                Just(Value::from("1.5")),
                Just(Value::from("2024-01-01T00:00:00Z")),
                Just(Value::from("01ARZ3NDEKTSV4RRFFQ69G5FAV")),
                Just(Value::from("0ujtsYcgvSTl8PAuAdqWYSMnLOv")),
            ], 12)) {
            let schema = fuzzing::schema();
            // One buffer for every read, still holding the previous template's values,
            // as a backend's loop would reuse it.
            let mut read = vec![Value::from("left over"), Value::from(7)];
            for entity in &schema.entities {
                for template in &entity.keys {
                    let writer = KeyCodec::new(&schema, &entity.name, &template.attribute).unwrap();
                    let named: crate::Values = writer.fields().iter().zip(&values)
                        .map(|(f, v)| (f.to_string(), v.clone()))
                        .collect();
                    let by_position: Vec<&Value> = writer.fields().iter().map(|f| &named[*f]).collect();
                    let expected = encode_key(&schema, entity, template, &named).map(|(k, _)| k).ok();
                    let written = writer.key(&by_position).ok();
                    prop_assert_eq!(&written, &expected, "{}.{}", entity.name, template.attribute);
                    // By name, through the per-entity cache, it is the same key.
                    let mut by_name = String::new();
                    let cached = KeyCodecs::new(&schema, &template.attribute).of(entity)
                        .and_then(|c| c.write_values(&named, &mut by_name).ok());
                    prop_assert_eq!(cached.map(|()| by_name), written.as_ref().map(|k| k.as_str().to_string()));
                    if let Some(key) = written {
                        // migrate passes over an entity whose literal text a key lacks.
                        prop_assert!(key.as_str().starts_with(&writer.literal_prefix()));
                        // Reading gives what decode gives, by position.
                        writer.read(key.as_str(), &mut read).unwrap();
                        let decoded = crate::codec::decode(&schema, &entity.name, &template.attribute, key.as_str()).unwrap();
                        let by_name: Vec<&Value> = writer.fields().iter().map(|f| &decoded[*f]).collect();
                        prop_assert_eq!(read.iter().collect::<Vec<_>>(), by_name);
                    }
                }
            }
        }
    }
}
