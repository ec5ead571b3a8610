//! The query panel: pick an access pattern against a sample item, and see the generated
//! expression, its input object, the explanation and the rows it returns, page by page.

use crate::analysis::QueryView;
use crate::document::{Action, QueryChoices, QueryDraft, Shape};
use crate::ui::panels::hit_list::HitList;
use crate::ui::widgets::controls;
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::event_text::event_value;
use crate::ui::widgets::typed_input::{ok, TypedInput};
use keylab::query::builder::RangeOp;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct QueryPanelProps {
    pub choices: QueryChoices,
    /// The query the draft builds, or why it cannot.
    pub query: Result<QueryView, String>,
    pub dispatch: Callback<Action>,
}

/// The access pattern's name, as the panel's picker and the line above the keys say it.
pub fn shape_label(shape: Shape) -> &'static str {
    SHAPES.iter().find(|s| s.0 == shape).map_or("", |s| s.2)
}

const SHAPES: [(Shape, &str, &str); 8] = [
    (Shape::Collection, "collection", "Whole item collection (every entity)"),
    (Shape::Entity, "entity", "All items of this entity"),
    (Shape::Exact, "exact", "Exact key"),
    (Shape::Prefix, "prefix", "Everything under a prefix"),
    (Shape::Range, "range", "Range on a field"),
    (Shape::Top, "top", "Newest / top N"),
    (Shape::Before, "before", "The item and everything before it"),
    (Shape::After, "after", "The item and everything after it"),
];

#[function_component]
pub fn QueryPanel(props: &QueryPanelProps) -> Html {
    let choices = &props.choices;
    let draft = choices.draft.clone();
    // Every control edits one field of the draft and dispatches the whole draft.
    let edit = |apply: fn(&mut QueryDraft, String)| {
        let (d, draft) = (props.dispatch.clone(), draft.clone());
        Callback::from(move |e: Event| {
            let mut next = draft.clone();
            apply(&mut next, event_value(&e));
            d.emit(Action::SetQuery(next));
        })
    };
    // A typed control: the draft with this text in it.
    let typed = |apply: fn(&mut QueryDraft, String)| {
        let draft = draft.clone();
        Callback::from(move |text: String| {
            let mut next = draft.clone();
            apply(&mut next, text);
            Action::SetQuery(next)
        })
    };
    let fields = &choices.fields;
    let indexes = &choices.indexes;
    let index = choices.index.clone();
    let shows_fixed = matches!(draft.shape, Shape::Prefix | Shape::Range);
    let fixed_options: Vec<(String, String)> = if draft.shape == Shape::Prefix {
        choices
            .prefixes
            .iter()
            .map(|(n, label)| (n.to_string(), label.clone()))
            .collect()
    } else {
        (0..fields.len())
            .map(|n| {
                let text = if n == 0 {
                    "none".to_string()
                } else {
                    fields[..n].join(", ")
                };
                (n.to_string(), text)
            })
            .collect()
    };
    let ops: Vec<(String, String)> = choices
        .ops
        .iter()
        .map(|op| (op.name().to_string(), op.symbol().to_string()))
        .collect();
    let range_field = fields
        .get(draft.fixed.min(fields.len().saturating_sub(1)))
        .cloned()
        .unwrap_or_default();
    let checkbox = |apply: fn(&mut QueryDraft, bool)| {
        let (d, draft) = (props.dispatch.clone(), draft.clone());
        Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            let mut next = draft.clone();
            apply(&mut next, checked);
            d.emit(Action::SetQuery(next));
        })
    };
    let output = match &props.query {
        Err(message) => {
            html! { <p class="messages"><span class="error" role="alert" data-testid="query-error"><Elided text={message.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></span></p> }
        }
        Ok(view) => html! { <>
            <p class="explanation" data-testid="query-explanation">{ &view.explanation }</p>
            if !view.also_returns.is_empty() {
                <p class="messages"><span class="warning" data-testid="query-also-returns">
                    { format!("Also returns {} items: their sort keys fall in the same range.", view.also_returns.join(", ")) }
                </span></p>
            }
            if let Some(parent) = &view.parent {
                <p class="note" data-testid="query-parent">{ format!("Includes the parent item, sort key {parent}.") }</p>
            }
            <p><code data-testid="query-expression">{ &view.expression }</code></p>
            <details open=true>
                <summary>{ "Query input (DynamoDB JSON)" }</summary>
                <pre data-testid="query-input">{ &view.input }</pre>
            </details>
            <details>
                <summary>{ "DocumentClient input (plain values)" }</summary>
                <pre data-testid="query-document-input">{ &view.document_input }</pre>
            </details>
            <HitList hits={view.hits.clone()} testid="query-hits" />
        </> },
    };
    html! {
        <section class="panel" aria-labelledby="query-title" id="query-panel" tabindex="-1">
            <h2 id="query-title">{ "Query" }</h2>
            <div class="query-controls">
                { controls::select(
                    "query-shape",
                    "access pattern",
                    SHAPES.iter().map(|(shape, value, text)| {
                        // Offered still, so a saved query on them shows as chosen, but
                        // marked: the builder refuses them on such a key, and says why.
                        let through = matches!(shape, Shape::Before | Shape::After) && choices.multi_attribute;
                        let text = if through { format!("{text} (needs a concatenated sort key)") } else { text.to_string() };
                        (value.to_string(), text)
                    }).collect(),
                    SHAPES.iter().find(|s| s.0 == draft.shape).map_or("", |s| s.1),
                    edit(|q, v| q.shape = SHAPES.iter().find(|s| s.1 == v).map_or(Shape::Collection, |s| s.0)),
                ) }
                if !indexes.is_empty() {
                    { controls::select(
                        "query-index",
                        "index",
                        std::iter::once((String::new(), "base table".to_string()))
                            .chain(indexes.iter().map(|i| (i.clone(), i.clone())))
                            .collect(),
                        &index,
                        edit(|q, v| q.index = v),
                    ) }
                }
                { anchor_picker(choices, &props.dispatch) }
                if shows_fixed {
                    { controls::select(
                        "query-fixed",
                        "equal to it on",
                        fixed_options,
                        &draft.fixed.to_string(),
                        edit(|q, v| q.fixed = v.parse().unwrap_or(0)),
                    ) }
                }
                if draft.shape == Shape::Range {
                    { controls::select("query-op", &format!("{range_field} is"), ops, draft.op.name(), edit(|q, v| if let Some(op) = RangeOp::from_name(&v) { q.op = op })) }
                    { controls::text("query-value", "value", draft.value.clone(), None, typed(|q, v| q.value = v), props.dispatch.clone()) }
                    if draft.op == RangeOp::Between {
                        { controls::text("query-to", "and", draft.to.clone(), None, typed(|q, v| q.to = v), props.dispatch.clone()) }
                    }
                }
                // A multi-attribute key has no concatenated prefix to leave a parent out
                // of; the box stays while it is ticked, so it can be unticked.
                if draft.shape == Shape::Prefix && (!choices.multi_attribute || draft.children) {
                    <span class="control check">
                        <input id="query-children" type="checkbox" checked={draft.children} onchange={checkbox(|q, c| q.children = c)} />
                        <label for="query-children">{ "children only (leave out the parent)" }</label>
                    </span>
                }
                if draft.shape.direction_is_chosen() {
                    <span class="control check">
                        <input id="query-forward" type="checkbox" checked={draft.forward} onchange={checkbox(|q, c| q.forward = c)} />
                        <label for="query-forward">{ "ScanIndexForward" }</label>
                    </span>
                } else if let Ok(view) = &props.query {
                    // Shown as the query has it, so the box and the input never differ;
                    // the pattern's name says the direction (by value, not storage).
                    <span class="control check">
                        <input id="query-forward" type="checkbox" checked={view.band.forward} disabled=true />
                        <label for="query-forward">{ format!("ScanIndexForward: {} (the pattern sets it)", view.band.forward) }</label>
                    </span>
                }
                <span class="control">
                    <label for="query-limit">{ "Limit" }</label>
                    <TypedInput id="query-limit" class={classes!("short")} inputmode="numeric" placeholder={if draft.shape == Shape::Top { "10" } else { "none" }}
                        value={draft.limit.clone()} read={ok(typed(|q, v| q.limit = v))} dispatch={props.dispatch.clone()} />
                </span>
            </div>
            { output }
        </section>
    }
}

/// The entity first, then one of its items: a query is for one entity, and numbering
/// its own items keeps "item 1" from being another entity's (IoT's item 1 is a Device).
fn anchor_picker(choices: &QueryChoices, dispatch: &Callback<Action>) -> Html {
    let draft = &choices.draft;
    let to_anchor = |draft: QueryDraft, dispatch: Callback<Action>| {
        Callback::from(move |e: Event| {
            if let Ok(anchor) = event_value(&e).parse() {
                dispatch.emit(Action::SetQuery(QueryDraft {
                    anchor,
                    ..draft.clone()
                }));
            }
        })
    };
    let entity_name = choices
        .entity
        .and_then(|e| choices.entities.get(e))
        .map_or("", |e| e.0.as_str());
    let entity_picker = (choices.entities.len() > 1).then(|| {
        let options = choices
            .entities
            .iter()
            .filter_map(|(name, first)| first.map(|r| (r.to_string(), name.clone())))
            .collect();
        let selected = choices
            .entity
            .and_then(|e| choices.entities.get(e))
            .and_then(|e| e.1)
            .map(|r| r.to_string())
            .unwrap_or_default();
        let empty: Vec<&str> = choices.entities.iter().filter(|e| e.1.is_none()).map(|e| e.0.as_str()).collect();
        html! { <>
            { controls::select("query-entity", "query for", options, &selected, to_anchor(draft.clone(), dispatch.clone())) }
            if !empty.is_empty() {
                <span class="note" data-testid="query-entity-empty">{ format!("{} no items yet: add one to query it.", empty.join(", ") + if empty.len() == 1 { " has" } else { " have" }) }</span>
            }
        </> }
    });
    let items: Vec<(String, String)> = choices
        .entity_items
        .iter()
        .map(|(row, n, text)| {
            (
                row.to_string(),
                format!("{n}: {}", crate::ui::widgets::elided::shortened(text)),
            )
        })
        .collect();
    let count = items.len() + choices.entity_items_more;
    html! { <>
        { entity_picker.unwrap_or_default() }
        { controls::select("query-anchor", &format!("like {entity_name} item (of {count})"), items, &draft.anchor.to_string(), to_anchor(draft.clone(), dispatch.clone())) }
        if choices.entity_items_more > 0 {
            <span class="note" data-testid="query-anchor-more">{ format!("the first {} are offered; {} more are not", crate::document::ANCHORS_OFFERED, choices.entity_items_more) }</span>
        }
        <span class="note" data-testid="query-anchor-item"><Elided text={choices.anchor.clone()} /></span>
    </> }
}
