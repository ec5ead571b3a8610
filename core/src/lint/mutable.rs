//! L4: a value that changes after creation inside a primary key.

use super::{Finding, Rule, Severity};
use crate::codec::encode_key;
use crate::preview::Sample;
use crate::schema::{Entity, Schema};

/// L4: a field marked `mutable` in a template of the table's own key. DynamoDB cannot
/// update a key attribute: a change is a delete and a new write, and anyone holding
/// the old key (a link, a cache, another item's reference) loses the item. An index
/// key may change (DynamoDB moves the index entry itself), which is the fix.
pub(super) fn mutable_keys(schema: &Schema, entity: &Entity, items: &[Sample]) -> Vec<Finding> {
    let mut out = Vec::new();
    for template in entity.keys.iter().filter(|t| schema.table.is_primary_key(&t.attribute)) {
        for name in dedup(template.fields()) {
            let Some(field) = entity.field(name) else { continue };
            if field.mutable.is_none() && likely_changes(name) {
                out.push(likely(schema, entity, template, name));
                continue;
            }
            if !field.changes() {
                continue;
            }
            out.push(Finding {
                rule: Rule::MutableKey,
                severity: Severity::Error,
                entity: entity.name.clone(),
                attribute: Some(template.attribute.clone()),
                field: Some(field.name.clone()),
                sentence: format!(
                    "{}.{} changes after an item is created, but it is part of the table's key {} ({}): DynamoDB cannot change a key, so every change deletes the item and writes a new one, and whoever holds the old key loses it.",
                    entity.name,
                    field.name,
                    template.attribute,
                    template.pattern(&schema.separator)
                ),
                evidence: moved(schema, entity, template, name, items).into_iter().collect(),
                fix: format!(
                    "Move {} to a GSI's key (an index entry moves when the value changes), and key the table by values that never change.",
                    field.name
                ),
            });
        }
    }
    out
}

/// Words in a field's name that say its value changes after the item is created.
const CHANGING_WORDS: [&str; 14] = [
    "updated", "modified", "changed", "edited", "last", "status", "state", "stage", "version", "revision", "rev",
    "etag", "count", "balance",
];

/// The name's words, lower-cased, split at case changes, digits and separators:
/// `updatedAt`, `updated_at`, `Updated-At` and `UPDATED_AT` all give `updated`, `at`.
fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut prev: Option<char> = None;
    for c in name.chars() {
        let starts = match prev {
            None => true,
            Some(p) => {
                !p.is_alphanumeric() || (c.is_uppercase() && !p.is_uppercase()) || (c.is_numeric() != p.is_numeric())
            }
        };
        if c.is_alphanumeric() {
            if starts || out.is_empty() {
                out.push(String::new());
            }
            if let Some(w) = out.last_mut() {
                w.extend(c.to_lowercase());
            }
        }
        prev = Some(c);
    }
    out
}

/// The field's name says its value likely changes: `updatedAt`, `modified_at`,
/// `lastLogin`, `status`, `version`, in any casing or separator.
pub fn likely_changes(name: &str) -> bool {
    words(name).iter().any(|w| CHANGING_WORDS.contains(&w.as_str()))
}

/// L4's question for a field whose name says it changes but that nobody marked.
fn likely(schema: &Schema, entity: &Entity, template: &crate::schema::KeyTemplate, name: &str) -> Finding {
    Finding {
        rule: Rule::MutableKey,
        severity: Severity::Warning,
        entity: entity.name.clone(),
        attribute: Some(template.attribute.clone()),
        field: Some(name.to_string()),
        sentence: format!(
            "{}.{name} is part of the table's key {} ({}), and its name says its value likely changes after an item is created: DynamoDB cannot change a key, so if it does, every change deletes the item and writes a new one.",
            entity.name,
            template.attribute,
            template.pattern(&schema.separator)
        ),
        evidence: Vec::new(),
        fix: format!(
            "Say whether {name} changes later: if it does, move it to a GSI's key; if it never changes, say so and this goes away."
        ),
    }
}

fn dedup<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen = Vec::new();
    for n in names {
        if !seen.contains(&n) {
            seen.push(n);
        }
    }
    seen
}

/// Two samples whose keys differ only because the field does: where an item would
/// move if its value changed from one to the other.
fn moved(
    schema: &Schema,
    entity: &Entity,
    template: &crate::schema::KeyTemplate,
    field: &str,
    items: &[Sample],
) -> Option<String> {
    let mine: Vec<_> = super::items_of(entity, items).map(|(_, v)| v).collect();
    let first = mine.first()?;
    let before = encode_key(schema, entity, template, first).ok()?.0;
    let other = mine
        .iter()
        .filter_map(|v| v.get(field))
        .find(|v| Some(*v) != first.get(field))?;
    let mut changed = (*first).clone();
    changed.insert(field.to_string(), other.clone());
    let after = encode_key(schema, entity, template, &changed).ok()?.0;
    Some(format!(
        "when {field} changes from {} to {other}, {} moves from \"{}\" to \"{}\"",
        first.get(field)?,
        template.attribute,
        before.as_str(),
        after.as_str()
    ))
}
