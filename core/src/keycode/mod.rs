//! Key code: a self-contained module, in one of six languages, that writes and reads a
//! design's keys exactly as the codec does, for a backend that is not written in Rust.
//!
//! Each language has a runtime (the field kinds' encodings and checks, written once per
//! language in `runtime/`) and an emitter that adds, per entity and key attribute, a
//! typed values type, an encode function and a decode function. The module's header
//! names the design it came from by a hash of the schema document, so drift between a
//! design and its code can be checked. `core/examples/keycode_diff.rs` proves each
//! language equal to the codec, byte for byte, with the real toolchains.

mod csharp;
mod go;
mod java;
mod names;
mod python;
mod rust;
mod skeleton;
mod spelling;
mod typescript;

pub use names::{camel, ident, pascal, quoted, quoted_points, snake};

use crate::schema::{AttrType, Case, FieldKind, IsoFormat, Order, Schema, Segment, TimeUnit};

/// The languages key code is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    TypeScript,
    Python,
    Go,
    Java,
    CSharp,
    Rust,
}

impl Language {
    pub const ALL: [Language; 6] = [
        Language::TypeScript,
        Language::Python,
        Language::Go,
        Language::Java,
        Language::CSharp,
        Language::Rust,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Language::TypeScript => "typescript",
            Language::Python => "python",
            Language::Go => "go",
            Language::Java => "java",
            Language::CSharp => "csharp",
            Language::Rust => "rust",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Language::TypeScript => "TypeScript",
            Language::Python => "Python",
            Language::Go => "Go",
            Language::Java => "Java",
            Language::CSharp => "C#",
            Language::Rust => "Rust",
        }
    }

    pub fn from_id(id: &str) -> Option<Language> {
        Language::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The file its runtime is in (`core/src/keycode/runtime/`, and `keycode/` beside
    /// the page); `None` for Rust, whose module has none.
    pub fn runtime_file(self) -> Option<&'static str> {
        (self != Language::Rust).then(|| self.file_name())
    }

    /// The file the module is saved as.
    pub fn file_name(self) -> &'static str {
        match self {
            Language::TypeScript => "keys.ts",
            Language::Python => "keys.py",
            Language::Go => "keys.go",
            Language::Java => "Keys.java",
            Language::CSharp => "Keys.cs",
            Language::Rust => "keys.rs",
        }
    }
}

/// A field as the key code sees it: its kind reduced to what the encoding needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Text {
        case: Case,
        max_length: Option<u32>,
    },
    Uint {
        width: u32,
        desc: bool,
    },
    Int {
        width: u32,
        desc: bool,
    },
    Decimal {
        width: u32,
        scale: u32,
        signed: bool,
        desc: bool,
    },
    /// Epoch seconds or milliseconds: the same digits, named by unit.
    Epoch {
        width: u32,
        desc: bool,
        millis: bool,
    },
    Iso {
        desc: bool,
        format: IsoFormat,
    },
    Ulid {
        desc: bool,
    },
    Ksuid {
        desc: bool,
    },
}

impl Kind {
    fn of(kind: &FieldKind) -> Kind {
        let desc = |o: &Order| *o == Order::Desc;
        match kind {
            FieldKind::Text { case, max_length } => Kind::Text {
                case: *case,
                max_length: *max_length,
            },
            FieldKind::Uint { width, order } => Kind::Uint {
                width: *width,
                desc: desc(order),
            },
            FieldKind::Int { width, order } => Kind::Int {
                width: *width,
                desc: desc(order),
            },
            FieldKind::Decimal {
                width,
                scale,
                signed,
                order,
            } => Kind::Decimal {
                width: *width,
                scale: *scale,
                signed: *signed,
                desc: desc(order),
            },
            FieldKind::Timestamp { unit, order } => match unit {
                TimeUnit::Seconds { width } => Kind::Epoch {
                    width: *width,
                    desc: desc(order),
                    millis: false,
                },
                TimeUnit::Millis { width } => Kind::Epoch {
                    width: *width,
                    desc: desc(order),
                    millis: true,
                },
                TimeUnit::Iso(format) => Kind::Iso {
                    desc: desc(order),
                    format: *format,
                },
            },
            FieldKind::Ulid { order } => Kind::Ulid { desc: desc(order) },
            FieldKind::Ksuid { order } => Kind::Ksuid { desc: desc(order) },
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldPlan {
    pub name: String,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Literal(String),
    /// The index of a field in [`KeyPlan::fields`], and the prefix glued before its
    /// value (empty for none).
    Field(usize, String),
}

/// One key attribute of one entity.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyPlan {
    pub entity: String,
    pub attribute: String,
    /// A Number attribute: one numeric field, stored as its plain number.
    pub number: bool,
    /// The most UTF-8 bytes the key may have (2048 partition, 1024 sort).
    pub limit: usize,
    pub parts: Vec<Part>,
    /// The fields the key holds, in first-use order (a field may repeat in `parts`).
    pub fields: Vec<FieldPlan>,
}

/// One statement of a key's reader, in template order.
pub(crate) enum ReadStep<'k> {
    Separator,
    Literal(&'k str),
    /// The first reading of field `at` into `f{at}`; `expected` is what the key should
    /// hold there, for the refusal.
    First {
        at: usize,
        field: &'k FieldPlan,
        expected: String,
    },
    /// A field the template repeats: it must read back equal to `f{at}`.
    Again {
        at: usize,
        field: &'k FieldPlan,
    },
}

impl KeyPlan {
    /// The reader's statements: a separator between parts, each literal, each field
    /// read once and checked against itself when it repeats. Every emitter writes
    /// these in its own syntax.
    pub(crate) fn read_steps(&self) -> Vec<ReadStep<'_>> {
        let mut seen = vec![false; self.fields.len()];
        let mut steps = Vec::new();
        for (n, part) in self.parts.iter().enumerate() {
            if n > 0 {
                steps.push(ReadStep::Separator);
            }
            if let Part::Field(_, prefix) = part {
                if !prefix.is_empty() {
                    steps.push(ReadStep::Literal(prefix));
                }
            }
            steps.push(match part {
                Part::Literal(l) => ReadStep::Literal(l),
                Part::Field(at, _) => {
                    let field = &self.fields[*at];
                    if std::mem::replace(&mut seen[*at], true) {
                        ReadStep::Again { at: *at, field }
                    } else {
                        let expected = format!("a {} value for {}", kind_name(&field.kind), field.name);
                        ReadStep::First {
                            at: *at,
                            field,
                            expected,
                        }
                    }
                }
            });
        }
        steps
    }

    /// What the writer joins, in template order: each literal as `literal` quotes it,
    /// each field as `field` writes it, after its prefix (quoted and joined with `+`,
    /// which concatenates strings in every language the emitters write).
    pub(crate) fn segments(
        &self,
        literal: impl Fn(&str) -> String,
        field: impl Fn(&FieldPlan) -> String,
    ) -> Vec<String> {
        self.parts
            .iter()
            .map(|p| match p {
                Part::Literal(l) => literal(l),
                Part::Field(at, prefix) if prefix.is_empty() => field(&self.fields[*at]),
                Part::Field(at, prefix) => format!("{} + {}", literal(prefix), field(&self.fields[*at])),
            })
            .collect()
    }
}

/// A text field's case as the runtimes name it, a string literal in every language.
pub(crate) fn case_literal(case: Case) -> &'static str {
    match case {
        Case::Preserve => "\"preserve\"",
        Case::Upper => "\"upper\"",
        Case::Lower => "\"lower\"",
    }
}

/// The whole design as the emitters need it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub separator: String,
    pub table: String,
    pub hash: String,
    pub keys: Vec<KeyPlan>,
}

/// The design's hash: FNV-1a over the schema document as keylab writes it, so the same
/// design always gives the same hash and any change to it gives another.
pub fn design_hash(schema: &Schema) -> String {
    let text = schema.to_value().to_string();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Why key code cannot be written.
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// The design has an error the code would carry (the first one): the codec itself
    /// refuses it, so no code is written for it.
    Design(crate::Error),
    /// keylab's runtime for the language is not loaded yet (the page fetches it after
    /// the first paint).
    RuntimeNotLoaded { language: Language },
    /// The text handed over is not this build's runtime for the language (a stale cached
    /// file, a server's error page), by its length.
    NotThisRuntime { language: Language, bytes: usize },
}

impl Error {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Design(e) => e.kind.code(),
            Error::RuntimeNotLoaded { .. } => "runtimeNotLoaded",
            Error::NotThisRuntime { .. } => "notThisRuntime",
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Design(e) => write!(f, "the design has errors; fix them first: {e}"),
            Error::RuntimeNotLoaded { language } => {
                write!(f, "keylab's {} runtime is not loaded yet", language.label())
            }
            Error::NotThisRuntime { language, bytes } => write!(
                f,
                "the file fetched is not this version's {} runtime ({bytes} bytes): reload the page",
                language.label()
            ),
        }
    }
}

impl std::error::Error for Error {}

/// The plan of every key the design writes. A template that does not compile (an
/// undefined field, a non-numeric Number key) is an error: no code is written for a
/// design the codec itself refuses.
pub fn plan(schema: &Schema) -> Result<Plan, Error> {
    let (errors, _) = schema.check();
    if let Some(e) = errors.first() {
        return Err(Error::Design(e.clone()));
    }
    let mut keys = Vec::new();
    for entity in &schema.entities {
        for template in &entity.keys {
            crate::codec::KeyCodec::new(schema, &entity.name, &template.attribute).map_err(Error::Design)?;
            let mut fields: Vec<FieldPlan> = Vec::new();
            let parts = template
                .segments
                .iter()
                .map(|s| match s {
                    Segment::Literal(l) => Part::Literal(l.clone()),
                    Segment::Field(used) => {
                        let name = &used.name;
                        let at = fields.iter().position(|f| f.name == *name).unwrap_or_else(|| {
                            let kind = entity.field(name).map(|f| Kind::of(&f.kind));
                            fields.push(FieldPlan {
                                name: name.clone(),
                                kind: kind.unwrap_or(Kind::Text {
                                    case: Case::Preserve,
                                    max_length: None,
                                }),
                            });
                            fields.len() - 1
                        });
                        Part::Field(at, used.prefix.clone())
                    }
                })
                .collect();
            keys.push(KeyPlan {
                entity: entity.name.clone(),
                attribute: template.attribute.clone(),
                number: schema.table.attribute_type(&template.attribute) == Some(AttrType::N),
                limit: schema
                    .table
                    .role(&template.attribute)
                    .map(|r| r.limit())
                    .unwrap_or(crate::schema::SORT_KEY_MAX),
                parts,
                fields,
            });
        }
    }
    Ok(Plan {
        separator: schema.separator.clone(),
        table: schema.table.name.clone(),
        hash: design_hash(schema),
        keys,
    })
}

/// The module for `schema` in `language`.
/// The TypeScript expression with which keylab's key code writes `field`'s segment from
/// the value `v` (throwing its `KeyError` when keylab refuses the value): how a file
/// that includes the key code checks a value before a library keys it.
pub(crate) fn typescript_segment(kind: &FieldKind, v: &str, field: &str) -> String {
    typescript::write(&Kind::of(kind), v, field)
}

pub fn generate(schema: &Schema, language: Language) -> Result<String, Error> {
    let plan = plan(schema)?;
    let runtime = runtime(language)?;
    Ok(match language {
        Language::TypeScript => typescript::emit(&plan, runtime),
        Language::Python => python::emit(&plan, runtime),
        Language::Go => go::emit(&plan, runtime),
        Language::Java => java::emit(&plan, runtime),
        Language::CSharp => csharp::emit(&plan, runtime),
        Language::Rust => rust::emit(&plan, schema),
    })
}

/// keylab's codec in `language` (the field kinds' encodings and checks, `runtime/`),
/// which every module carries after its keys; none for Rust, whose module calls this
/// crate. Built in with the `embedded-runtimes` feature (the default). The page builds
/// without it, so that its first load does not carry the 71 KB of text, fetches each
/// runtime after the first paint and hands it over with [`register_runtime`]; until
/// then, writing a module in that language says the runtime is not loaded.
pub fn runtime(language: Language) -> Result<&'static str, Error> {
    #[cfg(feature = "embedded-runtimes")]
    return Ok(match language {
        Language::TypeScript => include_str!("runtime/keys.ts"),
        Language::Python => include_str!("runtime/keys.py"),
        Language::Go => include_str!("runtime/keys.go"),
        Language::Java => include_str!("runtime/Keys.java"),
        Language::CSharp => include_str!("runtime/Keys.cs"),
        Language::Rust => "",
    });
    #[cfg(not(feature = "embedded-runtimes"))]
    match language {
        Language::Rust => Ok(""),
        _ => registered::get(language).ok_or(Error::RuntimeNotLoaded { language }),
    }
}

/// Whether a module in `language` can be written now: its runtime is built in or
/// registered (always, for Rust).
pub fn runtime_ready(language: Language) -> bool {
    runtime(language).is_ok()
}

/// Hands over `language`'s runtime, fetched as the file [`Language::runtime_file`]
/// names: modules in that language are written with it from then on. Refused unless it
/// is this build's runtime, byte for byte (a stale cached file, a server's error page):
/// its hash is taken at compile time, without the text. The first one handed over
/// stays. With the runtimes built in, they are used and this only checks.
pub fn register_runtime(language: Language, text: String) -> Result<(), Error> {
    let at = Language::ALL.iter().position(|l| *l == language).unwrap_or(0);
    if language == Language::Rust || fnv(text.as_bytes()) != RUNTIME_HASHES[at] {
        return Err(Error::NotThisRuntime {
            language,
            bytes: text.len(),
        });
    }
    #[cfg(not(feature = "embedded-runtimes"))]
    registered::set(language, text);
    Ok(())
}

/// Each runtime's FNV-1a hash, in [`Language::ALL`]'s order, worked out by the
/// compiler: the texts themselves are not in a build without `embedded-runtimes`.
const RUNTIME_HASHES: [u64; 5] = [
    fnv(include_bytes!("runtime/keys.ts")),
    fnv(include_bytes!("runtime/keys.py")),
    fnv(include_bytes!("runtime/keys.go")),
    fnv(include_bytes!("runtime/Keys.java")),
    fnv(include_bytes!("runtime/Keys.cs")),
];

const fn fnv(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

#[cfg(not(feature = "embedded-runtimes"))]
mod registered {
    use super::Language;
    use std::sync::OnceLock;

    static RUNTIMES: [OnceLock<&'static str>; 6] = [const { OnceLock::new() }; 6];

    fn at(language: Language) -> usize {
        Language::ALL.iter().position(|l| *l == language).unwrap_or(0)
    }

    pub fn get(language: Language) -> Option<&'static str> {
        RUNTIMES[at(language)].get().copied()
    }

    pub fn set(language: Language, text: String) {
        // Leaked once per language: the page keeps each runtime for as long as it runs.
        let _ = RUNTIMES[at(language)].set(Box::leak(text.into_boxed_str()));
    }
}

/// The header every module starts with, as comment lines after `comment`.
fn header(plan: &Plan, comment: &str) -> String {
    [
        format!(
            "Keys for the keylab design of table {} (design {}).",
            plan.table, plan.hash
        ),
        "Generated by keylab's Key code tab: it writes and reads keys exactly as the".into(),
        "playground does. Regenerate it when the design changes; the design hash above".into(),
        "changes with it, so code and design can be checked to match.".into(),
    ]
    .iter()
    .map(|l| format!("{comment} {l}\n"))
    .collect()
}

/// An ISO format as the runtimes' `iso` and `readIso` take it, after their other
/// arguments: the characters of `YYYY-MM-DDTHH:MM:SS.sss` kept, the zone written after
/// them, and the zone's offset in minutes (the wall time written is the instant's there).
pub(crate) fn iso_args(format: &IsoFormat) -> String {
    format!(
        ", {}, \"{}\", {}",
        format.precision.chars(),
        format.suffix(),
        format.zone.offset_minutes()
    )
}

/// The stored length of a fixed-width kind.
pub(crate) fn fixed_len(kind: &Kind) -> Option<u32> {
    match kind {
        Kind::Text { .. } => None,
        Kind::Uint { width, .. } | Kind::Epoch { width, .. } => Some(*width),
        Kind::Int { width, .. } => Some(width + 1),
        Kind::Decimal {
            width, scale, signed, ..
        } => Some(u32::from(*signed) + width + if *scale > 0 { scale + 1 } else { 0 }),
        Kind::Iso { format, .. } => Some(format.key_len() as u32),
        Kind::Ulid { .. } => Some(26),
        Kind::Ksuid { .. } => Some(27),
    }
}

pub(crate) fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } => "text",
        Kind::Uint { .. } => "uint",
        Kind::Int { .. } => "int",
        Kind::Decimal { .. } => "decimal",
        Kind::Epoch { millis: false, .. } => "epoch seconds",
        Kind::Epoch { millis: true, .. } => "epoch milliseconds",
        Kind::Iso { .. } => "ISO timestamp",
        Kind::Ulid { .. } => "ULID",
        Kind::Ksuid { .. } => "KSUID",
    }
}

/// A one-line description of a key: its segments.
pub(crate) fn shape(key: &KeyPlan, sep: &str) -> String {
    key.parts
        .iter()
        .map(|p| match p {
            Part::Literal(l) => format!("\"{l}\""),
            Part::Field(i, prefix) => {
                let f = &key.fields[*i];
                let glued = if prefix.is_empty() {
                    String::new()
                } else {
                    format!("\"{prefix}\" + ")
                };
                format!("{glued}{} ({})", f.name, kind_name(&f.kind))
            }
        })
        .collect::<Vec<_>>()
        .join(&format!(" {sep} "))
}

#[cfg(test)]
mod tests;
