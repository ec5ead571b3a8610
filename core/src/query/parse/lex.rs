//! The expression split into tokens: names, placeholders, operators, words.

use super::*;

/// A comparison operator of the expression language, `<>` included so that it can be
/// refused by name (a key condition cannot use it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Comparator {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparator {
    pub(super) fn symbol(self) -> &'static str {
        match self {
            Comparator::Eq => "=",
            Comparator::Ne => "<>",
            Comparator::Lt => "<",
            Comparator::Le => "<=",
            Comparator::Gt => ">",
            Comparator::Ge => ">=",
        }
    }

    /// The same test with its operands swapped: `:v < #k` is `#k > :v`.
    pub(super) fn flipped(self) -> Comparator {
        match self {
            Comparator::Lt => Comparator::Gt,
            Comparator::Le => Comparator::Ge,
            Comparator::Gt => Comparator::Lt,
            Comparator::Ge => Comparator::Le,
            same => same,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    Ident(String),
    Name(String),
    Value(String),
    Number(String),
    Op(Comparator),
    LParen,
    RParen,
    Comma,
    Dot,
    LBracket,
    RBracket,
    Eof,
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) start: usize,
    pub(super) text: String,
}

pub(super) fn tokenize(src: &str) -> Result<Vec<Token>, ValidationError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        let start = i;
        match token_at(src, i)? {
            (None, end) => i = end,
            (Some(tok), end) => {
                i = end;
                out.push(Token {
                    tok,
                    start,
                    text: src[start..i].to_string(),
                });
            }
        }
    }
    out.push(Token {
        tok: Tok::Eof,
        start: src.len(),
        text: "<EOF>".into(),
    });
    Ok(out)
}

/// The token that starts at byte `i` of `src` (none for white space) and where it ends.
fn token_at(src: &str, i: usize) -> Result<(Option<Tok>, usize), ValidationError> {
    let bytes = src.as_bytes();
    let word = |from: usize| -> usize {
        let mut j = from;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            j += 1;
        }
        j
    };
    let c = bytes[i];
    let single = match c {
        b'(' => Some(Tok::LParen),
        b')' => Some(Tok::RParen),
        b',' => Some(Tok::Comma),
        b'.' => Some(Tok::Dot),
        b'[' => Some(Tok::LBracket),
        b']' => Some(Tok::RBracket),
        b'=' => Some(Tok::Op(Comparator::Eq)),
        _ => None,
    };
    if single.is_some() {
        return Ok((single, i + 1));
    }
    Ok(match c {
        b' ' | b'\t' | b'\n' | b'\r' => (None, i + 1),
        b'<' | b'>' => {
            let (op, n) = match (c, bytes.get(i + 1).copied()) {
                (b'<', Some(b'=')) => (Comparator::Le, 2),
                (b'<', Some(b'>')) => (Comparator::Ne, 2),
                (b'>', Some(b'=')) => (Comparator::Ge, 2),
                (b'<', _) => (Comparator::Lt, 1),
                _ => (Comparator::Gt, 1),
            };
            (Some(Tok::Op(op)), i + n)
        }
        b'#' | b':' => {
            let end = word(i + 1);
            if end == i + 1 {
                let near: String = src[i..].chars().take(8).collect();
                return fail_at(
                    format!("{PREFIX}Syntax error; token: \"{}\", near: \"{near}\"", c as char),
                    i,
                    &(c as char).to_string(),
                );
            }
            let text = src[i..end].to_string();
            let tok = if c == b'#' { Tok::Name(text) } else { Tok::Value(text) };
            (Some(tok), end)
        }
        c if c.is_ascii_digit() => {
            let end = word(i);
            (Some(Tok::Number(src[i..end].to_string())), end)
        }
        c if c.is_ascii_alphabetic() || c == b'_' => {
            let end = word(i);
            (Some(Tok::Ident(src[i..end].to_string())), end)
        }
        _ => {
            let ch: String = src[i..].chars().take(1).collect();
            let near: String = src[i..].chars().take(8).collect();
            return fail_at(
                format!("{PREFIX}Syntax error; token: \"{ch}\", near: \"{near}\""),
                i,
                &ch,
            );
        }
    })
}
