//! A question the page asks in place ("Replace your current design and items with …?")
//! is answered "no" by Escape, as any dialog is, and the focus goes back to where the
//! person was when it asked. Before, Escape did nothing and the question stayed until
//! one of its buttons was found.

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, Node};
use yew::prelude::*;

/// While `open`, Escape calls `cancel` (the question's "no"), and puts the focus on
/// `back` when it was in the question or nowhere ([`focus_lost`]). As it opens, the
/// question is scrolled into sight: asked after an import chosen by keyboard at 375 px,
/// it was drawn under the fold, and the page seemed to do nothing.
#[hook]
pub fn use_escape_cancels(open: bool, prompt: NodeRef, back: NodeRef, cancel: Callback<()>) {
    use_effect_with(open, move |open| {
        if *open {
            into_sight(&prompt);
            // Asked with the focus nowhere (a link opened, a menu closed under it), the
            // keyboard starts on the question's last answer, its "no".
            if focus_lost(&prompt) {
                let last = (prompt.cast::<web_sys::Element>())
                    .and_then(|p| p.query_selector_all("button").ok())
                    .and_then(|all| all.item(all.length().checked_sub(1)?))
                    .and_then(|b| b.dyn_into::<HtmlElement>().ok());
                if let Some(button) = last {
                    let _ = button.focus();
                }
            }
        }
        let document = (*open).then(|| web_sys::window().and_then(|w| w.document())).flatten();
        let listener = document.map(|document| {
            EventListener::new(&document, "keydown", move |e| {
                if e.dyn_ref::<KeyboardEvent>().is_some_and(|k| k.key() == "Escape") {
                    let lost = focus_lost(&prompt);
                    cancel.emit(());
                    if lost {
                        focus(&back);
                    }
                }
            })
        });
        move || drop(listener)
    });
}

/// Whether the focus is in the question (whose buttons go with it), on nothing, or on a
/// control no longer drawn (the import box of the files menu, closed as it asked): then
/// it must be put back where the person was.
pub fn focus_lost(prompt: &NodeRef) -> bool {
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let hidden = |f: &web_sys::Element| f.dyn_ref::<HtmlElement>().is_some_and(|h| h.offset_parent().is_none());
    match (focused, prompt.cast::<Node>()) {
        (None, _) => true,
        (Some(f), _) if f.tag_name().eq_ignore_ascii_case("body") || hidden(&f) => true,
        (Some(f), Some(prompt)) => prompt.contains(Some(f.unchecked_ref::<Node>())),
        (Some(_), None) => false,
    }
}

/// Puts the focus on `back`, the control the question came from.
pub fn focus(back: &NodeRef) {
    if let Some(element) = back.cast::<HtmlElement>() {
        let _ = element.focus();
    }
}

/// Scrolls the question into sight, by as little as it takes.
pub fn into_sight(prompt: &NodeRef) {
    if let Some(element) = prompt.cast::<web_sys::Element>() {
        scroll_into_sight(&element);
    }
}

/// Scrolls `element` into sight, by as little as it takes (nothing when it is in view).
pub fn scroll_into_sight(element: &web_sys::Element) {
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}
