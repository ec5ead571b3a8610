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
    // The season's maxLength is the Table's `validate`'s to hold, with keylab's message.
    assert!(text.contains(r#""season": { type: String },"#), "{text}");
    assert!(text.contains("export function encodeRunSk("), "{text}");
    assert!(text.contains(r#"case "Run.SK":"#), "{text}");
    assert!(
        text.contains("new Table({ client, name: \"Leaderboard\", schema: Schema, partial: false, validate, value })"),
        "{text}"
    );
    // OneTable asks `value` for the keys before it validates: `value` checks first.
    assert!(
        text.contains("export function value(model: { name: string }, field: string, item: Record<string, any>): string {\n  // The values are checked first, as `validate` checks them (OneTable asks for the keys\n  // before it validates): a refusal is keylab's message with what the field takes.\n  keylabCheck(model.name, item);"),
        "{text}"
    );
    let said = source.notes.join("\n");
    assert!(said.contains("Run.PK: season is written in upper case"), "{said}");
    assert!(said.contains("Run.SK: score is stored inverted (desc)"), "{said}");
}

/// An invoice whose keys OneTable writes itself: text, a padded uint, a ULID.
fn invoices() -> Schema {
    Schema::from_json(
        r##"{"version":1,"separator":"#","table":{"name":"Crm","attributes":{"pk":"S","sk":"S"},"primary":{"partition":"pk","sort":"sk"}},
        "entities":[{"name":"Invoice","fields":{"account":{"kind":"text","maxLength":64},"n":{"kind":"uint","width":6},"id":{"kind":"ulid"},"note":{"kind":"text"}},
        "keys":{"pk":[{"literal":"ACCOUNT"},{"field":"account"}],"sk":[{"literal":"INV"},{"field":"n","prefix":"n"},{"field":"id"}]}}]}"##,
    )
    .unwrap()
}

#[test]
fn templates_write_what_keylab_writes() {
    // Without the design it carries, the file's own templates are what is read: the
    // keys OneTable writes itself must be keylab's. (A ULID it would write as given.)
    let v = (invoices().to_value().to_string())
        .replace(r#""id":{"kind":"ulid"}"#, r#""id":{"kind":"text","maxLength":26}"#);
    let schema = Schema::from_json(&v).unwrap();
    let source = super::schema(&schema).unwrap();
    assert_eq!(source.notes.len(), 0, "{:?}", source.notes);
    assert!(
        source
            .text
            .contains(r#""sk": { type: String, value: "INV#n${n:6}#${id}" },"#),
        "{}",
        source.text
    );
    let bare: String = (source.text.lines())
        .filter(|l| !l.starts_with(DESIGN_MARK))
        .map(|l| format!("{l}\n"))
        .collect();
    let read = read(&bare, "Crm").unwrap();
    let values = json!({"account": "Ada", "n": 7, "id": "01J0Z3Y6R5P9Q2W8E4T7Y1V3X5"});
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

#[test]
fn every_value_a_key_reads_is_checked_by_the_tables_validate() {
    let source = super::schema(&invoices()).unwrap();
    let text = &source.text;
    // `${n:6}` writes 1234567, -1 as 0000-1 and 1.5 as 0001.5: the Table's `validate` asks keylab first.
    assert!(
        text.contains(r#""n": (v: any) => keylabChecked(v, () => uint(whole(v, "Invoice.n"), 6, false, "Invoice.n"), "a whole number from 0 to 999999"),"#),
        "{text}"
    );
    assert!(
        text.contains(r#""id": (v: any) => keylabChecked(v, () => ulid(v, false, "Invoice.id"), "a ULID, e.g. 01ARZ3NDEKTSV4RRFFQ69G5FAV"),"#),
        "{text}"
    );
    assert!(
        text.contains("export function validate(model: { name: string }, properties: Record<string, any>): Record<string, string> {\n  keylabCheck(model.name, properties);"),
        "{text}"
    );
    assert!(
        // The ULID in sk makes it a key keylab's code writes: `value` too.
        text.contains("new Table({ client, name: \"Crm\", schema: Schema, partial: false, validate, value })"),
        "{text}"
    );
    // A field no key reads is declared and never checked.
    assert!(text.contains(r#""note": { type: String },"#), "{text}");
    assert!(!text.contains(r#""note": (v: any)"#), "{text}");
    // What the design does not hold, the header and the notes say how to declare.
    assert!(
        text.contains("declares it: add each to the model, e.g. \"Detail\": { type: Object }."),
        "{text}"
    );
    // Said once, in the header: a note would make every export exit 5.
    assert!(source.notes.iter().all(|n| !n.contains("Detail")), "{:?}", source.notes);
}

#[test]
fn an_id_in_a_key_is_written_by_keylabs_code() {
    // keylab trims an id and writes a ULID in upper case; OneTable writes it as given.
    let source = super::schema(&invoices()).unwrap();
    assert!(
        source.text.contains(r#""sk": { type: String, value: true },"#),
        "{}",
        source.text
    );
    let said = source.notes.join("\n");
    assert!(
        said.contains(
            "Invoice.sk: id is a ulid, which keylab writes trimmed (a ULID in upper case) and OneTable writes as given"
        ),
        "{said}"
    );
}

#[test]
fn an_iso_timestamp_or_unbounded_text_is_written_by_keylabs_code() {
    let mut schema = invoices();
    let v = schema.to_value().to_string();
    // An ISO field: OneTable would write 2024-06-23T10:00Z as given, keylab 2024-06-23T10:00:00.000Z.
    let v = v.replace(
        r#""n":{"kind":"uint","width":6}"#,
        r#""n":{"kind":"timestamp","unit":"iso"}"#,
    );
    schema = Schema::from_json(&v).unwrap();
    let source = super::schema(&schema).unwrap();
    assert!(
        source.text.contains(r#""sk": { type: String, value: true },"#),
        "{}",
        source.text
    );
    assert!(source.text.contains(r#""n": { type: Date },"#), "{}", source.text);
    let said = source.notes.join("\n");
    assert!(
        said.contains("Invoice.sk: n is an ISO timestamp, which OneTable writes as it is given"),
        "{said}"
    );
    // Text without a maxLength could make a key longer than DynamoDB allows.
    let v = v.replace(
        r#""account":{"kind":"text","maxLength":64}"#,
        r#""account":{"kind":"text"}"#,
    );
    let source = super::schema(&Schema::from_json(&v).unwrap()).unwrap();
    assert!(
        source.text.contains(r#""pk": { type: String, value: true },"#),
        "{}",
        source.text
    );
    let said = source.notes.join("\n");
    assert!(
        said.contains(
            "Invoice.pk: account has no maxLength, so it can grow past the 2048 bytes a partition key may hold"
        ),
        "{said}"
    );
}
