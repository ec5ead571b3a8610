//! The parser and validator: every built query parses back to itself, and invalid
//! inputs fail with DynamoDB's message, pointing at the offending token.

mod common;
use keylab::query::builder::{build, AccessPattern};
use keylab::query::parse::parse_input;
use keylab::query::ValueStyle;
use serde_json::{json, Value};

fn input(expr: &str, names: Value, values: Value) -> Value {
    let mut v = json!({"TableName": "Leaderboard", "KeyConditionExpression": expr});
    if !names.is_null() {
        v["ExpressionAttributeNames"] = names;
    }
    if !values.is_null() {
        v["ExpressionAttributeValues"] = values;
    }
    v
}

fn err(expr: &str, names: Value, values: Value) -> keylab::query::parse::ValidationError {
    parse_input(&common::leaderboard().table, &input(expr, names, values)).expect_err(expr)
}

#[test]
fn built_queries_parse_back_to_themselves() {
    let schema = common::leaderboard();
    for sort in [
        json!(null),
        json!({"equal": {"score": 1500}}),
        json!({"equal": {"score": 1500, "at": 1719100800, "player": "p_1"}}),
        json!({"range": {"field": "score", "op": "ge", "value": 100}}),
        json!({"range": {"field": "score", "op": "lt", "value": 100}}),
        json!({"equal": {"score": 1}, "range": {"field": "at", "op": "gt", "value": 5}}),
    ] {
        let mut p = json!({"entity": "Run", "partition": {"season": "x"}, "scanIndexForward": false, "limit": 3});
        if !sort.is_null() {
            p["sort"] = sort;
        }
        let pattern: AccessPattern = serde_json::from_value(p).unwrap();
        let built = build(&schema, &pattern).unwrap();
        let parsed = parse_input(&schema.table, &built.query.to_input(ValueStyle::DynamoJson)).unwrap();
        assert_eq!(parsed, built.query);
    }
}

#[test]
fn hand_written_expressions_parse() {
    let t = common::leaderboard().table;
    let ok = |e: &str, names: Value, values: Value| parse_input(&t, &input(e, names, values)).unwrap();
    let q = ok(
        "PK = :p AND begins_with(SK, :s)",
        Value::Null,
        json!({":p": {"S": "a"}, ":s": {"S": "b"}}),
    );
    assert!(matches!(q.sort, Some((_, keylab::query::KeyCondition::BeginsWith(_)))));
    let q = ok(
        "(:p = PK) and (:s > SK)",
        Value::Null,
        json!({":p": {"S": "a"}, ":s": {"S": "b"}}),
    );
    assert!(
        matches!(q.sort, Some((_, keylab::query::KeyCondition::Lt(_)))),
        "operands flip"
    );
    ok("#k = :p", json!({"#k": "PK"}), json!({":p": {"S": "a"}}));
}

#[test]
fn invalid_expressions_fail_like_dynamodb() {
    let v = json!({":p": {"S": "a"}, ":s": {"S": "b"}});
    let cases: Vec<(&str, Value, Value, &str)> = vec![
        (
            "PK = :p OR SK = :s",
            Value::Null,
            v.clone(),
            "Invalid operator used in KeyConditionExpression: OR",
        ),
        (
            "PK = :p AND NOT SK = :s",
            Value::Null,
            v.clone(),
            "Invalid operator used in KeyConditionExpression: NOT",
        ),
        (
            "PK = :p AND SK <> :s",
            Value::Null,
            v.clone(),
            "Invalid operator used in KeyConditionExpression: <>",
        ),
        (
            "PK = :p AND SK IN (:s)",
            Value::Null,
            v.clone(),
            "Invalid operator used in KeyConditionExpression: IN",
        ),
        (
            "PK = :p AND BEGINS_WITH(SK, :s)",
            Value::Null,
            v.clone(),
            "Invalid function name; function: BEGINS_WITH",
        ),
        (
            "PK = :p AND PK = :s",
            Value::Null,
            v.clone(),
            "only contain one condition per key",
        ),
        (
            "PK < :p AND SK = :s",
            Value::Null,
            v.clone(),
            "Query key condition not supported",
        ),
        (
            "SK = :s",
            Value::Null,
            json!({":s": {"S": "b"}}),
            "Query condition missed key schema element: PK",
        ),
        (
            "PK = :p AND GSI1SK = :s",
            Value::Null,
            v.clone(),
            "Query condition missed key schema element: SK",
        ),
        (
            "PK = :p AND SK = :x",
            Value::Null,
            v.clone(),
            "attribute value used in expression is not defined; attribute value: :x",
        ),
        (
            "#a = :p",
            json!({"#b": "PK"}),
            json!({":p": {"S": "a"}}),
            "attribute name used in the document path is not defined; attribute name: #a",
        ),
        ("PK = :p", Value::Null, v.clone(), "unused in expressions: keys: {:s}"),
        (
            "PK = :p AND name = :s",
            Value::Null,
            v.clone(),
            "reserved keyword; reserved keyword: name",
        ),
        (
            "PK = :p AND SK BETWEEN :s AND :p",
            Value::Null,
            v.clone(),
            "requires upper bound to be greater than or equal to lower bound",
        ),
        (
            "PK = :p AND SK = :s",
            Value::Null,
            json!({":p": {"N": "1"}, ":s": {"S": "b"}}),
            "Condition parameter type does not match schema type",
        ),
        (
            "PK = :p AND SK = :s",
            Value::Null,
            json!({":p": {"S": ""}, ":s": {"S": "b"}}),
            "cannot contain an empty string value. Key: PK",
        ),
        (
            "PK = :p AND SK.x = :s",
            Value::Null,
            v.clone(),
            "cannot have conditions on nested attributes",
        ),
        (
            "PK = :p AND SK = ",
            Value::Null,
            v.clone(),
            "Syntax error; token: \"<EOF>\"",
        ),
        ("", Value::Null, Value::Null, "The expression can not be empty"),
        (
            "PK = :p AND size(SK) = :s",
            Value::Null,
            v.clone(),
            "cannot contain nested operations",
        ),
        (
            "PK = :p AND attribute_exists(SK)",
            Value::Null,
            json!({":p": {"S": "a"}}),
            "Invalid operator used in KeyConditionExpression: attribute_exists",
        ),
        (
            "PK = :p AND SK = PK",
            Value::Null,
            json!({":p": {"S": "a"}}),
            "Multiple attribute names used in one condition",
        ),
    ];
    for (expr, names, values, needle) in cases {
        let e = err(expr, names, values);
        assert!(
            e.message.contains(needle),
            "{expr}: {} does not contain {needle}",
            e.message
        );
    }
}

#[test]
fn errors_point_at_the_offending_token() {
    let e = err(
        "PK = :p AND SK = :x",
        Value::Null,
        json!({":p": {"S": "a"}, ":x2": {"S": "b"}}),
    );
    assert_eq!((e.offset, e.token.as_deref()), (Some(17), Some(":x")));
    let e = err(
        "PK = :p AND status = :s",
        Value::Null,
        json!({":p": {"S": "a"}, ":s": {"S": "b"}}),
    );
    assert_eq!((e.offset, e.token.as_deref()), (Some(12), Some("status")));
    assert!(e.to_string().ends_with("(at character 13)"), "{e}");
}
