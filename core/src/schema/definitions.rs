//! The table as DynamoDB's own definitions: the input of `aws dynamodb create-table`,
//! of `update-table` adding one GSI, and an `AWS::DynamoDB::Table` CloudFormation
//! resource. A multi-attribute key lists its HASH entries, then its RANGE entries,
//! each in key order, as DynamoDB requires.

use super::{KeySchema, Table};
use serde_json::{json, Value};

fn key_schema(keys: &KeySchema) -> Value {
    let hash = keys
        .partition_attributes()
        .map(|a| json!({"AttributeName": a, "KeyType": "HASH"}));
    let range = keys
        .sort_attributes()
        .map(|a| json!({"AttributeName": a, "KeyType": "RANGE"}));
    Value::Array(hash.chain(range).collect())
}

/// Every attribute the keys use, once, in the order the table declares them.
fn attribute_definitions<'k>(table: &Table, keys: impl Iterator<Item = &'k KeySchema> + Clone) -> Value {
    let used = |name: &str| {
        keys.clone()
            .any(|k| k.partition_attributes().chain(k.sort_attributes()).any(|a| a == name))
    };
    Value::Array(
        table
            .attributes
            .iter()
            .filter(|(name, _)| used(name))
            .map(|(name, t)| json!({"AttributeName": name, "AttributeType": t.as_str()}))
            .collect(),
    )
}

fn index(name: &str, keys: &KeySchema) -> Value {
    json!({
        "IndexName": name,
        "KeySchema": key_schema(keys),
        "Projection": {"ProjectionType": "ALL"},
    })
}

fn all_keys(table: &Table) -> impl Iterator<Item = &KeySchema> + Clone {
    std::iter::once(&table.primary).chain(table.indexes.iter().map(|i| &i.keys))
}

/// The table's properties, shared by create-table and CloudFormation.
fn properties(table: &Table) -> serde_json::Map<String, Value> {
    let mut p = serde_json::Map::new();
    p.insert("TableName".into(), json!(table.name));
    p.insert(
        "AttributeDefinitions".into(),
        attribute_definitions(table, all_keys(table)),
    );
    p.insert("KeySchema".into(), key_schema(&table.primary));
    p.insert("BillingMode".into(), json!("PAY_PER_REQUEST"));
    if !table.indexes.is_empty() {
        p.insert(
            "GlobalSecondaryIndexes".into(),
            Value::Array(table.indexes.iter().map(|i| index(&i.name, &i.keys)).collect()),
        );
    }
    p
}

/// The input of `aws dynamodb create-table --cli-input-json`.
pub fn create_table(table: &Table) -> Value {
    Value::Object(properties(table))
}

/// The input of `aws dynamodb update-table --cli-input-json` that adds the index named
/// `name`; `None` when the table has no such index.
pub fn add_index(table: &Table, name: &str) -> Option<Value> {
    let ix = table.indexes.iter().find(|i| i.name == name)?;
    Some(json!({
        "TableName": table.name,
        "AttributeDefinitions": attribute_definitions(table, std::iter::once(&ix.keys)),
        "GlobalSecondaryIndexUpdates": [{"Create": index(&ix.name, &ix.keys)}],
    }))
}

/// An `AWS::DynamoDB::Table` resource for a CloudFormation template's `Resources`.
pub fn cloudformation(table: &Table) -> Value {
    json!({"Type": "AWS::DynamoDB::Table", "Properties": Value::Object(properties(table))})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Schema;

    fn table(indexes: Value) -> Table {
        let doc = json!({
            "version": 1, "separator": "#",
            "table": {"name": "Shop", "attributes": {"PK": "S", "SK": "S", "customer": "S", "status": "S", "date": "S", "amount": "N", "unused": "S"},
                      "primary": {"partition": "PK", "sort": "SK"}, "indexes": indexes},
            "entities": [],
        });
        Schema::from_value(&doc).expect("valid").table
    }

    #[test]
    fn hash_entries_precede_range_entries_and_only_used_attributes_are_defined() {
        let t = table(json!([{"name": "ByStatus", "partition": ["customer", "status"], "sort": ["date", "amount"]}]));
        let create = create_table(&t);
        assert_eq!(
            create["GlobalSecondaryIndexes"][0]["KeySchema"],
            json!([
                {"AttributeName": "customer", "KeyType": "HASH"},
                {"AttributeName": "status", "KeyType": "HASH"},
                {"AttributeName": "date", "KeyType": "RANGE"},
                {"AttributeName": "amount", "KeyType": "RANGE"},
            ])
        );
        let defined: Vec<&str> = create["AttributeDefinitions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["AttributeName"].as_str().unwrap())
            .collect();
        // DynamoDB refuses a definition no key uses.
        assert_eq!(defined, ["PK", "SK", "customer", "status", "date", "amount"]);
        assert_eq!(
            create["AttributeDefinitions"][5],
            json!({"AttributeName": "amount", "AttributeType": "N"})
        );
        let add = add_index(&t, "ByStatus").unwrap();
        assert_eq!(add["GlobalSecondaryIndexUpdates"][0]["Create"]["IndexName"], "ByStatus");
        assert_eq!(add["AttributeDefinitions"].as_array().unwrap().len(), 4);
        assert!(add_index(&t, "Nope").is_none());
        let cfn = cloudformation(&t);
        assert_eq!(cfn["Type"], "AWS::DynamoDB::Table");
        assert_eq!(cfn["Properties"]["KeySchema"], create["KeySchema"]);
    }

    #[test]
    fn a_single_attribute_table_is_written_as_it_always_was() {
        let t = table(json!([]));
        let create = create_table(&t);
        assert_eq!(
            create["KeySchema"],
            json!([{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
        );
        assert!(create.get("GlobalSecondaryIndexes").is_none());
    }
}
