use super::*;
use crate::infer::{infer, sources, Options};

fn leaderboard() -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "Scores", "attributes": {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S"},
                  "primary": {"partition": "PK", "sort": "SK"},
                  "indexes": [{"name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK"}]},
        "entities": [
            {"name": "Run",
             "fields": {"season": {"kind": "text", "case": "upper"},
                        "score": {"kind": "uint", "width": 10, "order": "desc"},
                        "player": {"kind": "text"}},
             "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}],
                      "SK": [{"field": "score"}, {"field": "player"}],
                      "GSI1PK": [{"literal": "PLAYER"}, {"field": "player"}],
                      "GSI1SK": [{"field": "season"}]}},
            {"name": "Season",
             "fields": {"season": {"kind": "text", "case": "upper"}},
             "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"literal": "META"}]}}
        ]
    }))
    .unwrap()
}

fn samples() -> Vec<(&'static str, Values)> {
    let v = |j: Value| serde_json::from_value::<Values>(j).unwrap();
    vec![
        ("Run", v(json!({"season": "spring", "score": 1500, "player": "p_8842"}))),
        ("Run", v(json!({"season": "spring", "score": 9, "player": "p_0417"}))),
        ("Season", v(json!({"season": "spring"}))),
        ("Run", v(json!({"season": "autumn", "score": 240, "player": "p_2051"}))),
        ("Run", v(json!({"season": "spring", "score": "lots", "player": "p_1"}))),
        ("Run", v(json!({"season": "spring", "score": 9, "player": "p_0417"}))),
    ]
}

#[test]
fn a_design_becomes_facets_whose_data_holds_the_keys_keylab_writes() {
    let schema = leaderboard();
    let samples = samples();
    let borrowed: Vec<(&str, &Values)> = samples.iter().map(|(e, v)| (*e, v)).collect();
    let Model { model, notes } = model(&schema, &borrowed, "Dec 05, 2026, 12:00 PM");
    assert_eq!(model["ModelMetadata"]["Version"], "3.0");
    let table = &model["DataModel"][0];
    assert_eq!(table["KeyAttributes"]["SortKey"]["AttributeName"], "SK");
    assert_eq!(table["GlobalSecondaryIndexes"][0]["IndexName"], "GSI1");
    let run = &table["TableFacets"][0];
    assert_eq!(run["FacetName"], "Run");
    assert_eq!(run["KeyAttributeAlias"]["SortKeyAlias"], "<score>#<player>");
    assert_eq!(run["TableData"][0]["SK"]["S"], "9999998499#p_8842");
    assert_eq!(run["TableData"][0]["score"]["N"], "1500");
    // The refused item and the replaced one are said, not dropped without a word.
    assert_eq!(run["TableData"].as_array().unwrap().len(), 3);
    assert!(notes[0].starts_with("item 5 (Run) is left out:"), "{notes:?}");
    assert_eq!(
        notes[1],
        "item 6 replaces an earlier item with the same table key, as writing it would"
    );
    assert_eq!(table["TableFacets"][1]["TableData"][0]["SK"]["S"], "META");
}

#[test]
fn the_model_imports_again_to_the_same_entities_and_the_same_keys() {
    let schema = leaderboard();
    let samples = samples();
    let borrowed: Vec<(&str, &Values)> = samples.iter().map(|(e, v)| (*e, v)).collect();
    let text = model(&schema, &borrowed, "now").model.to_string();
    let source = sources::read(sources::Format::Workbench, &text, None).unwrap();
    // Read from the keys and the facets' aliases alone, not the design the model carries.
    let options = Options {
        design: None,
        ..source.options("")
    };
    let p = infer(&source.items, &options).unwrap();
    assert!(p.exact(), "{:?}", p.misfits);
    assert_eq!(p.schema.table, schema.table);
    for e in &schema.entities {
        let back = p.schema.entity(&e.name).unwrap();
        for t in &e.keys {
            assert_eq!(
                back.template(&t.attribute).unwrap().pattern("#"),
                t.pattern("#"),
                "{}",
                e.name
            );
        }
    }
    let score = &p.schema.entity("Run").unwrap().field("score").unwrap().kind;
    assert_eq!(*score, schema.entity("Run").unwrap().field("score").unwrap().kind);
}

#[test]
fn a_multi_attribute_index_is_left_out_and_said() {
    let schema = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "a": "S", "b": "S"},
                  "primary": {"partition": "PK"},
                  "indexes": [{"name": "ByAB", "partition": ["a", "b"]}]},
        "entities": [{"name": "E", "fields": {"a": {"kind": "text"}, "b": {"kind": "text"}},
                      "keys": {"PK": [{"field": "a"}], "a": [{"field": "a"}], "b": [{"field": "b"}]}}]
    }))
    .unwrap();
    let m = model(&schema, &[], "now");
    assert!(
        m.notes[0].contains("index ByAB has a multi-attribute key"),
        "{:?}",
        m.notes
    );
    assert!(m.model["DataModel"][0].get("GlobalSecondaryIndexes").is_none());
}

#[test]
fn dates_are_shown_as_workbench_shows_them() {
    assert_eq!(
        shown_date("2026-12-05T00:07:09.000Z").as_deref(),
        Some("Dec 05, 2026, 12:07 AM")
    );
    assert_eq!(
        shown_date("2026-01-31T13:30:00.000Z").as_deref(),
        Some("Jan 31, 2026, 1:30 PM")
    );
    assert_eq!(shown_date("2026-13-31T13:30"), None);
    assert_eq!(shown_date("nonsense"), None);
    assert_eq!(shown_date("2026-00-01T25:00"), None);
}
