//! The order DynamoDB returns, beside the order a naive (unpadded) design would give.

use super::byte_view::ByteView;
use super::{more_note, SHOWN};
use crate::state::Playground;
use keylab::preview::NumberVsString;
use keylab::preview::Preview;
use keylab::schema::AttrType;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PreviewPanelProps {
    pub state: Rc<Playground>,
    pub preview: Option<Rc<Preview>>,
    /// Rows the query panel's query returns, to highlight.
    #[prop_or_default]
    pub matches: Vec<usize>,
    #[prop_or_default]
    pub number_vs_string: Option<NumberVsString>,
    /// Per row, the later row with the same table key, which replaces it.
    #[prop_or_default]
    pub overwritten: Rc<Vec<Option<usize>>>,
}

#[function_component]
pub fn PreviewPanel(props: &PreviewPanelProps) -> Html {
    let forward = use_state(|| true);
    let Some(preview) = &props.preview else {
        return html! { <section class="panel"><p>{ "No entity to preview." }</p></section> };
    };
    let several = props.state.schema.entities.len() > 1;
    let values_of = |r: usize| -> String {
        let text = props.state.row_text(r);
        match props
            .state
            .rows
            .get(r)
            .and_then(|row| props.state.schema.entities.get(row.entity))
        {
            Some(e) if several => format!("{}: {text}", e.name),
            _ => text,
        }
    };
    let order_note = match preview.attr_type {
        AttrType::S => "String key: UTF-8 byte order",
        AttrType::N => "Number key: numeric order",
    };
    let skipped = preview.rows.len() - preview.sorted.len();
    // Reading backward (ScanIndexForward=false) walks the same order from the end.
    let mut in_order = preview.sorted.clone();
    if !*forward {
        in_order.reverse();
    }
    let toggle = {
        let forward = forward.clone();
        Callback::from(move |e: Event| {
            forward.set(
                e.target_dyn_into::<web_sys::HtmlInputElement>()
                    .is_some_and(|i| i.checked()),
            );
        })
    };
    let value_of = |r: usize, field: &str| -> String {
        props
            .state
            .rows
            .get(r)
            .and_then(|row| row.values.get(field))
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_string()
    };
    let comparison = props.number_vs_string.as_ref().map(|c| html! {
        <details class="number-vs-string">
            <summary>{ format!("{} as a Number key vs a String key", c.field) }</summary>
            <div class="orders" data-testid="number-vs-string">
                <div>
                    <h3>{ "Number (N) sort key: numeric order" }</h3>
                    <ol class="keys">{ for c.as_number.iter().take(SHOWN).map(|&r| html! { <li><code>{ value_of(r, &c.field) }</code></li> }) }</ol>
                </div>
                <div>
                    <h3>{ "String (S) sort key, unpadded: byte order" }</h3>
                    <ol class="keys">{ for c.as_string.iter().take(SHOWN).map(|&r| html! { <li><code>{ value_of(r, &c.field) }</code></li> }) }</ol>
                </div>
            </div>
            <p class="note">{ "A Number key sorts numerically but holds one value; a composite key is a String, so its numbers are padded to sort the same way." }</p>
        </details>
    });
    html! {
        <section class="panel" aria-labelledby="preview-title">
            <h2 id="preview-title">{ format!("{} in query order", preview.attribute) }</h2>
            <p class="note">{ order_note }{ if skipped > 0 { format!(" · {skipped} item(s) left out: errors, or no {} template", preview.attribute) } else { String::new() } }{ more_note(in_order.len()) }</p>
            <span class="control check">
                <input id="preview-forward" type="checkbox" checked={*forward} onchange={toggle} />
                <label for="preview-forward">{ "ScanIndexForward (unchecked: read from the end)" }</label>
            </span>
            <div class="orders">
                <div>
                    <h3>{ "keylab keys" }</h3>
                    <ol class="keys" data-testid="sorted-keys">
                        { for in_order.iter().take(SHOWN).map(|&r| html! {
                            <li data-row={r.to_string()} class={classes!(props.matches.contains(&r).then_some("match"))}>
                                <code>{ preview.rows[r].key.clone().unwrap_or_default() }</code>
                                { props.overwritten.get(r).copied().flatten().map(|by| html! {
                                    <span class="badge">{ format!("overwritten by #{}", by + 1) }</span>
                                }).unwrap_or_default() }
                                <span class="values">{ values_of(r) }</span>
                            </li>
                        }) }
                    </ol>
                </div>
                <div>
                    <h3>{ "Naive keys (values as typed)" }</h3>
                    <ol class="keys naive" data-testid="naive-keys">
                        { for preview.naive_sorted.iter().take(SHOWN).map(|&r| {
                            let misplaced = preview.misplaced.get(r).copied().unwrap_or(false);
                            html! {
                                <li data-row={r.to_string()} class={classes!(misplaced.then_some("misplaced"))}>
                                    <code>{ preview.rows[r].naive.clone() }</code>
                                    { if misplaced { html! { <span class="badge">{ "out of order" }</span> } } else { html! {} } }
                                </li>
                            }
                        }) }
                    </ol>
                </div>
            </div>
            { comparison.unwrap_or_default() }
            if preview.attr_type == AttrType::S {
                <ByteView keys={preview.sorted.iter().take(SHOWN).filter_map(|&r| preview.rows[r].key.clone()).collect::<Vec<_>>()} />
            }
        </section>
    }
}
