//! A text field that applies what is typed as it is typed: about 150 ms after the last
//! keystroke, and at once on Enter or blur. A value that cannot be applied (a width of
//! `-3`) is not dropped: it stays in the field, is saved with the work as an
//! [`Unsettled`] entry, and its problem is shown next to the field.

use crate::document::{Action, EntityId, SettingKey, SettingOf, TypedEdit, Unsettled};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// How long typing must pause before the value is applied: short enough to feel live,
/// long enough that a 10-digit width is not recomputed once per digit.
const SETTLE_MS: u32 = 150;

/// A field's typing waiting for its pause: the field's id, and what applies it at once.
type Waiting = (AttrValue, Rc<dyn Fn()>);

thread_local! {
    /// The fields whose typing waits for its pause: a page that is left applies them
    /// all before it saves the work.
    static SETTLING: RefCell<Vec<Waiting>> = const { RefCell::new(Vec::new()) };
}

/// Applies every value still waiting for its pause, now: called as the page is left
/// (a reload 100 ms after a keystroke), so what was typed is in the work it saves.
pub fn settle_all() {
    let waiting = SETTLING.with(|s| std::mem::take(&mut *s.borrow_mut()));
    for (_, apply) in waiting {
        apply();
    }
}

fn waits(id: &AttrValue, apply: Option<Rc<dyn Fn()>>) {
    SETTLING.with(|s| {
        let mut s = s.borrow_mut();
        s.retain(|(other, _)| other != id);
        s.extend(apply.map(|a| (id.clone(), a)));
    });
}

#[derive(Properties, PartialEq)]
pub struct TypedInputProps {
    pub id: AttrValue,
    /// The value the work holds now.
    pub value: AttrValue,
    /// Turns the typed text into the action that applies it, or says why it cannot be.
    pub read: Callback<String, Result<Action, Unsettled>>,
    pub dispatch: Callback<Action>,
    /// The key under which an unappliable value is kept: see [`Unsettled`].
    #[prop_or_default]
    pub unsettled_key: Option<SettingKey>,
    /// The text typed earlier that could not be applied.
    #[prop_or_default]
    pub unsettled: Option<Unsettled>,
    #[prop_or_default]
    pub class: Classes,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    #[prop_or_default]
    pub inputmode: Option<AttrValue>,
    #[prop_or_default]
    pub aria_label: Option<AttrValue>,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    #[prop_or_default]
    pub invalid: bool,
    /// Longest text accepted, in characters.
    #[prop_or_default]
    pub maxlength: Option<u32>,
    /// A multi-line box of this many rows instead of a one-line field.
    #[prop_or_default]
    pub rows: Option<u32>,
    /// At least this many characters wide (the CSS reads `--chars`): a table cell
    /// shows its whole value rather than cutting `WARNING1` to `WARNI`.
    #[prop_or_default]
    pub chars: Option<u32>,
}

/// Applies typed text: the action it reads as, or, when it cannot be applied (or is
/// kept under a key), the typed outcome that keeps it beside the field.
fn applier(props: &TypedInputProps) -> Callback<String> {
    let (read, dispatch) = (props.read.clone(), props.dispatch.clone());
    // Without a key of its own, a problem is kept under the control's id: it still
    // reaches the page.
    let key = props.unsettled_key.clone();
    let control = SettingKey::new(EntityId(0), SettingOf::Control(props.id.to_string()), "value");
    Callback::from(move |text: String| {
        let action = match (read.emit(text), &key) {
            (Ok(action), None) => action,
            (outcome, key) => Action::from(TypedEdit::Typed {
                key: key.clone().unwrap_or_else(|| control.clone()),
                outcome: outcome.map(Box::new),
            }),
        };
        dispatch.emit(action);
    })
}

/// The typing in a field, applied once it settles: the text shown while typing, how many
/// characters a cut paste had, and the field's event handlers.
struct Settling {
    typing: UseStateHandle<Option<String>>,
    pending: Rc<RefCell<Option<(Timeout, String)>>>,
    cut: UseStateHandle<Option<usize>>,
    oninput: Callback<InputEvent>,
    onchange: Callback<Event>,
    onblur: Callback<FocusEvent>,
    onkeydown: Callback<KeyboardEvent>,
}

#[hook]
fn use_settling(props: &TypedInputProps) -> Settling {
    // While text is being typed the field shows it; otherwise what the work holds.
    let typing = use_state(|| None::<String>);
    // The text waiting for the pause to end, and the timer that will apply it.
    let pending: Rc<RefCell<Option<(Timeout, String)>>> = use_mut_ref(|| None);
    // The timer fires after later renders: it must apply through the newest `read`,
    // whose closure holds the newest document (a stale one would undo other edits).
    let latest: Rc<RefCell<Callback<String>>> = use_mut_ref(Callback::noop);
    *latest.borrow_mut() = applier(props);
    // Applies what is waiting now (Enter, blur): the browser does not always send a
    // change event once the page has set the field's value while typing.
    let id = props.id.clone();
    let flush: Rc<dyn Fn()> = {
        let (pending, latest, typing, id) = (pending.clone(), latest.clone(), typing.clone(), id.clone());
        Rc::new(move || {
            waits(&id, None);
            let waiting = pending.borrow_mut().take();
            if let Some((timer, text)) = waiting {
                timer.cancel();
                latest.borrow().emit(text);
            }
            typing.set(None);
        })
    };
    // A text past `maxlength` is cut here, not by the browser's attribute, which cuts a
    // paste without a word: how much was kept is said beside the field.
    let cut = use_state(|| None::<usize>);
    {
        // A field that goes away takes its waiting value with it.
        let id = id.clone();
        use_effect_with((), move |_| move || waits(&id, None));
    }
    let oninput = {
        let (typing, pending, latest, cut, max, flush) = (
            typing.clone(),
            pending.clone(),
            latest.clone(),
            cut.clone(),
            props.maxlength,
            flush.clone(),
        );
        Callback::from(move |e: InputEvent| {
            let (text, was) = within(crate::ui::widgets::event_text::input_value(&e), max);
            cut.set(was);
            typing.set(Some(text.clone()));
            let (fire, late, settled) = (pending.clone(), latest.clone(), id.clone());
            let timer = Timeout::new(SETTLE_MS, move || {
                waits(&settled, None);
                if let Some((_, text)) = fire.borrow_mut().take() {
                    late.borrow().emit(text);
                }
            });
            *pending.borrow_mut() = Some((timer, text));
            waits(&id, Some(flush.clone()));
        })
    };
    let onchange = {
        let flush = flush.clone();
        Callback::from(move |_: Event| flush())
    };
    let onblur = {
        let flush = flush.clone();
        Callback::from(move |_: FocusEvent| flush())
    };
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" && !e.shift_key() {
            flush();
        }
    });
    Settling {
        typing,
        pending,
        cut,
        oninput,
        onchange,
        onblur,
        onkeydown,
    }
}

/// The text kept of what was typed: all of it, or its first `max` characters with how
/// many there were.
fn within(text: String, max: Option<u32>) -> (String, Option<usize>) {
    let count = text.chars().count();
    match max.map(|m| m as usize).filter(|m| count > *m) {
        Some(m) => (text.chars().take(m).collect(), Some(count)),
        None => (text, None),
    }
}

#[function_component]
pub fn TypedInput(props: &TypedInputProps) -> Html {
    let Settling {
        typing,
        pending,
        cut,
        oninput,
        onchange,
        onblur,
        onkeydown,
    } = use_settling(props);
    // Once the typed text is applied, the field shows the work again, so a value that
    // changes from elsewhere (undo, import) is what the field shows.
    {
        let (typing, pending) = (typing.clone(), pending.clone());
        use_effect_with(props.value.clone(), move |_| {
            if pending.borrow().is_none() {
                typing.set(None);
            }
        });
    }
    let shown = match (&*typing, &props.unsettled) {
        (Some(text), _) => text.clone(),
        (None, Some(u)) => u.text.clone(),
        (None, None) => props.value.to_string(),
    };
    let problem = props.unsettled.as_ref().map(|u| u.problem.clone());
    let invalid = props.invalid || problem.is_some();
    let error_id = format!("{}-problem", props.id);
    let field = match props.rows {
        Some(rows) => html! {
            <textarea id={props.id.clone()} rows={rows.to_string()} spellcheck="false" value={shown} {oninput} {onchange} {onblur}
                placeholder={props.placeholder.clone()} data-testid={props.testid.clone()}
                aria-invalid={if invalid { "true" } else { "false" }}
                aria-describedby={problem.is_some().then(|| error_id.clone())} />
        },
        None => html! {
        <input id={props.id.clone()} class={props.class.clone()} value={shown} {oninput} {onchange} {onblur} {onkeydown}
            style={props.chars.map(|n| format!("--chars: {n}"))}
            placeholder={props.placeholder.clone()} inputmode={props.inputmode.clone()}
            aria-label={props.aria_label.clone()} data-testid={props.testid.clone()}
            aria-invalid={if invalid { "true" } else { "false" }}
            aria-describedby={problem.is_some().then(|| error_id.clone())} />
        },
    };
    html! { <>
        { field }
        { notes(props, *cut, problem, &typing) }
    </> }
}

/// Beside the field: how much of a long paste was kept, and the problem of a value
/// that cannot be applied, with the way to put back what the work holds.
fn notes(
    props: &TypedInputProps,
    cut: Option<usize>,
    problem: Option<String>,
    typing: &UseStateHandle<Option<String>>,
) -> Html {
    html! { <>
        if let (Some(count), Some(max)) = (cut, props.maxlength) {
            <span class="field-note" role="status" data-testid={format!("{}-cut", props.id)}>
                { format!("kept the first {} of {} characters: a name holds at most {}", grouped(max as usize), grouped(count), grouped(max as usize)) }
            </span>
        }
        if let Some(problem) = problem {
            <span class="field-problem" id={format!("{}-problem", props.id)} role="alert" data-testid={format!("{}-problem", props.id)}>{ problem }</span>
            if let Some(key) = props.unsettled_key.clone() {
                <button type="button" class="link" data-testid={format!("{}-put-back", props.id)}
                    onclick={{
                        let (d, typing) = (props.dispatch.clone(), typing.clone());
                        Callback::from(move |_: MouseEvent| {
                            typing.set(None);
                            d.emit(Action::from(TypedEdit::DiscardTyped(key.clone())));
                        })
                    }}>
                    { format!("put back {:?}", crate::ui::widgets::elided::shortened(&props.value)) }
                </button>
            }
        }
    </> }
}

/// A reading that always applies: plain text with nothing to check.
pub fn ok(apply: Callback<String, Action>) -> Callback<String, Result<Action, Unsettled>> {
    Callback::from(move |text: String| Ok(apply.emit(text)))
}

/// A count with thousands separators, as the page writes figures: 1,048,576.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
