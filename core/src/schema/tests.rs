//! The table's key lookups and the settings' names.

use super::*;
use serde_json::json;

#[test]
fn an_attribute_knows_every_key_it_plays_and_a_query_its_key_schema() {
    let schema = Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "G": "S"},
                  "primary": {"partition": "PK", "sort": "SK"},
                  "indexes": [{"name": "BySk", "partition": "SK", "sort": "G"}, {"name": "ByG", "partition": "G"}]},
        "entities": [{"name": "E", "fields": {"a": {"kind": "text"}},
                      "keys": {"PK": [{"field": "a"}], "SK": [{"field": "a"}], "G": [{"field": "a"}]}}]
    }))
    .unwrap();
    let t = &schema.table;
    let parts = |a| t.parts(a).collect::<Vec<_>>();
    assert_eq!(parts("SK"), [(None, KeyRole::Sort), (Some("BySk"), KeyRole::Partition)]);
    assert_eq!(
        parts("G"),
        [(Some("BySk"), KeyRole::Sort), (Some("ByG"), KeyRole::Partition)]
    );
    assert_eq!(parts("X"), []);
    assert_eq!(
        (t.role("G"), t.role("PK"), t.role("X")),
        (Some(KeyRole::Sort), Some(KeyRole::Partition), None)
    );
    assert!(t.is_primary_key("SK") && !t.is_primary_key("G"));
    assert_eq!(t.key_schema(Some("BySk")).unwrap().sort.as_deref(), Some("G"));
    assert_eq!(t.key_schema(None), Some(&t.primary));
    assert_eq!(t.key_schema(Some("Nope")), None);
}

#[test]
fn every_setting_name_reads_back_and_a_unit_switch_keeps_the_width() {
    for c in Case::ALL {
        assert_eq!(Case::from_name(c.name()), Some(c));
    }
    for o in [Order::Asc, Order::Desc] {
        assert_eq!(Order::from_name(o.name()), Some(o));
    }
    assert_eq!((Case::from_name("Upper"), Order::from_name("down")), (None, None));
    let s = TimeUnit::Seconds { width: 16 };
    assert_eq!(s.switched_to("ms"), Some(TimeUnit::Millis { width: 16 }));
    assert_eq!(
        TimeUnit::Seconds { width: 10 }.switched_to("ms"),
        Some(TimeUnit::Millis { width: 13 })
    );
    assert_eq!(
        TimeUnit::Iso(IsoFormat::default()).switched_to("s"),
        Some(TimeUnit::Seconds { width: 10 })
    );
    assert_eq!(s.switched_to("iso").map(TimeUnit::name), Some("iso"));
    assert_eq!(s.switched_to("minutes"), None);
    assert_eq!(
        TimeUnit::NAMES,
        [
            s.name(),
            TimeUnit::Millis { width: 13 }.name(),
            TimeUnit::Iso(IsoFormat::default()).name()
        ]
    );
}

/// A design with one `at` field of the given settings in its sort key.
fn with_at(spec: serde_json::Value) -> Result<Schema, crate::error::Errors> {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "E", "fields": {"at": spec}, "keys": {"PK": [{"literal": "E"}], "SK": [{"field": "at"}]}}]
    }))
}

#[test]
fn an_iso_format_reads_writes_back_and_leaves_the_default_unsaid() {
    let spec = json!({"kind": "timestamp", "unit": "iso", "precision": "second", "zone": "none"});
    let schema = with_at(spec.clone()).unwrap();
    let written: serde_json::Value = serde_json::from_str(&schema.to_json_pretty()).unwrap();
    assert_eq!(written["entities"][0]["fields"]["at"], spec);
    assert_eq!(Schema::from_value(&written).unwrap(), schema);
    let plain = with_at(json!({"kind": "timestamp", "unit": "iso"})).unwrap();
    let written: serde_json::Value = serde_json::from_str(&plain.to_json_pretty()).unwrap();
    assert_eq!(
        written["entities"][0]["fields"]["at"],
        json!({"kind": "timestamp", "unit": "iso"})
    );
    let offset = with_at(json!({"kind": "timestamp", "unit": "iso", "zone": "-05:30"})).unwrap();
    assert!(matches!(
        offset.entities[0].fields[0].kind,
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(IsoFormat {
                zone: IsoZone::Offset(-330),
                ..
            }),
            ..
        }
    ));
}

#[test]
fn a_wrong_or_misplaced_iso_format_is_refused_with_the_fix() {
    for (spec, needle) in [
        (
            json!({"kind": "timestamp", "unit": "iso", "zone": "+24:00"}),
            "is not a zone: \"+24:00\"",
        ),
        (
            json!({"kind": "timestamp", "unit": "iso", "zone": "UTC"}),
            "write \"Z\" for UTC",
        ),
        (
            json!({"kind": "timestamp", "unit": "iso", "precision": "hour"}),
            "precision",
        ),
        (
            json!({"kind": "timestamp", "unit": "s", "width": 10, "zone": "Z"}),
            "without unit iso",
        ),
        (
            json!({"kind": "uint", "width": 4, "precision": "date"}),
            "remove \"precision\"",
        ),
        (
            json!({"kind": "timestamp", "unit": "iso", "precision": "date", "width": 10}),
            "(YYYY-MM-DD) always has 10 characters",
        ),
    ] {
        let e = with_at(spec.clone()).unwrap_err();
        let said = e.to_string();
        assert!(said.contains(needle), "{spec}: {said}");
    }
}

/// ElectroDB's default keys: a label glued to each value, `$shop#orderid_o-9`.
fn glued(extra: serde_json::Value) -> Result<Schema, crate::error::Errors> {
    let mut doc = json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"pk": "S", "sk": "S", "n": "N"}, "primary": {"partition": "pk", "sort": "sk"}},
        "entities": [{"name": "Order",
            "fields": {"orderId": {"kind": "text"}, "seq": {"kind": "uint", "width": 6}},
            "keys": {"pk": [{"literal": "$shop"}, {"field": "orderId", "prefix": "orderid_"}],
                     "sk": [{"literal": "$order_1"}, {"field": "seq", "prefix": "seq_"}]}}]
    });
    if let Some(keys) = extra.as_object() {
        for (k, v) in keys {
            doc["entities"][0]["keys"][k] = v.clone();
        }
    }
    Schema::from_value(&doc)
}

#[test]
fn a_prefix_glued_to_a_field_reads_writes_and_shows() {
    let schema = glued(json!({})).unwrap();
    let sk = schema.entities[0].template("sk").unwrap();
    assert_eq!(sk.segments[1], Segment::Field(FieldRef::prefixed("seq_", "seq")));
    assert_eq!(sk.pattern("#"), "$order_1#seq_<seq>");
    assert_eq!(Schema::from_value(&schema.to_value()).unwrap(), schema);
    assert_eq!(
        schema.to_value()["entities"][0]["keys"]["sk"][1],
        json!({"field": "seq", "prefix": "seq_"})
    );
    let values = serde_json::from_value(json!({"orderId": "o-9", "seq": 7})).unwrap();
    let keys = crate::codec::encode(&schema, "Order", &values).unwrap();
    assert_eq!(keys.get("pk").unwrap().as_str(), "$shop#orderid_o-9");
    assert_eq!(keys.get("sk").unwrap().as_str(), "$order_1#seq_000007");
    let back = crate::codec::decode(&schema, "Order", "sk", "$order_1#seq_000007").unwrap();
    assert_eq!(back["seq"], json!(7));
    let wrong = crate::codec::decode(&schema, "Order", "sk", "$order_1#000007")
        .unwrap_err()
        .to_string();
    assert!(wrong.contains("the prefix \"seq_\" of field seq"), "{wrong}");
}

#[test]
fn a_prefix_is_refused_where_it_cannot_keep_its_promise() {
    let message = |extra| glued(extra).map_or_else(|e| Some(e.to_string()), |_| None);
    let on_literal = glued(json!({"sk": [{"literal": "X", "prefix": "p"}]}))
        .unwrap_err()
        .to_string();
    assert!(
        on_literal.contains("\"prefix\" belongs to a field segment"),
        "{on_literal}"
    );
    let with_separator = message(json!({"sk": [{"field": "seq", "prefix": "seq#"}]})).unwrap();
    assert!(with_separator.contains("holds the separator"), "{with_separator}");
    let number = message(json!({"n": [{"field": "seq", "prefix": "s"}]})).unwrap();
    assert!(number.contains("cannot carry the prefix"), "{number}");
    let reserved = message(json!({"sk": [{"field": "seq", "prefix": "\u{0}"}]})).unwrap();
    assert!(reserved.contains("U+0000"), "{reserved}");
}
