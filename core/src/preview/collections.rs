//! The item collections an index groups the sample items into, and the items that
//! write one table key (so DynamoDB keeps only the last).

use super::partitions::partitions;
use super::{ItemKeys, KeyColumn, Sample};
use crate::codec::order::{compare_keys, compare_stored, sort_items, sort_positions};
use crate::schema::{AttrType, Entity, Schema};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// One partition of an index: its items in the order a forward Query returns them.
#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    /// The partition key, or a multi-attribute key's tuple in words ([`super::tuple_label`]).
    pub partition: String,
    pub items: Vec<CollectionItem>,
    /// The index's sort keys, which the items' keys are read from.
    sort_keys: Rc<KeyColumn>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CollectionItem {
    pub row: usize,
    /// The partition's parent item: its sort key is built only from values the
    /// partition key already holds, so there is one such item per partition.
    pub parent: bool,
}

impl Collection {
    /// Where the parent sits: how many items come before it and after it.
    pub fn parent_place(&self) -> Option<(usize, usize)> {
        let at = self.items.iter().position(|i| i.parent)?;
        Some((at, self.items.len() - at - 1))
    }

    /// An item's sort key in this index.
    pub fn key(&self, item: &CollectionItem) -> &str {
        self.sort_keys.get(item.row).unwrap_or_default()
    }
}

/// The item collections of the base table (`index` `None`) or of a GSI: the sample items
/// grouped by partition key, each group in sort-key order, largest group first. Items
/// without both keys in that index (sparse, or with errors) are not in any collection.
pub fn collections(schema: &Schema, index: Option<&str>, rows: &[Sample], keys: &ItemKeys) -> Vec<Collection> {
    collections_in_order(schema, index, rows, keys, None)
}

/// [`collections`] given `order`: every row with a key for the index's sort attribute,
/// in that key's order (ties by row), as the preview of that attribute sorts them. The
/// groups then need no sort: each takes its rows in that order.
pub fn collections_in_order(
    schema: &Schema,
    index: Option<&str>,
    rows: &[Sample],
    keys: &ItemKeys,
    order: Option<&[usize]>,
) -> Vec<Collection> {
    let Some(key_schema) = schema.table.key_schema(index) else {
        return Vec::new();
    };
    let Some(sort) = key_schema.sort.as_deref() else {
        return Vec::new();
    };
    let (Some(partitions), Some(sorts)) = (partitions(key_schema, keys), keys.column(sort)) else {
        return Vec::new();
    };
    let sort_type = schema.table.attribute_type(sort).unwrap_or(AttrType::S);
    // Each item's partition, worked out once per partition key column; the order
    // only distributes the items (reading the columns in its random item order would
    // miss the cache for every item).
    let partition_groups = &partitions.groups;
    let mut groups: Vec<(String, Vec<usize>)> = (partitions.labels.into_iter()).map(|l| (l, Vec::new())).collect();
    let in_order: Box<dyn Iterator<Item = usize>> = match order {
        Some(order) => Box::new(order.iter().copied()),
        None => Box::new((0..rows.len()).filter(|&r| sorts.get(r).is_some())),
    };
    for row in in_order {
        if let Some(g) = partition_groups.of_item.get(row).copied().flatten() {
            groups[g as usize].1.push(row);
        }
    }
    groups.retain(|(_, rows)| !rows.is_empty());
    if order.is_none() {
        let texts: Vec<&str> = (0..rows.len()).map(|r| sorts.get(r).unwrap_or_default()).collect();
        for (_, group) in &mut groups {
            sort_positions(group, &|a, b| {
                compare_stored(sort_type, texts[a], texts[b]).then(a.cmp(&b))
            });
        }
    }
    let mut parents = Parents::new(&key_schema.partition, sort);
    let mut item = |row: usize| CollectionItem {
        row,
        parent: rows.get(row).is_some_and(|&(entity, _)| parents.is_parent(entity)),
    };
    let mut groups: Vec<Collection> = groups
        .into_iter()
        .map(|(partition, group)| Collection {
            partition,
            items: group.into_iter().map(&mut item).collect(),
            sort_keys: sorts.clone(),
        })
        .collect();
    sort_items(&mut groups, |a, b| {
        b.items
            .len()
            .cmp(&a.items.len())
            .then_with(|| compare_keys(&a.partition, &b.partition))
    });
    groups
}

/// Whether an entity's items are their partition's parent: its sort key is built only
/// from values its partition key holds. Worked out once per entity, not per item.
struct Parents<'a> {
    partition: &'a str,
    sort: &'a str,
    known: Vec<(*const Entity, bool)>,
}

impl<'a> Parents<'a> {
    fn new(partition: &'a str, sort: &'a str) -> Self {
        Parents {
            partition,
            sort,
            known: Vec::new(),
        }
    }

    fn is_parent(&mut self, entity: &Entity) -> bool {
        if let Some(&(_, parent)) = self.known.iter().find(|(e, _)| std::ptr::eq(*e, entity)) {
            return parent;
        }
        let parent = match (entity.template(self.partition), entity.template(self.sort)) {
            (Some(p), Some(s)) => s.fields().all(|f| p.fields().any(|g| g == f)),
            _ => false,
        };
        self.known.push((entity, parent));
        parent
    }
}

/// Items that write one table key: DynamoDB keeps one of them.
#[derive(Clone, Debug, PartialEq)]
pub struct SharedKey {
    pub partition: String,
    /// The sort key, for a table that has one.
    pub sort: Option<String>,
    /// The rows, in row order (the last one written stays).
    pub rows: Vec<usize>,
}

/// Every table key that more than one sample item writes, in the order of its first
/// item. Unlike [`collections`], this covers tables without a sort key, where the
/// partition key alone is the item's key.
pub fn shared_table_keys(schema: &Schema, keys: &ItemKeys) -> Vec<SharedKey> {
    keys.shared(schema).to_vec()
}

/// [`shared_table_keys`] among the items `among` takes (the ones a table holds, say).
/// Most keys are written once: each item's table key is hashed to 64 bits in item
/// order and counted, and only the items whose hash is seen twice are grouped by
/// their texts (hashing 100,000 texts into a map of texts was most of the linter).
pub fn shared_table_keys_among(schema: &Schema, keys: &ItemKeys, among: &dyn Fn(usize) -> bool) -> Vec<SharedKey> {
    let Some((partitions, sorts)) = table_key_columns(schema, keys) else {
        return Vec::new();
    };
    let table_key = |row: usize| -> Option<(&str, Option<&str>)> {
        let pk = partitions.get(row).filter(|_| among(row))?;
        match sorts {
            Some(column) => Some((pk, Some(column.get(row)?))),
            None => Some((pk, None)),
        }
    };
    // The partition key's part of the hash is its group (worked out once per partition
    // key column); only the sort key's bytes are hashed.
    let partition_of = &partitions.groups().of_item;
    let hashes: Vec<Option<u64>> = (0..partitions.len())
        .map(|row| {
            let (_, sk) = table_key(row)?;
            let pk_hash = SEED ^ u64::from(partition_of.get(row).copied().flatten()?);
            Some(hash_bytes(sk.unwrap_or_default().as_bytes(), pk_hash))
        })
        .collect();
    let mut seen: HashMap<u64, u32, BuildHasherDefault<KeyHasher>> =
        HashMap::with_capacity_and_hasher(hashes.len(), BuildHasherDefault::default());
    for h in hashes.iter().flatten() {
        *seen.entry(*h).or_default() += 1;
    }
    let mut groups: Vec<SharedKey> = Vec::new();
    let mut by_key: HashMap<(&str, Option<&str>), usize, BuildHasherDefault<KeyHasher>> = HashMap::default();
    let twice = |h: &Option<u64>| h.is_some_and(|h| seen.get(&h).is_some_and(|&n| n > 1));
    for row in (0..hashes.len()).filter(|&r| twice(&hashes[r])) {
        let Some(key) = table_key(row) else {
            continue;
        };
        match by_key.get(&key) {
            Some(&g) => groups[g].rows.push(row),
            None => {
                by_key.insert(key, groups.len());
                groups.push(SharedKey {
                    partition: key.0.to_string(),
                    sort: key.1.map(str::to_string),
                    rows: vec![row],
                });
            }
        }
    }
    // Hashes seen twice for two different keys leave groups of one.
    groups.retain(|g| g.rows.len() > 1);
    groups
}

/// The columns of the table's partition key and sort key (`None` for a table without
/// one); `None` when the items write neither.
pub(super) fn table_key_columns<'k>(
    schema: &Schema,
    keys: &'k ItemKeys,
) -> Option<(&'k KeyColumn, Option<&'k KeyColumn>)> {
    let primary = &schema.table.primary;
    let partitions = keys.of(&primary.partition)?;
    match primary.sort.as_deref() {
        Some(sk) => Some((partitions, Some(keys.of(sk)?))),
        None => Some((partitions, None)),
    }
}

/// Where a key's hash starts.
const SEED: u64 = 0x243f_6a88_85a3_08d3;

/// A 64-bit hash of `bytes`, from `hash`, eight bytes a step (the multiply-rotate
/// step of rustc's FxHash): cheap, and good enough to tell most keys apart, since a
/// collision only costs a comparison of texts.
fn hash_bytes(bytes: &[u8], hash: u64) -> u64 {
    let step = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    let mut words = bytes.chunks_exact(8);
    let mut h = words.by_ref().fold(hash, |h, w| {
        step(h, u64::from_le_bytes(w.try_into().unwrap_or_default()))
    });
    let rest = words.remainder();
    if !rest.is_empty() {
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        // The length tells "a" from "a\0".
        h = step(h, u64::from_le_bytes(last) ^ ((rest.len() as u64) << 56));
    }
    h
}

/// A hasher for keys that are hashes already, and for key texts (with [`hash_bytes`],
/// where SipHash was most of the cost of grouping 100,000 keys).
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    /// Mixed (splitmix64's finaliser), since the table picks buckets by the low bits,
    /// which the multiply-rotate steps leave alike for keys that differ late.
    fn finish(&self) -> u64 {
        let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = hash_bytes(bytes, self.0);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// For each sample item replaced by a later one, the item that stays: DynamoDB keeps one
/// item per table key (partition and sort key), so the last write with that key wins.
/// This is why a leaderboard needs a unique suffix after the score.
pub fn overwritten_by(schema: &Schema, rows: usize, keys: &ItemKeys) -> Vec<Option<usize>> {
    let mut out = vec![None; rows];
    for shared in keys.shared(schema).iter() {
        if let Some((&stays, replaced)) = shared.rows.split_last() {
            for &row in replaced {
                out[row] = Some(stays);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{encode_key, Values};
    use crate::preview::Sample;
    use crate::schema::Schema;
    use proptest::prelude::*;
    use serde_json::json;

    /// A collection as rows, keys and parent marks, for comparing with the definition.
    type Projected = Vec<(String, Vec<(usize, String, bool)>)>;

    fn projected(groups: &[Collection]) -> Projected {
        groups
            .iter()
            .map(|g| {
                let items = g
                    .items
                    .iter()
                    .map(|i| (i.row, g.key(i).to_string(), i.parent))
                    .collect();
                (g.partition.clone(), items)
            })
            .collect()
    }

    /// Item collections as the definition says, one `encode_key` per key: the oracle for
    /// `collections`, which compiles each entity's templates once instead.
    fn collections_by_definition(schema: &Schema, index: Option<&str>, rows: &[Sample]) -> Projected {
        let keys = match index {
            None => &schema.table.primary,
            Some(name) => schema.table.key_schema(Some(name)).unwrap(),
        };
        let sort = keys.sort.as_deref().unwrap();
        let mut groups: Projected = Vec::new();
        for (row, &(entity, values)) in rows.iter().enumerate() {
            let (Some(pt), Some(st)) = (entity.template(&keys.partition), entity.template(sort)) else {
                continue;
            };
            let (Ok((pk, _)), Ok((sk, _))) = (
                encode_key(schema, entity, pt, values),
                encode_key(schema, entity, st, values),
            ) else {
                continue;
            };
            let item = (
                row,
                sk.as_str().to_string(),
                st.fields().all(|f| pt.fields().any(|p| p == f)),
            );
            match groups.iter_mut().find(|g| g.0 == pk.as_str()) {
                Some(g) => g.1.push(item),
                None => groups.push((pk.as_str().to_string(), vec![item])),
            }
        }
        let sort_type = schema.table.attribute_type(sort).unwrap_or(AttrType::S);
        for g in &mut groups {
            sort_items(&mut g.1, |a, b| compare_stored(sort_type, &a.1, &b.1));
        }
        sort_items(&mut groups, |a, b| {
            b.1.len().cmp(&a.1.len()).then_with(|| compare_keys(&a.0, &b.0))
        });
        groups
    }

    proptest! {
        /// The shared table keys are the groups of rows with equal keys, by definition.
        #[test]
        fn shared_table_keys_are_the_rows_grouped_by_key(values in proptest::collection::vec((0u8..3, 0u8..3, any::<bool>()), 0..40)) {
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
                "entities": [{"name": "E", "fields": {"p": {"kind": "uint", "width": 1}, "s": {"kind": "uint", "width": 1}},
                              "keys": {"PK": [{"field": "p"}], "SK": [{"field": "s"}]}}]
            }))
            .unwrap();
            let rows: Vec<Values> = values
                .iter()
                .map(|(p, s, bad)| json!({"p": p, "s": if *bad { json!("x") } else { json!(s) }}).as_object().cloned().unwrap())
                .collect();
            let items: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
            let mut expected: Vec<SharedKey> = Vec::new();
            for (row, (p, s, bad)) in values.iter().enumerate() {
                if *bad {
                    continue;
                }
                let (partition, sort) = (p.to_string(), Some(s.to_string()));
                match expected.iter_mut().find(|g| g.partition == partition && g.sort == sort) {
                    Some(g) => g.rows.push(row),
                    None => expected.push(SharedKey { partition, sort, rows: vec![row] }),
                }
            }
            expected.retain(|g| g.rows.len() > 1);
            prop_assert_eq!(shared_table_keys(&schema, &ItemKeys::new(&schema, &items)), expected);
        }
        /// Items of two entities (one a parent), some with bad or missing values, in the
        /// base table and in a GSI with a Number sort key and a sparse entity.
        #[test]
        fn collections_are_what_the_definition_gives(items in proptest::collection::vec((
            any::<bool>(),
            prop_oneof![(0u8..4).prop_map(|g| json!(g)), Just(json!("x")), Just(json!(null))],
            prop_oneof![(-40i32..40).prop_map(|n| json!(n)), Just(json!("1.5"))],
            "[a-c]{0,2}",
        ), 0..40)) {
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GPK": "S", "GSK": "N"},
                          "primary": {"partition": "PK", "sort": "SK"},
                          "indexes": [{"name": "G", "partition": "GPK", "sort": "GSK"}]},
                "entities": [
                    {"name": "Team", "fields": {"g": {"kind": "uint", "width": 2}},
                     "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "TEAM"}, {"field": "g"}]}},
                    {"name": "Run", "fields": {"g": {"kind": "uint", "width": 2}, "n": {"kind": "int", "width": 3}, "t": {"kind": "text"}},
                     "keys": {"PK": [{"literal": "T"}, {"field": "g"}], "SK": [{"literal": "RUN"}, {"field": "n"}, {"field": "t"}],
                              "GPK": [{"field": "t"}], "GSK": [{"field": "n"}]}}
                ]
            })).unwrap();
            let values: Vec<(usize, Values)> = items
                .into_iter()
                .map(|(run, g, n, t)| {
                    let v = json!({"g": g, "n": n, "t": t});
                    (usize::from(run), v.as_object().unwrap().clone().into_iter().collect())
                })
                .collect();
            let rows: Vec<Sample> = values.iter().map(|(e, v)| (&schema.entities[*e], v)).collect();
            let keys = ItemKeys::new(&schema, &rows);
            for (index, sort) in [(None, "SK"), (Some("G"), "GSK")] {
                let expected = collections_by_definition(&schema, index, &rows);
                prop_assert_eq!(&projected(&collections(&schema, index, &rows, &keys)), &expected);
                // Taking the rows in the sort key's order, as the preview sorts them,
                // gives the same collections without sorting them.
                let order = crate::preview::preview(&schema, sort, &rows).sorted;
                let in_order = collections_in_order(&schema, index, &rows, &keys, Some(&order));
                prop_assert_eq!(&projected(&in_order), &expected);
            }
        }
    }

    #[test]
    fn a_collection_marks_its_parent_and_puts_hash_prefixed_children_first() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [
                {"name": "Device", "fields": {"device": {"kind": "text"}},
                 "keys": {"PK": [{"literal": "DEVICE"}, {"field": "device"}], "SK": [{"literal": "DEVICE"}, {"field": "device"}]}},
                {"name": "Reading", "fields": {"device": {"kind": "text"}, "at": {"kind": "uint", "width": 4}},
                 "keys": {"PK": [{"literal": "DEVICE"}, {"field": "device"}], "SK": [{"literal": "#READING"}, {"field": "at"}]}}
            ]
        }))
        .unwrap();
        let (device, reading) = (&schema.entities[0], &schema.entities[1]);
        let values: Vec<Values> = [
            json!({"device": "d1"}),
            json!({"device": "d1", "at": 10}),
            json!({"device": "d1", "at": 2}),
            json!({"device": "d2", "at": 5}),
            json!({"device": "d1", "at": 99999}),
        ]
        .iter()
        .map(|v| v.as_object().cloned().unwrap())
        .collect();
        let rows: Vec<Sample> = values
            .iter()
            .enumerate()
            .map(|(i, v)| (if i == 0 { device } else { reading }, v))
            .collect();
        let item_keys = ItemKeys::new(&schema, &rows);
        let groups = collections(&schema, None, &rows, &item_keys);
        assert_eq!(groups.len(), 2, "d1 and d2; the overflowing reading is in neither");
        let d1 = &groups[0];
        assert_eq!(d1.partition, "DEVICE#d1");
        let keys: Vec<&str> = d1.items.iter().map(|i| d1.key(i)).collect();
        assert_eq!(keys, ["#READING#0002", "#READING#0010", "DEVICE#d1"]);
        assert_eq!(d1.parent_place(), Some((2, 0)), "readings before the parent");
        assert!(d1.items[2].parent && !d1.items[0].parent);
        assert_eq!(groups[1].parent_place(), None, "d2 has no device item");
        assert!(collections(&schema, Some("nope"), &rows, &item_keys).is_empty());
    }

    #[test]
    fn a_second_write_with_the_same_table_key_overwrites_the_first() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "Run", "fields": {"score": {"kind": "uint", "width": 4}},
                          "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "score"}]}}]
        }))
        .unwrap();
        let values: Vec<Values> = ["10", "20", "10", "x", "10"]
            .iter()
            .map(|n| json!({ "score": n }).as_object().cloned().unwrap())
            .collect();
        let rows: Vec<Sample> = values.iter().map(|v| (&schema.entities[0], v)).collect();
        assert_eq!(
            overwritten_by(&schema, rows.len(), &ItemKeys::new(&schema, &rows)),
            [Some(4), None, Some(4), None, None],
            "the last write stays"
        );
    }
}
