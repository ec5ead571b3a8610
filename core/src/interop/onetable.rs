//! A design as a OneTable schema (dynamodb-onetable 2.x, `format: 'onetable:1.1.0'`, in
//! TypeScript), one model per entity, whose keys OneTable writes byte for byte as
//! keylab does:
//! - a key OneTable can write itself is a `value` template: literals, `${field}` for a
//!   value written as it is (text as typed, a ULID, a KSUID), `${field:width}` for a
//!   number padded with zeros;
//! - a key it cannot (a `desc` field, an `int` or a `decimal`, text keylab cases, an ISO
//!   timestamp, which OneTable writes as it is given, text without a `maxLength` that
//!   could make it longer than DynamoDB allows) is `value: true`, which OneTable asks the
//!   Table's `value` function for: the file's `value` calls keylab's key code for
//!   TypeScript, included in the file, so the key is still exactly keylab's; a note says
//!   which;
//! - the file's `validate` (the Table's) writes every value a key reads with the key
//!   code first ([`super::checks`]), so OneTable never keys a value keylab refuses
//!   (`${n:5}` writes -1 as `000-1`), and the refusal is keylab's message.
//!
//! An item's attributes the design does not hold are not declared (OneTable's create
//! drops them): the header and a note say how to declare them. Like the ElectroDB
//! export, the file carries the keylab design it was written from, which
//! `keylab import --from onetable` uses when it writes the same keys.

use super::checks::{self, EntityChecks, CHECK};
use super::{instant_function, key_code_call, may_outgrow, quoted, Source};
use crate::infer::electrodb::DESIGN_MARK;
use crate::keycode::{self, Language};
use crate::schema::{AttrType, Case, Entity, FieldKind, IsoFormat, KeyTemplate, Order, Schema, Segment, TimeUnit};

pub fn schema(schema: &Schema) -> Result<Source, super::Error> {
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
    let mut checks: Vec<EntityChecks> = Vec::new();
    for entity in &schema.entities {
        if let Some((model, checked)) = model(schema, entity, &mut computed, &mut notes) {
            models.push(model);
            checks.push((entity.name.clone(), checked));
        }
    }
    if models.is_empty() {
        return Err(super::Error::NothingWritable { left_out: notes });
    }
    let mut functions = Vec::new();
    if checks::any(&checks) || !computed.is_empty() {
        functions.push("validate");
    }
    if !computed.is_empty() {
        functions.push("value");
    }
    let checks = checks::source(&checks);
    let mut text = header(schema, &functions);
    let mut code = String::new();
    if !functions.is_empty() {
        code.push_str(&checks);
        code.push_str(VALIDATE);
        if !computed.is_empty() {
            code.push_str(&value_function(&computed));
        }
        text.push_str("\n// ---- keylab key code (the Key code tab's keys.ts) ----\n");
        text.push_str(&keycode::generate(schema, Language::TypeScript)?);
        text.push_str("// ---- end of keylab key code ----\n");
    }
    text.push_str(&format!(
        "\nexport const Schema = {{\n  format: \"onetable:1.1.0\",\n  version: \"0.0.1\",\n  indexes: {{\n{}\n  }},\n  models: {{\n{}\n  }},\n  params: {{ isoDates: true, timestamps: false }},\n}};\n",
        indexes.join("\n"),
        models.join("\n")
    ));
    text.push_str(instant_function(&code));
    text.push_str(&code);
    Ok(Source { text, notes })
}

/// The file's first lines: what it is, how to give it to OneTable (with the file's
/// `functions`), what it leaves out.
fn header(schema: &Schema, functions: &[&str]) -> String {
    let table = &schema.table;
    let with: String = functions.iter().map(|f| format!(", {f}")).collect();
    let mut text = format!(
        "// A OneTable schema (dynamodb-onetable 2.x) for the table {name}, written by keylab: its\n\
         // models write the keys keylab shows, byte for byte. Give it to OneTable's Table:\n\
         //   new Table({{ client, name: {quoted}, schema: Schema, partial: false{with} }})\n",
        name = table.name,
        quoted = quoted(&table.name),
    );
    if functions.contains(&"validate") {
        text.push_str(
            "// (`validate` checks every value a key reads with keylab's key code: a value keylab\n\
             // refuses is refused, with keylab's message.)\n",
        );
    }
    if functions.contains(&"value") {
        text.push_str("// (`value` writes the keys marked `value: true` with keylab's key code: OneTable cannot.)\n");
    }
    text.push_str(
        "// keylab's design holds the attributes its keys read. OneTable's create leaves out any\n\
         // other attribute of an item (an imported item's map Detail) unless its model\n\
         // declares it: add each to the model, e.g. \"Detail\": { type: Object }.\n",
    );
    text.push_str(&format!("{DESIGN_MARK}{}\n", schema.to_value()));
    text
}

/// The Table's `validate`, for a file with [`checks::source`].
const VALIDATE: &str = r#"
/** The Table's `validate`: OneTable calls it before it writes an item. Every value a
 * key reads is written by keylab's key code first: a value keylab refuses throws
 * keylab's refusal (which value, why, what the field takes), so no key keylab refuses
 * is written. */
export function validate(model: { name: string }, properties: Record<string, any>): Record<string, string> {
  keylabCheck(model.name, properties);
  return {};
}
"#;

fn index_line(name: &str, hash: &str, sort: &Option<String>, more: &str) -> String {
    let sort = sort
        .as_ref()
        .map_or(String::new(), |s| format!(", sort: {}", quoted(s)));
    format!("    {}: {{ hash: {}{sort}{more} }},", quoted(name), quoted(hash))
}

/// One model and the check of each field its keys read, or `None` (and a note) when
/// OneTable cannot hold the entity's table keys.
fn model(
    schema: &Schema,
    entity: &Entity,
    computed: &mut Vec<String>,
    notes: &mut Vec<String>,
) -> Option<(String, Vec<(String, String)>)> {
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
    for &t in &keys {
        if entity.field(&t.attribute).is_some() {
            notes.push(format!(
                "{}: its field {} is also a key attribute, which one OneTable model cannot hold apart",
                entity.name, t.attribute
            ));
            return None;
        }
        let value = match native(t, entity, schema).and_then(|n| may_outgrow(schema, entity, t).map(|()| n)) {
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
    let mut checked = Vec::new();
    for f in &entity.fields {
        lines.push(format!("      {}: {},", quoted(&f.name), field(&f.kind)));
        if keys.iter().any(|t| t.fields().any(|name| name == f.name)) {
            checked.push((f.name.clone(), checks::check(entity, f, &schema.separator, None)));
        }
    }
    let model = format!("    {}: {{\n{}\n    }},", quoted(&entity.name), lines.join("\n"));
    Some((model, checked))
}

/// A field's definition: its type as OneTable holds it (an ISO timestamp in a Date's
/// `toISOString` format as a Date). What keylab refuses of its value is the file's
/// `validate`'s to say, with keylab's message.
fn field(kind: &FieldKind) -> String {
    match *kind {
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
                    } => format!("${{{}}}", f.name),
                    FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => {
                        return Err(format!(
                            "{} is a {}, which keylab writes trimmed (a ULID in upper case) and OneTable writes as given",
                            f.name,
                            field.kind.name()
                        ))
                    }
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
                            "{} is an ISO timestamp, which OneTable writes as it is given (2024-06-23T10:00Z as that, not as keylab's format)",
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
  // The values are checked first, as `validate` checks them (OneTable asks for the keys
  // before it validates): a refusal is keylab's message with what the field takes.
  {CHECK}(model.name, item);
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
