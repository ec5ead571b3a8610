//! Share links: the whole state in the URL fragment (`#s=...`), deflated and
//! base64url-encoded. A link is untrusted input: its size is capped before and after
//! inflating, and every problem becomes a message, never a panic.

use super::pack::{pack, unpack};
use crate::document::Playground;

/// The fragment key of a shared design.
pub const KEY: &str = "s=";
/// Longest fragment read; browsers and chat tools cut links long before this.
pub const MAX_LINK: usize = 512 * 1024;
/// Largest state a link may inflate to, so a small link cannot expand into gigabytes.
pub const MAX_STATE: usize = 8 * 1024 * 1024;

/// The fragment for a state, without the leading `#`.
pub fn encode(state: &Playground) -> String {
    format!("{KEY}{}", pack(&state.to_json(), 9))
}

/// Work read from a link, and the settings of it that could not be read and were reset
/// (the query draft, the code settings, …), to be said when it opens.
#[derive(Clone, Debug, PartialEq)]
pub struct Linked {
    pub work: Playground,
    pub notes: Vec<String>,
}

impl Linked {
    /// The sentence that says what was reset, when something was.
    pub fn notice(&self) -> Option<String> {
        (!self.notes.is_empty()).then(|| format!("The link's work opened, but {}.", self.notes.join("; ")))
    }
}

/// Reads a fragment (with or without `#`). `None` when it holds no shared design.
pub fn decode(fragment: &str) -> Option<Result<Linked, String>> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let data = fragment.strip_prefix(KEY)?;
    Some(read(data))
}

fn read(data: &str) -> Result<Linked, String> {
    if data.len() > MAX_LINK {
        return Err(format!(
            "the link is {} KB, more than the {} KB keylab reads",
            data.len() / 1024,
            MAX_LINK / 1024
        ));
    }
    let text = unpack(data, MAX_STATE).map_err(|why| format!("{why}: copy it again, all of it"))?;
    let (work, notes) =
        Playground::read_saved(&text).map_err(|e| format!("the link's design cannot be opened: {e}"))?;
    Ok(Linked { work, notes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Action, FieldEdit, QueryEdit, Workspace};
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    #[test]
    fn a_link_round_trips_the_whole_state() {
        let edited = Workspace::new(crate::presets::leaderboard()).reduce_edit(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 12,
        }));
        let edited = Workspace::new(edited).reduce_edit(Action::from(QueryEdit::SetPasted("{\"x\": 1}".into())));
        let link = encode(&edited);
        assert!(link.starts_with("s=") && link.len() < 2000, "{} bytes", link.len());
        assert!(
            link[2..]
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "URL-safe"
        );
        let linked = Linked {
            work: edited,
            notes: Vec::new(),
        };
        assert_eq!(decode(&format!("#{link}")), Some(Ok(linked)));
    }

    /// A link whose query draft is damaged opens, and says the draft was reset.
    #[test]
    fn a_link_with_a_damaged_setting_opens_and_says_what_was_reset() {
        let mut doc: serde_json::Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
        doc["query"] = serde_json::json!({ "limit": 10 });
        let packed = miniz_oxide::deflate::compress_to_vec(doc.to_string().as_bytes(), 9);
        let linked = decode(&format!("s={}", URL_SAFE_NO_PAD.encode(packed)))
            .unwrap()
            .unwrap();
        assert_eq!(**linked.work.query(), crate::document::QueryDraft::default());
        let notice = linked.notice().expect("the reset is said");
        assert!(
            notice.starts_with("The link's work opened, but the saved query"),
            "{notice}"
        );
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        assert_eq!(decode("#other=1"), None);
        assert_eq!(decode(""), None);
        let link = encode(&crate::presets::leaderboard());
        let cases = [
            ("s=!!!!", "it holds '!' at character 1, which a keylab link never has"),
            (&link[..link.len() / 2], "it is cut short: copy it again, all of it"),
            ("s=", "it is cut short"),
        ];
        for (fragment, needle) in cases {
            match decode(fragment) {
                // In a person's words: no decoder's names (FailedCannotMakeProgress).
                Some(Err(e)) => assert!(
                    e.contains(needle) && !e.contains("Failed") && !e.contains("symbol"),
                    "{fragment}: {e}"
                ),
                other => panic!("{fragment}: {other:?}"),
            }
        }
        let huge = format!("s={}", "A".repeat(MAX_LINK + 1));
        assert!(decode(&huge).is_some_and(|r| r.is_err_and(|e| e.contains("more than"))));
        // A zip bomb: a few KB that would inflate past the limit.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_STATE + 1], 9);
        let bomb = format!("s={}", URL_SAFE_NO_PAD.encode(bomb));
        assert!(decode(&bomb).is_some_and(|r| r.is_err_and(|e| e.contains("more than keylab reads"))));
        let newer = crate::presets::leaderboard()
            .to_json()
            .replace("\"version\":1", "\"version\":99");
        let packed = miniz_oxide::deflate::compress_to_vec(newer.as_bytes(), 9);
        let link = format!("s={}", URL_SAFE_NO_PAD.encode(packed));
        assert!(decode(&link).is_some_and(|r| r.is_err_and(|e| e.contains("version 99"))));
    }
}
