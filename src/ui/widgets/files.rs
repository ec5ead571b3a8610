//! Export the design (the schema alone, or with its sample items) as a JSON file, and
//! import one. An import is one undoable step; a bad file leaves the work as it was.

use crate::document::{Command, Playground};
use serde_json::Value;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};
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
    pub command: Callback<Command>,
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

/// Downloads the items as `form` writes them, and says what was written and left out.
fn download_items(state: &Playground, form: ItemsAs) -> (bool, String) {
    let written = state.table_items();
    let table = &state.schema.table.name;
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
        format!("Downloaded {name}: {} item(s), {how}.{refused}", written.items.len()),
    )
}

/// Reads a chosen file and replaces the work with it (undoably), or says why not.
fn import_file(command: &Callback<Command>, message: &UseStateHandle<Option<(bool, String)>>) -> Callback<Event> {
    let (command, message) = (command.clone(), message.clone());
    Callback::from(move |e: Event| {
        let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        // Cleared so that choosing the same file again imports it again.
        input.set_value("");
        let (command, message) = (command.clone(), message.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let name = file.name();
            let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string());
            match text
                .ok_or_else(|| "the file could not be read".to_string())
                .and_then(|t| Playground::import(&t))
            {
                Ok(p) => {
                    command.emit(Command::Replace(Box::new(p)));
                    message.set(Some((
                        true,
                        format!("Imported {name}. Undo brings back what was there before."),
                    )));
                }
                Err(why) => message.set(Some((
                    false,
                    format!("{name} was not imported: {why}. Your work is unchanged."),
                ))),
            }
        });
    })
}

#[function_component]
pub fn Files(props: &FilesProps) -> Html {
    let message = use_state(|| None::<(bool, String)>);
    let export = |all: bool| {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| {
            let (name, text) = if all {
                ("keylab-design.json", state.export_all())
            } else {
                ("keylab-schema.json", state.schema.to_json_pretty())
            };
            if download(name, &text) {
                // The comparison's "last export": what a live table was built from.
                crate::browser::versions::remember_export(&text);
            } else {
                message.set(Some((false, "The browser refused the download.".into())));
            }
        })
    };
    let export_items = |form: ItemsAs| {
        let (state, message) = (props.state.clone(), message.clone());
        Callback::from(move |_: MouseEvent| message.set(Some(download_items(&state, form))))
    };
    let import = import_file(&props.command, &message);
    html! {
        <div class="toolbar" role="group" aria-label="files">
            // Import and export share one menu, so the header keeps to the main controls.
            <details class="menu" data-testid="files-menu">
                <summary>{ "Import / export" }</summary>
                <div class="menu-items">
                    <button type="button" onclick={export(false)}>{ "Export schema" }</button>
                    <button type="button" onclick={export(true)}>{ "Export schema and items" }</button>
                    <button type="button" onclick={export_items(ItemsAs::ExportLines)}>{ "Items as DynamoDB JSON (export lines)" }</button>
                    <button type="button" onclick={export_items(ItemsAs::Batches)}>{ "Items as batch-write-item requests" }</button>
                    <label class="file-button">{ "Import JSON…" }
                        <input type="file" accept=".json,application/json" onchange={import} data-testid="import-file" />
                    </label>
                </div>
            </details>
            { (*message).as_ref().map(|(ok, text)| html! {
                <span class={if *ok { "ok" } else { "messages" }} role="status" data-testid="files-status">
                    if *ok { { text.clone() } } else { <span class="error">{ text.clone() }</span> }
                </span>
            }).unwrap_or_default() }
        </div>
    }
}
