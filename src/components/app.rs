//! The page: the reducer, persistence, and the layout of the panels.

use super::paste_box::PasteBox;
use super::preview_panel::PreviewPanel;
use super::query_panel::QueryPanel;
use super::samples_table::SamplesTable;
use super::snippet_panel::SnippetPanel;
use super::template_editor::TemplateEditor;
use crate::persist;
use crate::state::Playground;
use std::rc::Rc;
use yew::prelude::*;

#[function_component]
pub fn App() -> Html {
    // Read storage once; a problem with it is reported, never fatal.
    let boot = use_memo((), |_| persist::load());
    let state = {
        let boot = boot.clone();
        use_reducer(move || boot.0.clone())
    };
    {
        let snapshot = (*state).clone();
        use_effect_with(snapshot, persist::save);
    }
    let analysis = {
        let s = (*state).clone();
        use_memo(s, |s| s.analyse())
    };
    let dispatch = {
        let state = state.clone();
        Callback::from(move |a| state.dispatch(a))
    };
    let current: Rc<Playground> = Rc::new((*state).clone());
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
