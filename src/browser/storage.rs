//! Keeps the user's work in localStorage. What is read back is untrusted: a copy that
//! does not load is set aside under another key instead of being overwritten, and the
//! last copy that did load is kept as a backup to fall back on.

use super::pack::{pack, unpack};
use crate::document::Playground;

/// The browser's localStorage, if the page may use it. Not gloo's `LocalStorage::raw`:
/// that throws when storage is disabled (blocked cookies, some private modes), which
/// would stop the app instead of just not saving.
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Saved work larger than this is stored deflated (100,000 items are about 10 MB of
/// JSON, more than browsers let one origin keep).
const PACK_FROM: usize = 1024 * 1024;
/// Marks deflated saved work.
const PACKED: &str = "deflate:";
/// Largest saved work inflated on load.
const MAX_UNPACKED: usize = 64 * 1024 * 1024;

/// Reads what storage holds: plain JSON, or deflated JSON; with what was reset.
pub fn read(text: &str) -> Result<(Playground, Vec<String>), String> {
    match text.strip_prefix(PACKED) {
        Some(data) => Playground::read_saved(&unpack(data, MAX_UNPACKED).map_err(|why| format!("saved work: {why}"))?),
        None => Playground::read_saved(text),
    }
}

const KEY: &str = "keylab.work";

/// Whether a storage key is the saved work's: another tab writing it is heard here.
pub fn is_work(key: Option<&str>) -> bool {
    key == Some(KEY)
}
const BACKUP: &str = "keylab.backup";
const SET_ASIDE: &str = "keylab.unreadable";

/// The saved work, or the best fallback and a message saying what happened.
pub fn load() -> (Playground, Option<String>) {
    // Raw text, not gloo's JSON-typed get: a damaged value must reach the parser so it
    // can be reported and kept, not silently read as "nothing saved".
    let unavailable = || {
        (
            crate::presets::leaderboard(),
            Some("localStorage is not available, so changes will not be kept after this tab closes. Use Export to keep your work.".into()),
        )
    };
    let Some(storage) = storage() else { return unavailable() };
    let text = match storage.get_item(KEY) {
        Ok(Some(text)) => text,
        Ok(None) => return (crate::presets::leaderboard(), None),
        Err(_) => return unavailable(),
    };
    match read(&text) {
        Ok((p, notes)) if notes.is_empty() => {
            // The last good copy: what a later damaged save falls back to. Kept once the
            // page is up: copying megabytes into storage need not delay the first keys.
            gloo::timers::callback::Timeout::new(0, move || drop(storage.set_item(BACKUP, &text))).forget();
            (p, None)
        }
        Ok((p, notes)) => (p, Some(format!("Your saved work loaded, but {}.", notes.join("; ")))),
        Err(why) => {
            let _ = storage.set_item(SET_ASIDE, &text);
            let kept =
                format!("Your saved work could not be read ({why}). It was kept under \"{SET_ASIDE}\" in localStorage");
            let backup = storage
                .get_item(BACKUP)
                .ok()
                .flatten()
                .and_then(|b| read(&b).ok())
                .map(|(p, _)| p);
            match backup {
                Some(p) => (p, Some(format!("{kept}, and the last copy that loaded was restored."))),
                None => (
                    crate::presets::leaderboard(),
                    Some(format!("{kept}, and the example was loaded instead.")),
                ),
            }
        }
    }
}

/// The text autosave stores for a state: its JSON, deflated when large.
pub fn saved_text(state: &Playground) -> String {
    stored_form(state.to_json())
}

/// How hard large saved work is deflated: level 1, fast enough to run after every
/// edit of a large table.
pub const PACK_LEVEL: u8 = 1;

/// Saved work's JSON as storage keeps it: deflated when large.
fn stored_form(json: String) -> String {
    if json.len() > PACK_FROM {
        return format!("{PACKED}{}", pack(&json, PACK_LEVEL));
    }
    json
}

/// Saves the work, given as its JSON ([`Playground::to_json`]). Storage can be full or
/// disabled: the page keeps working, and the message says what was not kept and how
/// to keep it.
pub fn save(json: &str) -> Result<(), String> {
    store(&stored_form(json.to_string()))
}

/// [`save`] with the JSON deflated already (`packed`, by [`super::pack::Packer`] at
/// [`PACK_LEVEL`]): stored deflated when large, as `save` stores it.
pub fn save_packed(json: &str, packed: String) -> Result<(), String> {
    match json.len() > PACK_FROM {
        true => store(&format!("{PACKED}{packed}")),
        false => store(json),
    }
}

fn store(text: &str) -> Result<(), String> {
    // No storage at all was said at load time; repeating it after every edit is noise.
    let Some(storage) = storage() else { return Ok(()) };
    storage.set_item(KEY, text).map_err(|_| {
        format!(
            "Autosave failed: the browser refused to store {} KB (storage is full or disabled). Your work is still on screen; use Export schema and items to keep it.",
            text.len() / 1024
        )
    })
}

/// Whether the browser holds saved work (readable or not).
pub fn has_saved() -> bool {
    // By the keys' names: reading the item would copy all of the work (megabytes at
    // 100,000 items) only to see that it is there.
    let Some(storage) = storage() else { return false };
    let count = storage.length().unwrap_or(0);
    (0..count).any(|i| storage.key(i).ok().flatten().as_deref() == Some(KEY))
}

/// Where the undo history is kept: the tab's sessionStorage, so a reload keeps it and
/// another tab (with its own history) does not read it.
const HISTORY_KEY: &str = "keylab.history";
/// The undo steps kept over a reload are at most this many bytes of JSON: a few large
/// designs, or up to [`crate::document::HISTORY`] small ones. Older steps go first.
const HISTORY_BYTES: usize = 2 * 1024 * 1024;

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// The fewest bytes one item takes in saved work: `{"entity":"","values":{}},`.
const ITEM_BYTES_AT_LEAST: usize = 26;

/// Which work a kept history belongs to: a fingerprint (FNV-1a) of its JSON, so the
/// history does not hold a second copy of the work (10 MB at 100,000 items).
fn fingerprint(json: &str) -> String {
    let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}:{}", json.len())
}

/// Keeps the undo history for a reload: `{"present": fingerprint, "past": [...]}`,
/// newest step last, as many recent steps as fit [`HISTORY_BYTES`]; `present` is the
/// work's JSON. Best effort: a browser that refuses it loses only the undo steps,
/// never the work.
pub fn save_history(present: &str, past: &[std::rc::Rc<Playground>]) {
    let Some(storage) = session() else { return };
    let mut kept: Vec<String> = Vec::new();
    let mut bytes = 0;
    for step in past.iter().rev() {
        // A step too large to fit is not written out only to learn that it does not.
        if bytes + step.rows().len() * ITEM_BYTES_AT_LEAST > HISTORY_BYTES {
            break;
        }
        let text = step.to_json();
        bytes += text.len();
        if bytes > HISTORY_BYTES {
            break;
        }
        kept.push(text);
    }
    kept.reverse();
    let doc = serde_json::json!({ "present": fingerprint(present), "past": kept });
    if storage.set_item(HISTORY_KEY, &doc.to_string()).is_err() {
        let _ = storage.remove_item(HISTORY_KEY);
    }
}

/// The undo steps' record as this tab kept it, read as the page starts: the first save
/// of the page writes a new one.
pub fn kept_history() -> Option<String> {
    session().and_then(|s| s.get_item(HISTORY_KEY).ok().flatten())
}

/// The undo steps of a kept record (see [`kept_history`]) when it belongs to `present`,
/// oldest first: none when it was the history of other work (another tab saved since),
/// or does not read back.
pub fn history_of(text: Option<&str>, present: &Playground) -> Vec<Playground> {
    let Some(text) = text else {
        return Vec::new();
    };
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    // No step kept (large work keeps none): nothing to check the work against, and
    // writing out 100,000 items to fingerprint them was a tenth of a reload.
    if doc["past"].as_array().is_none_or(Vec::is_empty) {
        return Vec::new();
    }
    if doc["present"].as_str() != Some(fingerprint(&present.to_json()).as_str()) {
        return Vec::new();
    }
    doc["past"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|step| Playground::from_json(step.as_str()?).ok())
        .collect()
}

/// Which views under the workbench are open, by their place on the rail: the page comes
/// back as it was left, not only the work.
const VIEWS_KEY: &str = "keylab.views";

/// Remembers the open views; a browser that refuses only forgets them.
pub fn save_views(open: &[usize]) {
    if let Some(s) = storage() {
        let _ = s.set_item(VIEWS_KEY, &serde_json::to_string(open).unwrap_or_default());
    }
}

/// The open views remembered, when there are any and the record is readable; a record
/// damaged or written by another version opens the first visit's views instead.
pub fn load_views(count: usize) -> Option<Vec<usize>> {
    let text = storage()?.get_item(VIEWS_KEY).ok()??;
    let open: Vec<usize> = serde_json::from_str(&text).ok()?;
    open.iter().all(|&i| i < count).then_some(open)
}

/// The Schema as JSON box's text while it is edited and not applied, with the schema
/// it was begun from: kept across a reload, as the work is.
const SCHEMA_DRAFT_KEY: &str = "keylab.schema-draft";

/// An edit of the schema as JSON not yet applied: the text, and the schema text in
/// force when it was begun (another edit since makes it stale).
#[derive(Clone, Debug, PartialEq)]
pub struct SchemaDraft {
    pub base: String,
    pub text: String,
}

/// Keeps (or, with `None`, forgets) the unapplied schema text. A browser that refuses
/// keeps it on screen only, and says so.
pub fn keep_schema_draft(draft: Option<&SchemaDraft>) -> Result<(), String> {
    let Some(s) = storage() else {
        return Err("this browser keeps nothing (localStorage is not available)".into());
    };
    match draft {
        Some(d) => {
            let record = serde_json::json!({"base": d.base, "text": d.text}).to_string();
            (s.set_item(SCHEMA_DRAFT_KEY, &record)).map_err(|_| {
                format!(
                    "the browser refused to store {} KB: storage is full",
                    record.len() / 1024
                )
            })
        }
        None => s
            .remove_item(SCHEMA_DRAFT_KEY)
            .map_err(|_| "the browser refused to forget it".into()),
    }
}

/// The unapplied schema edit kept from before, if any (a damaged record is none).
pub fn schema_draft() -> Option<SchemaDraft> {
    let record: serde_json::Value = serde_json::from_str(&storage()?.get_item(SCHEMA_DRAFT_KEY).ok()??).ok()?;
    Some(SchemaDraft {
        base: record["base"].as_str()?.to_string(),
        text: record["text"].as_str()?.to_string(),
    })
}

/// Text typed into a box and not used yet (items waiting for "Add items", a version
/// waiting for "Compare"), by the box's name: kept across a reload as the work is.
const TYPED_PREFIX: &str = "keylab.typed.";

/// Keeps the text typed into the box `name` (forgets it when empty). A browser that
/// refuses keeps it on screen only: the box is a convenience, the work is saved apart.
pub fn keep_typed(name: &str, text: &str) {
    if let Some(s) = storage() {
        let key = format!("{TYPED_PREFIX}{name}");
        let _ = match text.is_empty() {
            true => s.remove_item(&key),
            false => s.set_item(&key, text),
        };
    }
}

/// The text kept for the box `name`, or nothing.
pub fn typed(name: &str) -> String {
    (storage().and_then(|s| s.get_item(&format!("{TYPED_PREFIX}{name}")).ok().flatten())).unwrap_or_default()
}
