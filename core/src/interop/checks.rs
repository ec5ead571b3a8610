//! keylab's checks of the values a key reads, in an exported TypeScript file. A library
//! writes a key from its own template without asking keylab (ElectroDB's `padding`
//! writes 123456 into a width of 5, OneTable's `${n:5}` writes -1 as `000-1`), so each
//! field a written key reads is checked first by the key code's own writer of its
//! segment: the library (ElectroDB's attribute `validate`, OneTable's Table `validate`
//! and `value`) refuses a value exactly when keylab does, with keylab's message (which
//! value, why) and what the field takes (how to fix it).

use super::{quoted, INSTANT};
use crate::keycode::{self, camel, ident, pascal};
use crate::schema::{Entity, Field, FieldKind, IsoFormat, IsoPrecision, IsoZone, KeyTemplate, TimeUnit};

/// The TypeScript name of the checks, by entity and field.
const CHECKS: &str = "keylabChecks";

/// The function that checks every field an item gives.
pub(super) const CHECK: &str = "keylabCheck";

/// One entity's checks: each field a written key reads, with its check.
pub(super) type EntityChecks = (String, Vec<(String, String)>);

/// The check of `field` of `entity`, as a TypeScript function of the value. `whole` is
/// a key that is the field as itself (an attribute of a multi-attribute key, stored as
/// given) with the most bytes DynamoDB lets it hold: that whole key is written by the
/// key code, which also holds it to the limit.
pub(super) fn check(entity: &Entity, field: &Field, separator: &str, whole: Option<(&KeyTemplate, usize)>) -> String {
    let label = format!("{}.{}", entity.name, field.name);
    let value = given(&field.kind, "v", &label);
    let mut takes = takes(&field.kind, separator);
    let write = match whole {
        Some((t, limit)) => {
            takes.push_str(&format!(", at most {limit} bytes of UTF-8"));
            format!(
                "encode{}{}({{ {}: {value} }})",
                pascal(&entity.name),
                pascal(&t.attribute),
                ident(&field.name, camel)
            )
        }
        None => keycode::typescript_segment(&field.kind, &value, &label),
    };
    format!("(v: any) => keylabChecked(v, () => {write}, {})", quoted(&takes))
}

/// The value `v` as keylab's key code takes it for a field of `kind`: an ISO field's
/// value read as keylab reads it ([`INSTANT`]), a decimal as its text.
pub(super) fn given(kind: &FieldKind, v: &str, label: &str) -> String {
    match kind {
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(format),
            ..
        } => format!(
            "{INSTANT}({v}, {}, {}, {})",
            quoted(label),
            format.zone.offset_minutes(),
            format.zone == IsoZone::Unzoned
        ),
        FieldKind::Decimal { .. } => format!("String({v})"),
        _ => v.to_string(),
    }
}

/// Where the file's checks name `field` of `entity`: an ElectroDB attribute's `validate`.
pub(super) fn reference(entity: &str, field: &str) -> String {
    format!("{CHECKS}[{}][{}]", quoted(entity), quoted(field))
}

/// Whether any entity has a field to check.
pub(super) fn any(checks: &[EntityChecks]) -> bool {
    checks.iter().any(|(_, fields)| !fields.is_empty())
}

/// The checks, and the functions that run them, for a file that includes keylab's key
/// code (its `KeyError`, `SEP` and writers).
pub(super) fn source(checks: &[EntityChecks]) -> String {
    let entities: Vec<String> = (checks.iter())
        .filter(|(_, fields)| !fields.is_empty())
        .map(|(entity, fields)| {
            let lines: Vec<String> = (fields.iter())
                .map(|(field, check)| format!("    {}: {check},", quoted(field)))
                .collect();
            format!("  {}: {{\n{}\n  }},", quoted(entity), lines.join("\n"))
        })
        .collect();
    format!(
        r#"
// ---- keylab's checks of the values its keys read ----
// A library writes a key from its own template without asking keylab (a number wider
// than its padding, a negative one, a fraction), so each value a key reads is first
// written by the key code above: a value keylab refuses is refused here, never keyed,
// with keylab's message (which value, why) and what the field takes.

/** keylab's refusal of `value`, or true: `check` writes it with the key code. A field
 * not given is the library's to judge (a key that needs it is refused there). */
function keylabChecked(value: unknown, check: () => unknown, takes: string): true {{
  if (value === undefined || value === null) return true;
  try {{
    check();
  }} catch (e) {{
    if (!(e instanceof KeyError)) throw e;
    const text = typeof value === "string" ? JSON.stringify(value) : String(value);
    const shown = text.length > 40 ? `${{text.slice(0, 39)}}…` : text;
    const which = e.message.includes(text) ? "" : `; the value is ${{shown}}`;
    throw new KeyError(e.reason, `${{e.message}}${{which}}. Fix: give ${{takes}}`);
  }}
  return true;
}}

/** The key `write` writes with the key code, or keylab's refusal of the whole key (too
 * long for DynamoDB) with how to fix it. */
function keylabKey(write: () => string): string {{
  try {{
    return write();
  }} catch (e) {{
    if (!(e instanceof KeyError) || e.reason !== "keyTooLong") throw e;
    throw new KeyError(e.reason, `${{e.message}}. Fix: shorten its values (a maxLength on its text fields in keylab's design keeps every key within the limit)`);
  }}
}}

/** Each entity's check of every field its keys read. */
const {CHECKS}: Record<string, Record<string, (value: any) => true>> = {{
{}
}};

/** `item`, once every field of `entity` it gives is checked: else keylab's refusal. */
function {CHECK}<T extends Record<string, any>>(entity: string, item: T): T {{
  for (const [field, check] of Object.entries({CHECKS}[entity] ?? {{}})) check(item[field]);
  return item;
}}
"#,
        entities.join("\n")
    )
}

/// What a field of `kind` takes, in words: the fix of a value keylab refuses.
pub(super) fn takes(kind: &FieldKind, separator: &str) -> String {
    let nines = |width: u32| "9".repeat(width as usize);
    match *kind {
        FieldKind::Text { max_length, .. } => {
            let text = max_length.map_or("non-empty text".to_string(), |n| {
                format!("text of 1 to {n} character{}", if n == 1 { "" } else { "s" })
            });
            match separator {
                "" => text,
                sep => format!("{text} without {}", quoted(sep)),
            }
        }
        FieldKind::Uint { width, .. } => format!("a whole number from 0 to {}", nines(width)),
        FieldKind::Int { width, .. } => format!("a whole number from -{0} to {0}", nines(width)),
        FieldKind::Decimal {
            width, scale, signed, ..
        } => format!(
            "a {}number of at most {width} digits before the point and {scale} after it",
            if signed { "" } else { "non-negative " }
        ),
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width },
            ..
        } => format!("epoch seconds, a whole number from 0 to {}", nines(width)),
        FieldKind::Timestamp {
            unit: TimeUnit::Millis { width },
            ..
        } => format!("epoch milliseconds, a whole number from 0 to {}", nines(width)),
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(format),
            ..
        } => iso_takes(format),
        FieldKind::Ulid { .. } => "a ULID, e.g. 01ARZ3NDEKTSV4RRFFQ69G5FAV".into(),
        FieldKind::Ksuid { .. } => "a KSUID, e.g. 0ujtsYcgvSTl8PAuAdqWYSMnLOv".into(),
    }
}

/// What an ISO field takes: text of an instant its format can write.
fn iso_takes(format: IsoFormat) -> String {
    let zone = match format.zone {
        IsoZone::Unzoned => "ISO-8601 text (a time without a zone is UTC)".to_string(),
        _ => "ISO-8601 text with a zone (e.g. 2024-06-23T10:00:00Z)".to_string(),
    };
    let at = match format.zone {
        IsoZone::Unzoned | IsoZone::Utc => "UTC".to_string(),
        _ => format.zone.name(),
    };
    let step = match format.precision {
        IsoPrecision::Date => format!(", a whole day (midnight {at})"),
        IsoPrecision::Minute => ", in whole minutes".into(),
        IsoPrecision::Second => ", in whole seconds".into(),
        IsoPrecision::Millisecond => String::new(),
    };
    // The attribute is a string to both libraries: ElectroDB refuses a Date or a number
    // there, and OneTable would store a Date's toString(), in the zone of the machine.
    format!("{zone}{step}, as text (not a Date object or a number: the attribute is a string)")
}
