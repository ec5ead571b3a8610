//! `keylab`: the playground's codec on the command line, for JSON lines.

mod commands;
mod items;
mod lines;

use clap::{Parser, Subcommand};
use lines::OnError;
use std::process::ExitCode;

const EXIT_CODES: &str = "Exit codes:
  0  every line was done
  1  some lines were bad (reported on stderr with their line numbers), the others done (--on-error continue)
  2  the command line is wrong
  3  stopped at the first bad line (--on-error stop, the default)
  4  the schema or the query file cannot be read
  5  check: a finding is an error, or an access pattern is not served exactly;
     migrate: every line was read, but some items cannot be written under the new design or their new table keys collide;
     import: the design was written, but some items' keys are not written again byte for byte (listed on stderr);
     export: the model was written, but leaves something out (said on stderr)
  6  import: the design was written, but part of the file (an entity, model, facet or index) is not in it:
     each part named on stderr with why. When 5 applies too, the code is 5 (both are said on stderr)";

#[derive(Parser)]
#[command(name = "keylab", version, about = "DynamoDB keys from a keylab design, for JSON lines on stdin", after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What every command reading items shares.
#[derive(clap::Args)]
struct Common {
    /// The design: a keylab schema document (the page's Export schema, or docs/schema.md), or
    /// a file that wraps one (Export schema and items, a preset): its "schema" is read.
    #[arg(long, value_name = "FILE")]
    schema: String,
    /// What a bad line does: stop the run, or be reported and skipped.
    #[arg(long, value_enum, default_value = "stop")]
    on_error: OnError,
}

#[derive(Subcommand)]
enum Command {
    /// Write each item's keys: one {"entity", "values"} line in, one {"PK": ..., "SK": ...} line out.
    #[command(after_help = EXIT_CODES)]
    Encode {
        #[command(flatten)]
        common: Common,
        /// Read each line as the values of this entity (no {"entity", "values"} wrapper).
        #[arg(long)]
        entity: Option<String>,
    },
    /// Read keys back into values: one JSON string line in, one values object out.
    #[command(after_help = EXIT_CODES)]
    Decode {
        #[command(flatten)]
        common: Common,
        #[arg(long)]
        entity: String,
        /// The key attribute the keys belong to, such as SK.
        #[arg(long)]
        attribute: String,
    },
    /// Every item's key for one attribute, in the order DynamoDB sorts them (UTF-8 bytes, or numerically for N).
    #[command(after_help = EXIT_CODES)]
    Sort {
        #[command(flatten)]
        common: Common,
        #[arg(long)]
        attribute: String,
        #[arg(long)]
        entity: Option<String>,
    },
    /// Run a Query input over DynamoDB JSON items, one per line (bare, or an export's {"Item": ...} lines), and write what it returns, every page, in order.
    #[command(after_help = EXIT_CODES)]
    Query {
        #[command(flatten)]
        common: Common,
        /// The Query input, as you would give the SDK (JSON).
        #[arg(long, value_name = "FILE")]
        input: String,
    },
    /// Check the design and its sample items (rules L1 to L6 of docs/lint.md); one finding per line out.
    #[command(after_help = EXIT_CODES)]
    Lint {
        #[command(flatten)]
        common: Common,
        #[arg(long)]
        entity: Option<String>,
        /// Also check a begins_with (rule L6): ATTRIBUTE=PREFIX, such as SK=ORDER#1.
        #[arg(long, value_name = "ATTRIBUTE=PREFIX")]
        begins_with: Option<String>,
    },
    /// Check a keylab file (an export, saved work or a preset): the design check over its items and each of its
    /// access patterns ("intents"), served by the key keylab picks and run on the items; one line per finding and
    /// per pattern (pass, fail with the first wrong item, or unserved with why), exit 5 on an error or a pattern
    /// not served exactly.
    #[command(after_help = EXIT_CODES)]
    Check {
        /// The keylab file.
        file: String,
        /// One JSON object per line instead of sentences.
        #[arg(long)]
        json: bool,
    },
    /// Re-key a table export: each DynamoDB JSON item line (an export's {"Item": ...} or the item itself) in,
    /// its old and new keys out; a summary of changed keys, collisions, order changes and refusals on stderr.
    #[command(after_help = EXIT_CODES)]
    Migrate(MigrateArgs),
    /// Write the design in another tool's format, with the {"entity", "values"} lines on stdin as its sample items;
    /// what the format cannot hold (items that cannot be written, multi-attribute indexes) on stderr, with exit 5.
    #[command(after_help = EXIT_CODES)]
    Export {
        #[command(flatten)]
        common: Common,
        /// The format to write.
        #[arg(long, value_enum)]
        to: commands::ExportFormat,
    },
    /// Read a design out of a table's items: the keylab schema that writes their keys on stdout (or, with --items,
    /// each item's values as `keylab encode` reads them); what was inferred and every key it cannot write again on stderr.
    #[command(after_help = EXIT_CODES)]
    Import {
        /// What FILE holds.
        #[arg(long, value_enum)]
        from: commands::ImportFormat,
        /// The file to read; - for stdin.
        file: String,
        /// Write each item as {"entity", "values"} lines instead of the schema.
        #[arg(long)]
        items: bool,
        /// The table's partition key attribute (else a model's KeyAttributes, else PK, pk or partitionKey, if every
        /// item has it).
        #[arg(long, value_name = "ATTRIBUTE")]
        partition: Option<String>,
        /// The table's sort key attribute (else SK, sk or sortKey, if every item has it).
        #[arg(long, value_name = "ATTRIBUTE")]
        sort: Option<String>,
        /// An index: NAME=PARTITION or NAME=PARTITION,SORT; repeat for each (else every GSI<n>PK/GSI<n>SK pair).
        #[arg(long, value_name = "NAME=PK[,SK]")]
        index: Vec<String>,
        /// The attribute naming each item's entity (else a model's facet, else EntityType, _type, __edb_e__, ... when
        /// every item has it, else the shape of the keys).
        #[arg(long, value_name = "ATTRIBUTE")]
        entity_attribute: Option<String>,
        /// For a Workbench model, which of its tables to read (else the first); for items, the table's name in the
        /// design (else the file's name).
        #[arg(long, value_name = "NAME")]
        table: Option<String>,
        /// How many keys that do not fit are listed.
        #[arg(long, default_value_t = 20)]
        examples: usize,
    },
}

// `keylab migrate`'s flags (the subcommand's help is its variant's doc comment).
#[derive(clap::Args)]
struct MigrateArgs {
    /// The design the table's keys were written with.
    #[arg(long, value_name = "FILE")]
    from: String,
    /// The design to re-key it to.
    #[arg(long, value_name = "FILE")]
    to: String,
    #[arg(long, value_enum, default_value = "stop")]
    on_error: OnError,
    /// The attribute naming each item's entity, when the keys alone cannot tell (such as __edb_e__).
    #[arg(long, value_name = "ATTRIBUTE")]
    entity_attribute: Option<String>,
    /// Check collisions and order over at most this many items; each keeps its new table key and sort keys in memory (about 120 bytes).
    #[arg(long, default_value_t = 1_000_000, value_name = "ITEMS")]
    check_limit: usize,
    /// How many examples of each finding the summary lists.
    #[arg(long, default_value_t = 20)]
    examples: usize,
    /// Also write the summary as JSON to this file.
    #[arg(long, value_name = "FILE")]
    summary: Option<String>,
    /// What to write per item on stdout (or, for batch, into --out).
    #[arg(long, value_enum, default_value = "changes")]
    emit: commands::MigrateEmit,
    /// With --emit items, batch or transactions: what becomes of an old key attribute the new design does not write [default: drop].
    #[arg(long, value_enum)]
    old_keys: Option<commands::MigrateOldKeys>,
    /// With --emit batch or transactions: the table the requests write to.
    #[arg(long, value_name = "NAME")]
    table: Option<String>,
    /// With --emit batch: a new or empty folder for the request files (batch-000001.json, ...).
    #[arg(long, value_name = "DIR")]
    out: Option<String>,
    /// With --emit checks: a name for this input in each record, when a table's export is many files checked together.
    #[arg(long, value_name = "NAME")]
    part: Option<String>,
    /// Also write the checks as SQL (DuckDB, Athena) over --emit checks records to this file.
    #[arg(long, value_name = "FILE")]
    check_sql: Option<String>,
    /// With --emit transactions: write to this file a program that applies the plan (run again safely).
    #[arg(long, value_name = "FILE")]
    program: Option<String>,
    /// The SDK --program is written for.
    #[arg(long, value_enum)]
    sdk: Option<commands::MigrateSdk>,
}

impl MigrateArgs {
    fn run(&self) -> u8 {
        commands::migrate(commands::MigrateOptions {
            from: &self.from,
            to: &self.to,
            on_error: self.on_error,
            entity_attribute: self.entity_attribute.as_deref(),
            check_limit: self.check_limit,
            examples: self.examples,
            summary: self.summary.as_deref(),
            emit: self.emit,
            old_keys: self.old_keys,
            table: self.table.as_deref(),
            out: self.out.as_deref(),
            part: self.part.as_deref(),
            check_sql: self.check_sql.as_deref(),
            sdk: self.sdk,
            program: self.program.as_deref(),
        })
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Encode { common, entity } => commands::encode(&common.schema, common.on_error, entity.as_deref()),
        Command::Decode {
            common,
            entity,
            attribute,
        } => commands::decode(&common.schema, common.on_error, &entity, &attribute),
        Command::Sort {
            common,
            attribute,
            entity,
        } => commands::sort(&common.schema, common.on_error, &attribute, entity.as_deref()),
        Command::Query { common, input } => commands::query(&common.schema, common.on_error, &input),
        Command::Lint {
            common,
            entity,
            begins_with,
        } => commands::lint(
            &common.schema,
            common.on_error,
            entity.as_deref(),
            begins_with.as_deref(),
        ),
        Command::Check { file, json } => commands::check(&file, json),
        Command::Migrate(args) => args.run(),
        Command::Export { common, to } => commands::export(&common.schema, common.on_error, to),
        Command::Import {
            from,
            file,
            items,
            partition,
            sort,
            index,
            entity_attribute,
            table,
            examples,
        } => commands::import(commands::ImportRequest {
            format: from,
            file: &file,
            items,
            partition: partition.as_deref(),
            sort: sort.as_deref(),
            indexes: &index,
            entity_attribute: entity_attribute.as_deref(),
            table: table.as_deref(),
            examples,
        }),
    };
    ExitCode::from(code)
}
