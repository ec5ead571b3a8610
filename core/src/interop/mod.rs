//! Designs to and from the tools people already use. Reading a design out of their
//! files is [`crate::infer`]'s job (their keys are what a design is read from); this
//! writes a keylab design in their formats.

mod checks;
pub mod electrodb;
pub mod onetable;
pub mod workbench;

use crate::keycode::{camel, ident, pascal};
use crate::schema::{Entity, FieldKind, KeyTemplate, Schema};

/// A file in another tool's format, and what that tool could not write itself, in words.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Source {
    pub text: String,
    pub notes: Vec<String>,
}

/// Why a design cannot be written in another tool's format.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The keylab key code the file carries cannot be written.
    KeyCode(crate::keycode::Error),
    /// No entity of the design can be written in the tool's terms: each one, with why.
    NothingWritable { left_out: Vec<String> },
}

impl Error {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            Error::KeyCode(e) => e.code(),
            Error::NothingWritable { .. } => "nothingWritable",
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::KeyCode(e) => e.fmt(f),
            Error::NothingWritable { left_out } => write!(f, "no entity can be written: {}", left_out.join("; ")),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::keycode::Error> for Error {
    fn from(e: crate::keycode::Error) -> Error {
        Error::KeyCode(e)
    }
}

/// The TypeScript call of keylab's key code that writes `t` for the item `item` (an
/// expression whose fields are the entity's, as the tool holds them): how a tool
/// writes a key it cannot write itself. A key too long is refused with how to fix it
/// (`keylabKey`, in [`checks::source`]).
fn key_code_call(entity: &Entity, t: &KeyTemplate, item: &str) -> String {
    let mut fields: Vec<&str> = t.fields().collect();
    fields.dedup();
    let values: Vec<String> = (fields.iter())
        .filter_map(|name| entity.field(name))
        .map(|f| {
            let v = format!("{item}[{}]", quoted(&f.name));
            let typed = match f.kind {
                FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } if width > 15 => format!("BigInt({v})"),
                ref kind => checks::given(kind, &v, &format!("{}.{}", entity.name, f.name)),
            };
            format!("{}: {typed}", ident(&f.name, camel))
        })
        .collect();
    format!(
        "keylabKey(() => encode{}{}({{ {} }}))",
        pascal(&entity.name),
        pascal(&t.attribute),
        values.join(", ")
    )
}

/// Why a tool's own template cannot write `t`: its values can make it longer than
/// DynamoDB allows, which keylab refuses and a template would write (a text field
/// without `maxLength`); keylab's key code, which refuses it, writes it instead.
fn may_outgrow(schema: &Schema, entity: &Entity, t: &KeyTemplate) -> Result<(), String> {
    let Some(size) = crate::lint::key_size(schema, entity, &t.attribute) else {
        return Ok(());
    };
    match (size.unbounded.as_slice(), size.worst > size.limit) {
        ([], false) => Ok(()),
        ([], true) => Err(format!(
            "its values can make it {} bytes, more than the {} a {} key may hold",
            size.worst,
            size.limit,
            size.role.name()
        )),
        (texts, _) => Err(format!(
            "{} {} no maxLength, so it can grow past the {} bytes a {} key may hold (give {} a maxLength to keep it a template)",
            texts.join(", "),
            if texts.len() == 1 { "has" } else { "have" },
            size.limit,
            size.role.name(),
            if texts.len() == 1 { "it" } else { "them" }
        )),
    }
}

/// The TypeScript function that reads an ISO field's value for keylab's key code.
const INSTANT: &str = "keylabInstant";

/// [`INSTANT`] itself, for a file whose keys call it. `new Date(text)` would read a
/// time without a zone as the machine's local time, so the same item got other keys
/// in New York than in UTC, and rolls a day that does not exist (2020-02-30) over to
/// the next month; this reads every value as keylab's codec does
/// (`codec::timestamp::parse`, RFC 3339), whatever the machine's zone, and refuses what
/// it refuses, with keylab's `KeyError`. `tests/interop/exports.mjs` runs the exported
/// files under three zones against `keylab encode`.
const INSTANT_TS: &str = r#"
// An ISO field's value as keylab reads it, the same in every time zone (`new Date(text)`
// reads a time without a zone as the machine's local time, and rolls 2020-02-30 over to
// March 1): digits are epoch seconds, a bare date is midnight at the field's offset, a
// time without a zone is UTC wall time where the field writes none and refused where it
// writes one (its instant is unknown), and a day, time or offset that does not exist is
// refused, as keylab refuses it.
function keylabInstant(value: unknown, field: string, offsetMinutes: number, unzoned: boolean): Date {
  if (value instanceof Date) return value;
  const text = String(value).trim();
  function refuse(why: string): never {
    fail("badTimestamp", `${field}: ${JSON.stringify(text)} is not a usable timestamp: ${why}`);
  }
  if (/^[+-]?\d+$/.test(text)) return new Date(Number(text) * 1000);
  const m = /^(\d{4})-(\d\d)-(\d\d)(?:[Tt ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?([Zz]|[+-]\d\d:\d\d)?)?$/.exec(text);
  if (m === null) return refuse("it is neither epoch digits nor ISO-8601 (such as 2024-06-23T10:00:00Z)");
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", zone] = m;
  const y = Number(year);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(month) - 1];
  if (days === undefined) refuse(`there is no month ${month}`);
  if (Number(day) < 1 || Number(day) > days) refuse(`${year}-${month} has no day ${day}`);
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) refuse(`${hour}:${minute}:${second} is not a time of day`);
  if (/[1-9]/.test(fraction.slice(3))) refuse("it has digits below a millisecond, which keys cannot keep");
  let offset = m[4] === undefined ? offsetMinutes : 0;
  if (zone !== undefined && zone.length === 6) {
    if (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4)) > 59) refuse(`${zone} is not an offset from UTC`);
    offset = (zone[0] === "-" ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4)));
  }
  if (m[4] !== undefined && zone === undefined && !unzoned) {
    refuse("it has no time zone; add Z for UTC or an offset such as +02:00");
  }
  const ms = (fraction + "000").slice(0, 3);
  return new Date(Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}Z`) - offset * 60000);
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
pub(crate) mod tests {
    use crate::schema::Schema;

    /// Every preset exported by `export` and read back by `read` (the design and its
    /// notes) is the same design, the one the file carries.
    pub fn every_preset_round_trips(
        export: fn(&Schema) -> Result<super::Source, super::Error>,
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
