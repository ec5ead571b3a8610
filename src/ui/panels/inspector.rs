//! Beside the keys: the settings of the segment whose chip is open (kind, width, order,
//! unit, case, max chars, changes later, and the width planner's capacity line), so a
//! width edit and the keys it re-sorts share the screen. Below it, the schema as JSON.

use crate::document::{Action, Design, SettingOf, TemplateEdit, Unsettled};
use crate::ui::panels::schema_editor::SchemaEditor;
use crate::ui::panels::segment_chips::chip_id;
use crate::ui::panels::segment_row::SegmentRow;
use keylab::codec::width::WidthPlan;
use keylab::schema::Segment;
use yew::prelude::*;

/// The sentences of the errors and warnings about `field` (`None`: the template's own).
pub fn messages_for(
    errors: &[keylab::Error],
    warnings: &[keylab::Warning],
    field: Option<&str>,
) -> (Vec<String>, Vec<String>) {
    let errors = errors
        .iter()
        .filter(|e| e.context.field.as_deref() == field)
        .map(|e| e.sentence())
        .collect();
    let warnings = warnings
        .iter()
        .filter(|w| w.context.field.as_deref() == field)
        .map(|w| w.sentence())
        .collect();
    (errors, warnings)
}

#[derive(Properties, PartialEq)]
pub struct InspectorProps {
    pub design: Design,
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    /// The width planner of each numeric field of the entity.
    pub plans: Vec<WidthPlan>,
    pub dispatch: Callback<Action>,
    /// The open segment; past the last one, the last is shown.
    pub selected: usize,
    /// Told where the open segment went when it is moved or removed.
    pub on_select: Callback<usize>,
}

#[function_component]
pub fn Inspector(props: &InspectorProps) -> Html {
    let state = &props.design;
    let segments: Vec<Segment> = state.template().map(|t| t.segments.clone()).unwrap_or_default();
    let entity = state.entity();
    let at = props.selected.min(segments.len().saturating_sub(1));
    // A segment moved or removed keeps its settings open, wherever it went.
    let dispatch = {
        let (d, open, count) = (props.dispatch.clone(), props.on_select.clone(), segments.len());
        Callback::from(move |a: Action| {
            match &a {
                Action::Template(TemplateEdit::MoveSegment { from, by }) => {
                    open.emit(from.saturating_add_signed(*by).min(count.saturating_sub(1)))
                }
                Action::Template(TemplateEdit::RemoveSegment(i)) => open.emit((*i).min(count.saturating_sub(2))),
                _ => {}
            }
            d.emit(a)
        })
    };
    let row = segments.get(at).map(|s| {
        let name = match s {
            Segment::Field(f) => Some(f.name.as_str()),
            Segment::Literal(_) => None,
        };
        let field = name.and_then(|n| entity.and_then(|e| e.field(n))).cloned();
        let (errors, warnings) = match name {
            Some(n) => messages_for(&props.errors, &props.warnings, Some(n)),
            None => (Vec::new(), Vec::new()),
        };
        let plan = name.and_then(|n| props.plans.iter().find(|p| p.field == n).cloned());
        let expected = name.and_then(|n| state.expected(n)).unwrap_or_default().to_string();
        let of = name.map_or(SettingOf::Literal(at), |n| SettingOf::Field(n.to_string()));
        let unsettled = Unsettled::of(state.unsettled(), state.entity_index(), &of);
        let siblings: Vec<String> = entity
            .map(|e| e.fields.iter().map(|f| f.name.clone()).filter(|f| Some(f.as_str()) != name).collect())
            .unwrap_or_default();
        // Keyed by entity and position: another segment's settings are a new form, and a
        // rename applied while typing must not remount the row and take the focus away.
        html! {
            <ol class="segments" start={(at + 1).to_string()}>
                <SegmentRow key={format!("{}/{at}", state.entity_index().0)} index={at} count={segments.len()} segment={s.clone()}
                    {field} {plan} {expected} {errors} {warnings} dispatch={dispatch.clone()}
                    entity={state.entity_index()} {siblings} {unsettled} separator={state.schema().separator.clone()}
                    number={state.schema().table.attribute_type(&state.attribute()) == Some(keylab::schema::AttrType::N)} />
            </ol>
        }
    });
    html! {
        <section class="panel inspector" id="inspector" role={(!segments.is_empty()).then_some("tabpanel")}
            aria-labelledby={(!segments.is_empty()).then(|| chip_id(at))} aria-label={segments.is_empty().then_some("segment settings")}>
            <h2 class="inspector-title">{ match segments.get(at) {
                Some(s) => format!("Segment {} of {}: {}", at + 1, segments.len(), s.shown()),
                None => "No segments yet: add one above".to_string(),
            } }</h2>
            { row.unwrap_or_default() }
            <SchemaEditor schema={state.schema().clone()} dispatch={props.dispatch.clone()} />
        </section>
    }
}
