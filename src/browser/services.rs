//! What the second module serves the views (src/browser/second_module.rs): in the
//! browser its answer, or that it is still on its way, or why it could not be had;
//! natively (the tests) the core's own answer at once. The first module never links
//! the code behind these: that is what keeps its first load small.

use keylab::infer::file::FileDesign;
use keylab::interop::Source;
use keylab::keycode::Language;
use keylab::pasted_items::{PastedInto, PastedItems};
use keylab::query::eval::Item;
use keylab::query::pasted::Pasted;
use keylab::query::Query;
use keylab::snippet::{Options, Target};
use keylab::Schema;

/// An answer of the second module.
#[derive(Clone, Debug, PartialEq)]
pub enum Later<T> {
    Ready(T),
    /// The module is on its way (or not asked for yet).
    Loading,
    /// Why the module could not be had, in words.
    Failed(String),
}

impl<T> Later<T> {
    pub fn ready(self) -> Option<T> {
        match self {
            Later::Ready(t) => Some(t),
            _ => None,
        }
    }

    pub fn as_ref(&self) -> Later<&T> {
        match self {
            Later::Ready(t) => Later::Ready(t),
            Later::Loading => Later::Loading,
            Later::Failed(why) => Later::Failed(why.clone()),
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Later<U> {
        match self {
            Later::Ready(t) => Later::Ready(f(t)),
            Later::Loading => Later::Loading,
            Later::Failed(why) => Later::Failed(why),
        }
    }
}

/// Whether the second module is here, on its way, or why it could not be had.
pub fn module() -> Later<()> {
    use super::second_module::{state, Loading};
    match state() {
        Loading::Ready => Later::Ready(()),
        Loading::Failed(why) => Later::Failed(why),
        Loading::Waiting | Loading::Loading => Later::Loading,
    }
}

/// The chosen target's code for `query`, or why the target cannot express it.
pub fn snippet(schema: &Schema, query: &Query, target: Target, options: &Options) -> Later<Result<String, String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let input = query.to_input(keylab::query::ValueStyle::DynamoJson).to_string();
        let (schema, settings) = (schema.to_value().to_string(), settings(options));
        // The items the pattern promises are no part of a Query input: sent beside it,
        // so the code stops where the page's list does.
        let max_items = query.max_items.map(|n| n.to_string()).unwrap_or_default();
        ask("pageSnippet", &[&schema, &input, target.id(), &settings, &max_items])
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        // The query is the schema's; natively it needs no second reading.
        let _ = schema;
        Later::Ready(keylab::snippet::render(query, target, options).map_err(|e| e.to_string()))
    }
}

/// The program that writes `items` (DynamoDB JSON) into the design's table.
pub fn writes(schema: &Schema, items: &[Item], target: Target, options: &Options) -> Later<Result<String, String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let items = serde_json::to_string(items).unwrap_or_default();
        let (schema, settings) = (schema.to_value().to_string(), settings(options));
        ask("pageWrites", &[&schema, &items, target.id(), &settings])
    }
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::snippet::render_writes(target, &schema.table, items, options).map_err(|e| e.to_string()))
}

/// A pasted Query input read as DynamoDB JSON.
pub fn read_pasted(text: &str) -> Later<Result<Pasted, String>> {
    #[cfg(target_arch = "wasm32")]
    return ask("pageReadPasted", &[text]);
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::query::pasted::read_pasted(text).map_err(|e| e.to_string()))
}

/// Sample items pasted as JSON lines or CSV, each with its entity, and a note on what
/// was left out; read against the design's entities and the one the box is for.
pub fn pasted_items(text: &str, target: &PastedInto) -> Later<Result<PastedItems, String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let target = serde_json::to_string(target).unwrap_or_default();
        ask("pagePastedItems", &[text, &target])
    }
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::pasted_items::parse(text, target).map_err(|e| e.to_string()))
}

/// A file of another tool read for a design (`keylab::infer::file`).
pub fn read_file(text: &str, listed: usize, max_items: usize) -> Later<Result<FileDesign, String>> {
    #[cfg(target_arch = "wasm32")]
    return ask("pageReadFile", &[text, &listed.to_string(), &max_items.to_string()]);
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::infer::file::read_file(text, listed, max_items).map_err(|e| e.to_string()))
}

/// Hands over a key code runtime fetched beside the page; refused unless it is this
/// build's.
pub fn register_runtime(language: Language, text: &str) -> Later<Result<(), String>> {
    #[cfg(target_arch = "wasm32")]
    return ask("pageRegisterRuntime", &[language.id(), text]);
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::keycode::register_runtime(language, text.to_string()).map_err(|e| e.to_string()))
}

/// The design as a module for the backend in `language` (its runtime handed over first).
pub fn key_code(schema: &Schema, language: Language) -> Later<Result<String, String>> {
    #[cfg(target_arch = "wasm32")]
    return ask("pageKeyCode", &[&schema.to_value().to_string(), language.id()]);
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(keylab::keycode::generate(schema, language).map_err(|e| e.to_string()))
}

/// Another tool's declaration of the design.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Declared {
    ElectroDb,
    OneTable,
}

/// The design as `tool` declares it (its keys through keylab's TypeScript key code,
/// whose runtime is handed over first).
pub fn declared(schema: &Schema, tool: Declared) -> Later<Result<Source, String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let tool = match tool {
            Declared::ElectroDb => "electrodb",
            Declared::OneTable => "onetable",
        };
        ask("pageDeclared", &[&schema.to_value().to_string(), tool])
    }
    #[cfg(not(target_arch = "wasm32"))]
    Later::Ready(
        match tool {
            Declared::ElectroDb => keylab::interop::electrodb::entities(schema),
            Declared::OneTable => keylab::interop::onetable::schema(schema),
        }
        .map_err(|e| e.to_string()),
    )
}

#[cfg(target_arch = "wasm32")]
fn settings(options: &Options) -> String {
    serde_json::json!({
        "table": options.table.as_deref().unwrap_or_default(),
        "endpoint": options.endpoint.as_deref().unwrap_or_default(),
        "program": options.program,
    })
    .to_string()
}

/// The module's answer to `name`: JSON text of `{"Ok": ...}` or `{"Err": "why"}`.
#[cfg(target_arch = "wasm32")]
fn ask<T: serde::de::DeserializeOwned>(name: &str, args: &[&str]) -> Later<Result<T, String>> {
    use super::second_module::{call, state, Loading};
    match call(name, args) {
        Some(Ok(text)) => Later::Ready(
            serde_json::from_str(&text)
                .unwrap_or_else(|e| Err(format!("keylab's second module answered {name} unreadably: {e}"))),
        ),
        Some(Err(why)) => Later::Failed(why),
        None => match state() {
            Loading::Failed(why) => Later::Failed(why),
            _ => Later::Loading,
        },
    }
}
