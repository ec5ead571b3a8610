//! A field segment's settings in the inspector: its name, kind, the kind's own settings
//! (width, scale, order, unit, case, max chars), the warning threshold and whether its
//! value changes later. Each setting is typed into its field and applied when it reads;
//! until then it is kept beside the field with its problem (see [`Unsettled`]).

use crate::document::{kinds, Action, EntityId, FieldEdit, SettingKey, SettingOf, Unsettled, NAME_MAX};
use crate::ui::widgets::controls;
use crate::ui::widgets::event_text::event_value;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::float_text;
use keylab::schema::{
    Case, Field, FieldKind, IsoFormat, IsoPrecision, IsoZone, Order, TimeUnit, MAX_DIGITS, MAX_TEXT_LENGTH,
};
use std::collections::BTreeMap;
use yew::prelude::*;

/// The settings of field `f`, the segment at `i`.
pub struct FieldSettings<'a> {
    i: usize,
    f: &'a Field,
    props: Around<'a>,
}

/// What the settings need of the row around them.
pub struct Around<'a> {
    pub dispatch: &'a Callback<Action>,
    /// The entity the field belongs to, for the keys of its typed settings.
    pub entity: EntityId,
    /// The other fields' names, which a rename must not take.
    pub siblings: &'a [String],
    /// This field's settings typed but not applied, by setting (`width`, `name`, …).
    pub unsettled: &'a BTreeMap<String, Unsettled>,
}

/// Where a field's setting is typed: what it holds, how typed text becomes an action.
struct Setting<'a> {
    /// The setting's name in its id and its unsettled key: `width`, `maxlength`, …
    key: &'a str,
    label: &'a str,
    value: String,
    read: Callback<String, Result<Action, Unsettled>>,
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

/// A field's new name, or why it cannot be one: empty, too long, or another field's.
fn rename(field: &str, siblings: &[String], text: String) -> Result<Action, Unsettled> {
    let to = text.trim().to_string();
    let count = to.chars().count();
    let problem = if to.is_empty() {
        "a field needs a name: type one, such as createdAt".to_string()
    } else if count > NAME_MAX {
        format!("{count} characters is too long: a name holds at most {NAME_MAX}")
    } else if siblings.contains(&to) {
        format!("another field is already named {to:?}: pick another name")
    } else {
        return Ok(Action::from(FieldEdit::RenameField {
            field: field.to_string(),
            to,
        }));
    };
    Err(Unsettled {
        setting: format!("name of field {field}"),
        text,
        problem,
    })
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

impl<'a> FieldSettings<'a> {
    pub fn new(i: usize, f: &'a Field, props: Around<'a>) -> FieldSettings<'a> {
        FieldSettings { i, f, props }
    }

    pub fn view(&self) -> Html {
        let (i, f) = (self.i, self.f);
        let name = f.name.clone();
        let kind = on(self.props.dispatch, move |v| {
            Some(Action::from(FieldEdit::SetKind {
                field: name.clone(),
                kind: FieldKind::default_of(&v)?,
            }))
        });
        let kind_options = kinds().iter().map(|k| (k.to_string(), k.to_string())).collect();
        html! { <>
            { self.name_input() }
            { controls::select(&format!("seg-{i}-kind"), "kind", kind_options, f.kind.name(), kind) }
            { self.kind_settings() }
            { self.warn_at() }
            { self.changes_later() }
        </> }
    }

    fn name(&self) -> String {
        self.f.name.clone()
    }

    fn input(&self, s: Setting) -> Html {
        let props = &self.props;
        html! {
            <span class="control">
                <label for={format!("seg-{}-{}", self.i, s.key)}>{ s.label }</label>
                <TypedInput id={format!("seg-{}-{}", self.i, s.key)} class={classes!("short")} inputmode="decimal" value={s.value} read={s.read}
                    dispatch={props.dispatch.clone()} unsettled_key={SettingKey::new(props.entity, SettingOf::Field(self.f.name.clone()), s.key)}
                    unsettled={props.unsettled.get(s.key).cloned()} />
            </span>
        }
    }

    fn name_input(&self) -> Html {
        let (i, props) = (self.i, &self.props);
        let read = {
            let (field, siblings) = (self.name(), props.siblings.to_vec());
            Callback::from(move |text: String| rename(&field, &siblings, text))
        };
        html! {
            <span class="control">
                <label for={format!("seg-{i}-name")}>{ "field" }</label>
                <TypedInput id={format!("seg-{i}-name")} class={classes!("name")} value={self.name()} {read}
                    dispatch={props.dispatch.clone()} unsettled_key={SettingKey::new(props.entity, SettingOf::Field(self.f.name.clone()), "name")}
                    unsettled={props.unsettled.get("name").cloned()} maxlength={NAME_MAX as u32} />
            </span>
        }
    }

    /// A whole-number setting from `min` to the digits left of 38: a decimal's width and
    /// scale share them, so a width of 37 with a scale of 2 is refused here, beside the
    /// box, rather than applied to make every item unwritable.
    fn number(&self, key: &'static str, value: u32, min: u32, make: fn(String, u32) -> Action) -> Html {
        let field = self.name();
        let shared = match self.f.kind {
            FieldKind::Decimal { width, scale, .. } => Some(if key == "width" { scale } else { width }),
            _ => None,
        };
        let max = MAX_DIGITS.saturating_sub(shared.unwrap_or(0)).max(min);
        let read = Callback::from(move |text: String| {
            let mut read = whole(format!("{key} of {field}"), &text, min, max);
            if let (Err(unsettled), Some(other)) = (&mut read, shared) {
                let other_key = if key == "width" { "scale" } else { "width" };
                unsettled.problem.push_str(&format!(" (a decimal's width and scale hold at most {MAX_DIGITS} digits together, and its {other_key} is {other})"));
            }
            read.map(|n| make(field.clone(), n))
        });
        self.input(Setting {
            key,
            label: key,
            value: value.to_string(),
            read,
        })
    }

    fn width(&self, width: u32) -> Html {
        self.number("width", width, 1, |field, width| {
            Action::from(FieldEdit::SetWidth { field, width })
        })
    }

    fn order(&self) -> Html {
        let field = self.name();
        let cb = on(self.props.dispatch, move |v| {
            Some(Action::from(FieldEdit::SetOrder {
                field: field.clone(),
                order: Order::from_name(&v)?,
            }))
        });
        let options = controls::fixed_options(&[("asc", "ascending"), ("desc", "descending (inverted)")]);
        controls::select(
            &format!("seg-{}-order", self.i),
            "order",
            options,
            self.f.kind.order().name(),
            cb,
        )
    }

    /// The settings the field's kind has.
    fn kind_settings(&self) -> Html {
        match self.f.kind {
            FieldKind::Text { case, max_length } => self.text_settings(case, max_length),
            FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } => {
                html! { <>{ self.width(width) }{ self.order() }</> }
            }
            FieldKind::Decimal { width, scale, .. } => html! { <>
                { self.width(width) }
                { self.number("scale", scale, 0, |field, scale| Action::from(FieldEdit::SetScale { field, scale })) }
                { self.order() }
            </> },
            FieldKind::Timestamp { unit, .. } => self.timestamp_settings(unit),
            FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => self.order(),
        }
    }

    fn text_settings(&self, case: Case, max_length: Option<u32>) -> Html {
        let field = self.name();
        let case_cb = on(self.props.dispatch, move |v| {
            Some(Action::from(FieldEdit::SetCase {
                field: field.clone(),
                case: Case::from_name(&v)?,
            }))
        });
        let field = self.name();
        let read = Callback::from(move |text: String| {
            let field = field.clone();
            if text.trim().is_empty() {
                return Ok(Action::from(FieldEdit::SetMaxLength {
                    field,
                    max_length: None,
                }));
            }
            whole(format!("maximum length of {field}"), &text, 1, MAX_TEXT_LENGTH).map(|n| {
                Action::from(FieldEdit::SetMaxLength {
                    field,
                    max_length: Some(n),
                })
            })
        });
        let cases = controls::fixed_options(&[("preserve", "preserve"), ("upper", "UPPER"), ("lower", "lower")]);
        html! { <>
            { controls::select(&format!("seg-{}-case", self.i), "case", cases, case.name(), case_cb) }
            { self.input(Setting {
                key: "maxlength",
                label: "max chars",
                value: max_length.map(|n| n.to_string()).unwrap_or_default(),
                read,
            }) }
        </> }
    }

    fn timestamp_settings(&self, unit: TimeUnit) -> Html {
        let field = self.name();
        let width = match unit {
            TimeUnit::Seconds { width } | TimeUnit::Millis { width } => Some(width),
            TimeUnit::Iso(_) => None,
        };
        let unit_cb = on(self.props.dispatch, move |v| {
            Some(Action::from(FieldEdit::SetUnit {
                field: field.clone(),
                unit: unit.switched_to(&v)?,
            }))
        });
        let units = controls::fixed_options(&[("s", "epoch seconds"), ("ms", "epoch ms"), ("iso", "ISO-8601")]);
        html! { <>
            { controls::select(&format!("seg-{}-unit", self.i), "unit", units, unit.name(), unit_cb) }
            { width.map(|w| self.width(w)).unwrap_or_default() }
            if let TimeUnit::Iso(format) = unit { { self.iso_format(format) } }
            { self.order() }
        </> }
    }

    /// An ISO field's precision and zone: chosen from lists, so no spelling can be wrong.
    fn iso_format(&self, format: IsoFormat) -> Html {
        let set = |edit: fn(IsoFormat, &str) -> Option<IsoFormat>| {
            let field = self.name();
            on(self.props.dispatch, move |v| {
                Some(Action::from(FieldEdit::SetUnit {
                    field: field.clone(),
                    unit: TimeUnit::Iso(edit(format, &v)?),
                }))
            })
        };
        let precisions = IsoPrecision::ALL
            .map(|p| (p.name().to_string(), IsoFormat { precision: p, ..format }.pattern()))
            .to_vec();
        let zone = format.zone.name();
        let mut zones: Vec<(String, String)> = vec![
            ("Z".into(), "Z (UTC)".into()),
            ("none".into(), "none (UTC, unsaid)".into()),
        ];
        zones.extend(COMMON_OFFSETS.iter().map(|&o| (o.to_string(), o.to_string())));
        if !zones.iter().any(|(v, _)| *v == zone) {
            zones.push((zone.clone(), zone.clone()));
        }
        html! { <>
            { controls::select(&format!("seg-{}-precision", self.i), "precision", precisions, format.precision.name(),
                set(|f, v| Some(IsoFormat { precision: IsoPrecision::from_name(v)?, ..f }))) }
            { controls::select(&format!("seg-{}-zone", self.i), "zone", zones, &zone,
                set(|f, v| Some(IsoFormat { zone: IsoZone::from_name(v)?, ..f }))) }
        </> }
    }

    /// The capacity share that warns, for a field with a width.
    fn warn_at(&self) -> Html {
        if self.f.kind.width().is_none() {
            return Html::default();
        }
        let field = self.name();
        let read = Callback::from(move |text: String| match float_text::parse(&text) {
            Some(percent) if percent > 0.0 && percent <= 100.0 => Ok(Action::from(FieldEdit::SetWarnAt {
                field: field.clone(),
                percent,
            })),
            _ => Err(Unsettled {
                setting: format!("warning threshold of {field}"),
                problem: format!("{text:?} is not a percentage above 0 and at most 100: type one, such as 80"),
                text,
            }),
        });
        self.input(Setting {
            key: "warn",
            label: "warn at %",
            value: float_text::shortest(self.f.warn_at()),
            read,
        })
    }

    fn changes_later(&self) -> Html {
        let (field, dispatch) = (self.name(), self.props.dispatch.clone());
        let toggle = Callback::from(move |e: Event| {
            let mutable = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .is_some_and(|input| input.checked());
            dispatch.emit(Action::from(FieldEdit::SetMutable {
                entity: None,
                field: field.clone(),
                mutable: Some(mutable),
            }))
        });
        let id = format!("seg-{}-mutable", self.i);
        html! {
            <span class="control check" title="A value that changes after the item is created cannot be in the table's key (lint L4)">
                <input id={id.clone()} type="checkbox" checked={self.f.changes()} onchange={toggle} />
                <label for={id}>{ "changes later" }</label>
            </span>
        }
    }
}

/// The offsets in use somewhere (whole hours from -12 to +14 and the half and quarter
/// hours of India, Nepal, Newfoundland and others); a document may name any other.
const COMMON_OFFSETS: [&str; 38] = [
    "-12:00", "-11:00", "-10:00", "-09:30", "-09:00", "-08:00", "-07:00", "-06:00", "-05:00", "-04:00", "-03:30",
    "-03:00", "-02:00", "-01:00", "+00:00", "+01:00", "+02:00", "+03:00", "+03:30", "+04:00", "+04:30", "+05:00",
    "+05:30", "+05:45", "+06:00", "+06:30", "+07:00", "+08:00", "+08:45", "+09:00", "+09:30", "+10:00", "+10:30",
    "+11:00", "+12:00", "+12:45", "+13:00", "+14:00",
];
