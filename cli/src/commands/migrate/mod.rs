//! `keylab migrate`: an export's items under the old and the new design, and what the
//! change does to them (keylab::migrate). Each item's keys are written as it is read;
//! the summary at the end goes to stderr, and as JSON to `--summary` when asked.

mod emit;
mod report;

pub use emit::{Emit, Sdk};

use super::load;
use crate::lines::{each_line_or_scan, exit, Next, OnError, Run};
use emit::{Batches, Output, Tally};
use keylab::migrate::checks::Checks;
use keylab::migrate::records::CHECKS_SQL;
use keylab::migrate::rewrite::OldKeys;
use keylab::migrate::stored::StoredItem;
use keylab::migrate::Rekeyer;
use keylab::Schema;
use std::io::Write;

/// What becomes of an old key attribute the new design does not write (--old-keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum OldKeysArg {
    /// Leave it out of the item.
    Drop,
    /// Keep it beside the new keys (readers of the old index can move later).
    Keep,
}

pub struct Options<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub on_error: OnError,
    pub entity_attribute: Option<&'a str>,
    pub check_limit: usize,
    pub examples: usize,
    pub summary: Option<&'a str>,
    pub emit: Emit,
    pub old_keys: Option<OldKeysArg>,
    pub table: Option<&'a str>,
    pub out: Option<&'a str>,
    pub part: Option<&'a str>,
    pub check_sql: Option<&'a str>,
    pub sdk: Option<Sdk>,
    pub program: Option<&'a str>,
}

/// The options that only some `--emit` modes read: given to another, they are refused
/// rather than ignored.
fn misplaced(o: &Options) -> Option<String> {
    let given = |set: bool, name: &str, modes: &[Emit]| {
        (set && !modes.contains(&o.emit)).then(|| {
            let modes: Vec<String> = modes.iter().map(|m| format!("--emit {}", emit_name(*m))).collect();
            format!(
                "{name} is read only with {}; this run is --emit {}",
                modes.join(" or "),
                emit_name(o.emit)
            )
        })
    };
    given(
        o.old_keys.is_some(),
        "--old-keys",
        &[Emit::Items, Emit::Batch, Emit::Transactions],
    )
    .or_else(|| given(o.table.is_some(), "--table", &[Emit::Batch, Emit::Transactions]))
    .or_else(|| given(o.out.is_some(), "--out", &[Emit::Batch]))
    .or_else(|| given(o.part.is_some(), "--part", &[Emit::Checks]))
    .or_else(|| given(o.check_sql.is_some(), "--check-sql", &[Emit::Checks]))
    .or_else(|| given(o.program.is_some(), "--program", &[Emit::Transactions]))
    .or_else(|| given(o.sdk.is_some(), "--sdk", &[Emit::Transactions]))
    .or_else(|| {
        (o.emit == Emit::Transactions && o.table.is_none())
            .then(|| "--emit transactions needs --table (the table to re-key in place)".to_string())
    })
    .or_else(|| {
        (o.program.is_some() != o.sdk.is_some())
            .then(|| "--program FILE and --sdk name the runner together: give both, or neither".to_string())
    })
    .or_else(|| {
        (o.emit == Emit::Batch && (o.table.is_none() || o.out.is_none())).then(|| {
            "--emit batch needs --table (the table to write) and --out (a new folder for the request files)".to_string()
        })
    })
}

/// The mode as the command line spells it.
fn emit_name(e: Emit) -> String {
    clap::ValueEnum::to_possible_value(&e).map_or_else(String::new, |v| v.get_name().to_string())
}

/// The file written beside the run, when asked: the checks' SQL, or the plan's runner.
fn write_side_file(o: &Options) -> Result<(), u8> {
    let side_file = match (o.check_sql, o.program, o.sdk) {
        (Some(path), _, _) => Some((path, CHECKS_SQL, "the checks' SQL")),
        (_, Some(path), Some(sdk)) => Some((path, sdk.program(), "the plan's runner")),
        _ => None,
    };
    if let Some((path, text, what)) = side_file {
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("cannot write {what} to {path}: {e}");
            return Err(exit::UNREADABLE_FILE);
        }
    }
    Ok(())
}

pub fn migrate(o: Options) -> u8 {
    if let Some(why) = misplaced(&o) {
        eprintln!("{why}");
        return exit::WRONG_COMMAND_LINE;
    }
    if let Err(code) = write_side_file(&o) {
        return code;
    }
    let (old, new) = match (load(o.from), load(o.to)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let rekeyer = match Rekeyer::new(&old, &new) {
        Ok(r) => match o.entity_attribute {
            Some(a) => r.with_entity_attribute(a),
            None => r,
        },
        Err(why) => {
            eprintln!("{why}");
            return exit::UNREADABLE_FILE;
        }
    };
    let mut output = match output(&o, &old, &new) {
        Ok(output) => output,
        Err(code) => return code,
    };
    let mut checks = Checks::new(&old.table.primary, &new.table.primary, o.check_limit, o.examples);
    let mut tally = Tally::default();
    let mut run = Run::new(o.on_error);
    let stopped = each_line_or_scan(&mut run, |n, text, run| {
        let item = StoredItem::parse(text)?;
        let written = match rekeyer.from_item(&item) {
            Ok(r) => {
                let written = output.rekeyed(run, n, &item, &r, &new.table.primary, &mut tally);
                checks.add(n, r);
                written
            }
            Err(why) => {
                checks.refused(n, &why);
                output.refused(run, n, &why)
            }
        };
        Ok(match written {
            Ok(()) => Next::Go,
            Err(e) => {
                let _ = writeln!(run.err, "cannot write the output: {e}");
                Next::Stop
            }
        })
    });
    let stopped = match output.finish() {
        Ok(()) => stopped,
        Err(e) => {
            let _ = writeln!(run.err, "cannot write the output: {e}");
            true
        }
    };
    conclude(&o, run, stopped, checks, &output, &tally, (&old, &new))
}

/// The run's report on stderr (and the summary's JSON, when asked), and its exit code:
/// findings (refusals, collisions) give their own when nothing else failed.
fn conclude(
    o: &Options,
    mut run: Run,
    stopped: bool,
    checks: Checks,
    output: &Output,
    tally: &Tally,
    (old, new): (&Schema, &Schema),
) -> u8 {
    let summary = checks.finish();
    let written = report::Written {
        emit: o.emit,
        batches: match &output {
            Output::Batch(_, b) => Some((b.files, o.out.unwrap_or_default())),
            _ => None,
        },
        dropped: &tally.dropped,
        transactions: (o.emit == Emit::Transactions).then(|| {
            let runner = o
                .program
                .zip(o.sdk)
                .map(|(path, sdk)| (path, sdk.command(path), emit::sdk_name(sdk)));
            (tally.transactions, runner)
        }),
        table: o.table.unwrap_or("TABLE"),
        from: o.from,
        to: o.to,
    };
    let _ = run
        .err
        .write_all(report::report(&summary, o.from, o.to, old, new, &written).as_bytes());
    if let Some(path) = o.summary {
        if let Err(e) = std::fs::write(path, format!("{:#}\n", report::summary_json(&summary))) {
            let _ = writeln!(run.err, "cannot write the summary to {path}: {e}");
        }
    }
    let code = run.finish(stopped);
    if code == exit::OK && (summary.refused_count > 0 || summary.collision_count > 0) {
        exit::FINDINGS
    } else {
        code
    }
}

/// Where each item goes, as `--emit` asks; a refusal (exit code) when it cannot go there.
fn output<'o>(o: &Options<'o>, old: &'o Schema, new: &'o Schema) -> Result<Output<'o>, u8> {
    let old_keys = match o.old_keys.unwrap_or(OldKeysArg::Drop) {
        OldKeysArg::Drop => OldKeys::Drop,
        OldKeysArg::Keep => OldKeys::Keep,
    };
    Ok(match o.emit {
        Emit::Changes => Output::Changes,
        Emit::Items => Output::Items(old_keys),
        Emit::Batch => match Batches::new(o.out.unwrap_or_default(), o.table.unwrap_or_default()) {
            Ok(b) => Output::Batch(old_keys, b),
            Err(why) => {
                eprintln!("{why}");
                return Err(exit::WRONG_COMMAND_LINE);
            }
        },
        Emit::Checks => Output::Checks {
            part: o.part,
            old_table: &old.table.primary,
            new_table: &new.table.primary,
        },
        Emit::Transactions => {
            let names = |k: &keylab::schema::KeySchema| -> Vec<String> {
                k.partition_attributes()
                    .chain(k.sort_attributes())
                    .map(str::to_string)
                    .collect()
            };
            let (was, will) = (names(&old.table.primary), names(&new.table.primary));
            if was != will {
                eprintln!(
                    "--emit transactions re-keys a table in place, which needs the same table key attributes under both designs ({} now, {} after): load --emit items into a new table instead",
                    was.join(", "),
                    will.join(", ")
                );
                return Err(exit::WRONG_COMMAND_LINE);
            }
            Output::Transactions {
                old_keys,
                table: o.table.unwrap_or_default(),
                key: &new.table.primary,
            }
        }
    })
}
