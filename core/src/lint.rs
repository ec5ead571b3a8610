//! The design linter: mistakes that show only in the design as a whole, not in one key.
//! Each finding names its rule, says what is wrong in one sentence, shows the sample
//! values or the figures behind it, and says how to fix it. `docs/lint.md` lists the
//! rules with examples.
//!
//! Rules so far: L2 (key size), L3 (casing that merges identifiers) and L6 (a
//! `begins_with` that ends inside a segment). L1 (collision), L4 (mutable key) and L5
//! (hot partition) are still to come.

use crate::codec::shape::encoded_width;
use crate::codec::KeyCodecs;
use crate::preview::Sample;
use crate::schema::{AttrType, Case, Entity, FieldKind, KeyRole, KeyTemplate, Schema, Segment};
use serde_json::Value;

/// A lint rule, by its id in `docs/lint.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// L2: a key that can exceed DynamoDB's size limit.
    Size,
    /// L3: upper- or lower-casing that would merge distinct identifiers.
    Casing,
    /// L6: a `begins_with` value that ends inside a segment.
    OrderSurprise,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::Size => "L2",
            Rule::Casing => "L3",
            Rule::OrderSurprise => "L6",
        }
    }
}

/// One thing the linter found.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    pub entity: String,
    /// The key attribute, for rules about one key.
    pub attribute: Option<String>,
    /// The field, for rules about one field.
    pub field: Option<String>,
    /// What is wrong, in one sentence.
    pub sentence: String,
    /// The sample values or figures that show it.
    pub evidence: Vec<String>,
    pub fix: String,
}

/// Every finding for a design and its sample items, entity by entity.
pub fn lint(schema: &Schema, items: &[Sample]) -> Vec<Finding> {
    let mut out = Vec::new();
    for entity in &schema.entities {
        for template in &entity.keys {
            out.extend(size(schema, entity, template, items));
        }
        out.extend(casing(entity, items));
    }
    out
}

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
fn size(schema: &Schema, entity: &Entity, template: &KeyTemplate, items: &[Sample]) -> Option<Finding> {
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
fn fixed_bytes<'t>(schema: &Schema, entity: &Entity, template: &'t KeyTemplate) -> Option<(usize, Vec<&'t str>)> {
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
fn casing(entity: &Entity, items: &[Sample]) -> Vec<Finding> {
    let mut out = Vec::new();
    for field in &entity.fields {
        let case = match field.kind {
            FieldKind::Text {
                case: case @ (Case::Upper | Case::Lower),
            } => case,
            _ => continue,
        };
        let normal = |t: &str| match case {
            Case::Upper => t.to_uppercase(),
            _ => t.to_lowercase(),
        };
        let values: Vec<&str> = items
            .iter()
            .filter(|(e, _)| e.name == entity.name)
            .filter_map(|(_, v)| v.get(&field.name)?.as_str())
            .collect();
        let ids: Vec<&str> = values.iter().copied().filter(|v| identifier_like(v)).collect();
        if ids.is_empty() {
            continue;
        }
        let mut merged: Option<(&str, &str)> = None;
        'pairs: for (i, a) in values.iter().enumerate() {
            for b in &values[i + 1..] {
                if a != b && normal(a) == normal(b) {
                    merged = Some((a, b));
                    break 'pairs;
                }
            }
        }
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

/// L6: `begins_with(attribute, prefix)` over the samples. A prefix that stops inside a
/// segment (`ORDER#1`) also matches the keys whose segment only starts with it
/// (`ORDER#10…`, `ORDER#1999`); those are shown beside the ones it was likely meant for
/// (`ORDER#1` exactly, or `ORDER#1#…`). `None` when every match continues with the
/// separator, or the prefix ends with it.
pub fn order_surprise(schema: &Schema, items: &[Sample], attribute: &str, prefix: &str) -> Option<Finding> {
    let separator = schema.separator.as_str();
    if prefix.is_empty() || separator.is_empty() || prefix.ends_with(separator) {
        return None;
    }
    let mut codecs = KeyCodecs::new(schema, attribute);
    let (mut meant, mut surprising, mut entities) = (Vec::new(), Vec::new(), Vec::new());
    let mut key = String::new();
    for (entity, values) in items {
        let Some(codec) = codecs.of(entity) else { continue };
        if codec.write_values(values, &mut key).is_err() {
            continue;
        }
        let Some(rest) = key.strip_prefix(prefix) else { continue };
        if rest.is_empty() || rest.starts_with(separator) {
            meant.push(key.clone());
        } else {
            surprising.push(key.clone());
            if !entities.contains(&entity.name) {
                entities.push(entity.name.clone());
            }
        }
    }
    if surprising.is_empty() {
        return None;
    }
    let mut evidence: Vec<String> = surprising.iter().take(3).map(|k| format!("matches \"{k}\"")).collect();
    evidence.extend(meant.iter().take(2).map(|k| format!("and the likely intended \"{k}\"")));
    Some(Finding {
        rule: Rule::OrderSurprise,
        entity: entities.join(", "),
        attribute: Some(attribute.to_string()),
        field: None,
        sentence: format!(
            "begins_with({attribute}, \"{prefix}\") ends inside a segment, so it also returns {} key(s) whose segment only starts with \"{}\".",
            surprising.len(),
            prefix.rsplit(separator).next().unwrap_or(prefix)
        ),
        evidence,
        fix: format!(
            "End the prefix at a segment: begins_with({attribute}, \"{prefix}{separator}\") for the items under it, or equality for the one key \"{prefix}\"."
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema(doc: Value) -> Schema {
        Schema::from_value(&doc).expect("a valid schema")
    }

    fn design(sk: Value, fields: Value) -> Schema {
        schema(json!({
            "version": 1, "separator": "#",
            "table": { "name": "T", "attributes": { "PK": "S", "SK": "S" }, "primary": { "partition": "PK", "sort": "SK" } },
            "entities": [{ "name": "E", "fields": fields, "keys": { "PK": [{ "literal": "P" }], "SK": sk } }],
        }))
    }

    fn items<'a>(schema: &'a Schema, values: &'a [crate::Values]) -> Vec<Sample<'a>> {
        values.iter().map(|v| (&schema.entities[0], v)).collect()
    }

    fn values(rows: Value) -> Vec<crate::Values> {
        serde_json::from_value(rows).unwrap()
    }

    #[test]
    fn a_key_of_fixed_parts_is_measured_against_its_roles_limit() {
        // ORD, 38 digits and a ULID with two separators: 69 bytes, well under 1,024, and
        // no text: nothing to say.
        let s = design(
            json!([{ "literal": "ORD" }, { "field": "n" }, { "field": "id" }]),
            json!({ "n": { "kind": "uint", "width": 38 }, "id": { "kind": "ulid" } }),
        );
        assert!(lint(&s, &[]).iter().all(|f| f.rule != Rule::Size));
        // 1,096 bytes of literals, 6 separators and a 30-digit number: 1,132 bytes can
        // never fit a sort key, whatever the values.
        let s = design(
            json!([{ "literal": "X".repeat(200) }, { "literal": "Y".repeat(200) }, { "literal": "Z".repeat(200) }, { "literal": "W".repeat(200) }, { "literal": "V".repeat(200) }, { "literal": "U".repeat(96) }, { "field": "n" }]),
            json!({ "n": { "kind": "uint", "width": 30 } }),
        );
        let found = lint(&s, &[]);
        let f = found.iter().find(|f| f.rule == Rule::Size).expect("an L2 finding");
        assert_eq!(f.rule.id(), "L2");
        assert!(
            f.sentence
                .contains("at least 1132 bytes, over DynamoDB's 1024-byte limit for a sort key"),
            "{}",
            f.sentence
        );
    }

    #[test]
    fn a_text_field_leaves_the_key_unbounded_and_the_fix_says_how_many_characters_fit() {
        let s = design(
            json!([{ "literal": "USER" }, { "field": "email" }]),
            json!({ "email": { "kind": "text" } }),
        );
        let rows = values(json!([{ "email": "ada@example.com" }]));
        let found = lint(&s, &items(&s, &rows));
        let f = found.iter().find(|f| f.rule == Rule::Size).expect("an L2 finding");
        assert!(
            f.sentence.contains("text field(s) email may hold any length"),
            "{}",
            f.sentence
        );
        assert!(f.sentence.contains("takes 5 of the 1024 bytes"), "{}", f.sentence);
        // (1,024 − 5) / 4 = 254 characters.
        assert!(
            f.fix
                .starts_with("Keep email to at most 254 character(s) each (1019 bytes left"),
            "{}",
            f.fix
        );
        assert_eq!(
            f.evidence,
            ["the longest sample values take 19 bytes before separators and padding"]
        );
    }

    /// A key of fixed-width fields written by the codec: its length in bytes and the
    /// size rule's figure for its template; `None` when the codec refuses the values.
    fn written_and_fixed(literal: &str, width: u32, scale: u32, value: u64, desc: bool) -> Option<(usize, usize)> {
        let order = if desc { "desc" } else { "asc" };
        let s = design(
            json!([{ "literal": literal }, { "field": "n" }, { "field": "d" }, { "field": "t" }, { "field": "id" }]),
            json!({
                "n": { "kind": "uint", "width": width, "order": order },
                "d": { "kind": "decimal", "width": width, "scale": scale, "signed": true },
                "t": { "kind": "timestamp", "unit": "iso", "order": order },
                "id": { "kind": "ksuid" },
            }),
        );
        let (fixed, texts) = fixed_bytes(&s, &s.entities[0], &s.entities[0].keys[1])?;
        assert!(texts.is_empty());
        let n = value % 10u64.pow(width.min(6));
        let values: crate::Values = serde_json::from_value(json!({
            "n": n.to_string(), "d": format!("-{n}"), "t": "2024-06-23T00:00:00.000Z",
            "id": "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
        }))
        .unwrap();
        let item = crate::codec::encode(&s, "E", &values).ok()?;
        let (_, key) = item.keys.iter().find(|(a, _)| a == "SK")?;
        Some((key.as_str().len(), fixed))
    }

    #[test]
    fn the_size_property_compares_real_keys() {
        // "ORDÉ" (5 bytes), 4 separators, 10 digits, a signed decimal (1 + 10 + 1 + 2),
        // an ISO time (24) and a KSUID (27): 84 bytes, written and figured.
        assert_eq!(written_and_fixed("ORDÉ", 10, 2, 1500, true), Some((84, 84)));
    }

    proptest::proptest! {
        /// The size rule's figure is exact for keys without text: every key the codec
        /// writes from fixed-width fields is that many bytes.
        #[test]
        fn the_fixed_size_is_the_size_of_every_key_written(
            literal in "[A-Zé]{1,12}",
            width in 1u32..=20,
            scale in 0u32..=4,
            value in 0u64..1_000_000,
            desc in proptest::bool::ANY,
        ) {
            if let Some((written, fixed)) = written_and_fixed(&literal, width, scale, value, desc) {
                proptest::prop_assert_eq!(written, fixed);
            }
        }
    }

    #[test]
    fn a_prefix_that_stops_inside_a_segment_shows_the_keys_it_did_not_mean() {
        let s = design(
            json!([{ "literal": "ORDER" }, { "field": "n" }, { "field": "line" }]),
            json!({ "n": { "kind": "text" }, "line": { "kind": "uint", "width": 2 } }),
        );
        let rows = values(json!([
            { "n": "1", "line": "1" }, { "n": "10", "line": "1" }, { "n": "1999", "line": "2" }, { "n": "2", "line": "1" },
        ]));
        let f = order_surprise(&s, &items(&s, &rows), "SK", "ORDER#1").expect("an L6 finding");
        assert_eq!(f.rule.id(), "L6");
        assert_eq!(
            f.sentence,
            "begins_with(SK, \"ORDER#1\") ends inside a segment, so it also returns 2 key(s) whose segment only starts with \"1\"."
        );
        assert_eq!(
            f.evidence,
            [
                "matches \"ORDER#10#01\"",
                "matches \"ORDER#1999#02\"",
                "and the likely intended \"ORDER#1#01\""
            ]
        );
        assert!(f.fix.contains("begins_with(SK, \"ORDER#1#\")"), "{}", f.fix);
        // A prefix that ends at a segment, or that no sample outruns, is fine.
        assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", "ORDER#1#"), None);
        assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", "ORDER#2"), None);
        assert_eq!(order_surprise(&s, &items(&s, &rows), "SK", ""), None);
    }

    #[test]
    fn casing_that_merges_two_sample_ids_is_proven_with_them() {
        let s = design(
            json!([{ "field": "id" }]),
            json!({ "id": { "kind": "text", "case": "upper" } }),
        );
        let rows = values(json!([{ "id": "aZ3kQ9pLmN" }, { "id": "Az3kQ9pLmN" }, { "id": "other" }]));
        let found = lint(&s, &items(&s, &rows));
        let f = found.iter().find(|f| f.rule == Rule::Casing).expect("an L3 finding");
        assert_eq!(f.rule.id(), "L3");
        assert!(
            f.sentence
                .contains("merges the distinct values \"aZ3kQ9pLmN\" and \"Az3kQ9pLmN\""),
            "{}",
            f.sentence
        );
        assert_eq!(
            f.evidence,
            ["\"aZ3kQ9pLmN\" and \"Az3kQ9pLmN\" both become \"AZ3KQ9PLMN\""]
        );
        assert_eq!(f.fix, "Set id's case to preserve.");
    }

    #[test]
    fn casing_is_flagged_for_id_like_samples_and_left_alone_for_words() {
        let s = design(
            json!([{ "field": "id" }]),
            json!({ "id": { "kind": "text", "case": "lower" } }),
        );
        let ids = values(json!([{ "id": "01HZX3kQ9pLmNa" }]));
        let found = lint(&s, &items(&s, &ids));
        assert!(found
            .iter()
            .any(|f| f.rule == Rule::Casing && f.sentence.contains("mix case like identifiers")));
        let words = values(json!([{ "id": "Dean" }, { "id": "DeBrie" }, { "id": "alpha-beta" }]));
        assert!(lint(&s, &items(&s, &words)).iter().all(|f| f.rule != Rule::Casing));
        // A field that keeps its case is never flagged.
        let kept = design(json!([{ "field": "id" }]), json!({ "id": { "kind": "text" } }));
        assert!(lint(&kept, &items(&kept, &ids)).iter().all(|f| f.rule != Rule::Casing));
    }
}
