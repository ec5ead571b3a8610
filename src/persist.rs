//! Keeps the user's work in localStorage. What is read back is untrusted: a copy that
//! does not load is set aside under another key instead of being overwritten, and the
//! last copy that did load is kept as a backup to fall back on.

use crate::state::Playground;
use gloo::storage::{LocalStorage, Storage};

const KEY: &str = "keylab.work";
const BACKUP: &str = "keylab.backup";
const SET_ASIDE: &str = "keylab.unreadable";

/// The saved work, or the best fallback and a message saying what happened.
pub fn load() -> (Playground, Option<String>) {
    // Raw text, not gloo's JSON-typed get: a damaged value must reach the parser so it
    // can be reported and kept, not silently read as "nothing saved".
    let storage = LocalStorage::raw();
    let text = match storage.get_item(KEY) {
        Ok(Some(text)) => text,
        Ok(None) => return (Playground::leaderboard(), None),
        Err(_) => {
            return (
                Playground::leaderboard(),
                Some("localStorage is not available, so changes will not be kept after this tab closes.".into()),
            )
        }
    };
    match Playground::from_json(&text) {
        Ok(p) => {
            // The last good copy: what a later damaged save falls back to.
            let _ = storage.set_item(BACKUP, &text);
            (p, None)
        }
        Err(why) => {
            let _ = storage.set_item(SET_ASIDE, &text);
            let kept =
                format!("Your saved work could not be read ({why}). It was kept under \"{SET_ASIDE}\" in localStorage");
            let backup = storage
                .get_item(BACKUP)
                .ok()
                .flatten()
                .and_then(|b| Playground::from_json(&b).ok());
            match backup {
                Some(p) => (p, Some(format!("{kept}, and the last copy that loaded was restored."))),
                None => (
                    Playground::leaderboard(),
                    Some(format!("{kept}, and the example was loaded instead.")),
                ),
            }
        }
    }
}

pub fn save(state: &Playground) {
    // Storage can be full or disabled; the page keeps working either way.
    let _ = LocalStorage::raw().set_item(KEY, &state.to_json());
}

/// Whether the browser holds saved work (readable or not).
pub fn has_saved() -> bool {
    LocalStorage::raw().get_item(KEY).ok().flatten().is_some()
}
