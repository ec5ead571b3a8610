//! Long text cut for messages, as the page cuts it: its start and end kept, and how
//! many characters were left out said ("+N characters"). A 50 MB value in an export
//! line must not become a 50 MB line of stderr, nor of a `refused` line.

/// Whether a character is invisible or could change how the text around it reads:
/// controls, zero-width and bidi marks, line separators, noncharacters (U+FFFF,
/// U+10FFFF). Generated code writes these escaped, and the page draws them so.
pub fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}' | '\u{2029}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
        || (c as u32 & 0xFFFE) == 0xFFFE
        || ('\u{FDD0}'..='\u{FDEF}').contains(&c)
}

/// `text` with each character a reader cannot see, or that changes how the text around
/// it reads (controls, bidi overrides such as U+202E, zero-width marks, noncharacters),
/// written as its escape (`\u{202e}`, `\t`): a key holding `\u{202e}evil` is drawn as
/// that, not as "live".
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(invisible) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match invisible(c) {
            true => out.extend(c.escape_debug()),
            false => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Characters of a value quoted in a message before it is cut.
pub const QUOTED: usize = 200;

/// Characters of a whole message before it is cut.
pub const MESSAGE: usize = 2_000;

/// The start and end of a text longer than `keep` characters (two thirds of `keep`,
/// then one third) and how many characters fall between them; `None` when it is short
/// enough to show whole. The page draws the same cut with markup.
pub fn parts(text: &str, keep: usize) -> Option<(String, String, usize)> {
    let count = text.chars().count();
    (count > keep).then(|| {
        let (front, back) = (keep * 2 / 3, keep / 3);
        let head = text.chars().take(front).collect();
        let tail = text.chars().skip(count - back).collect();
        (head, tail, count - front - back)
    })
}

/// `text` whole when it has at most `keep` characters, else its start and end around
/// "… (+N characters) …".
pub fn shortened(text: &str, keep: usize) -> String {
    match parts(text, keep) {
        Some((head, tail, cut)) => format!("{head}… (+{cut} characters) …{tail}"),
        None => text.to_string(),
    }
}

/// A value as a message quotes it (Rust's debug quoting, so control characters show as
/// escapes), cut past [`QUOTED`] characters.
pub fn quoted(value: &str) -> String {
    match parts(value, QUOTED) {
        Some((head, tail, cut)) => format!("{head:?}… (+{cut} characters) …{tail:?}"),
        None => format!("{value:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_short_text_is_whole_and_a_long_one_says_how_much_is_cut() {
        assert_eq!(quoted("a\"b"), "\"a\\\"b\"");
        let long = "x".repeat(50_000_000);
        let q = quoted(&long);
        assert!(q.len() < 300 && q.contains("(+49999801 characters)"), "{}", &q[..100]);
        assert_eq!(shortened("abc", 3), "abc");
        assert_eq!(shortened("abcdefghij", 6), "abcd… (+4 characters) …ij");
    }

    proptest! {
        /// The cut keeps the text's start and end, and the count adds up.
        #[test]
        fn what_is_kept_and_what_is_counted_make_the_text(text in "\\PC{0,400}", keep in 3usize..300) {
            let out = shortened(&text, keep);
            let count = text.chars().count();
            if count <= keep {
                prop_assert_eq!(out, text);
            } else {
                let (front, back) = (keep * 2 / 3, keep / 3);
                let head: String = text.chars().take(front).collect();
                let tail: String = text.chars().skip(count - back).collect();
                prop_assert!(out.starts_with(&head) && out.ends_with(&tail));
                let cut = format!("(+{} characters)", count - front - back);
                prop_assert!(out.contains(&cut));
            }
        }
    }
}

#[cfg(test)]
mod visible_tests {
    #[test]
    fn what_cannot_be_seen_is_written_as_its_escape() {
        assert_eq!(super::visible("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(super::visible("a\tb\u{7f}\u{ffff}"), "a\\tb\\u{7f}\\u{ffff}");
        assert!(matches!(super::visible("plain é 😀"), std::borrow::Cow::Borrowed(_)));
    }
}
