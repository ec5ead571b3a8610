//! Bounds on one field's encoding: a range stated in values becomes a range of stored
//! segments, after `desc` (the bounds swap) and id-time conversion (an instant becomes
//! the first or last id of that instant).

use super::{pattern_error, Range, RangeOp};
use crate::codec::{self, encode_field};
use crate::error::{Context, Error, ErrorKind};
use crate::schema::{Field, FieldKind, Order};
use serde_json::Value;

/// Bounds on one field's encoding, after `desc` and id-time conversion.
pub(super) enum Encoded {
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
            let ms = codec::time_given(value).ok_or(id_error)?;
            let id = match field.kind {
                FieldKind::Ulid { .. } => ulid_time_bound(ms, last),
                _ => ksuid_time_bound(ms, last),
            };
            encode_field(field, &Value::String(id), separator).map(|(s, _)| s)
        }
        Err(e) => Err(e),
    }
}

pub(super) fn encoded_range(field: &Field, range: &Range, separator: &str, entity: &str) -> Result<Encoded, Error> {
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
        RangeOp::BeginsWith => Encoded::Prefix(text_prefix(field, range, separator, entity)?),
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

/// The prefix `begins_with` reads: a text field's start, cased as the field is stored,
/// not empty and without the separator.
fn text_prefix(field: &Field, range: &Range, separator: &str, entity: &str) -> Result<String, Error> {
    let FieldKind::Text { case, .. } = field.kind else {
        return Err(pattern_error(
            entity,
            format!(
                "begins_with works on text fields, and {} is {}",
                field.name,
                field.kind.name()
            ),
            "use a range (between, lt, ge...) instead",
        ));
    };
    let text = codec::text::apply_case(&codec::shown(&range.value), case);
    if text.contains(separator) || text.is_empty() {
        return Err(pattern_error(
            entity,
            "begins_with needs a non-empty prefix without the separator",
            "type the start of the value",
        ));
    }
    Ok(text)
}

pub(super) fn describe_range(range: &Range) -> String {
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

/// A text bound holding a character below the separator cannot be ordered by value
/// among the keys (`a b#…` sorts before `a#…` although "a" < "a b"): the range is by
/// key bytes there, and the explanation says so.
pub(super) fn misordered_bounds(field: &Field, range: &Range, sep: &str) -> Option<String> {
    let FieldKind::Text { case, .. } = field.kind else {
        return None;
    };
    if matches!(range.op, RangeOp::Eq | RangeOp::BeginsWith) {
        return None;
    }
    let low = |v: &Value| {
        let text = codec::text::apply_case(&codec::shown(v), case);
        text.chars().find(|c| c.to_string().as_str() < sep).map(|c| (text, c))
    };
    let (text, c) = std::iter::once(&range.value).chain(range.to.as_ref()).find_map(low)?;
    Some(format!(
        "{text:?} holds {c:?}, which sorts below the separator {sep:?}, so keys do not order {} by value next to it: a value that extends it can sort on either side.",
        field.name
    ))
}
