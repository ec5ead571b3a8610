//! L1: keys that collide.

use super::{Finding, Rule, Severity};
use crate::codec::shape::encoded_width;
use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, KeyTemplate, Schema, Segment};

/// The items' values as one line, for evidence.
fn described(items: &[Sample], row: usize) -> String {
    let (entity, values) = items[row];
    format!(
        "item #{} ({}): {}",
        row + 1,
        entity.name,
        serde_json::to_string(values).unwrap_or_default()
    )
}

/// L1: two different items that write the same table key, so the later replaces the
/// earlier. Shown with the two items when the samples hold such a pair; otherwise, for
/// two entities whose primary keys have the same shape, stated as a condition. (keylab's
/// codec refuses the separator inside a value and an empty text, so a text field cannot
/// run into the next segment in keys it writes.)
pub(super) fn collisions(schema: &Schema, items: &[Sample], keys: &ItemKeys) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut reported: Vec<(String, String)> = Vec::new();
    let primary = &schema.table.primary;
    for shared in keys.shared(schema).iter() {
        for pair in shared.rows.windows(2) {
            let (x, y) = (pair[0], pair[1]);
            let ((ex, vx), (ey, vy)) = (items[x], items[y]);
            // The same item written twice is not a design problem.
            let entities = (ex.name.clone(), ey.name.clone());
            if (ex.name == ey.name && vx == vy) || reported.contains(&entities) {
                continue;
            }
            reported.push(entities);
            let key = match (&primary.sort, &shared.sort) {
                (Some(sk), Some(value)) => {
                    format!("{} = \"{}\", {sk} = \"{value}\"", primary.partition, shared.partition)
                }
                _ => format!("{} = \"{}\"", primary.partition, shared.partition),
            };
            let (sentence, fix) = seen_collision(schema, items[x], items[y]);
            out.push(Finding {
                rule: Rule::Collision,
                severity: Severity::Error,
                entity: ex.name.clone(),
                attribute: None,
                field: None,
                sentence,
                evidence: vec![key, described(items, x), described(items, y)],
                fix,
            });
        }
    }
    for (i, a) in schema.entities.iter().enumerate() {
        for b in &schema.entities[i + 1..] {
            let proven =
                (reported.iter()).any(|(x, y)| (x == &a.name && y == &b.name) || (x == &b.name && y == &a.name));
            if !proven {
                out.extend(same_shape_finding(schema, items, a, b));
            }
        }
    }
    out
}

/// What two samples that write one table key say, and the fix: items of one entity
/// that differ in some fields (those fields belong in the key), or of two entities
/// (each needs its own literal).
fn seen_collision(schema: &Schema, (ex, vx): Sample, (ey, vy): Sample) -> (String, String) {
    if ex.name != ey.name {
        return (
            format!(
                "A {} item and a {} item write the same table key, so one replaces the other.",
                ex.name, ey.name
            ),
            format!(
                "Give each entity its own literal in the sort key ({}#…, {}#…).",
                ex.name.to_uppercase(),
                ey.name.to_uppercase()
            ),
        );
    }
    let differ: Vec<&str> = (ex.fields.iter())
        .map(|f| f.name.as_str())
        .filter(|f| vx.get(*f) != vy.get(*f))
        .collect();
    if differ.is_empty() {
        return (
            format!(
                "Two {} items with different values write the same table key, so the later replaces the earlier.",
                ex.name
            ),
            "Add a value unique to each item to the sort key.".to_string(),
        );
    }
    let key = match schema.table.primary.sort.is_some() {
        true => "sort key",
        false => "partition key, the table having no sort key",
    };
    (
        format!(
            "Two {} items that differ in {} write the same table key, so the later replaces the earlier.",
            ex.name,
            differ.join(", ")
        ),
        format!(
            "Add {} (or another value unique to each item) to the {key}.",
            differ.join(" or ")
        ),
    )
}

/// Two entities whose primary keys have the same shape, stated as a condition with a
/// concrete pair when one can be made; `None` when their keys differ in shape.
fn same_shape_finding(schema: &Schema, items: &[Sample], a: &Entity, b: &Entity) -> Option<Finding> {
    let primary = &schema.table.primary;
    let keys = std::iter::once(&primary.partition).chain(primary.sort.as_ref());
    let alike = keys.clone().all(|attr| match (a.template(attr), b.template(attr)) {
        (Some(ta), Some(tb)) => same_shape(a, ta, b, tb),
        _ => false,
    });
    if !alike {
        return None;
    }
    Some(Finding {
        rule: Rule::Collision,
        severity: Severity::Warning,
        entity: a.name.clone(),
        attribute: None,
        field: None,
        sentence: format!(
            "{} and {} write primary keys of the same shape, so an item of each with the same values writes the same table key and one replaces the other.",
            a.name, b.name
        ),
        evidence: keys
            .filter_map(|attr| Some(format!("{attr}: {} / {}", shape_text(a.template(attr)?), shape_text(b.template(attr)?))))
            .chain(generated_pair(schema, items, a, b))
            .collect(),
        fix: format!("Give each entity its own literal in the sort key ({}#…, {}#…).", a.name.to_uppercase(), b.name.to_uppercase()),
    })
}

/// A concrete pair that collides: an item of `a` (its first sample, or a generated
/// one), and the item of `b` read back from the same table keys with `b`'s templates.
/// `None` when `b`'s templates cannot read them (a text value where `b` has a number).
fn generated_pair(schema: &Schema, items: &[Sample], a: &Entity, b: &Entity) -> Option<String> {
    let generated;
    let values = match items.iter().find(|(e, _)| e.name == a.name) {
        Some((_, v)) => *v,
        None => {
            generated = crate::sample::generate(schema, a, 1, 1).into_iter().next()?;
            &generated
        }
    };
    let encoded = crate::codec::encode(schema, &a.name, values).ok()?;
    let primary = &schema.table.primary;
    let mut theirs = crate::Values::default();
    let mut keys = Vec::new();
    for attr in std::iter::once(&primary.partition).chain(primary.sort.as_ref()) {
        let (_, key) = encoded.keys.iter().find(|(k, _)| k == attr)?;
        theirs.extend(crate::codec::decode(schema, &b.name, attr, key.as_str()).ok()?);
        keys.push(format!("{attr} = \"{}\"", key.as_str()));
    }
    let json = |v: &crate::Values| serde_json::to_string(v).unwrap_or_default();
    Some(format!(
        "for example {} {} and {} {} both write {}",
        a.name,
        json(values),
        b.name,
        json(&theirs),
        keys.join(", ")
    ))
}

/// Two templates whose keys can be equal: the same literals in the same places, and
/// fields that encode to the same width. A text field can hold any other field's
/// encoding (`"0042"` is also a uint of width 4), so it matches any field.
fn same_shape(a: &Entity, ta: &KeyTemplate, b: &Entity, tb: &KeyTemplate) -> bool {
    ta.segments.len() == tb.segments.len()
        && ta.segments.iter().zip(&tb.segments).all(|pair| match pair {
            (Segment::Literal(x), Segment::Literal(y)) => x == y,
            (Segment::Field(x), Segment::Field(y)) => match (a.field(x), b.field(y)) {
                // Fixed widths meet only behind the same prefix; a text field holds
                // whatever follows its own prefix, so it meets any prefix that starts so.
                (Some(fx), Some(fy)) => match (encoded_width(&fx.kind), encoded_width(&fy.kind)) {
                    (Some(wx), Some(wy)) => x.prefix == y.prefix && wx == wy,
                    (None, Some(_)) => y.prefix.starts_with(&x.prefix),
                    (Some(_), None) => x.prefix.starts_with(&y.prefix),
                    (None, None) => x.prefix.starts_with(&y.prefix) || y.prefix.starts_with(&x.prefix),
                },
                _ => false,
            },
            _ => false,
        })
}

fn shape_text(template: &KeyTemplate) -> String {
    template
        .segments
        .iter()
        .map(|s| match s {
            Segment::Literal(l) => l.clone(),
            Segment::Field(f) => f.to_string(),
        })
        .collect::<Vec<_>>()
        .join("|")
}
