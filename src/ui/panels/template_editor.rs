//! The key template above the keys: which entity and key attribute, the segments as one
//! row of chips (each opens its settings in the inspector), the separator, the key's
//! size, and buttons to add a segment.

use crate::document::{Action, Design, DesignEdit, NewSegment, TemplateEdit};
use crate::ui::panels::attribute_picker::AttributePicker;
use crate::ui::panels::entity_picker::EntityPicker;
use crate::ui::panels::inspector::messages_for;
use crate::ui::panels::segment_chips::SegmentChips;
use crate::ui::widgets::controls;
use crate::ui::widgets::messages::Messages;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::lint::{key_size, KeySize};
use keylab::schema::Segment;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TemplateEditorProps {
    pub design: Design,
    /// The design's errors and warnings, each shown beside its field.
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    pub dispatch: Callback<Action>,
    /// The segment whose settings the inspector shows; told when a chip is chosen or a
    /// segment added (the new one opens).
    pub selected: usize,
    pub on_select: Callback<usize>,
}

/// How many bytes the key can take, against the limit for its role.
fn size_line(size: KeySize) -> Html {
    let role = size.role.name();
    let (class, text) = if size.worst > size.limit {
        (
            "key-size over",
            format!(
                "Key size: up to {} bytes, over the {}-byte limit for a {role} key.",
                size.worst, size.limit
            ),
        )
    } else if !size.unbounded.is_empty() {
        (
                "key-size",
                format!(
                    "Key size: unbounded, because {} has no max chars; the rest takes {} of the {} bytes a {role} key may hold.",
                    size.unbounded.join(", "),
                    size.worst,
                    size.limit
                ),
            )
    } else {
        (
            "key-size",
            format!(
                "Key size: at most {} of the {} bytes a {role} key may hold.",
                size.worst, size.limit
            ),
        )
    };
    html! { <p {class} data-testid="template-size">{ text }</p> }
}

#[function_component]
pub fn TemplateEditor(props: &TemplateEditorProps) -> Html {
    let state = &props.design;
    let attribute = state.attribute();
    let segments: Vec<Segment> = state.template().map(|t| t.segments.clone()).unwrap_or_default();
    let entity = state.entity();
    let count = segments.len();
    let add = |kind: NewSegment| {
        let (d, open) = (props.dispatch.clone(), props.on_select.clone());
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::from(TemplateEdit::AddSegment(kind)));
            open.emit(count);
        })
    };
    let separator = Callback::from(|text: String| Ok(Action::from(DesignEdit::SetSeparator(text))));
    // Fields of the entity this template does not use yet, to key it by them too
    // (a GSI ordering tickets by a field of the table's key, say).
    let reusable: Vec<(String, String)> = match entity {
        Some(e) => std::iter::once((String::new(), "choose…".to_string()))
            .chain(
                e.fields
                    .iter()
                    .filter(|f| {
                        !segments
                            .iter()
                            .any(|s| matches!(s, Segment::Field(used) if used.name == f.name))
                    })
                    .map(|f| (f.name.clone(), format!("{} ({})", f.name, f.kind.name()))),
            )
            .collect(),
        None => Vec::new(),
    };
    let reusable = if reusable.len() > 1 { reusable } else { Vec::new() };
    let add_existing = {
        let (d, open) = (props.dispatch.clone(), props.on_select.clone());
        Callback::from(move |e: Event| {
            let name = crate::ui::widgets::event_text::event_value(&e);
            if !name.is_empty() {
                d.emit(Action::from(TemplateEdit::AddFieldSegment(name)));
                open.emit(count);
            }
        })
    };
    let (errors, warnings) = messages_for(&props.errors, &props.warnings, None);
    let size = entity
        .and_then(|e| key_size(state.schema(), e, &attribute))
        .map(size_line);
    html! {
        <section class="panel" aria-labelledby="template-title" id="template-panel">
            <div class="template-head">
                <h2 id="template-title">{ format!("{} template of {}", attribute, entity.map(|e| e.name.as_str()).unwrap_or("?")) }</h2>
                <EntityPicker design={state.clone()} dispatch={props.dispatch.clone()} />
            </div>
            <AttributePicker design={state.clone()} dispatch={props.dispatch.clone()} />
            <div class="template-line">
                <SegmentChips segments={segments.clone()} separator={state.schema().separator.clone()} selected={props.selected} on_select={props.on_select.clone()} />
                <span class="control">
                    <label for="separator">{ "separator" }</label>
                    <TypedInput id="separator" class={classes!("short")} value={state.schema().separator.clone()} read={separator} dispatch={props.dispatch.clone()} />
                </span>
            if state.template().is_some() {
            <div class="buttons">
                <button type="button" onclick={add(NewSegment::Field)} aria-label="+ field segment" title="add a field segment">{ "+ field" }</button>
                <button type="button" onclick={add(NewSegment::Literal)} aria-label="+ literal segment" title="add a literal segment">{ "+ literal" }</button>
                if !reusable.is_empty() {
                    { controls::select("add-existing", "+ existing field", reusable, "", add_existing) }
                }
            </div>
            }
            { size.unwrap_or_default() }
            </div>
            <Messages {errors} {warnings} />
        </section>
    }
}
