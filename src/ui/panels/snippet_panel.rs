//! Code for every SDK: one tab per target, the chosen one remembered with the work,
//! always the code for the query above. No syntax highlighting: it would cost bundle
//! bytes, and plain monospace keeps every escaped character visible.

use crate::analysis::QueryView;
use crate::browser::services::{self, Later};
use crate::document::{Action, Items, PrefsEdit, Same, SnippetPrefs};
use crate::ui::widgets::controls;
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::tabs::{tab_id, Tabs};
use crate::ui::widgets::waiting::Waiting;
use keylab::snippet::{Options as SnippetOptions, Target};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SnippetPanelProps {
    pub prefs: std::rc::Rc<SnippetPrefs>,
    /// The design's table name, shown until the user names another.
    pub table: AttrValue,
    /// The query whose code is shown, or why there is none.
    /// Compared by identity: its items run to 100,000.
    pub query: Same<Result<QueryView, String>>,
    /// The query's code for the chosen target, from the second module.
    pub code: Same<Later<Result<String, String>>>,
    /// The sample items and the design, for the program that writes them.
    pub items: Items,
    /// Changes when the second module, which writes the code, arrives or fails.
    pub module: u32,
    pub dispatch: Callback<Action>,
}

/// "Write these items": the program that puts the sample items into the table (and
/// with "complete runnable program", creates the table first), for the chosen SDK.
/// Written only while open: the items can be many.
#[derive(Properties, PartialEq)]
struct WritesProps {
    items: Items,
    target: Target,
    options: SnippetOptions,
    module: u32,
}

#[function_component]
fn Writes(props: &WritesProps) -> Html {
    let open = use_state(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            open.set(
                e.target_dyn_into::<web_sys::Element>()
                    .is_some_and(|d| d.has_attribute("open")),
            )
        })
    };
    let body = (*open).then(|| {
        let written = props.items.table_items();
        let code = services::writes(props.items.schema(), &written.items, props.target, &props.options);
        let left_out = (!written.refused.is_empty()).then(|| {
            let (at, why) = &written.refused[0];
            format!(
                "{} item(s) cannot be written and are left out; item #{}: {why}",
                written.refused.len(),
                at + 1
            )
        });
        html! { <>
            if let Some(why) = left_out {
                <p class="messages"><span class="error" data-testid="writes-left-out"><Elided text={why} keep={crate::ui::widgets::elided::MESSAGE} /></span></p>
            }
            { match code {
                Later::Ready(Ok(code)) => html! { <>
                    <div class="snippet-actions"><CopyButton text={code.clone()} label={format!("Copy the {} program that writes the items", props.target.label())} /></div>
                    <pre class="code"><code data-testid="writes-code">{ code }</code></pre>
                </> },
                Later::Ready(Err(why)) => html! { <p class="messages"><span class="warning" data-testid="writes-unsupported">{ format!("{} cannot write these items: {why}", props.target.label()) }</span></p> },
                waiting => html! { <Waiting later={waiting.map(|_| ())} what="the program that writes the items" /> },
            } }
        </> }
    });
    html! {
        <details class="writes" {ontoggle}>
            <summary><h3>{ "Write these items" }</h3></summary>
            <p class="note">{ "Puts the sample items into the table as DynamoDB holds them (their keys and their fields), 25 to a BatchWriteItem call; with \"complete runnable program\" it creates the table first. Then run the query above on it." }</p>
            { body.unwrap_or_default() }
        </details>
    }
}

#[function_component]
pub fn SnippetPanel(props: &SnippetPanelProps) -> Html {
    let prefs = props.prefs.clone();
    let set = |apply: fn(&mut SnippetPrefs, String)| {
        let prefs = prefs.clone();
        Callback::from(move |text: String| {
            let mut next = (*prefs).clone();
            apply(&mut next, text);
            Action::from(PrefsEdit::SetSnippet(next))
        })
    };
    let toggle_program = {
        let (d, prefs) = (props.dispatch.clone(), prefs.clone());
        Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            d.emit(Action::from(PrefsEdit::SetSnippet(SnippetPrefs {
                program: checked,
                ..(*prefs).clone()
            })));
        })
    };
    let current = prefs.target;
    let select_target = {
        let (d, prefs) = (props.dispatch.clone(), prefs.clone());
        // The tabs' ids are the targets' own, so every id names one.
        Callback::from(move |id: String| {
            if let Some(target) = Target::from_id(&id) {
                d.emit(Action::from(PrefsEdit::SetSnippet(SnippetPrefs {
                    target,
                    ..(*prefs).clone()
                })))
            }
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
        .then(|| {
            keylab::schema::check_table_name(&prefs.table)
                .err()
                .map(|e| e.to_string())
        })
        .flatten();
    let body = code_body(&props.query, &props.code, table_problem.is_some(), current);
    let table_refused = table_problem.is_some();
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
            <Writes items={props.items.clone()} target={current} options={SnippetOptions {
                table: (!prefs.table.is_empty() && !table_refused).then(|| prefs.table.clone()),
                endpoint: (!prefs.endpoint.is_empty()).then(|| prefs.endpoint.clone()),
                program: prefs.program,
            }} module={props.module} />
        </section>
    }
}

/// The code, or why there is none: the query or the table name needs fixing first, or
/// the target cannot express the query.
fn code_body(
    query: &Result<QueryView, String>,
    code: &Later<Result<String, String>>,
    table_refused: bool,
    current: Target,
) -> Html {
    match query {
        Err(_) => html! { <p class="note">{ "Fix the query above to see its code." }</p> },
        Ok(_) if table_refused => html! { <p class="note">{ "Fix the table name to see the code." }</p> },
        Ok(_) => match code.as_ref() {
            Later::Ready(Ok(code)) => html! { <>
                <div class="snippet-actions"><CopyButton text={code.clone()} label={format!("Copy the {} code", current.label())} /></div>
                <pre class="code"><code data-testid="snippet-code">{ code }</code></pre>
            </> },
            Later::Ready(Err(why)) => {
                html! { <p class="messages"><span class="warning" data-testid="snippet-unsupported">{ format!("{} cannot express this query: {why}", current.label()) }</span></p> }
            }
            waiting => html! { <Waiting later={waiting.map(|_| ())} what={format!("the {} code", current.label())} /> },
        },
    }
}
