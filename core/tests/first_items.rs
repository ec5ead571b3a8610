//! "N means N": a pattern that promises N items (top N, newest N) carries N apart from
//! the page size. The request's `Limit` is only the page size; the reader (the
//! evaluator, every generated program) stops after N items.

mod common;
use common::{leaderboard, to_item, values};
use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{pages, run, Item};
use keylab::query::ValueStyle;
use keylab::snippet::{render, Options, Target};
use proptest::prelude::*;
use serde_json::{json, Value};

fn pattern(extra: Value) -> AccessPattern {
    let mut p = json!({"entity": "Run", "partition": {"season": "spring"}, "sort": {}});
    if let (Some(p), Some(extra)) = (p.as_object_mut(), extra.as_object()) {
        p.extend(extra.clone());
    }
    AccessPattern::from_value(&p).expect("the pattern reads")
}

/// Runs with scores 10 × i, so the top ones are the last written.
fn runs(n: usize) -> Vec<Item> {
    let schema = leaderboard();
    (0..n)
        .filter_map(|i| {
            let v = values(
                json!({"season": "spring", "score": i * 10, "at": 1_719_100_800 + i, "player": format!("p{i}")}),
            );
            to_item(&schema, "Run", i, &v)
        })
        .collect()
}

fn ids(items: &[&Item]) -> Vec<String> {
    items
        .iter()
        .map(|i| i["id"]["N"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_first_n_alone_is_also_the_page_size() {
    let built = build(&leaderboard(), &pattern(json!({"first": 3}))).unwrap();
    assert_eq!((built.query.limit, built.query.max_items), (Some(3), Some(3)));
    let input = built.query.to_input(ValueStyle::DynamoJson);
    assert_eq!(input["Limit"], 3, "one request usually returns all three");
    assert!(
        input.get("MaxItems").is_none(),
        "DynamoDB has no such parameter: {input}"
    );
    assert!(
        built
            .explanation
            .starts_with("Returns the first 3 Run items in partition SEASON#SPRING"),
        "{}",
        built.explanation
    );
    assert!(!built.explanation.contains("per page"), "{}", built.explanation);
}

#[test]
fn a_page_size_given_with_the_first_n_stays_the_page_size() {
    let built = build(&leaderboard(), &pattern(json!({"first": 3, "limit": 2}))).unwrap();
    assert_eq!((built.query.limit, built.query.max_items), (Some(2), Some(3)));
    assert!(built.explanation.contains(", 2 per page"), "{}", built.explanation);
    let only_limit = build(&leaderboard(), &pattern(json!({"limit": 2}))).unwrap();
    assert_eq!((only_limit.query.limit, only_limit.query.max_items), (Some(2), None));
    assert!(
        only_limit.explanation.starts_with("Returns Run items"),
        "{}",
        only_limit.explanation
    );
}

#[test]
fn the_first_n_of_a_whole_collection_and_around_an_item_are_said() {
    let s = leaderboard();
    let whole = AccessPattern::from_value(&json!({"entity": "Run", "partition": {"season": "s"}, "first": 2})).unwrap();
    let built = build(&s, &whole).unwrap();
    assert!(
        built
            .explanation
            .starts_with("Returns the first 2 items of the whole item collection"),
        "{}",
        built.explanation
    );
    let around =
        pattern(json!({"sort": {"equal": {"score": 10, "at": 1, "player": "p"}}, "around": "after", "first": 4}));
    let built = build(&s, &around).unwrap();
    assert!(
        built.explanation.contains("stopping after the first 4"),
        "{}",
        built.explanation
    );
    assert_eq!(built.query.max_items, Some(4));
}

#[test]
fn nothing_is_asked_of_zero_items_or_a_page_of_none() {
    for field in ["first", "limit"] {
        let err = build(&leaderboard(), &pattern(json!({ field: 0 }))).unwrap_err();
        let said = err.message();
        assert!(said.contains(&format!("{field} is 0")), "{said}");
        assert!(said.contains("from 1 up"), "{said}");
    }
}

#[test]
fn first_is_read_beside_sort_and_refused_inside_it() {
    let read = AccessPattern::from_value(&json!({"entity": "Run", "first": 5})).unwrap();
    assert_eq!(read.first, Some(5));
    let why = AccessPattern::from_value(&json!({"entity": "Run", "sort": {"first": 5}})).unwrap_err();
    assert_eq!(why.code(), "unknownField");
    let why = why.to_string();
    assert!(
        why.starts_with("\"first\" is not a field of sort; \"first\" belongs beside sort"),
        "{why}"
    );
    let why = AccessPattern::from_value(
        &json!({"entity": "Run", "sort": {"range": {"field": "score", "op": "ge", "value": 1, "first": 5}}}),
    )
    .unwrap_err()
    .to_string();
    assert!(
        why.starts_with("\"first\" is not a field of sort.range; \"first\" belongs beside sort"),
        "{why}"
    );
    let why = AccessPattern::from_value(&json!({"entity": "Run", "first": "3"})).unwrap_err();
    assert_eq!(why.code(), "invalidAccessPattern");
    assert!(why.to_string().contains("invalid type"), "{why}");
}

#[test]
fn the_reader_stops_at_n_whatever_the_page_size() {
    let s = leaderboard();
    let items = runs(10);
    for (extra, pages_seen) in [
        (json!({"first": 3}), vec![1, 1, 1]),
        (json!({"first": 3, "limit": 2}), vec![1, 1, 2]),
        (json!({"first": 3, "limit": 5}), vec![1, 1, 1]),
        // Limit alone is a page size: every item is read, over every page.
        (json!({"limit": 3}), vec![1, 1, 1, 2, 2, 2, 3, 3, 3, 4]),
    ] {
        let built = build(&s, &pattern(extra.clone())).unwrap();
        let read = pages(&s.table, &items, &built.query, 1000);
        let on: Vec<usize> = read.iter().map(|(p, _)| *p).collect();
        assert_eq!(on, pages_seen, "{extra}");
        let top: Vec<&Item> = read.iter().map(|(_, i)| *i).collect();
        assert_eq!(ids(&top)[..3], ["9", "8", "7"], "highest scores first: {extra}");
    }
    // One request still returns a whole page: the Limit, not N, bounds it.
    let built = build(&s, &pattern(json!({"first": 3, "limit": 5}))).unwrap();
    assert_eq!(run(&s.table, &items, &built.query).items.len(), 5);
}

#[test]
fn every_program_stops_after_n_items_and_says_why() {
    let built = build(&leaderboard(), &pattern(json!({"first": 3, "limit": 2}))).unwrap();
    let program = Options {
        program: true,
        ..Options::default()
    };
    let code = |t: Target, o: &Options| render(&built.query, t, o).unwrap();
    let cli = code(Target::AwsCli, &program);
    assert!(cli.contains("--page-size 2") && cli.contains("--max-items 3"), "{cli}");
    assert!(cli.contains("# Prints the first 3 matching items"), "{cli}");
    let stops = [
        (Target::Boto3Client, "max_items = 3"),
        (Target::Boto3Resource, "if printed == max_items or"),
        (Target::JsClient, "while (ExclusiveStartKey && printed < maxItems)"),
        (Target::JsDocumentClient, "if (printed === maxItems) break pages;"),
        (Target::Go, "for printed < maxItems && paginator.HasMorePages() {"),
        (Target::Rust, "if printed == max_items {"),
    ];
    for (target, stop) in stops {
        let c = code(target, &program);
        assert!(c.contains(stop), "{}:\n{c}", target.id());
        assert!(
            c.contains("The pattern promises the first 3 items"),
            "{}:\n{c}",
            target.id()
        );
        let params = code(target, &Options::default());
        assert!(
            params.contains("The pattern promises the first 3:"),
            "{}:\n{params}",
            target.id()
        );
    }
    assert!(code(Target::AwsCli, &Options::default()).contains("--max-items 3"));
}

#[test]
fn a_program_without_n_reads_every_page_as_before() {
    let built = build(&leaderboard(), &pattern(json!({"limit": 3}))).unwrap();
    let program = Options {
        program: true,
        ..Options::default()
    };
    for target in Target::ALL {
        let c = render(&built.query, target, &program).unwrap();
        assert!(
            !c.contains("max_items") && !c.contains("maxItems") && !c.contains("max-items"),
            "{}:\n{c}",
            target.id()
        );
        let params = render(&built.query, target, &Options::default()).unwrap();
        assert!(!params.contains("promises"), "{}:\n{params}", target.id());
    }
}

proptest! {
    /// The first N items are the first N of every page read, whatever the page size:
    /// a reader that stops early reads the same items in the same pages as one that
    /// reads on.
    #[test]
    fn the_first_n_are_a_prefix_of_every_page(
        scores in proptest::collection::vec(0u32..50, 0..30),
        first in 1u32..12,
        limit in proptest::option::of(1u32..6),
        forward in any::<bool>(),
    ) {
        let s = leaderboard();
        let items: Vec<Item> = scores
            .iter()
            .enumerate()
            .filter_map(|(i, score)| {
                let v = values(json!({"season": "spring", "score": score, "at": 1_719_100_800 + i, "player": format!("p{i}")}));
                to_item(&s, "Run", i, &v)
            })
            .collect();
        let mut every = pattern(json!({"scanIndexForward": forward}));
        every.limit = limit.or(Some(first));
        let mut top = every.clone();
        top.first = Some(first);
        top.limit = limit;
        let all = pages(&s.table, &items, &build(&s, &every).unwrap().query, 1000);
        let read = pages(&s.table, &items, &build(&s, &top).unwrap().query, 1000);
        prop_assert_eq!(read.len(), all.len().min(first as usize));
        prop_assert_eq!(&read[..], &all[..read.len()]);
    }
}
