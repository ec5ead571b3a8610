//! The key codec: field values in, DynamoDB key attribute values out, and back.
//!
//! A key is its template's segments joined by the schema's separator. Each field kind
//! lives in its own file and states there the ordering invariant its encoding keeps.
//! Fixed-width kinds (every kind but `text`) occupy the same number of bytes in every
//! key, which is what lets [`decode`] split a key without looking for separators.

mod decimal;
mod digits;
mod ids;
mod int;
mod key_codec;
mod key_value;
mod naive;
mod notes;
pub mod number;
pub mod order;
pub mod shape;
pub mod text;
mod timestamp;
mod uint;
pub(crate) use uint::Rewidth;
pub mod width;

pub use key_codec::{KeyCodec, KeyCodecs};
pub(crate) use key_value::number_key;
pub use key_value::{number_value, KeyValue};
pub use naive::{naive_key, naive_key_into};
pub(crate) use notes::time_given;
pub use notes::{inverted_meaning, time_of, time_text};
pub use number::{Number, NumberError};

use crate::error::{Context, Error, ErrorKind, Errors, IdKind, Warning, WarningKind};
use crate::schema::{
    AttrType, Case, Entity, Field, FieldKind, IsoFormat, KeyRole, KeyTemplate, Schema, Segment, TimeUnit,
};
use serde::Serialize;
use serde_json::{Map, Value};

/// The values of one item: field name to value, as in the schema format.
pub type Values = Map<String, Value>;

/// `values`' value of `field`. An item holds a handful of fields, and walking them
/// compares a few short names, where `Map::get` hashes the name with SipHash: at
/// opt-level z that hash was most of the cost of reading a value, paid for every
/// field of every key of 100,000 items.
#[inline]
pub fn value_of<'v>(values: &'v Values, field: &str) -> Option<&'v Value> {
    if values.len() <= 16 {
        // Lengths and first bytes first: most names differ there, without a `memcmp`.
        let first = field.as_bytes().first();
        let same = |name: &str| name.len() == field.len() && name.as_bytes().first() == first && name == field;
        values.iter().find(|(name, _)| same(name)).map(|(_, v)| v)
    } else {
        values.get(field)
    }
}

/// Every key attribute of one item, in the table's attribute order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EncodedItem {
    pub keys: Vec<(String, KeyValue)>,
    #[serde(skip)]
    pub warnings: Vec<Warning>,
}

impl EncodedItem {
    pub fn get(&self, attribute: &str) -> Option<&KeyValue> {
        self.keys.iter().find(|(a, _)| a == attribute).map(|(_, k)| k)
    }
}

/// How a value is shown in messages: strings as they are, everything else as JSON.
pub(crate) fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn id_kind(kind: &FieldKind) -> Option<IdKind> {
    match kind {
        FieldKind::Ulid { .. } => Some(IdKind::Ulid),
        FieldKind::Ksuid { .. } => Some(IdKind::Ksuid),
        _ => None,
    }
}

/// The absolute value of a numeric field's stored digits and how many digits it may use,
/// for capacity warnings and the width planner.
pub(crate) fn magnitude(field: &Field, value: &Value) -> Result<Option<(u128, u32)>, ErrorKind> {
    Ok(match field.kind {
        FieldKind::Uint { width, .. } => Some((uint::parse(value)?, width)),
        FieldKind::Int { width, .. } => Some((int::parse(value)?.unsigned_abs(), width)),
        FieldKind::Decimal { width, scale, .. } => Some((
            decimal::parse(value, scale)?.unsigned_abs(),
            width.saturating_add(scale),
        )),
        FieldKind::Timestamp {
            unit: unit @ (TimeUnit::Seconds { width } | TimeUnit::Millis { width }),
            ..
        } => Some((timestamp::parse(value, unit)?.unsigned_abs(), width)),
        _ => None,
    })
}

fn schema_kind_error(field: &Field) -> Result<(), ErrorKind> {
    field
        .kind
        .validate()
        .map_err(|(reason, fix)| ErrorKind::InvalidSchema { reason, fix })
}

/// A value past every width is refused by the parser before the field's width is
/// known (it reads at most 38 digits): the refusal names the field's own width and
/// counts the digits the field would store left of its fraction.
fn at_width(width: u32, scale: u32) -> impl Fn(ErrorKind) -> ErrorKind {
    move |e| match e {
        ErrorKind::Overflow { digits, .. } if digits > crate::schema::MAX_DIGITS => ErrorKind::Overflow {
            width,
            digits: digits.saturating_sub(scale),
            max: digits::capacity(width).to_string(),
        },
        other => other,
    }
}

/// Encodes one value as its segment of a String key, with the warnings it raises.
pub fn encode_field(field: &Field, value: &Value, separator: &str) -> Result<(String, Vec<WarningKind>), ErrorKind> {
    schema_kind_error(field)?;
    // Each numeric kind parses once; its magnitude feeds the capacity warning.
    let (stored, magnitude) = match field.kind {
        FieldKind::Text { case, max_length } => {
            let value = text::parse(value)?;
            text::bounded(&value, max_length)?;
            return text::encode(&value, case, separator);
        }
        FieldKind::Uint { width, order } => {
            let v = uint::parse(value).map_err(at_width(width, 0))?;
            (uint::encode(v, width, order)?, (v, width))
        }
        FieldKind::Int { width, order } => {
            let v = int::parse(value).map_err(at_width(width, 0))?;
            (int::encode(v, width, order)?, (v.unsigned_abs(), width))
        }
        FieldKind::Decimal {
            width,
            scale,
            signed,
            order,
        } => {
            let v = decimal::parse(value, scale).map_err(at_width(width, scale))?;
            (
                decimal::encode(v, width, scale, signed, order)?,
                (v.unsigned_abs(), width + scale),
            )
        }
        FieldKind::Timestamp { unit, order } => {
            let t = timestamp::parse(value, unit)?;
            let stored = timestamp::encode(t, unit, order)?;
            match unit {
                TimeUnit::Seconds { width } | TimeUnit::Millis { width } => (stored, (t.unsigned_abs(), width)),
                TimeUnit::Iso(_) => return Ok((stored, Vec::new())),
            }
        }
        FieldKind::Ulid { order } | FieldKind::Ksuid { order } => {
            let id = id_kind(&field.kind).unwrap_or(IdKind::Ulid);
            return Ok((ids::encode(&ids::parse(value, id)?, id, order), Vec::new()));
        }
    };
    let (m, digits) = magnitude;
    let percent = width::percent_of_capacity(m, digits);
    let threshold = field.warn_at();
    let warnings = if percent >= threshold {
        vec![WarningKind::NearCapacity { percent, threshold }]
    } else {
        Vec::new()
    };
    Ok((stored, warnings))
}

/// What the key writer needs to tell whether a field's value raises a warning.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Noting {
    /// The smallest magnitude past the field's capacity threshold ([`width::warn_from`]).
    pub warn_from: u128,
}

impl Noting {
    pub(crate) fn of(field: &Field) -> Noting {
        let digits = match field.kind {
            FieldKind::Decimal { width, scale, .. } => width.saturating_add(scale),
            kind => kind.width().unwrap_or(0),
        };
        Noting {
            warn_from: width::warn_from(digits, field.warn_at()),
        }
    }
}

/// [`encode_field`] written at the end of `out`, without the warnings' words: the key
/// writer's hot path. With `noting`, it tells whether `encode_field` would warn (a
/// number at or past its warning threshold, a text whose casing lost what it meant or
/// that holds a character below the separator), worked out from the value it parsed once. Uint,
/// epoch timestamps and text write in place; other kinds go through `encode_field`.
pub(crate) fn encode_field_into(
    field: &Field,
    value: &Value,
    separator: &str,
    out: &mut String,
    noting: Option<Noting>,
) -> Result<bool, ErrorKind> {
    // The capacity warning compares magnitudes: see `width::warn_from`.
    let near = |m: u128| noting.is_some_and(|n| m >= n.warn_from);
    match field.kind {
        FieldKind::Uint { width, order } => {
            let v = uint::parse(value).map_err(at_width(width, 0))?;
            uint::encode_into(v, width, order, out)?;
            Ok(near(v))
        }
        FieldKind::Timestamp {
            unit: unit @ (TimeUnit::Seconds { width } | TimeUnit::Millis { width }),
            order,
        } => {
            let v = u128::try_from(timestamp::parse(value, unit)?).map_err(|_| ErrorKind::Negative)?;
            uint::encode_into(v, width, order, out)?;
            Ok(near(v))
        }
        FieldKind::Text { case, max_length } => {
            let value = text::parse(value)?;
            text::bounded(&value, max_length)?;
            let start = out.len();
            text::encode_into(&value, case, separator, out)?;
            let stored = &out[start..];
            let case_lost = || stored != value && text::case_loss(&value, stored, case).is_some();
            Ok(noting.is_some() && (case_lost() || text::below_separator(stored, separator).is_some()))
        }
        _ => {
            let (stored, warnings) = encode_field(field, value, separator)?;
            out.push_str(&stored);
            Ok(!warnings.is_empty())
        }
    }
}

/// Bytes every encoding of the field occupies, or `None` for `text`.
pub fn fixed_len(kind: &FieldKind) -> Option<usize> {
    // Saturating: this runs on unchecked settings too (decode reports them afterwards).
    let w = |n: u32| n as usize;
    Some(match *kind {
        FieldKind::Text { .. } => return None,
        FieldKind::Uint { width, .. } => w(width),
        FieldKind::Int { width, .. } => w(width).saturating_add(1),
        FieldKind::Decimal {
            width, scale, signed, ..
        } => {
            let point = if scale > 0 { w(scale).saturating_add(1) } else { 0 };
            usize::from(signed).saturating_add(w(width)).saturating_add(point)
        }
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
            ..
        } => w(width),
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(format),
            ..
        } => format.key_len(),
        FieldKind::Ulid { .. } => ids::len(IdKind::Ulid),
        FieldKind::Ksuid { .. } => ids::len(IdKind::Ksuid),
    })
}

/// Reads one stored segment back into the field's canonical value. Refused when the
/// field's settings are not valid, or as a mismatch that says what the segment should
/// have looked like.
pub fn decode_field(field: &Field, stored: &str) -> Result<Value, ErrorKind> {
    schema_kind_error(field)?;
    let mut value = Value::Null;
    decode_checked_into(&field.kind, stored, &mut value).map_err(|expected| ErrorKind::KeyMismatch {
        offset: 0,
        expected,
        found: stored.to_string(),
    })?;
    Ok(value)
}

/// [`decode_field`] for settings already validated, into `slot`: the key reader's hot
/// path, where a text's previous `String` is reused instead of freed and reallocated.
pub(crate) fn decode_checked_into(kind: &FieldKind, stored: &str, slot: &mut Value) -> Result<(), String> {
    *slot = match *kind {
        FieldKind::Text { case, max_length } => {
            if stored.is_empty() {
                return Err("a non-empty text".into());
            }
            if text::bounded(stored, max_length).is_err() {
                return Err(format!("text of at most {} characters", max_length.unwrap_or(0)));
            }
            // A key the encoder could not have written is refused, so decoding stays
            // the exact inverse of encoding (found by fuzzing: "A#ff" for an upper field).
            if !text::is_cased(stored, case) {
                return Err(format!(
                    "text in {} case",
                    if case == Case::Upper { "upper" } else { "lower" }
                ));
            }
            if let Value::String(previous) = slot {
                previous.clear();
                previous.push_str(stored);
                return Ok(());
            }
            Value::String(stored.to_string())
        }
        FieldKind::Uint { width, order } => digits::integer_value(uint::decode(stored, width, order)? as i128),
        FieldKind::Int { width, order } => digits::integer_value(int::decode(stored, width, order)?),
        FieldKind::Decimal {
            width,
            scale,
            signed,
            order,
        } => Value::String(decimal::format(
            decimal::decode(stored, width, scale, signed, order)?,
            scale,
        )),
        FieldKind::Timestamp { unit, order } => timestamp::value(timestamp::decode(stored, unit, order)?, unit),
        FieldKind::Ulid { order } | FieldKind::Ksuid { order } => {
            let id = id_kind(kind).unwrap_or(IdKind::Ulid);
            Value::String(ids::decode(stored, id, order)?)
        }
    };
    Ok(())
}

/// A ULID or KSUID value's canonical text, if it is one of its field's kind.
pub(crate) fn id_text(field: &Field, value: &Value) -> Option<String> {
    ids::parse(value, id_kind(&field.kind)?).ok()
}

/// The canonical form of a value: what decoding its encoding gives back.
pub fn canonical(field: &Field, value: &Value, separator: &str) -> Result<Value, ErrorKind> {
    let (stored, _) = encode_field(field, value, separator)?;
    decode_field(field, &stored)
}

/// The plain number a Number (`N`) key attribute stores for a numeric field.
pub fn plain_number(field: &Field, value: &Value) -> Result<String, ErrorKind> {
    // Encoding first applies the same width and sign rules as a String key would.
    encode_field(field, value, "")?;
    Ok(match field.kind {
        FieldKind::Uint { .. } => uint::parse(value)?.to_string(),
        FieldKind::Int { .. } => int::parse(value)?.to_string(),
        FieldKind::Decimal { scale, .. } => decimal::plain(decimal::parse(value, scale)?, scale),
        FieldKind::Timestamp { unit, .. } => timestamp::parse(value, unit)?.to_string(),
        _ => {
            return Err(ErrorKind::InvalidSchema {
                reason: format!("a {} field cannot be a Number key", field.kind.name()),
                fix: "make the attribute type S".into(),
            })
        }
    })
}

/// Number key text back to the field's canonical value.
pub(crate) fn decode_plain(field: &Field, text: &str) -> Result<Value, String> {
    canonical(field, &Value::String(text.to_string()), "").map_err(|e| e.problem())
}

pub(crate) fn field_ctx(entity: &Entity, attribute: &str, field: &str) -> Context {
    Context::entity(&entity.name)
        .with_attribute(attribute)
        .with_field(field)
}

/// Index keys whose fields are all absent are left out, so the item stays out of that
/// index (a sparse index) instead of failing.
pub(crate) fn is_sparse_omission(schema: &Schema, template: &KeyTemplate, values: &Values) -> bool {
    !schema.table.is_primary_key(&template.attribute)
        && template.segments.iter().any(|s| matches!(s, Segment::Field(_)))
        && template.segments.iter().all(|s| match s {
            Segment::Field(f) => value_of(values, f).is_none_or(Value::is_null),
            Segment::Literal(_) => true,
        })
}

/// Builds one key attribute's value.
pub fn encode_key(
    schema: &Schema,
    entity: &Entity,
    template: &KeyTemplate,
    values: &Values,
) -> Result<(KeyValue, Vec<Warning>), Vec<Error>> {
    let attr = &template.attribute;
    let attr_ctx = || Context::entity(&entity.name).with_attribute(attr);
    let attr_type = key_attribute_type(schema, attr, attr_ctx).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    // One buffer for the whole key; contexts are only built for an error or warning,
    // because encoding is a backend's hot path (core/benches/codec.rs).
    let mut key = String::with_capacity(64);
    let separator = schema.separator.as_str();
    for (i, seg) in template.segments.iter().enumerate() {
        if attr_type == AttrType::S && i > 0 {
            key.push_str(separator);
        }
        match seg {
            Segment::Literal(l) => key.push_str(l),
            Segment::Field(used) => {
                let name = &used.name;
                let ctx = || field_ctx(entity, attr, name);
                let Some(field) = entity.field(name) else {
                    errors.push(Error::new(ctx(), ErrorKind::UndefinedField));
                    continue;
                };
                let value = match value_of(values, name) {
                    Some(v) if !v.is_null() => v,
                    _ => {
                        errors.push(Error::new(ctx(), ErrorKind::MissingValue));
                        continue;
                    }
                };
                let encoded = if attr_type == AttrType::N {
                    plain_number(field, value).map(|n| (n, Vec::new()))
                } else {
                    encode_field(field, value, separator)
                };
                match encoded {
                    Ok((stored, ws)) => {
                        key.push_str(&used.prefix);
                        key.push_str(&stored);
                        warnings.extend(ws.into_iter().map(|kind| Warning {
                            context: ctx().with_value(shown(value)),
                            kind,
                        }));
                    }
                    Err(kind) => errors.push(Error::new(ctx().with_value(shown(value)), kind)),
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if attr_type == AttrType::N {
        number_template(template, attr_ctx).map_err(|e| vec![e])?;
        return Ok((number_key(key, attr_ctx).map_err(|e| vec![e])?, warnings));
    }
    key_size(schema, attr, &key, attr_ctx).map_err(|e| vec![e])?;
    Ok((KeyValue::S(key), warnings))
}

/// The table's type for a key attribute, or the error that the table has no such key.
pub(crate) fn key_attribute_type(
    schema: &Schema,
    attribute: &str,
    ctx: impl Fn() -> Context,
) -> Result<AttrType, Error> {
    schema.table.attribute_type(attribute).ok_or_else(|| {
        Error::new(
            ctx(),
            ErrorKind::InvalidSchema {
                reason: format!("{attribute} is not a key attribute of the table"),
                fix: "add it to table.attributes".into(),
            },
        )
    })
}

/// A Number attribute's template must be one numeric field: a number has no separators.
pub(crate) fn number_template(template: &KeyTemplate, ctx: impl Fn() -> Context) -> Result<(), Error> {
    match template.segments.as_slice() {
        [Segment::Field(f)] if f.prefix.is_empty() => Ok(()),
        [Segment::Field(_)] => Err(Error::new(
            ctx(),
            ErrorKind::InvalidSchema {
                reason: "a Number attribute's key is a number, which cannot carry a prefix".into(),
                fix: "take the prefix off, or change the attribute's type to S".into(),
            },
        )),
        _ => Err(Error::new(
            ctx(),
            ErrorKind::InvalidSchema {
                reason: "a Number attribute's template must be exactly one numeric field".into(),
                fix: "make it a single numeric field, or change the attribute's type to S".into(),
            },
        )),
    }
}

/// A finished String key is not empty and fits the size DynamoDB allows its role.
pub(crate) fn key_size(schema: &Schema, attribute: &str, key: &str, ctx: impl Fn() -> Context) -> Result<(), Error> {
    key_size_in(schema.table.role(attribute), key, ctx)
}

/// [`key_size`] for an attribute whose role is known: the key writer looks it up once.
pub(crate) fn key_size_in(role: Option<KeyRole>, key: &str, ctx: impl Fn() -> Context) -> Result<(), Error> {
    if key.is_empty() {
        return Err(Error::new(ctx(), ErrorKind::EmptyKey));
    }
    match role {
        Some(role) if key.len() > role.limit() => Err(Error::new(
            ctx().with_value(key),
            ErrorKind::KeyTooLong {
                bytes: key.len(),
                limit: role.limit(),
                role: role.name(),
            },
        )),
        _ => Ok(()),
    }
}

pub(crate) fn find_entity<'a>(schema: &'a Schema, name: &str) -> Result<&'a Entity, Error> {
    schema.entity(name).ok_or_else(|| {
        let names: Vec<&str> = schema.entities.iter().map(|e| e.name.as_str()).collect();
        Error::new(
            Context::entity(name),
            ErrorKind::InvalidSchema {
                reason: format!("no entity is named {name:?}"),
                fix: format!("use one of: {}", names.join(", ")),
            },
        )
    })
}

/// Every key attribute of one item of `entity`, in the table's attribute order. Fails
/// with every problem found, each naming its field.
pub fn encode(schema: &Schema, entity: &str, values: &Values) -> Result<EncodedItem, Errors> {
    let entity = find_entity(schema, entity)?;
    let mut keys = Vec::new();
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    let ordered = schema.table.attributes.iter().filter_map(|(a, _)| entity.template(a));
    for template in ordered {
        if is_sparse_omission(schema, template, values) {
            continue;
        }
        match encode_key(schema, entity, template, values) {
            Ok((k, ws)) => {
                keys.push((template.attribute.clone(), k));
                warnings.extend(ws);
            }
            Err(mut es) => errors.append(&mut es),
        }
    }
    if errors.is_empty() {
        Ok(EncodedItem { keys, warnings })
    } else {
        Err(Errors(errors))
    }
}

/// Reads a stored key back into the values that made it: the exact inverse of
/// [`encode`] for that attribute.
pub fn decode(schema: &Schema, entity: &str, attribute: &str, key: &str) -> Result<Values, Error> {
    let codec = KeyCodec::new(schema, entity, attribute)?;
    let mut read = Vec::with_capacity(codec.fields().len());
    codec.read(key, &mut read)?;
    Ok(codec.fields().iter().map(|f| f.to_string()).zip(read).collect())
}

/// An instant near `ms` that an iso field of `format` accepts, written in that format.
pub fn iso_sample(ms: i128, format: IsoFormat) -> String {
    timestamp::iso_text(timestamp::kept(ms, format), format).unwrap_or_default()
}

/// The canonical text of a ULID's 128 bits.
pub fn ulid_text(bits: u128) -> String {
    ids::ulid_text(bits)
}

/// A readable date for epoch digits of a timestamp unit (the planner's capacity line).
pub(crate) fn describe_time(t: i128, unit: TimeUnit) -> Option<String> {
    timestamp::describe(t, unit)
}
