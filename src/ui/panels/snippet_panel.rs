//! Code for every SDK: one tab per target, the chosen one remembered with the work,
//! always the code for the query above. No syntax highlighting: it would cost bundle
//! bytes, and plain monospace keeps every escaped character visible.

use crate::analysis::QueryView;
use crate::document::{Action, SnippetPrefs};
use crate::ui::widgets::controls;
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::tabs::{tab_id, Tabs};
use keylab::snippet::Target;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SnippetPanelProps {
    pub prefs: SnippetPrefs,
    /// The design's table name, shown until the user names another.
    pub table: AttrValue,
    /// The query whose code is shown, or why there is none.
    pub query: Result<QueryView, String>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn SnippetPanel(props: &SnippetPanelProps) -> Html {
    let prefs = props.prefs.clone();
    let set = |apply: fn(&mut SnippetPrefs, String)| {
        let prefs = prefs.clone();
        Callback::from(move |text: String| {
            let mut next = prefs.clone();
            apply(&mut next, text);
            Action::SetSnippet(next)
        })
    };
    let toggle_program = {
        let (d, prefs) = (props.dispatch.clone(), prefs.clone());
        Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            d.emit(Action::SetSnippet(SnippetPrefs {
                program: checked,
                ..prefs.clone()
            }));
        })
    };
    let current = Target::from_id(&prefs.target).unwrap_or(Target::AwsCli);
    let select_target = {
        let (d, prefs) = (props.dispatch.clone(), prefs.clone());
        Callback::from(move |id: String| {
            d.emit(Action::SetSnippet(SnippetPrefs {
                target: id,
                ..prefs.clone()
            }))
        })
    };
    let targets: Vec<(String, String)> = Target::ALL
        .iter()
        .map(|t| (t.id().to_string(), t.label().to_string()))
        .collect();
    let current_tab = Target::ALL.iter().position(|t| *t == current).unwrap_or(0);
    // The override is kept as typed (it is the user's), but code for a table DynamoDB
    // would refuse to name is not shown.
    let table_problem = (!prefs.table.is_empty())
        .then(|| keylab::schema::check_table_name(&prefs.table).err())
        .flatten();
    let body = match &props.query {
        Err(_) => html! { <p class="note">{ "Fix the query above to see its code." }</p> },
        Ok(_) if table_problem.is_some() => html! { <p class="note">{ "Fix the table name to see the code." }</p> },
        Ok(view) => match &view.snippet {
            Ok(code) => html! { <>
                <div class="snippet-actions"><CopyButton text={code.clone()} /></div>
                <pre class="code"><code data-testid="snippet-code">{ code }</code></pre>
            </> },
            Err(why) => {
                html! { <p class="messages"><span class="warning" data-testid="snippet-unsupported">{ format!("{} cannot express this query: {why}", current.label()) }</span></p> }
            }
        },
    };
    html! {
        <section class="panel wide" aria-labelledby="snippet-title" id="snippet-panel" tabindex="-1">
            <h2 id="snippet-title">{ "Code" }</h2>
            <Tabs id="sdk-tab" label="SDK" tabs={targets} selected={current.id().to_string()} on_select={select_target} controls="snippet-code-panel" />
            <div class="query-controls">
                <span class="control check">
                    <input id="snippet-program" type="checkbox" checked={prefs.program} onchange={toggle_program} />
                    <label for="snippet-program">{ "complete runnable program" }</label>
                </span>
                <span class="control">
                    { controls::text("snippet-table", "table name", prefs.table.clone(), Some(props.table.to_string()), set(|p, v| p.table = v), props.dispatch.clone()) }
                    if let Some(problem) = table_problem {
                        <span class="field-problem" data-testid="snippet-table-problem" role="alert">{ problem }</span>
                    }
                </span>
                { controls::text("snippet-endpoint", "endpoint (optional)", prefs.endpoint.clone(), Some("http://127.0.0.1:8000".into()), set(|p, v| p.endpoint = v), props.dispatch.clone()) }
            </div>
            <div role="tabpanel" id="snippet-code-panel" aria-labelledby={tab_id("sdk-tab", current_tab)}>{ body }</div>
        </section>
    }
}
