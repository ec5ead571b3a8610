//! What the items could not tell apart, said as a guess: a segment every item holds
//! the same is written as a literal, whether it is a constant or a value that these
//! items happen to share. One item shares everything with itself, so an entity read
//! from one item writes that item's keys for any values. A number's width is the one
//! its samples have: they cannot tell a padded key from values that happen to have as
//! many digits, and a larger value would not fit.

use super::group::{label, Group};
use crate::migrate::stored::{Attribute, StoredItem};
use crate::schema::{Entity, Field, FieldKind, Segment, TimeUnit};

/// The guesses in `entity`, read from the items of `g`, in words.
pub(super) fn said(g: &Group, entity: &Entity, separator: &str) -> Vec<String> {
    let literals: Vec<(&str, usize, &str)> = (entity.keys.iter())
        .flat_map(|t| {
            (t.segments.iter().enumerate()).filter_map(move |(i, s)| match s {
                Segment::Literal(l) => Some((t.attribute.as_str(), i, l.as_str())),
                Segment::Field(_) => None,
            })
        })
        .collect();
    if literals.is_empty() {
        return Vec::new();
    }
    if g.members.len() == 1 {
        let keys: Vec<String> = (entity.keys.iter())
            .map(|t| format!("{} = {}", t.attribute, t.pattern(separator)))
            .collect();
        return vec![format!(
            "guess: entity {} was read from one item: its keys are that item's, constant ({}); \
             add items of it, or an entity attribute",
            entity.name,
            keys.join(", ")
        )];
    }
    // A label (`USER`, `#READING`, `$shop`) is what a design writes as a constant; other
    // text every item holds may be a value they share.
    (literals.into_iter())
        .filter(|(_, _, l)| label(l).is_none())
        .map(|(attribute, i, l)| {
            format!(
                "guess: {}'s {attribute} segment {} is {l:?} in all {} items, so it is read as a literal; \
                 if it is a value, add items where it differs",
                entity.name,
                i + 1,
                g.members.len()
            )
        })
        .collect()
}

/// The width of a zero-padded number `field` was read with, said as a guess: `seen` are
/// the key segments it was read from, after the `prefix` glued before its value.
pub(super) fn width(entity: &str, field: &Field, seen: &[String], prefix: &str) -> Option<String> {
    let (width, length, digits) = match field.kind {
        FieldKind::Uint { width, .. }
        | FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
            ..
        } => (width, width, crate::wording::counted(width as usize, "digit", "digits")),
        FieldKind::Int { width, .. } => (width, width + 1, format!("a sign and {width} digits")),
        FieldKind::Decimal {
            width, scale, signed, ..
        } => (
            width,
            u32::from(signed) + width + 1 + scale,
            format!("{width} digits before the point"),
        ),
        _ => return None,
    };
    let total = seen.len();
    let fitting = (seen.iter())
        .filter(|s| s.strip_prefix(prefix).unwrap_or(s).len() == length as usize)
        .count();
    let read_from = match (fitting, total) {
        (1, 1) => format!("1 sample that has {digits}"),
        (n, t) if n == t => format!("{n} samples that all have {digits}"),
        (n, t) => format!("the {n} of {t} samples that have {digits}"),
    };
    Some(format!(
        "guess: {entity}'s <{}> width {width} read from {read_from}: a larger value would need a wider key",
        field.name
    ))
}

/// The width of a field read from a Number key, said as a guess: its samples' most
/// digits, which a larger value would pass. A Number key stores the number itself, so
/// a wider field costs no key bytes.
pub(super) fn number_width(entity: &str, field: &Field, samples: usize) -> Option<String> {
    let width = match field.kind {
        FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } | FieldKind::Decimal { width, .. } => width,
        _ => return None,
    };
    let of = match samples {
        1 => "1 sample".to_string(),
        n => format!("{n} samples"),
    };
    Some(format!(
        "guess: {entity}'s <{}> width {width} is the most digits of {of}: a larger value is refused until the field is wider, and a Number key stores the number itself, so a wider field costs no key bytes",
        field.name
    ))
}

/// The fields keylab had to name: no attribute of the items holds their values and the
/// source names none, so their names (`sk_1`, `sk_2`) say only where they are.
pub(super) fn named_by_keylab(entity: &Entity, members: &[&StoredItem], named_by_source: &[&str]) -> Option<String> {
    let made: Vec<String> = (entity.fields.iter())
        .filter(|f| !named_by_source.contains(&f.name.as_str()))
        .filter(|f| !members.iter().any(|m| m.get(&f.name).is_some()))
        .filter(|f| whole_key_of(entity, members, &f.name).is_none())
        .filter_map(|f| {
            let (attribute, at) = place(entity, &f.name)?;
            let by_place = f.name == format!("{}_{at}", attribute.to_lowercase());
            let before = entity
                .template(attribute)
                .and_then(|t| match t.segments.get(at.checked_sub(2)?) {
                    Some(Segment::Literal(l)) if !by_place => Some(l.as_str()),
                    _ => None,
                });
            Some(match before {
                Some(label) => format!(
                    "<{}> ({attribute} segment {at}, after the label {label} before it)",
                    f.name
                ),
                None => format!("<{}> ({attribute} segment {at})", f.name),
            })
        })
        .collect();
    if made.is_empty() {
        return None;
    }
    let (are, values, names) = match made.len() {
        1 => ("is", "that value", "its real name"),
        _ => ("are", "those values", "their real names"),
    };
    Some(format!(
        "names: {}'s {} {are} named by keylab: no attribute of the items holds {values} and the \
         source names none. Type {names} in the segment's field box (or the schema's fields): \
         the keys stay the same",
        entity.name,
        super::left_out::and_list(&made),
    ))
}

/// Fields that are all a key attribute holds (`State = <State2>`, a GSI keyed on the
/// items' own State): a field of that attribute's name would write it twice, so keylab
/// named the field apart, and says whose values it holds.
pub(super) fn held_by_key_attributes(entity: &Entity, members: &[&StoredItem]) -> Option<String> {
    let said: Vec<String> = (entity.fields.iter())
        .filter_map(|f| {
            Some(format!(
                "<{}> holds {}'s values",
                f.name,
                whole_key_of(entity, members, &f.name)?
            ))
        })
        .collect();
    (!said.is_empty()).then(|| {
        let (each, fields) = match said.len() {
            1 => ("that attribute is", "the field"),
            _ => ("each attribute is", "the fields"),
        };
        format!(
            "names: {}'s {}: {each} a key attribute a template writes, and a field of its name \
             would write it twice, so keylab named {fields} apart",
            entity.name,
            super::left_out::and_list(&said),
        )
    })
}

/// The key attribute of the items whose template is `field` alone, if any.
fn whole_key_of<'e>(entity: &'e Entity, members: &[&StoredItem], field: &str) -> Option<&'e str> {
    (entity.keys.iter())
        .find(|t| {
            matches!(t.segments.as_slice(), [Segment::Field(r)] if r.name == field && r.prefix.is_empty())
                && t.attribute != field
                && members.iter().any(|m| m.get(&t.attribute).is_some())
        })
        .map(|t| t.attribute.as_str())
}

/// Where a field first is in the entity's keys: the key attribute and the segment, from 1.
fn place<'e>(entity: &'e Entity, field: &str) -> Option<(&'e str, usize)> {
    entity.keys.iter().find_map(|t| {
        (t.segments.iter())
            .position(|s| matches!(s, Segment::Field(f) if f.name == field))
            .map(|at| (t.attribute.as_str(), at + 1))
    })
}

/// Text fields whose attribute is a Number in the items (`deviceid` 12345 in
/// `d#12345`): the key writes its digits as they are, which no number kind does (those
/// pad to a width), so the design holds it as text, and whatever keylab writes from the
/// design (items, exports, programs) writes the attribute as a String.
pub(super) fn numbers_as_text(entity: &Entity, members: &[&StoredItem], separator: &str) -> Vec<String> {
    (entity.fields.iter())
        .filter(|f| matches!(f.kind, FieldKind::Text { .. }))
        .filter_map(|f| {
            let numbers: Vec<&str> = (members.iter())
                .filter_map(|m| match m.get(&f.name)? {
                    Attribute::N(n) => Some(Some(n.as_ref())),
                    _ => Some(None),
                })
                .collect::<Option<Vec<_>>>()?;
            let first = numbers.first()?;
            let key = (entity.keys.iter()).find(|t| {
                t.segments
                    .iter()
                    .any(|s| matches!(s, Segment::Field(r) if r.name == f.name))
            })?;
            Some(format!(
                "{}'s <{}> is a Number attribute in the items ({first}), and {} = {} holds its digits unpadded, \
                 which no number kind writes (those pad to a width), so it is read as text: keylab's items, \
                 exports and programs write {} as a String (S). To keep it a Number, make <{}> a uint with a \
                 width (the keys change: keylab migrate re-keys the items)",
                entity.name,
                f.name,
                key.attribute,
                key.pattern(separator),
                f.name,
                f.name
            ))
        })
        .collect()
}
