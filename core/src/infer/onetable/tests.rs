use super::*;
use crate::infer::declared::keys_written as keys;
use crate::infer::left_out::{assert_held, Part};
use proptest::prelude::*;
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
    assert!(notes.contains("index ls1 is left out: it is a local index"), "{notes}");
    assert!(
        notes.contains("model A: n is a number written without padding"),
        "{notes}"
    );
    // Both keys' reasons, in one note for the index they leave out.
    assert!(
        notes.contains(
            "model A: index gs1 is left out, and its keys g and gs with it: g: \"\" stands between two values"
        ),
        "{notes}"
    );
    assert!(notes.contains("; gs: id is padded with \"x\""), "{notes}");
    assert!(
        notes.contains("model B is left out: keylab cannot write its table keys as OneTable does: pk: its value is the code `() => 'x'`"),
        "{notes}"
    );
    assert_eq!(read.schema.entities.len(), 1);
    assert_eq!(read.schema.entities[0].keys.len(), 2);
    assert_eq!(read.left_out.len(), 3, "{notes}");
    assert_held(&read.schema, &read.notes, &read.left_out);
}

#[test]
fn a_model_padded_with_other_than_zero_is_left_out_and_recorded() {
    let text = r#"{
        format: 'onetable:1.1.0',
        indexes: { primary: { hash: 'pk', sort: 'sk' }, gs1: { hash: 'gs1pk', sort: 'gs1sk' } },
        models: {
          User: { pk: { type: String, value: 'U#${id}' }, sk: { type: String, value: 'R#${rank:8:x}' },
                  gs1pk: { type: String, value: 'G#${id}' }, gs1sk: { type: String, value: '${rank:8}' },
                  id: { type: String }, rank: { type: Number } },
          Acct: { pk: { type: String, value: 'A#${id}' }, sk: { type: String, value: 'A#' }, id: { type: String } },
        },
    }"#;
    let read = read(text, "t").unwrap();
    let notes = read.notes.join("\n");
    assert_eq!(
        read.left_out.iter().map(|o| o.name()).collect::<Vec<_>>(),
        ["model User"],
        "{notes}"
    );
    assert!(
        notes.contains("model User is left out: keylab cannot write its table keys as OneTable does: sk: rank is padded with \"x\""),
        "{notes}"
    );
    // Its key notes describe a design it is not in: only the reason is said.
    assert!(!notes.contains("model User: pk ="), "{notes}");
    assert_eq!(read.schema.entities.len(), 1);
    assert_held(&read.schema, &read.notes, &read.left_out);
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

/// A key field that OneTable writes and keylab can: a label, then one or two values.
fn written() -> impl Strategy<Value = String> {
    let part = prop::sample::select(vec!["${id}", "${n:6}", "${n:6:0}", "${at}", "${_type}", "${flag}"]);
    (
        prop::sample::select(vec!["", "P#", "#P#"]),
        prop::collection::vec(part, 1..3),
    )
        .prop_map(|(label, parts)| format!("{{ type: String, value: '{label}{}' }}", parts.join("#")))
}

/// A key field keylab cannot write as OneTable does, each for its own reason.
fn unwritten() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "{ type: String, value: 'P#${n:8:x}' }",
        "{ type: String, value: '${id}${n}' }",
        "{ type: String, value: 'P#${nope}' }",
        "{ type: String, value: 'P#${blob}' }",
        "{ type: String, value: '${_type:4}' }",
        "{ type: String, value: () => 'x' }",
    ])
    .prop_map(String::from)
}

/// A model: its name, whether it declares a key of g1, and its text.
fn model() -> impl Strategy<Value = (String, bool, String)> {
    let primary = || prop_oneof![6 => written(), 1 => unwritten()];
    let gsi = || prop::option::weighted(0.6, prop_oneof![written(), unwritten()]);
    ("[ABC]", primary(), primary(), gsi(), gsi()).prop_map(|(name, pk, sk, g1pk, g1sk)| {
        let declared = g1pk.is_some() || g1sk.is_some();
        let mut fields = vec![format!("pk: {pk}"), format!("sk: {sk}")];
        fields.extend(g1pk.map(|v| format!("g1pk: {v}")));
        fields.extend(g1sk.map(|v| format!("g1sk: {v}")));
        fields.extend(
            [
                "id: { type: String }",
                "n: { type: Number }",
                "at: { type: Date }",
                "flag: { type: Boolean }",
                "blob: { type: Object }",
            ]
            .map(String::from),
        );
        (name.clone(), declared, format!("{name}: {{ {} }}", fields.join(", ")))
    })
}

proptest! {
    /// Whatever models a schema declares, it is read (unless no model can be): each part
    /// left out is absent from the design and said once, and each model and each GSI a
    /// model declares a key of is in the design or said left out.
    #[test]
    fn every_part_is_in_the_design_or_said_left_out(models in prop::collection::vec(model(), 1..4), local in any::<bool>()) {
        let local = if local { ", ls1: { type: 'local', hash: 'pk', sort: 'lsk' }" } else { "" };
        let text = format!(
            "{{ format: 'onetable:1.1.0', indexes: {{ primary: {{ hash: 'pk', sort: 'sk' }}, g1: {{ hash: 'g1pk', sort: 'g1sk' }}{local} }}, models: {{ {} }} }}",
            models.iter().map(|(_, _, t)| t.as_str()).collect::<Vec<_>>().join(", ")
        );
        let read = match read(&text, "t") {
            Ok(r) => r,
            Err(e) => {
                prop_assert!(e.starts_with("no model could be read"), "{e}\n{text}");
                return Ok(());
            }
        };
        assert_held(&read.schema, &read.notes, &read.left_out);
        let said = |part: &dyn Fn(&Part) -> bool| read.left_out.iter().any(|o| part(&o.part));
        let ls1 = said(&|p| matches!(p, Part::Index { name } if name == "ls1"));
        prop_assert!(local.is_empty() || ls1, "{text}");
        for (name, declared, _) in &models {
            let Some(entity) = read.schema.entity(name) else {
                prop_assert!(said(&|p| matches!(p, Part::Entity { name: n, .. } | Part::Repeated { name: n, .. } if n == name)), "{name}\n{text}");
                continue;
            };
            if models.iter().filter(|(n, ..)| n == name).count() > 1 || !declared {
                continue;
            }
            let written = entity.template("g1pk").is_some() && entity.template("g1sk").is_some();
            let left = said(&|p| matches!(p, Part::EntityIndex { entity: e, index, .. } if e == name && index == "g1"));
            prop_assert!(written || left, "{name}'s g1 is neither written nor said left out\n{}\n{text}", read.notes.join("\n"));
        }
    }
}
