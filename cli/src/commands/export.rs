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
}

pub fn export(schema: &str, on_error: OnError, format: Format) -> u8 {
    let schema = match load(schema) {
        Ok(s) => s,
        Err(code) => return code,
    };
    match format {
        Format::Electrodb => return declared(keylab::interop::electrodb::entities(&schema), "ElectroDB entities"),
        Format::Onetable => return declared(keylab::interop::onetable::schema(&schema), "a OneTable schema"),
        Format::Workbench => {}
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

/// Entities and models state a design, not items: stdin is not read.
fn declared(written: Result<keylab::interop::Source, String>, what: &str) -> u8 {
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
            exit::FINDINGS
        }
    }
}
