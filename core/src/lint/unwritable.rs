//! L7: sample items whose keys cannot be written at all.

use super::{Finding, Rule, Severity};
use crate::codec::encode_key;
use crate::elide::quoted;
use crate::error::{Error, ErrorKind};
use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, Schema};

/// Items named in one finding: the rest are counted.
const NAMED: usize = 3;

/// L7: items the codec refuses (a value past its width, a separator inside a value,
/// a key over DynamoDB's limit). Such an item is never written, so the table would
/// miss it while the design looks fine; one finding per key, field and kind of problem
/// (every overflow of a field is one finding, its fix the widest the items need), with
/// the first items that have it. Problems of the design itself (an undefined field)
/// are the schema's errors, said once beside it, not here.
pub(super) fn unwritable(schema: &Schema, entity: &Entity, items: &[Sample], keys: &ItemKeys) -> Vec<Finding> {
    let mut out: Vec<(Finding, Problem, usize)> = Vec::new();
    for template in &entity.keys {
        // The keys written already say which items were refused and why (an item of
        // this entity without a key has the codec's reasons): only those are read.
        let refused: Vec<(usize, Vec<Error>)> = match keys.of(&template.attribute) {
            Some(column) => column
                .refused()
                .filter(|(n, _)| items.get(*n).is_some_and(|(e, _)| super::is_entity(e, entity)))
                .map(|(n, errors)| (n, errors.to_vec()))
                .collect(),
            None => super::items_of(entity, items)
                .filter_map(|(n, values)| Some((n, encode_key(schema, entity, template, values).err()?)))
                .collect(),
        };
        for (n, errors) in refused {
            for e in errors.iter().filter(|e| !e.is_schema()) {
                let field = e.context.field.clone();
                let value = e.context.value.as_deref().map(quoted).unwrap_or_default();
                let named = match &field {
                    Some(f) => format!("item #{}: {f} {value} {}", n + 1, e.kind.problem()),
                    None => format!("item #{}: {}", n + 1, e.kind.problem()),
                };
                let problem = Problem::of(&e.kind);
                let same = out.iter_mut().find(|(f, p, _)| {
                    f.attribute.as_deref() == Some(&template.attribute) && f.field == field && p.same_kind(&problem)
                });
                match same {
                    Some((finding, kept, count)) => {
                        *count += 1;
                        if finding.evidence.len() < NAMED {
                            finding.evidence.push(named);
                        }
                        if problem.demand > kept.demand {
                            *kept = problem;
                            finding.fix = e.kind.fix();
                        }
                    }
                    None => out.push((
                        Finding {
                            rule: Rule::Unwritable,
                            severity: Severity::Error,
                            entity: entity.name.clone(),
                            attribute: Some(template.attribute.clone()),
                            field: field.clone(),
                            sentence: String::new(),
                            evidence: vec![named],
                            fix: e.kind.fix(),
                        },
                        problem,
                        1,
                    )),
                }
            }
        }
    }
    out.into_iter()
        .map(|(mut f, _, count)| {
            let what = f.field.as_deref().map_or(String::new(), |name| format!(" ({name})"));
            f.sentence = format!(
                "{count} {} item(s) cannot be written: the codec refuses their {} key{what}, so DynamoDB would never hold them and every query would miss them.",
                f.entity,
                f.attribute.as_deref().unwrap_or_default()
            );
            if count > f.evidence.len() {
                f.evidence.push(format!("and {} more item(s)", count - f.evidence.len()));
            }
            f
        })
        .collect()
}

/// What makes two refusals of one field the same finding: the kind of problem, and for
/// an overflow whether any width could hold the value. `demand` orders the members
/// whose fix names a figure (the width an overflow needs), so the finding's fix is the
/// one that mends them all.
struct Problem {
    kind: std::mem::Discriminant<ErrorKind>,
    beyond_any_width: bool,
    demand: u32,
}

impl Problem {
    fn of(kind: &ErrorKind) -> Problem {
        let needed = kind.width_needed();
        Problem {
            kind: std::mem::discriminant(kind),
            beyond_any_width: matches!(kind, ErrorKind::Overflow { .. }) && needed.is_none(),
            demand: needed.unwrap_or(0),
        }
    }

    fn same_kind(&self, other: &Problem) -> bool {
        self.kind == other.kind && self.beyond_any_width == other.beyond_any_width
    }
}
