//! Access patterns on a GSI with a multi-attribute key. Each key attribute holds one
//! field's value as itself, so there are no bounds to compute: the pattern's values
//! become one condition per attribute, held to DynamoDB's rules (every partition
//! attribute by equality, sort attributes left to right, a range only on the last one
//! given), and a pattern that breaks one is refused with the rule and the fix.

use super::explain::per_page;
use super::{first_error, pattern_error, AccessPattern, Built, Range, RangeOp};
use crate::codec::{encode_key, KeyValue, Values};
use crate::error::Error;
use crate::query::{KeyCondition, Query};
use crate::schema::{AttrType, Entity, KeySchema, KeyTemplate, Schema, Segment};
use serde_json::Value;

/// The one field an attribute of the key holds, by the entity's template for it.
fn field_of<'e>(entity: &'e Entity, attribute: &str, index: &str) -> Result<(&'e KeyTemplate, &'e str), Error> {
    let template = entity.template(attribute).ok_or_else(|| {
        pattern_error(
            &entity.name,
            format!(
                "{} has no template for {attribute}, so its items are not in {index} (an item without every key attribute is left out)",
                entity.name
            ),
            "query another index, or map a field of the entity to that attribute",
        )
    })?;
    match template.segments.as_slice() {
        [Segment::Field(f)] if f.prefix.is_empty() => Ok((template, f.name.as_str())),
        _ => Err(pattern_error(
            &entity.name,
            format!("{attribute} is an attribute of {index}'s multi-attribute key, so its template must be one field, without a prefix"),
            "make the template a single field",
        )),
    }
}

/// A value given for `field`, as the attribute stores it (a Number stays a number).
fn stored(
    schema: &Schema,
    entity: &Entity,
    template: &KeyTemplate,
    field: &str,
    value: &Value,
) -> Result<KeyValue, Error> {
    let mut values = Values::default();
    values.insert(field.to_string(), value.clone());
    encode_key(schema, entity, template, &values)
        .map(|(key, _)| key)
        .map_err(|e| first_error(entity, &template.attribute, e))
}

/// Every partition attribute's value, each given by its one field, and no other field.
fn partition_of(
    schema: &Schema,
    entity: &Entity,
    pattern: &AccessPattern,
    keys: &KeySchema,
    index: &str,
) -> Result<Vec<(String, KeyValue)>, Error> {
    let refuse = |reason: String, fix: &str| Err(pattern_error(&entity.name, reason, fix));
    let mut partition = Vec::new();
    for attribute in keys.partition_attributes() {
        let (template, field) = field_of(entity, attribute, index)?;
        let Some(value) = pattern.partition.get(field) else {
            return refuse(
                format!(
                    "{index}'s partition key needs every one of its attributes, and {field} ({attribute}) has no value"
                ),
                "give a value for every partition attribute: a multi-attribute partition key is matched by = on each",
            );
        };
        partition.push((attribute.to_string(), stored(schema, entity, template, field, value)?));
    }
    if let Some(extra) = pattern.partition.keys().find(|f| {
        !partition
            .iter()
            .any(|(a, _)| field_of(entity, a, index).is_ok_and(|(_, g)| g == f.as_str()))
    }) {
        return refuse(
            format!("{extra} is not a field of {index}'s partition key"),
            "give only the partition attributes' fields under partition",
        );
    }
    Ok(partition)
}

/// Where the `equal` fields (in key order) and the range's field stand among the sort
/// attributes; a field that is not one of them is refused.
#[allow(clippy::type_complexity)]
fn positions<'p>(
    entity: &Entity,
    index: &str,
    sort_fields: &[(&str, &KeyTemplate, &str)],
    equal: &[(&'p String, &Value)],
    range: Option<&Range>,
) -> Result<(Vec<(usize, &'p str)>, Option<usize>), Error> {
    let position = |field: &str| {
        sort_fields.iter().position(|(_, _, f)| *f == field).ok_or_else(|| {
            pattern_error(
                &entity.name,
                format!("{field} is not a field of {index}'s sort key ({})", names(sort_fields)),
                "use the sort attributes' fields in sort.equal and sort.range",
            )
        })
    };
    let mut given: Vec<(usize, &str)> = Vec::new();
    for (field, _) in equal {
        given.push((position(field)?, field.as_str()));
    }
    crate::codec::order::sort_items(&mut given, |a, b| a.0.cmp(&b.0));
    let range_at = range.map(|r| position(&r.field)).transpose()?;
    Ok((given, range_at))
}

/// Left to right, none skipped: the fixed attributes (`given`, by position) are the
/// first ones, and the range, if any, is on the next.
fn left_to_right(
    entity: &Entity,
    sort_fields: &[(&str, &KeyTemplate, &str)],
    given: &[(usize, &str)],
    range: Option<(usize, &Range)>,
) -> Result<(), Error> {
    let refuse = |reason: String, fix: &str| Err(pattern_error(&entity.name, reason, fix));
    for (n, (i, field)) in given.iter().enumerate() {
        if *i != n {
            let skipped = sort_fields[n].2;
            return refuse(
                format!("{field} needs {skipped} fixed first (sort attributes go left to right)"),
                &format!("give {skipped} in sort.equal too, or query by {skipped} alone"),
            );
        }
    }
    if let Some((at, r)) = range {
        if given.iter().any(|(i, _)| *i == at) {
            return refuse(
                format!("{} is both fixed by equal and given a range", r.field),
                "keep it in one of the two",
            );
        }
        if at != given.len() {
            let needed = sort_fields[given.len()].2;
            return refuse(
                format!(
                    "a range on '{}' needs '{needed}' fixed first (sort attributes go left to right)",
                    r.field
                ),
                &format!("add '{needed}' to sort.equal, or put the range on '{needed}'"),
            );
        }
    }
    Ok(())
}

pub(super) fn build(
    schema: &Schema,
    entity: &Entity,
    pattern: &AccessPattern,
    keys: &KeySchema,
) -> Result<Built, Error> {
    let index = pattern.index.as_deref().unwrap_or("the table");
    let refuse = |reason: String, fix: &str| Err(pattern_error(&entity.name, reason, fix));
    if pattern.around.is_some() {
        return refuse(
            format!("\"around\" reads from one item through a concatenated sort key; {index}'s key compares its attributes one by one"),
            "fix the sort attributes with equal and use a range on the next one",
        );
    }
    if pattern.children {
        return refuse(
            format!("\"children\" leaves out a parent item under a concatenated prefix; {index}'s key has no prefix"),
            "leave out \"children\"",
        );
    }
    let (limit, max_items) = pattern.paging()?;
    let partition = partition_of(schema, entity, pattern, keys, index)?;
    let sort_fields: Vec<(&str, &KeyTemplate, &str)> = keys
        .sort_attributes()
        .map(|a| field_of(entity, a, index).map(|(t, f)| (a, t, f)))
        .collect::<Result<_, _>>()?;
    let (equal, range): (Vec<(&String, &Value)>, Option<&Range>) = match &pattern.sort {
        Some(s) => (s.equal.iter().collect(), s.range.as_ref()),
        None => (Vec::new(), None),
    };
    let (given, range_at) = positions(entity, index, &sort_fields, &equal, range)?;
    left_to_right(entity, &sort_fields, &given, range_at.zip(range))?;
    let mut sort_leading = Vec::new();
    for (i, field) in &given {
        let (attribute, template, _) = sort_fields[*i];
        let value = equal
            .iter()
            .find(|(f, _)| f.as_str() == *field)
            .map(|(_, v)| *v)
            .unwrap_or(&Value::Null);
        sort_leading.push((attribute.to_string(), stored(schema, entity, template, field, value)?));
    }
    let mut last = match (range_at, range) {
        (Some(at), Some(r)) => {
            let (attribute, template, field) = sort_fields[at];
            Some((attribute.to_string(), condition(schema, entity, template, field, r)?))
        }
        _ => None,
    };
    // Equalities only: the last one is the condition DynamoDB sees last.
    if last.is_none() {
        last = sort_leading.pop().map(|(a, v)| (a, KeyCondition::Eq(v)));
    }
    let (first, partition_more) = {
        let mut p = partition;
        let first = p.remove(0);
        (first, p)
    };
    let query = Query {
        table: schema.table.name.clone(),
        index: pattern.index.clone(),
        partition: first,
        partition_more,
        sort_leading,
        sort: last,
        scan_index_forward: pattern.scan_index_forward,
        limit,
        max_items,
        exclusive_start_key: None,
    };
    let also_returns = sharing(schema, entity, keys);
    let explanation = explanation(entity, index, &query, &also_returns);
    Ok(Built {
        query,
        explanation,
        also_returns,
        parent: None,
    })
}

fn names(fields: &[(&str, &KeyTemplate, &str)]) -> String {
    let list: Vec<&str> = fields.iter().map(|(_, _, f)| *f).collect();
    list.join(", ")
}

fn condition(
    schema: &Schema,
    entity: &Entity,
    template: &KeyTemplate,
    field: &str,
    range: &Range,
) -> Result<KeyCondition, Error> {
    let value = |v: &Value| stored(schema, entity, template, field, v);
    let number = schema.table.attribute_type(&template.attribute) == Some(AttrType::N);
    Ok(match range.op {
        RangeOp::Eq => KeyCondition::Eq(value(&range.value)?),
        RangeOp::Lt => KeyCondition::Lt(value(&range.value)?),
        RangeOp::Le => KeyCondition::Le(value(&range.value)?),
        RangeOp::Gt => KeyCondition::Gt(value(&range.value)?),
        RangeOp::Ge => KeyCondition::Ge(value(&range.value)?),
        RangeOp::Between => {
            let to = range
                .to
                .as_ref()
                .ok_or_else(|| pattern_error(&entity.name, "between needs \"to\"", "add \"to\": the upper value"))?;
            let (lo, hi) = (value(&range.value)?, value(to)?);
            if lo.cmp(&hi) == std::cmp::Ordering::Greater {
                return Err(pattern_error(
                    &entity.name,
                    format!(
                        "between {} and {} is empty: the lower value is above the upper",
                        lo.as_str(),
                        hi.as_str()
                    ),
                    "swap the two values",
                ));
            }
            KeyCondition::Between(lo, hi)
        }
        RangeOp::BeginsWith if number => {
            return Err(pattern_error(
                &entity.name,
                format!(
                    "begins_with works on String attributes, and {} is a Number",
                    template.attribute
                ),
                "use a range (between, lt, ge...) on the number instead",
            ))
        }
        // A prefix is text as typed (cased like the field), not a whole value to
        // encode: "2026-11" is no timestamp, but every November one starts with it.
        RangeOp::BeginsWith => match prefix(entity, field, &range.value) {
            Some(p) => KeyCondition::BeginsWith(KeyValue::S(p)),
            None => {
                return Err(pattern_error(
                    &entity.name,
                    "begins_with needs a non-empty prefix",
                    "type the start of the value",
                ))
            }
        },
    })
}

fn prefix(entity: &Entity, field: &str, value: &Value) -> Option<String> {
    let text = crate::codec::shown(value);
    let cased = match entity.field(field).map(|f| f.kind) {
        Some(crate::schema::FieldKind::Text { case, .. }) => crate::codec::text::apply_case(&text, case),
        _ => text,
    };
    (!cased.is_empty()).then_some(cased)
}

/// Other entities that write every attribute of the index's key: their items share
/// the index, and with no literals to tell them apart, a query returns theirs too.
fn sharing(schema: &Schema, entity: &Entity, keys: &KeySchema) -> Vec<String> {
    schema
        .entities
        .iter()
        .filter(|e| e.name != entity.name)
        .filter(|e| {
            keys.partition_attributes()
                .chain(keys.sort_attributes())
                .all(|a| e.template(a).is_some())
        })
        .map(|e| e.name.clone())
        .collect()
}

fn explanation(entity: &Entity, index: &str, query: &Query, also: &[String]) -> String {
    let eq: Vec<String> = query
        .partition_conditions()
        .chain(&query.sort_leading)
        .map(|(a, v)| format!("{a} = {}", v.as_str()))
        .collect();
    let first = query.max_items.map(|n| format!("the first {n} ")).unwrap_or_default();
    let mut out = format!(
        "Returns {first}{} items of {index} with {}",
        entity.name,
        eq.join(" and ")
    );
    if let Some((a, c)) = &query.sort {
        let v = |k: &KeyValue| k.as_str().to_string();
        out.push_str(&match c {
            KeyCondition::Eq(x) => format!(" and {a} = {}", v(x)),
            KeyCondition::Lt(x) => format!(" and {a} below {}", v(x)),
            KeyCondition::Le(x) => format!(" and {a} at most {}", v(x)),
            KeyCondition::Gt(x) => format!(" and {a} above {}", v(x)),
            KeyCondition::Ge(x) => format!(" and {a} at least {}", v(x)),
            KeyCondition::Between(x, y) => format!(" and {a} between {} and {}", v(x), v(y)),
            KeyCondition::BeginsWith(x) => format!(" and {a} starting with {}", v(x)),
        });
    }
    let order: Vec<&str> = query
        .sort_leading
        .iter()
        .map(|(a, _)| a.as_str())
        .chain(query.sort.as_ref().map(|(a, _)| a.as_str()))
        .collect();
    out.push_str(&format!(
        ", {} by the sort attributes{}",
        if query.scan_index_forward {
            "in ascending order"
        } else {
            "in descending order"
        },
        if order.is_empty() {
            String::new()
        } else {
            format!(" (after {})", order.join(", "))
        }
    ));
    out.push_str(&per_page(query));
    out.push('.');
    if !also.is_empty() {
        out.push_str(&format!(
            " Items of {} write the same attributes, so they share the index and are returned too.",
            also.join(", ")
        ));
    }
    out
}
