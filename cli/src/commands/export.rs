//! `keylab export --to FORMAT`: a design, with the items on stdin as its sample data, in
//! another tool's format on stdout; what that format cannot hold on stderr.

use super::{load, walk};
use crate::items::item;
use crate::lines::{exit, OnError};
use keylab::Values;

/// The formats `--to` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A NoSQL Workbench model (3.0): each entity a facet, the items its TableData.
    Workbench,
    /// ElectroDB entities (TypeScript) that write keylab's keys; no items are read.
    Electrodb,
    /// A OneTable schema (TypeScript) that writes keylab's keys; no items are read.
    Onetable,
    /// The items as DynamoDB JSON, one {"Item": {...}} line each, as an export to S3
    /// writes them: what `import --from export` and `migrate` read.
    Export,
}

pub fn export(schema: &str, on_error: OnError, format: Format) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    match format {
        Format::Electrodb => return declared(keylab::interop::electrodb::entities(&schema), "ElectroDB entities"),
        Format::Onetable => return declared(keylab::interop::onetable::schema(&schema), "a OneTable schema"),
        Format::Workbench | Format::Export => {}
    }
    let mut samples: Vec<(String, Values)> = Vec::new();
    let (mut run, stopped) = walk(on_error, |_, line, _| {
        let (e, values) = item(&schema, line, None)?;
        samples.push((e.name.clone(), values));
        Ok(None)
    });
    if stopped {
        return run.finish(true);
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i128);
    let when = keylab::interop::workbench::shown_ms(now).unwrap_or_default();
    let borrowed: Vec<(&str, &Values)> = samples.iter().map(|(e, v)| (e.as_str(), v)).collect();
    if format == Format::Export {
        return export_lines(&schema, borrowed, run);
    }
    let model = keylab::interop::workbench::model(&schema, &borrowed, &when);
    for note in &model.notes {
        eprintln!("note: {note}");
    }
    if let Err(e) = run.write(&model.model) {
        eprintln!("cannot write the output: {e}");
        return run.finish(true);
    }
    match (run.finish(false), model.notes.is_empty()) {
        (exit::OK, false) => exit::FINDINGS,
        (code, _) => code,
    }
}

/// The items as an export's lines; an item that cannot be written, or that a later
/// one with the same table key replaces (as DynamoDB would), is said on stderr.
fn export_lines(schema: &keylab::Schema, items: Vec<(&str, &Values)>, mut run: crate::lines::Run) -> u8 {
    let count = items.len();
    let written = keylab::items::written(schema, items);
    for (at, why) in &written.refused {
        eprintln!("note: item {} cannot be written: {why}", at + 1);
    }
    let replaced = count - written.refused.len() - written.items.len();
    if replaced > 0 {
        eprintln!(
            "note: {replaced} item(s) have the table key of a later item, which replaces them, as DynamoDB would"
        );
    }
    if let Err(e) = run.write_text(&keylab::items::export_lines(&written.items)) {
        eprintln!("cannot write the output: {e}");
        return run.finish(true);
    }
    match (run.finish(false), written.refused.is_empty() && replaced == 0) {
        (exit::OK, false) => exit::FINDINGS,
        (code, _) => code,
    }
}

/// Entities and models state a design, not items: stdin is not read.
fn declared(written: Result<keylab::interop::Source, keylab::interop::Error>, what: &str) -> u8 {
    match written {
        Ok(source) => {
            print!("{}", source.text);
            for note in &source.notes {
                eprintln!("note: {note}");
            }
            if source.notes.is_empty() {
                exit::OK
            } else {
                exit::FINDINGS
            }
        }
        Err(why) => {
            eprintln!("the design cannot be written as {what}: {why}");
            // The design has an error, or none of its entities fits the tool: findings
            // about the design, as `lint` reports them.
            match why {
                keylab::interop::Error::KeyCode(_) | keylab::interop::Error::NothingWritable { .. } => exit::FINDINGS,
            }
        }
    }
}
