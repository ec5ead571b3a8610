//! Import in the files menu: a file or a paste, holding a keylab design, a NoSQL
//! Workbench model or a table's items. Work that is not the preset it started from is
//! replaced only after a yes, and stays one Undo away; what the import inferred, left
//! out or could not write again is listed in the page, not hidden. A refusal is said
//! beside the paste box, where the text can be fixed; the question and the report go
//! under the header, as the menu closes.

use crate::browser::services::{self, Later};
use crate::document::imported::{self, Imported};
use crate::document::Command;
use crate::ui::widgets::kept_box::use_kept_box;
use crate::ui::widgets::outcome::{Outcome, Said};
use crate::ui::widgets::transient::{use_transient, Transient};
use crate::ui::widgets::waiting;
use keylab::wording::counted;
use std::rc::Rc;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ImportBoxProps {
    /// The work differs from the preset it started from: importing asks first.
    pub unsaved: bool,
    pub command: Callback<Command>,
    /// Asks before replacing the work, and says what an import read.
    pub on_outcome: Callback<Outcome>,
}

#[function_component]
pub fn ImportBox(props: &ImportBoxProps) -> Html {
    let pasted = use_node_ref();
    // The pasted text is kept over a reload, as the box keeps it while the page is open.
    let keep = use_kept_box(&pasted, "import-paste");
    // A refusal, or the wait for the importers: said here, beside the paste box.
    let said = use_transient::<Outcome>();
    let replace = {
        let (command, on_outcome) = (props.command.clone(), props.on_outcome.clone());
        Callback::from(move |(name, imported): (String, Rc<Imported>)| {
            command.emit(imported.load());
            on_outcome.emit(Outcome {
                // Imported, but not exactly: said in the colour of a problem to fix.
                ok: imported.misfit_count == 0,
                text: format!("{} Undo brings back what was there before.", imported.summary(&name)),
                report: Some(imported),
                confirm: None,
            });
        })
    };
    // A file of another tool is read by the second module: asked before it came, the
    // import waits for it (once), then goes on, through the callback of the latest render.
    let latest: waiting::Latest<Reading> = use_mut_ref(|| None);
    let take = taker(
        replace,
        props.on_outcome.clone(),
        said.clone(),
        props.unsaved,
        latest.clone(),
    );
    *latest.borrow_mut() = Some(take.clone());
    let take = take.reform(|read: Reading| (read, false));
    let on_file = {
        let take = take.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            // Cleared so that choosing the same file again imports it again.
            input.set_value("");
            let take = take.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let text = JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string());
                take.emit((
                    file.name(),
                    text.ok_or_else(|| "the file could not be read".to_string()),
                ));
            });
        })
    };
    let on_paste = {
        let (take, pasted) = (take.clone(), pasted.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<HtmlTextAreaElement>() {
                take.emit(("the pasted text".into(), Ok(area.value())));
            }
        })
    };
    html! {
        <>
            <label class="file-button">{ "Import a file…" }
                <input type="file" accept=".json,.jsonl,.js,.mjs,.cjs,.ts,application/json,text/javascript" onchange={on_file} data-testid="import-file" />
            </label>
            <label for="import-paste" class="sub">{ "or paste a keylab design, a NoSQL Workbench model, ElectroDB entities (new Entity({...})), a OneTable schema, an AWS DynamoDB MCP data model (dynamodb_data_model.json), or DynamoDB JSON items (an export's lines, a Scan's output)" }</label>
            <textarea id="import-paste" ref={pasted} rows="4" spellcheck="false" data-testid="import-paste" oninput={keep} />
            <button type="button" onclick={on_paste}>{ "Import pasted text" }</button>
            { said.get().map(|o| html! { <Said outcome={o.clone()} testid="import-status" /> }).unwrap_or_default() }
        </>
    }
}

/// A file's name and its text, or why it could not be read.
type Reading = (String, Result<String, String>);

/// What an import does with a file's text (and whether it waited for the second
/// module): replace the work (asking first over unsaved work), or say why not.
fn taker(
    replace: Callback<(String, Rc<Imported>)>,
    on_outcome: Callback<Outcome>,
    said: Transient<Outcome>,
    unsaved: bool,
    latest: waiting::Latest<Reading>,
) -> Callback<(Reading, bool)> {
    Callback::from(move |((name, text), waited): (Reading, bool)| {
        match read(&text) {
        Later::Ready(Ok(i)) if unsaved => on_outcome.emit(question(name, Rc::new(i), &replace)),
        Later::Ready(Ok(i)) => replace.emit((name, Rc::new(i))),
        Later::Ready(Err(why)) => said.say(Outcome::failed(format!(
            "{name} was not imported: {why}. Your work is unchanged."
        ))),
        Later::Failed(why) if waited => said.say(Outcome::failed(format!(
            "{name} was not imported: keylab could not load its importers ({why}). Your work is unchanged; import it again to retry."
        ))),
        Later::Loading | Later::Failed(_) => {
            said.say(Outcome::from((true, format!("Reading {name}: keylab's importers are loading…"))));
            waiting::again(&latest, (name, text));
        }
    }
    })
}

/// A file's text read: a keylab file at once, another tool's by the second module.
fn read(text: &Result<String, String>) -> Later<Result<Imported, String>> {
    let text = match text {
        Ok(text) => text,
        Err(why) => return Later::Ready(Err(why.clone())),
    };
    imported::keylab_file(text).map(Later::Ready).unwrap_or_else(|| {
        let (listed, most) = imported::READ_LIMITS;
        services::read_file(text, listed, most).map(|read| read.and_then(imported::from_file))
    })
}

/// The question asked before an import replaces the person's work.
fn question(name: String, imported: Rc<Imported>, replace: &Callback<(String, Rc<Imported>)>) -> Outcome {
    let text = format!(
        "Replace your current design and items with {name}, {} ({}, {})? Undo brings your work back.",
        imported.what,
        counted(imported.work.schema().entities.len(), "entity", "entities"),
        counted(imported.work.rows().len(), "item", "items")
    );
    let replace = replace.clone();
    Outcome {
        ok: true,
        text,
        report: None,
        confirm: Some(Callback::from(move |_| replace.emit((name.clone(), imported.clone())))),
    }
}
