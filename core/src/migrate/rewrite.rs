//! An item whole under the new design: what `keylab migrate --emit items` and
//! `--emit batch` write, for DynamoDB's import from S3 or `batch-write-item` to load.
//!
//! The item keeps every attribute it had, in its order; each key attribute the new
//! design writes takes its new value (in place, or after the rest when it is new), and
//! an old key attribute the new design no longer writes is dropped or kept as asked: a
//! table being re-keyed in place may still need its old index keys while readers move.

use super::stored::{Attribute, StoredItem};
use super::Rekeyed;
use crate::codec::KeyValue;
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::borrow::Cow;

/// What becomes of an old key attribute the new design does not write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OldKeys {
    /// Left out: the new table holds only the new design's keys.
    Drop,
    /// Kept as it was, beside the new keys.
    Keep,
}

/// The item under the new design, and the old key attributes it lost.
pub struct Rewritten<'a, 's> {
    pub item: StoredItem<'a>,
    pub dropped: Vec<&'s str>,
}

/// `item` with `rekeyed`'s new keys in it. Its other attributes are borrowed as they
/// are: only the keys are new text.
pub fn rewrite<'a, 's>(item: &StoredItem<'a>, rekeyed: &Rekeyed<'s>, old_keys: OldKeys) -> Rewritten<'a, 's> {
    let mut out = Vec::with_capacity(item.0.len() + rekeyed.new.len());
    let mut dropped = Vec::new();
    for (name, value) in &item.0 {
        if let Some(key) = rekeyed.new_key(name) {
            out.push((name.clone(), stored(key)));
        } else if let (OldKeys::Drop, Some((old, _))) = (old_keys, rekeyed.old.iter().find(|(a, _)| a == name)) {
            dropped.push(*old);
        } else {
            out.push((name.clone(), value.clone()));
        }
    }
    for (name, key) in &rekeyed.new {
        if item.get(name).is_none() {
            out.push((Cow::Owned(name.to_string()), stored(key)));
        }
    }
    Rewritten {
        item: StoredItem(out),
        dropped,
    }
}

/// A key as DynamoDB JSON types it.
pub fn stored(key: &KeyValue) -> Attribute<'static> {
    match key {
        KeyValue::S(s) => Attribute::S(Cow::Owned(s.clone())),
        KeyValue::N(n) => Attribute::N(Cow::Owned(n.as_str().to_string())),
    }
}

impl Serialize for Attribute<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(1))?;
        match self {
            Attribute::S(text) => map.serialize_entry("S", text)?,
            Attribute::N(text) => map.serialize_entry("N", text)?,
            Attribute::Other(tag, value) => map.serialize_entry(tag, value)?,
        }
        map.end()
    }
}

/// An item in DynamoDB JSON: `{"PK": {"S": "..."}, ...}`, in its attributes' order.
impl Serialize for StoredItem<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::Rekeyer;
    use crate::schema::Schema;
    use serde_json::json;

    fn schema(sk: serde_json::Value, index: bool) -> Schema {
        let mut v = json!({
            "version": 1, "separator": "#",
            "table": {"name": "t", "attributes": {"PK": "S", "SK": "S"},
                      "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "User",
                "fields": {"id": {"kind": "text"}, "n": {"kind": "uint", "width": 4}},
                "keys": {"PK": [{"literal": "USER"}, {"field": "id"}], "SK": sk}}]
        });
        if index {
            v["table"]["attributes"]["GSI1PK"] = json!("S");
            v["table"]["attributes"]["GSI1SK"] = json!("S");
            v["table"]["indexes"] = json!([{"name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK"}]);
            v["entities"][0]["keys"]["GSI1PK"] = json!([{"literal": "USER"}]);
            v["entities"][0]["keys"]["GSI1SK"] = json!([{"field": "id"}]);
        }
        Schema::from_value(&v).unwrap()
    }

    fn line(item: &StoredItem) -> String {
        serde_json::to_string(item).unwrap()
    }

    #[test]
    fn new_keys_take_their_place_and_the_rest_is_kept_in_order() {
        let (old, new) = (
            schema(json!([{"field": "n"}]), true),
            schema(json!([{"literal": "N"}, {"field": "n"}]), false),
        );
        let rekeyer = Rekeyer::new(&old, &new).unwrap();
        let text = r#"{"PK":{"S":"USER#ana"},"name":{"S":"Ana \"A\""},"SK":{"S":"0042"},"GSI1PK":{"S":"USER"},"GSI1SK":{"S":"ana"},"tags":{"SS":["a","b"]},"age":{"N":"42.50"},"ok":{"BOOL":true}}"#;
        let item = StoredItem::parse(text).unwrap();
        let rekeyed = rekeyer.from_item(&item).unwrap();
        let dropped = rewrite(&item, &rekeyed, OldKeys::Drop);
        assert_eq!(
            line(&dropped.item),
            r#"{"PK":{"S":"USER#ana"},"name":{"S":"Ana \"A\""},"SK":{"S":"N#0042"},"tags":{"SS":["a","b"]},"age":{"N":"42.50"},"ok":{"BOOL":true}}"#
        );
        assert_eq!(dropped.dropped, ["GSI1PK", "GSI1SK"]);
        let kept = rewrite(&item, &rekeyed, OldKeys::Keep);
        assert!(line(&kept.item).contains(r#""GSI1PK":{"S":"USER"},"GSI1SK":{"S":"ana"}"#));
        assert!(kept.dropped.is_empty());
        // What it writes reads back as the same item, new keys and all.
        assert_eq!(StoredItem::parse(&line(&kept.item)).unwrap(), kept.item);
    }

    #[test]
    fn a_key_only_the_new_design_writes_is_added_after_the_rest() {
        let (old, new) = (
            schema(json!([{"field": "n"}]), false),
            schema(json!([{"field": "n"}]), true),
        );
        let rekeyer = Rekeyer::new(&old, &new).unwrap();
        let item = StoredItem::parse(r#"{"Item":{"PK":{"S":"USER#bo"},"SK":{"S":"0007"}}}"#).unwrap();
        let rekeyed = rekeyer.from_item(&item).unwrap();
        assert_eq!(
            line(&rewrite(&item, &rekeyed, OldKeys::Drop).item),
            r#"{"PK":{"S":"USER#bo"},"SK":{"S":"0007"},"GSI1PK":{"S":"USER"},"GSI1SK":{"S":"bo"}}"#
        );
    }
}
