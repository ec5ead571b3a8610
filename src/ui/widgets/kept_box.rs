//! A text box whose typing waits for a button (items to add, a file's text to import)
//! keeps that text over a reload: stored by the box's name as it is typed, put back once
//! when the box is drawn, forgotten when its use empties it ([`forget`]).

use crate::browser::storage;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// Puts the kept text of the box `name` back into the box at `node` once, and gives
/// the box's input handler, which keeps what is typed. The box is not drawn from state:
/// a `value` would be put back on every render, over the typing.
#[hook]
pub fn use_kept_box(node: &NodeRef, name: &'static str) -> Callback<InputEvent> {
    {
        let node = node.clone();
        use_effect_with((), move |_| {
            let kept = storage::typed(name);
            if let (false, Some(area)) = (kept.is_empty(), node.cast::<HtmlTextAreaElement>()) {
                area.set_value(&kept);
            }
        });
    }
    Callback::from(move |e: InputEvent| storage::keep_typed(name, &crate::ui::widgets::event_text::input_value(&e)))
}

/// Forgets the kept text of the box `name`: its use emptied it.
pub fn forget(name: &str) {
    storage::keep_typed(name, "");
}
