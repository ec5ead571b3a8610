//! What the page shows for one key attribute: every sample item's key (or its errors),
//! the items in DynamoDB's order, the naive order beside it, and the item collections
//! an index groups them into. The page renders this and computes nothing itself.

use crate::codec::number::order_of_written;
use crate::codec::order::{compare_keys, sort_items, sort_positions};
use crate::codec::{encode_field, encode_key, naive_key, shown, KeyCodecs, Values};
use crate::error::{Error, Warning};
use crate::schema::Segment;
use crate::schema::{AttrType, Entity, Schema};
use std::collections::HashMap;

/// One sample item: the entity it belongs to and its field values.
pub type Sample<'a> = (&'a Entity, &'a Values);

#[derive(Clone, Debug, PartialEq)]
pub struct PreviewRow {
    /// The stored key, or `None` when the row has errors or its entity has no template
    /// for the attribute (it is then absent from that index: a sparse index).
    pub key: Option<String>,
    /// The key a naive design writes: values as typed, unpadded.
    pub naive: String,
    pub errors: Vec<Error>,
    pub warnings: Vec<Warning>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub attribute: String,
    pub attr_type: AttrType,
    /// One per sample row, in the rows' own order.
    pub rows: Vec<PreviewRow>,
    /// Indices of the rows that have a key, in the order a Query returns them.
    pub sorted: Vec<usize>,
    /// Indices of every row, ordered by naive key bytes.
    pub naive_sorted: Vec<usize>,
    /// Per row: its place in the naive order differs from its place in the real order.
    pub misplaced: Vec<bool>,
}

/// The preview restricted to some rows (one partition, one entity), with both orders and
/// the out-of-order marks recomputed among those rows alone, as one Query sees them.
/// The two orders have the same length, so their rows line up place by place.
#[derive(Clone, Debug, PartialEq)]
pub struct Window {
    pub sorted: Vec<usize>,
    pub naive_sorted: Vec<usize>,
    /// Per place in `naive_sorted`: a different key sits at that place in `sorted`.
    pub misplaced: Vec<bool>,
}

impl Preview {
    pub fn window(&self, keep: impl Fn(usize) -> bool) -> Window {
        let sorted: Vec<usize> = self.sorted.iter().copied().filter(|&r| keep(r)).collect();
        let naive_sorted: Vec<usize> = self
            .naive_sorted
            .iter()
            .copied()
            .filter(|&r| keep(r) && self.rows[r].key.is_some())
            .collect();
        let misplaced = naive_sorted
            .iter()
            .zip(&sorted)
            .map(|(&naive, &real)| self.rows[naive].key != self.rows[real].key)
            .collect();
        Window {
            sorted,
            naive_sorted,
            misplaced,
        }
    }
}

/// Builds the preview of `attribute` for sample items of any entities.
pub fn preview(schema: &Schema, attribute: &str, rows: &[Sample]) -> Preview {
    let attr_type = schema.table.attribute_type(attribute).unwrap_or(AttrType::S);
    let rows: Vec<PreviewRow> = rows
        .iter()
        .map(|&(entity, values)| match entity.template(attribute) {
            None => PreviewRow {
                key: None,
                naive: String::new(),
                errors: Vec::new(),
                warnings: Vec::new(),
            },
            Some(t) => {
                let naive = naive_key(schema, t, values);
                match encode_key(schema, entity, t, values) {
                    Ok((k, warnings)) => PreviewRow {
                        key: Some(k.as_str().to_string()),
                        naive,
                        errors: Vec::new(),
                        warnings,
                    },
                    Err(errors) => PreviewRow {
                        key: None,
                        naive,
                        errors,
                        warnings: Vec::new(),
                    },
                }
            }
        })
        .collect();
    let by_key = |a: &str, b: &str| match attr_type {
        AttrType::N => order_of_written(a, b),
        AttrType::S => compare_keys(a, b),
    };
    // The sorts compare through flat lists of the texts rather than through the rows,
    // one memory hop less per comparison (100,000 keys take about 1.7M comparisons).
    let keys: Vec<&str> = rows.iter().map(|r| r.key.as_deref().unwrap_or("")).collect();
    let mut sorted: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].key.is_some()).collect();
    sort_positions(&mut sorted, &|a, b| by_key(keys[a], keys[b]));
    // Items whose entity has no template for the attribute are not in this order at all.
    let mut naive_sorted: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].key.is_some() || !rows[i].errors.is_empty())
        .collect();
    let naive: Vec<&str> = rows.iter().map(|r| r.naive.as_str()).collect();
    sort_positions(&mut naive_sorted, &|a, b| compare_keys(naive[a], naive[b]));
    let naive_keyed: Vec<usize> = naive_sorted
        .iter()
        .copied()
        .filter(|&i| rows[i].key.is_some())
        .collect();
    let mut misplaced = vec![false; rows.len()];
    for (place, &row) in naive_keyed.iter().enumerate() {
        // Equal keys may sit in either order; only a different key at this place counts.
        let real = sorted[place];
        misplaced[row] = rows[real].key != rows[row].key;
    }
    Preview {
        attribute: attribute.to_string(),
        attr_type,
        rows,
        sorted,
        naive_sorted,
        misplaced,
    }
}

/// One partition of an index: its items in the order a forward Query returns them.
#[derive(Clone, Debug, PartialEq)]
pub struct Collection {
    pub partition: String,
    pub items: Vec<CollectionItem>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CollectionItem {
    pub row: usize,
    pub entity: String,
    /// The item's sort key in this index.
    pub key: String,
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
}

/// The item collections of the base table (`index` `None`) or of a GSI: the sample items
/// grouped by partition key, each group in sort-key order, largest group first. Items
/// without both keys in that index (sparse, or with errors) are not in any collection.
pub fn collections(schema: &Schema, index: Option<&str>, rows: &[Sample]) -> Vec<Collection> {
    let Some(keys) = schema.table.key_schema(index) else {
        return Vec::new();
    };
    let Some(sort) = keys.sort.as_deref() else {
        return Vec::new();
    };
    let sort_type = schema.table.attribute_type(sort).unwrap_or(AttrType::S);
    // Each entity's two templates are compiled once, not resolved again for every item
    // (the same keys as `encode_key`: a property test of `KeyCodec` holds them equal).
    let (mut partitions, mut sorts) = (KeyCodecs::new(schema, &keys.partition), KeyCodecs::new(schema, sort));
    let (mut pk, mut sk) = (String::new(), String::new());
    let mut groups: Vec<Collection> = Vec::new();
    let mut by_partition: HashMap<String, usize> = HashMap::new();
    for (row, &(entity, values)) in rows.iter().enumerate() {
        let (Some(pk_codec), Some(sk_codec)) = (partitions.of(entity), sorts.of(entity)) else {
            continue;
        };
        if pk_codec.write_values(values, &mut pk).is_err() || sk_codec.write_values(values, &mut sk).is_err() {
            continue;
        }
        let parent = sk_codec.fields().iter().all(|f| pk_codec.fields().contains(f));
        let item = CollectionItem {
            row,
            entity: entity.name.clone(),
            key: sk.clone(),
            parent,
        };
        match by_partition.get(pk.as_str()) {
            Some(&g) => groups[g].items.push(item),
            None => {
                by_partition.insert(pk.clone(), groups.len());
                groups.push(Collection {
                    partition: pk.clone(),
                    items: vec![item],
                });
            }
        }
    }
    for g in &mut groups {
        sort_items(&mut g.items, |a, b| match sort_type {
            AttrType::S => compare_keys(&a.key, &b.key),
            AttrType::N => order_of_written(&a.key, &b.key),
        });
    }
    sort_items(&mut groups, |a, b| {
        b.items
            .len()
            .cmp(&a.items.len())
            .then_with(|| compare_keys(&a.partition, &b.partition))
    });
    groups
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
pub fn shared_table_keys(schema: &Schema, rows: &[Sample]) -> Vec<SharedKey> {
    let primary = &schema.table.primary;
    let mut partitions = KeyCodecs::new(schema, &primary.partition);
    let mut sorts = primary.sort.as_deref().map(|sk| KeyCodecs::new(schema, sk));
    let (mut pk, mut sk) = (String::new(), String::new());
    let mut groups: Vec<SharedKey> = Vec::new();
    let mut by_key: HashMap<(String, Option<String>), usize> = HashMap::new();
    for (row, &(entity, values)) in rows.iter().enumerate() {
        let Some(pk_codec) = partitions.of(entity) else {
            continue;
        };
        if pk_codec.write_values(values, &mut pk).is_err() {
            continue;
        }
        let sort = match sorts.as_mut() {
            None => None,
            Some(codecs) => {
                let Some(sk_codec) = codecs.of(entity) else { continue };
                if sk_codec.write_values(values, &mut sk).is_err() {
                    continue;
                }
                Some(sk.clone())
            }
        };
        let key = (pk.clone(), sort);
        match by_key.get(&key) {
            Some(&g) => groups[g].rows.push(row),
            None => {
                by_key.insert(key.clone(), groups.len());
                groups.push(SharedKey {
                    partition: key.0,
                    sort: key.1,
                    rows: vec![row],
                });
            }
        }
    }
    groups.retain(|g| g.rows.len() > 1);
    groups
}

/// For each sample item replaced by a later one, the item that stays: DynamoDB keeps one
/// item per table key (partition and sort key), so the last write with that key wins.
/// This is why a leaderboard needs a unique suffix after the score.
pub fn overwritten_by(schema: &Schema, rows: &[Sample]) -> Vec<Option<usize>> {
    let mut out = vec![None; rows.len()];
    for shared in shared_table_keys(schema, rows) {
        if let Some((&stays, replaced)) = shared.rows.split_last() {
            for &row in replaced {
                out[row] = Some(stays);
            }
        }
    }
    out
}

/// [`overwritten_by`] from the base table's collections, when they are already known:
/// items with equal keys sit together, in row order, so each run's last item stays.
pub fn overwritten_in(base: &[Collection], rows: usize) -> Vec<Option<usize>> {
    let mut out = vec![None; rows];
    for c in base {
        for run in c.items.chunk_by(|a, b| a.key == b.key) {
            let Some((stays, replaced)) = run.split_last() else {
                continue;
            };
            for item in replaced {
                if let Some(slot) = out.get_mut(item.row) {
                    *slot = Some(stays.row);
                }
            }
        }
    }
    out
}

/// One numeric field's values ordered as a Number key would order them and as a String
/// key of the same digits would: why a composite String key needs padding.
#[derive(Clone, Debug, PartialEq)]
pub struct NumberVsString {
    pub field: String,
    /// Rows (those whose value is a number) in numeric order.
    pub as_number: Vec<usize>,
    /// The same rows in UTF-8 byte order of the value as typed.
    pub as_string: Vec<usize>,
}

/// The first numeric field of `attribute`'s template of `entity`: the one
/// [`number_vs_string`] compares.
pub fn number_field<'e>(entity: &'e Entity, attribute: &str) -> Option<&'e crate::schema::Field> {
    entity.template(attribute)?.segments.iter().find_map(|s| match s {
        Segment::Field(f) => entity.field(f).filter(|f| f.kind.is_numeric()),
        Segment::Literal(_) => None,
    })
}

/// The comparison for the first numeric field of `attribute`'s template of `entity`, if
/// it has one, over the sample items of that entity (indices are into `rows`).
pub fn number_vs_string(entity: &Entity, attribute: &str, rows: &[Sample]) -> Option<NumberVsString> {
    let field = number_field(entity, attribute)?;
    // Sorted by the field's ascending encoding, which the codec keeps in numeric order,
    // rather than by comparing number texts: 100,000 values sort in one pass.
    let ascending = crate::schema::Field {
        kind: field.kind.with_order(crate::schema::Order::Asc),
        ..field.clone()
    };
    let numbers: Vec<(usize, String, String)> = rows
        .iter()
        .enumerate()
        .filter(|(_, (e, _))| e.name == entity.name)
        .filter_map(|(i, (_, r))| {
            let v = r.get(&field.name)?;
            let (key, _) = encode_field(&ascending, v, "").ok()?;
            Some((i, key, shown(v)))
        })
        .collect();
    let mut as_number: Vec<&(usize, String, String)> = numbers.iter().collect();
    sort_items(&mut as_number, |a, b| compare_keys(&a.1, &b.1));
    let mut as_string: Vec<&(usize, String, String)> = numbers.iter().collect();
    sort_items(&mut as_string, |a, b| compare_keys(&a.2, &b.2));
    Some(NumberVsString {
        field: field.name.clone(),
        as_number: as_number.into_iter().map(|t| t.0).collect(),
        as_string: as_string.into_iter().map(|t| t.0).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// Item collections as the definition says, one `encode_key` per key: the oracle for
    /// `collections`, which compiles each entity's templates once instead.
    fn collections_by_definition(schema: &Schema, index: Option<&str>, rows: &[Sample]) -> Vec<Collection> {
        let keys = match index {
            None => &schema.table.primary,
            Some(name) => schema.table.key_schema(Some(name)).unwrap(),
        };
        let sort = keys.sort.as_deref().unwrap();
        let mut groups: Vec<Collection> = Vec::new();
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
            let item = CollectionItem {
                row,
                entity: entity.name.clone(),
                key: sk.as_str().to_string(),
                parent: st.fields().all(|f| pt.fields().any(|p| p == f)),
            };
            match groups.iter_mut().find(|g| g.partition == pk.as_str()) {
                Some(g) => g.items.push(item),
                None => groups.push(Collection {
                    partition: pk.as_str().to_string(),
                    items: vec![item],
                }),
            }
        }
        let numeric = schema.table.attribute_type(sort) == Some(AttrType::N);
        for g in &mut groups {
            g.items.sort_by(|a, b| match numeric {
                true => order_of_written(&a.key, &b.key),
                false => compare_keys(&a.key, &b.key),
            });
        }
        groups.sort_by(|a, b| {
            b.items
                .len()
                .cmp(&a.items.len())
                .then_with(|| compare_keys(&a.partition, &b.partition))
        });
        groups
    }

    proptest! {
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
            for index in [None, Some("G")] {
                prop_assert_eq!(collections(&schema, index, &rows), collections_by_definition(&schema, index, &rows));
            }
        }
    }

    #[test]
    fn a_window_recomputes_both_orders_and_the_marks_among_its_rows_alone() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"p": {"kind": "text"}, "n": {"kind": "uint", "width": 4}},
                          "keys": {"PK": [{"field": "p"}], "SK": [{"literal": "E"}, {"field": "n"}]}}]
        }))
        .unwrap();
        // Partition a holds 9, 10, 240; partition b holds 1500 and a value that fails.
        let rows: Vec<Values> = [("a", "9"), ("b", "1500"), ("a", "10"), ("a", "240"), ("b", "-1")]
            .iter()
            .map(|(p, n)| json!({"p": p, "n": n}).as_object().cloned().unwrap())
            .collect();
        let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
        let whole = preview(&schema, "SK", &samples);
        let a = whole.window(|r| rows[r]["p"] == "a");
        assert_eq!(a.sorted, [0, 2, 3], "E#0009 < E#0010 < E#0240");
        assert_eq!(a.naive_sorted, [2, 3, 0], "\"E#10\" < \"E#240\" < \"E#9\"");
        assert_eq!(a.misplaced, [true, true, true]);
        // The failing row is in neither order, so the two columns stay the same length.
        let b = whole.window(|r| rows[r]["p"] == "b");
        assert_eq!(
            (b.sorted.as_slice(), b.naive_sorted.as_slice(), b.misplaced.as_slice()),
            (&[1][..], &[1][..], &[false][..])
        );
        let all = whole.window(|_| true);
        assert_eq!(all.sorted, whole.sorted);
        assert_eq!(all.sorted.len(), all.naive_sorted.len());
    }

    #[test]
    fn numbers_sort_one_way_as_numbers_and_another_as_text() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": {"t": {"kind": "text"}, "n": {"kind": "uint", "width": 6}},
                          "keys": {"PK": [{"literal": "P"}], "SK": [{"field": "t"}, {"field": "n"}]}}]
        }))
        .unwrap();
        let rows: Vec<Values> = ["10", "1500", "240", "9", "x"]
            .iter()
            .map(|n| json!({"t": "a", "n": n}).as_object().cloned().unwrap())
            .collect();
        let samples: Vec<Sample> = rows.iter().map(|r| (&schema.entities[0], r)).collect();
        let c = number_vs_string(&schema.entities[0], "SK", &samples).unwrap();
        assert_eq!(c.field, "n");
        assert_eq!(c.as_number, [3, 0, 2, 1], "9, 10, 240, 1500; x is not a number");
        assert_eq!(c.as_string, [0, 1, 2, 3], "\"10\" < \"1500\" < \"240\" < \"9\"");
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
        let groups = collections(&schema, None, &rows);
        assert_eq!(groups.len(), 2, "d1 and d2; the overflowing reading is in neither");
        let d1 = &groups[0];
        assert_eq!(d1.partition, "DEVICE#d1");
        let keys: Vec<&str> = d1.items.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(keys, ["#READING#0002", "#READING#0010", "DEVICE#d1"]);
        assert_eq!(d1.parent_place(), Some((2, 0)), "readings before the parent");
        assert!(d1.items[2].parent && !d1.items[0].parent);
        assert_eq!(groups[1].parent_place(), None, "d2 has no device item");
        assert!(collections(&schema, Some("nope"), &rows).is_empty());
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
            overwritten_by(&schema, &rows),
            [Some(4), None, Some(4), None, None],
            "the last write stays"
        );
    }
}
