//! `keylab import --from FORMAT FILE`: a design read out of a table's items (an export,
//! or a NoSQL Workbench model's sample data), or stated by entities (ElectroDB, OneTable). The schema
//! (or, with `--items`, each item's values as `keylab encode` reads them) on stdout; what
//! was read, inferred and left out, and every key the design cannot write again, on
//! stderr.

use crate::lines::exit;
use keylab::infer::{self, sources, TableKeys};
use serde_json::json;
use std::io::Read;

/// The formats `--from` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// DynamoDB JSON items: an export to S3 ({"Item": ...} per line), items one per
    /// line, or a Scan's output ({"Items": [...]}).
    Export,
    /// A NoSQL Workbench model (1.0 to 3.0): facets are entities, TableData the items.
    Workbench,
    /// ElectroDB entities: a JS/TS file's `new Entity({...})` objects, ElectroDB's
    /// defaults applied byte for byte. They hold no items.
    Electrodb,
    /// A OneTable schema (onetable:1.1.0): models are entities, `value` templates the
    /// keys. It holds no items.
    Onetable,
    /// The AWS DynamoDB MCP server's dynamodb_data_model.json: tables, items, and
    /// access patterns (each Query pattern is checked on the design read).
    Mcp,
}

impl Format {
    fn source(self) -> sources::Format {
        match self {
            Format::Export => sources::Format::Export,
            Format::Workbench => sources::Format::Workbench,
            Format::Electrodb => sources::Format::ElectroDb,
            Format::Onetable => sources::Format::OneTable,
            Format::Mcp => sources::Format::Mcp,
        }
    }
}

pub struct Request<'a> {
    pub format: Format,
    pub file: &'a str,
    pub items: bool,
    pub partition: Option<&'a str>,
    pub sort: Option<&'a str>,
    pub indexes: &'a [String],
    pub entity_attribute: Option<&'a str>,
    pub table: Option<&'a str>,
    pub examples: usize,
}

pub fn import(r: Request) -> u8 {
    let text = match read(r.file) {
        Ok(t) => t,
        Err(why) => {
            eprintln!("{why}");
            return exit::UNREADABLE_FILE;
        }
    };
    // For a model, --table picks which of its tables; for items, it names the table.
    let pick = matches!(r.format, Format::Workbench | Format::Mcp)
        .then_some(r.table)
        .flatten();
    let source = match sources::read(r.format.source(), &text, pick) {
        Ok(s) => s,
        Err(why) => {
            eprintln!("{}: {why}", r.file);
            return exit::UNREADABLE_FILE;
        }
    };
    let mut options = source.options(&table_name(r.file));
    match table_keys(&r) {
        Ok(Some(keys)) => options.keys = Some(keys),
        Ok(None) => {}
        Err(why) => {
            eprintln!("{why}");
            return exit::WRONG_COMMAND_LINE;
        }
    }
    options.entity_attribute = r.entity_attribute.map(str::to_string);
    if let Some(table) = r.table {
        options.table = table.to_string();
    }
    let items = &source.items;
    let proposal = match infer::infer(items, &options) {
        Ok(p) => p,
        Err(why) => {
            eprintln!("{}: {why}", r.file);
            return exit::UNREADABLE_FILE;
        }
    };
    let patterns = source.patterns_on(&proposal.schema.table);
    for note in source.notes.iter().chain(&proposal.notes).chain(&patterns) {
        eprintln!("note: {note}");
    }
    if r.items {
        for item in &proposal.items {
            println!("{}", json!({"entity": item.entity, "values": item.values}));
        }
    } else {
        println!("{}", proposal.schema.to_json_pretty());
    }
    for m in proposal.misfits.iter().take(r.examples) {
        eprintln!("{}", source.describe(m));
    }
    if items.is_empty() {
        eprintln!(
            "the file states its design ({} entities) and holds no items{}",
            proposal.schema.entities.len(),
            if r.items { ": --items writes none" } else { "" }
        );
        exit::OK
    } else if proposal.exact() {
        eprintln!(
            "exact: the design writes every key of the {} items again, byte for byte",
            items.len()
        );
        exit::OK
    } else {
        eprintln!(
            "not exact: {} of {} items have a key the design does not write again ({} listed); \
             fix those segments by hand, or give --entity-attribute or the keys",
            proposal.misfits.len(),
            items.len(),
            proposal.misfits.len().min(r.examples)
        );
        exit::FINDINGS
    }
}

fn read(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read stdin: {e}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))
}

/// The keys the command line names; `None` to read them off the items.
fn table_keys(r: &Request) -> Result<Option<TableKeys>, String> {
    let Some(partition) = r.partition else {
        if r.sort.is_some() || !r.indexes.is_empty() {
            return Err("--sort and --index need --partition: name the table's partition key too".into());
        }
        return Ok(None);
    };
    let indexes = (r.indexes.iter())
        .map(|spec| {
            let (name, keys) = spec
                .split_once('=')
                .ok_or_else(|| format!("--index {spec:?}: write NAME=PARTITION or NAME=PARTITION,SORT"))?;
            let (p, s) = match keys.split_once(',') {
                Some((p, s)) => (p, Some(s.to_string())),
                None => (keys, None),
            };
            if name.is_empty() || p.is_empty() {
                return Err(format!(
                    "--index {spec:?}: the name and the partition attribute cannot be empty"
                ));
            }
            Ok((name.to_string(), p.to_string(), s))
        })
        .collect::<Result<_, String>>()?;
    Ok(Some(TableKeys {
        partition: partition.to_string(),
        sort: r.sort.map(str::to_string),
        indexes,
    }))
}

/// The file's name as a table name: its letters, digits, `_`, `-` and `.`.
fn table_name(file: &str) -> String {
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    let name: String = stem
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .take(255)
        .collect();
    if name.len() < 3 {
        "Imported".into()
    } else {
        name
    }
}
