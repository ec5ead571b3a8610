//! The table keys several items write, after an edit of a few items, from the ones
//! found before it: at 100,000 items, hashing every table key again after a value edit
//! was 8–9 ms of the page's deferred task, for one key that changed.

use super::{ItemKeys, SharedKey};
use crate::schema::Schema;
use std::rc::Rc;

/// At most this many changed items are followed; past it, every key is hashed again
/// (each changed key not shared before costs a pass over the items).
pub(super) const FOLLOWED_AT_MOST: usize = 8;

/// What the shared keys after an edit start from: the ones before it, and the rows whose
/// table key may differ (edited, added or gone), in row order. Every other row writes
/// the table key it wrote before.
#[derive(Clone, Debug)]
pub(super) struct SharedBefore {
    pub shared: Rc<Vec<SharedKey>>,
    pub changed: Vec<usize>,
}

/// [`super::shared_table_keys_among`] over every item, from `before`: the groups lose
/// the changed rows, and each changed row joins the group of its key, or makes one with
/// the one unchanged row that writes its key (two unchanged rows with one key were a
/// group already).
pub(super) fn shared_after(before: &SharedBefore, schema: &Schema, keys: &ItemKeys) -> Vec<SharedKey> {
    let Some((partitions, sorts)) = super::collections::table_key_columns(schema, keys) else {
        return Vec::new();
    };
    let table_key = |row: usize| -> Option<(&str, Option<&str>)> {
        let pk = partitions.get(row)?;
        match sorts {
            Some(column) => Some((pk, Some(column.get(row)?))),
            None => Some((pk, None)),
        }
    };
    let rows = partitions.len();
    let changed = |row: usize| before.changed.binary_search(&row).is_ok();
    let mut groups: Vec<SharedKey> = before
        .shared
        .iter()
        .map(|g| SharedKey {
            rows: g.rows.iter().copied().filter(|&r| r < rows && !changed(r)).collect(),
            ..g.clone()
        })
        .filter(|g| !g.rows.is_empty())
        .collect();
    for &row in before.changed.iter().filter(|&&r| r < rows) {
        let Some(key) = table_key(row) else {
            continue;
        };
        let same = |g: &SharedKey| (g.partition.as_str(), g.sort.as_deref()) == key;
        match groups.iter_mut().find(|g| same(g)) {
            Some(group) => in_order(&mut group.rows, row),
            None => {
                let mut rows: Vec<usize> = (0..rows)
                    .find(|&r| !changed(r) && table_key(r) == Some(key))
                    .into_iter()
                    .collect();
                in_order(&mut rows, row);
                groups.push(SharedKey {
                    partition: key.0.to_string(),
                    sort: key.1.map(str::to_string),
                    rows,
                });
            }
        }
    }
    groups.retain(|g| g.rows.len() > 1);
    // Back in the order of their first items: the groups were in it but for the few an
    // edit touched, so each is placed by a binary search (a sort of groups, compiled for
    // this alone, cost 1.3 KB gzip of the page).
    let mut ordered: Vec<SharedKey> = Vec::with_capacity(groups.len());
    for group in groups {
        let at = ordered.partition_point(|o| o.rows[0] < group.rows[0]);
        ordered.insert(at, group);
    }
    ordered
}

/// Puts `row` into `rows`, which are in order, in its place: a binary search, where a
/// sort would be compiled into the page for this alone.
pub(crate) fn in_order(rows: &mut Vec<usize>, row: usize) {
    rows.insert(rows.partition_point(|&r| r < row), row);
}
