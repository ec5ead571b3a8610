//! Which entity is being designed: pick, rename, add or remove one.

use crate::document::{
    check_entity_name, Action, Design, DesignEdit, EntityId, FocusEdit, SettingKey, SettingOf, TemplateEdit, TypedEdit,
    Unsettled, NAME_MAX,
};
use crate::ui::widgets::tabs::Tabs;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::wording::counted;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct EntityPickerProps {
    pub design: Design,
    pub dispatch: Callback<Action>,
}

/// A new entity name, or why it cannot be one (see [`check_entity_name`]).
fn rename_reader(design: &Design) -> Callback<String, Result<Action, Unsettled>> {
    let others: Vec<String> = (design.schema().entities.iter().enumerate())
        .filter(|(i, _)| EntityId(*i) != design.entity_index())
        .map(|(_, e)| e.name.clone())
        .collect();
    Callback::from(move |text: String| {
        let to = text.trim();
        match check_entity_name(to, &others) {
            Err(problem) => Err(Unsettled {
                setting: "entity name".into(),
                text,
                problem,
            }),
            Ok(()) => Ok(Action::from(DesignEdit::RenameEntity(to.to_string()))),
        }
    })
}

/// The key literal that still says the entity's old name (as it was, or upper-cased),
/// and what it would say with the new one.
fn literal_to_carry(design: &Design, old: &str, name: &str) -> Option<(String, String)> {
    let literals = (design.entity()?.keys.iter().flat_map(|k| k.segments.iter())).filter_map(|s| match s {
        keylab::schema::Segment::Literal(l) => Some(l.clone()),
        _ => None,
    });
    literals.into_iter().find_map(|l| {
        if l == old.to_uppercase() {
            Some((l, name.to_uppercase()))
        } else if l == old {
            Some((l, name.to_string()))
        } else {
            None
        }
    })
}

/// Offers to rename the literal along with the entity, or to keep it.
fn carry_offer(
    from: String,
    to: String,
    dispatch: &Callback<Action>,
    renamed_from: &UseStateHandle<Option<(EntityId, String)>>,
) -> Html {
    let (d, done) = (dispatch.clone(), renamed_from.clone());
    let (f, t) = (from.clone(), to.clone());
    let rename = Callback::from(move |_: MouseEvent| {
        d.emit(Action::from(TemplateEdit::RenameLiteral {
            from: f.clone(),
            to: t.clone(),
        }));
        done.set(None);
    });
    let done = renamed_from.clone();
    let keep = Callback::from(move |_: MouseEvent| done.set(None));
    html! {
        <p class="note" data-testid="rename-literal-offer">
            { format!("The keys still start with {from}. ") }
            <button type="button" onclick={rename}>{ format!("Rename the literal to {to}") }</button>
            { " " }
            <button type="button" onclick={keep}>{ format!("Keep {from}") }</button>
        </p>
    }
}

#[function_component]
pub fn EntityPicker(props: &EntityPickerProps) -> Html {
    let state = &props.design;
    let entities = &state.schema().entities;
    let name = state.entity().map(|e| e.name.clone()).unwrap_or_default();
    let d = props.dispatch.clone();
    let select = Callback::from(move |value: String| {
        if let Ok(i) = value.parse() {
            d.emit(Action::from(FocusEdit::SelectEntity(EntityId(i))));
        }
    });
    let rename = rename_reader(state);
    // The name before this round of renaming, to offer carrying the literal along.
    let renamed_from = use_state(|| None::<(EntityId, String)>);
    let rename_dispatch = {
        let (d, from, at, before) = (
            props.dispatch.clone(),
            renamed_from.clone(),
            state.entity_index(),
            name.clone(),
        );
        Callback::from(move |a: Action| {
            let renames = matches!(&a, Action::Typed(TypedEdit::Typed { outcome: Ok(inner), .. })
                if matches!(**inner, Action::Design(DesignEdit::RenameEntity(_))));
            if renames && from.as_ref().is_none_or(|(e, _)| *e != at) {
                from.set(Some((at, before.clone())));
            }
            d.emit(a);
        })
    };
    let offer = renamed_from
        .as_ref()
        .filter(|(e, old)| *e == state.entity_index() && *old != name)
        .and_then(|(_, old)| literal_to_carry(state, old, &name))
        .map(|(from, to)| carry_offer(from, to, &props.dispatch, &renamed_from));
    let d = props.dispatch.clone();
    let add = Callback::from(move |_: MouseEvent| d.emit(Action::from(DesignEdit::AddEntity)));
    let d = props.dispatch.clone();
    let remove = Callback::from(move |_: MouseEvent| d.emit(Action::from(DesignEdit::RemoveEntity)));
    let name_key = SettingKey::new(state.entity_index(), SettingOf::Entity, "name");
    let count = |i: usize| state.count_of(EntityId(i));
    let options: Vec<(String, String)> = entities
        .iter()
        .enumerate()
        .map(|(i, e)| {
            (
                i.to_string(),
                format!("{} ({})", e.name, counted(count(i), "item", "items")),
            )
        })
        .collect();
    html! {
        <div class="picker">
            <Tabs id="entity-tab" label="entity" tabs={options} selected={state.entity_index().0.to_string()} on_select={select} controls="template-panel" captioned=true />
            <span class="control">
                <label for="entity-name">{ "entity name" }</label>
                <TypedInput id="entity-name" value={name.clone()} read={rename} dispatch={rename_dispatch} maxlength={NAME_MAX as u32}
                    unsettled_key={name_key.clone()} unsettled={state.unsettled().get(&name_key).cloned()} />
            </span>
            <button type="button" onclick={add}>{ "+ entity" }</button>
            <button type="button" onclick={remove} disabled={entities.len() < 2}
                title="Removes the entity and its sample items (Undo brings them back)">{ "Remove entity" }</button>
            { offer.unwrap_or_default() }
        </div>
    }
}
