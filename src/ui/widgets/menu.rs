//! A header menu (a `<details class="menu">` whose items float over the page) closes as
//! any menu does: on Escape, giving the focus back to its button, and on a click or a
//! tap outside it. Left open, it covered the page under it until its button was found
//! again.

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDetailsElement, HtmlElement, KeyboardEvent, Node};
use yew::prelude::*;

/// Closes `menu` (a `<details>`) on Escape and on a press outside it, while it is open.
#[hook]
pub fn use_menu_closing(menu: NodeRef) {
    use_effect_with((), move |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let listeners = document.map(|document| {
            let on_key = {
                let menu = menu.clone();
                EventListener::new(&document, "keydown", move |e| {
                    let escape = e.dyn_ref::<KeyboardEvent>().is_some_and(|k| k.key() == "Escape");
                    if let (true, Some(details)) = (escape, open(&menu)) {
                        close(&details, true);
                    }
                })
            };
            // A press, not a click: a tap on a touch screen and a drag that starts
            // outside close it too, before anything under it reacts.
            let on_press = EventListener::new(&document, "pointerdown", move |e| {
                let Some(details) = open(&menu) else { return };
                let target = e.target().and_then(|t| t.dyn_into::<Node>().ok());
                if !details.contains(target.as_ref()) {
                    close(&details, false);
                }
            });
            (on_key, on_press)
        });
        move || drop(listeners)
    });
}

/// The menu, when it is open.
fn open(menu: &NodeRef) -> Option<HtmlDetailsElement> {
    menu.cast::<HtmlDetailsElement>().filter(HtmlDetailsElement::open)
}

/// Closes the menu; `refocus`: the focus, when it was inside, goes back to its button,
/// so that the keyboard goes on from where the menu was opened.
fn close(details: &HtmlDetailsElement, refocus: bool) {
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    let was_inside = focused.is_some_and(|f| details.contains(Some(f.unchecked_ref::<Node>())));
    details.set_open(false);
    if refocus && was_inside {
        let button = details.query_selector("summary").ok().flatten();
        if let Some(button) = button.and_then(|b: Element| b.dyn_into::<HtmlElement>().ok()) {
            let _ = button.focus();
        }
    }
}

/// Escape in an open disclosure (a `<details>` that holds a form, which a press outside
/// must not close under the typing) closes it and gives the focus back to its summary.
pub fn escape_closes(e: KeyboardEvent) {
    // Yew hands events on from the page's root, so the disclosure is found from the
    // element the key was pressed in, not from the event's current target.
    let details = (e.target())
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|t| t.closest("details").ok().flatten())
        .and_then(|d| d.dyn_into::<HtmlDetailsElement>().ok());
    if let (true, Some(details)) = (e.key() == "Escape", details.filter(HtmlDetailsElement::open)) {
        e.stop_propagation();
        close(&details, true);
    }
}

/// A disclosure opened below the fold (the multi-attribute GSI form at 375 px) is
/// scrolled into sight, by as little as it takes.
pub fn opened_into_sight(e: Event) {
    let details = (e.target()).and_then(|t| t.dyn_into::<HtmlDetailsElement>().ok());
    if let Some(details) = details.filter(HtmlDetailsElement::open) {
        crate::ui::widgets::prompt::scroll_into_sight(&details);
    }
}
