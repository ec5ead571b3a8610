//! Access pattern → [`Query`]: a request stated in field values becomes the one key
//! condition that returns exactly the matching items of that entity.
//!
//! Semantics are by value. The builder works in three steps:
//!
//! 1. the `equal` fields, in template order, give the key's fixed head `H`;
//! 2. the `range` on the next field becomes bounds on that field's *encoding* (for a
//!    `desc` field the bounds swap; for ULID/KSUID a time becomes the first or last id
//!    of that instant);
//! 3. bounds on the encoding become bounds on the whole key. A bound on a middle segment
//!    must still include every key whose field equals it: "at most e" is "at most
//!    `H + e + separator + U+10FFFF`", which sorts after every key that starts with
//!    `H + e + separator` because no key may contain U+10FFFF. "More than e" is "at least
//!    the first key after all those". When the head is not empty, the result stays inside
//!    it with `BETWEEN`.

use super::{KeyCondition, Query};
use crate::codec::{self, encode_field, encode_key, plain_number, KeyValue, Values};
use crate::error::{Context, Error, ErrorKind};
use crate::schema::{AttrType, Entity, Field, FieldKind, KeySchema, Order, Schema, Segment, TimeUnit};
use serde::Deserialize;
use serde_json::Value;

/// The sentinel above every character a key may contain.
pub const TOP: char = '\u{10FFFF}';
/// The smallest character a key may contain.
const BOTTOM: char = '\u{1}';

/// An access pattern, as the page and the JS API state it.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AccessPattern {
    pub entity: String,
    #[serde(default)]
    pub index: Option<String>,
    #[serde(default)]
    pub partition: Values,
    #[serde(default)]
    pub sort: Option<SortPattern>,
    /// With a partial `equal` and no range: `true` leaves out the item whose key is the
    /// prefix itself (the parent).
    #[serde(default)]
    pub children: bool,
    #[serde(default = "forward")]
    pub scan_index_forward: bool,
    #[serde(default)]
    pub limit: Option<u32>,
    /// With every sort field fixed by `equal`: that item and everything on one side of
    /// it in the partition, whatever the entity (a parent and one kind of its children).
    #[serde(default)]
    pub around: Option<Around>,
}

/// Which side of an item an `around` query reads. The direction follows: reading away
/// from the item, so the nearest items come first.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Around {
    /// `SK <= key`, read backward.
    Before,
    /// `SK >= key`, read forward.
    After,
}

fn forward() -> bool {
    true
}

#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
pub struct SortPattern {
    #[serde(default)]
    pub equal: Values,
    #[serde(default)]
    pub range: Option<Range>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Range {
    pub field: String,
    pub op: RangeOp,
    pub value: Value,
    #[serde(default)]
    pub to: Option<Value>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RangeOp {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
    Between,
    BeginsWith,
}

impl RangeOp {
    fn words(self) -> &'static str {
        match self {
            RangeOp::Eq => "is",
            RangeOp::Lt => "is below",
            RangeOp::Le => "is at most",
            RangeOp::Gt => "is above",
            RangeOp::Ge => "is at least",
            RangeOp::Between => "is between",
            RangeOp::BeginsWith => "begins with",
        }
    }
}

/// The query and one sentence saying what it returns, in what order.
#[derive(Clone, Debug, PartialEq)]
pub struct Built {
    pub query: Query,
    pub explanation: String,
}

fn pattern_error(entity: &str, reason: impl Into<String>, fix: impl Into<String>) -> Error {
    Error::new(
        Context::entity(entity),
        ErrorKind::InvalidPattern {
            reason: reason.into(),
            fix: fix.into(),
        },
    )
}

/// A bound on the whole key: the text and whether it is included.
#[derive(Clone, Debug)]
struct Bound {
    key: String,
    inclusive: bool,
}

fn first_error(entity: &Entity, attr: &str, errors: Vec<Error>) -> Error {
    errors
        .into_iter()
        .next()
        .unwrap_or_else(|| pattern_error(&entity.name, format!("{attr} could not be built"), "check the values"))
}

/// The smallest key after every key that starts with `prefix`.
fn after_prefix(prefix: &str) -> String {
    format!("{prefix}{TOP}")
}

/// The largest key below `key`: the same text with its last character one lower and
/// then the top sentinel, since nothing may sit between.
fn just_below(key: &str) -> Option<String> {
    let mut chars: Vec<char> = key.chars().collect();
    let last = chars.pop()?;
    let lower = (1..=last as u32).rev().skip(1).find_map(char::from_u32);
    Some(match lower {
        Some(c) if c >= BOTTOM => {
            chars.push(c);
            chars.push(TOP);
            chars.into_iter().collect()
        }
        // `last` was already the smallest allowed character: nothing between.
        _ => chars.into_iter().collect(),
    })
}

/// The smallest key above `key`.
fn just_above(key: &str) -> String {
    format!("{key}{BOTTOM}")
}

/// Bounds on one field's encoding, after `desc` and id-time conversion.
enum Encoded {
    Eq(String),
    Prefix(String),
    Range {
        lower: Option<(String, bool)>,
        upper: Option<(String, bool)>,
    },
}

fn ulid_time_bound(ms: i128, last: bool) -> String {
    let t = (ms.clamp(0, (1i128 << 48) - 1) as u128) << 80;
    let bits = if last { t | ((1u128 << 80) - 1) } else { t };
    codec::ulid_text(bits)
}

fn ksuid_time_bound(ms: i128, last: bool) -> String {
    use svix_ksuid::KsuidLike;
    const KSUID_EPOCH: i128 = 1_400_000_000;
    let secs = (ms.div_euclid(1000) - KSUID_EPOCH).clamp(0, u32::MAX as i128) as u32;
    let mut bytes = [if last { 0xFF } else { 0 }; 20];
    bytes[..4].copy_from_slice(&secs.to_be_bytes());
    svix_ksuid::Ksuid::from_bytes(bytes).to_string()
}

/// The encoding of a range bound on `field`. For ids, a value that is not an id is read
/// as a time (ISO-8601, or epoch milliseconds) and becomes the first (`last = false`) or
/// last id of that instant.
fn encode_bound(field: &Field, value: &Value, separator: &str, last: bool) -> Result<String, ErrorKind> {
    match encode_field(field, value, separator) {
        Ok((stored, _)) => Ok(stored),
        Err(id_error) if matches!(field.kind, FieldKind::Ulid { .. } | FieldKind::Ksuid { .. }) => {
            let as_time = Field {
                name: field.name.clone(),
                kind: FieldKind::Timestamp {
                    unit: TimeUnit::Millis { width: 15 },
                    order: Order::Asc,
                },
                warn_at: None,
            };
            let ms = codec::time_of(&as_time, value).ok_or(id_error)?;
            let id = match field.kind {
                FieldKind::Ulid { .. } => ulid_time_bound(ms, last),
                _ => ksuid_time_bound(ms, last),
            };
            encode_field(field, &Value::String(id), separator).map(|(s, _)| s)
        }
        Err(e) => Err(e),
    }
}

fn encoded_range(field: &Field, range: &Range, separator: &str, entity: &str) -> Result<Encoded, Error> {
    let ctx = |v: &Value| {
        Context::entity(entity)
            .with_field(&field.name)
            .with_value(codec::shown(v))
    };
    let enc = |v: &Value, last: bool| encode_bound(field, v, separator, last).map_err(|k| Error::new(ctx(v), k));
    let desc = field.kind.order() == Order::Desc;
    // Bounds are chosen in value space (an instant's first id for "from", its last id for
    // "up to"); for a desc field, `bounds` then swaps them in encoding space.
    let (lo_end, hi_end) = (false, true);
    let bounds = |lower: Option<(String, bool)>, upper: Option<(String, bool)>| {
        if desc {
            Encoded::Range {
                lower: upper,
                upper: lower,
            }
        } else {
            Encoded::Range { lower, upper }
        }
    };
    Ok(match range.op {
        RangeOp::Eq => {
            let a = enc(&range.value, false)?;
            let b = enc(&range.value, true)?;
            if a == b {
                Encoded::Eq(a)
            } else {
                // An instant given to an id field: every id of that instant.
                let (lo, hi) = if desc { (b, a) } else { (a, b) };
                Encoded::Range {
                    lower: Some((lo, true)),
                    upper: Some((hi, true)),
                }
            }
        }
        RangeOp::BeginsWith => match field.kind {
            FieldKind::Text { case } => {
                let text = codec::text::apply_case(&codec::shown(&range.value), case);
                if text.contains(separator) || text.is_empty() {
                    return Err(pattern_error(
                        entity,
                        "begins_with needs a non-empty prefix without the separator",
                        "type the start of the value",
                    ));
                }
                Encoded::Prefix(text)
            }
            _ => {
                return Err(pattern_error(
                    entity,
                    format!(
                        "begins_with works on text fields, and {} is {}",
                        field.name,
                        field.kind.name()
                    ),
                    "use a range (between, lt, ge...) instead",
                ))
            }
        },
        RangeOp::Lt => bounds(None, Some((enc(&range.value, lo_end)?, false))),
        RangeOp::Le => bounds(None, Some((enc(&range.value, hi_end)?, true))),
        RangeOp::Gt => bounds(Some((enc(&range.value, hi_end)?, false)), None),
        RangeOp::Ge => bounds(Some((enc(&range.value, lo_end)?, true)), None),
        RangeOp::Between => {
            let to = range
                .to
                .as_ref()
                .ok_or_else(|| pattern_error(entity, "between needs \"to\"", "add \"to\": the upper value"))?;
            let (lo, hi) = (enc(&range.value, lo_end)?, enc(to, hi_end)?);
            let (lo_key, hi_key) = if desc { (&hi, &lo) } else { (&lo, &hi) };
            if lo_key > hi_key {
                return Err(pattern_error(
                    entity,
                    format!(
                        "the range {} to {} is empty: its lower end is above its upper end",
                        codec::shown(&range.value),
                        codec::shown(to)
                    ),
                    "swap value and to",
                ));
            }
            bounds(Some((lo, true)), Some((hi, true)))
        }
    })
}

fn find_keys<'a>(schema: &'a Schema, index: Option<&str>, entity: &str) -> Result<&'a KeySchema, Error> {
    match index {
        None => Ok(&schema.table.primary),
        Some(name) => schema
            .table
            .indexes
            .iter()
            .find(|i| i.name == name)
            .map(|i| &i.keys)
            .ok_or_else(|| {
                let names: Vec<&str> = schema.table.indexes.iter().map(|i| i.name.as_str()).collect();
                pattern_error(
                    entity,
                    format!("the table has no index named {name:?}"),
                    format!("use null for the base table or one of: {}", names.join(", ")),
                )
            }),
    }
}

/// Turns an access pattern into its Query and explanation.
pub fn build(schema: &Schema, pattern: &AccessPattern) -> Result<Built, Error> {
    let entity = schema.entity(&pattern.entity).ok_or_else(|| {
        pattern_error(
            &pattern.entity,
            format!("no entity is named {:?}", pattern.entity),
            "pick an entity of the schema",
        )
    })?;
    let keys = find_keys(schema, pattern.index.as_deref(), &entity.name)?;
    let where_ = pattern
        .index
        .as_deref()
        .map_or("the table".to_string(), |i| format!("index {i}"));
    let pk_template = entity.template(&keys.partition).ok_or_else(|| {
        pattern_error(
            &entity.name,
            format!(
                "{} has no template for {}, so its items are not in {where_}",
                entity.name, keys.partition
            ),
            "query another index or add the template",
        )
    })?;
    let (pk, _) = encode_key(schema, entity, pk_template, &pattern.partition)
        .map_err(|e| first_error(entity, &keys.partition, e))?;
    let mut query = Query {
        table: schema.table.name.clone(),
        index: pattern.index.clone(),
        partition: (keys.partition.clone(), pk.clone()),
        sort: None,
        scan_index_forward: pattern.scan_index_forward,
        limit: pattern.limit,
        exclusive_start_key: None,
    };
    let mut what = Vec::new();
    let order_field;
    match &pattern.sort {
        None => order_field = None,
        Some(sort) => {
            let attr = keys.sort.as_ref().ok_or_else(|| {
                pattern_error(&entity.name, format!("{where_} has no sort key"), "leave out \"sort\"")
            })?;
            let template = entity.template(attr).ok_or_else(|| {
                pattern_error(
                    &entity.name,
                    format!("{} has no template for {attr}", entity.name),
                    "add the template",
                )
            })?;
            let (condition, described, next) = if schema.table.attribute_type(attr) == Some(AttrType::N) {
                number_condition(entity, &template.segments, sort)?
            } else {
                string_condition(schema, entity, &template.segments, sort, pattern.children)?
            };
            what = described;
            order_field = next;
            query.sort = condition.map(|c| (attr.clone(), c));
        }
    }
    if let Some(side) = pattern.around {
        let Some((attr, KeyCondition::Eq(key))) = query.sort.take() else {
            return Err(pattern_error(
                &entity.name,
                "\"around\" reads from one item, but equal does not fix every field of its sort key",
                "fix every sort-key field in equal",
            ));
        };
        let (condition, side_word, direction) = match side {
            Around::Before => (KeyCondition::Le(key.clone()), "before", "backward"),
            Around::After => (KeyCondition::Ge(key.clone()), "after", "forward"),
        };
        query.sort = Some((attr, condition));
        query.scan_index_forward = side == Around::After;
        let mut explanation = format!(
            "Returns, in partition {}, the {} item with sort key {} and then every item (of any entity) sorting {side_word} it, read {direction} from it",
            pk.as_str(),
            entity.name,
            key.as_str()
        );
        if let Some(l) = pattern.limit {
            explanation.push_str(&format!(", {l} per page"));
        }
        explanation.push('.');
        return Ok(Built { query, explanation });
    }
    let explanation = explain(entity, pattern, &pk, &what, order_field.as_ref(), &query);
    Ok(Built { query, explanation })
}

/// The sort condition, the phrases describing it, and the field that orders the result.
type SortCondition = (Option<KeyCondition>, Vec<String>, Option<Field>);

fn field_of<'a>(entity: &'a Entity, name: &str) -> Result<&'a Field, Error> {
    entity.field(name).ok_or_else(|| {
        Error::new(
            Context::entity(&entity.name).with_field(name),
            ErrorKind::UndefinedField,
        )
    })
}

fn number_condition(entity: &Entity, segments: &[Segment], sort: &SortPattern) -> Result<SortCondition, Error> {
    let [Segment::Field(name)] = segments else {
        return Err(pattern_error(
            &entity.name,
            "a Number sort key has one field",
            "fix the template",
        ));
    };
    let field = field_of(entity, name)?;
    let n = |v: &Value| {
        plain_number(field, v).map(KeyValue::N).map_err(|k| {
            Error::new(
                Context::entity(&entity.name)
                    .with_field(name)
                    .with_value(codec::shown(v)),
                k,
            )
        })
    };
    if let Some(v) = sort.equal.get(name) {
        return Ok((
            Some(KeyCondition::Eq(n(v)?)),
            vec![format!("{name} is {}", codec::shown(v))],
            None,
        ));
    }
    let Some(range) = &sort.range else {
        return Ok((None, Vec::new(), Some(field.clone())));
    };
    if range.field != *name {
        return Err(pattern_error(
            &entity.name,
            format!("the range must be on {name}, the sort key's field"),
            format!("use field {name}"),
        ));
    }
    let v = n(&range.value)?;
    let condition = match range.op {
        RangeOp::Eq => KeyCondition::Eq(v),
        RangeOp::Lt => KeyCondition::Lt(v),
        RangeOp::Le => KeyCondition::Le(v),
        RangeOp::Gt => KeyCondition::Gt(v),
        RangeOp::Ge => KeyCondition::Ge(v),
        RangeOp::Between => {
            let to = n(range
                .to
                .as_ref()
                .ok_or_else(|| pattern_error(&entity.name, "between needs \"to\"", "add \"to\""))?)?;
            if crate::codec::order::compare_numbers(v.as_str(), to.as_str()) == Some(std::cmp::Ordering::Greater) {
                return Err(pattern_error(
                    &entity.name,
                    "the range is empty: its lower end is above its upper end",
                    "swap value and to",
                ));
            }
            KeyCondition::Between(v, to)
        }
        RangeOp::BeginsWith => {
            return Err(pattern_error(
                &entity.name,
                "begins_with does not apply to a Number sort key",
                "use a range instead",
            ))
        }
    };
    Ok((Some(condition), vec![describe_range(range)], Some(field.clone())))
}

fn describe_range(range: &Range) -> String {
    match (&range.op, &range.to) {
        (RangeOp::Between, Some(to)) => format!(
            "{} is between {} and {}",
            range.field,
            codec::shown(&range.value),
            codec::shown(to)
        ),
        (op, _) => format!("{} {} {}", range.field, op.words(), codec::shown(&range.value)),
    }
}

fn string_condition(
    schema: &Schema,
    entity: &Entity,
    segments: &[Segment],
    sort: &SortPattern,
    children: bool,
) -> Result<SortCondition, Error> {
    let sep = schema.separator.as_str();
    let mut head_parts: Vec<String> = Vec::new();
    let mut described = Vec::new();
    let mut i = 0;
    let mut last_fixed_width = true;
    while let Some(seg) = segments.get(i) {
        match seg {
            Segment::Literal(l) => {
                head_parts.push(l.clone());
                last_fixed_width = true;
            }
            Segment::Field(f) => {
                let Some(v) = sort.equal.get(f) else { break };
                let field = field_of(entity, f)?;
                let (stored, _) = encode_field(field, v, sep).map_err(|k| {
                    Error::new(
                        Context::entity(&entity.name).with_field(f).with_value(codec::shown(v)),
                        k,
                    )
                })?;
                head_parts.push(stored);
                described.push(format!("{f} is {}", codec::shown(v)));
                last_fixed_width = codec::fixed_len(&field.kind).is_some();
            }
        }
        i += 1;
    }
    for name in sort.equal.keys() {
        let fixed = segments[..i]
            .iter()
            .any(|s| matches!(s, Segment::Field(f) if f == name));
        if !fixed {
            let leading: Vec<&str> = segments
                .iter()
                .filter_map(|s| {
                    if let Segment::Field(f) = s {
                        Some(f.as_str())
                    } else {
                        None
                    }
                })
                .collect();
            return Err(pattern_error(
                &entity.name,
                format!(
                    "equal fixes {name}, but equal must fix leading fields of the sort key in template order ({})",
                    leading.join(", ")
                ),
                "fix the fields before it too, or move the condition to range",
            ));
        }
    }
    let complete = i == segments.len();
    let head = head_parts.join(sep);
    let next_field = match segments.get(i) {
        Some(Segment::Field(f)) => Some(field_of(entity, f)?.clone()),
        _ => None,
    };
    let Some(range) = &sort.range else {
        let cond = if complete {
            Some(KeyCondition::Eq(KeyValue::S(head)))
        } else if head.is_empty() {
            None
        } else if children {
            Some(KeyCondition::BeginsWith(KeyValue::S(format!("{head}{sep}"))))
        } else if last_fixed_width {
            Some(KeyCondition::BeginsWith(KeyValue::S(head)))
        } else {
            // A text value fixes the head: `begins_with` would also match longer texts.
            let upper = after_prefix(&format!("{head}{sep}"));
            Some(KeyCondition::Between(KeyValue::S(head), KeyValue::S(upper)))
        };
        return Ok((cond, described, next_field));
    };
    let field = match (&segments.get(i), &next_field) {
        (Some(Segment::Field(f)), Some(field)) if *f == range.field => field,
        _ => {
            let expected = next_field
                .as_ref()
                .map_or("no field (every field is fixed)".to_string(), |f| f.name.clone());
            return Err(pattern_error(
                &entity.name,
                format!(
                    "the range is on {}, but the next field after those fixed by equal is {expected}",
                    range.field
                ),
                "put the range on that field, or fix the fields before it with equal",
            ));
        }
    };
    let last = i + 1 == segments.len();
    let h = if head_parts.is_empty() {
        String::new()
    } else {
        format!("{head}{sep}")
    };
    described.push(describe_range(range));
    let encoded = encoded_range(field, range, sep, &entity.name)?;
    let cond = match encoded {
        Encoded::Eq(e) if last => KeyCondition::Eq(KeyValue::S(format!("{h}{e}"))),
        Encoded::Eq(e) => KeyCondition::BeginsWith(KeyValue::S(format!("{h}{e}{sep}"))),
        Encoded::Prefix(p) => KeyCondition::BeginsWith(KeyValue::S(format!("{h}{p}"))),
        Encoded::Range { lower, upper } => {
            let lower = lower.map(|(e, incl)| match (incl, last) {
                (true, _) => Bound {
                    key: format!("{h}{e}"),
                    inclusive: true,
                },
                (false, true) => Bound {
                    key: format!("{h}{e}"),
                    inclusive: false,
                },
                // Above e: past every key whose field is e.
                (false, false) => Bound {
                    key: after_prefix(&format!("{h}{e}{sep}")),
                    inclusive: false,
                },
            });
            let upper = upper.map(|(e, incl)| match (incl, last) {
                (true, true) => Bound {
                    key: format!("{h}{e}"),
                    inclusive: true,
                },
                // At most e: every key whose field is e, whatever follows.
                (true, false) => Bound {
                    key: after_prefix(&format!("{h}{e}{sep}")),
                    inclusive: true,
                },
                (false, _) => Bound {
                    key: format!("{h}{e}"),
                    inclusive: false,
                },
            });
            combine(&h, lower, upper)
                .ok_or_else(|| pattern_error(&entity.name, "the range matches no key", "widen the range"))?
        }
    };
    Ok((Some(cond), described, Some(field.clone())))
}

/// One condition for the bounds, staying inside the head `h` when it is not empty.
fn combine(h: &str, lower: Option<Bound>, upper: Option<Bound>) -> Option<KeyCondition> {
    let (lower, upper) = if h.is_empty() {
        (lower, upper)
    } else {
        (
            Some(lower.unwrap_or(Bound {
                key: h.to_string(),
                inclusive: true,
            })),
            Some(upper.unwrap_or(Bound {
                key: after_prefix(h),
                inclusive: true,
            })),
        )
    };
    let s = |k: String| KeyValue::S(k);
    Some(match (lower, upper) {
        (None, None) => return None,
        (Some(l), None) => {
            if l.inclusive {
                KeyCondition::Ge(s(l.key))
            } else {
                KeyCondition::Gt(s(l.key))
            }
        }
        (None, Some(u)) => {
            if u.inclusive {
                KeyCondition::Le(s(u.key))
            } else {
                KeyCondition::Lt(s(u.key))
            }
        }
        (Some(l), Some(u)) => {
            let lo = if l.inclusive { l.key } else { just_above(&l.key) };
            let hi = if u.inclusive { u.key } else { just_below(&u.key)? };
            if lo.as_bytes() > hi.as_bytes() {
                return None;
            }
            KeyCondition::Between(s(lo), s(hi))
        }
    })
}

fn explain(
    entity: &Entity,
    pattern: &AccessPattern,
    pk: &KeyValue,
    what: &[String],
    order_field: Option<&Field>,
    query: &Query,
) -> String {
    let mut s = format!("Returns {} items in partition {}", entity.name, pk.as_str());
    if let Some(ix) = &pattern.index {
        s.push_str(&format!(" of index {ix}"));
    }
    if !what.is_empty() {
        s.push_str(" whose ");
        s.push_str(&what.join(" and "));
    }
    if pattern.sort.is_none() {
        s = format!(
            "Returns the whole item collection in partition {} (every entity in it)",
            pk.as_str()
        );
    }
    let exact = matches!(query.sort, Some((_, KeyCondition::Eq(_))));
    if !exact {
        let forward = pattern.scan_index_forward;
        match order_field {
            Some(f) => {
                let ascending_values = (f.kind.order() == Order::Asc) == forward;
                let timed = matches!(
                    f.kind,
                    FieldKind::Timestamp { .. } | FieldKind::Ulid { .. } | FieldKind::Ksuid { .. }
                );
                let phrase = match (timed, ascending_values, matches!(f.kind, FieldKind::Text { .. })) {
                    (true, true, _) => "oldest first",
                    (true, false, _) => "newest first",
                    (_, true, true) => "in byte order",
                    (_, false, true) => "in reverse byte order",
                    (_, true, false) => "lowest first",
                    (_, false, false) => "highest first",
                };
                s.push_str(&format!(", {} {phrase}", f.name));
            }
            None => s.push_str(if forward {
                ", in sort-key order"
            } else {
                ", in reverse sort-key order"
            }),
        }
    }
    if let Some(l) = pattern.limit {
        s.push_str(&format!(", {l} per page"));
    }
    if pattern.children && pattern.sort.as_ref().is_some_and(|s| s.range.is_none()) {
        s.push_str(", leaving out the parent item");
    }
    s.push('.');
    s
}
