//! L3: casing that merges identifiers.

use super::{Finding, Rule, Severity};
use crate::codec::text::mixed_case_id;
use crate::preview::Sample;
use crate::schema::{Case, Entity, FieldKind};
use std::borrow::Cow;

/// A text as a field stored in `case` keeps it. Borrowed when it is ASCII already in
/// that case, as most identifiers are: an allocation per value showed in the profile.
fn stored_form(t: &str, case: Case) -> Cow<'_, str> {
    let kept = match case {
        Case::Upper => !t.bytes().any(|b| b.is_ascii_lowercase()),
        _ => !t.bytes().any(|b| b.is_ascii_uppercase()),
    };
    match (t.is_ascii() && kept, case) {
        (true, _) => Cow::Borrowed(t),
        (false, Case::Upper) => Cow::Owned(t.to_uppercase()),
        (false, _) => Cow::Owned(t.to_lowercase()),
    }
}

/// Per cased text field (entity, field, case), the items whose value of it looks like an
/// identifier, in item order: most fields have none, and after an edit of a few items
/// only theirs are read again (reading one value of each of 100,000 items was 8 ms of
/// the page's deferred task after every value edit).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct IdentifierRows(Vec<((String, String, Case), Vec<usize>)>);

impl IdentifierRows {
    fn of(&self, entity: &str, field: &str, case: Case) -> Option<&[usize]> {
        let same = |(e, f, c): &(String, String, Case)| e == entity && f == field && *c == case;
        self.0.iter().find(|(k, _)| same(k)).map(|(_, rows)| rows.as_slice())
    }
}

/// L3: a text field stored upper- or lower-cased whose samples mix case like
/// identifiers do. Two samples that normalise to the same text prove the collision.
/// `earlier` is what the rule found before an edit that changed only the items at the
/// rows given (in order, the items keeping their places); `found` is what it finds now.
pub(super) fn casing(
    entity: &Entity,
    items: &[Sample],
    earlier: Option<(&IdentifierRows, &[usize])>,
    found: &mut IdentifierRows,
) -> Vec<Finding> {
    let mut out = Vec::new();
    for field in &entity.fields {
        let case = match field.kind {
            FieldKind::Text {
                case: case @ (Case::Upper | Case::Lower),
                ..
            } => case,
            _ => continue,
        };
        let value_at = |row: usize| -> Option<&str> {
            let (e, v) = items.get(row)?;
            super::is_entity(e, entity).then(|| crate::codec::value_of(v, &field.name)?.as_str())?
        };
        let before = earlier.and_then(|(rows, changed)| Some((rows.of(&entity.name, &field.name, case)?, changed)));
        let rows = identifier_rows(entity, items, before, value_at);
        let ids: Vec<&str> = rows.iter().filter_map(|&r| value_at(r)).collect();
        found.0.push(((entity.name.clone(), field.name.clone(), case), rows));
        // Most fields hold no identifier, and then nothing else is read.
        if ids.is_empty() {
            continue;
        }
        let values: Vec<&str> = super::items_of(entity, items)
            .filter_map(|(_, v)| crate::codec::value_of(v, &field.name)?.as_str())
            .collect();
        out.push(finding(entity, &field.name, case, &ids, &values));
    }
    out
}

/// The rows of the entity's items whose value looks like a mixed-case identifier: all
/// of them read afresh, or, after an edit of the rows `changed` only, the rows found
/// before with the changed ones read again.
fn identifier_rows<'a>(
    entity: &Entity,
    items: &[Sample],
    before: Option<(&[usize], &[usize])>,
    value_at: impl Fn(usize) -> Option<&'a str>,
) -> Vec<usize> {
    match before {
        Some((rows, changed)) => {
            let mut rows: Vec<usize> = (rows.iter().copied())
                .filter(|r| changed.binary_search(r).is_err())
                .collect();
            for row in (changed.iter().copied()).filter(|&r| value_at(r).is_some_and(mixed_case_id)) {
                crate::preview::in_order(&mut rows, row);
            }
            rows
        }
        None => super::items_of(entity, items)
            .filter(|(row, _)| value_at(*row).is_some_and(mixed_case_id))
            .map(|(row, _)| row)
            .collect(),
    }
}

/// The finding for a cased field whose samples hold identifiers: an error with the two
/// values casing merges, when the samples hold such a pair, else a warning.
fn finding(entity: &Entity, field: &str, case: Case, ids: &[&str], values: &[&str]) -> Finding {
    let normal = |t| stored_form(t, case);
    // One pass with the first value of each normal form: comparing every pair would
    // take minutes over 100,000 generated items.
    let mut first: std::collections::HashMap<Cow<str>, &str> = std::collections::HashMap::with_capacity(values.len());
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
                "{}.{field} is stored in {case_name} case, which merges the distinct values \"{a}\" and \"{b}\" into one key.",
                entity.name
            ),
            vec![format!("\"{a}\" and \"{b}\" both become \"{}\"", normal(a))],
        ),
        None => (
            format!(
                "{}.{field} is stored in {case_name} case, but its samples mix case like identifiers do (base64 or KSUID-like): casing would merge ids that differ only in case.",
                entity.name
            ),
            ids.iter().take(3).map(|v| format!("\"{v}\"")).collect(),
        ),
    };
    Finding {
        rule: Rule::Casing,
        severity: if merged.is_some() {
            Severity::Error
        } else {
            Severity::Warning
        },
        entity: entity.name.clone(),
        attribute: None,
        field: Some(field.to_string()),
        sentence,
        evidence,
        fix: format!("Set {field}'s case to preserve."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Borrowed or not, the stored form is Rust's own case mapping.
        #[test]
        fn the_stored_form_is_the_case_mapping(text in "[a-zA-Z0-9_ßİ-]{0,12}") {
            prop_assert_eq!(stored_form(&text, Case::Upper), text.to_uppercase());
            prop_assert_eq!(stored_form(&text, Case::Lower), text.to_lowercase());
        }

        /// The byte scan says what a scan of characters says.
        #[test]
        fn a_mixed_case_id_is_read_by_its_bytes_as_characters(text in "[a-zA-Z0-9_é. -]{0,18}") {
            let by_chars = text.chars().count() >= 8
                && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && text.chars().any(|c| c.is_ascii_uppercase())
                && text.chars().any(|c| c.is_ascii_lowercase())
                && (text.chars().any(|c| c.is_ascii_digit()) || text.chars().count() >= 16);
            prop_assert_eq!(mixed_case_id(&text), by_chars);
        }

        /// After edits of a few items, what the rule finds from what it read before is
        /// what it finds reading every item: the same findings, and the same rows read.
        #[test]
        fn casing_after_an_edit_is_casing_read_again(
            before in proptest::collection::vec((0usize..2, "(aBcD3FgH|abcd3fgh|ABCD3FGH|AbCd3FgH|x)"), 0..12),
            edits in proptest::collection::vec((0usize..12, 0usize..2, "(aBcD3FgH|abcd3fgh|ABCD3FGH|x)"), 0..4),
        ) {
            let entity = |name: &str, case: &str| crate::schema::Schema::from_value(&serde_json::json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
                "entities": [{"name": name, "fields": {"id": {"kind": "text", "case": case}},
                              "keys": {"PK": [{"field": "id"}]}}]
            })).unwrap().entities.remove(0);
            let (users, teams) = (entity("User", "upper"), entity("Team", "lower"));
            let values = |rows: &[(usize, String)]| -> Vec<(usize, crate::Values)> {
                rows.iter().map(|(e, id)| (*e, serde_json::json!({"id": id}).as_object().cloned().unwrap())).collect()
            };
            let mut after = before.clone();
            for (row, e, id) in edits {
                if let Some(r) = after.get_mut(row) {
                    *r = (e, id);
                }
            }
            let (was, is) = (values(&before), values(&after));
            fn samples<'a>(v: &'a [(usize, crate::Values)], e: [&'a Entity; 2]) -> Vec<Sample<'a>> {
                v.iter().map(|(n, v)| (e[*n], v)).collect()
            }
            let (was, is) = (samples(&was, [&users, &teams]), samples(&is, [&users, &teams]));
            let changed: Vec<usize> = (0..is.len()).filter(|&r| before[r] != after[r]).collect();
            let (mut read_before, mut read_now, mut read_again) = Default::default();
            for e in [&users, &teams] {
                casing(e, &was, None, &mut read_before);
            }
            for e in [&users, &teams] {
                let followed = casing(e, &is, Some((&read_before, &changed)), &mut read_now);
                prop_assert_eq!(followed, casing(e, &is, None, &mut read_again));
            }
            prop_assert_eq!(read_now, read_again);
        }
    }
}
