//! The labelled form controls the panels share: a select and a text field, each with
//! its label. One function each rather than the markup repeated in every panel, because
//! each `html!` site is its own code in the page's wasm.

use crate::document::Action;
use crate::ui::widgets::typed_input::{ok, TypedInput};
use yew::prelude::*;

/// A `<select>` with its label; `options` are (value, text) pairs.
pub fn select(
    id: &str,
    label: &str,
    options: Vec<(String, String)>,
    selected: &str,
    onchange: Callback<Event>,
) -> Html {
    html! {
        <span class="control">
            <label for={id.to_string()}>{ label }</label>
            // The `value` property as well as the options' `selected` attributes: once a
            // person has picked an option, the browser ignores that option's attribute,
            // and an undo or a loaded design would leave the control showing the old
            // choice. The attributes still make the first render's choice.
            <select id={id.to_string()} {onchange} ~value={selected.to_string()}>
                { for options.into_iter().map(|(value, text)| {
                    let chosen = value == selected;
                    html! { <option {value} selected={chosen}>{ text }</option> }
                }) }
            </select>
        </span>
    }
}

/// Options whose values and texts are fixed words.
pub fn fixed_options(options: &[(&str, &str)]) -> Vec<(String, String)> {
    options.iter().map(|(v, t)| (v.to_string(), t.to_string())).collect()
}

/// A one-line text field with its label, applied as it is typed (see [`TypedInput`]).
/// `apply` turns the text into the action that applies it.
pub fn text(
    id: &str,
    label: &str,
    value: String,
    placeholder: Option<String>,
    apply: Callback<String, Action>,
    dispatch: Callback<Action>,
) -> Html {
    let read = ok(apply);
    html! {
        <span class="control">
            <label for={id.to_string()}>{ label }</label>
            <TypedInput id={id.to_string()} {value} placeholder={placeholder.map(AttrValue::from)} {read} {dispatch} />
        </span>
    }
}
