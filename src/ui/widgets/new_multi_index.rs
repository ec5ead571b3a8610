//! "+ multi-attribute GSI": a GSI keyed by the current entity's own fields, partition
//! fields then sort fields, each held as itself by an attribute of its name.

use crate::browser::storage;
use crate::document::{Action, Design, DesignEdit};
use crate::ui::widgets::event_text::input_value;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NewMultiIndexProps {
    pub design: Design,
    pub dispatch: Callback<Action>,
}

/// `customer, status` → `["customer", "status"]`.
fn names(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

#[function_component]
pub fn NewMultiIndex(props: &NewMultiIndexProps) -> Html {
    // Kept across a reload until the GSI is created.
    let partition = use_state(|| storage::typed("multi-partition"));
    let sort = use_state(|| storage::typed("multi-sort"));
    let tried = use_state(|| false);
    let problem = props
        .design
        .multi_attribute_index_problem(&names(&partition), &names(&sort));
    let fields: Vec<String> = props
        .design
        .entity()
        .map(|e| e.fields.iter().map(|f| f.name.clone()).collect())
        .unwrap_or_default();
    let typed = |state: UseStateHandle<String>, name: &'static str| {
        Callback::from(move |e: InputEvent| {
            storage::keep_typed(name, &input_value(&e));
            state.set(input_value(&e))
        })
    };
    let create = {
        let (partition, sort, tried, d) = (partition.clone(), sort.clone(), tried.clone(), props.dispatch.clone());
        let ok = problem.is_none();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            tried.set(true);
            if ok {
                d.emit(Action::from(DesignEdit::AddMultiAttributeIndex {
                    partition: names(&partition),
                    sort: names(&sort),
                }));
                partition.set(String::new());
                sort.set(String::new());
                storage::keep_typed("multi-partition", "");
                storage::keep_typed("multi-sort", "");
                tried.set(false);
            }
        })
    };
    let shown = problem.filter(|_| *tried || !partition.is_empty() || !sort.is_empty());
    html! {
        <details class="new-multi-index" onkeydown={Callback::from(crate::ui::widgets::menu::escape_closes)} ontoggle={Callback::from(crate::ui::widgets::menu::opened_into_sight)}>
            <summary>{ "+ multi-attribute GSI" }</summary>
            <form onsubmit={create}>
                <p class="note">{ format!("Fields of this entity, comma-separated, in key order (1 to 4 each): {}", fields.join(", ")) }</p>
                <span class="control">
                    <label for="multi-partition">{ "partition fields" }</label>
                    <input id="multi-partition" value={(*partition).clone()} oninput={typed(partition.clone(), "multi-partition")} placeholder="customer, status" />
                </span>
                <span class="control">
                    <label for="multi-sort">{ "sort fields" }</label>
                    <input id="multi-sort" value={(*sort).clone()} oninput={typed(sort.clone(), "multi-sort")} placeholder="date, amount" />
                </span>
                <button type="submit">{ "Create GSI" }</button>
                if let Some(p) = shown {
                    <span class="field-problem" role="alert" data-testid="multi-index-problem">{ p }</span>
                }
            </form>
        </details>
    }
}
