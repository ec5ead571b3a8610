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
    assert_eq!(TimeUnit::Iso.switched_to("s"), Some(TimeUnit::Seconds { width: 10 }));
    assert_eq!(s.switched_to("iso").map(TimeUnit::name), Some("iso"));
    assert_eq!(s.switched_to("minutes"), None);
    assert_eq!(
        TimeUnit::NAMES,
        [s.name(), TimeUnit::Millis { width: 13 }.name(), TimeUnit::Iso.name()]
    );
}
