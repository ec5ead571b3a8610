//! A design as ElectroDB entities (electrodb 3.x, TypeScript), one `new Entity` per
//! entity, whose keys ElectroDB writes byte for byte as keylab does:
//! - a key ElectroDB can write itself is a `template` (literals, `${field}`, a prefix
//!   glued to its value) with the `casing` that leaves its bytes as keylab writes them,
//!   and a `uint` is a number with `padding`;
//! - a key it cannot (a `desc` field, an `int` or a `decimal`, text cased unlike the
//!   rest of its key, a ULID in a lower-cased key) is a hidden attribute that `watch`es
//!   the key's fields and whose `set` calls keylab's key code for TypeScript, included
//!   in the file, so the key is still exactly keylab's; a note says which and why.
//!
//! The file carries the keylab design it was written from (`// keylab design: {...}`):
//! `keylab import --from electrodb` uses it when it writes the same keys as the
//! entities, so the round trip gives the same design.

use super::{instant_function, key_code_call, quoted, Source};
use crate::keycode::{self, camel, ident, pascal, Language};
use crate::schema::{AttrType, Case, Entity, FieldKind, KeySchema, KeyTemplate, Order, Schema, Segment, TimeUnit};

pub use crate::infer::electrodb::{DESIGN_MARK, WATCH_PREFIX};

pub fn entities(schema: &Schema) -> Result<Source, String> {
    let mut notes = Vec::new();
    let mut body = String::new();
    let mut needs_code = false;
    for entity in &schema.entities {
        let written = entity_source(schema, entity, &mut notes);
        needs_code |= written.contains(WATCH_PREFIX);
        body.push_str(&written);
    }
    let mut text = format!(
        "// ElectroDB entities (electrodb 3.x) for the table {}, written by keylab: they write\n\
         // the keys keylab shows, byte for byte. Give each entity its client with setClient.\n\
         {DESIGN_MARK}{}\n\nimport {{ Entity }} from \"electrodb\";\n",
        schema.table.name,
        schema.to_value()
    );
    if needs_code {
        // keylab's key code for TypeScript, for the keys ElectroDB cannot write itself.
        let code = keycode::generate(schema, Language::TypeScript)?;
        text.push_str("\n// ---- keylab key code (the Key code tab's keys.ts) ----\n");
        text.push_str(&code);
        text.push_str("// ---- end of keylab key code ----\n");
        text.push_str(instant_function(&body));
    }
    text.push_str(&body);
    Ok(Source { text, notes })
}

fn entity_source(schema: &Schema, entity: &Entity, notes: &mut Vec<String>) -> String {
    let sep = &schema.separator;
    let mut attributes = Vec::new();
    for f in &entity.fields {
        let (definition, note) = attribute(&f.kind);
        if let Some(note) = note {
            notes.push(format!("{}.{}: {note}", entity.name, f.name));
        }
        attributes.push(format!("      {}: {definition},", quoted(&f.name)));
    }
    let mut indexes = Vec::new();
    let table = &schema.table;
    let all = std::iter::once((None, &table.primary)).chain(table.indexes.iter().map(|i| (Some(&i.name), &i.keys)));
    for (name, keys) in all {
        let what = name.map_or("the table's keys".to_string(), |n| format!("index {n}"));
        // Only a GSI has a multi-attribute key.
        if let (true, Some(n)) = (keys.is_multi_attribute(), name) {
            match composite(schema, entity, keys) {
                Ok(None) => {}
                Ok(Some(index)) => indexes.push(format!(
                    "    {}: {{\n      index: {},\n      type: \"composite\",\n{index}    }},",
                    quoted(&camel(&format!("by {n}"))),
                    quoted(n)
                )),
                Err(why) => notes.push(format!("{}: {what} is left out: {why}", entity.name)),
            }
            continue;
        }
        let Some(pk) = entity.template(&keys.partition) else {
            if name.is_none() {
                notes.push(format!("{}: it has no template for the table's keys", entity.name));
            }
            continue;
        };
        let sk = match keys.sort.as_ref().map(|s| entity.template(s)) {
            None => None,
            Some(Some(t)) => Some(t),
            Some(None) => {
                notes.push(format!(
                    "{}: {what} is left out: the entity writes its partition key but not its sort key",
                    entity.name
                ));
                continue;
            }
        };
        let mut key = |t: &KeyTemplate| -> String {
            match native(t, entity, sep) {
                Ok((template, casing)) => {
                    let composite: Vec<String> = t.fields().map(quoted).collect();
                    format!(
                        "{{ field: {}, composite: [{}], template: {}, casing: \"{casing}\" }}",
                        quoted(&t.attribute),
                        composite.join(", "),
                        quoted(&template)
                    )
                }
                Err(why) => {
                    notes.push(format!(
                        "{}.{}: {why}: ElectroDB stores the key keylab's code writes (a hidden attribute that watches its fields)",
                        entity.name, t.attribute
                    ));
                    let watcher = format!("{WATCH_PREFIX}{}", t.attribute);
                    attributes.push(format!("      {}: {},", quoted(&watcher), watch(entity, t)));
                    format!(
                        "{{ field: {}, composite: [{}], template: {}, casing: \"none\" }}",
                        quoted(&t.attribute),
                        quoted(&watcher),
                        quoted(&format!("${{{watcher}}}"))
                    )
                }
            }
        };
        let mut index = format!(
            "    {}: {{\n",
            quoted(&camel(&format!("by {}", name.map_or("key", |n| n.as_str()))))
        );
        if let Some(n) = name {
            index.push_str(&format!("      index: {},\n", quoted(n)));
        }
        index.push_str(&format!("      pk: {},\n", key(pk)));
        if let Some(sk) = sk {
            index.push_str(&format!("      sk: {},\n", key(sk)));
        }
        index.push_str("    },");
        indexes.push(index);
    }
    format!(
        "\nexport const {} = new Entity(\n  {{\n    model: {{ entity: {}, version: \"1\", service: {} }},\n    attributes: {{\n{}\n    }},\n    indexes: {{\n{}\n    }},\n  }},\n  {{ table: {} }},\n);\n",
        ident(&entity.name, pascal),
        quoted(&entity.name),
        quoted(&schema.table.name),
        attributes.join("\n"),
        indexes.iter().map(|i| format!("  {}", i.replace('\n', "\n  "))).collect::<Vec<_>>().join("\n"),
        quoted(&schema.table.name)
    )
}

/// A multi-attribute key as an ElectroDB composite index's `pk` and `sk` lines: each
/// attribute is the field of its name, held as itself, which ElectroDB stores as
/// given; `None` when the entity writes none of its attributes. Refused (why) when a
/// part is not a field written as it is typed.
fn composite(schema: &Schema, entity: &Entity, keys: &KeySchema) -> Result<Option<String>, String> {
    if entity.template(&keys.partition).is_none() {
        return Ok(None);
    }
    let mut lines = String::new();
    for (key, attributes) in [
        ("pk", keys.partition_attributes().collect::<Vec<_>>()),
        ("sk", keys.sort_attributes().collect()),
    ] {
        if attributes.is_empty() {
            continue;
        }
        let mut names = Vec::new();
        for a in attributes {
            let t = entity.template(a).ok_or(format!("the entity does not write {a}"))?;
            let field = match t.segments.as_slice() {
                [Segment::Field(f)] if f.prefix.is_empty() && f.name == a => entity.field(&f.name),
                _ => None,
            }
            .ok_or(format!(
                "{a} is not the field {a} as it is, which an ElectroDB composite index holds"
            ))?;
            match (&field.kind, schema.table.attribute_type(a)) {
                (
                    FieldKind::Text {
                        case: Case::Preserve, ..
                    },
                    Some(AttrType::S) | None,
                ) => names.push(quoted(a)),
                (kind, _) => {
                    return Err(format!(
                        "{a} is a {} that keylab writes its own way, and ElectroDB stores a composite index's attributes as given",
                        kind.name()
                    ))
                }
            }
        }
        lines.push_str(&format!("      {key}: {{ composite: [{}] }},\n", names.join(", ")));
    }
    Ok(Some(lines))
}

/// The attribute's definition, and what ElectroDB will not hold of the field.
fn attribute(kind: &FieldKind) -> (String, Option<String>) {
    let padded = |w: u32| format!("{{ type: \"number\", padding: {{ length: {w}, char: \"0\" }} }}");
    match *kind {
        FieldKind::Text {
            max_length: Some(n), ..
        } => (
            "{ type: \"string\" }".into(),
            Some(format!(
                "its maxLength {n} is not ElectroDB's: keylab refuses longer values, ElectroDB writes them"
            )),
        ),
        FieldKind::Uint {
            width,
            order: Order::Asc,
        } => (padded(width), None),
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
            order: Order::Asc,
        } => (padded(width), None),
        FieldKind::Uint { .. }
        | FieldKind::Int { .. }
        | FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
            ..
        } => ("{ type: \"number\" }".into(), None),
        _ => ("{ type: \"string\" }".into(), None),
    }
}

/// The template and casing ElectroDB writes `t` with, or why it cannot.
fn native(t: &KeyTemplate, entity: &Entity, sep: &str) -> Result<(String, &'static str), String> {
    let mut cases = Vec::new();
    let mut text = Vec::new();
    for s in &t.segments {
        match s {
            Segment::Literal(l) => {
                cases.push(Need::Same(l.clone()));
                text.push(l.replace("${", "$\\{"));
            }
            Segment::Field(f) => {
                let field = entity.field(&f.name).ok_or(format!("{} is not a field", f.name))?;
                cases.push(Need::Same(f.prefix.clone()));
                cases.push(match field.kind {
                    FieldKind::Text { case, .. } => Need::Case(case),
                    FieldKind::Uint { order: Order::Asc, .. } => Need::Digits,
                    FieldKind::Timestamp {
                        unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
                        order: Order::Asc,
                    } => Need::Digits,
                    FieldKind::Ulid { order: Order::Asc } => Need::Upper,
                    FieldKind::Ksuid { order: Order::Asc } => Need::Mixed,
                    ref k if k.order() == Order::Desc => return Err(format!("{} is stored inverted (desc)", f.name)),
                    FieldKind::Timestamp {
                        unit: TimeUnit::Iso(_), ..
                    } => {
                        return Err(format!(
                            "{} is an ISO timestamp, which keylab formats and ElectroDB writes as given",
                            f.name
                        ))
                    }
                    ref k => {
                        return Err(format!(
                            "{} is a {}, which ElectroDB does not pad or sign",
                            f.name,
                            k.name()
                        ))
                    }
                });
                text.push(format!("{}${{{}}}", f.prefix, f.name));
            }
        }
    }
    let casing = ["none", "lower", "upper"]
        .into_iter()
        .find(|c| cases.iter().all(|n| n.holds(c)))
        .ok_or("its parts need different casings (ElectroDB cases a whole key)")?;
    Ok((text.join(sep), casing))
}

/// What a part of a key needs of ElectroDB's casing to keep its bytes.
enum Need {
    /// Text that must come out as it is.
    Same(String),
    /// A text field keylab writes in this case.
    Case(Case),
    /// Digits: any casing.
    Digits,
    /// Upper-case letters (a ULID): not lower.
    Upper,
    /// Mixed case (a KSUID): only none.
    Mixed,
}

impl Need {
    fn holds(&self, casing: &str) -> bool {
        match (self, casing) {
            (Need::Same(s), "lower") => s.to_lowercase() == *s,
            (Need::Same(s), "upper") => s.to_uppercase() == *s,
            (Need::Case(c), "none") => *c == Case::Preserve,
            (Need::Case(c), "lower") => *c == Case::Lower,
            (Need::Case(c), "upper") => *c == Case::Upper,
            (Need::Upper, "lower") | (Need::Mixed, "lower" | "upper") => false,
            _ => true,
        }
    }
}

/// A hidden attribute whose value is the key keylab's code writes from the item.
fn watch(entity: &Entity, t: &KeyTemplate) -> String {
    let mut fields: Vec<&str> = t.fields().collect();
    fields.dedup();
    format!(
        "{{ type: \"string\", hidden: true, default: \"\", watch: [{}], set: (_: unknown, item: any) => {} }}",
        fields.iter().map(|f| quoted(f)).collect::<Vec<_>>().join(", "),
        key_code_call(entity, t, "item")
    )
}

#[cfg(test)]
mod tests;
