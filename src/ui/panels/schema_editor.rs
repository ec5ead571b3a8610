//! The whole schema as JSON: table, key attributes, GSIs and every entity. Applied only
//! when it reads as a valid schema; until then each problem is listed with its JSON path.

use crate::document::{Action, DesignEdit};
use crate::ui::widgets::messages::Messages;
use keylab::Schema;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SchemaEditorProps {
    /// The schema in force.
    pub schema: Schema,
    pub dispatch: Callback<Action>,
}

#[function_component]
pub fn SchemaEditor(props: &SchemaEditorProps) -> Html {
    let current = keylab::snippet::visible_json(&props.schema.to_json_pretty());
    let text = use_state(|| current.clone());
    let errors = use_state(Vec::<String>::new);
    {
        // An edit elsewhere (or undo) replaces the draft with the schema in force.
        let (text, errors) = (text.clone(), errors.clone());
        use_effect_with(current.clone(), move |current| {
            text.set(current.clone());
            errors.set(Vec::new());
        });
    }
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                text.set(area.value());
            }
        })
    };
    let apply = {
        let (text, errors, d) = (text.clone(), errors.clone(), props.dispatch.clone());
        Callback::from(move |_: MouseEvent| match Schema::from_json(&text) {
            Ok(schema) if schema.entities.is_empty() => {
                errors.set(vec!["$.entities: the schema has no entities; add at least one".into()])
            }
            Ok(schema) => {
                errors.set(Vec::new());
                d.emit(Action::from(DesignEdit::SetSchema(Box::new(schema))));
            }
            Err(e) => errors.set(e.0.iter().map(|e| e.message()).collect()),
        })
    };
    let changed = *text != current;
    html! {
        <details class="schema-editor">
            <summary>{ "Schema as JSON: table, key attributes, GSIs and every entity" }</summary>
            <label for="schema-json" class="note">{ "Edit and apply; items follow their entity by name." }</label>
            <textarea id="schema-json" rows="16" spellcheck="false" value={(*text).clone()} {oninput}
                aria-invalid={if errors.is_empty() { "false" } else { "true" }} />
            <Messages errors={(*errors).clone()} />
            <button type="button" onclick={apply} disabled={!changed}>{ "Apply schema" }</button>
        </details>
    }
}
