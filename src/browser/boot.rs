//! How the page starts, in the browser: the saved work, a shared link in the address
//! bar, and what to tell the user about either. Nothing here is fatal: a problem becomes
//! a notice and the work on screen stays.

use super::link::{self, Linked};
use super::storage;
use crate::document::Playground;

/// How the page starts: the saved work or a shared link's design, a message about
/// anything that could not be read, and a linked design waiting for the user's word.
pub struct Boot {
    pub state: Playground,
    /// No saved work: show the "start here" hint.
    pub first_visit: bool,
    /// The work on screen is the saved work as storage holds it (read without a word,
    /// no link opened over it): saving it again at once would only write the same text
    /// (at 100,000 items, a save that a reload soon after paid for in the old page).
    pub stored: bool,
    pub notices: Vec<String>,
    pub pending_link: Option<Linked>,
    /// This tab's undo steps as kept before the reload, to check against the work once
    /// the page is up (see [`storage::history_of`]).
    pub kept_history: Option<String>,
}

pub fn location() -> Option<web_sys::Location> {
    web_sys::window().map(|w| w.location())
}

/// Drops `#s=...` from the address bar, so a reload does not ask again.
pub fn forget_link() {
    let (Some(window), Some(loc)) = (web_sys::window(), location()) else {
        return;
    };
    let url = format!(
        "{}{}",
        loc.pathname().unwrap_or_default(),
        loc.search().unwrap_or_default()
    );
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// What a fragment asks for, given the work it would replace.
pub enum LinkOutcome {
    Nothing,
    Refused(String),
    Open(Linked),
    Ask(Linked),
}

pub fn read_link(hash: &str, work: &Playground, has_work: bool) -> LinkOutcome {
    match link::decode(hash) {
        None => LinkOutcome::Nothing,
        Some(Err(why)) => {
            LinkOutcome::Refused(format!("This link could not be opened: {why}. Your work is unchanged."))
        }
        Some(Ok(linked)) if !has_work || linked.work == *work => LinkOutcome::Open(linked),
        Some(Ok(linked)) => LinkOutcome::Ask(linked),
    }
}

pub fn current_hash() -> String {
    location().and_then(|l| l.hash().ok()).unwrap_or_default()
}

pub fn boot() -> Boot {
    let kept_history = storage::kept_history();
    let had_saved = storage::has_saved();
    let (saved, problem) = storage::load();
    let stored = had_saved && problem.is_none();
    let mut notices: Vec<String> = problem.into_iter().collect();
    let outcome = read_link(&current_hash(), &saved, had_saved);
    if !matches!(outcome, LinkOutcome::Nothing | LinkOutcome::Ask(_)) {
        forget_link();
    }
    let first_visit = !had_saved;
    match outcome {
        LinkOutcome::Nothing => Boot {
            state: saved,
            first_visit,
            stored,
            notices,
            pending_link: None,
            kept_history,
        },
        LinkOutcome::Refused(message) => {
            notices.push(message);
            Boot {
                state: saved,
                first_visit,
                stored,
                notices,
                pending_link: None,
                kept_history,
            }
        }
        LinkOutcome::Open(linked) => Boot {
            notices: notices.into_iter().chain(linked.notice()).collect(),
            state: linked.work,
            first_visit: false,
            stored: false,
            pending_link: None,
            kept_history,
        },
        LinkOutcome::Ask(linked) => Boot {
            state: saved,
            first_visit: false,
            stored,
            notices,
            pending_link: Some(linked),
            kept_history,
        },
    }
}

/// More items than this make a link too long to paste anywhere; export a file instead.
pub const SHARE_ITEMS: usize = 2000;

pub fn share_url(state: &Playground) -> Option<String> {
    if state.rows().len() > SHARE_ITEMS {
        return None;
    }
    let base = location()
        .map(|l| format!("{}{}", l.origin().unwrap_or_default(), l.pathname().unwrap_or_default()))
        .unwrap_or_default();
    Some(format!("{base}#{}", link::encode(state)))
}

/// Puts a plain message at the top of the page, outside the app (which may be dead).
pub fn show_fatal(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let (Ok(p), Some(body)) = (document.create_element("p"), document.body()) {
        p.set_text_content(Some(message));
        let _ = p.set_attribute("role", "alert");
        let _ = p.set_attribute("class", "notice fatal");
        let _ = body.prepend_with_node_1(&p);
    }
}
