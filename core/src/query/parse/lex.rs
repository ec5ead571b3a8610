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
    let bytes = src.as_bytes();
    let mut i = 0;
    let word = |from: usize| -> usize {
        let mut j = from;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            j += 1;
        }
        j
    };
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
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
        if let Some(tok) = single {
            i += 1;
            out.push(Token {
                tok,
                start,
                text: src[start..i].to_string(),
            });
            continue;
        }
        let tok = match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'<' | b'>' => {
                let two = bytes.get(i + 1).copied();
                let (op, n) = match (c, two) {
                    (b'<', Some(b'=')) => (Comparator::Le, 2),
                    (b'<', Some(b'>')) => (Comparator::Ne, 2),
                    (b'>', Some(b'=')) => (Comparator::Ge, 2),
                    (b'<', _) => (Comparator::Lt, 1),
                    _ => (Comparator::Gt, 1),
                };
                i += n;
                Tok::Op(op)
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
                i = end;
                if c == b'#' {
                    Tok::Name(text)
                } else {
                    Tok::Value(text)
                }
            }
            c if c.is_ascii_digit() => {
                let end = word(i);
                let text = src[i..end].to_string();
                i = end;
                Tok::Number(text)
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let end = word(i);
                let text = src[i..end].to_string();
                i = end;
                Tok::Ident(text)
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
        };
        out.push(Token {
            tok,
            start,
            text: src[start..i].to_string(),
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        start: src.len(),
        text: "<EOF>".into(),
    });
    Ok(out)
}
