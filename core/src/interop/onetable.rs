//! A design as a OneTable schema (dynamodb-onetable 2.x, `format: 'onetable:1.1.0'`, in
//! TypeScript), one model per entity, whose keys OneTable writes byte for byte as
//! keylab does:
//! - a key OneTable can write itself is a `value` template: literals, `${field}` for a
//!   value written as it is (text as typed, a ULID, a KSUID, a `Date` as its ISO text
//!   with `isoDates`), `${field:width}` for a number padded with zeros;
//! - a key it cannot (a `desc` field, an `int` or a `decimal`, text keylab cases, an ISO
//!   timestamp in another format) is `value: true`, which OneTable asks the Table's
//!   `value` function for: the file's `value` calls keylab's key code for TypeScript,
//!   included in the file, so the key is still exactly keylab's; a note says which.
//!
//! Like the ElectroDB export, the file carries the keylab design it was written from,
//! which `keylab import --from onetable` uses when it writes the same keys.

use super::{instant_function, key_code_call, quoted, Source};
use crate::infer::electrodb::DESIGN_MARK;
use crate::keycode::{self, Language};
use crate::schema::{AttrType, Case, Entity, FieldKind, IsoFormat, KeyTemplate, Order, Schema, Segment, TimeUnit};

pub fn schema(schema: &Schema) -> Result<Source, String> {
    let mut notes = Vec::new();
    let table = &schema.table;
    let mut indexes = vec![index_line("primary", &table.primary.partition, &table.primary.sort, "")];
    for i in &table.indexes {
        if i.keys.is_multi_attribute() {
            notes.push(format!(
                "index {} is left out: OneTable 2.x has no multi-attribute keys",
                i.name
            ));
        } else {
            indexes.push(index_line(
                &i.name,
                &i.keys.partition,
                &i.keys.sort,
                ", project: \"all\"",
            ));
        }
    }
    let mut models = Vec::new();
    let mut computed = Vec::new();
    for entity in &schema.entities {
        if let Some(model) = model(schema, entity, &mut computed, &mut notes) {
            models.push(model);
        }
    }
    if models.is_empty() {
        return Err(format!("no entity can be written: {}", notes.join("; ")));
    }
    let mut text = format!(
        "// A OneTable schema (dynamodb-onetable 2.x) for the table {name}, written by keylab: its\n\
         // models write the keys keylab shows, byte for byte. Give it to OneTable's Table:\n\
         //   new Table({{ client, name: {table}, schema: Schema, partial: false{with_value} }})\n\
         {DESIGN_MARK}{design}\n",
        name = table.name,
        table = quoted(&table.name),
        with_value = if computed.is_empty() { "" } else { ", value" },
        design = schema.to_value(),
    );
    if !computed.is_empty() {
        text.push_str("// (`value` writes the keys marked `value: true` with keylab's key code: OneTable cannot.)\n");
        text.push_str("\n// ---- keylab key code (the Key code tab's keys.ts) ----\n");
        text.push_str(&keycode::generate(schema, Language::TypeScript)?);
        text.push_str("// ---- end of keylab key code ----\n");
    }
    text.push_str(&format!(
        "\nexport const Schema = {{\n  format: \"onetable:1.1.0\",\n  version: \"0.0.1\",\n  indexes: {{\n{}\n  }},\n  models: {{\n{}\n  }},\n  params: {{ isoDates: true, timestamps: false }},\n}};\n",
        indexes.join("\n"),
        models.join("\n")
    ));
    if !computed.is_empty() {
        let value = value_function(&computed);
        text.push_str(instant_function(&value));
        text.push_str(&value);
    }
    Ok(Source { text, notes })
}

fn index_line(name: &str, hash: &str, sort: &Option<String>, more: &str) -> String {
    let sort = sort
        .as_ref()
        .map_or(String::new(), |s| format!(", sort: {}", quoted(s)));
    format!("    {}: {{ hash: {}{sort}{more} }},", quoted(name), quoted(hash))
}

/// One model, or `None` (and a note) when OneTable cannot hold the entity's table keys.
fn model(schema: &Schema, entity: &Entity, computed: &mut Vec<String>, notes: &mut Vec<String>) -> Option<String> {
    let table = &schema.table;
    let mut keys = Vec::new();
    let all = std::iter::once((None, &table.primary)).chain(table.indexes.iter().map(|i| (Some(&i.name), &i.keys)));
    for (name, ks) in all.filter(|(_, ks)| !ks.is_multi_attribute()) {
        let what = name.map_or("the table's keys".to_string(), |n| format!("index {n}"));
        let templates: Vec<Option<&KeyTemplate>> = (std::iter::once(&ks.partition).chain(&ks.sort))
            .map(|a| entity.template(a))
            .collect();
        match (templates.iter().all(Option::is_some), templates[0].is_some()) {
            (true, _) => keys.extend(templates.into_iter().flatten()),
            (false, true) => notes.push(format!(
                "{}: {what} is left out: the entity writes its partition key but not its sort key",
                entity.name
            )),
            (false, false) if name.is_none() => {
                notes.push(format!("{}: it has no template for the table's keys", entity.name));
                return None;
            }
            (false, false) => {}
        }
    }
    let mut lines = Vec::new();
    for t in keys {
        if entity.field(&t.attribute).is_some() {
            notes.push(format!(
                "{}: its field {} is also a key attribute, which one OneTable model cannot hold apart",
                entity.name, t.attribute
            ));
            return None;
        }
        let value = match native(t, entity, schema) {
            Ok(template) => quoted(&template),
            Err(why) => {
                notes.push(format!(
                    "{}.{}: {why}: OneTable asks the file's value function, which calls keylab's key code",
                    entity.name, t.attribute
                ));
                computed.push(case(entity, t));
                "true".into()
            }
        };
        lines.push(format!(
            "      {}: {{ type: String, value: {value} }},",
            quoted(&t.attribute)
        ));
    }
    for f in &entity.fields {
        lines.push(format!("      {}: {},", quoted(&f.name), field(&f.kind)));
    }
    Some(format!(
        "    {}: {{\n{}\n    }},",
        quoted(&entity.name),
        lines.join("\n")
    ))
}

/// A field's definition: its type as OneTable holds it, and keylab's longest text as
/// OneTable's validation, so both refuse the same values.
fn field(kind: &FieldKind) -> String {
    match *kind {
        FieldKind::Text {
            max_length: Some(n), ..
        } => format!("{{ type: String, validate: /^[\\s\\S]{{0,{n}}}$/u }}"),
        FieldKind::Uint { .. }
        | FieldKind::Int { .. }
        | FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
            ..
        } => "{ type: Number }".into(),
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(format),
            order: Order::Asc,
        } if format == IsoFormat::default() => "{ type: Date }".into(),
        _ => "{ type: String }".into(),
    }
}

/// The template OneTable writes `t` with, or why it cannot.
fn native(t: &KeyTemplate, entity: &Entity, schema: &Schema) -> Result<String, String> {
    if schema.table.attribute_type(&t.attribute) == Some(AttrType::N) {
        return Err("it is a Number attribute, which OneTable's templates do not write".into());
    }
    let template_safe = |text: &str| -> Result<(), String> {
        match text.contains("${") {
            true => Err(format!("{text:?} holds `${{`, which OneTable reads as a value")),
            false => Ok(()),
        }
    };
    let mut parts = Vec::new();
    for s in &t.segments {
        match s {
            Segment::Literal(l) => {
                template_safe(l)?;
                parts.push(l.clone());
            }
            Segment::Field(f) => {
                let field = entity.field(&f.name).ok_or(format!("{} is not a field", f.name))?;
                template_safe(&f.prefix)?;
                if f.name.contains([':', '}']) || f.name == "_type" {
                    return Err(format!("{} cannot be named in a OneTable template", f.name));
                }
                let value = match field.kind {
                    FieldKind::Text {
                        case: Case::Preserve, ..
                    }
                    | FieldKind::Ulid { order: Order::Asc }
                    | FieldKind::Ksuid { order: Order::Asc } => format!("${{{}}}", f.name),
                    FieldKind::Timestamp {
                        unit: TimeUnit::Iso(format),
                        order: Order::Asc,
                    } if format == IsoFormat::default() => format!("${{{}}}", f.name),
                    FieldKind::Uint {
                        width,
                        order: Order::Asc,
                    }
                    | FieldKind::Timestamp {
                        unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
                        order: Order::Asc,
                    } => format!("${{{}:{width}}}", f.name),
                    FieldKind::Text { case, .. } => {
                        return Err(format!(
                            "{} is written in {} case, and OneTable writes a value as given",
                            f.name,
                            case.name()
                        ))
                    }
                    ref k if k.order() == Order::Desc => return Err(format!("{} is stored inverted (desc)", f.name)),
                    FieldKind::Timestamp { .. } => {
                        return Err(format!(
                            "{} is an ISO timestamp in a format other than a Date's toISOString",
                            f.name
                        ))
                    }
                    ref k => {
                        return Err(format!(
                            "{} is a {}, which OneTable does not sign or scale",
                            f.name,
                            k.name()
                        ))
                    }
                };
                parts.push(format!("{}{value}", f.prefix));
            }
        }
    }
    Ok(parts.join(&schema.separator))
}

/// The `value` function's case for a key OneTable cannot write itself.
fn case(entity: &Entity, t: &KeyTemplate) -> String {
    let mut fields: Vec<&str> = t.fields().collect();
    fields.dedup();
    let names: Vec<String> = fields.iter().map(|f| quoted(f)).collect();
    format!(
        "      case {}:\n        return [{}].some((f) => item[f] == null) ? undefined : {};",
        quoted(&format!("{}.{}", entity.name, t.attribute)),
        names.join(", "),
        key_code_call(entity, t, "item")
    )
}

fn value_function(cases: &[String]) -> String {
    format!(
        "\n/** The Table's `value`: OneTable calls it for each key marked `value: true`. A key
 * whose fields are not all given (a query that names part of it) is undefined, which
 * OneTable leaves out, as it does a template with a value missing. */
export function value(model: {{ name: string }}, field: string, item: Record<string, any>): string {{
  const key = ((): string | undefined => {{
    switch (`${{model.name}}.${{field}}`) {{
{}
    }}
    throw new Error(`keylab: no key code for ${{model.name}}.${{field}}`);
  }})();
  return key as string;
}}
",
        cases.join("\n")
    )
}

#[cfg(test)]
mod tests;
