//! Whether a box's content is wider than the box, so the page can say that it scrolls
//! sideways: a key is never cut at the box's edge without a word.

use gloo::events::EventListener;
use yew::prelude::*;

/// True while the element under `node` is scrolled sideways or could be: checked after
/// every render and whenever the window is resized.
#[hook]
pub fn use_overflows(node: NodeRef) -> bool {
    let overflows = use_state_eq(|| false);
    {
        let (node, overflows) = (node.clone(), overflows.clone());
        use_effect(move || overflows.set(wider(&node)));
    }
    {
        let overflows = overflows.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|w| EventListener::new(&w, "resize", move |_| overflows.set(wider(&node))));
            move || drop(listener)
        });
    }
    *overflows
}

fn wider(node: &NodeRef) -> bool {
    node.cast::<web_sys::Element>()
        .is_some_and(|el| el.scroll_width() > el.client_width() + 1)
}
