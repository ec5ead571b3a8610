//! A file read for a design, as the page's import takes it: its format found, its items'
//! keys inferred into a design ([`super::infer`]), its Query patterns checked on it, and
//! what was read, inferred and left out said. Serializable: the page reads files in its
//! second module and builds its work from this in its first.

use super::left_out::Tally;
use super::ReadError;
use super::{infer, source, sources};
use crate::codec::Values;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileDesign {
    /// What the file was read as: `a NoSQL Workbench model`.
    pub what: String,
    /// The design inferred, as a schema document.
    pub schema: Value,
    /// The items whose keys the design writes again: entity and values.
    pub items: Vec<(String, Values)>,
    pub patterns: Vec<source::Pattern>,
    /// What was read, inferred, checked and left out, in words.
    pub notes: Vec<String>,
    /// The first `listed` items whose keys the design does not write again, and why.
    pub misfits: Vec<String>,
    pub misfit_count: usize,
    /// How many items the file held (none: it states a design only).
    pub items_read: usize,
    /// How many of the file's parts the design leaves out, by kind (the notes say
    /// which and why).
    #[serde(default)]
    pub left_out: Tally,
}

/// Reads `text` whatever format it is in ([`sources::read_any`]); refused above
/// `max_items` items.
pub fn read_file(text: &str, listed: usize, max_items: usize) -> Result<FileDesign, ReadError> {
    let (format, source) = sources::read_any(text)?;
    if source.items.len() > max_items {
        return Err(ReadError::TooManyItems {
            format,
            items: source.items.len(),
            max: max_items,
        });
    }
    let proposal = infer(&source.items, &source.options("Imported")).map_err(ReadError::Infer)?;
    let misfits = (proposal.misfits.iter().take(listed))
        .map(|m| source.describe(m))
        .collect();
    let report = source.report(&proposal);
    Ok(FileDesign {
        what: format.what().to_string(),
        schema: proposal.schema.to_value(),
        items: (proposal.items.into_iter()).map(|i| (i.entity, i.values)).collect(),
        patterns: source.patterns.clone(),
        notes: report.notes,
        misfits,
        misfit_count: proposal.misfits.len(),
        items_read: source.items.len(),
        left_out: Tally::of(&report.left_out),
    })
}
