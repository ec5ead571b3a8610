use super::*;
use crate::infer::declared::keys_written as keys;
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
    assert!(
        notes.contains("gsi1pk is left out: \"\" stands between two values"),
        "{notes}"
    );
    assert!(
        notes.contains("gsi1sk is left out: code is padded but not a number"),
        "{notes}"
    );
    let e = read.schema.entity("reading").unwrap();
    assert_eq!(
        e.keys.iter().map(|t| t.attribute.as_str()).collect::<Vec<_>>(),
        ["pk", "sk"]
    );
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
