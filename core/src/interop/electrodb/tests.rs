use super::super::tests::{every_preset_round_trips, leaderboard, presets};
use super::*;
use crate::infer::electrodb::read;
use crate::schema::FieldKind;

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
    // The maxLength is keylab's check's to hold now, not a note's to regret.
    assert!(!said.contains("maxLength 32"), "{said}");
}

/// A design whose keys ElectroDB writes itself: a uint of width 5 in a padded template,
/// epoch milliseconds, text, and a field no key reads.
fn ledger() -> Schema {
    Schema::from_json(
        r##"{"version":1,"separator":"#","table":{"name":"Ledger","attributes":{"PK":"S","SK":"S"},"primary":{"partition":"PK","sort":"SK"}},
        "entities":[{"name":"Entry","fields":{"account":{"kind":"uint","width":5},"at":{"kind":"timestamp","unit":"ms","width":13},
        "label":{"kind":"text","maxLength":8},"note":{"kind":"text"}},
        "keys":{"PK":[{"literal":"ACCOUNT"},{"field":"account"}],"SK":[{"field":"at"},{"field":"label"}]}}]}"##,
    )
    .unwrap()
}

#[test]
fn every_value_a_key_reads_is_checked_by_keylabs_key_code() {
    let source = entities(&ledger()).unwrap();
    let text = &source.text;
    // ElectroDB pads 123456 to 123456 and writes -1 and 1.5: its `validate` asks keylab first.
    assert!(
        text.contains(r#""account": { type: "number", padding: { length: 5, char: "0" }, validate: keylabChecks["Entry"]["account"] },"#),
        "{text}"
    );
    assert!(
        text.contains(r#""account": (v: any) => keylabChecked(v, () => uint(whole(v, "Entry.account"), 5, false, "Entry.account"), "a whole number from 0 to 99999"),"#),
        "{text}"
    );
    assert!(
        text.contains(r#""at": (v: any) => keylabChecked(v, () => uint(whole(v, "Entry.at"), 13, false, "Entry.at"), "epoch milliseconds, a whole number from 0 to 9999999999999"),"#),
        "{text}"
    );
    assert!(
        text.contains(r##""label": (v: any) => keylabChecked(v, () => text(v, "preserve", 8, SEP, "Entry.label"), "text of 1 to 8 characters without \"#\""),"##),
        "{text}"
    );
    // A refusal is keylab's KeyError (which value, why) with what the field takes.
    assert!(text.contains("`${e.message}${which}. Fix: give ${takes}`"), "{text}");
    // A field no key reads is the item's own: declared, never checked.
    assert!(text.contains(r#""note": { type: "string" },"#), "{text}");
    assert!(!text.contains(r#"keylabChecks["Entry"]["note"]"#), "{text}");
    // The keys are still ElectroDB's own templates.
    assert!(
        text.contains(r#"sk: { field: "SK", composite: ["at", "label"], template: "${at}#${label}", casing: "none" }"#),
        "{text}"
    );
}

#[test]
fn what_a_field_takes_is_the_fix_of_a_refusal() {
    use crate::schema::{FieldKind, IsoFormat, IsoPrecision, IsoZone, Order, TimeUnit};
    let takes = |kind: FieldKind| super::super::checks::takes(&kind, "#");
    assert_eq!(
        takes(FieldKind::Int {
            width: 3,
            order: Order::Asc
        }),
        "a whole number from -999 to 999"
    );
    assert_eq!(
        takes(FieldKind::Decimal {
            width: 8,
            scale: 2,
            signed: false,
            order: Order::Asc
        }),
        "a non-negative number of at most 8 digits before the point and 2 after it"
    );
    let iso = |precision, zone| FieldKind::Timestamp {
        unit: TimeUnit::Iso(IsoFormat { precision, zone }),
        order: Order::Asc,
    };
    assert_eq!(
        takes(iso(IsoPrecision::Date, IsoZone::Offset(330))),
        "ISO-8601 text with a zone (e.g. 2024-06-23T10:00:00Z), a whole day (midnight +05:30), as text (not a Date object or a number: the attribute is a string)"
    );
    assert_eq!(
        takes(iso(IsoPrecision::Second, IsoZone::Unzoned)),
        "ISO-8601 text (a time without a zone is UTC), in whole seconds, as text (not a Date object or a number: the attribute is a string)"
    );
    assert_eq!(
        takes(FieldKind::Text {
            case: Case::Upper,
            max_length: None
        }),
        "non-empty text without \"#\""
    );
}

#[test]
fn get_and_query_name_an_item_by_its_fields_through_with_keylab_keys() {
    let text = entities(&leaderboard()).unwrap().text;
    // ElectroDB asks get for `_keylab_SK`: the helper writes it from the run's own fields.
    assert!(
        text.contains(
            r#"  Run: <T extends Record<string, any>>(item: T): T & { "_keylab_SK": string } => {
    keylabCheck("Run", item);
    const keys: Record<string, string> = {};
    if (["score", "at", "player"].every((f) => item[f] != null)) keys["_keylab_SK"] = keylabKey(() => encodeRunSk({ score: item["score"], at: item["at"], player: item["player"] }));
    return { ...item, ...keys } as T & { "_keylab_SK": string };
  },"#
        ),
        "{text}"
    );
    assert!(text.contains("export const withKeylabKeys = {"), "{text}");
    assert!(
        text.contains("//     Run.get(withKeylabKeys.Run({ ...fields })).go();"),
        "{text}"
    );
    // An entity whose keys are all templates gets its values checked, nothing added.
    let text = entities(&ledger()).unwrap().text;
    assert!(
        text.contains(r#"  Entry: <T extends Record<string, any>>(item: T): T => keylabCheck("Entry", item),"#),
        "{text}"
    );
}

#[test]
fn the_header_and_the_notes_say_how_to_keep_an_items_other_attributes() {
    let source = entities(&ledger()).unwrap();
    assert!(
        source.text.contains(
            "ElectroDB's put leaves out any\n//   other attribute of an item (an imported item's map Detail) unless its entity\n//   declares it: add each to the entity's attributes, e.g. \"Detail\": { type: \"any\" }.\n// - ElectroDB reads back only the items it wrote (their __edb_e__ and __edb_v__): to\n//   read a table's existing items, pass { ignoreOwnership: true } to get and query."
        ),
        "{}",
        source.text
    );
    // Said once, in the header: a note would make every export exit 5.
    assert!(source.notes.iter().all(|n| !n.contains("Detail")), "{:?}", source.notes);
}

#[test]
fn a_key_that_can_outgrow_dynamodbs_limit_is_written_by_keylabs_code() {
    let mut schema = ledger();
    // Without a maxLength, a label could make SK longer than DynamoDB's 1,024 bytes,
    // which keylab refuses and ElectroDB's template would write.
    schema.entities[0].fields[2].kind = FieldKind::Text {
        case: Case::Preserve,
        max_length: None,
    };
    let source = entities(&schema).unwrap();
    assert!(
        source
            .text
            .contains(r#"sk: { field: "SK", composite: ["_keylab_SK"], template: "${_keylab_SK}", casing: "none" }"#),
        "{}",
        source.text
    );
    let said = source.notes.join("\n");
    assert!(
        said.contains("Entry.SK: label has no maxLength, so it can grow past the 1024 bytes a sort key may hold (give it a maxLength to keep it a template)"),
        "{said}"
    );
    // And the hidden key's refusal says how to fix it.
    assert!(
        source.text.contains("keylabKey(() => encodeEntrySk("),
        "{}",
        source.text
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
    assert_eq!(need(Need::Digits), [true, true, true]);
}

#[test]
fn a_multi_attribute_gsi_of_plain_fields_is_a_composite_index() {
    let schema = Schema::from_json(
        r##"{"version":1,"separator":"#","table":{"name":"Arcade","attributes":{"PK":"S","SK":"S","region":"S","game":"S","player":"S"},
        "primary":{"partition":"PK","sort":"SK"},"indexes":[{"name":"ByRegion","partition":["region","game"],"sort":["player"]}]},
        "entities":[{"name":"Score","fields":{"game":{"kind":"text","maxLength":40},"region":{"kind":"text"},"player":{"kind":"text","maxLength":20}},
        "keys":{"PK":[{"literal":"GAME"},{"field":"game"}],"SK":[{"field":"player"}],"region":[{"field":"region"}],"game":[{"field":"game"}],"player":[{"field":"player"}]}}]}"##,
    )
    .unwrap();
    let source = entities(&schema).unwrap();
    let text = &source.text;
    assert!(
        text.contains("index: \"ByRegion\",\n        type: \"composite\",\n        pk: { composite: [\"region\", \"game\"] },\n        sk: { composite: [\"player\"] },"),
        "{text}"
    );
    // An attribute of the index is its field as itself: the field's check writes that
    // whole key, which holds it to DynamoDB's size limit too.
    assert!(
        text.contains(r##""region": (v: any) => keylabChecked(v, () => encodeScoreRegion({ region: v }), "non-empty text without \"#\", at most 2048 bytes of UTF-8"),"##),
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
