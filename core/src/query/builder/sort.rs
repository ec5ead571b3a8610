//! The one condition on the sort key: for a Number key directly from the values, for a
//! String key through the fixed head, the range on the next field, and the prefix rule.

use super::field::{describe_range, encoded_range, misordered_bounds, Encoded};
use super::{field_of, pattern_error, Parent, ParentItem, Range, RangeOp, SortPattern, Sorted};
use crate::codec::shape::Limit;
use crate::codec::{self, encode_field, number_value, KeyValue};
use crate::error::{Context, Error};
use crate::query::bounds::{after_prefix, combine, Bound};
use crate::query::reach::Partition;
use crate::query::KeyCondition;
use crate::schema::{Entity, Field, Schema, Segment};
use serde_json::Value;

pub(super) fn number_condition(entity: &Entity, segments: &[Segment], sort: &SortPattern) -> Result<Sorted, Error> {
    let [Segment::Field(used)] = segments else {
        return Err(pattern_error(
            &entity.name,
            "a Number sort key has one field",
            "fix the template",
        ));
    };
    let name = &used.name;
    let field = field_of(entity, name)?;
    let n = |v: &Value| {
        number_value(field, v).map(KeyValue::N).map_err(|k| {
            Error::new(
                Context::entity(&entity.name)
                    .with_field(name)
                    .with_value(codec::shown(v)),
                k,
            )
        })
    };
    let sorted = |condition, described, order_field| Sorted {
        condition,
        described,
        order_field,
        ..Sorted::whole()
    };
    if let Some(v) = sort.equal.get(name) {
        return Ok(sorted(
            Some(KeyCondition::Eq(n(v)?)),
            vec![format!("{name} is {}", codec::shown(v))],
            None,
        ));
    }
    let Some(range) = &sort.range else {
        return Ok(sorted(None, Vec::new(), Some(field.clone())));
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
            if v > to {
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
    Ok(sorted(
        Some(condition),
        vec![describe_range(range)],
        Some(field.clone()),
    ))
}

/// The condition for everything under the head (no range): `head + separator` as a
/// prefix, widened to take in the parent item (the key `head` itself, written from the
/// head's own `segments`) when one can exist, was not refused, and nothing can sort
/// between it and its children.
fn under_prefix(
    partition: &Partition,
    entity: &Entity,
    head: (&str, &[Segment]),
    sep: &str,
    children: bool,
) -> (KeyCondition, Parent) {
    let (head, segments) = head;
    let prefix = format!("{head}{sep}");
    let item = ParentItem {
        key: head.to_string(),
        entities: partition.parents_of(head, entity, segments),
    };
    let begins = KeyCondition::BeginsWith(KeyValue::S(prefix.clone()));
    if item.entities.is_empty() {
        return (begins, Parent::None);
    }
    if children {
        return (begins, Parent::Asked(item));
    }
    if partition.any_between(Limit::Exclusive(head), Limit::Exclusive(&prefix)) {
        return (begins, Parent::Apart(item));
    }
    let upper = after_prefix(&prefix);
    (
        KeyCondition::Between(KeyValue::S(head.to_string()), KeyValue::S(upper)),
        Parent::Included(item),
    )
}

pub(super) fn string_condition(
    schema: &Schema,
    partition: &Partition,
    entity: &Entity,
    segments: &[Segment],
    sort: &SortPattern,
    children: bool,
) -> Result<Sorted, Error> {
    let sep = schema.separator.as_str();
    let Head {
        parts,
        described,
        fixed,
    } = fixed_head(entity, segments, sort, sep)?;
    let complete = fixed == segments.len();
    let head = parts.join(sep);
    let next_field = match segments.get(fixed) {
        Some(Segment::Field(f)) => Some(field_of(entity, &f.name)?.clone()),
        _ => None,
    };
    let mut sorted = Sorted {
        condition: None,
        described,
        order_field: next_field.clone(),
        head: head.clone(),
        separator: sep.to_string(),
        parent: Parent::None,
        notes: Vec::new(),
    };
    let Some(range) = &sort.range else {
        if complete {
            sorted.condition = Some(KeyCondition::Eq(KeyValue::S(head)));
        } else if !head.is_empty() {
            let (condition, parent) = under_prefix(partition, entity, (&head, &segments[..fixed]), sep, children);
            sorted.condition = Some(condition);
            sorted.parent = parent;
        }
        return Ok(sorted);
    };
    let (field, prefix) = match (&segments.get(fixed), &next_field) {
        (Some(Segment::Field(f)), Some(field)) if f.name == range.field => (field, &f.prefix),
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
    // Every bound starts with the head and the range field's prefix.
    let start = if parts.is_empty() {
        prefix.clone()
    } else {
        format!("{head}{sep}{prefix}")
    };
    sorted.described.push(describe_range(range));
    sorted.notes.extend(misordered_bounds(field, range, sep));
    let last = fixed + 1 == segments.len();
    sorted.condition = Some(range_condition(field, range, &start, sep, last, &entity.name)?);
    Ok(sorted)
}

/// The sort key's head that `equal` fixes: its parts (literals and encoded values, in
/// template order, up to the first field it does not fix), what each fixed field is,
/// and how many segments the head takes.
struct Head {
    parts: Vec<String>,
    described: Vec<String>,
    fixed: usize,
}

fn fixed_head(entity: &Entity, segments: &[Segment], sort: &SortPattern, sep: &str) -> Result<Head, Error> {
    let mut head = Head {
        parts: Vec::new(),
        described: Vec::new(),
        fixed: 0,
    };
    while let Some(seg) = segments.get(head.fixed) {
        match seg {
            Segment::Literal(l) => head.parts.push(l.clone()),
            Segment::Field(used) => {
                let f = &used.name;
                let Some(v) = sort.equal.get(f) else { break };
                let field = field_of(entity, f)?;
                let (stored, _) = encode_field(field, v, sep).map_err(|k| {
                    Error::new(
                        Context::entity(&entity.name).with_field(f).with_value(codec::shown(v)),
                        k,
                    )
                })?;
                head.parts.push(format!("{}{stored}", used.prefix));
                head.described.push(format!("{f} is {}", codec::shown(v)));
            }
        }
        head.fixed += 1;
    }
    // `equal` fixes leading fields only: one it names past the head is refused.
    for name in sort.equal.keys() {
        let fixed = segments[..head.fixed]
            .iter()
            .any(|s| matches!(s, Segment::Field(f) if f.name == *name));
        if !fixed {
            let leading: Vec<&str> = (segments.iter())
                .filter_map(|s| match s {
                    Segment::Field(f) => Some(f.name.as_str()),
                    Segment::Literal(_) => None,
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
    Ok(head)
}

/// The condition for a range on the field after the head, each bound starting with
/// `start` (the head and the field's prefix). When the field is not the key's `last`
/// segment, a bound on a value covers every key whose field holds it.
fn range_condition(
    field: &Field,
    range: &Range,
    start: &str,
    sep: &str,
    last: bool,
    entity: &str,
) -> Result<KeyCondition, Error> {
    Ok(match encoded_range(field, range, sep, entity)? {
        Encoded::Eq(e) if last => KeyCondition::Eq(KeyValue::S(format!("{start}{e}"))),
        Encoded::Eq(e) => KeyCondition::BeginsWith(KeyValue::S(format!("{start}{e}{sep}"))),
        Encoded::Prefix(p) => KeyCondition::BeginsWith(KeyValue::S(format!("{start}{p}"))),
        Encoded::Range { lower, upper } => {
            let lower = lower.map(|(e, incl)| match (incl, last) {
                (true, _) => Bound::inclusive(format!("{start}{e}")),
                (false, true) => Bound::exclusive(format!("{start}{e}")),
                // Above e: past every key whose field is e.
                (false, false) => Bound::exclusive(after_prefix(&format!("{start}{e}{sep}"))),
            });
            let upper = upper.map(|(e, incl)| match (incl, last) {
                (true, true) => Bound::inclusive(format!("{start}{e}")),
                // At most e: every key whose field is e, whatever follows.
                (true, false) => Bound::inclusive(after_prefix(&format!("{start}{e}{sep}"))),
                (false, _) => Bound::exclusive(format!("{start}{e}")),
            });
            combine(start, lower, upper)
                .ok()
                .flatten()
                .ok_or_else(|| pattern_error(entity, "the range matches no key", "widen the range"))?
        }
    })
}
