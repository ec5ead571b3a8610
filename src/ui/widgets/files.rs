//! Export the design (the schema alone, or with its sample items) as a JSON file, and
//! import one (`import_box.rs`). An import is one undoable step; a bad file leaves the
//! work as it was. What an export did is said in the menu, under its buttons, until
//! the next action.

use crate::browser::runtimes::{self, Runtime};
use crate::browser::services::{self, Declared, Later};
use crate::document::{Command, Playground};
use crate::ui::widgets::import_box::ImportBox;
use crate::ui::widgets::menu::use_menu_closing;
use crate::ui::widgets::outcome::{Outcome, Said};
use crate::ui::widgets::transient::use_transient;
use serde_json::Value;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};
use yew::prelude::*;

/// The two forms the sample items leave the page in, as a table holds them.
#[derive(Clone, Copy)]
enum ItemsAs {
    ExportLines,
    Batches,
}

#[derive(Properties, PartialEq)]
pub struct FilesProps {
    pub state: Rc<Playground>,
    /// The work differs from the preset it started from: an import asks first.
    pub unsaved: bool,
    pub command: Callback<Command>,
    /// An import's question, or its report: said under the header.
    pub on_outcome: Callback<Outcome>,
    /// The menu's button, where the focus goes back when the import's question is
    /// answered "no".
    #[prop_or_default]
    pub button: NodeRef,
}

/// Offers `text` as a download named `name`. Returns whether the browser took it.
pub fn download(name: &str, text: &str) -> bool {
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let parts = js_sys::Array::of1(&text.into());
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return false;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
        return false;
    };
    let anchor = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok());
    let Some(anchor) = anchor else { return false };
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = Url::revoke_object_url(&url);
    true
}

/// Downloads the design and its items as a NoSQL Workbench model, and says what the
/// model could not hold.
fn download_workbench(state: &Playground) -> (bool, String) {
    let iso = String::from(js_sys::Date::new_0().to_iso_string());
    let when = keylab::interop::workbench::shown_date(&iso).unwrap_or(iso);
    let samples: Vec<(&str, &keylab::Values)> = (state.samples().into_iter())
        .map(|(e, v)| (e.name.as_str(), v))
        .collect();
    let model = keylab::interop::workbench::model(state.schema(), &samples, &when);
    let name = file_name(state, "workbench.json");
    let text = serde_json::to_string_pretty(&model.model).unwrap_or_default();
    if !download(&name, &text) {
        return (false, "The browser refused the download.".into());
    }
    let said = match model.notes.as_slice() {
        [] => String::new(),
        notes => format!(" Not in it: {}.", notes.join("; ")),
    };
    (
        model.notes.is_empty(),
        format!("Downloaded {name}: open it in NoSQL Workbench (Import data model); each entity is a facet with its items, which hold their keys and the fields they read.{said}"),
    )
}

/// The table's name as a file name, with `ending`: `Leaderboard.workbench.json`.
fn file_name(state: &Playground, ending: &str) -> String {
    let table: String = (state.schema().table.name.chars())
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        .collect();
    format!("{}.{ending}", if table.is_empty() { "keylab" } else { &table })
}

/// Downloads the design as the tool's file, and says which keys the tool writes
/// through keylab's code and what it does not hold.
fn download_declared(state: &Playground, tool: Declared) -> (bool, String) {
    let (what, ending, usage) = match tool {
        Declared::ElectroDb => (
            "ElectroDB entities",
            "electrodb.ts",
            "give each its client with setClient",
        ),
        Declared::OneTable => (
            "a OneTable schema",
            "onetable.ts",
            "give it to OneTable's Table as the file's first lines show",
        ),
    };
    let source = match services::declared(state.schema(), tool) {
        Later::Ready(Ok(s)) => s,
        Later::Ready(Err(why)) => return (false, format!("The design cannot be written as {what}: {why}")),
        // The runtime was handed over to the second module, so it is here.
        Later::Loading | Later::Failed(_) => {
            return (
                false,
                format!(
                "The design cannot be written as {what} until keylab's second module is loaded: try the export again."
            ),
            )
        }
    };
    let name = file_name(state, ending);
    if !download(&name, &source.text) {
        return (false, "The browser refused the download.".into());
    }
    let said = match source.notes.as_slice() {
        [] => String::new(),
        notes => format!(" Notes: {}.", notes.join("; ")),
    };
    // Written whole: the notes say how (a key through keylab's code), not a failure.
    (
        true,
        format!("Downloaded {name}: {what} whose keys are keylab's, byte for byte; {usage}.{said}"),
    )
}

/// Downloads the design as the tool's file once keylab's TypeScript runtime is here (a
/// key the tool cannot write itself calls it), fetching it first when nothing has asked
/// for it yet.
fn export_declared(state: Rc<Playground>, tool: Declared, message: Callback<(bool, String)>) {
    let typescript = keylab::keycode::Language::TypeScript;
    if runtimes::state(typescript) != Runtime::Ready {
        message.emit((true, "Fetching keylab's TypeScript key code for the export…".into()));
    }
    let done = move || {
        message.emit(match runtimes::state(typescript) {
            Runtime::Failed(why) => (
                false,
                format!("The export needs keylab's TypeScript key code, which could not be loaded: {why}. Try the export again."),
            ),
            _ => download_declared(&state, tool),
        })
    };
    runtimes::fetch(typescript, done);
}

/// Downloads the items as `form` writes them, and says what was written and left out.
fn download_items(state: &Playground, form: ItemsAs) -> (bool, String) {
    let written = state.table_items();
    let table = &state.schema().table.name;
    let (name, text, how) = match form {
        ItemsAs::ExportLines => (
            "keylab-items.json",
            keylab::items::export_lines(&written.items),
            "the lines of a DynamoDB export to S3, which keylab migrate reads".to_string(),
        ),
        ItemsAs::Batches => {
            let batches = keylab::items::batch_requests(table, &written.items);
            let lines: Vec<String> = batches.iter().map(Value::to_string).collect();
            (
                "keylab-batch-write-item.jsonl",
                lines.join("\n") + "\n",
                format!(
                    "{} request(s) of at most {}, one per line: split -l 1 keylab-batch-write-item.jsonl batch- && for f in batch-*; do aws dynamodb batch-write-item --request-items file://$f; done",
                    batches.len(),
                    keylab::items::BATCH
                ),
            )
        }
    };
    let refused = match written.refused.as_slice() {
        [] => String::new(),
        [(at, why), rest @ ..] => {
            let more = if rest.is_empty() {
                String::new()
            } else {
                format!(" and {} more", rest.len())
            };
            format!(
                " Left out, because they cannot be written: item #{}{more} ({why}).",
                at + 1
            )
        }
    };
    if !download(name, &text) {
        return (false, "The browser refused the download.".into());
    }
    (
        written.refused.is_empty(),
        format!(
            "Downloaded {name}: {}, {how}. Each holds its keys and the fields they read: keylab keeps no other attribute (an import leaves them out).{refused}",
            keylab::wording::counted(written.items.len(), "item", "items")
        ),
    )
}

#[function_component]
pub fn Files(props: &FilesProps) -> Html {
    let exported = use_transient::<Outcome>();
    let message = {
        let exported = exported.clone();
        Callback::from(move |said: (bool, String)| exported.say(Outcome::from(said)))
    };
    let export = |all: bool| {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| {
            let (name, text) = if all {
                ("keylab-design.json", state.export_all())
            } else {
                ("keylab-schema.json", state.schema().to_json_pretty())
            };
            if download(name, &text) {
                // The comparison's "last export": what a live table was built from.
                crate::browser::versions::remember_export(&text);
                message.emit((true, format!("Downloaded {name}.")));
            } else {
                message.emit((false, "The browser refused the download.".into()));
            }
        })
    };
    let export_items = |form: ItemsAs| {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| message.emit(download_items(&state, form)))
    };
    let workbench = {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| message.emit(download_workbench(&state)))
    };
    let declared = |tool: Declared| {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| export_declared(state.clone(), tool, message.clone()))
    };
    let menu = use_node_ref();
    use_menu_closing(menu.clone());
    // An import's question and report show under the header: the menu closes.
    let imported = {
        let (menu, on_outcome) = (menu.clone(), props.on_outcome.clone());
        Callback::from(move |o: Outcome| {
            let shown_below = o.report.is_some() || o.confirm.is_some();
            if let (true, Some(menu)) = (shown_below, menu.cast::<web_sys::Element>()) {
                let _ = menu.remove_attribute("open");
            }
            on_outcome.emit(o)
        })
    };
    html! {
        <div class="toolbar" role="group" aria-label="files">
            // Import and export share one menu, so the header keeps to the main controls.
            <details class="menu" data-testid="files-menu" ref={menu}>
                <summary ref={props.button.clone()}>{ "Import / export" }</summary>
                <div class="menu-items">
                    <button type="button" onclick={export(false)}>{ "Export schema" }</button>
                    <button type="button" onclick={export(true)}>{ "Export schema and items" }</button>
                    <button type="button" onclick={export_items(ItemsAs::ExportLines)}>{ "Items as DynamoDB JSON (export lines)" }</button>
                    <button type="button" onclick={export_items(ItemsAs::Batches)}>{ "Items as batch-write-item requests" }</button>
                    <button type="button" onclick={workbench}>{ "NoSQL Workbench model" }</button>
                    <button type="button" onclick={declared(Declared::ElectroDb)}>{ "ElectroDB entities (TypeScript)" }</button>
                    <button type="button" onclick={declared(Declared::OneTable)}>{ "OneTable schema (TypeScript)" }</button>
                    { exported.get().map(|o| html! { <Said outcome={o.clone()} testid="export-status" /> }).unwrap_or_default() }
                    <ImportBox unsaved={props.unsaved} command={props.command.clone()} on_outcome={imported} />
                </div>
            </details>
        </div>
    }
}
