//! Designs to and from the tools people already use. Reading a design out of their
//! files is [`crate::infer`]'s job (their keys are what a design is read from); this
//! writes a keylab design in their formats.

pub mod electrodb;
pub mod onetable;
pub mod workbench;

use crate::keycode::{camel, ident, pascal};
use crate::schema::{Entity, FieldKind, IsoZone, KeyTemplate, TimeUnit};

/// A file in another tool's format, and what that tool could not write itself, in words.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Source {
    pub text: String,
    pub notes: Vec<String>,
}

/// The TypeScript call of keylab's key code that writes `t` for the item `item` (an
/// expression whose fields are the entity's, as the tool holds them): how a tool
/// writes a key it cannot write itself.
fn key_code_call(entity: &Entity, t: &KeyTemplate, item: &str) -> String {
    let mut fields: Vec<&str> = t.fields().collect();
    fields.dedup();
    let values: Vec<String> = (fields.iter())
        .filter_map(|name| entity.field(name))
        .map(|f| {
            let v = format!("{item}[{}]", quoted(&f.name));
            let typed = match f.kind {
                FieldKind::Timestamp {
                    unit: TimeUnit::Iso(format),
                    ..
                } => format!(
                    "{INSTANT}({v}, {}, {}, {})",
                    quoted(&f.name),
                    format.zone.offset_minutes(),
                    format.zone == IsoZone::Unzoned
                ),
                FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } if width > 15 => format!("BigInt({v})"),
                FieldKind::Decimal { .. } => format!("String({v})"),
                _ => v,
            };
            format!("{}: {typed}", ident(&f.name, camel))
        })
        .collect();
    format!(
        "encode{}{}({{ {} }})",
        pascal(&entity.name),
        pascal(&t.attribute),
        values.join(", ")
    )
}

/// The TypeScript function that reads an ISO field's value for keylab's key code.
const INSTANT: &str = "keylabInstant";

/// [`INSTANT`] itself, for a file whose keys call it. `new Date(text)` would read a
/// time without a zone as the machine's local time, so the same item got other keys
/// in New York than in UTC; this reads every value as keylab's codec does
/// (`codec::timestamp::parse`), whatever the machine's zone. `tests/interop/exports.mjs`
/// runs the exported files under three zones against `keylab encode`.
const INSTANT_TS: &str = r#"
// An ISO field's value as keylab reads it, the same in every time zone (`new Date(text)`
// reads a time without a zone as the machine's local time): digits are epoch seconds, a
// bare date is midnight at the field's offset, and a time without a zone is UTC wall
// time where the field writes none, refused where it writes one (its instant is unknown).
function keylabInstant(value: unknown, field: string, offsetMinutes: number, unzoned: boolean): Date {
  if (value instanceof Date) return value;
  const text = String(value).trim();
  if (/^[+-]?\d+$/.test(text)) return new Date(Number(text) * 1000);
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return new Date(Date.parse(`${text}T00:00:00Z`) - offsetMinutes * 60000);
  const zone = /(?:[Zz]|[+-]\d\d:\d\d)$/.exec(text)?.[0];
  let local = zone === undefined ? text : text.slice(0, -zone.length);
  if (local.length === 16) local += ":00";
  if (zone === undefined && !unzoned) {
    throw new Error(`${field}: ${JSON.stringify(text)} has no time zone; add Z for UTC or an offset such as +02:00`);
  }
  const ms = Date.parse(local + (zone ?? "Z"));
  if (Number.isNaN(ms)) throw new Error(`${field}: ${JSON.stringify(text)} is neither epoch digits nor ISO-8601`);
  return new Date(ms);
}
"#;

/// [`INSTANT_TS`] when `body` calls it, else nothing.
fn instant_function(body: &str) -> &'static str {
    if body.contains(&format!("{INSTANT}(")) {
        INSTANT_TS
    } else {
        ""
    }
}

/// `s` as a JavaScript string literal.
fn quoted(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

#[cfg(test)]
mod tests {
    use crate::schema::Schema;

    /// Every preset exported by `export` and read back by `read` (the design and its
    /// notes) is the same design, the one the file carries.
    pub fn every_preset_round_trips(
        export: fn(&Schema) -> Result<super::Source, String>,
        read: impl Fn(&str) -> Result<(Schema, Vec<String>), String>,
    ) {
        for schema in presets() {
            let source = export(&schema).unwrap();
            let (back, notes) =
                read(&source.text).unwrap_or_else(|e| panic!("{}: {e}\n{}", schema.table.name, source.text));
            assert!(
                notes.iter().any(|n| n.contains("it is used as it is")),
                "{}: {notes:?}",
                schema.table.name
            );
            assert_eq!(back, schema, "{}", schema.table.name);
        }
    }

    /// The Leaderboard: a key every tool writes itself and one only keylab's code writes.
    pub fn leaderboard() -> Schema {
        presets().into_iter().find(|s| s.table.name == "Leaderboard").unwrap()
    }

    /// Every preset's design: what the exports are tested on.
    pub fn presets() -> Vec<Schema> {
        [
            include_str!("../../../presets/casing.json"),
            include_str!("../../../presets/iot.json"),
            include_str!("../../../presets/leaderboard.json"),
            include_str!("../../../presets/migration.json"),
            include_str!("../../../presets/order-status.json"),
            include_str!("../../../presets/orders.json"),
            include_str!("../../../presets/saas.json"),
            include_str!("../../../presets/tickets.json"),
        ]
        .map(|text| {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            Schema::from_value(v.get("schema").unwrap_or(&v)).unwrap()
        })
        .to_vec()
    }
}
