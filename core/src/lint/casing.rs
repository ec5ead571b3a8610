//! L3: casing that merges identifiers.

use super::{Finding, Rule, Severity};
use crate::preview::Sample;
use crate::schema::{Case, Entity, FieldKind};

/// Looks like an identifier: long enough, letters and digits (base64url's `-`/`_`
/// allowed), with both cases, so its case carries information.
fn identifier_like(text: &str) -> bool {
    text.chars().count() >= 8
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && text.chars().any(|c| c.is_ascii_uppercase())
        && text.chars().any(|c| c.is_ascii_lowercase())
}

/// L3: a text field stored upper- or lower-cased whose samples mix case like
/// identifiers do. Two samples that normalise to the same text prove the collision.
pub(super) fn casing(entity: &Entity, items: &[Sample]) -> Vec<Finding> {
    let mut out = Vec::new();
    for field in &entity.fields {
        let case = match field.kind {
            FieldKind::Text {
                case: case @ (Case::Upper | Case::Lower),
                ..
            } => case,
            _ => continue,
        };
        let normal = |t: &str| match case {
            Case::Upper => t.to_uppercase(),
            _ => t.to_lowercase(),
        };
        let values: Vec<&str> = super::items_of(entity, items)
            .filter_map(|(_, v)| v.get(&field.name)?.as_str())
            .collect();
        let ids: Vec<&str> = values.iter().copied().filter(|v| identifier_like(v)).collect();
        if ids.is_empty() {
            continue;
        }
        // One pass with the first value of each normal form: comparing every pair
        // would take minutes over 100,000 generated items.
        let mut first: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
        let merged: Option<(&str, &str)> = values.iter().find_map(|v| {
            let seen = *first.entry(normal(v)).or_insert(v);
            (seen != *v).then_some((seen, *v))
        });
        let case_name = match case {
            Case::Upper => "upper",
            _ => "lower",
        };
        let (sentence, evidence) = match merged {
            Some((a, b)) => (
                format!(
                    "{}.{} is stored in {case_name} case, which merges the distinct values \"{a}\" and \"{b}\" into one key.",
                    entity.name, field.name
                ),
                vec![format!("\"{a}\" and \"{b}\" both become \"{}\"", normal(a))],
            ),
            None => (
                format!(
                    "{}.{} is stored in {case_name} case, but its samples mix case like identifiers do (base64 or ULID-like): casing would merge ids that differ only in case.",
                    entity.name, field.name
                ),
                ids.iter().take(3).map(|v| format!("\"{v}\"")).collect(),
            ),
        };
        out.push(Finding {
            rule: Rule::Casing,
            severity: if merged.is_some() {
                Severity::Error
            } else {
                Severity::Warning
            },
            entity: entity.name.clone(),
            attribute: None,
            field: Some(field.name.clone()),
            sentence,
            evidence,
            fix: format!("Set {}'s case to preserve.", field.name),
        });
    }
    out
}
