//! One segment of the key template: a literal, or a field with its kind and settings,
//! and the width planner's line for numeric fields.

use super::messages::Messages;
use super::{controls, event_value};
use crate::state::{kinds, Action};
use keylab::codec::width::WidthPlan;
use keylab::float_text;
use keylab::schema::{Case, Field, FieldKind, Order, Segment, TimeUnit};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SegmentRowProps {
    pub index: usize,
    pub count: usize,
    pub segment: Segment,
    /// The field's definition, for a field segment whose field exists.
    pub field: Option<Field>,
    pub plan: Option<WidthPlan>,
    /// The expected maximum typed for this field's width planner.
    #[prop_or_default]
    pub expected: String,
    pub errors: Vec<String>,
    pub warnings: Vec<String>,
    pub dispatch: Callback<Action>,
}

fn on<F: Fn(String) -> Action + 'static>(dispatch: &Callback<Action>, make: F) -> Callback<Event> {
    let dispatch = dispatch.clone();
    Callback::from(move |e: Event| dispatch.emit(make(event_value(&e))))
}

fn number_control(id: String, label: &str, value: u32, min: u32, onchange: Callback<Event>) -> Html {
    html! {
        <span class="control">
            <label for={id.clone()}>{ label }</label>
            <input id={id} type="number" min={min.to_string()} max="38" value={value.to_string()} {onchange} />
        </span>
    }
}

fn field_controls(i: usize, f: &Field, dispatch: &Callback<Action>) -> Html {
    let name = f.name.clone();
    let width_cb = {
        let name = name.clone();
        on(dispatch, move |v| Action::SetWidth {
            field: name.clone(),
            width: v.trim().parse().unwrap_or(0),
        })
    };
    let order = {
        let name = name.clone();
        let selected = if f.kind.order() == Order::Desc { "desc" } else { "asc" };
        let cb = on(dispatch, move |v| Action::SetOrder {
            field: name.clone(),
            order: if v == "desc" { Order::Desc } else { Order::Asc },
        });
        controls::select(
            &format!("seg-{i}-order"),
            "order",
            controls::fixed_options(&[("asc", "ascending"), ("desc", "descending (inverted)")]),
            selected,
            cb,
        )
    };
    let specific = match f.kind {
        FieldKind::Text { case } => {
            let name = name.clone();
            let selected = match case {
                Case::Preserve => "preserve",
                Case::Upper => "upper",
                Case::Lower => "lower",
            };
            let cb = on(dispatch, move |v| Action::SetCase {
                field: name.clone(),
                case: match v.as_str() {
                    "upper" => Case::Upper,
                    "lower" => Case::Lower,
                    _ => Case::Preserve,
                },
            });
            controls::select(
                &format!("seg-{i}-case"),
                "case",
                controls::fixed_options(&[("preserve", "preserve"), ("upper", "UPPER"), ("lower", "lower")]),
                selected,
                cb,
            )
        }
        FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } => {
            html! { <>{ number_control(format!("seg-{i}-width"), "width", width, 1, width_cb) }{ order }</> }
        }
        FieldKind::Decimal { width, scale, .. } => {
            let name = name.clone();
            let scale_cb = on(dispatch, move |v| Action::SetScale {
                field: name.clone(),
                scale: v.trim().parse().unwrap_or(0),
            });
            html! { <>
                { number_control(format!("seg-{i}-width"), "width", width, 1, width_cb) }
                { number_control(format!("seg-{i}-scale"), "scale", scale, 0, scale_cb) }
                { order }
            </> }
        }
        FieldKind::Timestamp { unit, .. } => {
            let name = name.clone();
            let (selected, width) = match unit {
                TimeUnit::Seconds { width } => ("s", Some(width)),
                TimeUnit::Millis { width } => ("ms", Some(width)),
                TimeUnit::Iso => ("iso", None),
            };
            let unit_cb = on(dispatch, move |v| Action::SetUnit {
                field: name.clone(),
                unit: v,
            });
            html! { <>
                { controls::select(
            &format!("seg-{i}-unit"), "unit", controls::fixed_options(&[("s", "epoch seconds"), ("ms", "epoch ms"), ("iso", "ISO-8601 UTC")]), selected, unit_cb) }
                { width.map(|w| number_control(format!("seg-{i}-width"), "width", w, 1, width_cb)).unwrap_or_default() }
                { order }
            </> }
        }
        FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => order,
    };
    let kind_cb = {
        let name = name.clone();
        on(dispatch, move |v| Action::SetKind {
            field: name.clone(),
            kind: v,
        })
    };
    let kind_options = kinds().iter().map(|k| (k.to_string(), k.to_string())).collect();
    let rename = {
        let name = name.clone();
        on(dispatch, move |v| Action::RenameField {
            field: name.clone(),
            to: v.trim().to_string(),
        })
    };
    let warn_at = f.kind.width().map(|_| {
        let name = name.clone();
        let cb = on(dispatch, move |v| Action::SetWarnAt { field: name.clone(), percent: float_text::parse(&v).unwrap_or(0.0) });
        html! {
            <span class="control">
                <label for={format!("seg-{i}-warn")}>{ "warn at %" }</label>
                <input id={format!("seg-{i}-warn")} type="number" min="1" max="100" value={float_text::shortest(f.warn_at())} onchange={cb} />
            </span>
        }
    });
    html! { <>
        <span class="control">
            <label for={format!("seg-{i}-name")}>{ "field" }</label>
            <input id={format!("seg-{i}-name")} class="name" value={f.name.clone()} onchange={rename} />
        </span>
        { controls::select(
            &format!("seg-{i}-kind"), "kind", kind_options, f.kind.name(), kind_cb) }
        { specific }
        { warn_at.unwrap_or_default() }
    </> }
}

/// A share of capacity, readable at both ends of the scale.
fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.01 {
        "<0.01%".into()
    } else {
        format!("{}%", float_text::fixed(p, 2))
    }
}

fn plan_line(plan: &WidthPlan) -> Html {
    let used = plan.used_percent.min(100.0);
    let class = if plan.overflows {
        "plan overflow"
    } else if plan.over_threshold {
        "plan near"
    } else {
        "plan"
    };
    html! {
        <div class={class} data-testid="width-plan">
            <meter min="0" max="100" low={float_text::shortest(plan.threshold)} high={float_text::shortest(plan.threshold)} optimum="0" value={float_text::shortest(used)}
                aria-label={format!("{} capacity used", plan.field)} />
            <span>
                { format!("capacity {}", plan.capacity) }
                { plan.capacity_time.as_ref().map(|t| format!(" ({t})")).unwrap_or_default() }
                { plan.largest.as_ref().map(|l| format!(" · largest value {l} uses {}", percent(plan.used_percent))).unwrap_or_default() }
                { format!(" · suggested width {} · warns at {}%", plan.suggested_width, float_text::shortest(plan.threshold)) }
            </span>
        </div>
    }
}

#[function_component]
pub fn SegmentRow(props: &SegmentRowProps) -> Html {
    let i = props.index;
    let d = &props.dispatch;
    let emit = |a: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(a.clone()))
    };
    let body = match (&props.segment, &props.field) {
        (Segment::Literal(text), _) => {
            let cb = on(d, move |v| Action::SetLiteral { segment: i, text: v });
            html! {
                <span class="control">
                    <label for={format!("seg-{i}-literal")}>{ "literal" }</label>
                    <input id={format!("seg-{i}-literal")} value={text.clone()} onchange={cb} />
                </span>
            }
        }
        (Segment::Field(_), Some(f)) => field_controls(i, f, d),
        (Segment::Field(name), None) => html! { <span class="control">{ format!("field {name} (undefined)") }</span> },
    };
    html! {
        <li class="segment" data-testid={format!("segment-{i}")}>
            <span class="position" aria-hidden="true">{ i + 1 }</span>
            { body }
            <span class="actions">
                <button type="button" aria-label={format!("move segment {} up", i + 1)} disabled={i == 0} onclick={emit(Action::MoveSegment { from: i, by: -1 })}>{ "↑" }</button>
                <button type="button" aria-label={format!("move segment {} down", i + 1)} disabled={i + 1 >= props.count} onclick={emit(Action::MoveSegment { from: i, by: 1 })}>{ "↓" }</button>
                <button type="button" aria-label={format!("remove segment {}", i + 1)} onclick={emit(Action::RemoveSegment(i))}>{ "✕" }</button>
            </span>
            { props.plan.as_ref().map(plan_line).unwrap_or_default() }
            if let (Some(_), Segment::Field(name)) = (&props.plan, &props.segment) {
                <span class="control">
                    <label for={format!("seg-{i}-expected")}>{ "expected max" }</label>
                    <input id={format!("seg-{i}-expected")} inputmode="numeric" placeholder="largest sample" value={props.expected.clone()}
                        onchange={{ let name = name.clone(); on(d, move |v| Action::SetExpectedMax { field: name.clone(), text: v }) }} />
                </span>
            }
            <Messages errors={props.errors.clone()} warnings={props.warnings.clone()} />
        </li>
    }
}
