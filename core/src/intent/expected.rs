//! The items an intent names, from their values alone, and the verdict on what its
//! query returned: exactly those items, in the intent's order, the first N.

use super::values::{total_order, value_order, value_range};
use super::{plan, Intent, Plan};
use crate::codec::encode;
use crate::preview::Sample;
use crate::query::Query;
use crate::Schema;
use std::cmp::Ordering;

/// What checking an intent on sample items found.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// How it is served, when a key serves it.
    pub plan: Option<Plan>,
    /// The items (rows) its query returned, in order.
    pub returned: Vec<usize>,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The query returns exactly the items the intent names, in its order.
    Pass,
    /// It does not: why, and the first item that is wrong (a row), if one is.
    Fail { reason: String, item: Option<usize> },
    /// No key serves it: what each key lacks.
    Unserved { reason: String },
}

/// Checks `intent` on `rows`: plans its query, runs it with `read` (the rows a query
/// returns, in order, as the table holds them) and compares that with [`expected`].
pub fn check(schema: &Schema, intent: &Intent, rows: &[Sample], read: &dyn Fn(&Query) -> Vec<usize>) -> Verdict {
    let plan = match plan(schema, intent) {
        Ok(plan) => plan,
        Err(unserved) => {
            return Verdict {
                plan: None,
                returned: Vec::new(),
                outcome: Outcome::Unserved {
                    reason: unserved.to_string(),
                },
            }
        }
    };
    let returned = read(&plan.built.query);
    let outcome = compare(schema, intent, rows, &returned);
    Verdict {
        plan: Some(plan),
        returned,
        outcome,
    }
}

/// The rows `intent` names, in its order (ties by row), the first N: rows of its
/// entities whose equal fields hold those values and whose ranged field is within the
/// range, compared as values. A row whose keys the design cannot write is named all the
/// same: the design fails to serve it.
pub fn expected(intent: &Intent, rows: &[Sample]) -> Vec<usize> {
    let mut named = all_named(intent, rows);
    if let Some(n) = intent.first {
        named.truncate(n as usize);
    }
    named
}

fn all_named(intent: &Intent, rows: &[Sample]) -> Vec<usize> {
    let mut named: Vec<usize> = (0..rows.len())
        .filter(|&r| why_not(intent, rows[r]).is_none())
        .collect();
    crate::codec::order::sort_positions(&mut named, &|a, b| in_order(intent, rows[a], rows[b]).then(a.cmp(&b)));
    named
}

/// Two rows in the intent's order (equal when it has none).
fn in_order(intent: &Intent, a: Sample, b: Sample) -> Ordering {
    for o in &intent.order {
        let (Some(field), Some(x), Some(y)) = (a.0.field(&o.field), a.1.get(&o.field), b.1.get(&o.field)) else {
            continue;
        };
        let by = total_order(field, x, y);
        let by = if o.descending { by.reverse() } else { by };
        if by.is_ne() {
            return by;
        }
    }
    Ordering::Equal
}

/// Why the intent does not name a row; `None` when it does.
fn why_not(intent: &Intent, (entity, values): Sample) -> Option<String> {
    if !intent.entities.contains(&entity.name) {
        return Some(format!("it is a {}", entity.name));
    }
    for (name, wanted) in &intent.equal {
        let Some(field) = entity.field(name) else {
            return Some(format!("{} has no field {name}", entity.name));
        };
        let value = values.get(name).cloned().unwrap_or_default();
        if value_order(field, &value, wanted) != Some(Ordering::Equal) {
            return Some(format!("its {name} is {value}, not {wanted}"));
        }
    }
    if let Some(range) = &intent.range {
        let field = entity.field(&range.field)?;
        let value = values.get(&range.field).cloned().unwrap_or_default();
        if value_range(field, &value, range) != Some(true) {
            return Some(format!("its {} is {value}, outside the range", range.field));
        }
    }
    None
}

/// The verdict on `returned` against what the intent names.
fn compare(schema: &Schema, intent: &Intent, rows: &[Sample], returned: &[usize]) -> Outcome {
    let all = all_named(intent, rows);
    let wanted = intent.first.map_or(all.len(), |n| all.len().min(n as usize));
    let fail = |reason: String, item: Option<usize>| Outcome::Fail { reason, item };
    let mut seen = std::collections::HashSet::new();
    for (at, &row) in returned.iter().enumerate() {
        if !seen.insert(row) {
            return fail(format!("item #{} comes twice", row + 1), Some(row));
        }
        if let Some(why) = why_not(intent, rows[row]) {
            return fail(format!("item #{} is returned, but {why}", row + 1), Some(row));
        }
        // Every row returned is named and none twice, so `all` reaches this far.
        let Some(&due) = all.get(at) else {
            return fail(format!("item #{} is one too many", row + 1), Some(row));
        };
        if in_order(intent, rows[row], rows[due]).is_ne() {
            if !returned.contains(&due) {
                return fail(missing(schema, rows, due), Some(due));
            }
            return fail(
                format!(
                    "item #{} comes {}, where item #{} belongs by the order",
                    row + 1,
                    crate::wording::ordinal(at + 1),
                    due + 1
                ),
                Some(row),
            );
        }
    }
    match returned.len().cmp(&wanted) {
        Ordering::Equal => Outcome::Pass,
        Ordering::Greater => fail(
            format!("{} items are returned; the pattern names {wanted}", returned.len()),
            returned.get(wanted).copied(),
        ),
        Ordering::Less => {
            let gone = all.iter().copied().find(|r| !seen.contains(r));
            let said = gone.map_or(String::new(), |r| format!(": {}", missing(schema, rows, r)));
            fail(
                format!(
                    "{} items are returned; the pattern names {wanted}{said}",
                    returned.len()
                ),
                gone,
            )
        }
    }
}

/// An item the pattern names that its query did not return, and why when it can say.
fn missing(schema: &Schema, rows: &[Sample], row: usize) -> String {
    let (entity, values) = rows[row];
    match encode(schema, &entity.name, values) {
        Err(errors) => format!("item #{} is missing, as its keys cannot be written ({errors})", row + 1),
        Ok(_) => format!("item #{} is missing", row + 1),
    }
}

/// The rows a query returns from `rows` as the table holds them (a later write of a
/// table key replacing the earlier), in order: the reader [`check`] takes, run over
/// DynamoDB JSON items ([`crate::query::eval`]).
pub fn rows_read(schema: &Schema, rows: &[Sample]) -> impl Fn(&Query) -> Vec<usize> {
    use crate::query::eval::{item_of, kept_places, pages_at};
    let written: Vec<(usize, crate::query::eval::Item)> = (rows.iter().enumerate())
        .filter_map(|(r, (entity, values))| Some((r, item_of(schema, &entity.name, values)?)))
        .collect();
    let kept = kept_places(&schema.table, written.iter().map(|(_, item)| item));
    let table = schema.table.clone();
    let (rows, items): (Vec<usize>, Vec<_>) = kept.into_iter().map(|at| written[at].clone()).unzip();
    move |query: &Query| {
        (pages_at(&table, &items, query, usize::MAX).into_iter())
            .map(|(_, at)| rows[at])
            .collect()
    }
}
