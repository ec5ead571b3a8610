//! Adds sample items pasted as JSON lines (`{"score": 1500, ...}` per line, or the
//! CLI's item lines, `{"entity": "Run", "values": {...}}`, each for the entity it names)
//! or CSV with a header line of field names.

use crate::browser::services::{self, Later};
use crate::document::Same;
use crate::document::{Action, EntityId, ItemsEdit};
use crate::ui::widgets::elided::{Elided, MESSAGE};
use crate::ui::widgets::kept_box::{self, use_kept_box};
use crate::ui::widgets::transient::use_transient;
use crate::ui::widgets::waiting;
use keylab::pasted_items::{PastedInto, PastedItems};
use keylab::Schema;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PasteItemsProps {
    /// The design's entities with their fields (in the order CSV columns default to),
    /// and the one the box is for.
    pub target: PastedInto,
    /// The design the items' keys are written with, which names the values it refuses.
    pub schema: Same<Schema>,
    /// How many items the table holds: the pasted ones are numbered after them.
    pub before: usize,
    pub dispatch: Callback<Action>,
}

/// How the last paste went: what was added with the items the keys refuse (added all
/// the same, and marked in the table), or why nothing was (each bad line's message).
type Status = Result<(String, Vec<String>), Vec<String>>;

/// What was added, by entity when the lines named others than the box's.
fn added(pasted: &PastedItems, target: &PastedInto) -> String {
    let n = pasted.items.len();
    let mut by_entity: Vec<(usize, usize)> = Vec::new();
    for item in &pasted.items {
        match by_entity.iter_mut().find(|(e, _)| *e == item.entity) {
            Some((_, count)) => *count += 1,
            None => by_entity.push((item.entity, 1)),
        }
    }
    let others = by_entity.iter().any(|(e, _)| *e != target.selected);
    let each = match others {
        true => {
            let name = |e: usize| target.entities.get(e).map_or("?", |c| c.entity.as_str());
            let said: Vec<String> = by_entity.iter().map(|(e, c)| format!("{c} {}", name(*e))).collect();
            format!(" ({})", said.join(", "))
        }
        false => String::new(),
    };
    let note = pasted.note.as_ref().map(|n| format!(" Note: {n}.")).unwrap_or_default();
    format!("Added {}{each}.{note}", keylab::wording::counted(n, "item", "items"))
}

fn status_line(status: Option<&Status>) -> Html {
    match status {
        Some(Ok((m, refused))) if refused.is_empty() => {
            html! { <p class="ok" role="status" data-testid="paste-items-status">{ m }</p> }
        }
        Some(Ok((m, refused))) => html! {
            <div class="messages" data-testid="paste-items-status">
                <p><span class="warning" role="alert">{ format!(
                    "{m} {} the keys refuse, marked in the table: fix the values there, or Undo the paste.",
                    match refused.len() { 1 => "One of them holds a value", _ => "These hold values" }
                ) }</span></p>
                <ul class="messages">{ for refused.iter().map(|m| html! { <li class="warning"><Elided text={m.clone()} keep={MESSAGE} /></li> }) }</ul>
            </div>
        },
        Some(Err(lines)) if lines.len() == 1 => html! {
            <p class="messages" data-testid="paste-items-status"><span class="error" role="alert"><Elided text={lines[0].clone()} keep={MESSAGE} /></span></p>
        },
        Some(Err(lines)) => html! {
            <div class="messages" data-testid="paste-items-status">
                <p><span class="error" role="alert">{ "Nothing was added: these lines cannot be read. Fix them and add the items again:" }</span></p>
                <ul class="messages">{ for lines.iter().map(|m| html! { <li class="error"><Elided text={m.clone()} keep={MESSAGE} /></li> }) }</ul>
            </div>
        },
        None => html! {},
    }
}

/// The box's name for the text kept across a reload until its items are added.
const BOX: &str = "paste-items";

#[function_component]
pub fn PasteItems(props: &PasteItemsProps) -> Html {
    let area = use_node_ref();
    let keep = use_kept_box(&area, BOX);
    // How the last paste went, until the next action: "Added 5 item(s)" is not true of
    // the next preset's items.
    let status = use_transient::<Status>();
    // The reader is the second module's: a click before it came adds the items once it
    // is here, read from the box as it is then.
    let latest: waiting::Latest<()> = use_mut_ref(|| None);
    let add = {
        let (area, status, dispatch, target, latest, (schema, before)) = (
            area.clone(),
            status.clone(),
            props.dispatch.clone(),
            props.target.clone(),
            latest.clone(),
            (props.schema.clone(), props.before),
        );
        Callback::from(move |((), waited): ((), bool)| {
            let Some(input) = area.cast::<HtmlTextAreaElement>() else {
                return;
            };
            match services::pasted_items(&input.value(), &target) {
                Later::Ready(Ok(pasted)) => {
                    let said = added(&pasted, &target);
                    let refused = keylab::pasted_items::refused(&schema, &target, &pasted.items, before);
                    let rows = (pasted.items.into_iter()).map(|i| (EntityId(i.entity), i.values)).collect();
                    dispatch.emit(Action::from(ItemsEdit::AppendRows(rows)));
                    input.set_value("");
                    kept_box::forget(BOX);
                    status.say(Ok((said, refused)));
                }
                // One message a bad line: a single one is said whole, several are listed.
                Later::Ready(Err(why)) if why.contains('\n') => status.say(Err(why.lines().map(str::to_string).collect())),
                Later::Ready(Err(why)) => status.say(Err(vec![format!("Nothing was added: {why}.")])),
                Later::Failed(why) if waited => status.say(Err(vec![format!(
                    "Nothing was added: keylab could not load its reader of pasted items ({why}). The items stay in the box: add them again to retry."
                )])),
                Later::Loading | Later::Failed(_) => {
                    status.say(Ok(("Reading the items: keylab's reader of pasted items is loading…".into(), Vec::new())));
                    waiting::again(&latest, ());
                }
            }
        })
    };
    *latest.borrow_mut() = Some(add.clone());
    let add = add.reform(|_: MouseEvent| ((), false));
    let box_for = props.target.entities.get(props.target.selected);
    let (entity, columns) = box_for.map_or(("", &[][..]), |c| (c.entity.as_str(), c.fields.as_slice()));
    let first = columns.first().map_or("", String::as_str);
    let placeholder = format!(
        "{{\"{first}\": ...}}  one object per line, or CSV:\n{}\nor keylab's item lines: {{\"entity\": \"{entity}\", \"values\": {{...}}}}",
        columns.join(",")
    );
    html! {
        <details class="paste-items">
            <summary>{ "Paste JSON lines or CSV" }</summary>
            <label for="paste-items" class="visually-hidden">{ "Items as JSON lines or CSV" }</label>
            <textarea id="paste-items" ref={area} rows="5" spellcheck="false" {placeholder} oninput={keep} />
            <button type="button" onclick={add}>{ "Add items" }</button>
            { status_line(status.get()) }
        </details>
    }
}
