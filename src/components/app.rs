//! The page: the reducer, persistence, and the layout of the panels.

use super::history_buttons::HistoryButtons;
use super::paste_box::PasteBox;
use super::preview_panel::PreviewPanel;
use super::query_panel::QueryPanel;
use super::samples_table::SamplesTable;
use super::snippet_panel::SnippetPanel;
use super::template_editor::TemplateEditor;
use crate::persist;
use crate::state::{Command, Playground, Workspace};
use gloo::events::{EventListener, EventListenerOptions};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo and redo, except inside a text
/// field, where the browser's own undo of the typing applies.
fn shortcut(e: &KeyboardEvent) -> Option<Command> {
    if !(e.ctrl_key() || e.meta_key()) {
        return None;
    }
    let editing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA") || el.has_attribute("contenteditable")
        });
    if editing {
        return None;
    }
    match (e.key().to_ascii_lowercase().as_str(), e.shift_key()) {
        ("z", false) => Some(Command::Undo),
        ("z", true) | ("y", false) => Some(Command::Redo),
        _ => None,
    }
}

#[function_component]
pub fn App() -> Html {
    // Read storage once; a problem with it is reported, never fatal.
    let boot = use_memo((), |_| persist::load());
    let workspace = {
        let boot = boot.clone();
        use_reducer(move || Workspace::new(boot.0.clone()))
    };
    let state: Rc<Playground> = workspace.present.clone();
    {
        let snapshot = (*state).clone();
        use_effect_with(snapshot, persist::save);
    }
    {
        let workspace = workspace.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                // Not passive: the shortcut replaces the browser's own Ctrl+Z.
                EventListener::new_with_options(
                    &w,
                    "keydown",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        if let Some(command) = e.dyn_ref::<KeyboardEvent>().and_then(shortcut) {
                            e.prevent_default();
                            workspace.dispatch(command);
                        }
                    },
                )
            });
            move || drop(listener)
        });
    }
    let analysis = {
        let s = (*state).clone();
        use_memo(s, |s| s.analyse())
    };
    let dispatch = {
        let workspace = workspace.clone();
        Callback::from(move |a| workspace.dispatch(Command::Edit(a)))
    };
    let command = {
        let workspace = workspace.clone();
        Callback::from(move |c| workspace.dispatch(c))
    };
    let current = state;
    let preview = analysis.preview.clone();
    let matches: Vec<usize> = analysis
        .query
        .as_ref()
        .map(|q| q.hits.iter().map(|h| h.row).collect())
        .unwrap_or_default();
    html! {
        <>
            <header>
                <h1>{ "keylab" }</h1>
                <p>{ "Design DynamoDB sort keys and watch them sort the way DynamoDB sorts them: by UTF-8 bytes." }</p>
                <HistoryButtons can_undo={workspace.can_undo()} can_redo={workspace.can_redo()} {command} />
            </header>
            { boot.1.as_ref().map(|n| html! { <p class="notice" role="status">{ n }</p> }).unwrap_or_default() }
            <main>
                <TemplateEditor state={current.clone()} analysis={analysis.clone()} dispatch={dispatch.clone()} />
                <PreviewPanel state={current.clone()} preview={preview.clone()} {matches} />
                <SamplesTable state={current.clone()} {preview} dispatch={dispatch.clone()} />
                <QueryPanel state={current.clone()} analysis={analysis.clone()} dispatch={dispatch.clone()} />
                <PasteBox state={current.clone()} analysis={analysis.clone()} dispatch={dispatch.clone()} />
                <SnippetPanel state={current} analysis={analysis.clone()} {dispatch} />
            </main>
        </>
    }
}
