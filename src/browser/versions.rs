//! The earlier versions a design is compared with: the snapshot *Save as version* takes,
//! and the last file exported. Kept in localStorage beside the work; what is read back
//! is untrusted, and a version that does not load is reported, not dropped.

use super::storage::{read, saved_text, storage};
use crate::document::Playground;
use serde_json::{json, Value};

const SNAPSHOT: &str = "keylab.version";
const EXPORTED: &str = "keylab.exported";
/// Which version the design is being compared with, so a reload compares it again.
const COMPARING: &str = "keylab.comparing";

/// Where a version came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Snapshot,
    Export,
    Pasted,
}

impl Source {
    fn key(self) -> Option<&'static str> {
        match self {
            Source::Snapshot => Some(SNAPSHOT),
            Source::Export => Some(EXPORTED),
            Source::Pasted => None,
        }
    }
}

/// An earlier version, with a label saying which and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Version {
    pub source: Source,
    pub label: String,
    pub work: Playground,
}

/// The time now, to the minute, as the label shows it.
fn now() -> String {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    format!("{} UTC", iso.get(..16).unwrap_or(&iso).replace('T', " "))
}

fn store(source: Source, text: String) -> Result<(), String> {
    let (Some(key), Some(storage)) = (source.key(), storage()) else {
        return Err("this browser keeps nothing (localStorage is not available): export the design instead".into());
    };
    let record = json!({"at": now(), "work": text}).to_string();
    storage.set_item(key, &record).map_err(|_| {
        format!(
            "the browser refused to store {} KB: storage is full",
            record.len() / 1024
        )
    })
}

/// Saves the work as the version to compare with.
pub fn save_snapshot(state: &Playground) -> Result<(), String> {
    store(Source::Snapshot, saved_text(state))
}

/// Remembers an exported file's text as the last export. A failure costs only the
/// comparison, never the export, so it is not reported.
pub fn remember_export(text: &str) {
    let _ = store(Source::Export, text.to_string());
}

/// The stored version from `source`: `None` when there is none, `Err` when it does not load.
pub fn stored(source: Source) -> Option<Result<Version, String>> {
    let text = storage()?.get_item(source.key()?).ok().flatten()?;
    let name = match source {
        Source::Snapshot => "saved version",
        _ => "last export",
    };
    let parsed = serde_json::from_str::<Value>(&text).ok();
    let (Some(at), Some(work)) = (
        parsed.as_ref().and_then(|v| v.get("at")).and_then(Value::as_str),
        parsed.as_ref().and_then(|v| v.get("work")).and_then(Value::as_str),
    ) else {
        return Some(Err(format!(
            "the {name} in this browser is damaged: save a version again"
        )));
    };
    Some(
        read(work)
            .map(|(work, _)| work)
            .or_else(|_| Playground::import(work))
            .map(|work| Version {
                source,
                label: format!("the {name} of {at}"),
                work,
            })
            .map_err(|why| format!("the {name} of {at} cannot be read: {why}")),
    )
}

/// A version pasted as a share link (or its `#s=` fragment) or as an exported file's text.
pub fn pasted(text: &str) -> Result<Version, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("paste a share link or the text of an exported file".into());
    }
    let work = match text
        .find("#s=")
        .map(|at| &text[at..])
        .or_else(|| text.strip_prefix("s=").map(|_| text))
    {
        // A compared version is read for its design and items: settings of it that
        // could not be read (its query draft, its code settings) play no part.
        Some(fragment) => {
            super::link::decode(fragment)
                .unwrap_or_else(|| Err("the link holds no design".into()))?
                .work
        }
        None if text.starts_with('{') => Playground::import(text)?,
        None => return Err("this is neither a keylab share link (it has no #s=) nor an exported file (JSON)".into()),
    };
    Ok(Version {
        source: Source::Pasted,
        label: "the pasted version".into(),
        work,
    })
}

/// Remembers the version compared with (or, with `None`, that none is): a saved version
/// or the last export by where it is kept, a pasted one by its text.
pub fn keep_comparing(version: Option<&Version>) -> Result<(), String> {
    let Some(storage) = storage() else {
        return Err("this browser keeps nothing (localStorage is not available)".into());
    };
    let record = match version.map(|v| (v.source, v)) {
        None => {
            return storage
                .remove_item(COMPARING)
                .map_err(|_| "the browser refused to forget it".into())
        }
        Some((Source::Snapshot, _)) => json!({"source": "snapshot"}),
        Some((Source::Export, _)) => json!({"source": "export"}),
        Some((Source::Pasted, v)) => json!({"source": "pasted", "work": saved_text(&v.work)}),
    }
    .to_string();
    storage.set_item(COMPARING, &record).map_err(|_| {
        format!(
            "the browser refused to store {} KB: storage is full",
            record.len() / 1024
        )
    })
}

/// The version compared with before the reload: `None` when none was, `Err` when it no
/// longer loads.
pub fn comparing() -> Option<Result<Version, String>> {
    let text = storage()?.get_item(COMPARING).ok().flatten()?;
    let record: Value = serde_json::from_str(&text).unwrap_or_default();
    match (record["source"].as_str(), record["work"].as_str()) {
        (Some("snapshot"), _) => stored(Source::Snapshot),
        (Some("export"), _) => stored(Source::Export),
        (Some("pasted"), Some(work)) => Some(
            read(work)
                .map(|(work, _)| Version {
                    source: Source::Pasted,
                    label: "the pasted version".into(),
                    work,
                })
                .map_err(|why| format!("the pasted version compared before the reload cannot be read: {why}")),
        ),
        _ => Some(Err(
            "the comparison kept from before the reload is damaged: choose the version again".into(),
        )),
    }
}
