//! L8: an index whose partition key holds everything that keys the table, so each of
//! its partitions holds one item of the entity and its sort key orders nothing. It is
//! what moving a field into a GSI makes when the index is keyed as the table was: the
//! table's key had the field *and* the item's id, so the id lands in the partition.

use super::{Finding, Rule, Severity};
use crate::schema::{Entity, Schema};

pub(super) fn one_item_per_partition(schema: &Schema, entity: &Entity) -> Vec<Finding> {
    let table = &schema.table;
    let identity: Vec<&str> = (entity.keys.iter())
        .filter(|t| table.is_primary_key(&t.attribute))
        .flat_map(|t| t.fields())
        .collect();
    if identity.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for index in &table.indexes {
        let (partition, Some(sort)) = (&index.keys.partition, index.keys.sort.as_ref()) else {
            continue;
        };
        let Some(template) = entity.template(partition) else {
            continue;
        };
        // Another entity in the same partitions makes it an item collection, which a
        // sort key does order.
        let shared = (schema.entities.iter()).any(|e| e.name != entity.name && e.template(partition).is_some());
        if shared || !identity.iter().all(|f| template.fields().any(|g| g == *f)) {
            continue;
        }
        out.push(Finding {
            rule: Rule::OneItemPerPartition,
            severity: Severity::Warning,
            entity: entity.name.clone(),
            attribute: Some(partition.clone()),
            field: None,
            sentence: format!(
                "Index {}'s partition key {} ({}) holds {}, which key the table, so each of its partitions holds one {} and its sort key {} orders nothing.",
                index.name,
                partition,
                template.pattern(&schema.separator),
                identity.join(", "),
                entity.name,
                sort
            ),
            evidence: Vec::new(),
            fix: format!(
                "Key {partition} by a field several {} items share (the group a query reads, such as a project or a customer), and keep the id in {sort}.",
                entity.name
            ),
        });
    }
    out
}

/// The fields a GSI that orders `field` can group the entity's items by: every other
/// field, those two or more samples share first (most shared first), and among equals
/// those outside the table's key before its own (an item's own id groups one item).
/// A field of the table's partition key that items share (a leaderboard's season) is a
/// group like any other: the index keeps the items of one season together.
pub fn group_fields(schema: &Schema, entity: &Entity, field: &str, items: &[&crate::Values]) -> Vec<String> {
    let table = &schema.table;
    let in_table_key: Vec<&str> = (entity.keys.iter())
        .filter(|t| table.is_primary_key(&t.attribute))
        .flat_map(|t| t.fields())
        .collect();
    let mut scored: Vec<(usize, bool, &str)> = (entity.fields.iter())
        .map(|f| f.name.as_str())
        .filter(|f| *f != field)
        .map(|f| {
            let mut values: Vec<String> = items.iter().filter_map(|v| v.get(f)).map(|v| v.to_string()).collect();
            let count = values.len();
            crate::codec::order::sort_texts(&mut values);
            values.dedup();
            (count - values.len(), in_table_key.contains(&f), f)
        })
        .collect();
    crate::codec::order::sort_items(&mut scored, |a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, _, f)| f.to_string()).collect()
}

/// An index that already orders `field` within groups of `group` for the entity: its
/// partition template holds `group` and none of the table's key, its sort template
/// `field`. Moving `field` out of the table's key is then the whole fix.
pub fn serving_index<'s>(schema: &'s Schema, entity: &Entity, field: &str, group: &str) -> Option<&'s str> {
    schema.table.indexes.iter().find_map(|index| {
        let partition = entity.template(&index.keys.partition)?;
        let sort = entity.template(index.keys.sort.as_deref()?)?;
        let groups = partition.fields().any(|f| f == group);
        (groups && sort.fields().any(|f| f == field)).then_some(index.name.as_str())
    })
}
