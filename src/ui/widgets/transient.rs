//! A message that says how the person's last action went: shown beside the control that
//! took it, and gone at their next action (an edit, a preset loaded, an import, an
//! export, an undo). A message that outlived its action said things no longer true:
//! "Added 5 item(s)" over another preset's items, "Downloaded …" five presets later.

use crate::document::{Command, Same};
use std::cell::Cell;
use std::rc::Rc;
use yew::prelude::*;

/// How many actions the person has taken, given by the page to every message by
/// context: a message remembers the count it was said at, and shows while it holds.
#[derive(Clone, PartialEq)]
pub struct Actions {
    /// The count when the page was drawn: a change draws the messages again.
    drawn: u64,
    /// Read and counted between draws, as actions happen.
    count: Same<Cell<u64>>,
    /// The same at every draw: only a new count tells the messages to look again.
    redraw: Callback<()>,
}

impl Actions {
    /// One more action: every message said before it goes.
    pub fn took(&self) {
        self.count.set(self.count.get() + 1);
        self.redraw.emit(());
    }

    /// A command the page sends: one that acts on the work ends the messages.
    pub fn took_command(&self, command: &Command) {
        if command.acts() {
            self.took();
        }
    }

    fn now(&self) -> u64 {
        self.count.get()
    }
}

/// The page's count of actions, kept across renders; the page draws again when it grows.
#[hook]
pub fn use_actions() -> Actions {
    let count = (*use_state(|| Same(Rc::new(Cell::new(0u64))))).clone();
    let update = use_force_update();
    let redraw = use_memo((), move |_| Callback::from(move |()| update.force_update()));
    Actions {
        drawn: count.get(),
        count,
        redraw: (*redraw).clone(),
    }
}

/// A message of a component about the person's last action there.
pub struct Transient<T: 'static> {
    said: UseStateHandle<Option<(T, u64)>>,
    /// `None` outside the page (a component drawn on its own): messages then stay.
    actions: Option<Actions>,
}

impl<T> Clone for Transient<T> {
    fn clone(&self) -> Self {
        Transient {
            said: self.said.clone(),
            actions: self.actions.clone(),
        }
    }
}

impl<T> Transient<T> {
    /// Says `message` of the action just taken, after its commands were sent. Saying
    /// something is an action of its own: every message said before goes.
    pub fn say(&self, message: T) {
        let at = self.actions.as_ref().map_or(0, |a| {
            a.took();
            a.now()
        });
        self.said.set(Some((message, at)));
    }

    /// The person closed the message.
    pub fn clear(&self) {
        self.said.set(None);
    }

    /// The message, while no action was taken since it was said.
    pub fn get(&self) -> Option<&T> {
        let (message, at) = (*self.said).as_ref()?;
        let now = self.actions.as_ref().map_or(0, Actions::now);
        (*at == now).then_some(message)
    }
}

#[hook]
pub fn use_transient<T: 'static>() -> Transient<T> {
    Transient {
        said: use_state(|| None),
        actions: use_context::<Actions>(),
    }
}
