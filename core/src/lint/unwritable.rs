//! L7: sample items whose keys cannot be written at all.

use super::{Finding, Rule, Severity};
use crate::codec::encode_key;
use crate::elide::quoted;
use crate::error::Error;
use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, Schema};

/// Items named in one finding: the rest are counted.
const NAMED: usize = 3;

/// L7: items the codec refuses (a value past its width, a separator inside a value,
/// a key over DynamoDB's limit). Such an item is never written, so the table would
/// miss it while the design looks fine; one finding per key, field and problem, with
/// the first items that have it. Problems of the design itself (an undefined field)
/// are the schema's errors, said once beside it, not here.
pub(super) fn unwritable(schema: &Schema, entity: &Entity, items: &[Sample], keys: &ItemKeys) -> Vec<Finding> {
    let mut out: Vec<(Finding, usize)> = Vec::new();
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
                let same = out.iter_mut().find(|(f, _)| {
                    f.attribute.as_deref() == Some(&template.attribute) && f.field == field && f.fix == e.kind.fix()
                });
                match same {
                    Some((finding, count)) => {
                        *count += 1;
                        if finding.evidence.len() < NAMED {
                            finding.evidence.push(named);
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
                        1,
                    )),
                }
            }
        }
    }
    out.into_iter()
        .map(|(mut f, count)| {
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
