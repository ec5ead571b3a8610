//! Which entity is being designed: pick, rename, add or remove one.

use super::{controls, event_value};
use crate::state::{Action, Playground};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EntityPickerProps {
    pub state: Rc<Playground>,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn EntityPicker(props: &EntityPickerProps) -> Html {
    let state = &props.state;
    let entities = &state.schema.entities;
    let name = state.entity().map(|e| e.name.clone()).unwrap_or_default();
    let d = props.dispatch.clone();
    let select = Callback::from(move |e: Event| {
        if let Ok(i) = event_value(&e).parse() {
            d.emit(Action::SelectEntity(i));
        }
    });
    let d = props.dispatch.clone();
    let rename = Callback::from(move |e: Event| d.emit(Action::RenameEntity(event_value(&e))));
    let d = props.dispatch.clone();
    let add = Callback::from(move |_: MouseEvent| d.emit(Action::AddEntity));
    let d = props.dispatch.clone();
    let remove = Callback::from(move |_: MouseEvent| d.emit(Action::RemoveEntity));
    let count = |i: usize| state.rows.iter().filter(|r| r.entity == i).count();
    let options = entities
        .iter()
        .enumerate()
        .map(|(i, e)| (i.to_string(), format!("{} ({} items)", e.name, count(i))))
        .collect();
    html! {
        <div class="picker">
            { controls::select("entity-select", "entity", options, &state.entity.to_string(), select) }
            { controls::text("entity-name", "entity name", name, None, rename) }
            <button type="button" onclick={add}>{ "+ entity" }</button>
            <button type="button" onclick={remove} disabled={entities.len() < 2}
                title="Removes the entity and its sample items (Undo brings them back)">{ "Remove entity" }</button>
        </div>
    }
}
