//! Opening a share link never replaces the user's work silently: when the link's design
//! differs from the saved one, this asks first.

use crate::browser::link::Linked;
use crate::document::Command;
use crate::ui::widgets::prompt::use_escape_cancels;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LinkPromptProps {
    pub linked: Linked,
    pub command: Callback<Command>,
    pub on_done: Callback<()>,
}

#[function_component]
pub fn LinkPrompt(props: &LinkPromptProps) -> Html {
    let open = {
        let (command, done, design) = (props.command.clone(), props.on_done.clone(), props.linked.work.clone());
        Callback::from(move |_: MouseEvent| {
            command.emit(Command::Replace(Box::new(design.clone())));
            done.emit(());
        })
    };
    // Escape is its "Keep my work", as any question's "no" is.
    let prompt = use_node_ref();
    use_escape_cancels(true, prompt.clone(), NodeRef::default(), props.on_done.clone());
    let keep = {
        let done = props.on_done.clone();
        Callback::from(move |_: MouseEvent| done.emit(()))
    };
    html! {
        <div class="notice prompt" role="alertdialog" aria-labelledby="link-prompt-text" ref={prompt}>
            <p id="link-prompt-text">{ "This link holds a design that differs from your saved work. Open it? Your work stays one Undo away." }</p>
            // What of the link could not be read is said before it is opened, not after.
            if !props.linked.notes.is_empty() {
                <p data-testid="link-notes">{ format!("Some of its settings could not be read and would be reset: {}.", props.linked.notes.join("; ")) }</p>
            }
            <button type="button" onclick={open}>{ "Open the linked design" }</button>
            <button type="button" onclick={keep}>{ "Keep my work" }</button>
        </div>
    }
}
