//! The text an input, select or text area holds when one of its events arrives.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The text of the input or select an event came from.
pub fn event_value(e: &Event) -> String {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.value()
    } else if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
        select.value()
    } else if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}

/// The text of the input an `input` event came from.
pub fn input_value(e: &InputEvent) -> String {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.value()
    } else if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
        area.value()
    } else {
        String::new()
    }
}
