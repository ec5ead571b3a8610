//! One file per subcommand; this one holds what they share: loading the schema and
//! walking the input lines under the `--on-error` policy.

mod decode;
mod encode;
mod lint;
mod migrate;
mod query;
mod sort;

pub use decode::decode;
pub use encode::encode;
pub use lint::lint;
pub use migrate::{migrate, Options as MigrateOptions};
pub use query::query;
pub use sort::sort;

use crate::items;
use crate::lines::{exit, json_lines, Next, OnError, Run};
use keylab::Schema;
use serde_json::Value;

fn load(path: &str) -> Result<Schema, u8> {
    items::schema(path).map_err(|why| {
        eprintln!("{why}");
        exit::UNREADABLE_FILE
    })
}

/// Feeds every input line (with its number) to `each`, whose `Ok(Some(v))` is written out at once. A bad
/// line is reported with its number. Returns the run, and whether it stopped.
fn walk(
    on_error: OnError,
    mut each: impl FnMut(usize, Value, &mut dyn std::io::Write) -> Result<Option<Value>, String>,
) -> (Run, bool) {
    let mut run = Run::new(on_error);
    for (n, line) in json_lines() {
        run.tick();
        match line.and_then(|v| each(n, v, &mut run.err)) {
            Ok(Some(out)) => {
                if let Err(e) = run.write(&out) {
                    eprintln!("cannot write the output: {e}");
                    return (run, true);
                }
            }
            Ok(None) => {}
            Err(why) => {
                if let Next::Stop = run.bad(n, &why) {
                    return (run, true);
                }
            }
        }
    }
    (run, false)
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
