//! The keylab playground: a Yew app over the `keylab` codec. The JS API and what the
//! first screen does not draw come in a second module after the first paint
//! ([`browser::second_module`]).

pub mod analysis;
pub mod browser;
pub mod document;
pub mod fuzzing;
pub mod presets;
pub mod rekeying;
pub mod ui;
