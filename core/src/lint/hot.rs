//! L5: a partition-key value that takes more traffic than one partition can.

use super::{Finding, Rule, Severity};
use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, Schema};
use std::collections::BTreeSet;

/// What one partition serves per second: 1,000 writes of up to 1 KB and 3,000
/// strongly consistent reads of up to 4 KB (the DynamoDB Developer Guide's
/// per-partition limits).
pub const PARTITION_WRITES: f64 = 1000.0;
pub const PARTITION_READS: f64 = 3000.0;
/// Shards are sized to keep each at this share of the limit, for uneven spread.
const HEADROOM: f64 = 0.8;

/// L5: for an entity with an expected write or read rate, the rate each partition-key
/// value takes, if the items spread evenly over the values stated or seen in the
/// samples, against what one partition serves; with a shard count, the suffix
/// segment that spreads the writes, and the queries a read then fans out to.
pub(super) fn hot_partitions(schema: &Schema, entity: &Entity, items: &[Sample], item_keys: &ItemKeys) -> Vec<Finding> {
    let traffic = entity.traffic;
    if traffic.writes_per_second.is_none() && traffic.reads_per_second.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let keyed = std::iter::once((None, &schema.table.primary))
        .chain(schema.table.indexes.iter().map(|i| (Some(i.name.as_str()), &i.keys)));
    for (index, keys) in keyed {
        // Every attribute of the partition key: a multi-attribute key's value is the tuple.
        let Some(templates) = keys
            .partition_attributes()
            .map(|a| entity.template(a))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        let name = keys.partition_attributes().collect::<Vec<_>>().join(", ");
        let place = match index {
            Some(ix) => format!("index {ix}'s partition key {name}"),
            None => format!("the table's partition key {name}"),
        };
        let (count, basis) = if templates.iter().all(|t| t.fields().next().is_none()) {
            let shown: Vec<String> = templates.iter().map(|t| t.pattern(&schema.separator)).collect();
            (
                1,
                format!(
                    "{name} is the constant \"{}\", so every item shares one value",
                    shown.join("\", \"")
                ),
            )
        } else if let Some(stated) = traffic.partition_keys {
            (stated, format!("{stated} distinct {name} values, as stated"))
        } else {
            match seen_in_samples(entity, keys.partition_attributes(), items, item_keys) {
                Some((values, samples)) => (
                    values,
                    format!(
                        "{values} distinct {name} value(s) in {samples} sample item(s); state the real number as the expected partition-key values"
                    ),
                ),
                None => continue,
            }
        };
        let check = |rate: Option<f64>, limit: f64, what: &str| {
            let per_key = rate? / count as f64;
            (per_key > limit).then_some((per_key, limit, what.to_string()))
        };
        let over: Vec<(f64, f64, String)> = [
            check(traffic.writes_per_second, PARTITION_WRITES, "writes"),
            check(traffic.reads_per_second, PARTITION_READS, "reads"),
        ]
        .into_iter()
        .flatten()
        .collect();
        if over.is_empty() {
            continue;
        }
        let shards = over
            .iter()
            .map(|(per_key, limit, _)| (per_key / (limit * HEADROOM)).ceil() as u64)
            .max()
            .unwrap_or(2)
            .max(2);
        let width = shards.saturating_sub(1).to_string().len();
        let rates: Vec<String> = over
            .iter()
            .map(|(per_key, limit, what)| {
                format!(
                    "{} {what}/s per value against {} a partition serves",
                    round(*per_key),
                    *limit as u64
                )
            })
            .collect();
        out.push(Finding {
            rule: Rule::HotPartition,
            severity: Severity::Warning,
            entity: entity.name.clone(),
            attribute: Some(keys.partition.clone()),
            field: None,
            sentence: format!(
                "{}'s items would take {} on {place}, even if spread evenly.",
                entity.name,
                rates.join(", and ")
            ),
            evidence: vec![
                basis,
                format!(
                    "expected: {}",
                    [
                        traffic.writes_per_second.map(|w| format!("{} writes/s", round(w))),
                        traffic.reads_per_second.map(|r| format!("{} reads/s", round(r))),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", ")
                ),
            ],
            // A concatenated key takes a suffix segment; a multi-attribute key has no
            // segments, but room for another attribute.
            fix: if keys.is_multi_attribute() {
                format!(
                    "Shard it {shards} ways: add a Number attribute shard after {name} in the partition key (a multi-attribute key holds up to 4 attributes), set to hash(item id) mod {shards} (or a random 0 to {}); a read of one {name} value then fans out to {shards} queries, one per shard, merged by sort key.",
                    shards - 1
                )
            } else {
                format!(
                    "Shard it {shards} ways: end {name} with a segment SHARD{}<shard>, a uint of width {width} set to hash(item id) mod {shards} (or a random 0 to {}); a read of one {name} value then fans out to {shards} queries, one per shard, merged by sort key.",
                    schema.separator,
                    shards - 1
                )
            },
        });
    }
    out
}

/// The distinct partition-key values (tuples, for a multi-attribute key) the entity's
/// samples write, and how many samples wrote one; `None` when none did.
fn seen_in_samples<'a>(
    entity: &Entity,
    attributes: impl Iterator<Item = &'a str>,
    items: &[Sample],
    keys: &ItemKeys,
) -> Option<(u64, usize)> {
    let columns: Vec<&crate::preview::KeyColumn> = attributes.map(|a| keys.of(a)).collect::<Option<_>>()?;
    let mut seen = BTreeSet::new();
    let mut samples = 0;
    for (row, _) in super::items_of(entity, items) {
        let tuple: Option<Vec<&str>> = columns.iter().map(|c| c.get(row)).collect();
        if let Some(tuple) = tuple {
            // U+0000 cannot be in a key, so the joined tuple is unambiguous.
            seen.insert(tuple.join("\u{0}"));
            samples += 1;
        }
    }
    (samples > 0).then_some((seen.len() as u64, samples))
}

/// A rate as people read it: whole above 10, one decimal below. Through `float_text`,
/// not `format!("{:.1}")`, which would add Rust's float formatter to the page (20 KB
/// gzip).
fn round(x: f64) -> String {
    crate::float_text::fixed(x, if x >= 10.0 { 0 } else { 1 })
}
