//! The keylab playground: a Yew app over the `keylab` codec, and the JS API.

pub mod analysis;
/// The JS API, linked into the page's wasm (Trunk exposes it as `window.wasmBindings`).
#[cfg(feature = "deferred")]
pub use keylab_js as api;
pub mod browser;
pub mod document;
pub mod fuzzing;
pub mod import_items;
pub mod presets;
pub mod rekeying;
pub mod ui;
