//! The sort-key template: its segments in order, the separator, and buttons to add.

use crate::document::{Action, Design, NewSegment, Unsettled};
use crate::ui::panels::attribute_picker::AttributePicker;
use crate::ui::panels::entity_picker::EntityPicker;
use crate::ui::panels::schema_editor::SchemaEditor;
use crate::ui::panels::segment_row::SegmentRow;
use crate::ui::widgets::controls;
use crate::ui::widgets::key_segments::PALETTE;
use crate::ui::widgets::messages::Messages;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::codec::width::WidthPlan;
use keylab::lint::key_size;
use keylab::schema::Segment;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TemplateEditorProps {
    pub design: Design,
    /// The design's errors and warnings, each shown beside its field.
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    /// The width planner of each numeric field of the entity.
    pub plans: Vec<WidthPlan>,
    pub dispatch: Callback<Action>,
}

fn messages_for(props: &TemplateEditorProps, field: Option<&str>) -> (Vec<String>, Vec<String>) {
    let errors = props
        .errors
        .iter()
        .filter(|e| e.context.field.as_deref() == field)
        .map(|e| e.sentence())
        .collect();
    let warnings = props
        .warnings
        .iter()
        .filter(|w| w.context.field.as_deref() == field)
        .map(|w| w.sentence())
        .collect();
    (errors, warnings)
}

#[function_component]
pub fn TemplateEditor(props: &TemplateEditorProps) -> Html {
    let state = &props.design;
    let attribute = state.attribute();
    let segments: Vec<Segment> = state.template().map(|t| t.segments.clone()).unwrap_or_default();
    let entity = state.entity();
    let add = |kind: NewSegment| {
        let d = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::AddSegment(kind)))
    };
    let separator = Callback::from(|text: String| Ok(Action::SetSeparator(text)));
    // Fields of the entity this template does not use yet, to key it by them too
    // (a GSI ordering tickets by a field of the table's key, say).
    let reusable: Vec<(String, String)> = match entity {
        Some(e) => std::iter::once((String::new(), "choose…".to_string()))
            .chain(
                e.fields
                    .iter()
                    .filter(|f| !segments.contains(&Segment::Field(f.name.clone())))
                    .map(|f| (f.name.clone(), format!("{} ({})", f.name, f.kind.name()))),
            )
            .collect(),
        None => Vec::new(),
    };
    let reusable = if reusable.len() > 1 { reusable } else { Vec::new() };
    let add_existing = {
        let d = props.dispatch.clone();
        Callback::from(move |e: Event| {
            let name = controls::event_value(&e);
            if !name.is_empty() {
                d.emit(Action::AddFieldSegment(name));
            }
        })
    };
    // The template as chips, each in the colour its segment has in every key.
    let chips = html! { <>
        { for segments.iter().enumerate().map(|(i, s)| {
            let text = s.shown();
            html! { <>
                if i > 0 { <span class="sep">{ &state.schema().separator }</span> }
                // The index is drawn by CSS from data-index, so the text stays the template.
                <span class={format!("chip seg seg-{}", i % PALETTE)} data-seg={i.to_string()} data-index={(i + 1).to_string()}
                    tabindex="0" title={format!("segment {} of the key", i + 1)}>{ text }</span>
            </> }
        }) }
    </> };
    let (errors, warnings) = messages_for(props, None);
    let size = entity.and_then(|e| key_size(state.schema(), e, &attribute)).map(|size| {
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
                format!("Key size: at most {} of the {} bytes a {role} key may hold.", size.worst, size.limit),
            )
        };
        html! { <p {class} data-testid="template-size">{ text }</p> }
    });
    html! {
        <section class="panel" aria-labelledby="template-title" id="template-panel">
            <h2 id="template-title">{ format!("{} template of {}", attribute, entity.map(|e| e.name.as_str()).unwrap_or("?")) }</h2>
            <EntityPicker design={state.clone()} dispatch={props.dispatch.clone()} />
            <AttributePicker design={state.clone()} dispatch={props.dispatch.clone()} />
            <p class="shape" data-testid="template-shape"><code>{ chips }</code></p>
            { size.unwrap_or_default() }
            <span class="control">
                <label for="separator">{ "separator" }</label>
                <TypedInput id="separator" class={classes!("short")} value={state.schema().separator.clone()} read={separator} dispatch={props.dispatch.clone()} />
            </span>
            <Messages {errors} {warnings} />
            <ol class="segments">
                { for segments.iter().enumerate().map(|(i, s)| {
                    let field = match s {
                        Segment::Field(f) => entity.and_then(|e| e.field(f)).cloned(),
                        Segment::Literal(_) => None,
                    };
                    let name = match s { Segment::Field(f) => Some(f.as_str()), Segment::Literal(_) => None };
                    let (errors, warnings) = match name { Some(n) => messages_for(props, Some(n)), None => (Vec::new(), Vec::new()) };
                    let plan = name.and_then(|n| props.plans.iter().find(|p| p.field == n).cloned());
                    let expected = name.and_then(|n| state.expected(n)).unwrap_or_default().to_string();
                    let unsettled = Unsettled::of(state.unsettled(), state.entity_index(), &name.map_or(format!("#{i}"), str::to_string));
                    let siblings: Vec<String> = entity.map(|e| e.fields.iter().map(|f| f.name.clone()).filter(|f| Some(f.as_str()) != name).collect()).unwrap_or_default();
                    // Keyed by position: a rename applied while typing must not remount
                    // the row and take the focus away.
                    html! {
                        <SegmentRow key={i} index={i} count={segments.len()} segment={s.clone()}
                            {field} {plan} {expected} {errors} {warnings} dispatch={props.dispatch.clone()}
                            entity={state.entity_index()} {siblings} {unsettled} />
                    }
                }) }
            </ol>
            if state.template().is_some() {
            <div class="buttons">
                <button type="button" onclick={add(NewSegment::Field)}>{ "+ field segment" }</button>
                <button type="button" onclick={add(NewSegment::Literal)}>{ "+ literal segment" }</button>
                if !reusable.is_empty() {
                    { controls::select("add-existing", "+ existing field", reusable, "", add_existing) }
                }
            </div>
            }
            <SchemaEditor schema={state.schema().clone()} dispatch={props.dispatch.clone()} />
        </section>
    }
}
