use super::*;
use crate::infer::source::check;
use crate::infer::{infer, sources};

const LIBRARY: &str = include_str!("../../../../cli/tests/fixtures/library-mcp.json");

#[test]
fn the_model_is_read_with_python_booleans_and_its_patterns_checked() {
    let source = sources::read(sources::Format::Mcp, LIBRARY, None).unwrap();
    assert_eq!(source.items.len(), 7);
    assert_eq!(source.table.as_deref(), Some("Library"));
    assert_eq!(source.patterns.len(), 4);
    let proposal = infer(&source.items, &source.options("x")).unwrap();
    assert!(proposal.exact());
    let said = source.patterns_on(&proposal.schema.table).join("\n");
    assert!(said.contains("pattern 2 (A member's loans, newest first): #pk = :pk AND begins_with(#sk, :loan): DynamoDB accepts it; it returns 2 of the model's items"), "{said}");
    assert!(said.contains("pattern 4 (A member's loans in June 2024): #pk = :pk AND #sk BETWEEN :from AND :to: DynamoDB accepts it; it returns 1"), "{said}");
    assert!(said.contains("pattern 5 (Loans due, filtered on the sort key): #sk = :sk: refused: Query condition missed key schema element: PK"), "{said}");
    let notes = source.notes.join("\n");
    assert!(
        notes.contains("pattern 1 (Get a member's profile) is listed only: a GetItem, not a Query"),
        "{notes}"
    );
    assert!(
        notes.contains(
            "pattern 6 (Search books by words in the title) is listed only: full-text search belongs in OpenSearch"
        ),
        "{notes}"
    );
}

#[test]
fn a_cli_command_is_read_as_its_query_input() {
    let input = query_input(
        "aws dynamodb query \\\n  --table-name T --index-name \"GSI 1\" --key-condition-expression 'pk = :p' \
         --expression-attribute-values '{\":p\": {\"S\": \"it's\"}}' --no-scan-index-forward --limit 5",
    );
    // A single quote inside single quotes ends the quoted part: the command is broken.
    assert!(input.is_err());
    let input = query_input(
        "aws dynamodb query --table-name T --index-name \"GSI \\\"1\\\"\" --key-condition-expression 'pk = :p' \
         --expression-attribute-values '{\":p\": {\"S\": \"x\"}}' --no-scan-index-forward --limit 5",
    )
    .unwrap();
    assert_eq!(
        input,
        json!({"TableName": "T", "IndexName": "GSI \"1\"", "KeyConditionExpression": "pk = :p",
               "ExpressionAttributeValues": {":p": {"S": "x"}}, "ScanIndexForward": false, "Limit": 5})
    );
    assert!(query_input("aws dynamodb scan --table-name T")
        .unwrap_err()
        .contains("not an `aws dynamodb query`"));
    assert!(query_input("aws dynamodb query --table-name T --bogus 1")
        .unwrap_err()
        .contains("--bogus"));
    assert!(query_input("aws dynamodb query --table-name 'T")
        .unwrap_err()
        .contains("never closed"));
}

#[test]
fn malformed_models_are_refused_naming_the_place() {
    let cases = [
        ("{\"tables\": []}", "has no \"tables\" list"),
        ("{\"tables\": [{\"TableName\": \"T\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"SIDEWAYS\"}]}]}", "tables[0].KeySchema[0] needs"),
        (
            "{\"tables\": [{\"TableName\": \"T\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}]}], \"items\": {\"T\": [{\"Put\": {}}]}}",
            "items.T[0] is not a {\"PutRequest\"",
        ),
        (
            "{\"tables\": [{\"TableName\": \"T\", \"KeySchema\": [{\"AttributeName\": \"PK\", \"KeyType\": \"HASH\"}]}], \"items\": {\"T\": [{\"PutRequest\": {\"Item\": {\"PK\": {\"S\": 5}}}}]}}",
            "items.T[0].PutRequest.Item",
        ),
        ("{\"tables\": [{\"KeySchema\": []}], \"items\": {\"T\": [{\"PutRequest\": {\"Item\": {\"X\": {\"BOOL\": Maybe}}}}]}}", "not data"),
    ];
    for (text, says) in cases {
        let err = read(text, None).unwrap_err();
        assert!(err.contains(says), "{text}: {err}");
    }
    assert!(read(LIBRARY, Some("Nope"))
        .unwrap_err()
        .contains("its tables are Library"));
}

proptest::proptest! {
    /// Whatever a model file holds, it is read or refused with a message; never a panic.
    #[test]
    fn any_damage_to_a_model_is_read_or_refused(cut in 0usize..6000, insert in "[ -~]{0,4}") {
        let text = crate::infer::declared::damaged(LIBRARY, cut, &insert);
        if let Ok((source, patterns)) = read(&text, None) {
            if let Ok(p) = infer(&source.items, &source.options("x")) {
                let _ = check(&patterns, &p.schema.table, &source.items);
            }
        }
    }

    #[test]
    fn any_command_is_read_or_refused(command in "aws dynamodb query [ -~\\n]{0,80}") {
        let _ = query_input(&command);
    }
}

#[test]
fn indexes_keylab_does_not_read_from_items_are_left_out_and_recorded() {
    let model = serde_json::json!({
        "tables": [{
            "TableName": "T",
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [
                {"IndexName": "ByTwo", "KeySchema": [{"AttributeName": "a", "KeyType": "HASH"}, {"AttributeName": "b", "KeyType": "HASH"}]},
                {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"}]},
                {"KeySchema": [{"AttributeName": "x", "KeyType": "HASH"}]},
                {"IndexName": "Broken", "KeySchema": [{"AttributeName": "x", "KeyType": "SIDEWAYS"}]}
            ],
            "LocalSecondaryIndexes": [{"IndexName": "ByDate", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "at", "KeyType": "RANGE"}]}]
        }],
        "items": {"T": [
            {"PutRequest": {"Item": {"PK": {"S": "USER#u1"}, "SK": {"S": "PROFILE"}, "GSI1PK": {"S": "MAIL#a@x.io"}}}},
            {"PutRequest": {"Item": {"PK": {"S": "USER#u2"}, "SK": {"S": "PROFILE"}, "GSI1PK": {"S": "MAIL#b@x.io"}}}}
        ]},
        "access_patterns": []
    });
    let source = sources::read(sources::Format::Mcp, &model.to_string(), None).unwrap();
    let proposal = infer(&source.items, &source.options("x")).unwrap();
    let report = source.report(&proposal);
    let names: Vec<String> = report.left_out.iter().map(|o| o.name()).collect();
    // A GSI keylab cannot read is left out, named as the file names it, never the file.
    assert_eq!(
        names,
        [
            "index ByTwo",
            "index tables[0].GlobalSecondaryIndexes[2]",
            "index Broken",
            "index ByDate"
        ],
        "{:?}",
        report.notes
    );
    let notes = report.notes.join("\n");
    assert!(
        notes.contains("index ByDate is left out: it is a local index"),
        "{notes}"
    );
    let indexes: Vec<&str> = proposal.schema.table.indexes.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(indexes, ["GSI1"]);
    crate::infer::left_out::assert_held(&proposal.schema, &report.notes, &report.left_out);
}
