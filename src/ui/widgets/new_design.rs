//! A design from scratch: the user names the table and its first entity, and gets an
//! empty design to build on. The work it replaces stays one Undo away. The form opens
//! from the header like a menu and closes like one.

use crate::document::{check_entity_name, Command, Playground, NAME_MAX};
use crate::ui::widgets::menu::use_menu_closing;
use crate::ui::widgets::transient::use_transient;
use keylab::schema::check_table_name;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NewDesignProps {
    pub command: Callback<Command>,
}

#[function_component]
pub fn NewDesign(props: &NewDesignProps) -> Html {
    let table = use_state(String::new);
    let entity = use_state(String::new);
    // A popover as the files menu is: Escape or a press outside closes it, and the
    // focus goes back to its button. Before, it stayed open over the header.
    let menu = use_node_ref();
    use_menu_closing(menu.clone());
    // What was created, until the next action.
    let done = use_transient::<String>();
    let typed = |into: UseStateHandle<String>| {
        let done = done.clone();
        Callback::from(move |e: InputEvent| {
            into.set(crate::ui::widgets::event_text::input_value(&e));
            done.clear();
        })
    };
    // Nothing is said about an empty form until something is typed.
    let table_problem = (!table.is_empty())
        .then(|| check_table_name(&table).err().map(|e| e.to_string()))
        .flatten();
    let entity_problem = (!entity.is_empty())
        .then(|| check_entity_name(&entity, &[]).err())
        .flatten();
    let ready = check_table_name(&table).is_ok() && check_entity_name(&entity, &[]).is_ok();
    let missing = match (table.trim().is_empty(), entity.trim().is_empty()) {
        (true, true) => Some("Create needs a table name and a first entity's name."),
        (true, false) => Some("Create needs a table name."),
        (false, true) => Some("Create needs a first entity's name."),
        (false, false) => None,
    };
    let create = {
        let (command, table, entity, done) = (props.command.clone(), table.clone(), entity.clone(), done.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if check_table_name(&table).is_ok() && check_entity_name(&entity, &[]).is_ok() {
                command.emit(Command::Load(Box::new(Playground::blank(&table, entity.trim()))));
                done.say(format!(
                    "Created table {} with entity {}. Undo brings back what was there before.",
                    *table,
                    entity.trim()
                ));
                table.set(String::new());
                entity.set(String::new());
            }
        })
    };
    let field = |id: &str, label: &str, value: &str, oninput: Callback<InputEvent>, problem: Option<String>| {
        let problem_id = format!("{id}-problem");
        html! {
            <span class="control">
                <label for={id.to_string()}>{ label }</label>
                <input id={id.to_string()} value={value.to_string()} {oninput} maxlength={NAME_MAX.to_string()}
                    aria-invalid={if problem.is_some() { "true" } else { "false" }}
                    aria-describedby={problem.is_some().then(|| problem_id.clone())} />
                if let Some(p) = problem {
                    <span class="field-problem" id={problem_id.clone()} data-testid={problem_id} role="alert">{ p }</span>
                }
            </span>
        }
    };
    html! {
        <details class="menu new-design" data-testid="new-design" ref={menu}>
            <summary>{ "New blank design" }</summary>
            <div class="menu-items">
                <form onsubmit={create}>
                    { field("new-table", "table name", &table, typed(table.clone()), table_problem) }
                    { field("new-entity", "first entity", &entity, typed(entity.clone()), entity_problem) }
                    <button type="submit" disabled={!ready} aria-describedby={missing.is_some().then_some("new-design-missing")}>{ "Create" }</button>
                    // A disabled button says nothing by itself: what it waits for is said.
                    if let Some(missing) = missing {
                        <span class="note" id="new-design-missing" data-testid="new-design-missing">{ missing }</span>
                    }
                </form>
                if let Some(message) = done.get() {
                    <p class="note" role="status" data-testid="new-design-done">{ message }</p>
                }
            </div>
        </details>
    }
}
