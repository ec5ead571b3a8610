//! One small component per file: props in, callbacks out. None of them computes keys;
//! they render the `Analysis` the core produced.

pub mod app;
pub mod byte_view;
pub mod copy_button;
pub mod files;
pub mod history_buttons;
pub mod hit_list;
pub mod link_prompt;
pub mod messages;
pub mod paste_box;
pub mod paste_items;
pub mod preview_panel;
pub mod query_panel;
pub mod samples_table;
pub mod segment_row;
pub mod snippet_panel;
pub mod template_editor;
pub mod theme_toggle;

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The text of the input or select an event came from.
pub fn event_value(e: &Event) -> String {
    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
        input.value()
    } else if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
        select.value()
    } else {
        String::new()
    }
}
