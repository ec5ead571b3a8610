use super::super::tests::{every_preset_round_trips, leaderboard};
use super::*;
use crate::infer::declared::keys_written;
use crate::infer::onetable::read;
use serde_json::json;

#[test]
fn every_preset_exports_and_imports_to_the_same_design() {
    every_preset_round_trips(super::schema, |text| read(text, "t").map(|r| (r.schema, r.notes)));
}

#[test]
fn what_onetable_writes_itself_is_a_template_and_the_rest_is_keylabs_code() {
    let schema = leaderboard();
    let source = super::schema(&schema).unwrap();
    let text = &source.text;
    assert!(text.contains(r#""SK": { type: String, value: true },"#), "{text}");
    assert!(
        text.contains(r#""season": { type: String, validate: /^[\s\S]{0,32}$/u },"#),
        "{text}"
    );
    assert!(text.contains("export function encodeRunSk("), "{text}");
    assert!(text.contains(r#"case "Run.SK":"#), "{text}");
    assert!(
        text.contains("new Table({ client, name: \"Leaderboard\", schema: Schema, partial: false, value })"),
        "{text}"
    );
    let said = source.notes.join("\n");
    assert!(said.contains("Run.PK: season is written in upper case"), "{said}");
    assert!(said.contains("Run.SK: score is stored inverted (desc)"), "{said}");
}

#[test]
fn templates_write_what_keylab_writes() {
    // Without the design it carries, the file's own templates are what is read: the
    // keys OneTable writes itself must be keylab's.
    let schema = Schema::from_json(
        r##"{"version":1,"separator":"#","table":{"name":"Crm","attributes":{"pk":"S","sk":"S"},"primary":{"partition":"pk","sort":"sk"}},
        "entities":[{"name":"Invoice","fields":{"account":{"kind":"text"},"issued":{"kind":"timestamp","unit":"iso"},"n":{"kind":"uint","width":6},"id":{"kind":"ulid"}},
        "keys":{"pk":[{"literal":"ACCOUNT"},{"field":"account"}],"sk":[{"literal":"INV"},{"field":"issued"},{"field":"n","prefix":"n"},{"field":"id"}]}}]}"##,
    )
    .unwrap();
    let source = super::schema(&schema).unwrap();
    assert!(source.notes.is_empty(), "{:?}", source.notes);
    assert!(
        source
            .text
            .contains(r#""sk": { type: String, value: "INV#${issued}#n${n:6}#${id}" },"#),
        "{}",
        source.text
    );
    let bare: String = (source.text.lines())
        .filter(|l| !l.starts_with(DESIGN_MARK))
        .map(|l| format!("{l}\n"))
        .collect();
    let read = read(&bare, "Crm").unwrap();
    let values =
        json!({"account": "Ada", "issued": "2024-06-23T00:00:00.000Z", "n": 7, "id": "01J0Z3Y6R5P9Q2W8E4T7Y1V3X5"});
    assert_eq!(
        keys_written(&read.schema, "Invoice", values.clone()),
        keys_written(&schema, "Invoice", values)
    );
}

#[test]
fn a_computed_key_without_the_design_is_a_field_that_says_so() {
    let text = super::schema(&leaderboard()).unwrap().text;
    let bare: String = (text.lines())
        .filter(|l| !l.starts_with(DESIGN_MARK))
        .map(|l| format!("{l}\n"))
        .collect();
    let read = read(&bare, "t").unwrap();
    let run = read.schema.entity("Run").unwrap();
    assert!(run.field("_keylab_SK").is_some(), "{:?}", run.fields);
    let said = read.notes.join("\n");
    assert!(said.contains("SK is `value: true`"), "{said}");
}
