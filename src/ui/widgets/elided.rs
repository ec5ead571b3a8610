//! Long text cut to a readable length: its start and its end with "…" between, and the
//! whole text one click away. A 1 MB value would otherwise make a list 900,000 pixels
//! tall, or a key row millions of pixels wide.

// The core's cut (start, end, how many between), drawn here with markup.
use keylab::elide::{parts as cut, visible};
use yew::prelude::*;

/// Characters shown of a long text before it is cut.
pub const KEEP: usize = 120;

/// Characters shown of a message before it is cut: the core already cuts the values a
/// message quotes (`keylab::elide`), so a message fits whole, its fix included.
pub const MESSAGE: usize = 600;

/// A long text as one plain string, for places that hold no markup (select options).
pub fn shortened(text: &str) -> String {
    match cut(text, KEEP) {
        Some((head, tail, _)) => format!("{head}…{tail}"),
        None => text.to_string(),
    }
}

#[derive(Properties, PartialEq)]
pub struct ElidedProps {
    pub text: AttrValue,
    /// Characters shown before the text is cut: messages are sentences, so they keep more.
    #[prop_or(KEEP)]
    pub keep: usize,
}

#[function_component]
pub fn Elided(props: &ElidedProps) -> Html {
    let whole = use_state(|| false);
    // What cannot be seen is drawn as its escape (`\u{202e}`), whole or cut.
    let Some((head, tail, hidden)) = cut(&props.text, props.keep) else {
        return html! { { visible(&props.text).into_owned() } };
    };
    let toggle = {
        let whole = whole.clone();
        Callback::from(move |e: MouseEvent| {
            // The row may be a link or a selectable item: the button is only this.
            e.stop_propagation();
            whole.set(!*whole);
        })
    };
    if *whole {
        return html! { <>
            <span class="whole-text">{ visible(&props.text).into_owned() }</span>
            <button type="button" class="link" onclick={toggle}>{ "show less" }</button>
        </> };
    }
    html! { <>
        { visible(&head).into_owned() }<span class="elision" aria-hidden="true">{ "…" }</span>{ visible(&tail).into_owned() }
        // The name starts with the visible text, so a voice user can say what they see.
        <button type="button" class="link" onclick={toggle} aria-label={format!("+{hidden} characters: show all {}", props.text.chars().count())}>
            { format!("+{hidden} characters") }
        </button>
    </> }
}
