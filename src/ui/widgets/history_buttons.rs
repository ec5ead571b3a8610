//! Undo and Redo, with their keyboard shortcuts named in the tooltip.

use crate::document::Command;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HistoryButtonsProps {
    pub can_undo: bool,
    pub can_redo: bool,
    pub command: Callback<Command>,
}

#[function_component]
pub fn HistoryButtons(props: &HistoryButtonsProps) -> Html {
    let send = |c: Command| {
        let cb = props.command.clone();
        Callback::from(move |_: MouseEvent| cb.emit(c.clone()))
    };
    html! {
        <div class="history" role="group" aria-label="history">
            <button type="button" disabled={!props.can_undo} title="Undo (Ctrl+Z)" onclick={send(Command::Undo)}>{ "↶ Undo" }</button>
            <button type="button" disabled={!props.can_redo} title="Redo (Ctrl+Shift+Z)" onclick={send(Command::Redo)}>{ "↷ Redo" }</button>
        </div>
    }
}
