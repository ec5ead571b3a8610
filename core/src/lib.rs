//! # keylab
//!
//! The codec behind the keylab playground: DynamoDB composite sort keys that sort as
//! their values do. A schema (see `docs/schema.md`) names each entity's fields and key
//! templates; [`codec::encode`] turns field values into key attribute values and
//! [`codec::decode`] turns them back, refusing anything that would break the order
//! (overflowing widths, separators inside values, keys over DynamoDB's limits).
//!
//! ```
//! use keylab::{codec, Schema};
//! use serde_json::json;
//!
//! let schema = Schema::from_value(&json!({
//!     "version": 1, "separator": "#",
//!     "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"},
//!               "primary": {"partition": "PK", "sort": "SK"}},
//!     "entities": [{"name": "Run",
//!         "fields": {"season": {"kind": "text", "case": "upper"},
//!                    "score": {"kind": "uint", "width": 10, "order": "desc"}},
//!         "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}],
//!                  "SK": [{"field": "score"}]}}]
//! })).unwrap();
//! let values = json!({"season": "2026-spring", "score": 1500});
//! let item = codec::encode(&schema, "Run", values.as_object().unwrap()).unwrap();
//! assert_eq!(item.get("PK").unwrap().as_str(), "SEASON#2026-SPRING");
//! assert_eq!(item.get("SK").unwrap().as_str(), "9999998499");
//! ```

pub mod codec;
pub mod compare;
pub mod elide;
pub mod error;
pub mod float_text;
#[doc(hidden)]
pub mod fuzzing;
pub mod infer;
pub mod intent;
pub mod interop;
pub mod item_size;
pub mod items;
pub(crate) mod js_literal;
pub mod keycode;
pub mod lint;
pub mod migrate;
pub mod pasted_items;
pub mod preview;
pub mod query;
pub mod sample;
pub mod schema;
pub mod snippet;
pub mod strict;
pub mod wording;

pub use codec::{decode, encode, EncodedItem, KeyValue, Values};
pub use error::{Error, ErrorKind, Errors, Report, Warning, WarningKind};
pub use schema::Schema;
