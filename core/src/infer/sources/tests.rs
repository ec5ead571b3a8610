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
    assert!(why.starts_with("nothing in it says which format it is in"), "{why}");
    for format in Format::ALL {
        assert!(why.contains(&format!("\nas {}: ", format.what())), "{format:?}: {why}");
    }
    assert!(why.contains("item on line 1: is not an item in DynamoDB JSON"), "{why}");
    // A marked text is refused as what marks it, and says so.
    let why = read_any("{\"ModelName\": \"M\"}").map(|(f, _)| f).unwrap_err();
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
    assert!(said.contains("facet Parking has no TableData"), "{said}");
    assert!(
        said.contains("left out: NonKeyAttributes, DataAccess, BillingMode"),
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
}

#[test]
fn a_malformed_model_is_refused_naming_the_place() {
    let err = |text: &str| read(Format::Workbench, text, None).unwrap_err();
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
    let picked = read(Format::Workbench, OFFICES, Some("Nope")).unwrap_err();
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
