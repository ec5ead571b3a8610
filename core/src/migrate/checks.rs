//! What a re-keying does across items: keys that change, new table keys that collide
//! (a later write would replace an earlier item), and pairs of items in one item
//! collection whose order flips (a query reading a range now reads them the other way).
//!
//! Changes are counted as items stream by. Collisions and order need every item seen
//! so far, so each checked item keeps a small record: its new table key and its two
//! sort keys, with hashes to sort them by. Past `limit` items these checks stop and the
//! summary says so, which keeps memory bounded however long the input is.

use super::{Rekeyed, Unencodable};
use crate::codec::order::{compare_stored, sort_positions, sort_words};
use crate::codec::{KeyValue, Number};
use crate::schema::AttrType;
use crate::schema::KeySchema;
use std::cmp::Ordering;

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
    /// The first item whose table partition key stays while its sort key changes: while
    /// a table holds both forms, its old and new keys share that partition.
    pub mixed: Option<Mixed>,
}

/// An item whose old and new sort keys fall in one partition: until every item has
/// moved, a query of it reads old and new keys together, in byte order.
#[derive(Clone, Debug, PartialEq)]
pub struct Mixed {
    pub at: usize,
    pub partition: KeyValue,
    pub old: KeyValue,
    pub new: KeyValue,
}

/// What the checks keep of a checked item: where its keys are in the checks' one text
/// buffer (a million small strings would be a million allocations): its new partition
/// key, new sort key and old sort key, one after the other.
struct Record {
    at: usize,
    start: usize,
    partition_len: u32,
    new_len: u32,
    old_len: u32,
    /// Whether the new partition key is a Number, and the new sort key (when there is one).
    partition_numeric: bool,
    sort: Option<bool>,
}

impl Record {
    fn partition<'t>(&self, text: &'t str) -> &'t str {
        &text[self.start..self.start + self.partition_len as usize]
    }
    fn new_sort<'t>(&self, text: &'t str) -> &'t str {
        let from = self.start + self.partition_len as usize;
        &text[from..from + self.new_len as usize]
    }
    fn old_sort<'t>(&self, text: &'t str) -> &'t str {
        let from = self.start + (self.partition_len + self.new_len) as usize;
        &text[from..from + self.old_len as usize]
    }
    /// The new table key, as the collision examples show it.
    fn table_key(&self, text: &str) -> Vec<KeyValue> {
        let sort = self.sort.map(|numeric| key(self.new_sort(text), numeric));
        std::iter::once(key(self.partition(text), self.partition_numeric))
            .chain(sort)
            .collect()
    }
}

/// Where an item sorts in the order check: its collection under both designs (one hash
/// of both partition keys), then its old sort key's first 8 bytes as a number, which
/// orders String keys as their bytes do, then its record. Sorting by these as plain
/// numbers settles nearly every comparison; only runs that tie on both compare text.
/// A tuple, so that it is sorted by the page's one unstable sort (`sort_words`).
type Place = (u64, u64, usize);

fn prefix_of(key: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let n = key.len().min(8);
    bytes[..n].copy_from_slice(&key.as_bytes()[..n]);
    u64::from_be_bytes(bytes)
}

/// Gathers a [`Summary`] from items given one by one.
///
/// Both checks sort at the end instead of looking items up as they come: a hash map of
/// a million keys missed the cache on nearly every insert and cost more than the rest
/// of the checks together, while sorting plain numbers reads memory in order.
pub struct Checks {
    old_table: KeySchema,
    new_table: KeySchema,
    limit: usize,
    examples: usize,
    summary: Summary,
    records: Vec<Record>,
    text: String,
    /// Each record's new table key as two hashes (partition, sort), with the record:
    /// equal keys sort together.
    table_keys: Vec<(u64, u64, usize)>,
    places: Vec<Place>,
    /// Each record's new sort key's first 8 bytes, so that comparing neighbours in the
    /// new order seldom has to fetch their records, scattered across memory, for the
    /// text (0 for a Number key, or no place).
    new_prefixes: Vec<u64>,
    /// Whether each design's sort key is a Number, learnt from the first item.
    numeric: Option<(bool, bool)>,
}

/// A 64-bit hash of a key's text (an attribute's type never changes between items, so
/// the text alone tells keys apart): eight bytes at a time through a multiply, closed
/// by the length. Equal hashes are only candidates: the keys' text decides.
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

impl Checks {
    /// `limit` items get the collision and order checks; `examples` of each finding are kept.
    pub fn new(old_table: &KeySchema, new_table: &KeySchema, limit: usize, examples: usize) -> Self {
        Checks {
            old_table: old_table.clone(),
            new_table: new_table.clone(),
            limit,
            examples,
            summary: Summary::default(),
            records: Vec::new(),
            text: String::new(),
            table_keys: Vec::new(),
            places: Vec::new(),
            new_prefixes: Vec::new(),
            numeric: None,
        }
    }

    /// Counts an item with no new keys.
    pub fn refused(&mut self, at: usize, why: &Unencodable) {
        self.summary.items += 1;
        self.summary.refused_count += 1;
        if self.summary.refused.len() < self.examples {
            let why = crate::elide::shortened(&why.0, crate::elide::MESSAGE);
            self.summary.refused.push(Refused { at, why });
        }
    }

    /// Counts item `at` (a line or a sample's position) and keeps what the checks at
    /// the end need of it.
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
        let new_sort = self.new_table.sort.as_deref().and_then(|a| item.new_key(a));
        let old_sort = self.old_table.sort.as_deref().and_then(|a| item.old_key(a));
        if let (None, Some(old), Some(new)) = (&s.mixed, old_sort, new_sort) {
            if old_partition == new_partition && old != new {
                s.mixed = Some(Mixed {
                    at,
                    partition: new_partition.clone(),
                    old: old.clone(),
                    new: new.clone(),
                });
            }
        }
        fn text_of(k: Option<&KeyValue>) -> &str {
            k.map_or("", KeyValue::as_str)
        }
        let lengths = [new_partition.as_str(), text_of(new_sort), text_of(old_sort)].map(|t| u32::try_from(t.len()));
        let ([Ok(partition_len), Ok(new_len), Ok(old_len)], Some(_)) = (
            lengths,
            self.text
                .len()
                .checked_add(lengths.iter().flatten().map(|l| *l as usize).sum()),
        ) else {
            // A key of 4 GB: not checked, and the summary's count says so.
            return;
        };
        s.checked += 1;
        let record = self.records.len();
        let start = self.text.len();
        self.text.push_str(new_partition.as_str());
        self.text.push_str(text_of(new_sort));
        self.text.push_str(text_of(old_sort));
        let new_partition_hash = text_hash(new_partition.as_str());
        let new_sort_hash = new_sort.map_or(0, |k| text_hash(k.as_str()));
        self.table_keys.push((new_partition_hash, new_sort_hash, record));
        self.new_prefixes.push(0);
        self.records.push(Record {
            at,
            start,
            partition_len,
            new_len,
            old_len,
            partition_numeric: matches!(new_partition, KeyValue::N(_)),
            sort: new_sort.map(|k| matches!(k, KeyValue::N(_))),
        });
        if let (Some(old_sort), Some(new_sort)) = (old_sort, new_sort) {
            let numeric = (matches!(old_sort, KeyValue::N(_)), matches!(new_sort, KeyValue::N(_)));
            if *self.numeric.get_or_insert(numeric) == numeric {
                let collection = combine(text_hash(old_partition.as_str()), new_partition_hash);
                let prefix = if numeric.0 { 0 } else { prefix_of(old_sort.as_str()) };
                self.places.push((collection, prefix, record));
                self.new_prefixes[record] = if numeric.1 { 0 } else { prefix_of(new_sort.as_str()) };
            }
        }
    }

    /// The summary, with both checks done over every recorded item.
    pub fn finish(mut self) -> Summary {
        self.collisions();
        self.order();
        self.summary
    }

    /// Items whose new table key an earlier item already has, in the order they came.
    fn collisions(&mut self) {
        let (records, text) = (&self.records, &self.text);
        let table_key = |r: usize| (records[r].partition(text), records[r].new_sort(text));
        let mut keys = std::mem::take(&mut self.table_keys);
        // Records are numbered as they came: of equal hashes, the earliest sorts first.
        sort_words(&mut keys);
        // Each collision as (the later record, the first with its key): the same pairs,
        // sorted by the same code.
        let mut found = Vec::new();
        let mut firsts: Vec<usize> = Vec::new();
        for same_hash in keys.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)).filter(|g| g.len() > 1) {
            // Almost always one key; two different keys sharing all 128 bits are told
            // apart here by their text.
            firsts.clear();
            for &(_, _, record) in same_hash {
                match firsts.iter().find(|&&f| table_key(f) == table_key(record)) {
                    Some(&first) => found.push((record as u64, 0, first)),
                    None => firsts.push(record),
                }
            }
        }
        drop(keys);
        sort_words(&mut found);
        let s = &mut self.summary;
        s.collision_count = found.len();
        s.collisions = found
            .iter()
            .take(self.examples)
            .map(|&(second, _, first)| {
                let second = &records[second as usize];
                Collision {
                    first: records[first].at,
                    second: second.at,
                    key: second.table_key(text),
                }
            })
            .collect();
    }

    /// Neighbours of one collection in the old order that the new order swaps, and
    /// every pair it inverts.
    fn order(&mut self) {
        let (records, text) = (&self.records, &self.text);
        let (old_numeric, new_numeric) = self.numeric.unwrap_or_default();
        let old = |record: usize| records[record].old_sort(text);
        let new = |record: usize| records[record].new_sort(text);
        let new_prefixes = &self.new_prefixes;
        let mut places = std::mem::take(&mut self.places);
        // By collection and prefix as numbers: cheaper to compare than field by field.
        sort_words(&mut places);
        // Within a tie on the first 8 bytes (or any Number keys), the whole key decides,
        // then the order the items came in.
        let mut tied: Vec<usize> = Vec::new();
        for tie in places
            .chunk_by_mut(|a, b| (a.0, a.1) == (b.0, b.1))
            .filter(|tie| tie.len() > 1)
        {
            tied.clear();
            tied.extend(tie.iter().map(|p| p.2));
            sort_positions(&mut tied, &|a, b| {
                compare_stored(attr_type(old_numeric), old(a), old(b)).then(a.cmp(&b))
            });
            for (place, &record) in tie.iter_mut().zip(&tied) {
                place.2 = record;
            }
        }
        let mut scratch = Vec::new();
        for collection in places.chunk_by(|a, b| a.0 == b.0) {
            let s = &mut self.summary;
            let before = s.swapped_neighbours;
            for pair in collection.windows(2) {
                let (a, b) = (pair[0].2, pair[1].2);
                let by_prefix = new_prefixes[a].cmp(&new_prefixes[b]);
                let swapped = match by_prefix {
                    Ordering::Equal => compare_stored(attr_type(new_numeric), new(a), new(b)) == Ordering::Greater,
                    _ => by_prefix == Ordering::Greater,
                };
                if swapped {
                    s.swapped_neighbours += 1;
                    if s.swaps.len() < self.examples {
                        s.swaps.push(Swap {
                            earlier: records[a].at,
                            later: records[b].at,
                            old: (key(old(a), old_numeric), key(old(b), old_numeric)),
                            new: (key(new(a), new_numeric), key(new(b), new_numeric)),
                        });
                    }
                }
            }
            // No neighbour out of order means the new order is sorted: no pair is.
            if s.swapped_neighbours > before {
                let mut keys: Vec<&str> = collection.iter().map(|p| new(p.2)).collect();
                s.swapped_pairs += inversions(&mut keys, &mut scratch, new_numeric);
            }
        }
    }
}

/// A key the checks kept as text, typed again for a report. The text was a key's, so a
/// Number reads back; were it not to, it is reported as the text it is.
/// A key's type, from whether it is a Number.
fn attr_type(numeric: bool) -> AttrType {
    match numeric {
        true => AttrType::N,
        false => AttrType::S,
    }
}

fn key(text: &str, numeric: bool) -> KeyValue {
    match numeric.then(|| Number::parse(text)) {
        Some(Ok(number)) => KeyValue::N(number),
        _ => KeyValue::S(text.to_string()),
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
        if compare_stored(attr_type(numeric), keys[j], keys[i]) == Ordering::Less {
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
