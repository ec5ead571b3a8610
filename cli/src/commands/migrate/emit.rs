//! What `keylab migrate` writes per item, as `--emit` asks: its keys under both designs
//! (changes), the item whole under the new design as an export line (items) or in
//! `batch-write-item` request files (batch), the record its checks read as SQL
//! (checks), or the TransactWriteItems that re-keys it in place (transactions).

use crate::lines::Run;
use keylab::codec::KeyValue;
use keylab::migrate::records::CheckRecord;
use keylab::migrate::rewrite::{rewrite, stored, OldKeys};
use keylab::migrate::stored::StoredItem;
use keylab::migrate::{Rekeyed, Unencodable};
use keylab::schema::KeySchema;
use serde::ser::SerializeMap;
use serde::Serialize;
use serde_json::json;
use std::io;
use std::io::Write;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Emit {
    /// Per item, its keys under both designs and which changed (JSON lines).
    Changes,
    /// Per item, the item whole with its new keys, as the {"Item": ...} lines DynamoDB's import from S3 reads.
    Items,
    /// The items whole as `aws dynamodb batch-write-item --request-items file://...` files of 25, in --out.
    Batch,
    /// Per item, what the collision and order checks read, as JSON lines for the SQL of `--check-sql`.
    Checks,
    /// Per changed item, one TransactWriteItems input re-keying it in place in --table (the new item's put, the old one's delete).
    Transactions,
}

/// The SDK a plan's runner program (`--program`) is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Sdk {
    /// Python, boto3's client.
    Boto3Client,
    /// Node, the AWS SDK for JavaScript v3's DynamoDBClient.
    JsClient,
    /// Rust, aws-sdk-dynamodb: the file is a binary's main.rs (its header lists the crates).
    Rust,
    /// Go, the AWS SDK for Go v2.
    Go,
}

impl Sdk {
    /// How a person runs the runner saved at `path`.
    pub fn command(self, path: &str) -> String {
        match self {
            Sdk::Boto3Client => format!("python3 {path}"),
            Sdk::JsClient => format!("node {path}"),
            Sdk::Rust => format!("cargo run --release -- (with {path} as src/main.rs)"),
            Sdk::Go => format!("go run {path}"),
        }
    }

    /// The runner: it reads the plan's lines and applies each, again and again safely.
    pub fn program(self) -> &'static str {
        match self {
            Sdk::Boto3Client => include_str!("runners/apply.py"),
            Sdk::JsClient => include_str!("runners/apply.mjs"),
            Sdk::Rust => include_str!("runners/apply.rs"),
            Sdk::Go => include_str!("runners/apply.go"),
        }
    }
}

/// The SDK as `--sdk` spells it.
pub fn sdk_name(sdk: Sdk) -> String {
    clap::ValueEnum::to_possible_value(&sdk).map_or_else(String::new, |v| v.get_name().to_string())
}

/// Says on stderr when item `line`, as written, is over DynamoDB's 400 KB: its write
/// will be refused, so it is named now rather than found failing in the load.
fn too_large(run: &mut Run, line: usize, item: &StoredItem) {
    if let Some(why) = keylab::item_size::stored_item_too_large(item) {
        let _ = writeln!(run.err, "line {line}: warning: {why}");
    }
}

/// DynamoDB's `BatchWriteItem` takes at most 25 requests.
pub const BATCH_SIZE: usize = 25;

/// Key attributes as `{"PK": "...", "SK": ...}`, written without building a map.
struct Keys<'a>(&'a [(&'a str, KeyValue)]);

impl Serialize for Keys<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (a, k) in self.0 {
            map.serialize_entry(a, k)?;
        }
        map.end()
    }
}

/// One `--emit changes` line: the item's keys under both designs, or why it has no new ones.
#[derive(Serialize)]
#[serde(untagged)]
enum Change<'a> {
    Rekeyed {
        line: usize,
        entity: &'a str,
        old: Keys<'a>,
        new: Keys<'a>,
        changed: &'a [&'a str],
    },
    Refused {
        line: usize,
        refused: &'a str,
    },
}

#[derive(Serialize)]
struct ExportLine<'a, 'i> {
    #[serde(rename = "Item")]
    item: &'a StoredItem<'i>,
}

/// The batch being filled, and where batches go.
pub struct Batches {
    dir: PathBuf,
    /// The table's name as a JSON string, written before each batch's requests.
    table: String,
    requests: Vec<String>,
    /// The new table keys of the batch's requests: DynamoDB refuses a batch that writes
    /// one key twice, so a repeat starts the next batch.
    keys: Vec<Vec<KeyValue>>,
    pub files: usize,
}

impl Batches {
    /// Batches into `dir`, which must be new or empty: a file left from another run
    /// would be loaded with this one's.
    pub fn new(dir: &str, table: &str) -> Result<Batches, String> {
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make --out {}: {e}", dir.display()))?;
        let held = std::fs::read_dir(&dir)
            .map_err(|e| format!("cannot read --out {}: {e}", dir.display()))?
            .count();
        if held > 0 {
            return Err(format!(
                "--out {} holds {held} file(s): give a new or empty folder, so that no batch of another run is loaded with these",
                dir.display()
            ));
        }
        Ok(Batches {
            dir,
            table: serde_json::to_string(table).unwrap_or_default(),
            requests: Vec::with_capacity(BATCH_SIZE),
            keys: Vec::with_capacity(BATCH_SIZE),
            files: 0,
        })
    }

    fn add(&mut self, key: Vec<KeyValue>, item: &StoredItem) -> io::Result<()> {
        if self.requests.len() == BATCH_SIZE || self.keys.contains(&key) {
            self.flush()?;
        }
        self.requests.push(format!(
            "{{\"PutRequest\":{{\"Item\":{}}}}}",
            serde_json::to_string(item).map_err(io::Error::other)?
        ));
        self.keys.push(key);
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.requests.is_empty() {
            return Ok(());
        }
        self.files += 1;
        let path = self.dir.join(format!("batch-{:06}.json", self.files));
        let text = format!("{{{}:[\n{}\n]}}\n", self.table, self.requests.join(",\n"));
        std::fs::write(&path, text).map_err(|e| io::Error::other(format!("{}: {e}", path.display())))?;
        self.requests.clear();
        self.keys.clear();
        Ok(())
    }
}

/// Where each item goes, with what the mode needs.
pub enum Output<'o> {
    Changes,
    Items(OldKeys),
    Batch(OldKeys, Batches),
    Checks {
        part: Option<&'o str>,
        old_table: &'o KeySchema,
        new_table: &'o KeySchema,
    },
    Transactions {
        old_keys: OldKeys,
        table: &'o str,
        /// The table's key attributes, the same under both designs (in place).
        key: &'o KeySchema,
    },
}

/// What the output did, for the summary: per old key attribute, how many items lost
/// it; how many in-place changes the plan holds.
#[derive(Default)]
pub struct Tally {
    pub dropped: Vec<(String, usize)>,
    pub transactions: usize,
}

impl Output<'_> {
    /// Writes item `line`, re-keyed.
    pub fn rekeyed(
        &mut self,
        run: &mut Run,
        line: usize,
        item: &StoredItem,
        r: &Rekeyed,
        table: &KeySchema,
        tally: &mut Tally,
    ) -> io::Result<()> {
        match self {
            Output::Changes => run.write(&Change::Rekeyed {
                line,
                entity: r.entity,
                old: Keys(&r.old),
                new: Keys(&r.new),
                changed: r.changed_attributes(),
            }),
            Output::Items(old_keys) | Output::Batch(old_keys, _) => {
                let rewritten = rewrite(item, r, *old_keys);
                count_dropped(tally, &rewritten.dropped);
                too_large(run, line, &rewritten.item);
                match self {
                    Output::Batch(_, batches) => {
                        let key = (table.partition_attributes().chain(table.sort_attributes()))
                            .filter_map(|a| r.new_key(a).cloned())
                            .collect();
                        batches.add(key, &rewritten.item)
                    }
                    _ => run.write(&ExportLine { item: &rewritten.item }),
                }
            }
            Output::Checks {
                part,
                old_table,
                new_table,
            } => match CheckRecord::of(*part, line, r, old_table, new_table) {
                Some(record) => run.write(&record),
                None => Ok(()),
            },
            Output::Transactions { old_keys, table, key } => {
                if r.changed_attributes().is_empty() {
                    return Ok(());
                }
                let rewritten = rewrite(item, r, *old_keys);
                count_dropped(tally, &rewritten.dropped);
                too_large(run, line, &rewritten.item);
                match transaction(table, key, r, &rewritten.item, &rewritten.dropped) {
                    Some(t) => {
                        tally.transactions += 1;
                        run.write(&t)
                    }
                    None => Ok(()),
                }
            }
        }
    }

    /// Item `line` has no new keys: `--emit changes` says why in its line; the other
    /// modes leave it out, and the summary lists it.
    pub fn refused(&mut self, run: &mut Run, line: usize, why: &Unencodable) -> io::Result<()> {
        match self {
            Output::Changes => run.write(&Change::Refused {
                line,
                refused: &keylab::elide::shortened(&why.0, keylab::elide::MESSAGE),
            }),
            _ => Ok(()),
        }
    }

    /// Writes what is still held (the last batch).
    pub fn finish(&mut self) -> io::Result<()> {
        match self {
            Output::Batch(_, batches) => batches.flush(),
            _ => Ok(()),
        }
    }
}

fn count_dropped(tally: &mut Tally, dropped: &[&str]) {
    for &a in dropped {
        match tally.dropped.iter_mut().find(|(name, _)| name == a) {
            Some((_, n)) => *n += 1,
            None => tally.dropped.push((a.to_string(), 1)),
        }
    }
}

/// The TransactWriteItems input that re-keys one item in place. When its table key
/// changes: the new item, put only if its new key is free (a collision must not
/// overwrite an item that has not moved yet), and the old item's delete, atomically.
/// When only other keys change: an update of those attributes alone, only if the item is
/// still there, so that a write made since the export is not undone by the exported copy.
/// None when nothing is to be written: the only change is an old key kept (--old-keys keep).
fn transaction(
    table: &str,
    key: &KeySchema,
    r: &Rekeyed,
    item: &StoredItem,
    dropped: &[&str],
) -> Option<serde_json::Value> {
    let attributes: Vec<&str> = key.partition_attributes().chain(key.sort_attributes()).collect();
    let old_key: serde_json::Map<String, serde_json::Value> = (attributes.iter())
        .filter_map(|a| Some((a.to_string(), json!(stored(r.old_key(a)?)))))
        .collect();
    let moves = attributes.iter().any(|a| r.old_key(a) != r.new_key(a));
    if moves {
        return Some(json!({"TransactItems": [
            {"Put": {"TableName": table, "Item": item,
                     "ConditionExpression": "attribute_not_exists(#pk)",
                     "ExpressionAttributeNames": {"#pk": key.partition}}},
            {"Delete": {"TableName": table, "Key": old_key}},
        ]}));
    }
    let mut names = serde_json::Map::new();
    let mut values = serde_json::Map::new();
    names.insert("#pk".into(), json!(key.partition));
    let mut set = Vec::new();
    for (a, k) in r.new.iter().filter(|(a, k)| r.old_key(a) != Some(k)) {
        let at = names.len();
        names.insert(format!("#k{at}"), json!(a));
        values.insert(format!(":k{at}"), json!(stored(k)));
        set.push(format!("#k{at} = :k{at}"));
    }
    let mut remove = Vec::new();
    for a in dropped {
        let at = names.len();
        names.insert(format!("#k{at}"), json!(a));
        remove.push(format!("#k{at}"));
    }
    if set.is_empty() && remove.is_empty() {
        return None;
    }
    let expression = [("SET", set), ("REMOVE", remove)]
        .into_iter()
        .filter(|(_, parts)| !parts.is_empty())
        .map(|(verb, parts)| format!("{verb} {}", parts.join(", ")))
        .collect::<Vec<_>>()
        .join(" ");
    let mut update = json!({"TableName": table, "Key": old_key, "UpdateExpression": expression,
        "ConditionExpression": "attribute_exists(#pk)", "ExpressionAttributeNames": names});
    if !values.is_empty() {
        update["ExpressionAttributeValues"] = serde_json::Value::Object(values);
    }
    Some(json!({"TransactItems": [{"Update": update}]}))
}
