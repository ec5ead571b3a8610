//! The key every sample item writes, for every key attribute of the table, encoded
//! once per edit: the item collections, the overwritten items and the linter all read
//! these instead of each encoding every item again (at 100,000 items, each pass of
//! encoding the table's keys costs about as much as the preview's sort).

use super::Sample;
use crate::codec::{KeyCodecs, KeyValue};
use crate::schema::Schema;
use std::rc::Rc;

/// One key attribute's keys: per item, in the items' order, the key it writes, or
/// `None` when its entity has no template for the attribute or the codec refuses it.
pub type KeyColumn = Rc<Vec<Option<String>>>;

/// Every key attribute's [`KeyColumn`], in the table's order of attributes.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ItemKeys {
    columns: Vec<(String, KeyColumn)>,
}

impl ItemKeys {
    /// Encodes every key attribute of every item, with each entity's templates
    /// compiled once (`KeyCodec`, which writes exactly `encode_key`'s keys).
    pub fn new(schema: &Schema, items: &[Sample]) -> ItemKeys {
        let columns = schema
            .table
            .attributes
            .iter()
            .map(|(attribute, _)| (attribute.clone(), Rc::new(column(schema, attribute, items))))
            .collect();
        ItemKeys { columns }
    }

    /// The keys items write for `attribute`; `None` for an attribute that keys nothing.
    pub fn of(&self, attribute: &str) -> Option<&[Option<String>]> {
        self.columns
            .iter()
            .find(|(a, _)| a == attribute)
            .map(|(_, c)| c.as_slice())
    }
}

fn column(schema: &Schema, attribute: &str, items: &[Sample]) -> Vec<Option<String>> {
    let mut codecs = KeyCodecs::new(schema, attribute);
    let mut key = String::new();
    items
        .iter()
        .map(|&(entity, values)| {
            let codec = codecs.of(entity)?;
            key.clear();
            codec.write_values(values, &mut key).ok()?;
            // A Number key the table would refuse (past 38 digits) is not written either;
            // a written one keeps its text, as `encode_key` gives it.
            let written = codec.key_value(key.clone()).ok()?;
            Some(match written {
                KeyValue::S(text) => text,
                KeyValue::N(number) => number.as_str().to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{encode_key, Values};
    use serde_json::json;

    /// The columns hold exactly the keys `encode_key` writes: a value past its width, a
    /// missing value and an entity without the attribute's template have none.
    #[test]
    fn each_column_holds_the_keys_encode_key_writes() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GSK": "N"},
                      "primary": {"partition": "PK", "sort": "SK"},
                      "indexes": [{"name": "G", "partition": "PK", "sort": "GSK"}]},
            "entities": [
                {"name": "Run", "fields": {"n": {"kind": "uint", "width": 4}},
                 "keys": {"PK": [{"literal": "RUN"}], "SK": [{"literal": "R"}, {"field": "n"}], "GSK": [{"field": "n"}]}},
                {"name": "Team", "fields": {}, "keys": {"PK": [{"literal": "TEAM"}], "SK": [{"literal": "T"}]}}
            ]
        }))
        .unwrap();
        let values: Vec<Values> = [json!({"n": "12"}), json!({"n": "123456"}), json!({}), json!({})]
            .iter()
            .map(|v| v.as_object().cloned().unwrap().into_iter().collect())
            .collect();
        let entity = |i: usize| &schema.entities[usize::from(i == 3)];
        let items: Vec<Sample> = values.iter().enumerate().map(|(i, v)| (entity(i), v)).collect();
        let keys = ItemKeys::new(&schema, &items);
        for attribute in ["PK", "SK", "GSK"] {
            let expected: Vec<Option<String>> = items
                .iter()
                .map(|&(e, v)| {
                    let t = e.template(attribute)?;
                    Some(encode_key(&schema, e, t, v).ok()?.0.as_str().to_string())
                })
                .collect();
            assert_eq!(keys.of(attribute), Some(expected.as_slice()), "{attribute}");
        }
        assert_eq!(keys.of("GSK").unwrap()[..3], [Some("12".to_string()), None, None]);
        assert_eq!(keys.of("GSK").unwrap()[3], None, "Team has no GSK template");
        assert_eq!(keys.of("nope"), None);
    }
}
