//! Bounds on whole keys, and the one key condition that selects the keys between two
//! of them.
//!
//! Keys never hold U+0000 or U+10FFFF (see `codec::text::RESERVED`), so `prefix +
//! U+10FFFF` sorts after every key that starts with `prefix`, and `key + U+0001` is the
//! first key after `key`: ranges stay exact without kilobyte sentinels.

use super::KeyCondition;
use crate::codec::shape::Limit;
use crate::codec::KeyValue;

/// The sentinel above every character a key may contain.
pub const TOP: char = '\u{10FFFF}';
/// The smallest character a key may contain.
const BOTTOM: char = '\u{1}';

/// A bound on the whole key: the text and whether it is included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Bound {
    pub key: String,
    pub inclusive: bool,
}

impl Bound {
    pub fn inclusive(key: impl Into<String>) -> Bound {
        Bound {
            key: key.into(),
            inclusive: true,
        }
    }

    pub fn exclusive(key: impl Into<String>) -> Bound {
        Bound {
            key: key.into(),
            inclusive: false,
        }
    }

    pub fn limit(bound: Option<&Bound>) -> Limit<'_> {
        match bound {
            None => Limit::Open,
            Some(b) if b.inclusive => Limit::Inclusive(&b.key),
            Some(b) => Limit::Exclusive(&b.key),
        }
    }
}

/// The smallest key after every key that starts with `prefix`.
pub(super) fn after_prefix(prefix: &str) -> String {
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

/// The range a condition selects.
pub(super) fn range_of(condition: &KeyCondition) -> (Option<Bound>, Option<Bound>) {
    let text = |v: &KeyValue| v.as_str().to_string();
    match condition {
        KeyCondition::Eq(v) => (Some(Bound::inclusive(text(v))), Some(Bound::inclusive(text(v)))),
        KeyCondition::Lt(v) => (None, Some(Bound::exclusive(text(v)))),
        KeyCondition::Le(v) => (None, Some(Bound::inclusive(text(v)))),
        KeyCondition::Gt(v) => (Some(Bound::exclusive(text(v))), None),
        KeyCondition::Ge(v) => (Some(Bound::inclusive(text(v))), None),
        KeyCondition::Between(a, b) => (Some(Bound::inclusive(text(a))), Some(Bound::inclusive(text(b)))),
        KeyCondition::BeginsWith(p) => (
            Some(Bound::inclusive(text(p))),
            Some(Bound::inclusive(after_prefix(p.as_str()))),
        ),
    }
}

/// The higher of two lower bounds (at equal keys, the exclusive one).
pub(super) fn higher(a: Option<Bound>, b: Bound) -> Bound {
    match a {
        Some(a) if a.key > b.key || (a.key == b.key && !a.inclusive) => a,
        _ => b,
    }
}

/// The lower of two upper bounds (at equal keys, the exclusive one).
pub(super) fn lower(a: Option<Bound>, b: Bound) -> Bound {
    match a {
        Some(a) if a.key < b.key || (a.key == b.key && !a.inclusive) => a,
        _ => b,
    }
}

/// One condition for the bounds, staying inside the head `h` when it is not empty.
/// `None` with both bounds open; also `None` when no key fits between them.
pub(super) fn combine(h: &str, lower: Option<Bound>, upper: Option<Bound>) -> Result<Option<KeyCondition>, Empty> {
    let (lower, upper) = if h.is_empty() {
        (lower, upper)
    } else {
        (
            Some(lower.unwrap_or_else(|| Bound::inclusive(h))),
            Some(upper.unwrap_or_else(|| Bound::inclusive(after_prefix(h)))),
        )
    };
    let s = KeyValue::S;
    Ok(Some(match (lower, upper) {
        (None, None) => return Ok(None),
        (Some(l), None) if l.inclusive => KeyCondition::Ge(s(l.key)),
        (Some(l), None) => KeyCondition::Gt(s(l.key)),
        (None, Some(u)) if u.inclusive => KeyCondition::Le(s(u.key)),
        (None, Some(u)) => KeyCondition::Lt(s(u.key)),
        (Some(l), Some(u)) => {
            let lo = if l.inclusive { l.key } else { just_above(&l.key) };
            let hi = if u.inclusive {
                u.key
            } else {
                just_below(&u.key).ok_or(Empty)?
            };
            if lo.as_bytes() > hi.as_bytes() {
                return Err(Empty);
            }
            KeyCondition::Between(s(lo), s(hi))
        }
    }))
}

/// No key lies between the bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Empty;
