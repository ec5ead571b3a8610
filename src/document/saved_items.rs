//! Saved items read straight from the text: at 100,000 items, a JSON tree of every item
//! (an object each, with its `entity` string) and then taking the values out of it was
//! a third of a reload. Here each item's values are the only map built, and each
//! entity's name is kept once.

use keylab::codec::Values;
use serde::de::{DeserializeSeed, Deserializer, Error, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::fmt;

/// What the saved work's `items` held.
pub(super) enum ItemsRead {
    List(ItemList),
    /// `null`: no items, as when the field is absent.
    Null,
    /// Anything else, which is not a list of items.
    NotAList,
}

/// The items in order, with each entity name written once.
pub(super) struct ItemList {
    pub names: Vec<String>,
    pub items: Vec<ItemRead>,
    /// The first field of an item that this version does not know, explained.
    pub unknown_field: Option<String>,
}

pub(super) enum ItemRead {
    Item {
        /// In [`ItemList::names`]; `None` when the item names none (or not as text).
        name: Option<usize>,
        /// `None` when the item has no `values` object.
        values: Option<Values>,
    },
    NotObject,
}

const ITEM_FIELDS: keylab::strict::Fields<'static> = keylab::strict::Fields {
    place: "a saved item",
    allowed: &["entity", "values"],
    elsewhere: &[],
};

/// Saved work's `items`, read as they stream (the `items` field of the saved work).
pub(super) fn items<'de, D: Deserializer<'de>>(d: D) -> Result<Option<ItemsRead>, D::Error> {
    ItemsSeed.deserialize(d).map(Some)
}

/// Visitor methods for values of another kind than the one a reader wants: each is
/// read as `$other`.
macro_rules! other_kinds {
    ($other:expr) => {
        fn visit_bool<E: Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok($other)
        }
        fn visit_i64<E: Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok($other)
        }
        fn visit_u64<E: Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok($other)
        }
        fn visit_f64<E: Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok($other)
        }
        fn visit_str<E: Error>(self, _: &str) -> Result<Self::Value, E> {
            Ok($other)
        }
    };
}

struct ItemsSeed;

impl<'de> DeserializeSeed<'de> for ItemsSeed {
    type Value = ItemsRead;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<ItemsRead, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemsSeed {
    type Value = ItemsRead;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of items")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ItemsRead, A::Error> {
        let mut list = ItemList {
            names: Vec::new(),
            items: Vec::with_capacity(seq.size_hint().unwrap_or(0)),
            unknown_field: None,
        };
        let mut fields = 0;
        while let Some(item) = seq.next_element_seed(ItemSeed {
            names: &mut list.names,
            unknown_field: &mut list.unknown_field,
            fields,
        })? {
            if let ItemRead::Item { values: Some(v), .. } = &item {
                fields = v.len();
            }
            list.items.push(item);
        }
        Ok(ItemsRead::List(list))
    }

    fn visit_unit<E: Error>(self) -> Result<ItemsRead, E> {
        Ok(ItemsRead::Null)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ItemsRead, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(ItemsRead::NotAList)
    }

    other_kinds!(ItemsRead::NotAList);
}

struct ItemSeed<'a> {
    names: &'a mut Vec<String>,
    unknown_field: &'a mut Option<String>,
    /// How many values the item before had: most items of a table have as many.
    fields: usize,
}

impl<'de> DeserializeSeed<'de> for ItemSeed<'_> {
    type Value = ItemRead;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<ItemRead, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed<'_> {
    type Value = ItemRead;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an item")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ItemRead, A::Error> {
        let (mut name, mut values) = (None, None);
        while let Some(key) = map.next_key::<ItemKey>()? {
            match key {
                ItemKey::Entity => {
                    name = match map.next_value::<Value>()? {
                        Value::String(s) => Some(intern(self.names, s)),
                        _ => None,
                    }
                }
                ItemKey::Values => values = map.next_value_seed(ValuesSeed(self.fields))?,
                ItemKey::Other(field) => {
                    map.next_value::<IgnoredAny>()?;
                    if self.unknown_field.is_none() {
                        *self.unknown_field = Some(ITEM_FIELDS.unknown(&field).to_string());
                    }
                }
            }
        }
        Ok(ItemRead::Item { name, values })
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ItemRead, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(ItemRead::NotObject)
    }

    fn visit_unit<E: Error>(self) -> Result<ItemRead, E> {
        Ok(ItemRead::NotObject)
    }

    other_kinds!(ItemRead::NotObject);
}

fn intern(names: &mut Vec<String>, name: String) -> usize {
    match names.iter().position(|n| *n == name) {
        Some(at) => at,
        None => {
            names.push(name);
            names.len() - 1
        }
    }
}

enum ItemKey {
    Entity,
    Values,
    Other(String),
}

impl<'de> serde::Deserialize<'de> for ItemKey {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ItemKey, D::Error> {
        struct Key;
        impl Visitor<'_> for Key {
            type Value = ItemKey;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: Error>(self, key: &str) -> Result<ItemKey, E> {
                Ok(match key {
                    "entity" => ItemKey::Entity,
                    "values" => ItemKey::Values,
                    other => ItemKey::Other(other.to_string()),
                })
            }
        }
        d.deserialize_str(Key)
    }
}

/// An item's values, made text as the page keeps them; `None` when they are not an
/// object. The capacity is the item before's count, so the map is not grown.
struct ValuesSeed(usize);

impl<'de> DeserializeSeed<'de> for ValuesSeed {
    type Value = Option<Values>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Values>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValuesSeed {
    type Value = Option<Values>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object of values")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Values>, A::Error> {
        let mut values = Values::with_capacity(self.0);
        while let Some((field, value)) = map.next_entry::<String, Value>()? {
            values.insert(field, Value::String(keylab_text(value)));
        }
        Ok(Some(values))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Values>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }

    fn visit_unit<E: Error>(self) -> Result<Option<Values>, E> {
        Ok(None)
    }

    other_kinds!(None);
}

/// A value as a field's text: text as it is, any other value (a number an import read
/// as `N`, a map, a list) as its JSON.
pub(super) fn keylab_text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => value_text(&other).into_owned(),
    }
}

/// A value as the page shows and edits it: text as it is, nothing for null, and any
/// other value (a number an import read as `N`, a map, a list) as its JSON, never blank.
pub fn value_text(v: &Value) -> std::borrow::Cow<'_, str> {
    match v {
        Value::String(s) => s.as_str().into(),
        Value::Null => "".into(),
        other => other.to_string().into(),
    }
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use crate::document::Playground;
    use proptest::prelude::*;
    use serde_json::{json, Value};

    /// Each item's entity and values, or why the items were refused.
    type ItemsOrWhy = Result<Vec<(String, Vec<(String, String)>)>, String>;

    /// The leaderboard's saved work with `items` in place of its own.
    fn saved_with_items(items: Value) -> String {
        let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
        doc["items"] = items;
        doc.to_string()
    }

    /// What reading saved items meant when they were read from a JSON tree: the rules
    /// the streaming reader must keep, message for message.
    fn read_from_tree(items: &Value) -> ItemsOrWhy {
        let Value::Array(items) = items else {
            return match items {
                Value::Null => Ok(Vec::new()),
                _ => Err("the saved \"items\" is not a list of items".into()),
            };
        };
        for item in items {
            super::ITEM_FIELDS.check_value(item)?;
        }
        let entities = ["Run"];
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let Value::Object(item) = item else {
                    return Err(format!("saved item {} is not an object", i + 1));
                };
                let name = item.get("entity").and_then(Value::as_str).unwrap_or_default();
                if !entities.contains(&name) {
                    return Err(format!(
                        "saved item {} names entity {name:?}, which the schema does not have",
                        i + 1
                    ));
                }
                match item.get("values") {
                    Some(Value::Object(values)) => Ok((
                        name.to_string(),
                        values
                            .iter()
                            .map(|(f, v)| (f.clone(), super::keylab_text(v.clone())))
                            .collect(),
                    )),
                    _ => Err(format!("saved item {} has no \"values\" object", i + 1)),
                }
            })
            .collect()
    }

    fn read_streaming(items: &Value) -> ItemsOrWhy {
        let (work, _) = Playground::read_saved(&saved_with_items(items.clone()))?;
        Ok(work
            .rows
            .iter()
            .map(|row| {
                let entity = work.schema.entities[row.entity.0].name.clone();
                let values = row
                    .values
                    .iter()
                    .map(|(f, v)| (f.clone(), v.as_str().unwrap().to_string()))
                    .collect();
                (entity, values)
            })
            .collect())
    }

    fn any_json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            (-1e30f64..1e30).prop_map(Value::from),
            "[a-z0-9 \"\\\\é]{0,8}".prop_map(Value::from),
        ];
        leaf.prop_recursive(2, 8, 3, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..3).prop_map(Value::from),
                proptest::collection::btree_map("[a-z]{1,3}", inner, 0..3)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn any_item() -> impl Strategy<Value = Value> {
        let entity = prop_oneof![
            Just(json!("Run")),
            Just(json!("Nope")),
            Just(json!(7)),
            Just(json!("")),
            any_json()
        ];
        let values = prop_oneof![
            4 => proptest::collection::btree_map("season|score|at|player|other", any_json(), 0..5)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
            1 => any_json(),
        ];
        let extra = proptest::option::weighted(0.1, ("entty|valuse|x", any_json()));
        prop_oneof![
            8 => (proptest::option::weighted(0.9, entity), proptest::option::weighted(0.9, values), extra).prop_map(
                |(entity, values, extra)| {
                    let mut item = serde_json::Map::new();
                    if let Some((k, v)) = extra {
                        item.insert(k, v);
                    }
                    if let Some(e) = entity {
                        item.insert("entity".into(), e);
                    }
                    if let Some(v) = values {
                        item.insert("values".into(), v);
                    }
                    Value::Object(item)
                }
            ),
            1 => any_json(),
        ]
    }

    /// Both readers over the same saved text: the tree reader parsed that text too, so
    /// a number is compared as serde_json reads it back, not as the generator made it
    /// (without serde_json's `float_roundtrip`, 9.4 KB gzip, a 17-digit float may come
    /// back one unit in the last place away, in both readers alike).
    fn both_readers(items: &Value) -> (ItemsOrWhy, ItemsOrWhy) {
        let saved: Value = serde_json::from_str(&saved_with_items(items.clone())).unwrap();
        (read_streaming(items), read_from_tree(&saved["items"]))
    }

    proptest! {
        #[test]
        fn items_read_as_the_json_tree_read_them(items in proptest::collection::vec(any_item(), 0..6)) {
            let (streaming, tree) = both_readers(&Value::from(items));
            prop_assert_eq!(streaming, tree);
        }

        #[test]
        fn an_items_field_of_any_kind_reads_as_the_tree_read_it(items in any_json()) {
            let (streaming, tree) = both_readers(&items);
            prop_assert_eq!(streaming, tree);
        }
    }

    /// The case CI's proptest found: a float whose shortest text does not parse back to
    /// itself without `float_roundtrip`.
    #[test]
    fn a_float_that_does_not_round_trip_reads_alike_in_both() {
        let items = json!([{"entity": "Run", "values": {"season": [-2.5289027814988394e29]}}]);
        let (streaming, tree) = both_readers(&items);
        assert_eq!(streaming, tree);
        assert!(streaming.is_ok());
    }

    #[test]
    fn items_of_another_kind_are_said_and_null_is_none() {
        assert_eq!(read_streaming(&json!(null)), Ok(Vec::new()));
        assert_eq!(
            read_streaming(&json!({"0": {"entity": "Run"}})).err().as_deref(),
            Some("the saved \"items\" is not a list of items")
        );
        assert_eq!(
            read_streaming(&json!([{"entity": "Run", "values": {}, "vaules": 1}]))
                .err()
                .as_deref(),
            Some("\"vaules\" is not a field of a saved item; did you mean \"values\"? (its fields are entity, values)")
        );
    }

    #[test]
    fn work_that_is_not_an_object_or_has_trailing_text_is_refused() {
        for text in ["[]", "\"x\"", "{} x", "{\"items\": [", ""] {
            assert!(Playground::read_saved(text).is_err(), "{text:?}");
        }
    }
}
