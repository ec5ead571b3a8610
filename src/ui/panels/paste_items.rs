//! Adds sample items pasted as JSON lines (`{"score": 1500, ...}` per line) or CSV with
//! a header line of field names.

use crate::browser::services::{self, Later};
use crate::document::{Action, ItemsEdit};
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::transient::use_transient;
use crate::ui::widgets::waiting;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PasteItemsProps {
    /// The entity's fields, in the order CSV columns default to.
    pub columns: Vec<String>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn PasteItems(props: &PasteItemsProps) -> Html {
    let area = use_node_ref();
    // How the last paste went, until the next action: "Added 5 item(s)" is not true of
    // the next preset's items.
    let status = use_transient::<Result<String, String>>();
    // The reader is the second module's: a click before it came adds the items once it
    // is here, read from the box as it is then.
    let latest: waiting::Latest<()> = use_mut_ref(|| None);
    let add = {
        let (area, status, dispatch, columns, latest) = (
            area.clone(),
            status.clone(),
            props.dispatch.clone(),
            props.columns.clone(),
            latest.clone(),
        );
        Callback::from(move |((), waited): ((), bool)| {
            let Some(input) = area.cast::<HtmlTextAreaElement>() else {
                return;
            };
            match services::pasted_items(&input.value(), &columns) {
                Later::Ready(Ok((rows, note))) => {
                    let n = rows.len();
                    dispatch.emit(Action::from(ItemsEdit::AppendRows(rows)));
                    input.set_value("");
                    status.say(Ok(format!(
                        "Added {n} item(s).{}",
                        note.map(|n| format!(" Note: {n}.")).unwrap_or_default()
                    )));
                }
                Later::Ready(Err(why)) => status.say(Err(format!("Nothing was added: {why}."))),
                Later::Failed(why) if waited => status.say(Err(format!(
                    "Nothing was added: keylab could not load its reader of pasted items ({why}). The items stay in the box: add them again to retry."
                ))),
                Later::Loading | Later::Failed(_) => {
                    status.say(Ok("Reading the items: keylab's reader of pasted items is loading…".into()));
                    waiting::again(&latest, ());
                }
            }
        })
    };
    *latest.borrow_mut() = Some(add.clone());
    let add = add.reform(|_: MouseEvent| ((), false));
    html! {
        <details class="paste-items">
            <summary>{ "Paste JSON lines or CSV" }</summary>
            <label for="paste-items" class="visually-hidden">{ "Items as JSON lines or CSV" }</label>
            <textarea id="paste-items" ref={area} rows="5" spellcheck="false"
                placeholder={format!("{{\"{0}\": ...}}  one object per line, or CSV:\n{1}", props.columns.first().cloned().unwrap_or_default(), props.columns.join(","))} />
            <button type="button" onclick={add}>{ "Add items" }</button>
            { match status.get() {
                Some(Ok(m)) => html! { <p class="ok" role="status" data-testid="paste-items-status">{ m }</p> },
                Some(Err(m)) => html! { <p class="messages" data-testid="paste-items-status"><span class="error" role="alert"><Elided text={m.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></span></p> },
                None => html! {},
            } }
        </details>
    }
}
