//! The whole schema as JSON: table, key attributes, GSIs and every entity. Applied only
//! when it reads as a valid schema; until then each problem is listed with its JSON path.

use crate::browser::storage::{self, SchemaDraft};
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
    // reload, and across edits elsewhere (an undo does not take it away unasked), with
    // the schema it was begun from, to say when the design has moved on since.
    let draft = {
        let current = current.clone();
        use_state(move || storage::schema_draft().filter(|d| d.text != current))
    };
    let errors = use_state(Vec::<String>::new);
    let unkept = use_state_eq(|| None::<String>);
    let keep = {
        let (draft, unkept) = (draft.clone(), unkept.clone());
        Callback::from(move |next: Option<SchemaDraft>| {
            unkept.set(storage::keep_schema_draft(next.as_ref()).err());
            draft.set(next);
        })
    };
    let oninput = {
        // Typed back to the design in force, it is no longer an edit.
        let (current, draft) = (current.clone(), draft.clone());
        keep.reform(move |e: InputEvent| {
            let text = e.target_dyn_into::<web_sys::HtmlTextAreaElement>()?.value();
            let base = draft.as_ref().map_or_else(|| current.clone(), |d| d.base.clone());
            (text != current).then_some(SchemaDraft { base, text })
        })
    };
    let apply = apply(draft.as_ref().map(|d| d.text.clone()), &errors, &keep, &props.dispatch);
    let discard = {
        let (errors, keep) = (errors.clone(), keep.clone());
        Callback::from(move |_: MouseEvent| {
            errors.set(Vec::new());
            keep.emit(None);
        })
    };
    let stale = draft.as_ref().is_some_and(|d| d.base != current);
    let text = draft.as_ref().map_or_else(|| current.clone(), |d| d.text.clone());
    html! {
        <details class="schema-editor" open={draft.is_some()}>
            <summary>
                { "Schema as JSON: table, key attributes, GSIs and every entity" }
                if draft.is_some() { <span class="scroll-cue">{ " · an edit not applied" }</span> }
            </summary>
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
            if stale {
                <p class="messages" data-testid="schema-draft-stale"><span class="warning" role="alert">
                    { "The design has changed since you began this edit: Apply schema puts back what this text says, undoing those changes (Undo brings them back). Discard my edit to start again from the design in force." }
                </span></p>
            }
            <button type="button" onclick={apply} disabled={draft.is_none()}>{ "Apply schema" }</button>
            if draft.is_some() {
                <button type="button" onclick={discard}>{ "Discard my edit" }</button>
            }
        </details>
    }
}

/// Applies the edited text when it reads as a schema with an entity, and forgets it;
/// else lists each problem with its JSON path.
fn apply(
    text: Option<String>,
    errors: &UseStateHandle<Vec<String>>,
    keep: &Callback<Option<SchemaDraft>>,
    dispatch: &Callback<Action>,
) -> Callback<MouseEvent> {
    let (errors, keep, d) = (errors.clone(), keep.clone(), dispatch.clone());
    Callback::from(move |_: MouseEvent| {
        let Some(text) = &text else { return };
        match Schema::from_json(text) {
            Ok(schema) if schema.entities.is_empty() => {
                errors.set(vec!["$.entities: the schema has no entities; add at least one".into()])
            }
            Ok(schema) => {
                errors.set(Vec::new());
                keep.emit(None);
                d.emit(Action::from(DesignEdit::SetSchema(Box::new(schema))));
            }
            Err(e) => errors.set(e.0.iter().map(|e| e.message()).collect()),
        }
    })
}
