//! L6: a `begins_with` that ends inside a segment.

use super::{Finding, Rule, Severity};
use crate::codec::KeyCodecs;
use crate::preview::Sample;
use crate::schema::Schema;

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
        severity: Severity::Warning,
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
