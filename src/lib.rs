//! The keylab playground: a Yew app over the `keylab` codec, and the JS API.

pub mod analysis;
#[cfg(feature = "deferred")]
pub mod api;
pub mod browser;
pub mod document;
pub mod fuzzing;
pub mod import_items;
pub mod presets;
pub mod rekeying;
pub mod ui;
