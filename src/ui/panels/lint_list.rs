//! The design linter's findings, one list beside the design, and the expected traffic
//! of the entity being designed, which the hot-partition rule (L5) needs.

use crate::document::{Action, Design, DesignEdit, FieldEdit, Same, SettingKey, SettingOf, Unsettled};
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::float_text;
use keylab::lint::{Finding, Rule, Severity};
use keylab::schema::Traffic;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LintListProps {
    /// The findings are still being worked out (the first moment after the page starts).
    #[prop_or_default]
    pub checking: bool,
    pub design: Design,
    pub findings: Same<Vec<Finding>>,
    /// L6 for the pasted query, when it has one.
    pub surprise: Option<Finding>,
    pub dispatch: Callback<Action>,
}

#[derive(Properties, PartialEq)]
struct MoveFixProps {
    entity: String,
    field: String,
    /// The fields a GSI can group the items by, each with the index that already does.
    groups: Vec<(String, Option<String>)>,
    dispatch: Callback<Action>,
}

/// L4's move: which items the index must group (a field several items share), then one
/// button, which uses the index that already orders the field within that group, or
/// makes one.
#[function_component]
fn MoveFix(props: &MoveFixProps) -> Html {
    let chosen = use_state(|| 0usize);
    let MoveFixProps {
        entity, field, groups, ..
    } = props;
    let group = groups.get(*chosen).or(groups.first());
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let value = crate::ui::widgets::event_text::event_value(&e);
            chosen.set(value.parse().unwrap_or(0));
        })
    };
    let text = match group {
        Some((_, Some(index))) => format!("Take {field} out of the table's key: {index} already orders it"),
        Some((g, None)) => format!("Move {field} to a new GSI, grouped by {g}"),
        None => format!("Move {field} to a new GSI's sort key"),
    };
    let action = Action::from(DesignEdit::MoveToIndex {
        entity: entity.clone(),
        field: field.clone(),
        group: group.map(|(g, _)| g.clone()),
    });
    let d = props.dispatch.clone();
    let id = format!("move-group-{field}");
    html! {
        <>
            if !groups.is_empty() {
                <span class="control">
                    <label for={id.clone()}>{ "group the index by" }</label>
                    <select {id} {onchange}>
                        { for groups.iter().enumerate().map(|(n, (g, serving))| html! {
                            <option value={n.to_string()} selected={n == *chosen}>
                                { match serving { Some(index) => format!("{g} ({index} does)"), None => g.clone() } }
                            </option>
                        }) }
                    </select>
                </span>
            }
            <button type="button" onclick={Callback::from(move |_: MouseEvent| d.emit(action.clone()))}>{ text }</button>
        </>
    }
}

/// The fixes the page can make for a finding, as buttons: one click, one undo step.
fn fixes(f: &Finding, design: &Design, dispatch: &Callback<Action>) -> Html {
    let (Rule::MutableKey, Some(field)) = (f.rule, f.field.clone()) else {
        return Html::default();
    };
    let button = |text: String, action: Action| {
        let d = dispatch.clone();
        html! { <button type="button" onclick={Callback::from(move |_: MouseEvent| d.emit(action.clone()))}>{ text }</button> }
    };
    let said = |mutable: bool| {
        Action::from(FieldEdit::SetMutable {
            entity: Some(f.entity.clone()),
            field: field.clone(),
            mutable: Some(mutable),
        })
    };
    // A warning asks whether the field changes; an error knows it does, and can move it.
    let asking = f.severity == Severity::Warning;
    html! {
        <p class="buttons fixes" data-testid="finding-fixes">
            if !asking {
                <MoveFix entity={f.entity.clone()} field={field.clone()} groups={design.index_groups(&f.entity, &field)} dispatch={dispatch.clone()} />
            }
            if asking {
                { button("It changes later".into(), said(true)) }
            }
            { button("It never changes".into(), said(false)) }
        </p>
    }
}

fn finding(f: &Finding, fixes: Html) -> Html {
    let severity = f.severity.name();
    let place = [Some(f.entity.as_str()), f.attribute.as_deref(), f.field.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ");
    html! {
        <li class={classes!("finding", severity)} data-rule={f.rule.id()}>
            // The severity is written out, not only coloured.
            <span class="rule">{ format!("{} {} · {severity}", f.rule.id(), f.rule.name()) }</span>
            <span class="place">{ place }</span>
            <p class="sentence"><Elided text={f.sentence.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></p>
            if !f.evidence.is_empty() {
                <ul class="evidence">{ for f.evidence.iter().map(|e| html! { <li><Elided text={e.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></li> }) }</ul>
            }
            <p class="fix"><strong>{ "Fix: " }</strong>{ &f.fix }</p>
            { fixes }
        </li>
    }
}

/// One rate or count of the entity's traffic, typed as it is typed; blank for none.
struct Rate {
    id: &'static str,
    label: &'static str,
    value: Option<f64>,
    set: fn(&mut Traffic, Option<f64>),
    whole: bool,
}

fn rate_input(rate: Rate, design: &Design, dispatch: &Callback<Action>) -> Html {
    let current = design.entity().map(|e| e.traffic).unwrap_or_default();
    let entity = design.entity_index();
    let unsettled = Unsettled::of(design.unsettled(), entity, &SettingOf::Traffic).remove(rate.id);
    let Rate {
        id,
        label,
        value,
        set,
        whole,
    } = rate;
    let read = Callback::from(move |text: String| {
        let trimmed = text.trim();
        let parsed = if trimmed.is_empty() {
            Some(None)
        } else {
            float_text::parse(trimmed)
                .filter(|n| *n > 0.0 && n.is_finite() && (!whole || n.fract() == 0.0))
                .map(Some)
        };
        match parsed {
            Some(n) => {
                let mut traffic = current;
                set(&mut traffic, n);
                Ok(Action::from(DesignEdit::SetTraffic(traffic)))
            }
            None => Err(Unsettled {
                setting: format!("expected {label}"),
                problem: format!(
                    "{text:?} is not {} above 0: type one, such as {}, or clear the field",
                    if whole { "a whole number" } else { "a number" },
                    if whole { "50" } else { "500" }
                ),
                text,
            }),
        }
    });
    html! {
        <span class="control">
            <label for={format!("traffic-{id}")}>{ label }</label>
            <TypedInput id={format!("traffic-{id}")} class={classes!("short")} inputmode="decimal"
                value={value.map(float_text::shortest).unwrap_or_default()} {read} dispatch={dispatch.clone()}
                placeholder="none" unsettled_key={SettingKey::new(entity, SettingOf::Traffic, id)} {unsettled} />
        </span>
    }
}

#[function_component]
pub fn LintList(props: &LintListProps) -> Html {
    let mut all: Vec<&Finding> = props.findings.iter().chain(props.surprise.iter()).collect();
    // Errors first: they lose or refuse writes; warnings wait for growth.
    keylab::codec::order::sort_items(&mut all, |a, b| {
        (a.severity != Severity::Error).cmp(&(b.severity != Severity::Error))
    });
    let errors = all.iter().filter(|f| f.severity == Severity::Error).count();
    let entity = props.design.entity();
    let traffic = entity.map(|e| e.traffic).unwrap_or_default();
    let summary = match (all.len(), errors) {
        _ if props.checking => "Checking the design and its sample items…".to_string(),
        (0, _) => "No findings: nothing in the design or its sample items breaks rules L1 to L8.".to_string(),
        (n, 0) => format!("{n} warning(s): the design works, until its data or load grows."),
        (n, e) => format!("{e} error(s) and {} warning(s).", n - e),
    };
    let rates = [
        Rate {
            id: "writes",
            label: "writes/s",
            value: traffic.writes_per_second,
            set: |t, n| t.writes_per_second = n,
            whole: false,
        },
        Rate {
            id: "reads",
            label: "reads/s",
            value: traffic.reads_per_second,
            set: |t, n| t.reads_per_second = n,
            whole: false,
        },
        Rate {
            id: "partitions",
            label: "partition-key values",
            value: traffic.partition_keys.map(|k| k as f64),
            set: |t, n| t.partition_keys = n.map(|k| k as u64),
            whole: true,
        },
    ];
    html! {
        <section class="panel" aria-labelledby="lint-title" id="lint-panel">
            <h2 id="lint-title">{ "Design check" }</h2>
            <p class="note" data-testid="lint-summary" aria-live="polite">{ summary }</p>
            if !all.is_empty() {
                <ol class="findings" data-testid="lint-list">{ for all.iter().map(|f| finding(f, fixes(f, &props.design, &props.dispatch))) }</ol>
            }
            if let Some(entity) = entity {
                <fieldset class="traffic">
                    <legend>{ format!("Expected traffic of {} (for L5)", entity.name) }</legend>
                    { for rates.into_iter().map(|r| rate_input(r, &props.design, &props.dispatch)) }
                </fieldset>
            }
        </section>
    }
}
