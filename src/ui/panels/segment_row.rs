//! One segment of the key template: a literal, or a field with its kind and settings,
//! and the width planner's line for numeric fields.

use crate::document::{Action, EntityId, PrefsEdit, SettingKey, SettingOf, TemplateEdit, Unsettled};
use crate::ui::panels::field_settings::{Around, FieldSettings};
use crate::ui::widgets::messages::Messages;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::codec::width::WidthPlan;
use keylab::float_text;
use keylab::schema::{Field, Segment};
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
    pub entity: EntityId,
    /// The other fields' names, which a rename must not take.
    #[prop_or_default]
    pub siblings: Vec<String>,
    /// This field's settings typed but not applied, by setting (`width`, `name`, …).
    #[prop_or_default]
    pub unsettled: BTreeMap<String, Unsettled>,
    /// The design's separator, which a prefix cannot hold.
    #[prop_or_default]
    pub separator: AttrValue,
    /// The key attribute is a Number: its key is a plain number, with no prefix.
    #[prop_or_default]
    pub number: bool,
}

/// The label glued before a field's value (`seq_` in `seq_000007`), typed and checked.
fn prefix_control(props: &SegmentRowProps, field: &str, prefix: &str) -> Html {
    let i = props.index;
    let separator = props.separator.to_string();
    let read = Callback::from(move |text: String| {
        if !separator.is_empty() && text.contains(&separator) {
            Err(Unsettled {
                setting: format!("prefix of segment {}", i + 1),
                problem: crate::document::prefix_holds_separator(&text, &separator),
                text,
            })
        } else if text.chars().count() > crate::document::NAME_MAX {
            Err(Unsettled {
                setting: format!("prefix of segment {}", i + 1),
                problem: format!("a prefix holds at most {} characters", crate::document::NAME_MAX),
                text,
            })
        } else {
            Ok(Action::from(TemplateEdit::SetPrefix { segment: i, text }))
        }
    });
    html! {
        <span class="control" title="written before the value with no separator, as ElectroDB writes seq_000007">
            <label for={format!("seg-{i}-prefix")}>{ "prefix" }</label>
            <TypedInput id={format!("seg-{i}-prefix")} class={classes!("short")} value={prefix.to_string()} {read} dispatch={props.dispatch.clone()}
                placeholder="none"
                unsettled_key={SettingKey::new(props.entity, SettingOf::Field(field.to_string()), "prefix")}
                unsettled={props.unsettled.get("prefix").cloned()} />
        </span>
    }
}

/// A share of capacity, readable at both ends of the scale.
fn percent(p: f64) -> String {
    if p > 0.0 && p < 0.01 {
        "<0.01%".into()
    } else {
        format!("{}%", float_text::fixed(p, 2))
    }
}

/// The width planner's line; `typed`: a width typed and not applied (`-3`), whose
/// problem is said beside its field: the line then says it is of the width in force.
fn plan_line(plan: &WidthPlan, typed: Option<&Unsettled>) -> Html {
    if let Some(typed) = typed {
        return html! {
            <div class="plan" data-testid="width-plan">
                <span>{ format!(
                    "capacity {} of the width in force; the width {:?} typed is not applied until it is a whole number of digits",
                    plan.capacity, typed.text
                ) }</span>
            </div>
        };
    }
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
                    Ok(Action::from(TemplateEdit::SetLiteral { segment: i, text }))
                }
            });
            html! {
                <span class="control">
                    <label for={format!("seg-{i}-literal")}>{ "literal" }</label>
                    <TypedInput id={format!("seg-{i}-literal")} value={text.clone()} {read} dispatch={d.clone()}
                        unsettled_key={SettingKey::new(props.entity, SettingOf::Literal(i), "literal")}
                        unsettled={props.unsettled.get("literal").cloned()} />
                </span>
            }
        }
        (Segment::Field(used), Some(f)) => {
            let around = Around {
                dispatch: d,
                entity: props.entity,
                siblings: &props.siblings,
                unsettled: &props.unsettled,
            };
            html! {
                <>
                    { FieldSettings::new(i, f, around).view() }
                    if !props.number || !used.prefix.is_empty() { { prefix_control(props, &used.name, &used.prefix) } }
                </>
            }
        }
        (Segment::Field(used), None) => {
            html! { <span class="control">{ format!("field {} (undefined)", used.name) }</span> }
        }
    };
    html! {
        <li class="segment" data-testid={format!("segment-{i}")}>
            <span class="position" aria-hidden="true">{ i + 1 }</span>
            { body }
            <span class="actions">
                <button type="button" aria-label={format!("move segment {} up", i + 1)} disabled={i == 0} onclick={emit(Action::from(TemplateEdit::MoveSegment { from: i, by: -1 }))}>{ "↑" }</button>
                <button type="button" aria-label={format!("move segment {} down", i + 1)} disabled={i + 1 >= props.count} onclick={emit(Action::from(TemplateEdit::MoveSegment { from: i, by: 1 }))}>{ "↓" }</button>
                <button type="button" aria-label={format!("remove segment {}", i + 1)} onclick={emit(Action::from(TemplateEdit::RemoveSegment(i)))}>{ "✕" }</button>
            </span>
            { props.plan.as_ref().map(|plan| plan_line(plan, props.unsettled.get("width"))).unwrap_or_default() }
            if let (Some(_), Segment::Field(name)) = (&props.plan, &props.segment) {
                <span class="control">
                    <label for={format!("seg-{i}-expected")}>{ "expected max" }</label>
                    <TypedInput id={format!("seg-{i}-expected")} inputmode="numeric" placeholder="largest sample" value={props.expected.clone()}
                        read={{ let name = name.name.clone(); Callback::from(move |text: String| Ok(Action::from(PrefsEdit::SetExpectedMax { field: name.clone(), text }))) }}
                        dispatch={d.clone()} />
                </span>
            }
            <Messages errors={props.errors.clone()} warnings={props.warnings.clone()} />
        </li>
    }
}
