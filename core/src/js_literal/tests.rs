use super::*;

#[test]
fn an_entity_with_functions_and_type_assertions() {
    let text = r#"
        import { Entity } from "electrodb";
        // new Entity({ not: "this one" })
        export const Order = new Entity({
          model: { entity: "order", version: "1", service: 'shop' },
          attributes: {
            id: { type: "string", required: true },
            status: { type: ["open", "shut"] as const, default: () => "open" },
            at: { type: "number", set(v) { return v; }, },
            tags: { type: "set", items: "string" },
          },
          indexes: { byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [], template: `ID#${id}` } } },
        }, { table, client });
    "#;
    let found = constructed(text, "Entity").unwrap();
    assert_eq!(found.len(), 1);
    let (entity, config) = &found[0];
    assert_eq!(
        entity.get("model").unwrap().get("service").unwrap().as_str(),
        Some("shop")
    );
    let attributes = entity.get("attributes").unwrap();
    let status = attributes.get("status").unwrap();
    assert_eq!(
        status.get("type").unwrap(),
        &Js::Array(vec![Js::Str("open".into()), Js::Str("shut".into())])
    );
    assert_eq!(status.get("default").unwrap(), &Js::Code("() => \"open\"".into()));
    assert_eq!(
        attributes.get("at").unwrap().get("set").unwrap(),
        &Js::Code("set(v) { return v; }".into())
    );
    let sk = entity.get("indexes").unwrap().get("byId").unwrap().get("sk").unwrap();
    assert_eq!(sk.get("template").unwrap().as_str(), Some("ID#${id}"));
    assert_eq!(
        config.as_ref().unwrap().get("table").unwrap(),
        &Js::Code("table".into())
    );
}

#[test]
fn an_assigned_object_is_found_by_its_marker() {
    let text = "const Other = { a: 1 };\nexport const Schema = {\n  format: 'onetable:1.1.0',\n  models: { User: { pk: { type: String, value: '${_type}#${id}' } } },\n} as const;\n";
    let schema = object_holding(text, "models").unwrap().unwrap();
    let with_regex = "{ models: { A: { id: { validate: /^[\"a-z,}]+$/i, type: String } } } }";
    let a = object_holding(with_regex, "models").unwrap().unwrap();
    let id = a.get("models").unwrap().get("A").unwrap().get("id").unwrap();
    assert_eq!(id.get("validate").unwrap(), &Js::Code("/^[\"a-z,}]+$/i".into()));
    assert_eq!(id.get("type").unwrap(), &Js::Code("String".into()));
    let pk = schema.get("models").unwrap().get("User").unwrap().get("pk").unwrap();
    assert_eq!(pk.get("type").unwrap(), &Js::Code("String".into()));
    assert_eq!(pk.get("value").unwrap().as_str(), Some("${_type}#${id}"));
}

#[test]
fn a_broken_literal_names_its_place() {
    let err = constructed("new Entity({\n  model: { entity: \"x\" ", "Entity").unwrap_err();
    assert!(err.contains("line 2"), "{err}");
    let err = constructed("new Entity({ model: 'x\n })", "Entity").unwrap_err();
    assert!(err.contains("never closed"), "{err}");
}

proptest::proptest! {
    /// Whatever is pasted, the reader answers or refuses; it never panics.
    #[test]
    fn any_text_is_read_or_refused(text in "[ -~\\n'\"`{}\\[\\]():,/*éÿ😀]{0,120}") {
        let _ = constructed(&format!("new Entity({text}"), "Entity");
        let _ = object_holding(&text, "models");
    }
}
