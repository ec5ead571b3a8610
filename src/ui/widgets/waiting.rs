//! What a view says while the second module it needs is on its way
//! (src/browser/second_module.rs), or why it could not be had, with a way to retry:
//! never a blank panel; and how an action taken before it came is done once it is here.

use crate::browser::second_module;
use crate::browser::services::Later;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The callback a view made at its latest render, for [`again`].
pub type Latest<T> = Rc<RefCell<Option<Callback<(T, bool)>>>>;

/// Asks `latest` again with `value` (and `true`: it waited) once the module has arrived
/// or failed: a view's action taken before the module came is done then, by the view
/// as it is then.
pub fn again<T: 'static>(latest: &Latest<T>, value: T) {
    let latest = latest.clone();
    second_module::then(move || {
        let callback = latest.borrow().clone();
        if let Some(callback) = callback {
            callback.emit((value, true))
        }
    });
}

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
