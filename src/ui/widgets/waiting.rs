//! What a view says while the second module it needs is on its way
//! (src/browser/second_module.rs), or why it could not be had, with a way to retry:
//! never a blank panel.

use crate::browser::second_module;
use crate::services::Later;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct WaitingProps {
    pub later: Later<()>,
    /// What the view is waiting for, as the sentence names it ("the SDK code").
    pub what: AttrValue,
}

#[function_component]
pub fn Waiting(props: &WaitingProps) -> Html {
    match &props.later {
        Later::Ready(()) => html! {},
        Later::Loading => {
            html! { <p class="note" role="status" data-testid="second-module-loading">{ format!("Loading {}…", props.what) }</p> }
        }
        Later::Failed(why) => html! {
            <p class="messages" data-testid="second-module-failed">
                <span class="error" role="alert">{ format!("keylab could not load {}: {why}. Check the connection, then retry; the rest of the page works without it.", props.what) }</span>
                { " " }
                <button type="button" onclick={Callback::from(|_: MouseEvent| second_module::load())}>{ "Retry" }</button>
            </p>
        },
    }
}
