//! Names and literals in the generated code: identifiers in each language's convention
//! that never take a keyword, and string literals every language reads back exactly.

/// Splits a name into words at case changes and non-alphanumerics: `GSI1PK` → GSI1, PK;
/// `orderLine` → order, Line.
fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = name.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1);
        let boundary = c.is_ascii_uppercase()
            && prev.is_some_and(|p| {
                p.is_ascii_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
            });
        if boundary && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        current.push(c);
    }
    if !current.is_empty() {
        out.push(current);
    }
    if out.is_empty() {
        out.push("x".into());
    }
    out
}

fn capitalised(w: &str) -> String {
    let lower = w.to_ascii_lowercase();
    let mut c = lower.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// `PascalCase`, safe as an identifier (a leading digit gets a prefix).
pub fn pascal(name: &str) -> String {
    let s: String = words(name).iter().map(|w| capitalised(w)).collect();
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        format!("X{s}")
    } else {
        s
    }
}

/// `camelCase`.
pub fn camel(name: &str) -> String {
    let p = pascal(name);
    let mut c = p.chars();
    c.next()
        .map(|f| f.to_ascii_lowercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// `snake_case`.
pub fn snake(name: &str) -> String {
    let s = words(name)
        .iter()
        .map(|w| w.to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join("_");
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        format!("x_{s}")
    } else {
        s
    }
}

/// A string literal every one of the six languages reads the same way: printable ASCII
/// as itself, everything else as `\uXXXX` escapes (UTF-16 units), quotes and
/// backslashes escaped.
pub fn quoted(text: &str) -> String {
    literal(text, |c, out| {
        let mut units = [0u16; 2];
        for u in c.encode_utf16(&mut units) {
            out.push_str(&format!("\\u{u:04x}"));
        }
    })
}

/// [`quoted`] for languages whose `\u` escapes take code points, not UTF-16 units
/// (Python, Go): a character beyond the BMP is `\UXXXXXXXX`.
pub fn quoted_points(text: &str) -> String {
    literal(text, |c, out| match c as u32 {
        p if p < 0x10000 => out.push_str(&format!("\\u{p:04x}")),
        p => out.push_str(&format!("\\U{p:08x}")),
    })
}

/// A double-quoted literal: printable ASCII as itself, quotes and backslashes escaped,
/// and every other character as `escape` writes it.
fn literal(text: &str, escape: impl Fn(char, &mut String)) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            // Java reads `\u` escapes before anything else: a line break written so
            // would end the string literal. Every language reads `\n` and `\r`.
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => escape(c, &mut out),
        }
    }
    out.push('"');
    out
}

/// Identifiers a generated name must not take: every language's keywords that a
/// field name could plausibly be.
const RESERVED_WORDS: &[&str] = &[
    "abstract",
    "and",
    "as",
    "assert",
    "async",
    "await",
    "break",
    "case",
    "catch",
    "char",
    "class",
    "const",
    "continue",
    "def",
    "default",
    "del",
    "do",
    "double",
    "elif",
    "else",
    "enum",
    "except",
    "export",
    "extends",
    "false",
    "final",
    "finally",
    "float",
    "for",
    "from",
    "func",
    "global",
    "go",
    "if",
    "import",
    "in",
    "int",
    "interface",
    "is",
    "lambda",
    "long",
    "map",
    "new",
    "nonlocal",
    "not",
    "null",
    "object",
    "or",
    "package",
    "pass",
    "raise",
    "range",
    "return",
    "self",
    "static",
    "string",
    "struct",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "type",
    "var",
    "void",
    "while",
    "with",
    "yield",
    "False",
    "None",
    "True",
];

/// A field's name as an identifier in a language whose convention is `case`.
pub fn ident(name: &str, case: fn(&str) -> String) -> String {
    let id = case(name);
    if RESERVED_WORDS.contains(&id.as_str()) {
        format!("{id}_")
    } else {
        id
    }
}
