//! L3: casing that merges identifiers.

use super::{Finding, Rule, Severity};
use crate::preview::Sample;
use crate::schema::{Case, Entity, FieldKind};
use std::borrow::Cow;

/// Looks like an identifier: long enough, letters and digits (base64url's `-`/`_`
/// allowed), with both cases, so its case carries information.
fn identifier_like(text: &str) -> bool {
    // One pass over the bytes: every character allowed is ASCII, so bytes are
    // characters (this runs on every value of 100,000 items).
    let (mut upper, mut lower) = (false, false);
    let allowed = text.bytes().all(|b| {
        upper |= b.is_ascii_uppercase();
        lower |= b.is_ascii_lowercase();
        b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
    });
    allowed && upper && lower && text.len() >= 8
}

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
        let normal = |t| stored_form(t, case);
        let values =
            || super::items_of(entity, items).filter_map(|(_, v)| crate::codec::value_of(v, &field.name)?.as_str());
        // Most fields hold no identifier: one pass says so, without gathering values.
        if !values().any(identifier_like) {
            continue;
        }
        let ids: Vec<&str> = values().filter(|v| identifier_like(v)).collect();
        let values: Vec<&str> = values().collect();
        // One pass with the first value of each normal form: comparing every pair
        // would take minutes over 100,000 generated items.
        let mut first: std::collections::HashMap<Cow<str>, &str> =
            std::collections::HashMap::with_capacity(values.len());
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
        fn identifier_like_reads_bytes_as_characters(text in "[a-zA-Z0-9_é. -]{0,12}") {
            let by_chars = text.chars().count() >= 8
                && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                && text.chars().any(|c| c.is_ascii_uppercase())
                && text.chars().any(|c| c.is_ascii_lowercase());
            prop_assert_eq!(identifier_like(&text), by_chars);
        }
    }
}
