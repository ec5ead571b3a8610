//! Which partition of an index each sample item is in. A partition is the items with
//! equal partition keys; for a multi-attribute key (up to four attributes) it is the
//! items equal on every one of them, the tuple, never its first attribute alone:
//! orders by (customer, status) are not one partition per customer.

use super::{Groups, ItemKeys};
use crate::schema::KeySchema;
use std::collections::HashMap;
use std::rc::Rc;

/// Between the attributes of a tuple's label.
const BETWEEN: &str = " · ";

/// The items grouped by partition, each group with its label: the key itself, or the
/// tuple named attribute by attribute (`customer c-17 · status SHIPPED`).
pub struct Partitions {
    pub groups: Rc<Groups>,
    pub labels: Vec<String>,
}

/// A multi-attribute partition in words, attribute by attribute, as the partition
/// picker lists it and a query's partition is said: `customer c-17 · status SHIPPED`.
///
/// ```
/// let tuple = [("customer", "c-17"), ("status", "SHIPPED")];
/// assert_eq!(keylab::preview::tuple_label(tuple), "customer c-17 · status SHIPPED");
/// ```
pub fn tuple_label<'a>(parts: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let said: Vec<String> = parts.into_iter().map(|(a, v)| format!("{a} {v}")).collect();
    said.join(BETWEEN)
}

/// The partitions of the index keyed by `key`; `None` when no item writes one of its
/// partition attributes. An item without every partition attribute is in none (a
/// sparse index leaves it out).
pub fn partitions(key: &KeySchema, keys: &ItemKeys) -> Option<Partitions> {
    let attributes: Vec<&str> = key.partition_attributes().collect();
    let columns = (attributes.iter()).map(|a| keys.of(a)).collect::<Option<Vec<_>>>()?;
    if let [only] = columns.as_slice() {
        // One attribute: its column's own groups, worked out once per column.
        let groups = only.groups().clone();
        let labels = (groups.first_item.iter())
            .map(|&first| only.get(first).unwrap_or_default().to_string())
            .collect();
        return Some(Partitions { groups, labels });
    }
    // Several: each item's tuple of its groups in every column, numbered as first met.
    let each: Vec<&Rc<Groups>> = columns.iter().map(|c| c.groups()).collect();
    let rows = each.iter().map(|g| g.of_item.len()).min().unwrap_or(0);
    let mut numbered: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut groups = Groups::default();
    for row in 0..rows {
        let tuple: Option<Vec<u32>> = each.iter().map(|g| g.of_item[row]).collect();
        let group = tuple.map(|tuple| {
            *numbered.entry(tuple).or_insert_with(|| {
                groups.first_item.push(row);
                (groups.first_item.len() - 1) as u32
            })
        });
        groups.of_item.push(group);
    }
    let labels = (groups.first_item.iter())
        .map(|&first| {
            tuple_label(
                attributes
                    .iter()
                    .zip(&columns)
                    .map(|(a, c)| (*a, c.get(first).unwrap_or_default())),
            )
        })
        .collect();
    Some(Partitions {
        groups: Rc::new(groups),
        labels,
    })
}

#[cfg(test)]
mod tests {
    use crate::preview::{collections, ItemKeys, Sample};
    use crate::schema::Schema;
    use serde_json::json;

    /// Orders by (customer, status): a partition is a customer's orders of one status.
    /// Before, the collections were one per customer, each mixing its statuses.
    #[test]
    fn a_multi_attribute_partition_is_the_tuple_of_its_attributes() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "Shop", "attributes": {"PK": "S", "customer": "S", "status": "S", "date": "S"},
                      "primary": {"partition": "PK"},
                      "indexes": [{"name": "ByStatus", "partition": ["customer", "status"], "sort": "date"}]},
            "entities": [{"name": "Order",
                "fields": {"customer": {"kind": "text"}, "status": {"kind": "text", "case": "upper"}, "date": {"kind": "text"}, "id": {"kind": "text"}},
                "keys": {"PK": [{"field": "id"}], "customer": [{"field": "customer"}], "status": [{"field": "status"}], "date": [{"field": "date"}]}}]
        }))
        .unwrap();
        let values: Vec<crate::Values> = [
            ("c-17", "open", "2026-11-02", "1"),
            ("c-17", "shipped", "2026-10-28", "2"),
            ("c-17", "open", "2026-10-30", "3"),
            ("c-42", "open", "2026-11-03", "4"),
            // Without a status: not in the index (sparse), so in no partition.
            ("c-42", "", "2026-11-04", "5"),
        ]
        .iter()
        .map(|(c, s, d, id)| {
            let mut v = json!({"customer": c, "date": d, "id": id});
            if !s.is_empty() {
                v["status"] = json!(s);
            }
            v.as_object().cloned().unwrap()
        })
        .collect();
        let rows: Vec<Sample> = values.iter().map(|v| (&schema.entities[0], v)).collect();
        let keys = ItemKeys::new(&schema, &rows);
        let found: Vec<(String, Vec<usize>)> = collections(&schema, Some("ByStatus"), &rows, &keys)
            .into_iter()
            .map(|c| (c.partition, c.items.iter().map(|i| i.row).collect()))
            .collect();
        assert_eq!(
            found,
            [
                ("customer c-17 · status OPEN".to_string(), vec![2, 0]),
                ("customer c-17 · status SHIPPED".to_string(), vec![1]),
                ("customer c-42 · status OPEN".to_string(), vec![3]),
            ]
        );
    }
}
