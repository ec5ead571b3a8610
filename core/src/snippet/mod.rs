//! Code snippets for the SDKs people paste queries into. The query engine gives one
//! canonical [`Query`]; each emitter only renders it for its target, and a target that
//! cannot express a request says why instead of emitting code that merely looks right.
//!
//! Escaping is a security property: every value is written as a string literal of the
//! target language (or a single-quoted shell word), so quotes, backslashes, `$(...)`,
//! backticks, `${...}`, `#{...}`, newlines, control characters, bidi marks and
//! U+10FFFF are data, never code.

mod cli;
mod go;
mod javascript;
mod python;
mod rust;
mod template;
mod writes;

pub use writes::render_writes;

use crate::codec::KeyValue;
use crate::query::{KeyCondition, Query};
use serde::{Deserialize, Serialize};

/// Every target keylab writes code for.
/// Its serde names are its [`Target::id`]s, so saved work reads back the target it wrote
/// and an unknown id is refused rather than read as another target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Target {
    AwsCli,
    Boto3Client,
    Boto3Resource,
    JsClient,
    JsDocumentClient,
    Rust,
    Go,
}

impl Target {
    pub const ALL: [Target; 7] = [
        Target::AwsCli,
        Target::Boto3Client,
        Target::Boto3Resource,
        Target::JsClient,
        Target::JsDocumentClient,
        Target::Rust,
        Target::Go,
    ];

    /// The stable identifier used in the page, the JS API and saved state.
    pub fn id(self) -> &'static str {
        match self {
            Target::AwsCli => "aws-cli",
            Target::Boto3Client => "boto3-client",
            Target::Boto3Resource => "boto3-resource",
            Target::JsClient => "js-client",
            Target::JsDocumentClient => "js-document-client",
            Target::Rust => "rust",
            Target::Go => "go",
        }
    }

    pub fn from_id(id: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.id() == id)
    }

    /// What a person calls it.
    pub fn label(self) -> &'static str {
        match self {
            Target::AwsCli => "AWS CLI",
            Target::Boto3Client => "boto3 client",
            Target::Boto3Resource => "boto3 resource",
            Target::JsClient => "JS SDK v3",
            Target::JsDocumentClient => "JS DocumentClient",
            Target::Rust => "Rust",
            Target::Go => "Go",
        }
    }
}

/// The region a program signs for when it is pointed at a local endpoint and
/// `AWS_REGION` is unset. Every SDK refuses to start without one, and DynamoDB Local
/// keeps one database per region: every target falls back to the same region, so the
/// write program and the query programs meet in one table.
const LOCAL_REGION: &str = "us-east-1";

/// Choices every emitter honours.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Options {
    /// Overrides the query's table name when set.
    pub table: Option<String>,
    /// An endpoint such as `http://127.0.0.1:8000`, for DynamoDB Local style use.
    pub endpoint: Option<String>,
    /// A complete runnable program (client setup, paging, printing every item as a JSON
    /// line) rather than just the call's parameters.
    pub program: bool,
}

/// Why a target cannot write a query or items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A command-line argument is a C string: bash cannot pass U+0000 in one, and the
    /// CLI would get a truncated value. The text that holds it (`None`: an item does).
    NulInArgument { text: Option<String> },
    /// The items could not be written as JSON.
    Unwritable { why: String },
}

impl Error {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            Error::NulInArgument { .. } => "nulInArgument",
            Error::Unwritable { .. } => "unwritable",
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::NulInArgument { text: Some(t) } => write!(
                f,
                "a command-line argument cannot carry U+0000, which {t:?} contains; use an SDK target"
            ),
            Error::NulInArgument { text: None } => {
                f.write_str("a command-line argument cannot carry U+0000, which an item holds; use an SDK target")
            }
            Error::Unwritable { why } => write!(f, "the items cannot be written as JSON: {why}"),
        }
    }
}

impl std::error::Error for Error {}

/// Renders `query` for `target`, or says why the target cannot express it.
pub fn render(query: &Query, target: Target, options: &Options) -> Result<String, Error> {
    let mut q = query.clone();
    if let Some(t) = &options.table {
        q.table = t.clone();
    }
    match target {
        Target::AwsCli => cli::render(&q, options),
        Target::Boto3Client => python::client(&q, options),
        Target::Boto3Resource => python::resource(&q, options),
        Target::JsClient => javascript::client(&q, options),
        Target::JsDocumentClient => javascript::document_client(&q, options),
        Target::Rust => rust::render(&q, options),
        Target::Go => go::render(&q, options),
    }
}

/// How a string literal writes a code point it escapes.
#[derive(Clone, Copy)]
enum UnicodeEscape {
    /// `\u00e9`, and surrogate pairs above U+FFFF (JavaScript, JSON).
    Utf16,
    /// `\u00e9`, `\U0010ffff` (Python, Go).
    Long,
    /// `\u{e9}` (Rust).
    Braced,
}

/// A double-quoted string literal: only `"`, `\` and escaped characters are special in
/// any of the target languages' double-quoted strings (none interpolates there).
fn quoted(s: &str, style: UnicodeEscape) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            // `$` and `{` are literal inside these strings, but escaping the `$` keeps a
            // reader from mistaking `${...}` for interpolation.
            c if crate::elide::invisible(c) => out.push_str(&escape_code_point(c, style)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn escape_code_point(c: char, style: UnicodeEscape) -> String {
    let n = c as u32;
    match style {
        UnicodeEscape::Braced => format!("\\u{{{n:x}}}"),
        UnicodeEscape::Long if n > 0xFFFF => format!("\\U{n:08x}"),
        UnicodeEscape::Long => format!("\\u{n:04x}"),
        UnicodeEscape::Utf16 => {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units)
                .iter()
                .map(|u| format!("\\u{u:04x}"))
                .collect()
        }
    }
}

/// JSON text with every character [`crate::elide::invisible`] picks written as `\uXXXX`, so a
/// noncharacter or a bidi override shows as what it is rather than as a box or as
/// reordered text. Valid JSON in, the same value out: outside strings JSON is ASCII
/// (its newlines stay), and inside them serde_json has already escaped ASCII controls.
pub fn visible_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if !c.is_ascii() && crate::elide::invisible(c) {
            out.push_str(&escape_code_point(c, UnicodeEscape::Utf16));
        } else {
            out.push(c);
        }
    }
    out
}

/// A shell word that passes `s` through literally: single quotes, with `'` written as
/// `'\''`. Nothing inside single quotes is special to bash, including `$`, backticks,
/// `\` and newlines.
fn shell_word(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

/// Placeholder names and values in expression order, with key attribute names.
fn names(q: &Query) -> Vec<(String, &str)> {
    q.names()
}

fn values(q: &Query) -> Vec<(String, &KeyValue)> {
    q.placeholders()
}

/// For a call's parameters alone (not a program), when the pattern promises a number
/// of items: one call returns one page, which may hold fewer (a page also ends at 1 MB)
/// and whose Limit never stops a reader, so the comment says where to stop. Each line
/// starts with the language's `comment` marker; empty when nothing is promised.
fn one_call_note(q: &Query, comment: &str) -> String {
    match q.max_items {
        Some(n) => format!(
            "{comment} One call returns one page (at most Limit items). The pattern promises the first {n}:\n{comment} page on with ExclusiveStartKey and stop after {n} items, as the program does.\n"
        ),
        None => String::new(),
    }
}

/// The sort condition as (operator, values), for targets with condition builders.
fn sort_parts(q: &Query) -> Option<(&str, &'static str, Vec<&KeyValue>)> {
    q.sort.as_ref().map(|(attr, c)| {
        let op = match c {
            KeyCondition::Eq(_) => "eq",
            KeyCondition::Lt(_) => "lt",
            KeyCondition::Le(_) => "lte",
            KeyCondition::Gt(_) => "gt",
            KeyCondition::Ge(_) => "gte",
            KeyCondition::Between(..) => "between",
            KeyCondition::BeginsWith(_) => "begins_with",
        };
        (attr.as_str(), op, c.values())
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Every program and call the emitters write for the leaderboard: each target, with
    /// and without a program around it, an endpoint and a top-N, and the writes.
    pub(crate) fn every_program() -> Vec<String> {
        use crate::query::builder::{build, AccessPattern};
        let schema = crate::interop::tests::leaderboard();
        let patterns = [
            serde_json::json!({"entity": "Run", "partition": {"season": "s"}, "sort": {}}),
            serde_json::json!({"entity": "Run", "partition": {"season": "s"}, "sort": {}, "first": 3, "limit": 2}),
        ];
        let values: Vec<crate::Values> = (0..3)
            .map(|i| {
                crate::Values::from_iter([
                    ("season".to_string(), serde_json::json!("s")),
                    ("score".to_string(), serde_json::json!(i)),
                    ("at".to_string(), serde_json::json!(1_719_100_800 + i)),
                    ("player".to_string(), serde_json::json!(format!("p{i}"))),
                ])
            })
            .collect();
        let items = crate::items::written(&schema, values.iter().map(|v| ("Run", v))).items;
        let mut out = Vec::new();
        for (program, endpoint) in [(false, None), (true, None), (true, Some("http://127.0.0.1:8000"))] {
            let options = Options {
                table: None,
                endpoint: endpoint.map(str::to_string),
                program,
            };
            for target in Target::ALL {
                for p in &patterns {
                    let built = build(&schema, &AccessPattern::from_value(p).unwrap()).unwrap();
                    out.extend(render(&built.query, target, &options));
                }
                out.extend(render_writes(target, &schema.table, &items, &options));
            }
        }
        out
    }

    #[test]
    fn json_views_show_invisible_characters_as_escapes_and_keep_the_value() {
        let value = serde_json::json!({"k": "a\u{10FFFF}b\u{202E}c😀é", "n": 1});
        let shown = visible_json(&serde_json::to_string_pretty(&value).unwrap());
        assert!(shown.contains(r"a\udbff\udfffb\u202ec😀é"), "{shown}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&shown).unwrap(), value);
    }

    #[test]
    fn literals_escape_what_could_read_as_code() {
        let hostile = "a\"b\\c\n$(x)`y`${z}#{w}\u{200F}\u{10FFFF}😀\u{7}";
        assert_eq!(
            quoted(hostile, UnicodeEscape::Braced),
            r#""a\"b\\c\n$(x)`y`${z}#{w}\u{200f}\u{10ffff}😀\u{7}""#
        );
        assert_eq!(
            quoted(hostile, UnicodeEscape::Long),
            r#""a\"b\\c\n$(x)`y`${z}#{w}\u200f\U0010ffff😀\u0007""#
        );
        assert_eq!(quoted("\u{10FFFF}", UnicodeEscape::Utf16), r#""\udbff\udfff""#);
        assert_eq!(shell_word("it's $(rm -rf /)"), r#"'it'\''s $(rm -rf /)'"#);
    }

    #[test]
    fn targets_round_trip_their_ids() {
        for t in Target::ALL {
            assert_eq!(Target::from_id(t.id()), Some(t));
        }
    }
}
