//! The sample items: one row per item, one input per field, each value's errors under it.

use super::event_value;
use super::messages::Messages;
use super::paste_items::PasteItems;
use crate::state::{Action, Playground};
use keylab::preview::Preview;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SamplesTableProps {
    pub state: Rc<Playground>,
    pub preview: Option<Preview>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn SamplesTable(props: &SamplesTableProps) -> Html {
    let columns = props.state.columns();
    let attribute = props.state.attribute();
    let add = {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::AddRow))
    };
    let rows = props.state.rows.iter().enumerate().map(|(r, values)| {
        let view = props.preview.as_ref().and_then(|p| p.rows.get(r));
        let cells = columns.iter().map(|c| {
            let text = values.get(c).and_then(|v| v.as_str()).unwrap_or_default().to_string();
            let onchange = {
                let (d, field) = (props.dispatch.clone(), c.clone());
                Callback::from(move |e: Event| d.emit(Action::SetValue { row: r, field: field.clone(), text: event_value(&e) }))
            };
            let errors: Vec<String> = view.map(|v| v.errors.iter().filter(|e| e.context.field.as_deref() == Some(c)).map(|e| e.message()).collect()).unwrap_or_default();
            let warnings: Vec<String> = view.map(|v| v.warnings.iter().filter(|w| w.context.field.as_deref() == Some(c)).map(|w| w.message()).collect()).unwrap_or_default();
            let invalid = if errors.is_empty() { "false" } else { "true" };
            html! {
                <td>
                    <input aria-label={format!("{c} of row {}", r + 1)} aria-invalid={invalid} data-testid={format!("value-{r}-{c}")} value={text} {onchange} />
                    <Messages {errors} {warnings} />
                </td>
            }
        });
        let key_errors: Vec<String> = view.map(|v| v.errors.iter().filter(|e| e.context.field.is_none()).map(|e| e.message()).collect()).unwrap_or_default();
        let remove = {
            let d = props.dispatch.clone();
            Callback::from(move |_: MouseEvent| d.emit(Action::RemoveRow(r)))
        };
        html! {
            <tr key={r}>
                <th scope="row">{ r + 1 }</th>
                { for cells }
                <td class="key">
                    <code data-testid={format!("key-{r}")}>{ view.and_then(|v| v.key.clone()).unwrap_or_else(|| "—".into()) }</code>
                    <Messages errors={key_errors} />
                </td>
                <td><button type="button" aria-label={format!("remove row {}", r + 1)} onclick={remove}>{ "✕" }</button></td>
            </tr>
        }
    });
    html! {
        <section class="panel wide" aria-labelledby="samples-title">
            <h2 id="samples-title">{ "Sample items" }</h2>
            <div class="table-scroll">
                <table class="samples">
                    <thead><tr>
                        <th scope="col">{ "#" }</th>
                        { for columns.iter().map(|c| html! { <th scope="col">{ c }</th> }) }
                        <th scope="col">{ attribute }</th>
                        <th scope="col"><span class="visually-hidden">{ "remove" }</span></th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <button type="button" onclick={add}>{ "+ item" }</button>
            <PasteItems state={props.state.clone()} dispatch={props.dispatch.clone()} />
        </section>
    }
}
