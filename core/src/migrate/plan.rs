//! How to move a live table from one design to another: numbered steps, each with the
//! commands that do it. One source for `keylab migrate`'s "next" list and the page's
//! backfill plan (*Compare versions*), so the two give the same steps in the same order,
//! and every command is whole: where the items come from, how keylab is installed, and
//! the run of the plan itself.

use super::checks::{Mixed, Summary};
use crate::codec::KeyValue;

/// One step: what to do and why, then the commands that do it, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub text: String,
    pub commands: Vec<String>,
    /// Done by the command that printed the plan (`keylab migrate` itself).
    pub done: bool,
}

impl Step {
    fn say(text: impl Into<String>) -> Step {
        Step {
            text: text.into(),
            commands: Vec::new(),
            done: false,
        }
    }

    fn run(text: impl Into<String>, commands: &[&str]) -> Step {
        Step {
            commands: commands.iter().map(|c| c.to_string()).collect(),
            ..Step::say(text)
        }
    }
}

/// How the new keys reach the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Apply {
    /// `--emit transactions`: each changed item moved in place by the runner, run as
    /// `run` (such as `python3 apply.py`) with the plan's file after it.
    InPlace { runner: String, run: String, sdk: String },
    /// `--emit batch`: request files for `batch-write-item`, into a new table.
    Batches { files: usize, dir: String },
    /// `--emit items`: an export's lines, for DynamoDB's import from S3 into a new table.
    Items,
    /// `--emit changes` or `checks`: what changes, nothing to apply.
    Report,
}

/// Everything the steps depend on.
pub struct Situation<'a> {
    pub table: &'a str,
    /// The old and the new design's files, as the commands name them.
    pub from: &'a str,
    pub to: &'a str,
    pub summary: &'a Summary,
    /// The new design's indexes the old one does not have.
    pub created_indexes: Vec<String>,
    pub apply: Apply,
    /// The plan is printed by the `keylab migrate` run that wrote it: the steps up to
    /// it are done.
    pub from_the_command_line: bool,
}

/// The new design's indexes the old one does not have (or has with other keys).
pub fn created_indexes(old: &crate::Schema, new: &crate::Schema) -> Vec<String> {
    (new.table.indexes.iter())
        .filter(|i| !old.table.indexes.iter().any(|o| o.name == i.name && o.keys == i.keys))
        .map(|i| i.name.clone())
        .collect()
}

/// The file of the table's items the steps read (a Scan's output or an export's lines).
pub const EXPORT_FILE: &str = "table-export.json";
/// The in-place plan's file.
pub const PLAN_FILE: &str = "plan.jsonl";

/// The steps, in the order to take them. Nothing to do: none.
pub fn steps(s: &Situation) -> Vec<Step> {
    let summary = s.summary;
    let moves = !matches!(s.apply, Apply::Report);
    let mut steps = vec![install()];
    if moves {
        // Its own step, with no command: no run of keylab can say the writes paused.
        steps.push(Step::say(format!(
            "Pause the writes to {}'s items until the move is done: an item written after the next step keeps its old keys.",
            s.table
        )));
    }
    steps.push(export(s.table));
    steps.extend(fix_first(summary, &s.apply));
    if !s.created_indexes.is_empty() {
        steps.push(Step::say(format!(
            "Create the new design's index(es) {} (the Table definitions view has each one's update-table input) and wait until they are ACTIVE, so that the move fills them as it writes.",
            s.created_indexes.join(", ")
        )));
    }
    let write = write_step(s);
    let wrote = steps.len();
    steps.push(write);
    if s.from_the_command_line {
        // Installed, read and written, since the run printing this read the items;
        // what is to fix or create before it is not.
        for step in &mut steps[..=wrote] {
            step.done = !step.commands.is_empty();
        }
    }
    steps.extend(apply_steps(s));
    if summary.swapped_neighbours > 0 {
        steps.push(Step::say(format!(
            "Expect the new order: {} pair(s) of items within one item collection read the other way round, so a query with a Limit, a range or ScanIndexForward returns other items first.",
            summary.swapped_pairs
        )));
    }
    steps
}

/// A warning for the plan, when old and new keys of one partition meet while the move
/// runs, with the plan that avoids it.
pub fn mixed_warning(summary: &Summary) -> Option<String> {
    let Mixed {
        partition, old, new, ..
    } = summary.mixed.as_ref()?;
    let shown = |k: &KeyValue| format!("{:?}", k.as_str());
    Some(format!(
        "While the move runs, old and new keys of one partition are in the table together, and a query reads them in one byte order: in partition {}, the old key {} and the new key {}. A query with a Limit, a range or newest first returns a mix of both until the last item has moved. To avoid it, pause those reads for the move, or give the new design a literal the old keys lack (such as a V2 segment first in the sort key) so that old and new keys sort apart, or copy the items into a new table (--emit batch) and switch reads to it.",
        shown(partition),
        shown(old),
        shown(new),
    ))
}

fn install() -> Step {
    Step::run(
        "Install keylab once, from a clone of keylab's repository, in its folder (it needs only Rust):",
        &["cargo install --path cli"],
    )
}

/// Reading the table's items: a Scan, or an export joined into one file.
fn export(table: &str) -> Step {
    Step {
        text: format!(
            "Read {table}'s items (the aws commands use your shell's AWS settings: region, credentials). A Scan is enough for a small table; for a large one, export it (aws dynamodb export-table-to-point-in-time --table-arn ARN --s3-bucket BUCKET --export-format DYNAMODB_JSON) and join the export's data files into one: gunzip -c data/*.json.gz > {EXPORT_FILE}."
        ),
        commands: vec![format!("aws dynamodb scan --table-name {table} --output json > {EXPORT_FILE}")],
        done: false,
    }
}

fn fix_first(summary: &Summary, apply: &Apply) -> Vec<Step> {
    let mut steps = Vec::new();
    if summary.refused_count > 0 {
        let left = match apply {
            Apply::InPlace { .. } => " The plan leaves them under their old keys.",
            Apply::Batches { .. } | Apply::Items => " The output leaves them out.",
            Apply::Report => "",
        };
        steps.push(Step::say(format!(
            "Fix the {} item(s) the new design cannot write (listed above): give them the values it needs, or change it.{left}",
            summary.refused_count
        )));
    }
    if summary.collision_count > 0 {
        steps.push(Step::say(format!(
            "Resolve the {} collision(s): of items sharing a new table key, only one can stay.",
            summary.collision_count
        )));
    }
    steps
}

fn write_step(s: &Situation) -> Step {
    let (from, to, table) = (s.from, s.to, s.table);
    let base = format!("keylab migrate --from {from} --to {to}");
    match &s.apply {
        Apply::InPlace { runner, sdk, .. } => Step::run(
            "Write the plan (one atomic move per changed item) and the program that applies it:",
            &[&format!(
                "{base} --emit transactions --table {table} --program {runner} --sdk {sdk} < {EXPORT_FILE} > {PLAN_FILE}"
            )],
        ),
        Apply::Batches { dir, .. } => Step::run(
            "Write the items under their new keys as batch-write-item request files, for a new table:",
            &[&format!(
                "{base} --emit batch --table {table} --out {dir} < {EXPORT_FILE}"
            )],
        ),
        Apply::Items => Step::run(
            "Write the items under their new keys as an export's lines, for DynamoDB's import from S3 into a new table:",
            &[&format!("{base} --emit items < {EXPORT_FILE} > items.jsonl")],
        ),
        Apply::Report => Step::run(
            "Check what the change does to every item:",
            &[&format!("{base} < {EXPORT_FILE} > changes.jsonl")],
        ),
    }
}

fn apply_steps(s: &Situation) -> Vec<Step> {
    match &s.apply {
        Apply::InPlace { run, .. } => vec![
            Step::run(
                format!("Apply the {} move(s) (the program's header says what it needs, such as boto3 for apply.py, and it reads the AWS settings of your shell: region, credentials, AWS_ENDPOINT_URL). Each moves one item atomically; run it again at will: a move already done is counted, not repeated, and it exits 1 if a move is still waiting.", s.summary.changed),
                &[&format!("{run} {PLAN_FILE}")],
            ),
            Step::say(
                "Deploy the code that writes the new keys (the Key code view has it), then resume the writes and reads paused above.",
            ),
        ],
        Apply::Batches { files, dir } => vec![
            Step::run(
                format!("Create the new table with the new design's keys, load the {files} request file(s) in {dir} in order, retrying each answer's UnprocessedItems:"),
                &[&format!("aws dynamodb batch-write-item --request-items file://{dir}/batch-000001.json")],
            ),
            Step::say("Deploy the code that reads and writes the new table, then resume the writes."),
        ],
        Apply::Items => vec![Step::say(
            "Upload items.jsonl to S3, gzipped, and create the new table from it (aws dynamodb import-table --input-format DYNAMODB_JSON), then deploy the code that reads and writes it.",
        )],
        Apply::Report => Vec::new(),
    }
}

/// The steps as numbered lines, commands indented under their step.
pub fn numbered(steps: &[Step]) -> String {
    let mut out = String::new();
    for (i, step) in steps.iter().enumerate() {
        let done = if step.done { " (done: this run)" } else { "" };
        out += &format!("{}. {}{done}\n", i + 1, step.text);
        for c in &step.commands {
            out += &format!("     $ {c}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests;
