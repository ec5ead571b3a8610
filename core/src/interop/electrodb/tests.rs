use super::super::tests::{every_preset_round_trips, leaderboard, presets};
use super::*;
use crate::infer::electrodb::read;

#[test]
fn every_preset_exports_and_imports_to_the_same_design() {
    every_preset_round_trips(entities, |text| read(text, "t").map(|r| (r.schema, r.notes)));
}

#[test]
fn what_electrodb_writes_itself_is_a_template_and_the_rest_is_keylabs_code() {
    let schema = leaderboard();
    let source = entities(&schema).unwrap();
    let text = &source.text;
    assert!(
        text.contains(r#"pk: { field: "PK", composite: ["season"], template: "SEASON#${season}", casing: "upper" }"#),
        "{text}"
    );
    assert!(
        text.contains(r#""_keylab_SK": { type: "string", hidden: true, default: "", watch: ["score", "at", "player"]"#),
        "{text}"
    );
    assert!(text.contains("export function encodeRunSk("), "{text}");
    let said = source.notes.join("\n");
    assert!(said.contains("Run.SK: score is stored inverted (desc)"), "{said}");
    assert!(
        said.contains("Run.season: its maxLength 32 is not ElectroDB's"),
        "{said}"
    );
}

#[test]
fn a_carried_design_that_does_not_write_the_entities_keys_is_set_aside() {
    let schema = leaderboard();
    let text = entities(&schema).unwrap().text;
    // Someone edited the template by hand after the export.
    let edited = text.replace(r#"template: "SEASON#${season}""#, r#"template: "S#${season}""#);
    let back = read(&edited, "t").unwrap();
    let said = back.notes.join("\n");
    assert!(
        said.contains("does not write the keys its declarations write (Run.PK is written"),
        "{said}"
    );
    assert_ne!(back.schema, schema);
    let broken = text.replace("// keylab design: {", "// keylab design: {oops");
    let said = read(&broken, "t").unwrap().notes.join("\n");
    assert!(
        said.contains("the keylab design the file carries cannot be read"),
        "{said}"
    );
}

#[test]
fn casing_follows_what_every_part_of_a_key_needs() {
    let need = |n: Need| ["none", "lower", "upper"].map(|c| n.holds(c));
    assert_eq!(need(Need::Case(Case::Preserve)), [true, false, false]);
    assert_eq!(need(Need::Case(Case::Lower)), [false, true, false]);
    assert_eq!(need(Need::Same("ORDER".into())), [true, false, true]);
    assert_eq!(need(Need::Same("#".into())), [true, true, true]);
    assert_eq!(need(Need::Upper), [true, false, true]);
    assert_eq!(need(Need::Mixed), [true, false, false]);
    assert_eq!(need(Need::Digits), [true, true, true]);
}

#[test]
fn a_multi_attribute_gsi_of_plain_fields_is_a_composite_index() {
    let schema = Schema::from_json(
        r##"{"version":1,"separator":"#","table":{"name":"Arcade","attributes":{"PK":"S","SK":"S","region":"S","game":"S","player":"S"},
        "primary":{"partition":"PK","sort":"SK"},"indexes":[{"name":"ByRegion","partition":["region","game"],"sort":["player"]}]},
        "entities":[{"name":"Score","fields":{"game":{"kind":"text"},"region":{"kind":"text"},"player":{"kind":"text","maxLength":20}},
        "keys":{"PK":[{"literal":"GAME"},{"field":"game"}],"SK":[{"field":"player"}],"region":[{"field":"region"}],"game":[{"field":"game"}],"player":[{"field":"player"}]}}]}"##,
    )
    .unwrap();
    let source = entities(&schema).unwrap();
    let text = &source.text;
    assert!(
        text.contains("index: \"ByRegion\",\n        type: \"composite\",\n        pk: { composite: [\"region\", \"game\"] },\n        sk: { composite: [\"player\"] },"),
        "{text}"
    );
    // Read back from its declarations alone, it is the same index and the same keys.
    let bare: String = (text.lines())
        .filter(|l| !l.starts_with(DESIGN_MARK))
        .map(|l| format!("{l}\n"))
        .collect();
    let back = read(&bare, "Arcade").unwrap();
    assert_eq!(back.schema.table.indexes, schema.table.indexes);
    let values = serde_json::json!({"game": "g1", "region": "eu-West", "player": "Ada"});
    assert_eq!(
        crate::infer::declared::keys_written(&back.schema, "Score", values.clone()),
        crate::infer::declared::keys_written(&schema, "Score", values)
    );
    assert_eq!(read(text, "t").unwrap().schema, schema);

    // Cased text is keylab's own writing: the index is left out, and said.
    let status = presets().into_iter().find(|s| s.table.name == "Shop").unwrap();
    let said = entities(&status).unwrap().notes.join("\n");
    assert!(
        said.contains("Order: index ByStatus is left out: status is a text that keylab writes its own way"),
        "{said}"
    );
}
