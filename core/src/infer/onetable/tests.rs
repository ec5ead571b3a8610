use super::*;
use crate::infer::declared::keys_written as keys;
use serde_json::json;

const CRM: &str = include_str!("../../../../cli/tests/fixtures/crm-onetable.js");

fn pairs<const N: usize>(p: [(&str, &str); N]) -> Vec<(String, String)> {
    p.map(|(a, k)| (a.to_string(), k.to_string())).to_vec()
}

#[test]
fn the_crm_writes_what_onetable_writes() {
    let read = read(CRM, "crm").unwrap();
    // What dynamodb-onetable 2.7.7's create(..., {execute: false}) wrote for these values.
    let user = json!({"accountId": "A-1", "email": "Ada@x.io", "rank": 42, "status": "active"});
    assert_eq!(
        keys(&read.schema, "User", user),
        pairs([
            ("pk", "Account#A-1"),
            ("sk", "User#Ada@x.io"),
            ("gs1pk", "Users#active"),
            ("gs1sk", "User#00000042#Ada@x.io"),
        ])
    );
    let invoice = json!({"accountId": "A-1", "issued": "2024-06-23T00:00:00.000Z", "number": 7});
    assert_eq!(
        keys(&read.schema, "Invoice", invoice),
        pairs([("pk", "Account#A-1"), ("sk", "Invoice#2024-06-23T00:00:00.000Z#000007")])
    );
    let account = json!({"id": "a-1"});
    assert_eq!(
        keys(&read.schema, "Account", account),
        pairs([("pk", "Account#a-1"), ("sk", "Account#")])
    );
    let notes = read.notes.join("\n");
    assert!(notes.contains("a OneTable schema, format onetable:1.1.0"), "{notes}");
    assert!(notes.contains("model User: gs1sk = User#<rank>#<email>"), "{notes}");
}

#[test]
fn keys_keylab_cannot_write_are_left_out_with_the_reason() {
    let text = r#"export const Schema = {
        format: 'onetable:1.1.0',
        indexes: { primary: { hash: 'pk', sort: 'sk' }, ls1: { type: 'local', sort: 'lsk', hash: 'pk' }, gs1: { hash: 'g', sort: 'gs' } },
        models: {
          A: {
            pk: { type: String, value: 'A#${id}' }, sk: { type: String, value: '${n}' },
            g: { type: String, value: '${id}${n}' }, gs: { type: String, value: '${id:5:x}' },
            id: { type: String }, n: { type: Number },
          },
          B: { pk: { type: String, value: () => 'x' }, sk: { type: String } },
        },
        params: { typeField: 'kind' },
    }"#;
    let read = read(text, "t").unwrap();
    let notes = read.notes.join("\n");
    assert!(notes.contains("indexes.ls1 is left out: a local index"), "{notes}");
    assert!(
        notes.contains("model A: n is a number written without padding"),
        "{notes}"
    );
    assert!(
        notes.contains("model A: g is left out: \"\" stands between two values"),
        "{notes}"
    );
    assert!(
        notes.contains("model B: pk is left out: its value is the code `() => 'x'`"),
        "{notes}"
    );
    assert!(
        notes.contains("model B: left out: keylab cannot write its table keys"),
        "{notes}"
    );
    assert_eq!(read.schema.entities.len(), 1);
    assert_eq!(read.schema.entities[0].keys.len(), 2);
}

#[test]
fn malformed_schemas_are_refused_naming_the_place() {
    let cases = [
        ("const x = 1;", "no object with `models`"),
        ("{ models: {} }", "there are no `indexes`"),
        (
            "{ indexes: { gs1: { hash: 'g' } }, models: { A: { g: { type: String } } } }",
            "there is no `primary` index",
        ),
        (
            "{ indexes: { primary: { sort: 'sk' } }, models: {} }",
            "indexes.primary: there is no `hash`",
        ),
        (
            "{ indexes: { primary: { hash: 'pk' } }, models: { A: { pk: { type: String, value: 'A#${nope}' } } } }",
            "\"nope\", which is not a field",
        ),
    ];
    for (text, says) in cases {
        let err = read(text, "t").unwrap_err();
        assert!(err.contains(says), "{text}: {err}");
    }
}

proptest::proptest! {
    /// Whatever a schema file holds, it is read or refused with a message; never a panic.
    #[test]
    fn any_damage_to_a_schema_is_read_or_refused(cut in 0usize..2000, insert in "[ -~]{0,4}") {
        let text = crate::infer::declared::damaged(CRM, cut, &insert);
        let _ = read(&text, "t");
    }
}
