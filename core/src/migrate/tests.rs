use super::checks::{inversions_of, Checks};
use super::stored::StoredItem;
use super::*;
use crate::query::eval::Item;
use crate::schema::KeySchema;
use proptest::prelude::*;
use serde_json::json;

fn design(sk: Value, score_width: u32, score_order: &str) -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GSI1PK": "S"},
                  "primary": {"partition": "PK", "sort": "SK"},
                  "indexes": [{"name": "GSI1", "partition": "GSI1PK"}]},
        "entities": [
            {"name": "Run",
             "fields": {"season": {"kind": "text", "case": "upper"},
                        "score": {"kind": "uint", "width": score_width, "order": score_order},
                        "player": {"kind": "text"}},
             "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": sk,
                      "GSI1PK": [{"literal": "PLAYER"}, {"field": "player"}]}},
            {"name": "Season",
             "fields": {"season": {"kind": "text", "case": "upper"}},
             "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"literal": "META"}]}}
        ]
    }))
    .unwrap()
}

fn old() -> Schema {
    design(json!([{"field": "score"}, {"field": "player"}]), 10, "asc")
}

fn run(season: &str, score: u64, player: &str) -> Values {
    json!({"season": season, "score": score, "player": player})
        .as_object()
        .unwrap()
        .clone()
}

fn stored(schema: &Schema, values: &Values) -> Item {
    crate::query::eval::item_of(schema, "Run", values).unwrap()
}

fn line(item: &Item) -> StoredItem<'static> {
    StoredItem::from_value(&Value::Object(item.clone())).unwrap()
}

fn parsed(v: Value) -> StoredItem<'static> {
    StoredItem::from_value(&v).unwrap()
}

#[test]
fn descending_scores_swap_every_pair_of_a_collection() {
    let old = old();
    let new = design(json!([{"field": "score"}, {"field": "player"}]), 10, "desc");
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let mut checks = Checks::new(&old.table.primary, &new.table.primary, usize::MAX, 10);
    for (i, score) in [5, 20, 100].into_iter().enumerate() {
        let r = rekeyer.from_values("Run", &run("s1", score, "p")).unwrap();
        assert_eq!(r.changed_attributes(), ["SK"]);
        checks.add(i, r);
    }
    // Another season's run is another collection: no pair with the first three.
    checks.add(3, rekeyer.from_values("Run", &run("s2", 1, "p")).unwrap());
    let s = checks.finish();
    assert_eq!((s.items, s.changed), (4, 4));
    assert_eq!(s.changed_by_attribute, [("SK".to_string(), 4)]);
    assert_eq!((s.swapped_neighbours, s.swapped_pairs), (2, 3));
    assert_eq!((s.swaps[0].earlier, s.swaps[0].later), (0, 1));
    assert_eq!(s.swaps[0].new.0.as_str(), "9999999994#p");
    assert_eq!(s.collision_count, 0);
}

#[test]
fn dropping_a_segment_makes_new_keys_collide() {
    let old = old();
    let new = design(json!([{"field": "score"}]), 10, "asc");
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let mut checks = Checks::new(&old.table.primary, &new.table.primary, usize::MAX, 10);
    for (i, player) in ["ann", "bob", "cy"].into_iter().enumerate() {
        checks.add(i, rekeyer.from_values("Run", &run("s1", 7, player)).unwrap());
    }
    let s = checks.finish();
    assert_eq!(s.collision_count, 2);
    assert_eq!((s.collisions[0].first, s.collisions[0].second), (0, 1));
    assert_eq!(s.collisions[1].first, 0);
    assert_eq!(s.collisions[0].key[1].as_str(), "0000000007");
    // Equal new keys are no swap: the order check sees ties as in order.
    assert_eq!(s.swapped_pairs, 0);
}

#[test]
fn an_exported_item_is_read_back_through_its_keys_and_attributes() {
    let old = old();
    let new = design(json!([{"field": "player"}, {"field": "score"}]), 6, "asc");
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let mut item = stored(&old, &run("s1", 42, "Ann"));
    // The key upper-cased the season; the attribute kept what was written.
    item.insert("season".into(), json!({"S": "s1"}));
    item.insert("other".into(), json!({"BOOL": true}));
    let export = json!({"Item": item}).as_object().unwrap().clone();
    let r = rekeyer
        .from_item(&StoredItem::from_value(&Value::Object(export)).unwrap())
        .unwrap();
    assert_eq!(r.entity, "Run");
    assert_eq!(r.old_key("SK").unwrap().as_str(), "0000000042#Ann");
    assert_eq!(r.new_key("SK").unwrap().as_str(), "Ann#000042");
    assert_eq!(r.new_key("PK").unwrap().as_str(), "SEASON#S1");
    assert_eq!(r.changed_attributes(), ["SK"]);
    // The same item bare, as a scan's output gives it.
    assert_eq!(rekeyer.from_item(&line(&item)).unwrap(), r);
}

#[test]
fn the_entity_comes_from_which_template_the_table_keys_fit() {
    let old = old();
    let rekeyer = Rekeyer::new(&old, &old).unwrap();
    let meta = json!({"PK": {"S": "SEASON#S1"}, "SK": {"S": "META"}});
    let r = rekeyer.from_item(&parsed(meta)).unwrap();
    assert_eq!(r.entity, "Season");
    assert!(r.changed_attributes().is_empty());
    let stray = json!({"PK": {"S": "SEASON#S1"}, "SK": {"S": "nonsense"}});
    let why = rekeyer.from_item(&parsed(stray)).unwrap_err();
    assert!(why.0.contains("does not fit the old design"), "{why:?}");
    let keyless = json!({"id": {"S": "x"}});
    assert!(rekeyer.from_item(&parsed(keyless)).unwrap_err().0.contains("has no PK"));
}

#[test]
fn keys_two_entities_could_both_have_written_are_refused_unless_an_attribute_names_it() {
    let both = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [
            {"name": "A", "fields": {"id": {"kind": "text"}}, "keys": {"PK": [{"field": "id"}], "SK": [{"literal": "X"}]}},
            {"name": "B", "fields": {"id": {"kind": "text"}}, "keys": {"PK": [{"field": "id"}], "SK": [{"literal": "X"}]}}
        ]
    }))
    .unwrap();
    let item = json!({"PK": {"S": "k"}, "SK": {"S": "X"}, "type": {"S": "B"}});
    let item = parsed(item);
    let why = Rekeyer::new(&both, &both).unwrap().from_item(&item).unwrap_err();
    assert!(
        why.0.contains("more than one entity of the old design (A, B)"),
        "{why:?}"
    );
    let named = Rekeyer::new(&both, &both).unwrap().with_entity_attribute("type");
    assert_eq!(named.from_item(&item).unwrap().entity, "B");
    let nameless = json!({"PK": {"S": "k"}, "SK": {"S": "X"}});
    assert!(named
        .from_item(&parsed(nameless))
        .unwrap_err()
        .0
        .contains("no String attribute type"));
}

#[test]
fn what_the_new_design_cannot_write_is_refused_with_the_codec_reason() {
    let old = old();
    let narrow = design(json!([{"field": "score"}]), 2, "asc");
    let rekeyer = Rekeyer::new(&old, &narrow).unwrap();
    let why = rekeyer.from_values("Run", &run("s1", 150, "p")).unwrap_err();
    assert!(why.0.contains("150"), "{why:?}");
    let mut checks = Checks::new(&old.table.primary, &narrow.table.primary, usize::MAX, 1);
    checks.refused(0, &why);
    checks.refused(1, &why);
    let s = checks.finish();
    assert_eq!((s.items, s.refused_count, s.refused.len()), (2, 2, 1));
    let mut renamed = narrow.clone();
    renamed.entities[0].name = "Score".into();
    let gone = Rekeyer::new(&old, &renamed)
        .unwrap()
        .from_values("Run", &run("s1", 1, "p"));
    assert_eq!(gone.unwrap_err().0, "the new design has no entity Run");
}

#[test]
fn a_stale_index_key_adds_nothing_and_a_missing_field_is_reported() {
    let old = old();
    // The new design keys runs by player in the table: only GSI1PK held the player.
    let new = Schema::from_value(&{
        let mut v = old.to_value();
        v["entities"][0]["keys"]["SK"] = json!([{"field": "player"}]);
        v
    })
    .unwrap();
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let item = json!({"PK": {"S": "SEASON#S1"}, "SK": {"S": "0000000009#zed"}, "GSI1PK": {"S": "junk"}});
    let r = rekeyer.from_item(&parsed(item)).unwrap();
    assert_eq!(r.new_key("GSI1PK").unwrap().as_str(), "PLAYER#zed");
    assert_eq!(r.changed_attributes(), ["SK", "GSI1PK"]);
}

#[test]
fn a_field_only_the_new_design_has_comes_from_the_attribute_of_its_name() {
    let old = old();
    let new = Schema::from_value(&{
        let mut v = old.to_value();
        v["entities"][0]["fields"]["region"] = json!({"kind": "text", "case": "lower"});
        v["entities"][0]["keys"]["PK"] = json!([{"field": "region"}, {"field": "season"}]);
        v
    })
    .unwrap();
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let mut item = stored(&old, &run("s1", 9, "p"));
    let why = rekeyer.from_item(&line(&item)).unwrap_err();
    assert_eq!(
        why.0,
        "the new design's PK needs region, which neither the old keys nor an attribute region holds"
    );
    item.insert("region".into(), json!({"S": "EU"}));
    assert_eq!(
        rekeyer.from_item(&line(&item)).unwrap().new_key("PK").unwrap().as_str(),
        "eu#S1"
    );
    // An attribute of a type no field kind takes is the codec's to refuse, not skipped.
    item.insert("region".into(), json!({"L": []}));
    assert!(rekeyer.from_item(&line(&item)).is_err());
}

#[test]
fn past_the_limit_changes_are_counted_but_order_and_collisions_are_not() {
    let old = old();
    let new = design(json!([{"field": "score"}]), 10, "desc");
    let rekeyer = Rekeyer::new(&old, &new).unwrap();
    let mut checks = Checks::new(&old.table.primary, &new.table.primary, 2, 10);
    for (i, score) in [1, 2, 3, 3].into_iter().enumerate() {
        checks.add(i, rekeyer.from_values("Run", &run("s1", score, "p")).unwrap());
    }
    let s = checks.finish();
    assert_eq!((s.items, s.changed, s.checked), (4, 4, 2));
    assert_eq!((s.swapped_pairs, s.collision_count), (1, 0));
}

/// One collection's sort keys share a type: all Strings or all Numbers.
fn sort_keys() -> impl Strategy<Value = Vec<KeyValue>> {
    prop_oneof![
        prop::collection::vec("[a-c#é]{0,3}".prop_map(KeyValue::S), 0..40),
        prop::collection::vec(
            (-50i32..50).prop_map(|n| KeyValue::N(Number::parse(&format!("{}", f64::from(n) / 4.0)).unwrap())),
            0..40
        ),
    ]
}

proptest! {
    #[test]
    fn inversions_count_every_pair_out_of_order(keys in sort_keys()) {
        let mut expected = 0;
        for i in 0..keys.len() {
            for j in i + 1..keys.len() {
                if keys[i].cmp(&keys[j]) == std::cmp::Ordering::Greater {
                    expected += 1;
                }
            }
        }
        prop_assert_eq!(inversions_of(&keys), expected);
    }
}

/// Items of one entity as (old partition, old sort, new partition, new sort): few
/// partitions and short sort keys, so that collisions, ties and swaps are common, and
/// long shared beginnings, so that the first 8 bytes often tie.
fn rekeyed_items() -> impl Strategy<Value = Vec<(String, KeyValue, String, KeyValue)>> {
    let text = || "(AAAAAAAA)?[ab#é]{0,3}".prop_map(KeyValue::S);
    let number = || (-20i32..20).prop_map(|n| KeyValue::N(Number::parse(&format!("{}", f64::from(n) / 4.0)).unwrap()));
    let keys = |old: BoxedStrategy<KeyValue>, new: BoxedStrategy<KeyValue>| {
        prop::collection::vec(("[pq]", old, "[xy]", new), 0..60)
    };
    prop_oneof![
        keys(text().boxed(), text().boxed()),
        keys(number().boxed(), text().boxed()),
        keys(text().boxed(), number().boxed()),
    ]
}

proptest! {
    /// The checks sort instead of looking up: every collision, swap and inverted pair
    /// they report is the one a comparison of every pair of items finds.
    #[test]
    fn checks_find_what_comparing_every_pair_finds(items in rekeyed_items(), limit in 0usize..70) {
        let table = KeySchema { partition: "PK".into(), sort: Some("SK".into()), ..KeySchema::default() };
        let mut checks = Checks::new(&table, &table, limit, usize::MAX);
        for (at, (old_pk, old_sk, new_pk, new_sk)) in items.iter().enumerate() {
            let old = vec![("PK", KeyValue::S(old_pk.clone())), ("SK", old_sk.clone())];
            let new = vec![("PK", KeyValue::S(new_pk.clone())), ("SK", new_sk.clone())];
            checks.add(at * 10, Rekeyed::new("Run", old, new));
        }
        let s = checks.finish();
        let checked = &items[..items.len().min(limit)];
        prop_assert_eq!(s.checked, checked.len());
        let mut collisions = Vec::new();
        let mut pairs = 0;
        for (j, b) in checked.iter().enumerate() {
            if let Some(i) = checked[..j].iter().position(|a| (&a.2, &a.3) == (&b.2, &b.3)) {
                collisions.push((i * 10, j * 10, vec![KeyValue::S(b.2.clone()), b.3.clone()]));
            }
            for a in &checked[..j] {
                if (&a.0, &a.2) != (&b.0, &b.2) {
                    continue;
                }
                let old = a.1.cmp(&b.1);
                let new = a.3.cmp(&b.3);
                // A tie in the old order keeps the items' order; a tie in the new is no swap.
                if (old.is_le() && new.is_gt()) || (old.is_gt() && new.is_lt()) {
                    pairs += 1;
                }
            }
        }
        let found: Vec<_> = s.collisions.iter().map(|c| (c.first, c.second, c.key.clone())).collect();
        prop_assert_eq!(found, collisions.clone());
        prop_assert_eq!(s.collision_count, collisions.len());
        prop_assert_eq!(s.swapped_pairs, pairs);
        prop_assert_eq!(s.swaps.len(), s.swapped_neighbours);
        for w in &s.swaps {
            let (a, b) = (&checked[w.earlier / 10], &checked[w.later / 10]);
            prop_assert!(a.1.cmp(&b.1).is_le() && a.3.cmp(&b.3).is_gt());
            prop_assert_eq!((&w.old.0, &w.old.1, &w.new.0, &w.new.1), (&a.1, &b.1, &a.3, &b.3));
        }
    }
}

#[test]
fn export_lines_are_read_in_both_shapes_and_malformed_ones_refused() {
    let wrapped = StoredItem::parse(r#"{"Item":{"PK":{"S":"a"},"n":{"N":"-1.5"},"m":{"M":{}}}}"#).unwrap();
    let bare = StoredItem::parse(r#"{"PK":{"S":"a"},"n":{"N":"-1.5"},"m":{"M":{}}}"#).unwrap();
    assert_eq!(wrapped, bare);
    assert_eq!(bare.get("n"), Some(&stored::Attribute::N("-1.5".into())));
    // A bare item may have an attribute called Item beside others.
    let item_attr = StoredItem::parse(r#"{"Item":{"S":"x"},"PK":{"S":"a"}}"#).unwrap();
    assert_eq!(item_attr.get("Item"), Some(&stored::Attribute::S("x".into())));
    for bad in [
        r#"{"PK":"a"}"#,
        r#"{"PK":{}}"#,
        r#"{"PK":{"S":"a","N":"1"}}"#,
        r#"{"PK":{"S":1}}"#,
        r#"{"PK":{"S":"a"},"PK":{"S":"b"}}"#,
        r#"[1]"#,
    ] {
        let why = StoredItem::parse(bad).unwrap_err().to_string();
        assert!(why.starts_with("is not an item in DynamoDB JSON"), "{bad}: {why}");
    }
}
