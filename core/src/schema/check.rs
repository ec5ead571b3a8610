//! The checks of a design as a whole: what the codec would refuse, and what works but
//! is probably not what was meant.

use super::*;

fn schema_error(errors: &mut Vec<Error>, ctx: Context, reason: String, fix: &str) {
    errors.push(Error::new(
        ctx,
        ErrorKind::InvalidSchema {
            reason,
            fix: fix.to_string(),
        },
    ));
}

pub(super) fn schema(s: &Schema) -> (Vec<Error>, Vec<Warning>) {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    if s.separator.is_empty() {
        schema_error(
            &mut errors,
            Context::path("$.separator"),
            "is empty".into(),
            "use a separator such as \"#\"",
        );
    } else if s.separator.chars().any(char::is_alphanumeric) {
        warnings.push(Warning {
            context: Context::path("$.separator"),
            kind: WarningKind::Schema {
                reason: format!(
                    "{:?} contains letters or digits, which values often contain",
                    s.separator
                ),
                fix: "use punctuation such as \"#\"".into(),
            },
        });
    }
    table(&s.table, &mut errors);
    let mut seen = Vec::new();
    for (i, e) in s.entities.iter().enumerate() {
        let path = format!("$.entities[{i}]");
        if e.name.is_empty() {
            schema_error(
                &mut errors,
                Context::path(format!("{path}.name")),
                "is empty".into(),
                "name the entity",
            );
        } else if seen.contains(&&e.name) {
            schema_error(
                &mut errors,
                Context::entity(&e.name),
                format!("entity name {:?} is used twice", e.name),
                "give each entity its own name",
            );
        }
        seen.push(&e.name);
        entity(s, e, &path, &mut errors, &mut warnings);
    }
    (errors, warnings)
}

fn table(t: &Table, errors: &mut Vec<Error>) {
    if t.name.is_empty() {
        schema_error(
            errors,
            Context::path("$.table.name"),
            "is empty".into(),
            "name the table",
        );
    }
    for (name, _) in &t.attributes {
        if name.is_empty() {
            schema_error(
                errors,
                Context::path("$.table.attributes"),
                "has an attribute with an empty name".into(),
                "name every key attribute",
            );
        }
    }
    let mut check_keys = |ks: &KeySchema, path: &str| {
        let all: Vec<(&str, &str)> = ks
            .partition_attributes()
            .map(|a| ("partition", a))
            .chain(ks.sort_attributes().map(|a| ("sort", a)))
            .collect();
        for (role, a) in &all {
            if t.attribute_type(a).is_none() {
                schema_error(
                    errors,
                    Context::path(format!("{path}.{role}")),
                    format!("names {a:?}, which is not in table.attributes"),
                    "add it to table.attributes with its type",
                );
            }
        }
        if let Some(a) = all
            .iter()
            .enumerate()
            .find_map(|(i, (_, a))| all[..i].iter().any(|(_, b)| b == a).then_some(a))
        {
            schema_error(
                errors,
                Context::path(path.to_string()),
                format!("uses the attribute {a:?} twice in one key"),
                "pick a different attribute for each place of the key",
            );
        }
    };
    check_keys(&t.primary, "$.table.primary");
    for (i, ix) in t.indexes.iter().enumerate() {
        check_keys(&ix.keys, &format!("$.table.indexes[{i}]"));
    }
    for (i, ix) in t.indexes.iter().enumerate() {
        if ix.name.is_empty() || t.indexes[..i].iter().any(|o| o.name == ix.name) {
            schema_error(
                errors,
                Context::path(format!("$.table.indexes[{i}].name")),
                format!("index name {:?} is empty or used twice", ix.name),
                "give each index its own name",
            );
        }
    }
}

fn too_long(errors: &mut Vec<Error>, path: String, what: &str, text: &str) {
    let n = text.chars().count();
    if n > NAME_MAX {
        schema_error(
            errors,
            Context::path(path),
            format!("{what} is {n} characters long, over the limit of {NAME_MAX}"),
            "shorten it",
        );
    }
}

fn entity(s: &Schema, e: &Entity, path: &str, errors: &mut Vec<Error>, warnings: &mut Vec<Warning>) {
    names_fit(e, path, errors);
    fields(e, path, errors);
    let mut needed = vec![&s.table.primary.partition];
    needed.extend(s.table.primary.sort.as_ref());
    for attr in needed {
        if e.template(attr).is_none() {
            schema_error(
                errors,
                Context::entity(&e.name).with_attribute(attr),
                format!("has no template for {attr}, a key of the base table"),
                "add a template for it under keys",
            );
        }
    }
    for k in &e.keys {
        template(s, e, k, errors, warnings);
    }
}

/// The entity's name, its fields' names and its literals are within DynamoDB's limit.
fn names_fit(e: &Entity, path: &str, errors: &mut Vec<Error>) {
    too_long(errors, format!("{path}.name"), "the entity name", &e.name);
    for f in &e.fields {
        too_long(errors, format!("{path}.fields"), "a field name", &f.name);
    }
    for k in &e.keys {
        for seg in &k.segments {
            if let Segment::Literal(l) = seg {
                too_long(errors, format!("{path}.keys.{}", k.attribute), "a literal", l);
            }
        }
    }
}

/// Each field's settings: its warning threshold, and its kind's own rules.
fn fields(e: &Entity, path: &str, errors: &mut Vec<Error>) {
    for f in &e.fields {
        if let Some(w) = f.warn_at {
            if !(w > 0.0 && w <= 100.0) {
                schema_error(
                    errors,
                    Context::entity(&e.name).with_field(&f.name),
                    format!(
                        "warning threshold {}% is not above 0 and at most 100",
                        crate::float_text::shortest(w)
                    ),
                    "pick a percentage such as 80",
                );
            }
        }
        if let Err((reason, fix)) = f.kind.validate() {
            let ctx = Context::entity(&e.name).with_field(&f.name);
            errors.push(Error::new(
                Context {
                    path: Some(format!("{path}.fields.{}", f.name)),
                    ..ctx
                },
                ErrorKind::InvalidSchema { reason, fix },
            ));
        }
    }
}

/// One key template: an attribute of the table, not empty, each segment writable, a
/// multi-attribute key's part stored as itself, a Number key one numeric field.
fn template(s: &Schema, e: &Entity, k: &KeyTemplate, errors: &mut Vec<Error>, warnings: &mut Vec<Warning>) {
    let ctx = Context::entity(&e.name).with_attribute(&k.attribute);
    let Some(attr_type) = s.table.attribute_type(&k.attribute) else {
        schema_error(
            errors,
            ctx,
            format!(
                "is not a key attribute of the table (attributes: {})",
                s.table
                    .attributes
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            "add it to table.attributes or remove the template",
        );
        return;
    };
    if k.segments.is_empty() {
        schema_error(
            errors,
            ctx.clone(),
            "has an empty template".into(),
            "add at least one segment",
        );
    }
    for seg in &k.segments {
        segment(s, e, seg, attr_type, &ctx, errors);
    }
    if let Some(index) = s
        .table
        .indexes
        .iter()
        .find(|i| i.keys.is_multi_attribute() && i.keys.role_of(&k.attribute).is_some())
    {
        let place = Place {
            index: &index.name,
            separator: &s.separator,
        };
        stored_as_itself(e, k, attr_type, place, &ctx, errors);
    }
    if attr_type == AttrType::N {
        number_key(e, k, &ctx, errors, warnings);
    }
}

/// A segment of a template: a literal keylab can write and query around, a field the
/// entity has, with a prefix that holds no separator and suits the attribute's type.
fn segment(s: &Schema, e: &Entity, seg: &Segment, attr_type: AttrType, ctx: &Context, errors: &mut Vec<Error>) {
    match seg {
        Segment::Literal(l) if l.chars().any(|c| RESERVED.contains(&c)) => schema_error(
            errors,
            ctx.clone(),
            format!("has a literal {l:?} with U+0000 or U+10FFFF, which keylab reserves as query range bounds"),
            "remove that character from the literal",
        ),
        Segment::Literal(l) if l.is_empty() => schema_error(
            errors,
            ctx.clone(),
            "has an empty literal segment".into(),
            "type the literal's text or remove it",
        ),
        Segment::Field(f) if e.field(f).is_none() => {
            errors.push(Error::new(ctx.clone().with_field(f), ErrorKind::UndefinedField))
        }
        Segment::Field(f) if f.prefix.contains(s.separator.as_str()) && !s.separator.is_empty() => schema_error(
            errors,
            ctx.clone().with_field(f),
            format!(
                "field {}'s prefix {:?} holds the separator {:?}, so its key would have one segment more than its template",
                f.name, f.prefix, s.separator
            ),
            "make the part before the separator a literal segment of its own, and keep the rest as the prefix",
        ),
        Segment::Field(f) if f.prefix.chars().any(|c| RESERVED.contains(&c)) => schema_error(
            errors,
            ctx.clone().with_field(f),
            format!("field {}'s prefix has U+0000 or U+10FFFF, which keylab reserves as query range bounds", f.name),
            "remove that character from the prefix",
        ),
        Segment::Field(f) if !f.prefix.is_empty() && attr_type == AttrType::N => schema_error(
            errors,
            ctx.clone().with_field(f),
            format!(
                "is a Number (N) attribute, whose key is a number: field {} cannot carry the prefix {:?}",
                f.name, f.prefix
            ),
            "take the prefix off, or change the attribute's type to S",
        ),
        _ => {}
    }
}

/// A Number attribute's template is exactly one numeric field, stored as its plain
/// number (so `desc` cannot invert it).
fn number_key(e: &Entity, k: &KeyTemplate, ctx: &Context, errors: &mut Vec<Error>, warnings: &mut Vec<Warning>) {
    let numeric = match k.segments.as_slice() {
        [Segment::Field(f)] => e.field(f).map(|f| (f.kind.is_numeric(), f)),
        _ => None,
    };
    match numeric {
        Some((true, f)) => {
            if f.kind.order() == Order::Desc {
                warnings.push(Warning {
                    context: ctx.clone().with_field(&f.name),
                    kind: WarningKind::Schema {
                        reason: format!("order desc has no effect: {} is a Number attribute and stores the plain number", k.attribute),
                        fix: "read it newest-first with ScanIndexForward=false".into(),
                    },
                });
            }
        }
        _ => schema_error(
            errors,
            ctx.clone(),
            "is a Number (N) attribute, so its template must be exactly one numeric field (uint, int, decimal, or timestamp in s or ms)".to_string(),
            "make it a single numeric field, or change the attribute's type to S",
        ),
    }
}

/// An attribute of a multi-attribute key holds one field's value as itself: DynamoDB
/// compares the attributes one by one, so there is nothing to concatenate, pad or
/// invert. A number goes to an N attribute (it compares numerically), anything else to
/// an S attribute, and no field is stored inverted: `ScanIndexForward` reverses them all.
/// Where a multi-attribute key's template stands, for its messages.
struct Place<'a> {
    index: &'a str,
    separator: &'a str,
}

fn stored_as_itself(
    e: &Entity,
    k: &KeyTemplate,
    attr_type: AttrType,
    place: Place,
    ctx: &Context,
    errors: &mut Vec<Error>,
) {
    let index = place.index;
    let field = match k.segments.as_slice() {
        [Segment::Field(f)] if f.prefix.is_empty() => e.field(f),
        _ => {
            schema_error(
                errors,
                ctx.clone(),
                format!(
                    "is an attribute of {index}'s multi-attribute key, so its template is one field, stored as itself, not {}",
                    k.pattern(place.separator)
                ),
                "make the template a single field; DynamoDB compares the key's attributes one by one, so literals and separators are not needed",
            );
            return;
        }
    };
    let Some(field) = field else { return };
    let ctx = ctx.clone().with_field(&field.name);
    if attr_type == AttrType::S && field.kind.is_numeric() {
        schema_error(
            errors,
            ctx.clone(),
            format!(
                "is a {} field in the S attribute {} of {index}'s multi-attribute key, where it would be stored padded as text",
                field.kind.name(),
                k.attribute
            ),
            "make the attribute's type N: a multi-attribute key compares Numbers numerically, with no padding",
        );
    }
    if attr_type == AttrType::S && field.kind.order() == Order::Desc {
        schema_error(
            errors,
            ctx,
            format!(
                "is stored inverted (order desc) in {index}'s multi-attribute key, which compares values as themselves",
            ),
            "set order asc and read newest-first with ScanIndexForward=false, which reverses every attribute of the key at once",
        );
    }
}
