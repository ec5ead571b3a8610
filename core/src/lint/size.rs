//! L2: keys that can outgrow DynamoDB's size limit.

use super::{Finding, Rule, Severity};
use crate::codec::shape::encoded_width;
use crate::preview::{ItemKeys, Sample};
use crate::schema::{AttrType, Entity, FieldKind, KeyRole, KeyTemplate, Schema, Segment};

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
pub const BYTES_PER_CHAR: usize = 4;

/// How large a String key of a template can be, in UTF-8 bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySize {
    /// Literals, separators, fixed-width encodings and bounded text at 4 bytes a
    /// character: the worst case when `unbounded` is empty.
    pub worst: usize,
    /// Text fields without a `maxLength`, which make the key's size unbounded.
    pub unbounded: Vec<String>,
    /// DynamoDB's limit for the tightest role the attribute plays.
    pub limit: usize,
    pub role: KeyRole,
}

/// The worst-case size of an entity's String key for `attribute`, against its limit;
/// `None` for a Number key, an attribute that keys nothing, or a template whose fields
/// are undefined or out of range (the schema check reports those).
pub fn key_size(schema: &Schema, entity: &Entity, attribute: &str) -> Option<KeySize> {
    let template = entity.template(attribute)?;
    if schema.table.attribute_type(attribute) != Some(AttrType::S) {
        return None;
    }
    let role = limit(schema, attribute)?;
    let (worst, unbounded) = fixed_bytes(schema, entity, template)?;
    Some(KeySize {
        worst,
        unbounded: unbounded.into_iter().map(str::to_string).collect(),
        limit: role.limit(),
        role,
    })
}

/// L2: the worst-case size of a String key, from its literals, separators, widths and
/// text bounds, against the limit of the role its attribute plays. A text field
/// without `maxLength` leaves the key unbounded, so the rule says how much of the limit
/// the rest leaves it.
pub(super) fn size(
    schema: &Schema,
    entity: &Entity,
    template: &KeyTemplate,
    items: &[Sample],
    keys: &ItemKeys,
) -> Option<Finding> {
    let KeySize {
        worst,
        unbounded,
        limit: max,
        role,
    } = key_size(schema, entity, &template.attribute)?;
    let finding = |severity, sentence: String, fix: String| Finding {
        rule: Rule::Size,
        severity,
        entity: entity.name.clone(),
        attribute: Some(template.attribute.clone()),
        field: None,
        sentence,
        evidence: longest_sample(entity, template, items, keys).into_iter().collect(),
        fix,
    };
    let bounded = bounded_texts(entity, template);
    if worst > max {
        let fix = if bounded.is_empty() {
            "Shorten the literals or lower the widths.".to_string()
        } else {
            format!(
                "Lower the maximum length of {} or shorten the literals or widths: the key needs {} fewer bytes.",
                bounded.join(", "),
                worst - max
            )
        };
        let sentence = if bounded.is_empty() {
            format!(
                "{}'s {} key is at least {worst} bytes, over DynamoDB's {max}-byte limit for a {} key.",
                entity.name,
                template.attribute,
                role.name()
            )
        } else {
            format!(
                "{}'s {} key can reach {worst} bytes (text at up to {BYTES_PER_CHAR} bytes a character), over DynamoDB's {max}-byte limit for a {} key.",
                entity.name,
                template.attribute,
                role.name()
            )
        };
        return Some(finding(Severity::Error, sentence, fix));
    }
    if unbounded.is_empty() {
        return None;
    }
    let room = max - worst;
    let chars = room / BYTES_PER_CHAR / unbounded.len();
    Some(finding(
        Severity::Warning,
        format!(
            "{}'s {} key has no size bound: its text field(s) {} may hold any length, and the rest of the key takes {worst} of the {max} bytes a {} key may hold.",
            entity.name,
            template.attribute,
            unbounded.join(", "),
            role.name()
        ),
        format!(
            "Give {} a maximum length of at most {chars} character(s) each ({room} bytes left, at up to {BYTES_PER_CHAR} bytes a character).",
            unbounded.join(", ")
        ),
    ))
}

/// The text fields of a template that have a maximum length.
fn bounded_texts(entity: &Entity, template: &KeyTemplate) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for name in template.fields() {
        let bounded = matches!(
            entity.field(name).map(|f| f.kind),
            Some(FieldKind::Text {
                max_length: Some(_),
                ..
            })
        );
        if bounded && !out.iter().any(|n| n == name) {
            out.push(name.to_string());
        }
    }
    out
}

/// The bytes of a String key that do not depend on its unbounded text fields
/// (literals, separators, fixed-width encodings, bounded text at its worst), and the
/// unbounded text fields; `None` when a field is undefined or its settings are out of
/// range (the schema check reports those).
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
            Segment::Field(used) => {
                fixed += used.prefix.len();
                match &entity.field(used)?.kind {
                    FieldKind::Text {
                        max_length: Some(n), ..
                    } => fixed += *n as usize * BYTES_PER_CHAR,
                    FieldKind::Text { .. } => texts.push(used.name.as_str()),
                    kind => fixed += encoded_width(kind)?,
                }
            }
        }
    }
    Some((fixed, texts))
}

/// The longest key the entity's samples write for a template, as evidence.
fn longest_sample(entity: &Entity, template: &KeyTemplate, items: &[Sample], keys: &ItemKeys) -> Option<String> {
    let written = keys.of(&template.attribute)?;
    // By the keys' lengths, then the text of the longest only.
    let (_, at) = super::items_of(entity, items)
        .filter_map(|(n, _)| Some((written.key_len(n)?, n)))
        .max_by_key(|(len, _)| *len)?;
    let longest = written.get(at)?;
    Some(format!(
        "the longest sample key, {}, is {} bytes",
        crate::elide::quoted(longest),
        longest.len()
    ))
}
