//! `keylab import --from FORMAT FILE`: a design read out of a table's items (an export,
//! or a NoSQL Workbench model's sample data), or stated by entities (ElectroDB, OneTable). The schema
//! (or, with `--items`, each item's values as `keylab encode` reads them) on stdout; what
//! was read, inferred and left out, and every key the design cannot write again, on
//! stderr.

use crate::lines::exit;
use keylab::infer::left_out::Omission;
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
    let (source, proposal) = match read_and_infer(&r) {
        Ok(read) => read,
        Err(code) => return code,
    };
    let report = source.report(&proposal);
    for note in &report.notes {
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
    let code = summary(&r, &source, &proposal);
    left_out(&report.left_out, code)
}

/// The file read, and the design inferred from it with the command line's keys, or the
/// exit code of why not (said on stderr).
fn read_and_infer(r: &Request) -> Result<(sources::Source, infer::Proposal), u8> {
    let text = read(r.file).map_err(|why| {
        eprintln!("{why}");
        exit::UNREADABLE_FILE
    })?;
    // For a model, --table picks which of its tables; for items, it names the table.
    let pick = matches!(r.format, Format::Workbench | Format::Mcp)
        .then_some(r.table)
        .flatten();
    let source = sources::read(r.format.source(), &text, pick).map_err(|why| {
        eprintln!("{}: {why}", r.file);
        exit::UNREADABLE_FILE
    })?;
    let mut options = source.options(&table_name(r.file));
    match table_keys(r) {
        Ok(Some(keys)) => options.keys = Some(keys),
        Ok(None) => {}
        Err(why) => {
            eprintln!("{why}");
            return Err(exit::WRONG_COMMAND_LINE);
        }
    }
    options.entity_attribute = r.entity_attribute.map(str::to_string);
    if let Some(table) = r.table {
        options.table = table.to_string();
    }
    let proposal = infer::infer(&source.items, &options).map_err(|why| {
        eprintln!("{}: {why}", r.file);
        exit::UNREADABLE_FILE
    })?;
    Ok((source, proposal))
}

/// Says whether the design writes the items' keys again, and gives 0, or 5 when it
/// does not for some.
fn summary(r: &Request, source: &sources::Source, proposal: &infer::Proposal) -> u8 {
    let items = &source.items;
    if items.is_empty() {
        eprintln!(
            "the file states its design ({}) and holds no items{}",
            keylab::wording::counted(proposal.schema.entities.len(), "entity", "entities"),
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

/// Names the parts of the file the design leaves out, and gives 6 for them; when some
/// items are not written again (`code` 5), 5 stays: it is what scripts written before 6
/// existed test for.
fn left_out(parts: &[Omission], code: u8) -> u8 {
    if parts.is_empty() {
        return code;
    }
    let names: Vec<String> = parts.iter().map(Omission::name).collect();
    eprintln!(
        "left out: {} part(s) of the file are not in the design ({}); each note above says why",
        parts.len(),
        names.join(", ")
    );
    match code {
        exit::OK => exit::LEFT_OUT,
        other => other,
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
