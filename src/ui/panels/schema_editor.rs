//! The whole schema as JSON: table, key attributes, GSIs and every entity. Applied only
//! when it reads as a valid schema; until then each problem is listed with its JSON path.

use crate::browser::storage;
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
    // The text typed and not applied, kept until it is applied or discarded: across a
    // reload, and across edits elsewhere (an undo does not take it away unasked).
    let draft = {
        let current = current.clone();
        use_state(move || storage::schema_draft().filter(|d| *d != current))
    };
    let errors = use_state(Vec::<String>::new);
    let unkept = use_state_eq(|| None::<String>);
    let keep = {
        let (draft, unkept) = (draft.clone(), unkept.clone());
        Callback::from(move |text: Option<String>| {
            unkept.set(storage::keep_schema_draft(text.as_deref()).err());
            draft.set(text);
        })
    };
    let oninput = {
        // Typed back to the design in force, it is no longer an edit.
        let current = current.clone();
        keep.reform(move |e: InputEvent| {
            (e.target_dyn_into::<web_sys::HtmlTextAreaElement>())
                .map(|area| area.value())
                .filter(|text| *text != current)
        })
    };
    let apply = {
        let (draft, errors, keep, d) = (draft.clone(), errors.clone(), keep.clone(), props.dispatch.clone());
        let current = current.clone();
        Callback::from(
            move |_: MouseEvent| match Schema::from_json(draft.as_deref().unwrap_or(&current)) {
                Ok(schema) if schema.entities.is_empty() => {
                    errors.set(vec!["$.entities: the schema has no entities; add at least one".into()])
                }
                Ok(schema) => {
                    errors.set(Vec::new());
                    keep.emit(None);
                    d.emit(Action::from(DesignEdit::SetSchema(Box::new(schema))));
                }
                Err(e) => errors.set(e.0.iter().map(|e| e.message()).collect()),
            },
        )
    };
    let discard = {
        let (errors, keep) = (errors.clone(), keep.clone());
        Callback::from(move |_: MouseEvent| {
            errors.set(Vec::new());
            keep.emit(None);
        })
    };
    let text = draft.as_ref().unwrap_or(&current).clone();
    html! {
        <details class="schema-editor" open={draft.is_some()}>
            <summary>{ "Schema as JSON: table, key attributes, GSIs and every entity" }</summary>
            <label for="schema-json" class="note">{ "Edit and apply; items follow their entity by name." }</label>
            <textarea id="schema-json" rows="16" spellcheck="false" value={text} {oninput}
                aria-invalid={if errors.is_empty() { "false" } else { "true" }} />
            <Messages errors={(*errors).clone()} />
            if draft.is_some() {
                <p class="note" role="status" data-testid="schema-draft">
                    { "Not applied yet: the keys show the design in force. Your text is kept, across a reload too, until you apply or discard it." }
                    if let Some(why) = (*unkept).clone() { { format!(" It is not kept across a reload: {why}.") } }
                </p>
            }
            <button type="button" onclick={apply} disabled={draft.is_none()}>{ "Apply schema" }</button>
            if draft.is_some() {
                <button type="button" onclick={discard}>{ "Discard my edit" }</button>
            }
        </details>
    }
}
