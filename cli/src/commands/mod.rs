//! One file per subcommand; this one holds what they share: loading the schema and
//! walking the input lines under the `--on-error` policy.

mod check;
mod decode;
mod encode;
mod export;
mod import;
mod lint;
mod migrate;
mod query;
mod sort;

pub use check::check;
pub use decode::decode;
pub use encode::encode;
pub use export::{export, Format as ExportFormat};
pub use import::{import, Format as ImportFormat, Request as ImportRequest};
pub use lint::lint;
pub use migrate::{
    migrate, Emit as MigrateEmit, OldKeysArg as MigrateOldKeys, Options as MigrateOptions, Sdk as MigrateSdk,
};
pub use query::query;
pub use sort::sort;

use crate::items;
use crate::lines::{each_line, exit, Next, OnError, Run};
use keylab::Schema;
use serde_json::Value;

fn load(path: &str) -> Result<Schema, u8> {
    match items::schema(path) {
        Ok((schema, note)) => {
            if let Some(note) = note {
                eprintln!("{note}");
            }
            Ok(schema)
        }
        Err(why) => {
            eprintln!("{why}");
            Err(exit::UNREADABLE_FILE)
        }
    }
}

/// Feeds every input line, read as JSON, (with its number) to `each`, whose
/// `Ok(Some(v))` is written out at once. A bad line is reported with its number.
/// Returns the run, and whether it stopped.
fn walk(
    on_error: OnError,
    mut each: impl FnMut(usize, Value, &mut dyn std::io::Write) -> Result<Option<Value>, String>,
) -> (Run, bool) {
    let mut run = Run::new(on_error);
    let stopped = each_line(&mut run, |n, text, run| {
        let line = serde_json::from_str(text).map_err(|e| format!("is not JSON: {e}"))?;
        if let Some(out) = each(n, line, &mut run.err)? {
            if let Err(e) = run.write(&out) {
                eprintln!("cannot write the output: {e}");
                return Ok(Next::Stop);
            }
        }
        Ok(Next::Go)
    });
    (run, stopped)
}

/// Writes what a command collected, after the input is read.
fn write_all(mut run: Run, stopped: bool, out: impl IntoIterator<Item = Value>) -> u8 {
    if !stopped {
        for v in out {
            if let Err(e) = run.write(&v) {
                eprintln!("cannot write the output: {e}");
                return run.finish(true);
            }
        }
    }
    run.finish(stopped)
}
