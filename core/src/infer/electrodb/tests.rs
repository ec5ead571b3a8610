use super::*;
use crate::infer::declared::keys_written as keys;
use crate::schema::{Case, FieldKind, Order};
use serde_json::json;

const SHOP: &str = include_str!("../../../../cli/tests/fixtures/shop-electrodb.js");

#[test]
fn the_shop_writes_what_electrodb_writes() {
    let read = read(SHOP, "fallback").unwrap();
    assert_eq!(read.table.as_deref(), Some("shop"), "{:?}", read.notes);
    assert_eq!(read.schema.table.name, "shop");
    // What electrodb 3.9.3's put().params() wrote for these values.
    let order = keys(
        &read.schema,
        "order",
        json!({"orderId": "O-9", "customerId": "C-1", "seq": 7, "status": "open"}),
    );
    let expected = [
        ("pk", "$shop#orderid_o-9"),
        ("sk", "$order_1#seq_000007"),
        ("gsi1pk", "$shop#customerid_c-1"),
        ("gsi1sk", "$customerorders#order_1#status_open#orderid_o-9"),
    ];
    assert_eq!(order, expected.map(|(a, k)| (a.to_string(), k.to_string())));
    let customer = keys(
        &read.schema,
        "customer",
        json!({"customerId": "C-1", "name": "Ada Lovelace", "tier": "Gold"}),
    );
    let expected = [
        ("pk", "customer#c-1"),
        ("sk", "profile"),
        ("gsi1pk", "$shop#customerid_c-1"),
        ("gsi1sk", "$customerorders#customer_2"),
        ("gsi2pk", "$SHOP#TIER_GOLD"),
        ("gsi2sk", "$tiers#name_Ada Lovelace#customer_2"),
    ];
    assert_eq!(customer, expected.map(|(a, k)| (a.to_string(), k.to_string())));
}

#[test]
fn what_changes_bytes_or_is_left_out_is_said() {
    let read = read(SHOP, "t").unwrap();
    let notes = read.notes.join("\n");
    assert!(
        notes.contains("entity order: left out: total, createdAt (in no key"),
        "{notes}"
    );
    assert!(notes.contains("tier's `set`"), "{notes}");
    let order = read.schema.entity("order").unwrap();
    assert_eq!(
        order.field("seq").unwrap().kind,
        FieldKind::Uint {
            width: 6,
            order: Order::Asc
        }
    );
    assert_eq!(
        order.field("orderId").unwrap().kind,
        FieldKind::Text {
            case: Case::Lower,
            max_length: None
        }
    );
}

#[test]
fn keys_keylab_cannot_write_are_left_out_with_the_reason() {
    let text = r#"new Entity({
        model: { entity: "reading", service: "iot" },
        attributes: { device: { type: "string" }, at: { type: "number" }, code: { type: "string", padding: { length: 4, char: "x" } } },
        indexes: {
          main: { pk: { field: "pk", composite: ["device"] }, sk: { field: "sk", composite: ["at"] } },
          glued: { index: "gsi1", pk: { field: "gsi1pk", template: "${device}${at}" }, sk: { field: "gsi1sk", composite: ["code"] } },
        },
    })"#;
    let read = read(text, "t").unwrap();
    let notes = read.notes.join("\n");
    assert!(notes.contains("at is a number without `padding`"), "{notes}");
    // Both keys' reasons, in one note for the index they leave out.
    assert!(
        notes.contains("entity reading: index gsi1 (access pattern glued) is left out, and its keys gsi1pk and gsi1sk with it: gsi1pk: \"\" stands between two values"),
        "{notes}"
    );
    assert!(notes.contains("; gsi1sk: code is padded but not a number"), "{notes}");
    assert_eq!(read.left_out.len(), 1, "{notes}");
    let e = read.schema.entity("reading").unwrap();
    assert_eq!(
        e.keys.iter().map(|t| t.attribute.as_str()).collect::<Vec<_>>(),
        ["pk", "sk"]
    );
    // No entity writes gsi1: the table has no such index, nor its attributes.
    assert!(read.schema.table.indexes.is_empty());
    assert_eq!(read.schema.table.attributes.len(), 2);
    assert_eq!(
        keys(&read.schema, "reading", json!({"device": "D-1", "at": "17"}))[1].1,
        "$reading_1#at_17"
    );
}

#[test]
fn a_composite_index_is_a_multi_attribute_key() {
    let text = r#"export const Game = new Entity({
        model: { entity: "game", version: "1", service: "arcade" },
        attributes: { id: { type: "string" }, region: { type: "string", field: "rgn" }, score: { type: "number" } },
        indexes: {
          byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
          top: { index: "byRegion", type: "composite", pk: { composite: ["region"] }, sk: { composite: ["score"] } },
        },
    }, { table: "arcade", client });"#;
    let read = read(text, "t").unwrap();
    let index = &read.schema.table.indexes[0];
    assert_eq!(
        (index.keys.partition.as_str(), index.keys.sort.as_deref()),
        ("rgn", Some("score"))
    );
    assert_eq!(read.schema.table.attribute_type("score"), Some(AttrType::N));
}

#[test]
fn malformed_entities_are_refused_naming_the_place() {
    let cases = [
        ("const x = 1;", "no `new Entity"),
        ("new Entity({ service: 's', entity: 'e', attributes: {}, indexes: {} })", "beta format"),
        ("new Entity({ model: { entity: 'e' }, attributes: {}, indexes: {} })", "model.service is missing"),
        (
            "new Entity({ model: { entity: 'e', service: 's' }, attributes: {}, indexes: { a: { pk: { field: 'pk', composite: ['nope'] } } } })",
            "\"nope\", which is not one of the attributes",
        ),
        (
            "new Entity({ model: { entity: 'e', service: 's' }, attributes: { a: { type: 'string' } }, indexes: { a: { pk: { field: 'pk', composite: ['a'], casing: 'title' } } } })",
            "casing \"title\"",
        ),
        ("new Entity({ model: { entity: 'e', service: 's' }, attributes: {", "never closed"),
    ];
    for (text, says) in cases {
        let err = read(text, "t").unwrap_err();
        assert!(err.contains(says), "{text}: {err}");
    }
}

proptest::proptest! {
    /// Whatever an entity file holds, it is read or refused with a message; never a panic.
    #[test]
    fn any_damage_to_an_entity_is_read_or_refused(cut in 0usize..2000, insert in "[ -~]{0,4}") {
        let text = crate::infer::declared::damaged(SHOP, cut, &insert);
        let _ = read(&text, "t");
    }
}

/// An entity whose composite index gsi2 has a member another key upper-cases, first or
/// last among its members.
fn upper_cased_member(members: &str) -> String {
    format!(
        r#"new Entity({{
        model: {{ entity: "customer", service: "shop" }},
        attributes: {{ id: {{ type: "string" }}, tier: {{ type: "string" }}, region: {{ type: "string" }} }},
        indexes: {{
          byId: {{ pk: {{ field: "pk", composite: ["id"] }}, sk: {{ field: "sk", composite: [] }} }},
          byTier: {{ index: "gsi1", pk: {{ field: "gsi1pk", composite: ["tier"], casing: "upper" }}, sk: {{ field: "gsi1sk", composite: [] }} }},
          top: {{ index: "gsi2", type: "composite", {members} }},
        }},
    }})"#
    )
}

#[test]
fn a_composite_index_with_a_member_cased_elsewhere_is_left_out_whole() {
    for members in [
        r#"pk: { composite: ["tier"] }, sk: { composite: ["region"] }"#,
        r#"pk: { composite: ["region"] }, sk: { composite: ["tier"] }"#,
    ] {
        // Before: exit 4 "$.table.indexes[1].sort ... table.attributes" when tier came
        // first, and gsi2 kept in the design despite its note when it came last.
        let read = read(&upper_cased_member(members), "t").unwrap();
        let notes = read.notes.join("\n");
        assert!(
            notes.contains("entity customer: index gsi2 (access pattern top) is left out, and its keys"),
            "{members}: {notes}"
        );
        assert!(
            notes.contains("tier is written as it is in tier but upper-cased in another key"),
            "{notes}"
        );
        assert!(
            notes.contains("write it the same way in both (the same casing"),
            "{notes}"
        );
        assert!(!notes.contains("$."), "{notes}");
        let names: Vec<&str> = read.schema.table.indexes.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["gsi1"], "{members}: {notes}");
        let customer = read.schema.entity("customer").unwrap();
        assert!(customer.template("region").is_none() && customer.field("region").is_none());
        assert_held(&read.schema, &read.notes, &read.left_out);
    }
}

#[test]
fn an_entity_another_refuses_is_left_out_and_the_others_are_read() {
    let text = r#"
      new Entity({ model: { entity: "a", service: "s" }, attributes: { id: { type: "string" } },
        indexes: { main: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } } });
      new Entity({ model: { entity: "b", service: "s" }, attributes: { id: { type: "string" } },
        indexes: { main: { pk: { field: "PK", composite: ["id"] } } } });
      new Entity({ model: { entity: "a", service: "s" }, attributes: { id: { type: "string" } },
        indexes: { main: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } } } });
      new Entity({ model: { entity: "c", service: "s" }, attributes: { id: { type: "string" }, n: { type: "number", padding: { length: 3, char: "x" } } },
        indexes: { main: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: ["n"] } } } });
    "#;
    let read = read(text, "t").unwrap();
    let notes = read.notes.join("\n");
    assert_eq!(read.schema.entities.len(), 1, "{notes}");
    assert!(notes.contains("entity b is left out: keylab cannot write its table keys as ElectroDB does: the table's key has the key attributes PK, where another gives pk and sk"), "{notes}");
    assert!(
        notes.contains("entity a (the 3rd in the file) is left out: the 1st entity in the file has that name already"),
        "{notes}"
    );
    assert!(
        notes.contains(
            "entity c is left out: keylab cannot write its table keys as ElectroDB does: sk: n's padding is not"
        ),
        "{notes}"
    );
    assert_held(&read.schema, &read.notes, &read.left_out);
}

use crate::infer::left_out::{assert_held, Part};
use proptest::prelude::*;

/// An attribute of a generated entity: each way ElectroDB declares one, written and not.
fn attribute() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(r#"{ type: "string" }"#.to_string()),
        Just(r#"{ type: "number" }"#.to_string()),
        (1u32..8).prop_map(|l| format!(r#"{{ type: "number", padding: {{ length: {l}, char: "0" }} }}"#)),
        Just(r#"{ type: "number", padding: { length: 4, char: "x" } }"#.to_string()),
        Just(r#"{ type: "string", padding: { length: 3, char: "0" } }"#.to_string()),
        Just(r#"{ type: "boolean" }"#.to_string()),
        Just(r#"{ type: "map" }"#.to_string()),
        Just(r#"{ type: "string", field: "renamed" }"#.to_string()),
    ]
}

/// A keyed key: `field`, the members, a casing, and whether its template glues them.
fn key(field: String) -> impl Strategy<Value = String> {
    let casing = prop::sample::select(vec![
        "",
        r#", casing: "upper""#,
        r#", casing: "none""#,
        r#", casing: "lower""#,
    ]);
    let members = prop::sample::subsequence(vec!["a0", "a1", "a2", "a3"], 0..3);
    (casing, members, any::<bool>()).prop_map(move |(casing, members, glued)| {
        let list = members.iter().map(|m| format!("{m:?}")).collect::<Vec<_>>().join(", ");
        let template = match glued && members.len() == 2 {
            true => format!(r#", template: "X${{{}}}${{{}}}""#, members[0], members[1]),
            false => String::new(),
        };
        format!(r#"{{ field: "{field}", composite: [{list}]{casing}{template} }}"#)
    })
}

/// A GSI: its name, and its declaration (keyed, or a composite of attributes).
fn gsi() -> impl Strategy<Value = (String, String)> {
    (1u32..4, prop::sample::select(vec!["pk", "p"]), any::<bool>()).prop_flat_map(|(n, suffix, composite)| {
        let name = format!("gsi{n}");
        let members = || prop::sample::subsequence(vec!["a0", "a1", "a2", "a3"], 1..3);
        let declared: BoxedStrategy<String> = match composite {
            true => (members(), members())
                .prop_map(move |(p, s)| {
                    format!(
                        r#"index: "gsi{n}", type: "composite", pk: {{ composite: {p:?} }}, sk: {{ composite: {s:?} }}"#
                    )
                })
                .boxed(),
            false => (key(format!("gsi{n}{suffix}")), key(format!("gsi{n}sk")))
                .prop_map(move |(pk, sk)| format!(r#"index: "gsi{n}", pk: {pk}, sk: {sk}"#))
                .boxed(),
        };
        (Just(name), declared)
    })
}

/// An entity: its name, its GSIs' names, and its text.
fn generated() -> impl Strategy<Value = (String, Vec<String>, String)> {
    let attributes = prop::collection::vec(attribute(), 4);
    let primary = (key("pk".into()), prop::option::of(key("sk".into())));
    ("[abc]", attributes, primary, prop::collection::vec(gsi(), 0..3)).prop_map(|(name, attributes, (pk, sk), gsis)| {
        let attributes: Vec<String> = (attributes.iter().enumerate())
            .map(|(i, a)| format!("a{i}: {a}"))
            .collect();
        let sk = sk.map(|sk| format!(", sk: {sk}")).unwrap_or_default();
        let mut indexes = vec![format!("main: {{ pk: {pk}{sk} }}")];
        indexes.extend(gsis.iter().enumerate().map(|(i, (_, g))| format!("p{i}: {{ {g} }}")));
        let text = format!(
            "new Entity({{ model: {{ entity: {name:?}, service: \"s\" }}, attributes: {{ {} }}, indexes: {{ {} }} }});",
            attributes.join(", "),
            indexes.join(", ")
        );
        (name, gsis.into_iter().map(|(g, _)| g).collect(), text)
    })
}

proptest! {
    /// Whatever entities a file declares, it is read (unless no entity can be): each part
    /// left out is absent from the design and said once, and each part declared is in
    /// the design or said left out.
    #[test]
    fn every_part_is_in_the_design_or_said_left_out(entities in prop::collection::vec(generated(), 1..4)) {
        let text: String = entities.iter().map(|(_, _, t)| t.as_str()).collect::<Vec<_>>().join("\n");
        let read = match read(&text, "t") {
            Ok(r) => r,
            Err(e) => {
                prop_assert!(e.starts_with("no entity could be read"), "{e}\n{text}");
                return Ok(());
            }
        };
        assert_held(&read.schema, &read.notes, &read.left_out);
        let said = |part: &dyn Fn(&Part) -> bool| read.left_out.iter().any(|o| part(&o.part));
        for (name, gsis, _) in &entities {
            let Some(entity) = read.schema.entity(name) else {
                prop_assert!(said(&|p| matches!(p, Part::Entity { name: n, .. } if n == name)), "{name}\n{text}");
                continue;
            };
            if entities.iter().filter(|(n, ..)| n == name).count() > 1 {
                continue;
            }
            for g in gsis {
                let index = read.schema.table.indexes.iter().find(|i| i.name == *g);
                let written = index.is_some_and(|i| {
                    (i.keys.partition_attributes().chain(i.keys.sort_attributes())).all(|a| entity.template(a).is_some())
                });
                let left = said(&|p| matches!(p, Part::EntityIndex { entity: e, index, .. } if e == name && index == g));
                prop_assert!(written || left, "{name}'s {g} is neither written nor said left out\n{}\n{text}", read.notes.join("\n"));
            }
        }
    }
}
