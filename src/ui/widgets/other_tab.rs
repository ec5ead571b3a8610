//! Another tab of keylab saved other work: this tab has stopped saving (its next save
//! would replace that work without a word) and asks whose work stays.

use crate::browser::storage;
use crate::document::{Command, Playground};
use crate::ui::widgets::prompt::use_escape_cancels;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct OtherTabProps {
    /// The work on screen in this tab.
    pub work: Rc<Playground>,
    pub command: Callback<Command>,
    /// The choice is made: saving resumes.
    pub on_done: Callback<()>,
    /// A message for the page (saving this tab's work failed, or the other's is unreadable).
    pub on_problem: Callback<String>,
}

#[function_component]
pub fn OtherTab(props: &OtherTabProps) -> Html {
    let open = {
        let (command, done, problem) = (props.command.clone(), props.on_done.clone(), props.on_problem.clone());
        Callback::from(move |_: MouseEvent| {
            let (work, unreadable) = storage::load();
            match unreadable {
                // The other tab's work cannot be read: this tab's stays, and saving
                // resumes only if the person keeps it.
                Some(why) => problem.emit(why),
                None => {
                    command.emit(Command::Replace(Box::new(work)));
                    done.emit(());
                }
            }
        })
    };
    let keep = {
        let (work, done, problem) = (props.work.clone(), props.on_done.clone(), props.on_problem.clone());
        Callback::from(move |_: MouseEvent| {
            if let Err(why) = storage::save(&work.to_json()) {
                problem.emit(why);
            }
            done.emit(());
        })
    };
    // Brought into sight; Escape leaves the question open: either answer drops one
    // tab's changes from storage, so only a button gives it.
    let prompt = use_node_ref();
    use_escape_cancels(true, prompt.clone(), NodeRef::default(), Callback::noop());
    html! {
        <div class="notice prompt" role="alertdialog" aria-labelledby="other-tab-text" ref={prompt} data-testid="other-tab">
            <p id="other-tab-text">{ "This design was changed in another keylab tab, so this tab has stopped saving: which design stays? Until you choose, changes made here are not saved. Opening the other tab's design keeps this one one Undo away." }</p>
            <button type="button" onclick={open}>{ "Open the other tab's design" }</button>
            <button type="button" onclick={keep}>{ "Keep this tab's design" }</button>
        </div>
    }
}
