//! The keylab playground: a Yew app over the `keylab` codec, and the JS API.

pub mod analysis;
pub mod api;
pub mod components;
pub mod document;
pub mod fuzzing;
pub mod import_items;
pub mod persist;
pub mod presets;
pub mod share;
