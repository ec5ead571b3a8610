//! What a re-keying does across items: keys that change, new table keys that collide
//! (a later write would replace an earlier item), and pairs of items in one item
//! collection whose order flips (a query reading a range now reads them the other way).
//!
//! Changes are counted as items stream by. Collisions and order need every item seen
//! so far, so each checked item keeps a small record: its new table key's 64-bit hash
//! (a false collision needs two different keys to share all 64 bits: about 1 chance in
//! 37 million at a million items) and its two sort keys. Past `limit` items these checks stop and the summary says so,
//! which keeps memory bounded however long the input is.

use super::{Rekeyed, Unencodable};
use crate::codec::order::compare_numbers;
use crate::codec::KeyValue;
use crate::schema::KeySchema;
use std::cmp::Ordering;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Two items whose new table keys are the same.
#[derive(Clone, Debug, PartialEq)]
pub struct Collision {
    /// The item first given those keys (its position or line).
    pub first: usize,
    pub second: usize,
    /// The shared new table key: partition, then sort.
    pub key: Vec<KeyValue>,
}

/// Two items of one item collection that sort one way under the old design and the
/// other way under the new.
#[derive(Clone, Debug, PartialEq)]
pub struct Swap {
    /// The item first in the old order.
    pub earlier: usize,
    pub later: usize,
    pub old: (KeyValue, KeyValue),
    pub new: (KeyValue, KeyValue),
}

/// An item with no new keys, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub at: usize,
    pub why: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub items: usize,
    /// Items with at least one key attribute changed, added or dropped.
    pub changed: usize,
    /// Per key attribute, how many items' value of it changed.
    pub changed_by_attribute: Vec<(String, usize)>,
    pub collisions: Vec<Collision>,
    pub collision_count: usize,
    /// Neighbours in the old order that swap; the first `examples` of them.
    pub swaps: Vec<Swap>,
    pub swapped_neighbours: usize,
    /// Every pair of one collection in the other order (inversions), neighbours or not.
    pub swapped_pairs: u64,
    pub refused: Vec<Refused>,
    pub refused_count: usize,
    /// How many items the collision and order checks covered (all, unless over the limit).
    pub checked: usize,
}

/// What the order check keeps of an item: which collection it is in under both
/// designs (one hash of both partition keys), and where its two sort keys are in the
/// checks' one text buffer (a million small strings would be a million allocations).
struct Record {
    collection: u64,
    /// The old sort key's first 8 bytes as a number, which orders String keys as their
    /// bytes do: most comparisons in the sort end here.
    prefix: u64,
    start: usize,
    old_len: u32,
    new_len: u32,
    at: usize,
}

fn prefix_of(key: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let n = key.len().min(8);
    bytes[..n].copy_from_slice(&key.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}

/// Gathers a [`Summary`] from items given one by one.
pub struct Checks {
    old_table: KeySchema,
    new_table: KeySchema,
    limit: usize,
    examples: usize,
    summary: Summary,
    new_keys: HashMap<u64, usize, BuildHasherDefault<Hashed>>,
    records: Vec<Record>,
    text: String,
    /// Whether each design's sort key is a Number, learnt from the first item.
    numeric: Option<(bool, bool)>,
}

/// A 64-bit hash of a key's text (an attribute's type never changes between items, so
/// the text alone tells keys apart): eight bytes at a time through a multiply, closed
/// by the length. SipHash cost more than the rest of the checks together, and nothing
/// here is adversarial: a false collision needs two keys to share all 64 bits.
fn text_hash(text: &str) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let bytes = text.as_bytes();
    let mut h: u64 = 0;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        h = (h ^ u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
            .wrapping_mul(K)
            .rotate_left(31);
    }
    let mut word = [0u8; 8];
    word[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h ^ u64::from_le_bytes(word)).wrapping_mul(K).rotate_left(31);
    (h ^ bytes.len() as u64).wrapping_mul(K)
}

/// Two keys' hashes as one, through splitmix64's finaliser, which spreads every input
/// bit over the whole result (the order of the two matters).
fn combine(a: u64, b: u64) -> u64 {
    let mut h = a ^ b.rotate_left(29) ^ 0x94d0_49bb_1331_11eb;
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The collision map's keys are hashes already: hashing them again would only cost.
#[derive(Default)]
struct Hashed(u64);

impl Hasher for Hashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

impl Checks {
    /// `limit` items get the collision and order checks; `examples` of each finding are kept.
    pub fn new(old_table: &KeySchema, new_table: &KeySchema, limit: usize, examples: usize) -> Self {
        Checks {
            old_table: old_table.clone(),
            new_table: new_table.clone(),
            limit,
            examples,
            summary: Summary::default(),
            // Sized for a typical first batch, not for the limit: a sample of ten items
            // must not reserve a million slots.
            new_keys: HashMap::with_capacity_and_hasher(limit.min(1 << 16), Default::default()),
            records: Vec::with_capacity(limit.min(1 << 16)),
            text: String::new(),
            numeric: None,
        }
    }

    /// Counts an item with no new keys.
    pub fn refused(&mut self, at: usize, why: &Unencodable) {
        self.summary.items += 1;
        self.summary.refused_count += 1;
        if self.summary.refused.len() < self.examples {
            self.summary.refused.push(Refused { at, why: why.0.clone() });
        }
    }

    /// Counts item `at` (a line or a sample's position) and checks it against those
    /// before; its sort keys move into the order check's records.
    pub fn add(&mut self, at: usize, item: Rekeyed) {
        let s = &mut self.summary;
        s.items += 1;
        let changed = item.changed_attributes();
        if !changed.is_empty() {
            s.changed += 1;
        }
        for &a in changed {
            match s.changed_by_attribute.iter_mut().find(|(name, _)| name == a) {
                Some((_, n)) => *n += 1,
                None => s.changed_by_attribute.push((a.to_string(), 1)),
            }
        }
        if s.checked >= self.limit {
            return;
        }
        let (Some(new_partition), Some(old_partition)) = (
            item.new_key(&self.new_table.partition),
            item.old_key(&self.old_table.partition),
        ) else {
            return;
        };
        s.checked += 1;
        let new_sort = self.new_table.sort.as_deref().and_then(|a| item.new_key(a));
        let new_partition_hash = text_hash(new_partition.as_str());
        let table_key = combine(new_partition_hash, new_sort.map_or(0, |k| text_hash(k.as_str())));
        match self.new_keys.entry(table_key) {
            Entry::Occupied(first) => {
                s.collision_count += 1;
                if s.collisions.len() < self.examples {
                    s.collisions.push(Collision {
                        first: *first.get(),
                        second: at,
                        key: std::iter::once(new_partition).chain(new_sort).cloned().collect(),
                    });
                }
            }
            Entry::Vacant(slot) => {
                slot.insert(at);
            }
        }
        let old_sort = self.old_table.sort.as_deref().and_then(|a| item.old_key(a));
        if let (Some(old_sort), Some(new_sort)) = (old_sort, new_sort) {
            let numeric = (matches!(old_sort, KeyValue::N(_)), matches!(new_sort, KeyValue::N(_)));
            let fits = u32::try_from(old_sort.as_str().len().max(new_sort.as_str().len())).is_ok();
            if *self.numeric.get_or_insert(numeric) == numeric && fits {
                let start = self.text.len();
                self.text.push_str(old_sort.as_str());
                self.text.push_str(new_sort.as_str());
                self.records.push(Record {
                    collection: combine(text_hash(old_partition.as_str()), new_partition_hash),
                    prefix: if numeric.0 { 0 } else { prefix_of(old_sort.as_str()) },
                    start,
                    old_len: old_sort.as_str().len() as u32,
                    new_len: new_sort.as_str().len() as u32,
                    at,
                });
            }
        }
    }

    /// The summary, with the order check done over every recorded collection.
    pub fn finish(mut self) -> Summary {
        let mut records = std::mem::take(&mut self.records);
        let text = std::mem::take(&mut self.text);
        let (old_numeric, new_numeric) = self.numeric.unwrap_or_default();
        let old = |r: &Record| &text[r.start..r.start + r.old_len as usize];
        let new = |r: &Record| &text[r.start + r.old_len as usize..r.start + (r.old_len + r.new_len) as usize];
        records.sort_unstable_by(|a, b| {
            (a.collection, a.prefix)
                .cmp(&(b.collection, b.prefix))
                .then_with(|| compare_sort(old(a), old(b), old_numeric))
                .then(a.at.cmp(&b.at))
        });
        let mut scratch = Vec::new();
        for collection in records.chunk_by(|a, b| a.collection == b.collection) {
            let s = &mut self.summary;
            let before = s.swapped_neighbours;
            for pair in collection.windows(2) {
                let (a, b) = (&pair[0], &pair[1]);
                if compare_sort(new(a), new(b), new_numeric) == Ordering::Greater {
                    s.swapped_neighbours += 1;
                    if s.swaps.len() < self.examples {
                        s.swaps.push(Swap {
                            earlier: a.at,
                            later: b.at,
                            old: (key(old(a), old_numeric), key(old(b), old_numeric)),
                            new: (key(new(a), new_numeric), key(new(b), new_numeric)),
                        });
                    }
                }
            }
            // No neighbour out of order means the new order is sorted: no pair is.
            if s.swapped_neighbours > before {
                let mut keys: Vec<&str> = collection.iter().map(new).collect();
                s.swapped_pairs += inversions(&mut keys, &mut scratch, new_numeric);
            }
        }
        self.summary
    }
}

fn key(text: &str, numeric: bool) -> KeyValue {
    if numeric {
        KeyValue::N(text.to_string())
    } else {
        KeyValue::S(text.to_string())
    }
}

/// Sort keys as DynamoDB compares them: Numbers numerically, Strings by UTF-8 bytes.
fn compare_sort(a: &str, b: &str, numeric: bool) -> Ordering {
    if numeric {
        compare_numbers(a, b).unwrap_or(Ordering::Equal)
    } else {
        a.as_bytes().cmp(b.as_bytes())
    }
}

/// Pairs out of order (by DynamoDB's comparison), counted while merge-sorting `keys`;
/// `scratch` is the merge's buffer, reused.
fn inversions<'k>(keys: &mut [&'k str], scratch: &mut Vec<&'k str>, numeric: bool) -> u64 {
    if keys.len() < 2 {
        return 0;
    }
    let mid = keys.len() / 2;
    let mut count = inversions(&mut keys[..mid], scratch, numeric) + inversions(&mut keys[mid..], scratch, numeric);
    scratch.clear();
    let (mut i, mut j) = (0, mid);
    while i < mid && j < keys.len() {
        if compare_sort(keys[j], keys[i], numeric) == Ordering::Less {
            // Every left key still waiting is greater than this right one.
            count += (mid - i) as u64;
            scratch.push(keys[j]);
            j += 1;
        } else {
            scratch.push(keys[i]);
            i += 1;
        }
    }
    scratch.extend_from_slice(&keys[i..mid]);
    scratch.extend_from_slice(&keys[j..]);
    keys.copy_from_slice(scratch);
    count
}

#[cfg(test)]
pub(crate) fn inversions_of(keys: &[KeyValue]) -> u64 {
    let numeric = matches!(keys.first(), Some(KeyValue::N(_)));
    inversions(
        &mut keys.iter().map(KeyValue::as_str).collect::<Vec<_>>(),
        &mut Vec::new(),
        numeric,
    )
}
