//! Multi-attribute GSI keys (DynamoDB, November 2025), held to the documented rules:
//! the schema shape, the builder, the parser's conformance set (for each rule an
//! accepted and a rejected input with its message), and the evaluator's tuple order,
//! sparse membership and paging, with a property test against a reference comparator.
//!
//! No local engine here implements multi-attribute keys (dynalite rejects a key schema
//! of more than one HASH element), so these run against the documented rules, not an
//! engine: see docs/schema.md, "Multi-attribute GSI keys".

use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{run, Item};
use keylab::query::parse::parse_input;
use keylab::query::ValueStyle;
use keylab::{Schema, Values};
use proptest::prelude::*;
use serde_json::{json, Value};

/// Orders by (customer, status) → (date, amount): the new preset's design. `status`
/// and `date` are DynamoDB reserved words, so every name must be aliased.
fn orders_json() -> Value {
    json!({
      "version": 1, "separator": "#",
      "table": {
        "name": "Shop",
        "attributes": {"PK": "S", "SK": "S", "customer": "S", "status": "S", "date": "S", "amount": "N"},
        "primary": {"partition": "PK", "sort": "SK"},
        "indexes": [{"name": "ByStatus", "partition": ["customer", "status"], "sort": ["date", "amount"]}]
      },
      "entities": [{
        "name": "Order",
        "fields": {
          "customer": {"kind": "text", "maxLength": 64},
          "status": {"kind": "text", "case": "upper", "maxLength": 16},
          "date": {"kind": "timestamp", "unit": "iso"},
          "amount": {"kind": "decimal", "width": 8, "scale": 2},
          "id": {"kind": "uint", "width": 6}
        },
        "keys": {
          "PK": [{"literal": "CUSTOMER"}, {"field": "customer"}],
          "SK": [{"literal": "ORDER"}, {"field": "id"}],
          "customer": [{"field": "customer"}],
          "status": [{"field": "status"}],
          "date": [{"field": "date"}],
          "amount": [{"field": "amount"}]
        }
      }]
    })
}

fn orders() -> Schema {
    Schema::from_value(&orders_json()).expect("the orders schema is valid")
}

fn refusal(doc: Value) -> String {
    Schema::from_value(&doc)
        .expect_err("refused")
        .0
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn an_index_key_of_several_attributes_is_written_as_a_list_and_read_back() {
    let s = orders();
    let keys = s.table.key_schema(Some("ByStatus")).unwrap();
    assert_eq!(keys.partition_attributes().collect::<Vec<_>>(), ["customer", "status"]);
    assert_eq!(keys.sort_attributes().collect::<Vec<_>>(), ["date", "amount"]);
    let written = s.to_value();
    assert_eq!(
        written["table"]["indexes"][0]["partition"],
        json!(["customer", "status"])
    );
    assert_eq!(written["table"]["indexes"][0]["sort"], json!(["date", "amount"]));
    // The table's own key stays one string each.
    assert_eq!(written["table"]["primary"]["partition"], json!("PK"));
    assert_eq!(Schema::from_value(&written).unwrap(), s);
}

#[test]
fn shapes_dynamodb_does_not_allow_are_refused_with_the_rule_and_the_fix() {
    let mut doc = orders_json();
    doc["table"]["primary"]["partition"] = json!(["PK", "customer"]);
    let why = refusal(doc);
    assert!(why.contains("$.table.primary.partition"), "{why}");
    assert!(
        why.contains("only a global secondary index may have a key of several attributes"),
        "{why}"
    );

    let mut doc = orders_json();
    doc["table"]["indexes"][0]["sort"] = json!(["date", "amount", "PK", "SK", "customer"]);
    let why = refusal(doc);
    assert!(
        why.contains("lists 5 attributes; a GSI's partition or sort key has 1 to 4"),
        "{why}"
    );

    let mut doc = orders_json();
    doc["table"]["indexes"][0]["sort"] = json!(["date", "customer"]);
    assert!(refusal(doc).contains("uses the attribute \"customer\" twice in one key"));

    // A number in an S attribute would be stored padded: it belongs in an N attribute.
    let mut doc = orders_json();
    doc["table"]["attributes"]["amount"] = json!("S");
    let why = refusal(doc);
    assert!(
        why.contains("decimal field in the S attribute amount of ByStatus's multi-attribute key"),
        "{why}"
    );
    assert!(why.contains("make the attribute's type N"), "{why}");

    // Literals and separators have no place: the attributes are compared one by one.
    let mut doc = orders_json();
    doc["entities"][0]["keys"]["status"] = json!([{"literal": "STATUS"}, {"field": "status"}]);
    let why = refusal(doc);
    assert!(
        why.contains("its template is one field, stored as itself, not STATUS#<status>"),
        "{why}"
    );

    // Nothing is stored inverted: ScanIndexForward reverses every attribute at once.
    let mut doc = orders_json();
    doc["entities"][0]["fields"]["date"]["order"] = json!("desc");
    let why = refusal(doc);
    assert!(
        why.contains("stored inverted (order desc) in ByStatus's multi-attribute key"),
        "{why}"
    );
}

fn pattern(v: Value) -> AccessPattern {
    AccessPattern::from_value(&v).expect("a well-formed pattern")
}

#[test]
fn the_builder_writes_one_condition_per_attribute_and_numbers_stay_numbers() {
    let s = orders();
    let built = build(
        &s,
        &pattern(json!({
            "entity": "Order", "index": "ByStatus",
            "partition": {"customer": "c-17", "status": "open"},
            "sort": {"equal": {"date": "2026-11-02T00:00:00Z"}, "range": {"field": "amount", "op": "between", "value": "-12.5", "to": "99.99"}},
        })),
    )
    .expect("builds");
    let input = built.query.to_input(ValueStyle::DynamoJson);
    assert_eq!(
        input["KeyConditionExpression"],
        "#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 BETWEEN :lo AND :hi"
    );
    assert_eq!(
        input["ExpressionAttributeNames"],
        json!({"#pk": "customer", "#pk2": "status", "#sk": "date", "#sk2": "amount"})
    );
    assert_eq!(
        input["ExpressionAttributeValues"],
        json!({
            ":pk": {"S": "c-17"}, ":pk2": {"S": "OPEN"},
            ":sk": {"S": "2026-11-02T00:00:00.000Z"},
            ":lo": {"N": "-12.5"}, ":hi": {"N": "99.99"},
        })
    );
    // What the builder writes, the parser reads back unchanged.
    assert_eq!(parse_input(&s.table, &input).expect("valid"), built.query);
    assert!(built.explanation.starts_with("Returns Order items of ByStatus with customer = c-17 and status = OPEN and date = 2026-11-02T00:00:00.000Z and amount between -12.5 and 99.99"), "{}", built.explanation);
}

#[test]
fn patterns_that_break_a_rule_name_it_and_the_fix() {
    let s = orders();
    let err = |v: Value| build(&s, &pattern(v)).expect_err("refused").to_string();
    let why = err(json!({
        "entity": "Order", "index": "ByStatus", "partition": {"customer": "c", "status": "open"},
        "sort": {"range": {"field": "amount", "op": "ge", "value": 10}},
    }));
    assert!(
        why.contains("a range on 'amount' needs 'date' fixed first (sort attributes go left to right)"),
        "{why}"
    );
    let why = err(json!({
        "entity": "Order", "index": "ByStatus", "partition": {"customer": "c", "status": "open"},
        "sort": {"equal": {"amount": 10}},
    }));
    assert!(
        why.contains("amount needs date fixed first (sort attributes go left to right)"),
        "{why}"
    );
    let why = err(json!({"entity": "Order", "index": "ByStatus", "partition": {"customer": "c"}}));
    assert!(
        why.contains("needs every one of its attributes, and status (status) has no value"),
        "{why}"
    );
    let why = err(json!({
        "entity": "Order", "index": "ByStatus", "partition": {"customer": "c", "status": "open"},
        "sort": {"equal": {"date": "2026-01-01T00:00:00Z"}, "range": {"field": "amount", "op": "begins_with", "value": 1}},
    }));
    assert!(
        why.contains("begins_with works on String attributes, and amount is a Number"),
        "{why}"
    );
    // begins_with on a String attribute is fine.
    let ok = build(
        &s,
        &pattern(json!({
            "entity": "Order", "index": "ByStatus", "partition": {"customer": "c", "status": "open"},
            "sort": {"range": {"field": "date", "op": "begins_with", "value": "2026-11"}},
        })),
    )
    .unwrap();
    assert_eq!(
        ok.query.expression(),
        "#pk = :pk AND #pk2 = :pk2 AND begins_with(#sk, :sk)"
    );
}

/// A pasted input against ByStatus with `expression` and these values.
fn pasted(expression: &str, values: Value) -> Value {
    let names: serde_json::Map<String, Value> = ["customer", "status", "date", "amount", "PK", "note"]
        .iter()
        .filter(|n| expression.contains(&format!("#{n}")))
        .map(|n| (format!("#{n}"), json!(n)))
        .collect();
    json!({
        "TableName": "Shop", "IndexName": "ByStatus",
        "KeyConditionExpression": expression,
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
    })
}

/// The conformance set: for each documented rule, an input DynamoDB accepts and one it
/// rejects, with the message.
#[test]
fn the_parser_accepts_and_rejects_by_each_documented_rule() {
    let s = orders();
    let c = json!({"S": "c"});
    let o = json!({"S": "OPEN"});
    let d = json!({"S": "2026-11-02T00:00:00.000Z"});
    let n = json!({"N": "10"});
    let m = json!({"N": "20"});
    let parse = |expr: &str, values: Value| parse_input(&s.table, &pasted(expr, values));
    let rejected = |expr: &str, values: Value| parse(expr, values).expect_err("rejected").message;

    // Rule 1: every partition attribute takes =.
    assert!(parse("#customer = :c AND #status = :o", json!({":c": c, ":o": o})).is_ok());
    assert!(rejected("#customer = :c", json!({":c": c})).contains("Query condition missed key schema element: status"));
    assert!(rejected("#customer = :c AND #status > :o", json!({":c": c, ":o": o}))
        .contains("partition key attribute status of ByStatus takes only ="));

    // Rule 2: sort attributes left to right, none skipped.
    assert!(parse(
        "#customer = :c AND #status = :o AND #date >= :d",
        json!({":c": c, ":o": o, ":d": d})
    )
    .is_ok());
    assert!(rejected(
        "#customer = :c AND #status = :o AND #amount = :n",
        json!({":c": c, ":o": o, ":n": n})
    )
    .contains("sort key attributes of ByStatus are given left to right; amount needs date first"));

    // Rule 3: an inequality only on the last sort attribute given.
    let q = parse(
        "#customer = :c AND #status = :o AND #date = :d AND #amount BETWEEN :n AND :m",
        json!({":c": c, ":o": o, ":d": d, ":n": n, ":m": m}),
    )
    .expect("accepted");
    assert_eq!(q.sort_leading.len(), 1);
    assert!(rejected(
        "#customer = :c AND #status = :o AND #date < :d AND #amount = :n",
        json!({":c": c, ":o": o, ":d": d, ":n": n})
    )
    .contains("only the last sort key attribute given may have a range condition; date comes before amount"));

    // Rule 4: only key attributes: a filter on another attribute is not a key condition.
    assert!(rejected(
        "#customer = :c AND #status = :o AND #note = :n",
        json!({":c": c, ":o": o, ":n": n})
    )
    .contains("note is not a key of ByStatus"));

    // Rule 5: begins_with only on a String attribute.
    assert!(parse(
        "#customer = :c AND #status = :o AND begins_with(#date, :d)",
        json!({":c": c, ":o": o, ":d": d})
    )
    .is_ok());
    assert!(rejected(
        "#customer = :c AND #status = :o AND #date = :d AND begins_with(#amount, :n)",
        json!({":c": c, ":o": o, ":d": d, ":n": n})
    )
    .contains("operator or function: begins_with, operand type: N"));

    // Rule 6: one condition per attribute; the order in the expression does not matter.
    assert!(rejected(
        "#customer = :c AND #customer = :c AND #status = :o",
        json!({":c": c, ":o": o})
    )
    .contains("KeyConditionExpressions must only contain one condition per key"));
    assert!(parse(
        "#status = :o AND #date = :d AND #customer = :c",
        json!({":c": c, ":o": o, ":d": d})
    )
    .is_ok());

    // Rule 7: the types the schema gives: amount is a Number.
    assert!(rejected(
        "#customer = :c AND #status = :o AND #date = :d AND #amount = :n",
        json!({":c": c, ":o": o, ":d": d, ":n": {"S": "10"}})
    )
    .contains("Condition parameter type does not match schema type"));
}

fn item(customer: &str, status: Option<&str>, date: &str, cents: i64, id: u32) -> Item {
    let mut m = serde_json::Map::new();
    m.insert("PK".into(), json!({"S": format!("CUSTOMER#{customer}")}));
    m.insert("SK".into(), json!({"S": format!("ORDER#{id:06}")}));
    m.insert("customer".into(), json!({"S": customer}));
    if let Some(s) = status {
        m.insert("status".into(), json!({"S": s}));
    }
    m.insert("date".into(), json!({"S": date}));
    m.insert("amount".into(), json!({"N": decimal(cents)}));
    m
}

/// Cents as DynamoDB's number text: `-1250` → `-12.5`.
fn decimal(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let (whole, frac) = (cents.unsigned_abs() / 100, cents.unsigned_abs() % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

fn partition_query(s: &Schema, forward: bool, limit: Option<u32>) -> keylab::query::Query {
    let mut q = build(
        s,
        &pattern(json!({"entity": "Order", "index": "ByStatus", "partition": {"customer": "c", "status": "open"}})),
    )
    .unwrap()
    .query;
    q.scan_index_forward = forward;
    q.limit = limit;
    q
}

/// Every page of a query, followed by its LastEvaluatedKey.
fn all_pages(s: &Schema, items: &[Item], mut q: keylab::query::Query) -> Vec<Vec<Item>> {
    let mut pages = Vec::new();
    for _ in 0..1000 {
        let page = run(&s.table, items, &q);
        pages.push(page.items);
        match page.last_evaluated_key {
            Some(k) => q.exclusive_start_key = Some(k),
            None => break,
        }
    }
    pages
}

#[test]
fn items_without_every_key_attribute_are_not_in_the_index_and_pages_carry_every_key() {
    let s = orders();
    let items = vec![
        item("c", Some("OPEN"), "2026-11-02", 500, 1),
        item("c", None, "2026-11-01", 100, 2),
        item("c", Some("OPEN"), "2026-11-02", -1250, 3),
        item("c", Some("SHIPPED"), "2026-11-01", 100, 4),
        item("d", Some("OPEN"), "2026-11-01", 100, 5),
        item("c", Some("OPEN"), "2026-10-30", 99999, 6),
    ];
    let page = run(&s.table, &items, &partition_query(&s, true, Some(2)));
    let ids: Vec<&str> = page.items.iter().map(|i| i["SK"]["S"].as_str().unwrap()).collect();
    // By date, then amount numerically (−12.5 before 5): item 2 has no status, 4 and 5
    // are other partitions.
    assert_eq!(ids, ["ORDER#000006", "ORDER#000003"]);
    let last = page.last_evaluated_key.expect("a second page");
    let mut keys: Vec<&str> = last.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["PK", "SK", "amount", "customer", "date", "status"]);
    let pages = all_pages(&s, &items, partition_query(&s, true, Some(2)));
    let ids: Vec<&str> = pages.iter().flatten().map(|i| i["SK"]["S"].as_str().unwrap()).collect();
    assert_eq!(ids, ["ORDER#000006", "ORDER#000003", "ORDER#000001"]);
}

/// The reference order: date by UTF-8 bytes, then amount as a number, then the
/// table's keys (all unique here).
fn reference(a: &(String, i64, u32), b: &(String, i64, u32)) -> std::cmp::Ordering {
    a.0.as_bytes()
        .cmp(b.0.as_bytes())
        .then(a.1.cmp(&b.1))
        .then(a.2.cmp(&b.2))
}

proptest! {
    /// Every page, in both directions and any page size, follows the tuple order of a
    /// reference comparator, negative and decimal amounts included; no item is lost or
    /// repeated across pages.
    #[test]
    fn pages_follow_the_tuple_order_of_the_sort_attributes(
        rows in proptest::collection::vec(("2026-1[01]-0[1-3]|é|Z", -100_000i64..100_000, proptest::bool::ANY), 0..25),
        forward in proptest::bool::ANY,
        limit in proptest::option::of(1u32..5),
    ) {
        let s = orders();
        let items: Vec<Item> = rows
            .iter()
            .enumerate()
            .map(|(i, (date, cents, open))| item("c", Some(if *open { "OPEN" } else { "SHIPPED" }), date, *cents, i as u32))
            .collect();
        let mut expected: Vec<(String, i64, u32)> = rows
            .iter()
            .enumerate()
            .filter(|(_, (_, _, open))| *open)
            .map(|(i, (d, c, _))| (d.clone(), *c, i as u32))
            .collect();
        expected.sort_by(reference);
        if !forward {
            expected.reverse();
        }
        let got: Vec<u32> = all_pages(&s, &items, partition_query(&s, forward, limit))
            .iter()
            .flatten()
            .map(|i| i["SK"]["S"].as_str().unwrap()[6..].parse().unwrap())
            .collect();
        let want: Vec<u32> = expected.iter().map(|e| e.2).collect();
        prop_assert_eq!(got, want);
    }
}

#[test]
fn every_target_renders_the_conditions_of_every_attribute() {
    let s = orders();
    let built = build(
        &s,
        &pattern(json!({
            "entity": "Order", "index": "ByStatus",
            "partition": {"customer": "c-17", "status": "open"},
            "sort": {"equal": {"date": "2026-11-02T00:00:00Z"}, "range": {"field": "amount", "op": "ge", "value": 10}},
        })),
    )
    .unwrap();
    for target in keylab::snippet::Target::ALL {
        let code = keylab::snippet::render(&built.query, target, &Default::default()).expect("renders");
        if target == keylab::snippet::Target::Boto3Resource {
            assert!(
                code.contains(r#"Key("customer").eq("c-17") & Key("status").eq("OPEN") & Key("date").eq("2026-11-02T00:00:00.000Z") & Key("amount").gte(Decimal("10"))"#),
                "{code}"
            );
        } else {
            assert!(
                code.contains("#pk = :pk AND #pk2 = :pk2 AND #sk = :sk AND #sk2 >= :sk2"),
                "{target:?}: {code}"
            );
            assert!(code.contains("#pk2") && code.contains(":sk2"), "{target:?}: {code}");
        }
    }
}

#[test]
fn values_in_a_multi_attribute_key_are_stored_as_themselves() {
    let s = orders();
    let values: Values = serde_json::from_value(json!({
        "customer": "c-17", "status": "open", "date": "2026-11-02T00:00:00Z", "amount": "-12.50", "id": 7,
    }))
    .unwrap();
    let item = keylab::encode(&s, "Order", &values).unwrap();
    let key = |a: &str| item.keys.iter().find(|(k, _)| k == a).map(|(_, v)| v.clone()).unwrap();
    assert_eq!(key("amount"), keylab::codec::KeyValue::N("-12.5".parse().unwrap()));
    assert_eq!(key("status"), keylab::codec::KeyValue::S("OPEN".into()));
    assert_eq!(
        key("date"),
        keylab::codec::KeyValue::S("2026-11-02T00:00:00.000Z".into())
    );
}

#[test]
fn a_filter_may_not_name_a_key_attribute_and_what_keylab_does_not_simulate_is_said() {
    let s = orders();
    let mut input = pasted(
        "#customer = :c AND #status = :o",
        json!({":c": {"S": "c"}, ":o": {"S": "OPEN"}}),
    );
    input["FilterExpression"] = json!("#date > :c");
    input["ExpressionAttributeNames"]["#date"] = json!("date");
    let why = parse_input(&s.table, &input).expect_err("rejected").message;
    assert_eq!(
        why,
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: date"
    );
    // Bare names count too.
    input["FilterExpression"] = json!("amount > :c");
    let why = parse_input(&s.table, &input).expect_err("rejected").message;
    assert!(why.ends_with("Primary key attribute: amount"), "{why}");
    // A filter on another attribute is valid for DynamoDB, but keylab would show the
    // items before the filter: it says so instead of dropping the filter.
    input["FilterExpression"] = json!("note > :c");
    let why = parse_input(&s.table, &input).expect_err("refused").message;
    assert!(
        why.starts_with("keylab simulates the key condition, and FilterExpression is not simulated"),
        "{why}"
    );
    // A misspelt member is not read as absent.
    let mut input = pasted(
        "#customer = :c AND #status = :o",
        json!({":c": {"S": "c"}, ":o": {"S": "OPEN"}}),
    );
    input["ScanIndexFoward"] = json!(false);
    let why = parse_input(&s.table, &input).expect_err("refused").message;
    assert!(why.starts_with("ScanIndexFoward is not a parameter of Query"), "{why}");
}

/// `ExclusiveStartKey` as DynamoDB reads it, on a multi-attribute GSI: the table's keys
/// and every attribute of the index's, each of its type, in the queried partition and
/// within its sort condition. Anything else is refused, never read as "from the top".
#[test]
fn a_start_key_is_read_as_dynamodb_reads_it_and_consistent_read_only_off_a_gsi() {
    let s = orders();
    let base = pasted(
        "#customer = :c AND #status = :o",
        json!({":c": {"S": "c"}, ":o": {"S": "OPEN"}}),
    );
    let with_start = |start: Value| {
        let mut input = base.clone();
        input["ExclusiveStartKey"] = start;
        parse_input(&s.table, &input).map(|_| ()).map_err(|e| e.message)
    };
    let good = json!({"PK": {"S": "CUSTOMER#c"}, "SK": {"S": "ORDER#000001"}, "customer": {"S": "c"}, "status": {"S": "OPEN"}, "date": {"S": "2026-01-01T00:00:00.000Z"}, "amount": {"N": "5"}});
    assert_eq!(with_start(good.clone()), Ok(()));
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("amount");
    assert_eq!(with_start(missing).unwrap_err(), "The provided starting key is invalid");
    let mut extra = good.clone();
    extra["note"] = json!({"S": "x"});
    assert_eq!(with_start(extra).unwrap_err(), "The provided starting key is invalid");
    let mut typed = good.clone();
    typed["amount"] = json!({"S": "5"});
    assert_eq!(
        with_start(typed).unwrap_err(),
        "The provided starting key is invalid: The provided key element does not match the schema"
    );
    let mut elsewhere = good.clone();
    elsewhere["customer"] = json!({"S": "d"});
    assert_eq!(
        with_start(elsewhere).unwrap_err(),
        "The provided starting key is outside query boundaries based on provided conditions"
    );
    // ConsistentRead: false is DynamoDB's default; true is refused on a GSI only.
    let mut input = base.clone();
    input["ConsistentRead"] = json!(false);
    assert!(parse_input(&s.table, &input).is_ok());
    input["ConsistentRead"] = json!(true);
    assert_eq!(
        parse_input(&s.table, &input).unwrap_err().message,
        "Consistent reads are not supported on global secondary indexes"
    );
    let mut table = json!({"TableName": "Shop", "KeyConditionExpression": "PK = :p AND SK > :s", "ConsistentRead": true,
        "ExpressionAttributeValues": {":p": {"S": "CUSTOMER#c"}, ":s": {"S": "ORDER#000005"}}});
    assert!(
        parse_input(&s.table, &table).is_ok(),
        "the table gives strongly consistent reads"
    );
    // On the table's own key: within the sort condition, or refused.
    table["ExclusiveStartKey"] = json!({"PK": {"S": "CUSTOMER#c"}, "SK": {"S": "ORDER#000009"}});
    assert!(parse_input(&s.table, &table).is_ok());
    table["ExclusiveStartKey"] = json!({"PK": {"S": "CUSTOMER#c"}, "SK": {"S": "ORDER#000001"}});
    assert_eq!(
        parse_input(&s.table, &table).unwrap_err().message,
        "The provided starting key does not match the range key predicate"
    );
    table["ExclusiveStartKey"] = json!({"PK": {"S": "CUSTOMER#c"}});
    assert_eq!(
        parse_input(&s.table, &table).unwrap_err().message,
        "The provided starting key is invalid"
    );
}
