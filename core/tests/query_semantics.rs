//! The builder's promise, checked by property: for any items and any access pattern, the
//! built query run by the evaluator returns exactly the items whose field values satisfy
//! the pattern, in key order, for every field kind, both orders, and every position,
//! with and without a prefix glued to the field.

mod common;
use common::{iso, ksuid_at, satisfies, to_item, ulid_at, value_cmp, values};
use keylab::query::builder::{build, AccessPattern, Range, RangeOp, SortPattern};
use keylab::query::eval::{pages, run, Item};
use keylab::query::KeyCondition;
use keylab::schema::Schema;
use keylab::Values;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::cmp::Ordering;

fn schema() -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "G1PK": "S", "G1SK": "N"},
                  "primary": {"partition": "PK", "sort": "SK"},
                  "indexes": [{"name": "G1", "partition": "G1PK", "sort": "G1SK"}]},
        "entities": [
            {"name": "A", "fields": {"n": {"kind": "int", "width": 4}, "t": {"kind": "text"}, "u": {"kind": "uint", "width": 3, "order": "desc"}},
             "keys": {"PK": [{"literal": "A"}], "SK": [{"literal": "A"}, {"field": "n", "prefix": "n="}, {"field": "t", "prefix": "t_"}, {"field": "u"}],
                      "G1PK": [{"literal": "G"}], "G1SK": [{"field": "u"}]}},
            {"name": "B", "fields": {"d": {"kind": "decimal", "width": 3, "scale": 2, "order": "desc"}, "id": {"kind": "ulid"}},
             "keys": {"PK": [{"literal": "B"}], "SK": [{"field": "d"}, {"field": "id"}]}},
            {"name": "C", "fields": {"at": {"kind": "timestamp", "unit": "iso", "order": "desc"}, "k": {"kind": "text", "case": "upper"}, "s": {"kind": "timestamp", "unit": "s", "width": 10}},
             "keys": {"PK": [{"literal": "C"}], "SK": [{"literal": "#C"}, {"field": "at"}, {"field": "k"}, {"field": "s"}]}},
            {"name": "D", "fields": {"id": {"kind": "ksuid", "order": "desc"}, "t": {"kind": "text"}},
             "keys": {"PK": [{"literal": "D"}], "SK": [{"field": "t", "prefix": "by "}, {"field": "id"}]}}
        ]
    }))
    .expect("test schema parses")
}

const TEXTS: [&str; 7] = ["a", "ab", "abc", "b", "ba", "Z", "é"];
const TIMES_MS: [i64; 3] = [1_700_000_000_000, 1_700_000_001_000, 1_700_000_002_000];

/// A random value for each field of each entity, from small domains so equal values and
/// boundary hits are common.
fn value_for(entity: &str, field: &str) -> BoxedStrategy<Value> {
    match (entity, field) {
        ("A", "n") => (-30i64..30).prop_map(|v| json!(v)).boxed(),
        ("A", "u") => (0u64..12).prop_map(|v| json!(v)).boxed(),
        (_, "t") => proptest::sample::select(TEXTS.to_vec()).prop_map(|s| json!(s)).boxed(),
        ("B", "d") => (-8i64..8)
            .prop_map(|q| json!(format!("{:.2}", q as f64 * 0.25)))
            .boxed(),
        ("B", "id") => (0usize..3, any::<u128>())
            .prop_map(|(t, low)| json!(ulid_at(TIMES_MS[t], low)))
            .boxed(),
        ("C", "at") => (0usize..3).prop_map(|t| json!(iso(TIMES_MS[t]))).boxed(),
        ("C", "k") => proptest::sample::select(vec!["x", "xy", "y"])
            .prop_map(|s| json!(s))
            .boxed(),
        ("C", "s") => (0i64..4).prop_map(|v| json!(1_700_000_000 + v)).boxed(),
        ("D", "id") => (0usize..3, any::<[u8; 16]>())
            .prop_map(|(t, low)| json!(ksuid_at(TIMES_MS[t], low)))
            .boxed(),
        _ => Just(Value::Null).boxed(),
    }
}

fn fields_of(entity: &str) -> Vec<&'static str> {
    match entity {
        "A" => vec!["n", "t", "u"],
        "B" => vec!["d", "id"],
        "C" => vec!["at", "k", "s"],
        _ => vec!["t", "id"],
    }
}

fn item_values(entity: &'static str) -> BoxedStrategy<Values> {
    let fields = fields_of(entity);
    let strategies: Vec<BoxedStrategy<(String, Value)>> = fields
        .into_iter()
        .map(|f| value_for(entity, f).prop_map(move |v| (f.to_string(), v)).boxed())
        .collect();
    strategies.prop_map(|pairs| pairs.into_iter().collect()).boxed()
}

#[derive(Debug, Clone)]
struct Case {
    entity: &'static str,
    items: Vec<Values>,
    fixed: usize,
    range: Option<(RangeOp, Value, Value)>,
    forward: bool,
}

fn range_value(entity: &'static str, field: &'static str) -> BoxedStrategy<Value> {
    let is_id = matches!((entity, field), ("B", "id") | ("D", "id"));
    if is_id {
        prop_oneof![value_for(entity, field), (0usize..3).prop_map(|t| json!(TIMES_MS[t]))].boxed()
    } else {
        value_for(entity, field)
    }
}

fn case() -> impl Strategy<Value = Case> {
    proptest::sample::select(vec!["A", "B", "C", "D"]).prop_flat_map(|entity| {
        let n = fields_of(entity).len();
        (
            proptest::collection::vec(item_values(entity), 0..14),
            0..n,
            any::<bool>(),
            any::<bool>(),
            proptest::sample::select(RangeOp::ALL.to_vec()),
        )
            .prop_flat_map(move |(items, fixed, has_range, forward, op)| {
                let field = fields_of(entity)[fixed];
                (range_value(entity, field), range_value(entity, field)).prop_map(move |(a, b)| Case {
                    entity,
                    items: items.clone(),
                    fixed,
                    range: has_range.then(|| (op, a.clone(), b)),
                    forward,
                })
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn built_queries_return_exactly_the_matching_items(c in case()) {
        let schema = schema();
        let entity = schema.entity(c.entity).unwrap();
        let fields = fields_of(c.entity);
        // Equal fixes the first `fixed` fields to the values of the first item (or any).
        let anchor = c.items.first().cloned().unwrap_or_default();
        let mut equal = Values::new();
        for f in &fields[..c.fixed] {
            if let Some(v) = anchor.get(*f) { equal.insert(f.to_string(), v.clone()); }
        }
        if equal.len() != c.fixed { return Ok(()); }
        let range_field = fields[c.fixed];
        let range = c.range.clone().map(|(op, value, to)| Range { field: range_field.to_string(), op, value, to: Some(to) });
        let pattern = AccessPattern {
            entity: c.entity.to_string(),
            partition: Values::new(),
            sort: Some(SortPattern { equal: equal.clone(), range: range.clone() }),
            children: true,
            scan_index_forward: c.forward,
            ..AccessPattern::default()
        };
        let items: Vec<(usize, Values, Item)> = c.items.iter().enumerate()
            .filter_map(|(i, v)| to_item(&schema, c.entity, i, v).map(|it| (i, v.clone(), it)))
            .collect();
        // Items sharing a primary key would overwrite each other in a table: keep the last.
        let mut table: Vec<(usize, Values, Item)> = Vec::new();
        for it in items {
            table.retain(|(_, _, o)| o["SK"] != it.2["SK"]);
            table.push(it);
        }
        let built = match build(&schema, &pattern) {
            Ok(b) => b,
            Err(e) => {
                // Only an empty range (lower end above upper) or an unusable operator may fail.
                let code = e.kind.code();
                prop_assert!(code == "invalidPattern", "unexpected error {}", e);
                return Ok(());
            }
        };
        let expected: Vec<usize> = {
            let mut m: Vec<&(usize, Values, Item)> = table.iter().filter(|(_, v, _)| {
                equal.iter().all(|(f, ev)| value_cmp(entity.field(f).unwrap(), &v[f], ev) == Ordering::Equal)
                    && range.as_ref().is_none_or(|r| satisfies(entity.field(range_field).unwrap(), &v[range_field], r))
            }).collect();
            m.sort_by(|a, b| a.2["SK"]["S"].as_str().unwrap_or("").as_bytes().cmp(b.2["SK"]["S"].as_str().unwrap_or("").as_bytes()));
            if !c.forward { m.reverse(); }
            m.into_iter().map(|t| t.0).collect()
        };
        let all: Vec<Item> = table.iter().map(|t| t.2.clone()).collect();
        let page = run(&schema.table, &all, &built.query);
        let got: Vec<usize> = page.items.iter().map(|it| it["id"]["N"].as_str().unwrap_or("").parse().unwrap_or(usize::MAX)).collect();
        prop_assert_eq!(&got, &expected, "query {:?}\nexplanation: {}", built.query.to_input(keylab::query::ValueStyle::DynamoJson), built.explanation);
        if let Some((_, KeyCondition::Between(lo, hi))) = &built.query.sort {
            prop_assert!(lo.as_str() <= hi.as_str(), "DynamoDB rejects BETWEEN with lower above upper");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// `pages` is what a client following LastEvaluatedKey reads from `run`, page after
    /// page: the same items, in the same order, on the same page numbers, whether a page
    /// ends at the Limit or at 1 MB; and a client that was promised the first N items
    /// stops after N, wherever in a page that falls.
    #[test]
    fn pages_read_in_one_sort_equal_run_followed_page_by_page(
        c in case(),
        limit in proptest::option::of(1u32..5),
        first in proptest::option::of(1u32..8),
        padding in proptest::collection::vec(0usize..450_000, 0..14),
    ) {
        let schema = schema();
        let mut all: Vec<Item> = c.items.iter().enumerate()
            .filter_map(|(i, v)| to_item(&schema, c.entity, i, v))
            .collect();
        for (item, pad) in all.iter_mut().zip(&padding) {
            item.insert("pad".into(), json!({"S": "x".repeat(*pad)}));
        }
        // A table holds one item per key: a later write replaces an earlier one.
        let mut table: Vec<Item> = Vec::new();
        for item in all {
            table.retain(|o| o["SK"] != item["SK"]);
            table.push(item);
        }
        let all = table;
        let pattern = AccessPattern {
            entity: c.entity.to_string(),
            partition: Values::new(),
            sort: None,
            scan_index_forward: c.forward,
            limit,
            first,
            ..AccessPattern::default()
        };
        let Ok(built) = build(&schema, &pattern) else { return Ok(()) };
        let mut query = built.query.clone();
        let mut expected: Vec<(usize, String)> = Vec::new();
        let most = first.map_or(usize::MAX, |n| n as usize);
        for page in 1..=50 {
            let got = run(&schema.table, &all, &query);
            expected.extend(got.items.iter().map(|it| (page, it["id"]["N"].to_string())));
            match got.last_evaluated_key {
                Some(k) if expected.len() < most => query.exclusive_start_key = Some(k),
                _ => break,
            }
        }
        expected.truncate(most);
        let got: Vec<(usize, String)> = pages(&schema.table, &all, &built.query, 50)
            .into_iter()
            .map(|(page, it)| (page, it["id"]["N"].to_string()))
            .collect();
        prop_assert_eq!(got, expected);
    }
}

#[test]
fn seed_access_patterns_render_as_documented() {
    let schema = common::leaderboard();
    let pattern: AccessPattern = serde_json::from_value(json!({
        "entity": "Run",
        "index": null,
        "partition": {"season": "2026-spring"},
        "sort": {"equal": {"score": 1500}, "range": {"field": "at", "op": "between", "value": 1719000000, "to": 1719999999}},
        "scanIndexForward": true,
        "limit": 10
    }))
    .unwrap();
    let built = build(&schema, &pattern).unwrap();
    let input = built.query.to_input(keylab::query::ValueStyle::DynamoJson);
    assert_eq!(input["KeyConditionExpression"], "#pk = :pk AND #sk BETWEEN :lo AND :hi");
    assert_eq!(input["ExpressionAttributeNames"], json!({"#pk": "PK", "#sk": "SK"}));
    assert_eq!(
        input["ExpressionAttributeValues"][":pk"],
        json!({"S": "SEASON#2026-SPRING"})
    );
    assert_eq!(
        input["ExpressionAttributeValues"][":lo"],
        json!({"S": "9999998499#0000001719000000"})
    );
    // At most 1719999999: every key whose `at` is that value, whatever player follows.
    assert_eq!(
        input["ExpressionAttributeValues"][":hi"],
        json!({"S": "9999998499#0000001719999999#\u{10FFFF}"})
    );
    assert_eq!(input["Limit"], 10);
    assert_eq!(input["ScanIndexForward"], true);
    assert_eq!(
        built.explanation,
        "Returns Run items in partition SEASON#2026-SPRING whose score is 1500 and at is between 1719000000 and 1719999999, at oldest first, 10 per page."
    );
    let _ = values(json!({}));
}

/// The SaaS collection of seed 004: teams before the org, users after it. `around`
/// reads from the org towards one side, with the nearest items first.
#[test]
fn around_reads_the_parent_and_one_side_of_its_collection() {
    let schema = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [
            {"name": "Org", "fields": {"org": {"kind": "text", "case": "upper"}},
             "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}], "SK": [{"literal": "ORG"}, {"field": "org"}]}},
            {"name": "Team", "fields": {"org": {"kind": "text", "case": "upper"}, "team": {"kind": "text", "case": "upper"}},
             "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}], "SK": [{"literal": "#TEAM"}, {"field": "team"}]}},
            {"name": "User", "fields": {"org": {"kind": "text", "case": "upper"}, "user": {"kind": "text", "case": "upper"}},
             "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}], "SK": [{"literal": "USER"}, {"field": "user"}]}}
        ]
    }))
    .unwrap();
    let items: Vec<Item> = [
        ("Org", json!({"org": "acme"})),
        ("Team", json!({"org": "acme", "team": "web"})),
        ("Team", json!({"org": "acme", "team": "api"})),
        ("User", json!({"org": "acme", "user": "zoe"})),
        ("User", json!({"org": "acme", "user": "al"})),
        ("Org", json!({"org": "other"})),
    ]
    .iter()
    .enumerate()
    .filter_map(|(i, (e, v))| to_item(&schema, e, i, &values(v.clone())))
    .collect();
    let sks = |side: &str| -> Vec<String> {
        let pattern: AccessPattern = serde_json::from_value(json!({
            "entity": "Org", "partition": {"org": "acme"},
            "sort": {"equal": {"org": "acme"}}, "around": side
        }))
        .unwrap();
        let built = build(&schema, &pattern).unwrap();
        run(&schema.table, &items, &built.query)
            .items
            .iter()
            .map(|i| i["SK"]["S"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(sks("before"), ["ORG#ACME", "#TEAM#WEB", "#TEAM#API"]);
    assert_eq!(sks("after"), ["ORG#ACME", "USER#AL", "USER#ZOE"]);
    let partial: AccessPattern = serde_json::from_value(json!({
        "entity": "Team", "partition": {"org": "acme"}, "sort": {}, "around": "after"
    }))
    .unwrap();
    let e = build(&schema, &partial).unwrap_err();
    assert!(e.message().contains("every field"), "{}", e.message());
}
