//! Which entity is being designed: pick, rename, add or remove one.

use super::typed_input::TypedInput;
use super::{controls, event_value};
use crate::state::{Action, Playground, Unsettled, NAME_MAX};
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
    let others: Vec<String> = entities
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != state.entity)
        .map(|(_, e)| e.name.clone())
        .collect();
    let rename = Callback::from(move |text: String| {
        let to = text.trim();
        let problem = if to.is_empty() {
            Some("an entity needs a name: type one, such as Order".to_string())
        } else if to.chars().count() > NAME_MAX {
            Some(format!(
                "{} characters is too long: a name holds at most {NAME_MAX}",
                to.chars().count()
            ))
        } else if others.iter().any(|o| o == to) {
            Some(format!("another entity is already named {to:?}: pick another name"))
        } else {
            None
        };
        match problem {
            Some(problem) => Err(Unsettled {
                setting: "entity name".into(),
                text,
                problem,
            }),
            None => Ok(Action::RenameEntity(to.to_string())),
        }
    });
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
            <span class="control">
                <label for="entity-name">{ "entity name" }</label>
                <TypedInput id="entity-name" value={name} read={rename} dispatch={props.dispatch.clone()} maxlength={NAME_MAX as u32}
                    unsettled_key={Unsettled::key(state.entity, "", "name")}
                    unsettled={state.unsettled.get(&Unsettled::key(state.entity, "", "name")).cloned()} />
            </span>
            <button type="button" onclick={add}>{ "+ entity" }</button>
            <button type="button" onclick={remove} disabled={entities.len() < 2}
                title="Removes the entity and its sample items (Undo brings them back)">{ "Remove entity" }</button>
        </div>
    }
}
