//! One small component per file: props in, callbacks out. None of them computes keys;
//! they render the `Analysis` the core produced.

pub mod app;
pub mod attribute_picker;
pub mod byte_view;
pub mod collection_view;
pub mod controls;
pub mod copy_button;
pub mod elided;
pub mod entity_picker;
pub mod files;
pub mod flip;
pub mod history_buttons;
pub mod hit_list;
pub mod key_segments;
pub mod link_prompt;
pub mod messages;
pub mod new_design;
pub mod paste_box;
pub mod paste_items;
pub mod preset_picker;
pub mod preview_panel;
pub mod query_band;
pub mod query_panel;
pub mod samples_table;
pub mod schema_editor;
pub mod segment_row;
pub mod snippet_panel;
pub mod template_editor;
pub mod theme_toggle;
pub mod typed_input;

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

/// Longest list of keys drawn at once: the order of every item is computed, but a list
/// of 100,000 elements would stall the page.
pub const SHOWN: usize = 500;

/// Says how much of a long list is drawn.
pub fn more_note(total: usize) -> String {
    if total > SHOWN {
        format!(" Showing the first {SHOWN} of {total}.")
    } else {
        String::new()
    }
}

/// Puts a plain message at the top of the page, outside the app (which may be dead).
pub fn show_fatal(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let (Ok(p), Some(body)) = (document.create_element("p"), document.body()) {
        p.set_text_content(Some(message));
        let _ = p.set_attribute("role", "alert");
        let _ = p.set_attribute("class", "notice fatal");
        let _ = body.prepend_with_node_1(&p);
    }
}
