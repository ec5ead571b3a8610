//! Queries in partitions that several entities share. A Query sees only key bytes, so
//! a condition built for one entity must not reach another's items: "everything under
//! ORDER" is everything under `ORDER#`, never `ORDERLINE#…`. Where the keys of two
//! entities can genuinely interleave, the builder says so (`also_returns`), and where
//! the parent item is included, it says which key that is.

mod common;
use common::{iso, satisfies, to_item, ulid_at, value_cmp, values};
use keylab::query::builder::{build, AccessPattern, Built, Range, RangeOp, SortPattern};
use keylab::query::eval::{run, Item};
use keylab::query::{KeyCondition, ValueStyle};
use keylab::schema::Schema;
use keylab::{Values, WarningKind};
use proptest::prelude::*;
use serde_json::{json, Value};
use std::cmp::Ordering;

/// A table whose entities all live in partition `P`, with the given sort-key templates.
fn table(separator: &str, entities: Value) -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": separator,
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": entities
    }))
    .expect("test schema parses")
}

fn entity(name: &str, fields: Value, sk: Value) -> Value {
    json!({"name": name, "fields": fields, "keys": {"PK": [{"literal": "P"}], "SK": sk}})
}

fn pattern(entity: &str, equal: Value, range: Option<Value>) -> AccessPattern {
    let mut sort = json!({"equal": equal});
    if let Some(r) = range {
        sort["range"] = r;
    }
    serde_json::from_value(json!({"entity": entity, "partition": {}, "sort": sort})).expect("pattern")
}

fn condition(built: &Built) -> (String, Vec<String>) {
    let input = built.query.to_input(ValueStyle::Plain);
    let values = input["ExpressionAttributeValues"]
        .as_object()
        .map(|m| {
            m.iter()
                .filter(|(k, _)| *k != ":pk")
                .map(|(_, v)| v.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default();
    (
        input["KeyConditionExpression"].as_str().unwrap_or_default().to_string(),
        values,
    )
}

fn orders() -> Schema {
    let id = json!({"id": {"kind": "ulid"}});
    table(
        "#",
        json!([
            entity("Order", id.clone(), json!([{"literal": "ORDER"}, {"field": "id"}])),
            entity("Orders", id.clone(), json!([{"literal": "ORDERS"}, {"field": "id"}])),
            entity("Line", id, json!([{"literal": "ORDERLINE"}, {"field": "id"}])),
        ]),
    )
}

#[test]
fn every_item_of_an_entity_is_under_its_literal_and_the_separator() {
    let schema = orders();
    for (name, prefix) in [("Order", "ORDER#"), ("Orders", "ORDERS#"), ("Line", "ORDERLINE#")] {
        let built = build(&schema, &pattern(name, json!({}), None)).unwrap();
        assert_eq!(
            condition(&built),
            ("#pk = :pk AND begins_with(#sk, :sk)".into(), vec![prefix.to_string()])
        );
        assert!(built.also_returns.is_empty(), "{name}: {:?}", built.also_returns);
        assert_eq!(built.parent, None);
        assert!(
            built.explanation.contains(&format!("under {prefix}")),
            "{}",
            built.explanation
        );
    }
}

fn runs_and_codes() -> Schema {
    table(
        "#",
        json!([
            entity(
                "Run",
                json!({"s": {"kind": "uint", "width": 4}, "q": {"kind": "uint", "width": 3}}),
                json!([{"field": "s"}, {"field": "q"}])
            ),
            entity("Code", json!({"code": {"kind": "text"}}), json!([{"field": "code"}])),
            entity(
                "Order",
                json!({"id": {"kind": "ulid"}}),
                json!([{"literal": "ORDER"}, {"field": "id"}])
            ),
        ]),
    )
}

#[test]
fn a_fixed_width_field_ends_its_prefix_at_the_separator() {
    let schema = runs_and_codes();
    let built = build(&schema, &pattern("Run", json!({"s": 12}), None)).unwrap();
    assert_eq!(
        condition(&built),
        ("#pk = :pk AND begins_with(#sk, :sk)".into(), vec!["0012#".to_string()])
    );
    // A Code "0012" or "0012~" is not under 0012#: a text value never holds the separator.
    assert!(built.also_returns.is_empty(), "{:?}", built.also_returns);
    assert_eq!(built.parent, None, "a text key is not the parent of Run keys");
}

#[test]
fn a_range_on_a_leading_field_is_narrowed_to_that_field_when_it_keeps_others_out() {
    let schema = runs_and_codes();
    let ge = pattern("Run", json!({}), Some(json!({"field": "s", "op": "ge", "value": 12})));
    let built = build(&schema, &ge).unwrap();
    // Without narrowing, SK >= 0012 would reach every ORDER#… key.
    assert_eq!(
        condition(&built),
        (
            "#pk = :pk AND #sk BETWEEN :lo AND :hi".into(),
            vec!["0012".to_string(), "9999\u{10FFFF}".to_string()]
        )
    );
    // Codes are text: one can read "0500", inside any range of Run keys.
    assert_eq!(built.also_returns, ["Code"]);
    assert!(
        built.explanation.contains("also return Code items"),
        "{}",
        built.explanation
    );
    assert!(built.explanation.contains("such as RUN"), "{}", built.explanation);
    // Alone in its partitions, a Run range keeps its one-sided condition.
    let alone = table(
        "#",
        json!([
            entity(
                "Run",
                json!({"s": {"kind": "uint", "width": 4}, "q": {"kind": "uint", "width": 3}}),
                json!([{"field": "s"}, {"field": "q"}])
            ),
            json!({"name": "Elsewhere", "fields": {"code": {"kind": "text"}},
                   "keys": {"PK": [{"literal": "Q"}], "SK": [{"field": "code"}]}}),
        ]),
    );
    let built = build(&alone, &ge).unwrap();
    assert_eq!(condition(&built).0, "#pk = :pk AND #sk >= :sk");
    assert!(
        built.also_returns.is_empty(),
        "Elsewhere lives in partition Q, never in P"
    );
}

fn hierarchy(user_sk: Value) -> Schema {
    table(
        "#",
        json!([
            entity(
                "Order",
                json!({"id": {"kind": "ulid"}}),
                json!([{"literal": "ORDER"}, {"field": "id"}])
            ),
            entity(
                "Line",
                json!({"order": {"kind": "ulid"}, "n": {"kind": "uint", "width": 3}}),
                json!([{"literal": "ORDER"}, {"field": "order"}, {"field": "n"}])
            ),
            entity(
                "Org",
                json!({"org": {"kind": "text", "case": "upper"}}),
                json!([{"literal": "ORG"}, {"field": "org"}])
            ),
            entity(
                "User",
                json!({"org": {"kind": "text", "case": "upper"}, "user": {"kind": "text"}}),
                user_sk
            ),
        ]),
    )
}

#[test]
fn the_parent_comes_with_its_children_only_when_nothing_can_sort_between() {
    let schema = hierarchy(json!([{"literal": "ORG"}, {"field": "org"}, {"field": "user"}]));
    let id = ulid_at(1_700_000_000_000, 7);
    let built = build(&schema, &pattern("Line", json!({"order": id}), None)).unwrap();
    let order_key = format!("ORDER#{id}");
    assert_eq!(
        condition(&built),
        (
            "#pk = :pk AND #sk BETWEEN :lo AND :hi".into(),
            vec![order_key.clone(), format!("{order_key}#\u{10FFFF}")]
        )
    );
    let parent = built.parent.clone().unwrap();
    assert_eq!(
        (parent.key.as_str(), parent.entities.as_slice()),
        (order_key.as_str(), &["Order".to_string()][..])
    );
    assert!(
        built.explanation.contains("with the parent item"),
        "{}",
        built.explanation
    );
    // Children only: the prefix and nothing else.
    let mut children = pattern("Line", json!({"order": id}), None);
    children.children = true;
    let built = build(&schema, &children).unwrap();
    assert_eq!(condition(&built).1, [format!("{order_key}#")]);
    assert!(
        built.explanation.contains("leaving out the parent item"),
        "{}",
        built.explanation
    );
    // Every order: lines start with ORDER# too, and the builder says so.
    let all = build(&schema, &pattern("Order", json!({}), None)).unwrap();
    assert_eq!(all.also_returns, ["Line"]);
    // An org's key is text: ORG#ACME! would sort between ORG#ACME and ORG#ACME#…, so
    // one condition cannot take in the parent without it.
    let users = build(&schema, &pattern("User", json!({"org": "acme"}), None)).unwrap();
    assert_eq!(condition(&users).1, ["ORG#ACME#"]);
    assert_eq!(users.parent, None);
    assert!(users.explanation.contains("is left out"), "{}", users.explanation);
    assert!(users.explanation.contains("GetItem"), "{}", users.explanation);
}

// ---------------------------------------------------------------------------------
// The property: for random schemas whose entities share a partition, every item a built
// query returns is the entity's own matching item, the parent it names, or an item of an
// entity it names in `also_returns`; and every matching item of the entity is returned.

const LITERALS: [&str; 6] = ["ORDER", "ORDERS", "ORDERLINE", "O", "#R", "0012"];
const TEXTS: [&str; 12] = [
    "0012", "12ab", "a", "a b", "a!", "ab", "A", "ORDER", "Z", "é", "9", "zz",
];
const MS: [i64; 3] = [1_700_000_000_000, 1_700_000_001_000, 1_700_000_002_000];

fn kind() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({"kind": "text"})),
        Just(json!({"kind": "text", "case": "upper"})),
        (1u32..4, any::<bool>())
            .prop_map(|(w, d)| json!({"kind": "uint", "width": w, "order": if d {"desc"} else {"asc"}})),
        (1u32..3).prop_map(|w| json!({"kind": "int", "width": w})),
        Just(json!({"kind": "decimal", "width": 2, "scale": 1, "order": "desc"})),
        Just(json!({"kind": "timestamp", "unit": "s", "width": 10})),
        Just(json!({"kind": "timestamp", "unit": "iso", "order": "desc"})),
        Just(json!({"kind": "ulid"})),
    ]
}

fn value_of(kind: &Value) -> BoxedStrategy<Value> {
    let width = kind["width"].as_u64().unwrap_or(1) as u32;
    let top = 10i64.pow(width).min(30);
    match (kind["kind"].as_str().unwrap_or_default(), kind["unit"].as_str()) {
        ("text", _) => proptest::sample::select(TEXTS.to_vec()).prop_map(|t| json!(t)).boxed(),
        ("uint", _) => (0..top).prop_map(|v| json!(v)).boxed(),
        ("int", _) => (-top + 1..top).prop_map(|v| json!(v)).boxed(),
        ("decimal", _) => (-20i64..20)
            .prop_map(|v| json!(format!("{:.1}", v as f64 / 4.0)))
            .boxed(),
        ("timestamp", Some("iso")) => (0usize..3).prop_map(|t| json!(iso(MS[t]))).boxed(),
        ("timestamp", _) => (0i64..4).prop_map(|v| json!(1_700_000_000 + v)).boxed(),
        _ => (0usize..3, 0u128..4)
            .prop_map(|(t, low)| json!(ulid_at(MS[t], low)))
            .boxed(),
    }
}

/// One entity: its sort-key template and field kinds. `parent` makes it a child of an
/// earlier entity: that entity's template plus one more field.
#[derive(Clone, Debug)]
struct Design {
    literal: Option<&'static str>,
    kinds: Vec<Value>,
    child_of: Option<usize>,
}

fn design() -> impl Strategy<Value = Design> {
    (
        proptest::option::weighted(0.7, proptest::sample::select(LITERALS.to_vec())),
        proptest::collection::vec(kind(), 1..4),
        proptest::option::weighted(0.25, 0usize..4),
    )
        .prop_map(|(literal, kinds, child_of)| Design {
            literal,
            kinds,
            child_of,
        })
}

#[derive(Clone, Debug)]
struct World {
    separator: &'static str,
    designs: Vec<Design>,
    items: Vec<(usize, Vec<Value>)>,
    /// The entity queried, the item whose values anchor it, how many fields are fixed,
    /// and an optional range (operator, value, to) on the next field.
    query: (usize, usize, usize, Option<(RangeOp, Value, Value)>),
    children: bool,
    forward: bool,
}

/// A child's kinds: its parent's, then its own.
fn resolved(designs: &[Design]) -> Vec<(Option<&'static str>, Vec<Value>)> {
    let mut out: Vec<(Option<&'static str>, Vec<Value>)> = Vec::new();
    for d in designs {
        match d.child_of.filter(|&p| p < out.len()) {
            Some(p) => {
                let (literal, mut kinds) = out[p].clone();
                kinds.extend(d.kinds.iter().take(1).cloned());
                out.push((literal, kinds));
            }
            None => out.push((d.literal, d.kinds.clone())),
        }
    }
    out
}

fn world() -> impl Strategy<Value = World> {
    (
        proptest::sample::select(vec!["#", "#", "#", "|", "::"]),
        proptest::collection::vec(design(), 2..5),
    )
        .prop_flat_map(|(separator, designs)| {
            let shapes = resolved(&designs);
            let item = (0..shapes.len()).prop_flat_map(move |e| {
                let values: Vec<BoxedStrategy<Value>> = shapes[e].1.iter().map(value_of).collect();
                (Just(e), values)
            });
            let shapes = resolved(&designs);
            let n = shapes.len();
            (
                Just(separator),
                Just(designs),
                proptest::collection::vec(item, 1..24),
                (Just(n), any::<prop::sample::Index>(), 0usize..4, any::<bool>()),
                (any::<bool>(), any::<bool>()),
                proptest::sample::select(RangeOp::ALL.to_vec()),
                any::<prop::sample::Index>(),
            )
        })
        .prop_map(
            |(separator, designs, items, (_, anchor, fixed, ranged), (children, forward), op, other)| {
                // The entity queried is the anchor item's; the range's two values come from
                // two of its items, so bounds hit stored values.
                let anchor = anchor.index(items.len());
                let e = items[anchor].0;
                let of_entity: Vec<usize> = (0..items.len()).filter(|&i| items[i].0 == e).collect();
                let second = of_entity[other.index(of_entity.len())];
                let n_fields = resolved(&designs)[e].1.len();
                let fixed = fixed.min(n_fields - 1);
                let range = ranged.then(|| {
                    let (a, b) = (items[anchor].1[fixed].clone(), items[second].1[fixed].clone());
                    (op, a, b)
                });
                World {
                    separator,
                    designs,
                    items,
                    query: (e, anchor, fixed, range),
                    children,
                    forward,
                }
            },
        )
}

fn names(e: usize) -> String {
    format!("E{e}")
}

fn schema_of(w: &World) -> Option<Schema> {
    let entities: Vec<Value> = resolved(&w.designs)
        .iter()
        .enumerate()
        .map(|(e, (literal, kinds))| {
            let fields: serde_json::Map<String, Value> = kinds
                .iter()
                .enumerate()
                .map(|(i, k)| (format!("f{i}"), k.clone()))
                .collect();
            let sk: Vec<Value> = literal
                .iter()
                .map(|l| json!({"literal": l}))
                .chain((0..kinds.len()).map(|i| json!({"field": format!("f{i}")})))
                .collect();
            entity(&names(e), Value::Object(fields), Value::Array(sk))
        })
        .collect();
    Schema::from_value(&json!({
        "version": 1, "separator": w.separator,
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": entities
    }))
    .ok()
}

fn item_values(values: &[Value]) -> Values {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| (format!("f{i}"), v.clone()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn a_built_query_returns_only_what_it_names(w in world()) {
        let Some(schema) = schema_of(&w) else { return Ok(()) };
        let (e, anchor, fixed, range) = w.query.clone();
        let name = names(e);
        let entity = schema.entity(&name).unwrap();
        let anchor_values = item_values(&w.items[anchor].1);
        let equal: Values = (0..fixed).map(|i| (format!("f{i}"), anchor_values[&format!("f{i}")].clone())).collect();
        let range = range.map(|(op, value, to)| {
            let text = entity.field(&format!("f{fixed}")).is_some_and(|f| f.kind.name() == "text");
            let op = if op == RangeOp::BeginsWith && !text { RangeOp::Ge } else { op };
            let value = match (&op, &value) {
                (RangeOp::BeginsWith, Value::String(s)) => json!(s.chars().take(1).collect::<String>()),
                _ => value,
            };
            Range { field: format!("f{fixed}"), op, value, to: Some(to) }
        });
        // A text bound below the separator is ordered by bytes, not by value; the
        // explanation says so (checked below), and the value oracle cannot judge it.
        let low_bound = range.as_ref().is_some_and(|r| {
            let ordered = !matches!(r.op, RangeOp::Eq | RangeOp::BeginsWith);
            let texts = [Some(&r.value), r.to.as_ref()].into_iter().flatten().filter_map(|v| v.as_str());
            let upper = entity.field(&r.field).is_some_and(|f| matches!(f.kind, keylab::schema::FieldKind::Text { case: keylab::schema::Case::Upper, .. }));
            ordered && entity.field(&r.field).is_some_and(|f| f.kind.name() == "text")
                && texts.map(|t| if upper { t.to_uppercase() } else { t.to_string() }).any(|t| t.chars().any(|c| c.to_string().as_str() < w.separator))
        });
        let pattern = AccessPattern {
            entity: name.clone(),
            partition: Values::new(),
            sort: Some(SortPattern { equal: equal.clone(), range: range.clone() }),
            children: w.children,
            scan_index_forward: w.forward,
            ..AccessPattern::default()
        };
        let built = match build(&schema, &pattern) {
            Ok(b) => b,
            Err(err) => {
                prop_assert_eq!(err.kind.code(), "invalidPattern", "{}", err);
                return Ok(());
            }
        };
        if low_bound {
            prop_assert!(built.explanation.contains("sorts below the separator"), "{}", built.explanation);
            return Ok(());
        }
        // The table: each item's keys, its entity, the last write of a key winning.
        let mut table: Vec<(usize, Values, Item)> = Vec::new();
        // A text value with a character below the separator breaks tuple order (the codec
        // warns about every such value): its item may land on either side of a bound.
        let mut misordered: Vec<Value> = Vec::new();
        for (i, (ent, vals)) in w.items.iter().enumerate() {
            let values = item_values(vals);
            let Some(mut item) = to_item(&schema, &names(*ent), i, &values) else { continue };
            let warned = keylab::codec::encode(&schema, &names(*ent), &values)
                .is_ok_and(|k| k.warnings.iter().any(|w| matches!(w.kind, WarningKind::BelowSeparator { .. })));
            if warned {
                misordered.push(item["SK"].clone());
            }
            item.insert("entity".into(), json!({"S": names(*ent)}));
            table.retain(|(_, _, o)| o["SK"] != item["SK"]);
            table.push((*ent, values, item));
        }
        let all: Vec<Item> = table.iter().map(|t| t.2.clone()).collect();
        let got = run(&schema.table, &all, &built.query).items;
        let matches = |v: &Values| {
            equal.iter().all(|(f, x)| value_cmp(entity.field(f).unwrap(), &v[f], x) == Ordering::Equal)
                && range.as_ref().is_none_or(|r| satisfies(entity.field(&r.field).unwrap(), &v[&r.field], r))
        };
        let explain = || format!("query {}\nexplanation: {}", built.query.to_input(ValueStyle::DynamoJson), built.explanation);
        for item in &got {
            let owner = item["entity"]["S"].as_str().unwrap_or_default();
            let sk = item["SK"]["S"].as_str().unwrap_or_default();
            let (_, values, _) = table.iter().find(|t| t.2["SK"] == item["SK"]).unwrap();
            let own = owner == name && matches(values);
            let parent = built.parent.as_ref().is_some_and(|p| p.key == sk && p.entities.iter().any(|n| n == owner));
            let named = built.also_returns.iter().any(|n| n == owner);
            let warned = owner == name && misordered.contains(&item["SK"]);
            prop_assert!(own || parent || named || warned, "{} item {:?} returned\n{}", owner, sk, explain());
        }
        for (ent, values, item) in &table {
            if *ent == e && matches(values) && !misordered.contains(&item["SK"]) {
                prop_assert!(got.contains(item), "matching {:?} missing\n{}", item["SK"], explain());
            }
        }
        if let Some((_, KeyCondition::Between(lo, hi))) = &built.query.sort {
            prop_assert!(lo.as_str() <= hi.as_str());
        }
    }
}

/// The parent the property allows is only ever the key the prefix names.
#[test]
fn a_parent_is_the_prefix_itself() {
    let schema = hierarchy(json!([{"literal": "ORG"}, {"field": "org"}, {"field": "user"}]));
    let id = ulid_at(1_700_000_000_000, 9);
    let items: Vec<Item> = [
        ("Order", json!({"id": id})),
        ("Line", json!({"order": id, "n": 1})),
        ("Line", json!({"order": id, "n": 2})),
        ("Order", json!({"id": ulid_at(1_700_000_000_001, 1)})),
    ]
    .iter()
    .enumerate()
    .filter_map(|(i, (e, v))| to_item(&schema, e, i, &values(v.clone())))
    .collect();
    let built = build(&schema, &pattern("Line", json!({"order": id}), None)).unwrap();
    let got: Vec<String> = run(&schema.table, &items, &built.query)
        .items
        .iter()
        .map(|i| i["id"]["N"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(got, ["0", "1", "2"]);
}
