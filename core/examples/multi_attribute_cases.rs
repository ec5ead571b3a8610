//! Writes, for the multi-attribute run against moto (tests/moto/run.py), one JSON
//! document: a multi-attribute design's create-table input, its sample items as a table
//! holds them, and cases, each a Query input (built from an access pattern, or pasted
//! by hand and read by keylab's parser) with the pages keylab's evaluator returns when
//! a client follows LastEvaluatedKey. moto implements multi-attribute GSI keys, so the
//! runner sends each input to it and compares items, order and page breaks.

use keylab::items::written;
use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{run, Item};
use keylab::query::parse::parse_input;
use keylab::query::{Query, ValueStyle};
use keylab::schema::definitions::create_table;
use keylab::{Schema, Values};
use serde_json::{json, Value};

fn schema() -> Schema {
    Schema::from_value(&json!({
      "version": 1, "separator": "#",
      "table": {
        "name": "Shop",
        "attributes": {"PK": "S", "SK": "S", "customer": "S", "status": "S", "date": "S", "amount": "N", "region": "S", "rank": "N"},
        "primary": {"partition": "PK", "sort": "SK"},
        "indexes": [
          {"name": "ByStatus", "partition": ["customer", "status"], "sort": ["date", "amount"]},
          {"name": "ByRegion", "partition": "region", "sort": ["rank", "date", "amount"]}
        ]
      },
      "entities": [{
        "name": "Order",
        "fields": {
          "customer": {"kind": "text", "maxLength": 64},
          "status": {"kind": "text", "case": "upper", "maxLength": 16},
          "date": {"kind": "timestamp", "unit": "iso"},
          "amount": {"kind": "decimal", "width": 6, "scale": 2},
          "region": {"kind": "text", "maxLength": 16},
          "rank": {"kind": "int", "width": 4},
          "id": {"kind": "uint", "width": 6}
        },
        "keys": {
          "PK": [{"literal": "CUSTOMER"}, {"field": "customer"}],
          "SK": [{"literal": "ORDER"}, {"field": "id"}],
          "customer": [{"field": "customer"}], "status": [{"field": "status"}],
          "date": [{"field": "date"}], "amount": [{"field": "amount"}],
          "region": [{"field": "region"}], "rank": [{"field": "rank"}]
        }
      }]
    }))
    .expect("the design is valid")
}

/// 120 orders from a fixed seed: amounts negative, decimal and repeated, so numeric
/// order differs from text order, and dates repeated, so ties go to the next attribute.
fn samples() -> Vec<Values> {
    let mut seed: u64 = 0x5eed;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    (0..120)
        .map(|id| {
            let amount = format!("{}{}.{:02}", if next(4) == 0 { "-" } else { "" }, next(1200), next(100));
            let status = ["open", "shipped", "Open"][next(3) as usize];
            let region = ["eu", "us"][next(2) as usize];
            let v = json!({
                "customer": format!("c-{}", next(3)),
                "status": status,
                "date": format!("2026-11-{:02}T{:02}:00:00Z", 1 + next(6), next(3)),
                "amount": amount,
                "region": region,
                "rank": (next(21) as i64) - 10,
                "id": id,
            });
            serde_json::from_value(v).expect("values")
        })
        .collect()
}

/// Every page a client reads, following LastEvaluatedKey.
fn pages(schema: &Schema, items: &[Item], query: &Query) -> Vec<Value> {
    let mut query = query.clone();
    let mut out = Vec::new();
    for _ in 0..1000 {
        let page = run(&schema.table, items, &query);
        out.push(json!({
            "items": page.items,
            "more": page.last_evaluated_key.is_some(),
        }));
        match page.last_evaluated_key {
            Some(k) => query.exclusive_start_key = Some(k),
            None => break,
        }
    }
    out
}

fn main() {
    let schema = schema();
    let values = samples();
    let table = written(&schema, values.iter().map(|v| ("Order", v)));
    assert!(table.refused.is_empty(), "{:?}", table.refused);
    let p = |v: Value| AccessPattern::from_value(&v).expect("a well-formed pattern");
    let by_status = |sort: Value, extra: Value| {
        let mut v = json!({"entity": "Order", "index": "ByStatus", "partition": {"customer": "c-1", "status": "open"}, "sort": sort});
        for (k, x) in extra.as_object().into_iter().flatten() {
            v[k] = x.clone();
        }
        p(v)
    };
    let patterns = vec![
        by_status(json!({}), json!({})),
        by_status(json!({}), json!({"limit": 3})),
        by_status(json!({}), json!({"scanIndexForward": false, "limit": 4})),
        by_status(
            json!({"range": {"field": "date", "op": "lt", "value": "2026-11-04T00:00:00Z"}}),
            json!({"limit": 2}),
        ),
        by_status(
            json!({"range": {"field": "date", "op": "between", "value": "2026-11-02T00:00:00Z", "to": "2026-11-05T02:00:00Z"}}),
            json!({}),
        ),
        by_status(
            json!({"range": {"field": "date", "op": "begins_with", "value": "2026-11-03"}}),
            json!({"scanIndexForward": false}),
        ),
        by_status(json!({"equal": {"date": "2026-11-02T01:00:00Z"}}), json!({})),
        by_status(
            json!({"equal": {"date": "2026-11-02T01:00:00Z"}, "range": {"field": "amount", "op": "ge", "value": "-5.5"}}),
            json!({"limit": 1}),
        ),
        p(json!({"entity": "Order", "index": "ByRegion", "partition": {"region": "eu"}, "limit": 7})),
        p(
            json!({"entity": "Order", "index": "ByRegion", "partition": {"region": "us"}, "sort": {"range": {"field": "rank", "op": "between", "value": -3, "to": 4}}, "scanIndexForward": false, "limit": 5}),
        ),
        p(
            json!({"entity": "Order", "index": "ByRegion", "partition": {"region": "us"}, "sort": {"equal": {"rank": -2}, "range": {"field": "date", "op": "gt", "value": "2026-11-03T00:00:00Z"}}}),
        ),
        p(
            json!({"entity": "Order", "index": "ByRegion", "partition": {"region": "eu"}, "sort": {"equal": {"rank": 3, "date": "2026-11-02T02:00:00Z"}, "range": {"field": "amount", "op": "lt", "value": "100"}}}),
        ),
    ];
    let mut cases = Vec::new();
    for pattern in &patterns {
        let built = build(&schema, pattern).unwrap_or_else(|e| panic!("{pattern:?}: {e}"));
        let input = built.query.to_input(ValueStyle::DynamoJson);
        cases.push(json!({"how": "built", "input": input, "pages": pages(&schema, &table.items, &built.query)}));
    }
    // Pasted by hand, as a person writes them: bare names, other placeholders.
    let pasted = [
        json!({"TableName": "Shop", "IndexName": "ByStatus",
            "KeyConditionExpression": "customer = :c AND #s = :s AND #d <= :d",
            "ExpressionAttributeNames": {"#s": "status", "#d": "date"},
            "ExpressionAttributeValues": {":c": {"S": "c-0"}, ":s": {"S": "SHIPPED"}, ":d": {"S": "2026-11-04T00:00:00.000Z"}},
            "Limit": 2}),
        json!({"TableName": "Shop", "IndexName": "ByRegion",
            "KeyConditionExpression": "#r = :r AND #k = :k AND #d = :d AND amount BETWEEN :lo AND :hi",
            "ExpressionAttributeNames": {"#r": "region", "#k": "rank", "#d": "date"},
            "ExpressionAttributeValues": {":r": {"S": "eu"}, ":k": {"N": "2"}, ":d": {"S": "2026-11-06T00:00:00.000Z"}, ":lo": {"N": "-1000"}, ":hi": {"N": "1500.5"}},
            "ScanIndexForward": false}),
        json!({"TableName": "Shop", "IndexName": "ByRegion",
            "KeyConditionExpression": "#r = :r AND #k >= :k",
            "ExpressionAttributeNames": {"#r": "region", "#k": "rank"},
            "ExpressionAttributeValues": {":r": {"S": "eu"}, ":k": {"N": "-4"}},
            "Limit": 6}),
    ];
    for input in pasted {
        let query = parse_input(&schema.table, &input).unwrap_or_else(|e| panic!("{input}: {}", e.message));
        cases.push(json!({"how": "pasted", "input": input, "pages": pages(&schema, &table.items, &query)}));
    }
    let out = json!({"create": create_table(&schema.table), "items": table.items, "cases": cases});
    println!("{out}");
}
