//! L2: keys that can outgrow DynamoDB's size limit.

use super::{Finding, Rule};
use crate::codec::shape::encoded_width;
use crate::preview::Sample;
use crate::schema::{AttrType, Entity, FieldKind, KeyRole, KeyTemplate, Schema, Segment};
use serde_json::Value;

/// The tightest limit an attribute's keys are held to: a sort key anywhere is 1,024
/// bytes, a partition key 2,048.
fn limit(schema: &Schema, attribute: &str) -> Option<KeyRole> {
    let roles: Vec<KeyRole> = schema.table.parts(attribute).map(|(_, role)| role).collect();
    if roles.contains(&KeyRole::Sort) {
        Some(KeyRole::Sort)
    } else {
        roles.first().copied()
    }
}

/// Bytes a UTF-8 character can take at most: a text field's content is unknown.
const BYTES_PER_CHAR: usize = 4;

/// L2: the worst-case size of a String key, from its literals, separators and widths,
/// against the limit of the role its attribute plays. Text fields have no width, so
/// the rule says how much of the limit the fixed part leaves them.
pub(super) fn size(schema: &Schema, entity: &Entity, template: &KeyTemplate, items: &[Sample]) -> Option<Finding> {
    if schema.table.attribute_type(&template.attribute) != Some(AttrType::S) {
        return None;
    }
    let role = limit(schema, &template.attribute)?;
    let (fixed, texts) = fixed_bytes(schema, entity, template)?;
    let longest = longest_sample(entity, template, items);
    let finding = |sentence: String, fix: String| Finding {
        rule: Rule::Size,
        entity: entity.name.clone(),
        attribute: Some(template.attribute.clone()),
        field: None,
        sentence,
        evidence: longest.iter().cloned().collect(),
        fix,
    };
    let max = role.limit();
    if fixed > max {
        return Some(finding(
            format!(
                "{}'s {} key is at least {fixed} bytes, over DynamoDB's {max}-byte limit for a {} key.",
                entity.name,
                template.attribute,
                role.name()
            ),
            "Shorten the literals or lower the widths.".into(),
        ));
    }
    if texts.is_empty() {
        return None;
    }
    let room = max - fixed;
    let chars = room / BYTES_PER_CHAR / texts.len();
    Some(finding(
        format!(
            "{}'s {} key has no size bound: its text field(s) {} may hold any length, and the rest of the key takes {fixed} of the {max} bytes a {} key may hold.",
            entity.name,
            template.attribute,
            texts.join(", "),
            role.name()
        ),
        format!(
            "Keep {} to at most {chars} character(s) each ({room} bytes left, at up to {BYTES_PER_CHAR} bytes a character), and check it before writing.",
            texts.join(", ")
        ),
    ))
}

/// The bytes of a String key that do not depend on its text fields (literals,
/// separators, fixed-width encodings), and the text fields; `None` when a field is
/// undefined or its settings are out of range (the schema check reports those).
pub(super) fn fixed_bytes<'t>(
    schema: &Schema,
    entity: &Entity,
    template: &'t KeyTemplate,
) -> Option<(usize, Vec<&'t str>)> {
    let mut fixed = schema.separator.len() * template.segments.len().saturating_sub(1);
    let mut texts = Vec::new();
    for segment in &template.segments {
        match segment {
            Segment::Literal(l) => fixed += l.len(),
            Segment::Field(name) => match &entity.field(name)?.kind {
                FieldKind::Text { .. } => texts.push(name.as_str()),
                kind => fixed += encoded_width(kind)?,
            },
        }
    }
    Some((fixed, texts))
}

/// The longest key the samples write for a template, in bytes, as evidence.
fn longest_sample(entity: &Entity, template: &KeyTemplate, items: &[Sample]) -> Option<String> {
    let schema_free = |values: &crate::Values| -> Option<usize> {
        let mut bytes = 0;
        for segment in &template.segments {
            bytes += match segment {
                Segment::Literal(l) => l.len(),
                Segment::Field(f) => values.get(f).and_then(Value::as_str)?.len(),
            };
        }
        Some(bytes)
    };
    let longest = items
        .iter()
        .filter(|(e, _)| e.name == entity.name)
        .filter_map(|(_, v)| schema_free(v))
        .max()?;
    Some(format!(
        "the longest sample values take {longest} bytes before separators and padding"
    ))
}
