//! One segment of the key template: a literal, or a field with its kind and settings,
//! and the width planner's line for numeric fields.

use crate::document::{kinds, Action, Unsettled};
use crate::ui::widgets::controls;
use crate::ui::widgets::event_text::event_value;
use crate::ui::widgets::messages::Messages;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::codec::width::WidthPlan;
use keylab::float_text;
use keylab::schema::{Case, Field, FieldKind, Order, Segment, TimeUnit, MAX_TEXT_LENGTH};
use std::collections::BTreeMap;
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
    /// The entity the segment belongs to, for the keys of its typed settings.
    pub entity: usize,
    /// The other fields' names, which a rename must not take.
    #[prop_or_default]
    pub siblings: Vec<String>,
    /// This field's settings typed but not applied, by setting (`width`, `name`, …).
    #[prop_or_default]
    pub unsettled: BTreeMap<String, Unsettled>,
}

/// Where a field's setting is typed: what it holds, how typed text becomes an action.
struct Setting<'a> {
    id: String,
    label: &'a str,
    value: String,
    read: Callback<String, Result<Action, Unsettled>>,
}

fn setting_input(s: Setting, entity: usize, field: &str, key: &str, ctx: &Ctx) -> Html {
    html! {
        <span class="control">
            <label for={s.id.clone()}>{ s.label }</label>
            <TypedInput id={s.id} class={classes!("short")} inputmode="decimal" value={s.value} read={s.read}
                dispatch={ctx.dispatch.clone()} unsettled_key={Unsettled::key(entity, field, key)}
                unsettled={ctx.unsettled.get(key).cloned()} />
        </span>
    }
}

/// What every setting input of one row shares.
struct Ctx<'a> {
    dispatch: &'a Callback<Action>,
    unsettled: &'a BTreeMap<String, Unsettled>,
}

/// A whole number from `min` to `max`, or the problem with the text, in the user's words.
fn whole(setting: String, text: &str, min: u32, max: u32) -> Result<u32, Unsettled> {
    match text.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(Unsettled {
            problem: format!("{text:?} is not a whole number from {min} to {max}: type one, such as 10"),
            setting,
            text: text.to_string(),
        }),
    }
}

/// A select's change as an action; the options are the page's own, so a value that
/// names nothing cannot come from the user and changes nothing.
fn on<F: Fn(String) -> Option<Action> + 'static>(dispatch: &Callback<Action>, make: F) -> Callback<Event> {
    let dispatch = dispatch.clone();
    Callback::from(move |e: Event| {
        if let Some(action) = make(event_value(&e)) {
            dispatch.emit(action)
        }
    })
}

fn field_controls(i: usize, f: &Field, props: &SegmentRowProps) -> Html {
    let dispatch = &props.dispatch;
    let ctx = Ctx {
        dispatch,
        unsettled: &props.unsettled,
    };
    let name = f.name.clone();
    let number = |key: &'static str, label: &'static str, value: u32, min: u32, make: fn(String, u32) -> Action| {
        let field = name.clone();
        let read = Callback::from(move |text: String| {
            whole(format!("{label} of {field}"), &text, min, 38).map(|n| make(field.clone(), n))
        });
        setting_input(
            Setting {
                id: format!("seg-{i}-{key}"),
                label,
                value: value.to_string(),
                read,
            },
            props.entity,
            &name,
            key,
            &ctx,
        )
    };
    let width_input = |w: u32| number("width", "width", w, 1, |field, width| Action::SetWidth { field, width });
    let order = {
        let name = name.clone();
        let selected = f.kind.order().name();
        let cb = on(dispatch, move |v| {
            Some(Action::SetOrder {
                field: name.clone(),
                order: Order::from_name(&v)?,
            })
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
        FieldKind::Text { case, max_length } => {
            let field = name.clone();
            let selected = case.name();
            let cb = on(dispatch, move |v| {
                Some(Action::SetCase {
                    field: field.clone(),
                    case: Case::from_name(&v)?,
                })
            });
            let field = name.clone();
            let read = Callback::from(move |text: String| {
                if text.trim().is_empty() {
                    return Ok(Action::SetMaxLength {
                        field: field.clone(),
                        max_length: None,
                    });
                }
                whole(format!("maximum length of {field}"), &text, 1, MAX_TEXT_LENGTH).map(|n| Action::SetMaxLength {
                    field: field.clone(),
                    max_length: Some(n),
                })
            });
            html! { <>
                { controls::select(
                    &format!("seg-{i}-case"),
                    "case",
                    controls::fixed_options(&[("preserve", "preserve"), ("upper", "UPPER"), ("lower", "lower")]),
                    selected,
                    cb,
                ) }
                { setting_input(
                    Setting {
                        id: format!("seg-{i}-maxlength"),
                        label: "max chars",
                        value: max_length.map(|n| n.to_string()).unwrap_or_default(),
                        read,
                    },
                    props.entity,
                    &name,
                    "maxlength",
                    &ctx,
                ) }
            </> }
        }
        FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } => {
            html! { <>{ width_input(width) }{ order }</> }
        }
        FieldKind::Decimal { width, scale, .. } => {
            html! { <>
                { width_input(width) }
                { number("scale", "scale", scale, 0, |field, scale| Action::SetScale { field, scale }) }
                { order }
            </> }
        }
        FieldKind::Timestamp { unit, .. } => {
            let name = name.clone();
            let width = match unit {
                TimeUnit::Seconds { width } | TimeUnit::Millis { width } => Some(width),
                TimeUnit::Iso => None,
            };
            let selected = unit.name();
            let unit_cb = on(dispatch, move |v| {
                Some(Action::SetUnit {
                    field: name.clone(),
                    unit: unit.switched_to(&v)?,
                })
            });
            html! { <>
                { controls::select(
            &format!("seg-{i}-unit"), "unit", controls::fixed_options(&[("s", "epoch seconds"), ("ms", "epoch ms"), ("iso", "ISO-8601 UTC")]), selected, unit_cb) }
                { width.map(width_input).unwrap_or_default() }
                { order }
            </> }
        }
        FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => order,
    };
    let kind_cb = {
        let name = name.clone();
        on(dispatch, move |v| {
            Some(Action::SetKind {
                field: name.clone(),
                kind: FieldKind::default_of(&v)?,
            })
        })
    };
    let kind_options = kinds().iter().map(|k| (k.to_string(), k.to_string())).collect();
    let rename = {
        let (field, siblings) = (name.clone(), props.siblings.clone());
        Callback::from(move |text: String| {
            let to = text.trim().to_string();
            let problem = if to.is_empty() {
                Some("a field needs a name: type one, such as createdAt".to_string())
            } else if to.chars().count() > crate::document::NAME_MAX {
                Some(format!(
                    "{} characters is too long: a name holds at most {}",
                    to.chars().count(),
                    crate::document::NAME_MAX
                ))
            } else if siblings.contains(&to) {
                Some(format!("another field is already named {to:?}: pick another name"))
            } else {
                None
            };
            match problem {
                Some(problem) => Err(Unsettled {
                    setting: format!("name of field {field}"),
                    text,
                    problem,
                }),
                None => Ok(Action::RenameField {
                    field: field.clone(),
                    to,
                }),
            }
        })
    };
    let warn_at = f.kind.width().map(|_| {
        let field = name.clone();
        let read = Callback::from(move |text: String| match float_text::parse(&text) {
            Some(percent) if percent > 0.0 && percent <= 100.0 => Ok(Action::SetWarnAt {
                field: field.clone(),
                percent,
            }),
            _ => Err(Unsettled {
                setting: format!("warning threshold of {field}"),
                problem: format!("{text:?} is not a percentage above 0 and at most 100: type one, such as 80"),
                text,
            }),
        });
        setting_input(
            Setting {
                id: format!("seg-{i}-warn"),
                label: "warn at %",
                value: float_text::shortest(f.warn_at()),
                read,
            },
            props.entity,
            &name,
            "warn",
            &ctx,
        )
    });
    let mutable = {
        let (field, dispatch) = (name.clone(), dispatch.clone());
        let toggle = Callback::from(move |e: Event| {
            let mutable = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|input| input.checked());
            dispatch.emit(Action::SetMutable {
                entity: None,
                field: field.clone(),
                mutable: Some(mutable),
            })
        });
        html! {
            <span class="control check" title="A value that changes after the item is created cannot be in the table's key (lint L4)">
                <input id={format!("seg-{i}-mutable")} type="checkbox" checked={f.changes()} onchange={toggle} />
                <label for={format!("seg-{i}-mutable")}>{ "changes later" }</label>
            </span>
        }
    };
    html! { <>
        <span class="control">
            <label for={format!("seg-{i}-name")}>{ "field" }</label>
            <TypedInput id={format!("seg-{i}-name")} class={classes!("name")} value={f.name.clone()} read={rename}
                dispatch={dispatch.clone()} unsettled_key={Unsettled::key(props.entity, &name, "name")}
                unsettled={props.unsettled.get("name").cloned()} maxlength={crate::document::NAME_MAX as u32} />
        </span>
        { controls::select(
            &format!("seg-{i}-kind"), "kind", kind_options, f.kind.name(), kind_cb) }
        { specific }
        { warn_at.unwrap_or_default() }
        { mutable }
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
            let read = Callback::from(move |text: String| {
                if text.chars().count() > crate::document::NAME_MAX {
                    Err(Unsettled {
                        setting: format!("literal of segment {}", i + 1),
                        problem: format!(
                            "{} characters is too long: a literal holds at most {}",
                            text.chars().count(),
                            crate::document::NAME_MAX
                        ),
                        text,
                    })
                } else {
                    Ok(Action::SetLiteral { segment: i, text })
                }
            });
            html! {
                <span class="control">
                    <label for={format!("seg-{i}-literal")}>{ "literal" }</label>
                    <TypedInput id={format!("seg-{i}-literal")} value={text.clone()} {read} dispatch={d.clone()}
                        unsettled_key={Unsettled::key(props.entity, &format!("#{i}"), "literal")}
                        unsettled={props.unsettled.get("literal").cloned()} />
                </span>
            }
        }
        (Segment::Field(_), Some(f)) => field_controls(i, f, props),
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
                    <TypedInput id={format!("seg-{i}-expected")} inputmode="numeric" placeholder="largest sample" value={props.expected.clone()}
                        read={{ let name = name.clone(); Callback::from(move |text: String| Ok(Action::SetExpectedMax { field: name.clone(), text })) }}
                        dispatch={d.clone()} />
                </span>
            }
            <Messages errors={props.errors.clone()} warnings={props.warnings.clone()} />
        </li>
    }
}
