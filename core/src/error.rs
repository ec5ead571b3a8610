//! Errors and warnings are values: each names where it happened (entity, key attribute,
//! field, schema path), the offending value, the rule that was broken and how to fix it,
//! so the page can print it next to the control it concerns.

use serde::Serialize;
use std::fmt;

/// The most digits a number field stores: more would not fit the 128-bit integers the
/// codec computes with (and DynamoDB numbers stop at 38 significant digits anyway).
/// Defined here, where an overflow past every width is worded, and read as
/// `schema::MAX_DIGITS` (and as `codec::number::MAX_DIGITS`, the same limit counted
/// in a text's digits).
pub const MAX_DIGITS: u32 = 38;

/// Where a problem happened. Every part is optional because a schema problem has a path
/// but no value, and a key problem has a value but no path.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Context {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entity: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attribute: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// JSON path into the schema document, e.g. `$.entities[0].fields.score.width`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl Context {
    pub fn entity(name: &str) -> Self {
        Context {
            entity: Some(name.to_string()),
            ..Context::default()
        }
    }
    pub fn path(path: impl Into<String>) -> Self {
        Context {
            path: Some(path.into()),
            ..Context::default()
        }
    }
    pub fn with_attribute(mut self, attribute: &str) -> Self {
        self.attribute = Some(attribute.to_string());
        self
    }
    pub fn with_field(mut self, field: &str) -> Self {
        self.field = Some(field.to_string());
        self
    }
    pub fn with_value(mut self, value: impl Into<String>) -> Self {
        self.value = Some(value.into());
        self
    }
}

impl fmt::Display for Context {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(path) = &self.path {
            parts.push(path.clone());
        }
        match (&self.entity, &self.field) {
            (Some(e), Some(fl)) => parts.push(format!("{e}.{fl}")),
            (Some(e), None) => parts.push(e.clone()),
            (None, Some(fl)) => parts.push(fl.clone()),
            (None, None) => {}
        }
        if let Some(a) = &self.attribute {
            parts.push(format!("in {a}"));
        }
        write!(f, "{}", parts.join(" "))
    }
}

/// Which time-sortable id a value was meant to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum IdKind {
    Ulid,
    Ksuid,
}

impl IdKind {
    fn describe(self) -> &'static str {
        match self {
            IdKind::Ulid => "a ULID: 26 characters of Crockford base32 (0-9, A-Z without I, L, O, U)",
            IdKind::Ksuid => "a KSUID: 27 characters of base62 (0-9, A-Z, a-z)",
        }
    }
}

/// The rule a value or a schema broke.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "rule", rename_all = "camelCase")]
pub enum ErrorKind {
    /// More digits than the field's width: it would sort before shorter values.
    Overflow { width: u32, digits: u32, max: String },
    /// A negative value in a field that only stores values from zero up.
    Negative,
    /// Not a number of the shape the field needs.
    NotANumber { expected: &'static str },
    /// More fraction digits than the decimal's scale can keep.
    TooPrecise { scale: u32 },
    /// The separator inside a text value: the key could not be split back, and tuple
    /// order would break.
    SeparatorInValue { separator: String },
    /// An empty value: every segment of a key needs content.
    EmptyValue,
    /// U+0000 or U+10FFFF: keylab reserves them as range sentinels, which is what makes
    /// its query bounds exact.
    ReservedCharacter { character: char },
    /// No value given for a field the key template uses.
    MissingValue,
    /// A text longer than the field's `maxLength`.
    TextTooLong { length: usize, max_length: u32 },
    /// The whole key came out empty, which DynamoDB rejects.
    EmptyKey,
    /// Longer than DynamoDB allows for the attribute's role.
    KeyTooLong {
        bytes: usize,
        limit: usize,
        role: &'static str,
    },
    /// A timestamp that cannot be read or stored; `takes`: what the field reads, in
    /// words with an example in its own format (empty when any timestamp would do).
    BadTimestamp { reason: String, takes: String },
    /// A value that is not a valid ULID or KSUID.
    BadId { id: IdKind, reason: String },
    /// A template names a field that `fields` does not define.
    UndefinedField,
    /// A field kind keylab does not know.
    UnknownKind { kind: String },
    /// A schema version this build cannot read.
    UnknownVersion { version: String },
    /// Any other structural problem in a schema document.
    InvalidSchema { reason: String, fix: String },
    /// An access pattern that cannot become a query.
    InvalidPattern { reason: String, fix: String },
    /// A stored key that does not fit the entity's template.
    KeyMismatch {
        offset: usize,
        expected: String,
        found: String,
    },
}

impl ErrorKind {
    /// A stable, short name of the rule, for tests and the JS API.
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Overflow { .. } => "overflow",
            ErrorKind::Negative => "negative",
            ErrorKind::NotANumber { .. } => "notANumber",
            ErrorKind::TooPrecise { .. } => "tooPrecise",
            ErrorKind::SeparatorInValue { .. } => "separatorInValue",
            ErrorKind::EmptyValue => "emptyValue",
            ErrorKind::ReservedCharacter { .. } => "reservedCharacter",
            ErrorKind::MissingValue => "missingValue",
            ErrorKind::TextTooLong { .. } => "textTooLong",
            ErrorKind::EmptyKey => "emptyKey",
            ErrorKind::KeyTooLong { .. } => "keyTooLong",
            ErrorKind::BadTimestamp { .. } => "badTimestamp",
            ErrorKind::BadId { .. } => "badId",
            ErrorKind::UndefinedField => "undefinedField",
            ErrorKind::UnknownKind { .. } => "unknownKind",
            ErrorKind::UnknownVersion { .. } => "unknownVersion",
            ErrorKind::InvalidSchema { .. } => "invalidSchema",
            ErrorKind::InvalidPattern { .. } => "invalidPattern",
            ErrorKind::KeyMismatch { .. } => "keyMismatch",
        }
    }

    /// What is wrong, in one clause.
    pub fn problem(&self) -> String {
        match self {
            ErrorKind::Overflow { width, digits, .. } if *digits > MAX_DIGITS => format!(
                "has {digits} digits but the width is {width}, and no width can hold it: a number \
                 field stores at most {} digits",
                MAX_DIGITS
            ),
            ErrorKind::Overflow { width, digits, max } => format!(
                "has {digits} digits but the width is {width} (largest storable value {max}); \
                 it would sort before every shorter value"
            ),
            ErrorKind::Negative => "is negative, and this field stores only values from 0 up".into(),
            ErrorKind::NotANumber { expected } => format!("is not {expected}"),
            ErrorKind::TooPrecise { scale } => {
                format!("has more than {scale} fraction digits, so digits would be lost")
            }
            ErrorKind::SeparatorInValue { separator } => format!(
                "contains the separator {separator:?}, so the key could not be split back into \
                 its parts and its order would break"
            ),
            ErrorKind::EmptyValue => "is empty".into(),
            ErrorKind::ReservedCharacter { character } => format!(
                "contains U+{:04X}, which keylab reserves as a query range bound",
                *character as u32
            ),
            ErrorKind::MissingValue => "has no value, but the key template uses it".into(),
            ErrorKind::TextTooLong { length, max_length } => {
                format!("has {length} characters, and the field allows at most {max_length}")
            }
            ErrorKind::EmptyKey => "is an empty key, which DynamoDB rejects".into(),
            ErrorKind::KeyTooLong { bytes, limit, role } => {
                format!("is {bytes} bytes of UTF-8; a {role} key may be at most {limit} bytes")
            }
            ErrorKind::BadTimestamp { reason, .. } => format!("is not a usable timestamp: {reason}"),
            ErrorKind::BadId { id, reason } => format!("is not {}: {reason}", id.describe()),
            ErrorKind::UndefinedField => "is used by a key template but not defined in fields".into(),
            ErrorKind::UnknownKind { kind } => format!(
                "has unknown kind {kind:?}; the kinds are text, uint, int, decimal, timestamp, \
                 ulid and ksuid"
            ),
            ErrorKind::UnknownVersion { version } => {
                format!("is schema version {version}, and this keylab reads version 1")
            }
            ErrorKind::InvalidSchema { reason, .. } | ErrorKind::InvalidPattern { reason, .. } => reason.clone(),
            ErrorKind::KeyMismatch {
                offset,
                expected,
                found,
            } => format!(
                "does not fit the template at byte {offset}: expected {expected}, found {}",
                crate::elide::quoted(found)
            ),
        }
    }

    /// The width an overflow needs, when some width can hold the value: of several
    /// overflows of one field, the largest is the fix that mends them all.
    pub fn width_needed(&self) -> Option<u32> {
        match self {
            ErrorKind::Overflow { digits, .. } if *digits <= MAX_DIGITS => Some(*digits),
            _ => None,
        }
    }

    /// How to fix it, in one sentence.
    pub fn fix(&self) -> String {
        match self {
            ErrorKind::Overflow { digits, .. } if *digits > MAX_DIGITS => {
                "check the value: it cannot be stored in any width; a number this long is kept \
                 only by a text field"
                    .into()
            }
            ErrorKind::Overflow { digits, .. } => format!(
                "raise the width to at least {digits} ({} leaves headroom), then rewrite every \
                 existing key",
                digits + 2
            ),
            ErrorKind::Negative => "use kind int (or decimal), which sorts negatives first".into(),
            ErrorKind::NotANumber { .. } => "type digits only, e.g. 1500; give large numbers as strings".into(),
            ErrorKind::TooPrecise { scale } => {
                format!("round to {scale} fraction digits, or raise the scale")
            }
            ErrorKind::SeparatorInValue { .. } => {
                "remove it from the value, or choose a separator that never occurs in values".into()
            }
            ErrorKind::EmptyValue | ErrorKind::MissingValue => "give the field a value".into(),
            ErrorKind::ReservedCharacter { .. } => "remove that character from the value".into(),
            ErrorKind::TextTooLong { max_length, .. } => {
                format!("shorten it to {max_length} characters, or raise the field's maximum length")
            }
            ErrorKind::EmptyKey => "add a literal or a non-empty value to the template".into(),
            ErrorKind::KeyTooLong { .. } => "shorten the values or the template's literals".into(),
            ErrorKind::BadTimestamp { takes, .. } if !takes.is_empty() => format!("give {takes}"),
            ErrorKind::BadTimestamp { .. } => {
                "give epoch seconds/milliseconds or ISO-8601 with a zone, e.g. 2024-06-23T00:00:00Z".into()
            }
            ErrorKind::BadId { id, .. } => format!(
                "paste a real {}",
                match id {
                    IdKind::Ulid => "ULID, e.g. 01ARZ3NDEKTSV4RRFFQ69G5FAV",
                    IdKind::Ksuid => "KSUID, e.g. 0ujtsYcgvSTl8PAuAdqWYSMnLOv",
                }
            ),
            ErrorKind::UndefinedField => {
                "define the field in the entity's fields, or remove it from the template".into()
            }
            ErrorKind::UnknownKind { .. } => "pick one of the listed kinds".into(),
            ErrorKind::UnknownVersion { .. } => {
                "open it with the keylab that wrote it, or rewrite it as version 1".into()
            }
            ErrorKind::InvalidSchema { fix, .. } | ErrorKind::InvalidPattern { fix, .. } => fix.clone(),
            ErrorKind::KeyMismatch { .. } => {
                "check that the key was written with this entity's template and widths".into()
            }
        }
    }
}

/// One thing that stops a key from being written or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Boxed so `Result<_, Error>` stays small on the happy path.
    pub context: Box<Context>,
    pub kind: ErrorKind,
}

impl Error {
    pub fn new(context: Context, kind: ErrorKind) -> Self {
        Error {
            context: Box::new(context),
            kind,
        }
    }
    pub fn invalid_schema(path: impl Into<String>, reason: impl Into<String>, fix: impl Into<String>) -> Self {
        Error::new(
            Context::path(path),
            ErrorKind::InvalidSchema {
                reason: reason.into(),
                fix: fix.into(),
            },
        )
    }
    /// A problem of the design rather than of one item's values: every item of the
    /// entity has it, so it is said once, not on every row.
    pub fn is_schema(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::UndefinedField
                | ErrorKind::UnknownKind { .. }
                | ErrorKind::UnknownVersion { .. }
                | ErrorKind::InvalidSchema { .. }
        )
    }

    /// The sentence shown next to the control: where, the value, what is wrong, the fix.
    pub fn message(&self) -> String {
        let place = self.context.to_string();
        let value = match &self.context.value {
            Some(v) => format!("value {} ", crate::elide::quoted(v)),
            None => String::new(),
        };
        let sep = if place.is_empty() { "" } else { ": " };
        format!("{place}{sep}{value}{}. Fix: {}.", self.kind.problem(), self.kind.fix())
    }

    /// The message as the page shows it beside a control: without the JSON path, which
    /// only the schema editor, where the JSON is, shows.
    pub fn sentence(&self) -> String {
        let mut plain = self.clone();
        plain.context.path = None;
        plain.message()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Error {}

impl Serialize for Error {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Report::from_error(self).serialize(s)
    }
}

/// A list of errors; encoding reports every broken field at once, not only the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(pub Vec<Error>);

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(Error::message).collect();
        f.write_str(&lines.join("\n"))
    }
}

impl std::error::Error for Errors {}

impl From<Error> for Errors {
    fn from(e: Error) -> Self {
        Errors(vec![e])
    }
}

/// Something that still works but is likely a mistake.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "camelCase")]
pub enum WarningKind {
    /// A character that sorts below the separator breaks tuple order when one value is a
    /// prefix of another: `"a b"` vs `"a"` with `#` puts `a b#…` before `a#…`.
    BelowSeparator { character: char, separator: String },
    /// The field's case rule changed the value and lost what it meant (`loss`): a
    /// word changing case letter for letter is the rule's purpose, and is not said.
    CaseChanged { stored: String, loss: CaseLoss },
    /// The value uses more than the warning threshold of the width's capacity.
    NearCapacity { percent: f64, threshold: f64 },
    /// A schema choice that has no effect or is risky.
    Schema { reason: String, fix: String },
}

/// What a field's case rule loses of a value, beyond its case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum CaseLoss {
    /// The value mixes upper and lower case as a case-sensitive id does (base64, a
    /// KSUID): two ids that differ only in case become one key.
    MixedCaseId,
    /// The case mapping does not go letter for letter (`ß` becomes `SS`, the Kelvin
    /// sign `k`): another value spelled differently becomes the same key.
    Respelled,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Warning {
    pub context: Context,
    pub kind: WarningKind,
}

impl Warning {
    pub fn code(&self) -> &'static str {
        match self.kind {
            WarningKind::BelowSeparator { .. } => "belowSeparator",
            WarningKind::CaseChanged { .. } => "caseChanged",
            WarningKind::NearCapacity { .. } => "nearCapacity",
            WarningKind::Schema { .. } => "schema",
        }
    }

    /// Like [`Error::sentence`]: the message without its JSON path.
    pub fn sentence(&self) -> String {
        let mut plain = self.clone();
        plain.context.path = None;
        plain.message()
    }

    pub fn message(&self) -> String {
        let place = self.context.to_string();
        let value = match &self.context.value {
            Some(v) => format!("value {} ", crate::elide::quoted(v)),
            None => String::new(),
        };
        let (problem, fix) = match &self.kind {
            WarningKind::BelowSeparator { character, separator } => (
                format!(
                    "contains {character:?} (U+{:04X}), which sorts below the separator {separator:?}",
                    *character as u32
                ),
                "a value that extends another with it would sort before it; remove it or pick a \
                 lower separator"
                    .to_string(),
            ),
            WarningKind::CaseChanged {
                stored,
                loss: CaseLoss::MixedCaseId,
            } => (
                format!(
                    "is stored as {stored:?} because of the field's case rule, but it mixes upper and lower \
                     case like a case-sensitive id (base64, a KSUID)"
                ),
                "two ids that differ only in case would become one key; set the field's case to \
                 preserve"
                    .into(),
            ),
            WarningKind::CaseChanged {
                stored,
                loss: CaseLoss::Respelled,
            } => (
                format!(
                    "is stored as {stored:?} because of the field's case rule, which spells it \
                     differently, not letter for letter"
                ),
                "another value spelled that way becomes the same key; set the field's case to \
                 preserve and store the form you want"
                    .into(),
            ),
            WarningKind::NearCapacity { percent, threshold } => (
                format!(
                    "uses {}% of the width's capacity (warning at {}%)",
                    crate::float_text::fixed(*percent, 1),
                    crate::float_text::shortest(*threshold)
                ),
                "plan a wider width before values overflow".into(),
            ),
            WarningKind::Schema { reason, fix } => (reason.clone(), fix.clone()),
        };
        let sep = if place.is_empty() { "" } else { ": " };
        format!("{place}{sep}{value}{problem}. Consider: {fix}.")
    }
}

/// The serialisable form of an error or warning, for the JS API and the page.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub rule: &'static str,
    pub message: String,
    #[serde(flatten)]
    pub context: Context,
}

impl Report {
    pub fn from_error(e: &Error) -> Self {
        Report {
            rule: e.kind.code(),
            message: e.message(),
            context: (*e.context).clone(),
        }
    }
    pub fn from_warning(w: &Warning) -> Self {
        Report {
            rule: w.code(),
            message: w.message(),
            context: w.context.clone(),
        }
    }
}
