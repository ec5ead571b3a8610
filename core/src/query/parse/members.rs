//! The Query input's members other than the key condition. A member keylab does not
//! know is refused (a misspelt `ScanIndexFoward` would otherwise read as absent), and
//! one DynamoDB knows but keylab does not simulate is refused too, saying so: the
//! preview would show items a filter removes. A filter naming a key attribute is
//! refused first with DynamoDB's own message, since DynamoDB refuses it anyway.

use super::*;

/// What keylab reads from a Query input.
const READ: [&str; 9] = [
    "TableName",
    "IndexName",
    "KeyConditionExpression",
    "ExpressionAttributeNames",
    "ExpressionAttributeValues",
    "ScanIndexForward",
    "Limit",
    "ExclusiveStartKey",
    "ConsistentRead",
];

/// Query members DynamoDB accepts that keylab does not simulate.
const NOT_SIMULATED: [&str; 9] = [
    "FilterExpression",
    "ProjectionExpression",
    "Select",
    "ReturnConsumedCapacity",
    "KeyConditions",
    "QueryFilter",
    "AttributesToGet",
    "ConditionalOperator",
    "ReturnValues",
];

/// The attribute names an expression refers to: `#placeholders` resolved, and bare
/// names (words that are not keywords, functions or `:values`).
fn named_attributes(expression: &str, names: Option<&Map<String, Value>>) -> Vec<String> {
    const WORDS: [&str; 12] = [
        "AND",
        "OR",
        "NOT",
        "BETWEEN",
        "IN",
        "size",
        "contains",
        "begins_with",
        "attribute_exists",
        "attribute_not_exists",
        "attribute_type",
        "TRUE",
    ];
    expression
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '#' || c == ':'))
        .filter(|w| !w.is_empty() && !w.starts_with(':') && !w.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .filter(|w| !WORDS.iter().any(|k| k.eq_ignore_ascii_case(w)))
        .filter_map(|w| match w.strip_prefix('#') {
            Some(_) => names.and_then(|m| m.get(w)).and_then(Value::as_str).map(str::to_string),
            None => Some(w.to_string()),
        })
        .collect()
}

pub(super) fn check(
    obj: &Map<String, Value>,
    table: &Table,
    names: Option<&Map<String, Value>>,
) -> Result<(), ValidationError> {
    if let Some(unknown) = obj
        .keys()
        .find(|k| !READ.contains(&k.as_str()) && !NOT_SIMULATED.contains(&k.as_str()))
    {
        return fail(format!(
            "{unknown} is not a parameter of Query (keylab reads {}); check its spelling",
            READ.join(", ")
        ));
    }
    if let Some(Value::String(filter)) = obj.get("FilterExpression") {
        let index = obj.get("IndexName").and_then(Value::as_str);
        if let Some(keys) = table.key_schema(index) {
            if let Some(key) = named_attributes(filter, names)
                .into_iter()
                .find(|a| keys.role_of(a).is_some())
            {
                return fail(format!(
                    "Filter Expression can only contain non-primary key attributes: Primary key attribute: {key}"
                ));
            }
        }
    }
    // A strongly consistent read changes no item or order, so it is read, not refused;
    // a GSI cannot give one (the table and an LSI can).
    match obj.get("ConsistentRead") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => {}
        Some(Value::Bool(true)) => {
            let index = obj.get("IndexName").and_then(Value::as_str);
            if index.is_some_and(|i| table.indexes.iter().any(|x| x.name == i)) {
                return fail("Consistent reads are not supported on global secondary indexes");
            }
        }
        Some(_) => return fail("ConsistentRead must be true or false"),
    }
    if let Some(member) = NOT_SIMULATED.iter().find(|m| obj.contains_key(**m)) {
        return fail(format!(
            "keylab simulates the key condition, and {member} is not simulated: remove it here to validate and run the rest (DynamoDB applies it as documented)"
        ));
    }
    Ok(())
}
