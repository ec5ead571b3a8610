//! The query panel: pick an access pattern against a sample item, and see the generated
//! expression, its input object, the explanation and the rows it returns, page by page.

use crate::analysis::QueryView;
use crate::document::{Action, IndexName, ItemId, QueryChoices, QueryDraft, QueryEdit, Same, Shape, TOP_N_DEFAULT};
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
    /// Compared by identity: its items run to 100,000.
    pub query: Same<Result<QueryView, String>>,
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

/// The draft's controls: each edits one field of the draft and dispatches the whole.
struct Controls<'a> {
    choices: &'a QueryChoices,
    draft: &'a QueryDraft,
    dispatch: &'a Callback<Action>,
}

impl Controls<'_> {
    /// A select's change: the draft with this value in it.
    fn edit(&self, apply: fn(&mut QueryDraft, String)) -> Callback<Event> {
        let (d, draft) = (self.dispatch.clone(), self.draft.clone());
        Callback::from(move |e: Event| {
            let mut next = draft.clone();
            apply(&mut next, event_value(&e));
            d.emit(Action::from(QueryEdit::SetQuery(next)));
        })
    }

    /// A typed control: the draft with this text in it.
    fn typed(&self, apply: fn(&mut QueryDraft, String)) -> Callback<String, Action> {
        let draft = self.draft.clone();
        Callback::from(move |text: String| {
            let mut next = draft.clone();
            apply(&mut next, text);
            Action::from(QueryEdit::SetQuery(next))
        })
    }

    fn checkbox(&self, id: &'static str, label: &str, checked: bool, apply: fn(&mut QueryDraft, bool)) -> Html {
        let (d, draft) = (self.dispatch.clone(), self.draft.clone());
        let onchange = Callback::from(move |e: Event| {
            let checked = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|i| i.checked());
            let mut next = draft.clone();
            apply(&mut next, checked);
            d.emit(Action::from(QueryEdit::SetQuery(next)));
        });
        html! {
            <span class="control check">
                <input {id} type="checkbox" {checked} {onchange} />
                <label for={id}>{ label.to_string() }</label>
            </span>
        }
    }

    fn shape(&self) -> Html {
        let options = SHAPES
            .iter()
            .map(|(shape, value, text)| {
                // Offered still, so a saved query on them shows as chosen, but marked:
                // the builder refuses them on such a key, and says why.
                let through = matches!(shape, Shape::Before | Shape::After) && self.choices.multi_attribute;
                let text = if through {
                    format!("{text} (needs a concatenated sort key)")
                } else {
                    text.to_string()
                };
                (value.to_string(), text)
            })
            .collect();
        let selected = SHAPES.iter().find(|s| s.0 == self.draft.shape).map_or("", |s| s.1);
        let pick = self.edit(|q, v| q.shape = SHAPES.iter().find(|s| s.1 == v).map_or(Shape::Collection, |s| s.0));
        controls::select("query-shape", "access pattern", options, selected, pick)
    }

    fn index(&self) -> Html {
        let (indexes, chosen) = (&self.choices.indexes, &self.choices.index);
        // The select's values: an index's name, or empty for the base table.
        let gone = chosen
            .as_ref()
            .filter(|c| !indexes.contains(c))
            .map(|c| (c.to_string(), format!("{c} (not in the table)")));
        if indexes.is_empty() && gone.is_none() {
            return Html::default();
        }
        let options = std::iter::once((String::new(), "base table".to_string()))
            .chain(indexes.iter().map(|i| (i.to_string(), i.to_string())))
            .chain(gone)
            .collect();
        let selected = chosen.as_ref().map(IndexName::to_string).unwrap_or_default();
        controls::select(
            "query-index",
            "index",
            options,
            &selected,
            self.edit(|q, v| q.index = (!v.is_empty()).then_some(IndexName(v))),
        )
    }

    /// The fields a prefix or a range holds equal to the item's: a prefix's choices are
    /// the builder's; a range's, every leading run of the sort fields.
    fn fixed(&self) -> Html {
        let (draft, fields) = (self.draft, &self.choices.fields);
        if !matches!(draft.shape, Shape::Prefix | Shape::Range) {
            return Html::default();
        }
        let options: Vec<(String, String)> = if draft.shape == Shape::Prefix {
            (self.choices.prefixes.iter())
                .map(|(n, label)| (n.to_string(), label.clone()))
                .collect()
        } else {
            (0..fields.len())
                .map(|n| {
                    (
                        n.to_string(),
                        if n == 0 {
                            "none".to_string()
                        } else {
                            fields[..n].join(", ")
                        },
                    )
                })
                .collect()
        };
        let pick = self.edit(|q, v| q.fixed = v.parse().unwrap_or(0));
        controls::select("query-fixed", "equal to it on", options, &draft.fixed.to_string(), pick)
    }

    fn range(&self) -> Html {
        let (draft, fields) = (self.draft, &self.choices.fields);
        if draft.shape != Shape::Range {
            return Html::default();
        }
        let ops: Vec<(String, String)> = (self.choices.ops.iter())
            .map(|op| (op.name().to_string(), op.symbol().to_string()))
            .collect();
        let field = fields
            .get(draft.fixed.min(fields.len().saturating_sub(1)))
            .cloned()
            .unwrap_or_default();
        let op = self.edit(|q, v| {
            if let Some(op) = RangeOp::from_name(&v) {
                q.op = op
            }
        });
        let d = self.dispatch.clone();
        html! { <>
            { controls::select("query-op", &format!("{field} is"), ops, draft.op.name(), op) }
            { controls::text("query-value", "value", draft.value.clone(), None, self.typed(|q, v| q.value = v), d.clone()) }
            if draft.op == RangeOp::Between {
                { controls::text("query-to", "and", draft.to.clone(), None, self.typed(|q, v| q.to = v), d) }
            }
        </> }
    }

    /// ScanIndexForward: chosen by the person, or shown as the pattern sets it, so the
    /// box and the input never differ (the pattern's name says the direction by value).
    fn direction(&self, query: &Result<QueryView, String>) -> Html {
        if self.draft.shape.direction_is_chosen() {
            return self.checkbox("query-forward", "ScanIndexForward", self.draft.forward, |q, c| {
                q.forward = c
            });
        }
        let Ok(view) = query else { return Html::default() };
        html! {
            <span class="control check">
                <input id="query-forward" type="checkbox" checked={view.band.forward} disabled=true />
                <label for="query-forward">{ format!("ScanIndexForward: {} (the pattern sets it)", view.band.forward) }</label>
            </span>
        }
    }

    /// N of "Newest / top N": how many items the query promises, apart from the page
    /// size, since DynamoDB's Limit never stops a reader.
    fn first(&self) -> Html {
        if self.draft.shape != Shape::Top {
            return Html::default();
        }
        let placeholder = TOP_N_DEFAULT.to_string();
        html! {
            <span class="control">
                <label for="query-first">{ "how many" }</label>
                <TypedInput id="query-first" class={classes!("short")} inputmode="numeric" {placeholder}
                    value={self.draft.first.clone()} read={ok(self.typed(|q, v| q.first = v))} dispatch={self.dispatch.clone()} />
            </span>
        }
    }

    /// DynamoDB's Limit: the page size. With "how many", it defaults to that number, so
    /// one request asks for the N items.
    fn limit(&self) -> Html {
        let placeholder = if self.draft.shape == Shape::Top {
            "= how many"
        } else {
            "none"
        };
        html! {
            <span class="control">
                <label for="query-limit">{ "Limit" }</label>
                <TypedInput id="query-limit" class={classes!("short")} inputmode="numeric" {placeholder}
                    value={self.draft.limit.clone()} read={ok(self.typed(|q, v| q.limit = v))} dispatch={self.dispatch.clone()} />
                <span class="note">{ "items a page" }</span>
            </span>
        }
    }
}

/// What the draft builds: the explanation, the expression, the inputs and the items
/// it returns, or why it cannot be built.
fn output(query: &Result<QueryView, String>) -> Html {
    let view = match query {
        Err(message) => {
            return html! { <p class="messages"><span class="error" role="alert" data-testid="query-error"><Elided text={message.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></span></p> }
        }
        Ok(view) => view,
    };
    html! { <>
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
        <HitList hits={Same(view.hits.clone())} testid="query-hits" first={view.band.first} />
    </> }
}

#[function_component]
pub fn QueryPanel(props: &QueryPanelProps) -> Html {
    let choices = &props.choices;
    let draft = &choices.draft;
    let c = Controls {
        choices,
        draft,
        dispatch: &props.dispatch,
    };
    // A multi-attribute key has no concatenated prefix to leave a parent out of; the
    // box stays while it is ticked, so it can be unticked.
    let children = draft.shape == Shape::Prefix && (!choices.multi_attribute || draft.children);
    html! {
        <section class="panel" aria-labelledby="query-title" id="query-panel" tabindex="-1">
            <h2 id="query-title">{ "Query" }</h2>
            <div class="query-controls">
                { c.shape() }
                { c.index() }
                { anchor_picker(choices, &props.dispatch) }
                { c.fixed() }
                { c.range() }
                if children {
                    { c.checkbox("query-children", "children only (leave out the parent)", draft.children, |q, c| q.children = c) }
                }
                { c.direction(&props.query) }
                { c.first() }
                { c.limit() }
            </div>
            { output(&props.query) }
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
                dispatch.emit(Action::from(QueryEdit::SetQuery(QueryDraft {
                    anchor: ItemId(anchor),
                    ..draft.clone()
                })));
            }
        })
    };
    let entity_name = choices
        .entity
        .and_then(|e| choices.entities.get(e.0))
        .map_or("", |e| e.0.as_str());
    let entity_picker = (choices.entities.len() > 1).then(|| {
        let options = choices
            .entities
            .iter()
            .filter_map(|(name, first)| first.map(|r| (r.0.to_string(), name.clone())))
            .collect();
        let selected = choices
            .entity
            .and_then(|e| choices.entities.get(e.0))
            .and_then(|e| e.1)
            .map(|r| r.0.to_string())
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
                row.0.to_string(),
                format!("{n}: {}", crate::ui::widgets::elided::shortened(text)),
            )
        })
        .collect();
    let count = items.len() + choices.entity_items_more;
    html! { <>
        { entity_picker.unwrap_or_default() }
        { controls::select("query-anchor", &format!("like {entity_name} item (of {count})"), items, &draft.anchor.0.to_string(), to_anchor(draft.clone(), dispatch.clone())) }
        if choices.entity_items_more > 0 {
            <span class="note" data-testid="query-anchor-more">{ format!("the first {} are offered; {} more are not", crate::document::ANCHORS_OFFERED, choices.entity_items_more) }</span>
        }
        <span class="note" data-testid="query-anchor-item"><Elided text={choices.anchor.clone()} /></span>
    </> }
}
