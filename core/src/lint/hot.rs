//! L5: a partition-key value that takes more traffic than one partition can.

use super::{Finding, Rule, Severity};
use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, KeySchema, Schema};
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
    let keyed = std::iter::once((None, &schema.table.primary))
        .chain(schema.table.indexes.iter().map(|i| (Some(i.name.as_str()), &i.keys)));
    keyed
        .filter_map(|(index, keys)| hot(schema, entity, index, keys, items, item_keys))
        .collect()
}

/// The finding for one partition key (the table's or an index's), when the entity's
/// expected rate per value is over what a partition serves.
fn hot(
    schema: &Schema,
    entity: &Entity,
    index: Option<&str>,
    keys: &KeySchema,
    items: &[Sample],
    item_keys: &ItemKeys,
) -> Option<Finding> {
    let traffic = entity.traffic;
    let name = keys.partition_attributes().collect::<Vec<_>>().join(", ");
    let place = match index {
        Some(ix) => format!("index {ix}'s partition key {name}"),
        None => format!("the table's partition key {name}"),
    };
    let (count, basis) = partition_values(schema, entity, keys, &name, items, item_keys)?;
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
        return None;
    }
    let shards = (over.iter())
        .map(|(per_key, limit, _)| (per_key / (limit * HEADROOM)).ceil() as u64)
        .max()
        .unwrap_or(2)
        .max(2);
    let rates: Vec<String> = (over.iter())
        .map(|(per_key, limit, what)| {
            format!(
                "{} {what}/s per value against {} a partition serves",
                round(*per_key),
                *limit as u64
            )
        })
        .collect();
    let expected: Vec<String> = [
        traffic.writes_per_second.map(|w| format!("{} writes/s", round(w))),
        traffic.reads_per_second.map(|r| format!("{} reads/s", round(r))),
    ]
    .into_iter()
    .flatten()
    .collect();
    Some(Finding {
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
        evidence: vec![basis, format!("expected: {}", expected.join(", "))],
        fix: shard_fix(keys, &name, shards, &schema.separator),
    })
}

/// How many values the partition key takes, and on what that count rests: a constant
/// key has one, else the stated count, else the values the samples write; `None` when
/// the entity writes no such key or no sample has one.
fn partition_values(
    schema: &Schema,
    entity: &Entity,
    keys: &KeySchema,
    name: &str,
    items: &[Sample],
    item_keys: &ItemKeys,
) -> Option<(u64, String)> {
    // Every attribute of the partition key: a multi-attribute key's value is the tuple.
    let templates = (keys.partition_attributes())
        .map(|a| entity.template(a))
        .collect::<Option<Vec<_>>>()?;
    if templates.iter().all(|t| t.fields().next().is_none()) {
        let shown: Vec<String> = templates.iter().map(|t| t.pattern(&schema.separator)).collect();
        return Some((
            1,
            format!(
                "{name} is the constant \"{}\", so every item shares one value",
                shown.join("\", \"")
            ),
        ));
    }
    if let Some(stated) = entity.traffic.partition_keys {
        return Some((stated, format!("{stated} distinct {name} values, as stated")));
    }
    let (values, samples) = seen_in_samples(entity, keys.partition_attributes(), items, item_keys)?;
    Some((
        values,
        format!(
            "{values} distinct {name} value(s) in {samples} sample item(s); state the real number as the expected partition-key values"
        ),
    ))
}

/// The fix: spread one value's items over `shards` partitions. A concatenated key takes
/// a suffix segment; a multi-attribute key has no segments, but room for another
/// attribute.
fn shard_fix(keys: &KeySchema, name: &str, shards: u64, separator: &str) -> String {
    let width = shards.saturating_sub(1).to_string().len();
    if keys.is_multi_attribute() {
        format!(
            "Shard it {shards} ways: add a Number attribute shard after {name} in the partition key (a multi-attribute key holds up to 4 attributes), set to hash(item id) mod {shards} (or a random 0 to {}); a read of one {name} value then fans out to {shards} queries, one per shard, merged by sort key.",
            shards - 1
        )
    } else {
        format!(
            "Shard it {shards} ways: end {name} with a segment SHARD{separator}<shard>, a uint of width {width} set to hash(item id) mod {shards} (or a random 0 to {}); a read of one {name} value then fans out to {shards} queries, one per shard, merged by sort key.",
            shards - 1
        )
    }
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
