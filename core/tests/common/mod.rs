//! Schemas shared by the integration tests.
#![allow(dead_code)]

use keylab::{Schema, Values};
use serde_json::{json, Value};

/// The leaderboard of issue 2 and seed 000, exactly as the schema format documents it.
pub fn leaderboard_json() -> Value {
    json!({
      "version": 1,
      "separator": "#",
      "table": {
        "name": "Leaderboard",
        "attributes": {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S"},
        "primary": {"partition": "PK", "sort": "SK"},
        "indexes": [{"name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK"}]
      },
      "entities": [
        {
          "name": "Run",
          "fields": {
            "season": {"kind": "text", "case": "upper"},
            "score":  {"kind": "uint", "width": 10, "order": "desc"},
            "at":     {"kind": "timestamp", "unit": "s", "width": 16},
            "player": {"kind": "text"}
          },
          "keys": {
            "PK": [{"literal": "SEASON"}, {"field": "season"}],
            "SK": [{"field": "score"}, {"field": "at"}, {"field": "player"}]
          }
        }
      ]
    })
}

pub fn leaderboard() -> Schema {
    Schema::from_value(&leaderboard_json()).expect("the documented schema parses")
}

pub fn values(v: Value) -> Values {
    v.as_object().cloned().expect("an object")
}

/// A one-entity schema whose SK is the given template over the given fields.
pub fn single(fields: Value, sk: Value) -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
        "entities": [{"name": "E", "fields": fields, "keys": {"PK": [{"literal": "P"}], "SK": sk}}]
    }))
    .expect("test schema parses")
}
