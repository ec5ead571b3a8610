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
            Some(group) => group.rows.push(row),
            None => {
                let alone = (0..rows).find(|&r| !changed(r) && table_key(r) == Some(key));
                groups.push(SharedKey {
                    partition: key.0.to_string(),
                    sort: key.1.map(str::to_string),
                    rows: alone.into_iter().chain([row]).collect(),
                });
            }
        }
    }
    groups.retain_mut(|g| {
        g.rows.sort_unstable();
        g.rows.len() > 1
    });
    groups.sort_by_key(|g| g.rows[0]);
    groups
}
