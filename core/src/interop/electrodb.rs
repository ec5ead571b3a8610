//! A design as ElectroDB entities (electrodb 3.x, TypeScript), one `new Entity` per
//! entity, whose keys ElectroDB writes byte for byte as keylab does:
//! - a key ElectroDB can write itself is a `template` (literals, `${field}`, a prefix
//!   glued to its value) with the `casing` that leaves its bytes as keylab writes them,
//!   and a `uint` is a number with `padding`;
//! - a key it cannot (a `desc` field, an `int` or a `decimal`, text cased unlike the
//!   rest of its key, a ULID in a lower-cased key, text without a `maxLength` that could
//!   make it longer than DynamoDB allows) is a hidden attribute that `watch`es the key's
//!   fields and whose `set` calls keylab's key code for TypeScript, included in the
//!   file, so the key is still exactly keylab's; a note says which and why;
//! - every field a key reads has a `validate` that writes its value with the key code
//!   ([`super::checks`]): ElectroDB's padding or template never keys a value keylab
//!   refuses (123456 in a width of 5, -1, 1.5), and the refusal is keylab's message;
//! - `withKeylabKeys.<Entity>` gives get, query, delete and update the hidden keys from
//!   the entity's own fields, since ElectroDB asks for them as composite attributes.
//!
//! An item's attributes the design does not hold are not declared (ElectroDB's put
//! drops them): the header and a note say how to declare them.
//!
//! The file carries the keylab design it was written from (`// keylab design: {...}`):
//! `keylab import --from electrodb` uses it when it writes the same keys as the
//! entities, so the round trip gives the same design.

use super::checks::{self, EntityChecks, CHECK};
use super::{instant_function, key_code_call, may_outgrow, quoted, Source};
use crate::keycode::{self, camel, ident, pascal, Language};
use crate::schema::{AttrType, Case, Entity, FieldKind, KeySchema, KeyTemplate, Order, Schema, Segment, TimeUnit};

pub use crate::infer::electrodb::{DESIGN_MARK, WATCH_PREFIX};

/// The helper that adds the keys keylab's code writes to the fields a read names.
const WITH_KEYS: &str = "withKeylabKeys";

pub fn entities(schema: &Schema) -> Result<Source, super::Error> {
    let mut notes = Vec::new();
    let mut body = String::new();
    let mut checks: Vec<EntityChecks> = Vec::new();
    let mut helpers = Vec::new();
    for entity in &schema.entities {
        let written = entity_source(schema, entity, &mut notes);
        body.push_str(&written.text);
        checks.push((entity.name.clone(), written.checks));
        helpers.push(written.helper);
    }
    let needs_code = checks::any(&checks) || body.contains(WATCH_PREFIX);
    let checks = checks::source(&checks);
    let mut text = header(schema, needs_code);
    if needs_code {
        // keylab's key code for TypeScript: the keys ElectroDB cannot write itself, and
        // the check of every value a key reads.
        let code = keycode::generate(schema, Language::TypeScript)?;
        text.push_str("\n// ---- keylab key code (the Key code tab's keys.ts) ----\n");
        text.push_str(&code);
        text.push_str("// ---- end of keylab key code ----\n");
        text.push_str(instant_function(&format!("{checks}{body}")));
        text.push_str(&checks);
    }
    text.push_str(&body);
    if needs_code {
        text.push_str(&with_keys(schema, &helpers));
    }
    Ok(Source { text, notes })
}

/// The file's first lines: what it is, how to use it, what it leaves out.
fn header(schema: &Schema, needs_code: bool) -> String {
    let mut text = format!(
        "// ElectroDB entities (electrodb 3.x) for the table {}, written by keylab: they write\n\
         // the keys keylab shows, byte for byte. Give each entity its client with setClient.\n",
        schema.table.name
    );
    if needs_code {
        let example = schema
            .entities
            .first()
            .map_or("Run".to_string(), |e| ident(&e.name, pascal));
        text.push_str(&format!(
            "// - Every value a key reads is checked by keylab's key code (each attribute's\n\
             //   `validate`): a value keylab refuses is refused, with keylab's message.\n\
             // - get, query, delete and update name an item by its fields: give them through\n\
             //   {WITH_KEYS}.<Entity>, which checks them and adds the keys keylab's code writes\n\
             //   (`{WATCH_PREFIX}<KEY>`, which ElectroDB asks for):\n\
             //     {example}.get({WITH_KEYS}.{example}({{ ...fields }})).go();\n"
        ));
    }
    text.push_str(
        "// - keylab's design holds the attributes its keys read. ElectroDB's put leaves out any\n\
         //   other attribute of an item (an imported item's map Detail) unless its entity\n\
         //   declares it: add each to the entity's attributes, e.g. \"Detail\": { type: \"any\" }.\n\
         // - ElectroDB reads back only the items it wrote (their __edb_e__ and __edb_v__): to\n\
         //   read a table's existing items, pass { ignoreOwnership: true } to get and query.\n\
         //   put also stores each hidden _keylab_<KEY> attribute beside the key it makes.\n",
    );
    text.push_str(&format!(
        "{DESIGN_MARK}{}\n\nimport {{ Entity }} from \"electrodb\";\n",
        schema.to_value()
    ));
    text
}
/// One entity's source, the check of each field its keys read, and its line of
/// [`WITH_KEYS`].
struct Written {
    text: String,
    checks: Vec<(String, String)>,
    helper: String,
}

/// What an entity's indexes need of its attributes: the hidden attributes of the keys
/// keylab's code writes (and those keys), and each field a written key reads, with the
/// key that is the field as itself (a composite index's attribute).
#[derive(Default)]
struct Needs<'e> {
    watchers: Vec<String>,
    hidden: Vec<&'e KeyTemplate>,
    keyed: Vec<(&'e str, Option<&'e KeyTemplate>)>,
}

fn entity_source(schema: &Schema, entity: &Entity, notes: &mut Vec<String>) -> Written {
    let mut needs = Needs::default();
    let indexes = indexes(schema, entity, &mut needs, notes);
    let mut attributes = Vec::new();
    let mut checks = Vec::new();
    for f in &entity.fields {
        let mut definition = attribute(&f.kind);
        let mut uses = needs.keyed.iter().filter(|(name, _)| *name == f.name).peekable();
        if uses.peek().is_some() {
            let limit = |t: &KeyTemplate| {
                schema
                    .table
                    .role(&t.attribute)
                    .map_or(crate::schema::SORT_KEY_MAX, |r| r.limit())
            };
            let whole = uses.find_map(|(_, whole)| whole.map(|t| (t, limit(t))));
            checks.push((f.name.clone(), checks::check(entity, f, &schema.separator, whole)));
            definition.push_str(&format!(", validate: {}", checks::reference(&entity.name, &f.name)));
        }
        attributes.push(format!("      {}: {{ {definition} }},", quoted(&f.name)));
    }
    attributes.extend(needs.watchers);
    let name = ident(&entity.name, pascal);
    let text = format!(
        "\nexport const {name} = new Entity(\n  {{\n    model: {{ entity: {}, version: \"1\", service: {} }},\n    attributes: {{\n{}\n    }},\n    indexes: {{\n{}\n    }},\n  }},\n  {{ table: {} }},\n);\n",
        quoted(&entity.name),
        quoted(&schema.table.name),
        attributes.join("\n"),
        indexes.iter().map(|i| format!("  {}", i.replace('\n', "\n  "))).collect::<Vec<_>>().join("\n"),
        quoted(&schema.table.name)
    );
    Written {
        text,
        checks,
        helper: helper(entity, &name, &needs.hidden),
    }
}

/// The entity's indexes: the table's keys and each index it writes, or a note why not.
fn indexes<'e>(schema: &Schema, entity: &'e Entity, needs: &mut Needs<'e>, notes: &mut Vec<String>) -> Vec<String> {
    let mut indexes = Vec::new();
    let table = &schema.table;
    let all = std::iter::once((None, &table.primary)).chain(table.indexes.iter().map(|i| (Some(&i.name), &i.keys)));
    for (name, keys) in all {
        let what = name.map_or("the table's keys".to_string(), |n| format!("index {n}"));
        // Only a GSI has a multi-attribute key.
        if let (true, Some(n)) = (keys.is_multi_attribute(), name) {
            match composite(schema, entity, keys) {
                Ok(None) => {}
                Ok(Some(index)) => {
                    // Each attribute is its field as itself: the field's check writes that whole key.
                    let parts = keys.partition_attributes().chain(keys.sort_attributes());
                    needs.keyed.extend(
                        parts
                            .filter_map(|a| entity.template(a))
                            .map(|t| (t.attribute.as_str(), Some(t))),
                    );
                    indexes.push(format!(
                        "    {}: {{\n      index: {},\n      type: \"composite\",\n{index}    }},",
                        quoted(&camel(&format!("by {n}"))),
                        quoted(n)
                    ))
                }
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
        let mut index = format!(
            "    {}: {{\n",
            quoted(&camel(&format!("by {}", name.map_or("key", |n| n.as_str()))))
        );
        if let Some(n) = name {
            index.push_str(&format!("      index: {},\n", quoted(n)));
        }
        index.push_str(&format!("      pk: {},\n", key(schema, entity, pk, needs, notes)));
        if let Some(sk) = sk {
            index.push_str(&format!("      sk: {},\n", key(schema, entity, sk, needs, notes)));
        }
        index.push_str("    },");
        indexes.push(index);
    }
    indexes
}

/// A `pk` or `sk` of an index: ElectroDB's own template when it writes `t` as keylab
/// does, else the hidden attribute whose value keylab's code writes (and a note why).
fn key<'e>(
    schema: &Schema,
    entity: &'e Entity,
    t: &'e KeyTemplate,
    needs: &mut Needs<'e>,
    notes: &mut Vec<String>,
) -> String {
    needs.keyed.extend(t.fields().map(|f| (f, None)));
    let written = native(t, entity, &schema.separator).and_then(|n| may_outgrow(schema, entity, t).map(|()| n));
    match written {
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
            let watcher = format!("{WATCH_PREFIX}{}", t.attribute);
            if !needs.hidden.iter().any(|h| h.attribute == t.attribute) {
                notes.push(format!(
                    "{}.{}: {why}: ElectroDB stores the key keylab's code writes (a hidden attribute that watches its fields)",
                    entity.name, t.attribute
                ));
                needs
                    .watchers
                    .push(format!("      {}: {},", quoted(&watcher), watch(entity, t)));
                needs.hidden.push(t);
            }
            format!(
                "{{ field: {}, composite: [{}], template: {}, casing: \"none\" }}",
                quoted(&t.attribute),
                quoted(&watcher),
                quoted(&format!("${{{watcher}}}"))
            )
        }
    }
}

/// An entity's line of [`WITH_KEYS`]: the fields given, checked, and each key keylab's
/// code writes whose fields are all given.
fn helper(entity: &Entity, name: &str, hidden: &[&KeyTemplate]) -> String {
    let check = format!("{CHECK}({}, item)", quoted(&entity.name));
    if hidden.is_empty() {
        return format!("  {name}: <T extends Record<string, any>>(item: T): T => {check},");
    }
    let mut lines = vec![
        format!("    {check};"),
        "    const keys: Record<string, string> = {};".to_string(),
    ];
    let mut typed = Vec::new();
    for t in hidden {
        let watcher = quoted(&format!("{WATCH_PREFIX}{}", t.attribute));
        lines.push(format!(
            "    if ([{}].every((f) => item[f] != null)) keys[{watcher}] = {};",
            fields_of(t).join(", "),
            key_code_call(entity, t, "item")
        ));
        typed.push(format!("{watcher}: string"));
    }
    let typed = typed.join("; ");
    format!(
        "  {name}: <T extends Record<string, any>>(item: T): T & {{ {typed} }} => {{\n{}\n    return {{ ...item, ...keys }} as T & {{ {typed} }};\n  }},",
        lines.join("\n")
    )
}

/// [`WITH_KEYS`]: get, query, delete and update name an item by its fields, and ElectroDB
/// asks for a hidden key among them.
fn with_keys(schema: &Schema, helpers: &[String]) -> String {
    let example = schema
        .entities
        .first()
        .map_or("Run".to_string(), |e| ident(&e.name, pascal));
    format!(
        "\n/**\n * The fields that name an item for get, query, delete and update, checked as put checks\n * them, with the keys keylab's code writes from them (`{WATCH_PREFIX}<KEY>`), which ElectroDB\n * asks for as composite attributes. A key whose fields are not all given is left out, so\n * a query may name its partition's fields alone.\n *   await {example}.get({WITH_KEYS}.{example}({{ ...fields }})).go();\n */\nexport const {WITH_KEYS} = {{\n{}\n}};\n",
        helpers.join("\n")
    )
}

/// The fields a key reads, each once, quoted.
fn fields_of(t: &KeyTemplate) -> Vec<String> {
    let mut fields: Vec<&str> = Vec::new();
    for f in t.fields() {
        if !fields.contains(&f) {
            fields.push(f);
        }
    }
    fields.into_iter().map(quoted).collect()
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

/// The attribute's properties: its type as ElectroDB holds it, padded when ElectroDB
/// writes its key (an ascending `uint` or epoch).
fn attribute(kind: &FieldKind) -> String {
    let padded = |w: u32| format!("type: \"number\", padding: {{ length: {w}, char: \"0\" }}");
    match *kind {
        FieldKind::Uint {
            width,
            order: Order::Asc,
        } => padded(width),
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
            order: Order::Asc,
        } => padded(width),
        FieldKind::Uint { .. }
        | FieldKind::Int { .. }
        | FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
            ..
        } => "type: \"number\"".into(),
        _ => "type: \"string\"".into(),
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
                    FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => {
                        return Err(format!(
                        "{} is a {}, which keylab writes trimmed (a ULID in upper case) and ElectroDB writes as given",
                        f.name,
                        field.kind.name()
                    ))
                    }
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
}

impl Need {
    fn holds(&self, casing: &str) -> bool {
        match (self, casing) {
            (Need::Same(s), "lower") => s.to_lowercase() == *s,
            (Need::Same(s), "upper") => s.to_uppercase() == *s,
            (Need::Case(c), "none") => *c == Case::Preserve,
            (Need::Case(c), "lower") => *c == Case::Lower,
            (Need::Case(c), "upper") => *c == Case::Upper,
            _ => true,
        }
    }
}

/// A hidden attribute whose value is the key keylab's code writes from the item.
fn watch(entity: &Entity, t: &KeyTemplate) -> String {
    format!(
        "{{ type: \"string\", hidden: true, default: \"\", watch: [{}], set: (_: unknown, item: any) => {} }}",
        fields_of(t).join(", "),
        key_code_call(entity, t, "item")
    )
}

#[cfg(test)]
mod tests;
