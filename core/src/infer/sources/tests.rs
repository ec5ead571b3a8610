use super::*;
use crate::infer::infer;

const OFFICES: &str = include_str!("../../../../cli/tests/fixtures/offices-workbench.json");

fn proposal(source: &Source) -> crate::infer::Proposal {
    infer(&source.items, &source.options("")).unwrap()
}

#[test]
fn a_format_is_told_by_what_marks_it() {
    let format = |text: &str| Format::marked(text).map(|(f, _)| f);
    assert_eq!(format(OFFICES), Some(Format::Workbench));
    assert_eq!(format("{\"Item\":{\"PK\":{\"S\":\"A\"}}}\n"), Some(Format::Export));
    assert_eq!(
        format("\n{\"PK\":{\"S\":\"A\"},\"n\":{\"N\":\"1\"}}\nnot JSON"),
        Some(Format::Export)
    );
    assert_eq!(format("{\"Items\": [], \"Count\": 0}"), Some(Format::Export));
    assert_eq!(format("const A = new Entity({ model: {} })"), Some(Format::ElectroDb));
    assert_eq!(
        format("{ format: 'onetable:1.1.0', models: {} }"),
        Some(Format::OneTable)
    );
    // Nothing marks these: no format is named for them.
    for unmarked in ["garbage\u{0} <script>", "{\"name\": \"x\"}", "a,b\n1,2", "[1, 2]"] {
        assert_eq!(format(unmarked), None, "{unmarked}");
    }
}

/// A text nothing marks is read as each format; refused, it says what each found,
/// rather than one format's complaint about text never meant as it.
#[test]
fn an_unmarked_text_is_read_as_each_format_and_refused_with_each_reason() {
    let why = read_any("garbage\u{0} <script>").map(|(f, _)| f).unwrap_err();
    assert_eq!(why.code(), "unrecognised");
    let why = why.to_string();
    assert!(why.starts_with("nothing in it says which format it is in"), "{why}");
    for format in Format::ALL {
        assert!(why.contains(&format!("\nas {}: ", format.what())), "{format:?}: {why}");
    }
    assert!(why.contains("item on line 1: is not an item in DynamoDB JSON"), "{why}");
    // A marked text is refused as what marks it, and says so.
    let why = read_any("{\"ModelName\": \"M\"}").map(|(f, _)| f).unwrap_err();
    assert_eq!(why.code(), "marked");
    let why = why.to_string();
    assert!(
        why.starts_with("it looks like a NoSQL Workbench model (it has a \"ModelName\"), but has no \"DataModel\""),
        "{why}"
    );
    // An entity object pasted without `new Entity(` reads as ElectroDB's, and a
    // OneTable schema without its `format` as OneTable's.
    let entity = "{ model: { entity: 'e', service: 's' }, attributes: { id: { type: 'string' } }, indexes: { a: { pk: { field: 'pk', composite: ['id'] } } } }";
    assert_eq!(read_any(entity).map(|(f, _)| f), Ok(Format::ElectroDb));
    let schema = "{ indexes: { primary: { hash: 'pk' } }, models: { A: { pk: { type: String, value: 'A#${id}' }, id: { type: String } } } }";
    assert_eq!(read_any(schema).map(|(f, _)| f), Ok(Format::OneTable));
}

#[test]
fn a_workbench_models_facets_are_its_entities_and_its_table_data_their_items() {
    let source = read(Format::Workbench, OFFICES, None).unwrap();
    // Lisbon's office is in its facet and in the table's data: read once.
    assert_eq!(source.items.len(), 8);
    assert_eq!(source.places[7], "item 2 of the table's TableData");
    assert_eq!(source.entity_of[7], None);
    let keys = source.keys.clone().unwrap();
    assert_eq!((keys.partition.as_str(), keys.sort.as_deref()), ("PK", Some("SK")));
    assert_eq!(keys.indexes, [("GSI1".into(), "GSI1PK".into(), Some("GSI1SK".into()))]);
    let said = source.notes.join("\n");
    assert!(said.contains("version 3.0"), "{said}");
    assert!(
        said.contains("left out of the model's table settings: NonKeyAttributes, DataAccess, BillingMode"),
        "{said}"
    );

    let p = proposal(&source);
    assert!(p.exact(), "{:?}", p.misfits);
    let names: Vec<&str> = p.schema.entities.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Office", "Visit", "Employee"]);
    let visit = &p.schema.entities[1];
    // The sample's `State#Date` is the two attributes, so key and attribute stay one value.
    assert_eq!(visit.template("SK").unwrap().pattern("#"), "<State>#<Date>");
    assert_eq!(visit.template("GSI1SK").unwrap().pattern("#"), "<Date>");
    assert!(matches!(
        visit.field("Date").unwrap().kind,
        crate::schema::FieldKind::Timestamp {
            unit: crate::schema::TimeUnit::Iso(_),
            ..
        }
    ));
    let employee = &p.schema.entities[2];
    assert_eq!(employee.template("SK").unwrap().pattern("#"), "EMPLOYEE#<Badge>");
    // Berlin's office, in the table's data alone, joins the Office entity by its shape.
    assert_eq!(p.items.iter().filter(|i| i.entity == "Office").count(), 3);
    // Parking has no items: the design has no such entity, and the report says so once.
    let report = source.report(&p);
    let names: Vec<String> = report.left_out.iter().map(|o| o.name()).collect();
    assert_eq!(names, ["facet Parking"]);
    let said = report.notes.join("\n");
    assert!(
        said.contains("facet Parking is left out: it has no TableData of its own"),
        "{said}"
    );
    crate::infer::left_out::assert_held(&p.schema, &report.notes, &report.left_out);
}

#[test]
fn a_facet_without_items_the_carried_design_holds_is_not_left_out() {
    let design = r##"{"version": 1, "separator": "#",
      "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
      "entities": [
        {"name": "User", "fields": {"id": {"kind": "text"}}, "keys": {"PK": [{"literal": "USER"}, {"field": "id"}], "SK": [{"literal": "PROFILE"}]}},
        {"name": "Note", "fields": {"id": {"kind": "text"}}, "keys": {"PK": [{"literal": "NOTE"}, {"field": "id"}], "SK": [{"literal": "BODY"}]}}]}"##;
    let model = serde_json::json!({
        "ModelName": "M",
        "ModelMetadata": {"Version": "3.0", "Description": format!("keylab design: {}", design.replace('\n', " "))},
        "DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}, "SortKey": {"AttributeName": "SK"}},
          "TableFacets": [
            {"FacetName": "User", "TableData": [{"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE"}}, {"PK": {"S": "USER#u2"}, "SK": {"S": "PROFILE"}}]},
            {"FacetName": "Note", "TableData": []}]}]
    });
    let source = read(Format::Workbench, &model.to_string(), None).unwrap();
    assert_eq!(source.without_items, ["Note"]);
    let p = proposal(&source);
    let report = source.report(&p);
    assert!(p.schema.entity("Note").is_some(), "{:?}", report.notes);
    assert!(report.left_out.is_empty(), "{:?}", report.notes);
    crate::infer::left_out::assert_held(&p.schema, &report.notes, &report.left_out);
}

#[test]
fn a_malformed_model_is_refused_naming_the_place() {
    let err = |text: &str| read(Format::Workbench, text, None).unwrap_err().to_string();
    assert!(err("[1]").contains("not a JSON object"));
    assert!(err("{\"ModelName\": \"M\"}").contains("no \"DataModel\""));
    let no_pk = r#"{"DataModel": [{"TableName": "T", "KeyAttributes": {}}]}"#;
    assert_eq!(err(no_pk), "DataModel[0].KeyAttributes has no PartitionKey");
    let bad_item = r#"{"DataModel": [{"TableName": "T",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}},
        "TableFacets": [{"FacetName": "A", "TableData": [{"PK": "plain"}]}]}]}"#;
    assert!(
        err(bad_item).starts_with("DataModel[0].TableFacets[0].TableData[0] "),
        "{}",
        err(bad_item)
    );
    let empty = r#"{"DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}}}]}"#;
    assert!(err(empty).contains("holds no TableData"));
    let picked = read(Format::Workbench, OFFICES, Some("Nope")).unwrap_err().to_string();
    assert_eq!(picked, "the model has no table \"Nope\"; its tables are Offices");
}

#[test]
fn hostile_text_is_a_message_never_a_panic() {
    for text in [
        "",
        "{",
        "\u{0}",
        "{\"DataModel\": 5}",
        "{\"DataModel\": [5]}",
        "{\"Items\": 3}",
        "null",
    ] {
        for format in Format::ALL {
            let _ = read(format, text, None);
        }
    }
}

proptest::proptest! {
    /// A model cut short, or with one character changed, is read or refused, never a
    /// panic; whatever is read gives a design or a message.
    #[test]
    fn a_damaged_model_is_read_or_refused(cut in 0usize..OFFICES.len(), at in 0usize..OFFICES.len(), c in proptest::char::any()) {
        let short = OFFICES.char_indices().map(|(i, _)| i).take_while(|i| *i <= cut).last().unwrap_or(0);
        let mut changed: Vec<char> = OFFICES.chars().collect();
        let at = at % changed.len();
        changed[at] = c;
        let changed: String = changed.into_iter().collect();
        for text in [&OFFICES[..short], changed.as_str()] {
            if let Ok(source) = read(Format::Workbench, text, None) {
                let _ = infer(&source.items, &source.options("T"));
            }
        }
    }
}

#[test]
fn a_gsi_the_model_does_not_name_fully_is_left_out_not_the_model() {
    let model = serde_json::json!({
        "ModelName": "M",
        "DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}},
          "GlobalSecondaryIndexes": [
            {"IndexName": "GSI1", "KeyAttributes": {"SortKey": {"AttributeName": "GSI1SK"}}},
            {"KeyAttributes": {"PartitionKey": {"AttributeName": "GSI2PK"}}},
            {"IndexName": "GSI3", "KeyAttributes": {"PartitionKey": {"AttributeName": "GSI3PK"}}}],
          "TableData": [{"PK": {"S": "USER#u1"}}, {"PK": {"S": "USER#u2"}}]}]
    });
    let source = read(Format::Workbench, &model.to_string(), None).unwrap();
    let p = proposal(&source);
    let report = source.report(&p);
    let names: Vec<String> = report.left_out.iter().map(|o| o.name()).collect();
    assert_eq!(names, ["index GSI1", "index DataModel[0].GlobalSecondaryIndexes[1]"]);
    let said = report.notes.join("\n");
    assert!(
        said.contains(
            "index GSI1 is left out: DataModel[0].GlobalSecondaryIndexes[0].KeyAttributes has no PartitionKey"
        ),
        "{said}"
    );
    let indexes: Vec<&str> = p.schema.table.indexes.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(indexes, ["GSI3"]);
    crate::infer::left_out::assert_held(&p.schema, &report.notes, &report.left_out);
}
