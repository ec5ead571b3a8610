//! `text`: a string stored as it is (or upper/lower-cased).
//!
//! Ordering invariant: byte order of the stored text is UTF-8 byte order of the value
//! after casing. Inside a composite key this equals tuple order only when the value never
//! contains the separator (an error) and has no character sorting below it (a warning):
//! `"a b"` vs `"a"` with `#` stores `a b#…` before `a#…` although `"a" < "a b"`.

use crate::error::{CaseLoss, ErrorKind, WarningKind};
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

/// Looks like a case-sensitive id: letters and digits (base64url's `-`/`_` allowed), at
/// least 8 of them, with both cases, and a digit or 16 characters. A word written in
/// camel case (`JavaScript`, `DeBrie`) is short and has no digit; random ids of base62
/// or base64 mix case with digits, and a long one without any is no word either.
pub(crate) fn mixed_case_id(text: &str) -> bool {
    // One pass over the bytes: every character allowed is ASCII, so bytes are
    // characters (the design check runs this on every value of 100,000 items).
    let (mut upper, mut lower, mut digit) = (false, false, false);
    let allowed = text.bytes().all(|b| {
        upper |= b.is_ascii_uppercase();
        lower |= b.is_ascii_lowercase();
        digit |= b.is_ascii_digit();
        b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
    });
    allowed && upper && lower && text.len() >= 8 && (digit || text.len() >= 16)
}

/// What casing `text` into `stored` (`case`) loses, if anything a person would miss: the
/// case of an id, or the spelling. A word changing letter for letter is the rule doing
/// its job.
pub(crate) fn case_loss(text: &str, stored: &str, case: Case) -> Option<CaseLoss> {
    if mixed_case_id(text) {
        return Some(CaseLoss::MixedCaseId);
    }
    // ASCII changes letter for letter; other scripts may not: `ß` upper-cases to `SS`,
    // the Kelvin sign lower-cases to `k`, which upper-cases back to `K`.
    let back = |s: char| -> String {
        match case {
            Case::Upper => s.to_lowercase().collect(),
            _ => s.to_uppercase().collect(),
        }
    };
    let letter_for_letter = text.is_ascii()
        || text.chars().count() == stored.chars().count()
            && (text.chars().zip(stored.chars())).all(|(t, s)| t == s || back(s).chars().eq([t]));
    (!letter_for_letter).then_some(CaseLoss::Respelled)
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
    // Changing the case is what the rule is for (`acme` stored as `ACME`, so that
    // `Acme` meets it): only a change that loses what the value meant is said.
    if let Some(loss) = (stored != text).then(|| case_loss(text, &stored, case)).flatten() {
        warnings.push(WarningKind::CaseChanged {
            stored: stored.clone(),
            loss,
        });
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

    /// The rule doing its job is not a warning: a season, a device, an org slug or a
    /// name changes case letter for letter, and meets its other spellings as one key.
    #[test]
    fn casing_a_word_is_the_rule_doing_its_job() {
        for (typed, case, stored) in [
            ("2026-spring", Case::Upper, "2026-SPRING"),
            ("thermo-7", Case::Upper, "THERMO-7"),
            ("acme", Case::Upper, "ACME"),
            ("DeBrie", Case::Lower, "debrie"),
            ("JavaScript", Case::Lower, "javascript"),
            ("Ünïcode", Case::Lower, "ünïcode"),
            ("SEASON", Case::Upper, "SEASON"),
        ] {
            assert_eq!(
                encode(typed, case, "#"),
                Ok((stored.to_string(), Vec::new())),
                "{typed}"
            );
        }
    }

    /// Casing that loses what the value meant is said: the case of an id, or a
    /// spelling that another value shares once cased.
    #[test]
    fn casing_that_loses_an_ids_case_or_a_spelling_is_flagged() {
        for (typed, case, stored, loss) in [
            ("aZ3kQ9pLmN", Case::Upper, "AZ3KQ9PLMN", CaseLoss::MixedCaseId),
            (
                "0ujsswThIGTUYm2K8FjOOfXtY1K",
                Case::Lower,
                "0ujsswthigtuym2k8fjoofxty1k",
                CaseLoss::MixedCaseId,
            ),
            ("Straße", Case::Upper, "STRASSE", CaseLoss::Respelled),
            ("\u{212A}elvin", Case::Lower, "kelvin", CaseLoss::Respelled),
        ] {
            let warned = vec![WarningKind::CaseChanged {
                stored: stored.into(),
                loss,
            }];
            assert_eq!(encode(typed, case, "#"), Ok((stored.to_string(), warned)), "{typed}");
        }
    }
}
