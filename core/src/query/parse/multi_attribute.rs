//! The key rules of a GSI with a multi-attribute key: every partition attribute by
//! equality, sort attributes left to right with none skipped, and a range only on the
//! last one given.

use super::key_rules::{Condition, ConditionKind};
use super::*;
use crate::schema::KeySchema;

type Keyed = (String, KeyValue);

/// A query's key conditions, as [`Query`] holds them.
pub(super) struct KeyConditions {
    pub(super) partition: Keyed,
    pub(super) partition_more: Vec<Keyed>,
    pub(super) sort_leading: Vec<Keyed>,
    pub(super) sort: Option<(String, KeyCondition)>,
}

/// The partition attributes (first, then the rest), the leading sort equalities and the
/// last sort condition, or DynamoDB's refusal.
pub(super) fn conditions(
    keys: &KeySchema,
    index: Option<&str>,
    conditions: &[Condition],
    equal: impl Fn(&Condition, &str) -> Result<KeyValue, ValidationError>,
    condition: impl Fn(&Condition, &str) -> Result<KeyCondition, ValidationError>,
) -> Result<KeyConditions, ValidationError> {
    let index = index.unwrap_or("the table");
    let find = |attr: &str| conditions.iter().find(|c| c.attribute == attr);
    if let Some(extra) = conditions.iter().find(|c| keys.role_of(&c.attribute).is_none()) {
        return fail_at(
            format!(
                "Query condition missed key schema element: {} is not a key of {index}",
                extra.attribute
            ),
            extra.at,
            &extra.attribute,
        );
    }
    let mut partition = Vec::new();
    for attr in keys.partition_attributes() {
        let Some(c) = find(attr) else {
            return fail(format!(
                "Query condition missed key schema element: {attr} (every partition key attribute of {index} needs an equality condition)"
            ));
        };
        if !matches!(c.kind, ConditionKind::Compare(lex::Comparator::Eq, _)) {
            return fail_at(
                format!("Query key condition not supported: partition key attribute {attr} of {index} takes only ="),
                c.at,
                attr,
            );
        }
        partition.push((attr.to_string(), equal(c, attr)?));
    }
    let sort_attrs: Vec<&str> = keys.sort_attributes().collect();
    let given: Vec<(usize, &Condition)> = sort_attrs
        .iter()
        .enumerate()
        .filter_map(|(i, a)| find(a).map(|c| (i, c)))
        .collect();
    // Left to right, none skipped: the given attributes are the first ones.
    if let Some((n, &(i, c))) = given.iter().enumerate().find(|(n, (i, _))| n != i) {
        let (attr, skipped) = (sort_attrs[i], sort_attrs[n]);
        return fail_at(
            format!(
                "Query key condition not supported: sort key attributes of {index} are given left to right; {attr} needs {skipped} first"
            ),
            c.at,
            attr,
        );
    }
    let mut sort_leading = Vec::new();
    let mut last = None;
    for (n, &(i, c)) in given.iter().enumerate() {
        let attr = sort_attrs[i];
        if n + 1 < given.len() {
            if !matches!(c.kind, ConditionKind::Compare(lex::Comparator::Eq, _)) {
                return fail_at(
                    format!(
                        "Query key condition not supported: only the last sort key attribute given may have a range condition; {attr} comes before {}",
                        sort_attrs[given[given.len() - 1].0]
                    ),
                    c.at,
                    attr,
                );
            }
            sort_leading.push((attr.to_string(), equal(c, attr)?));
        } else {
            last = Some((attr.to_string(), condition(c, attr)?));
        }
    }
    let first = partition.remove(0);
    Ok(KeyConditions {
        partition: first,
        partition_more: partition,
        sort_leading,
        sort: last,
    })
}
