//! A key as ElectroDB writes it (literal text and values, in order) turned into keylab
//! segments joined by `#`, or the reason keylab cannot write it the same way.

use super::SEPARATOR;
use crate::schema::{FieldRef, Segment};

/// What ElectroDB writes for one key, before it is cased: literal text and values.
#[derive(Debug, PartialEq)]
pub(super) enum Piece {
    Text(String),
    Value(String),
}

/// A `template` as ElectroDB reads it (`_parseTemplateKey`): text, `${name}`, text…
pub(super) fn template_pieces(template: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find("${") {
        let Some(close) = rest[open..].find('}') else { break };
        pieces.push(Piece::Text(rest[..open].to_string()));
        pieces.push(Piece::Value(rest[open + 2..open + close].trim().to_string()));
        rest = &rest[open + close + 1..];
    }
    pieces.push(Piece::Text(rest.to_string()));
    pieces
}

/// The keylab segments that write `pieces` joined by `#`: the text before a value, up
/// to its last `#`, is literal segments, and what follows that `#` is the value's prefix.
pub(super) fn segments(pieces: &[Piece]) -> Result<Vec<Segment>, String> {
    let mut segments = Vec::new();
    let mut text = String::new();
    let mut after_value = false;
    let literals = |text: &str, segments: &mut Vec<Segment>| -> Result<(), String> {
        for part in text.split(SEPARATOR) {
            if part.is_empty() {
                return Err(format!("its text {text:?} has an empty part between separators"));
            }
            segments.push(Segment::Literal(part.to_string()));
        }
        Ok(())
    };
    for piece in pieces {
        match piece {
            Piece::Text(t) => text.push_str(t),
            Piece::Value(name) => {
                let mut before = text.as_str();
                if after_value {
                    before = before.strip_prefix(SEPARATOR).ok_or(format!(
                        "{before:?} stands between two values, and keylab puts a separator there"
                    ))?;
                }
                let (literal, prefix) = before.rsplit_once(SEPARATOR).map_or(("", before), |(l, p)| (l, p));
                if !literal.is_empty() || before.starts_with(SEPARATOR) && !after_value {
                    literals(literal, &mut segments)?;
                }
                segments.push(Segment::Field(FieldRef::prefixed(prefix, name.clone())));
                text.clear();
                after_value = true;
            }
        }
    }
    if !text.is_empty() {
        let rest = match after_value {
            true => text
                .strip_prefix(SEPARATOR)
                .ok_or(format!("{text:?} follows the last value with no separator"))?,
            false => &text,
        };
        literals(rest, &mut segments)?;
    }
    Ok(segments)
}
