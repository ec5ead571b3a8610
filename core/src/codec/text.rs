//! `text`: a string stored as it is (or upper/lower-cased).
//!
//! Ordering invariant: byte order of the stored text is UTF-8 byte order of the value
//! after casing. Inside a composite key this equals tuple order only when the value never
//! contains the separator (an error) and has no character sorting below it (a warning):
//! `"a b"` vs `"a"` with `#` stores `a b#…` before `a#…` although `"a" < "a b"`.

use crate::error::{ErrorKind, WarningKind};
use crate::schema::Case;
use serde_json::Value;
use std::borrow::Cow;

pub use crate::schema::RESERVED;

pub(crate) fn parse(value: &Value) -> Result<Cow<'_, str>, ErrorKind> {
    match value {
        Value::String(s) => Ok(Cow::Borrowed(s)),
        // A number typed into a text field is its digits, as written.
        Value::Number(n) => Ok(Cow::Owned(n.to_string())),
        _ => Err(ErrorKind::NotANumber { expected: "text" }),
    }
}

pub fn apply_case(text: &str, case: Case) -> String {
    match case {
        Case::Preserve => text.to_string(),
        Case::Upper => text.to_uppercase(),
        Case::Lower => text.to_lowercase(),
    }
}

/// Whether `text` is already in `case`: what [`apply_case`] would leave alone. ASCII
/// text is checked in place (every key read back asks this, and a copy per key was a
/// tenth of re-keying's allocations); other text goes through the full case mapping.
pub(crate) fn is_cased(text: &str, case: Case) -> bool {
    match case {
        Case::Preserve => true,
        Case::Upper if text.is_ascii() => !text.bytes().any(|b| b.is_ascii_lowercase()),
        Case::Lower if text.is_ascii() => !text.bytes().any(|b| b.is_ascii_uppercase()),
        _ => apply_case(text, case) == text,
    }
}

/// A value longer than the field allows: counted in characters, as people count them
/// and as `maxLength` is written.
pub(crate) fn bounded(text: &str, max_length: Option<u32>) -> Result<(), ErrorKind> {
    match max_length {
        Some(max) if text.len() > max as usize && text.chars().count() > max as usize => Err(ErrorKind::TextTooLong {
            length: text.chars().count(),
            max_length: max,
        }),
        _ => Ok(()),
    }
}

/// What makes a stored text unusable in a key: empty, a reserved character, the separator.
fn refuse(stored: &str, separator: &str) -> Result<(), ErrorKind> {
    if stored.is_empty() {
        return Err(ErrorKind::EmptyValue);
    }
    // U+0000 is the byte 0 and U+10FFFF starts with 0xF4 0x8F: a key without either
    // byte has neither character, which spares decoding every character of every key.
    if stored.bytes().any(|b| b == 0 || b == 0xF4) {
        if let Some(c) = stored.chars().find(|c| RESERVED.contains(c)) {
            return Err(ErrorKind::ReservedCharacter { character: c });
        }
    }
    if !separator.is_empty() && stored.contains(separator) {
        return Err(ErrorKind::SeparatorInValue {
            separator: separator.to_string(),
        });
    }
    Ok(())
}

/// [`encode`] written into `out`, without the warnings (the key writer's hot path).
pub(crate) fn encode_into(text: &str, case: Case, separator: &str, out: &mut String) -> Result<(), ErrorKind> {
    match case {
        Case::Preserve => {
            refuse(text, separator)?;
            out.push_str(text);
        }
        // ASCII changes case byte for byte, in place: no string per key.
        _ if text.is_ascii() => {
            let start = out.len();
            out.push_str(text);
            let written = &mut out[start..];
            match case {
                Case::Upper => written.make_ascii_uppercase(),
                _ => written.make_ascii_lowercase(),
            }
            if let Err(e) = refuse(&out[start..], separator) {
                out.truncate(start);
                return Err(e);
            }
        }
        _ => {
            let stored = apply_case(text, case);
            refuse(&stored, separator)?;
            out.push_str(&stored);
        }
    }
    Ok(())
}

/// The first character of a stored text that sorts below the separator, which breaks
/// tuple order when one value is a prefix of another (see the module's invariant).
pub(crate) fn below_separator(stored: &str, separator: &str) -> Option<char> {
    // A one-byte separator is ASCII: a character's encoding sorts below it exactly when
    // its first byte does, and only ASCII bytes can (every byte of a longer character
    // is 0x80 or above). Scanning bytes spares a comparison of slices per character.
    if let [sep] = separator.as_bytes() {
        let at = stored.bytes().position(|b| b < *sep)?;
        return stored[at..].chars().next();
    }
    let mut buf = [0u8; 4];
    stored
        .chars()
        .find(|c| c.encode_utf8(&mut buf).as_bytes() < separator.as_bytes())
}

pub(crate) fn encode(text: &str, case: Case, separator: &str) -> Result<(String, Vec<WarningKind>), ErrorKind> {
    if text.is_empty() {
        return Err(ErrorKind::EmptyValue);
    }
    let stored = apply_case(text, case);
    refuse(&stored, separator)?;
    let mut warnings = Vec::new();
    if stored != text {
        warnings.push(WarningKind::CaseChanged { stored: stored.clone() });
    }
    if let Some(c) = below_separator(&stored, separator) {
        warnings.push(WarningKind::BelowSeparator {
            character: c,
            separator: separator.to_string(),
        });
    }
    Ok((stored, warnings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The byte scan for a one-byte separator finds what the comparison of each
        /// character's encoding finds.
        #[test]
        fn below_a_one_byte_separator_is_found_by_its_bytes(text in "[ -~é€\u{1F600}\u{7f}\u{1}]{0,8}", sep in "[ -~]") {
            let mut buf = [0u8; 4];
            let slow = text.chars().find(|c| c.encode_utf8(&mut buf).as_bytes() < sep.as_bytes());
            prop_assert_eq!(below_separator(&text, &sep), slow);
        }

        #[test]
        fn being_in_case_is_what_the_case_mapping_leaves_alone(text in "[a-zA-Z0-9#ßéÉ\u{130}İ]{0,6}") {
            for case in [Case::Preserve, Case::Upper, Case::Lower] {
                prop_assert_eq!(is_cased(&text, case), apply_case(&text, case) == text, "{:?}", case);
            }
        }
    }

    #[test]
    fn separator_and_below_separator() {
        assert_eq!(
            encode("a#b", Case::Preserve, "#"),
            Err(ErrorKind::SeparatorInValue { separator: "#".into() })
        );
        let (_, w) = encode("a b", Case::Preserve, "#").unwrap();
        assert_eq!(
            w,
            vec![WarningKind::BelowSeparator {
                character: ' ',
                separator: "#".into()
            }]
        );
        let (s, w) = encode("p_8842", Case::Preserve, "#").unwrap();
        assert_eq!((s.as_str(), w.len()), ("p_8842", 0));
    }

    #[test]
    fn range_sentinels_are_reserved() {
        for c in RESERVED {
            let v = format!("a{c}b");
            assert_eq!(
                encode(&v, Case::Preserve, "#"),
                Err(ErrorKind::ReservedCharacter { character: c })
            );
        }
    }

    #[test]
    fn casing_that_changes_a_value_is_flagged() {
        let (s, w) = encode("2026-spring", Case::Upper, "#").unwrap();
        assert_eq!(s, "2026-SPRING");
        assert_eq!(
            w,
            vec![WarningKind::CaseChanged {
                stored: "2026-SPRING".into()
            }]
        );
        assert!(encode("SEASON", Case::Upper, "#").unwrap().1.is_empty());
    }
}
