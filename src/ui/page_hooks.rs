//! What the page does around the work: saves it, answers the undo shortcuts, reads a
//! link pasted into the address bar of an open tab, and fetches the second module.

use crate::browser::autosave::SlicedSave;
use crate::browser::boot::{current_hash, forget_link, read_link, LinkOutcome};
use crate::browser::link::Linked;
use crate::browser::second_module;
use crate::browser::storage;
use crate::document::{Command, Playground, Workspace};
use crate::ui::hooks::Same;
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Up to this many items, every change is saved at once.
const SAVE_AT_ONCE: usize = 5000;

/// Saves the work and this tab's undo steps after each change; a problem saving is put
/// in `problem`. A large table is saved once the edits pause, not after every keystroke,
/// and in slices between frames ([`SlicedSave`]); a new edit cancels a save under way.
/// `stored`: the first work is what storage holds already, and is not saved again.
/// While another tab has changed the saved work since ([`use_other_tab`], returned),
/// nothing is saved until the person chooses whose work stays, so neither tab's is lost.
#[hook]
pub fn use_autosave(
    workspace: &UseReducerHandle<Workspace>,
    problem: UseStateHandle<Option<String>>,
    stored: bool,
) -> UseStateHandle<bool> {
    let other_tab = use_other_tab();
    let past: Vec<Rc<Playground>> = workspace.past().to_vec();
    let kept = use_kept_on_leaving();
    kept.borrow_mut().paused = *other_tab;
    // Noted while drawing, not in the effect below: Yew may give the browser a turn
    // between drawing an edit and running effects, and a tab closed in that turn must
    // keep the work it showed. The handle reads the newest work, values applied as the
    // page is left included.
    kept.borrow_mut().workspace = Some(workspace.clone());
    let first_is_stored = use_mut_ref(|| stored);
    // The work by identity: every edit makes a new one, and comparing 100,000 items
    // (or copying the work) on every render is not free.
    use_effect_with(Same(workspace.present.clone()), move |work| {
        let work = work.0.clone();
        if std::mem::take(&mut *first_is_stored.borrow_mut()) {
            kept.borrow_mut().stored = Some(work);
            return Box::new(|| ()) as Box<dyn FnOnce()>;
        }
        if kept.borrow().paused {
            return Box::new(|| ()) as Box<dyn FnOnce()>;
        }
        if work.rows().len() <= SAVE_AT_ONCE {
            // Written out once, for both the work and its history's fingerprint.
            let json = work.to_json();
            let saved = storage::save(&json);
            if saved.is_ok() {
                kept.borrow_mut().stored = Some(work);
            }
            problem.set(saved.err());
            storage::save_history(&json, &past);
            return Box::new(|| ()) as Box<dyn FnOnce()>;
        }
        let saving = Rc::new(RefCell::new(None::<SlicedSave>));
        let pending = {
            let saving = saving.clone();
            Timeout::new(400, move || {
                let stored = work.clone();
                let save = SlicedSave::start(work, past, move |saved| {
                    if saved.is_ok() {
                        kept.borrow_mut().stored = Some(stored.clone());
                    }
                    problem.set(saved.err());
                });
                *saving.borrow_mut() = Some(save);
            })
        };
        Box::new(move || {
            drop(pending);
            drop(saving.take());
        })
    });
    other_tab
}

/// The work with its undo steps, and the work storage holds, by identity; whether
/// saving is paused while another tab's change is unanswered.
#[derive(Default)]
struct Kept {
    workspace: Option<UseReducerHandle<Workspace>>,
    stored: Option<Rc<Playground>>,
    paused: bool,
}

/// When the tab is hidden or closed (the last chance a page is sure to get), the work,
/// with what is typed but not yet applied, is stored at once with its undo steps, in one task, if storage does not hold
/// it yet: a large table's save waiting for a pause, or any edit whose save has not
/// run, is not lost.
#[hook]
fn use_kept_on_leaving() -> Rc<RefCell<Kept>> {
    let kept = use_mut_ref(Kept::default);
    {
        let kept = kept.clone();
        use_effect_with((), move |_| {
            let flush = move || {
                // Typing still waiting for its pause is applied first (it draws the page,
                // so nothing of `kept` is borrowed meanwhile).
                crate::ui::widgets::typed_input::settle_all();
                let mut kept = kept.borrow_mut();
                let Some(workspace) = kept.workspace.clone() else {
                    return;
                };
                let (work, past) = (workspace.present.clone(), workspace.past().to_vec());
                if kept.paused || kept.stored.as_ref().is_some_and(|s| Rc::ptr_eq(s, &work)) {
                    return;
                }
                let json = work.to_json();
                if storage::save(&json).is_ok() {
                    kept.stored = Some(work);
                }
                storage::save_history(&json, &past);
            };
            let flush = Rc::new(flush);
            let window = web_sys::window();
            let document = window.as_ref().and_then(|w| w.document());
            let on_hide = window.as_ref().map(|w| {
                let flush = flush.clone();
                EventListener::new(w, "pagehide", move |_| flush())
            });
            let on_hidden = document.clone().map(|d| {
                EventListener::new(&d.clone(), "visibilitychange", move |_| {
                    if d.hidden() {
                        flush();
                    }
                })
            });
            move || drop((on_hide, on_hidden))
        });
    }
    kept
}

/// Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo and redo, except inside a text
/// field, where the browser's own undo of the typing applies.
fn shortcut(e: &KeyboardEvent) -> Option<Command> {
    if !(e.ctrl_key() || e.meta_key()) {
        return None;
    }
    let editing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA") || el.has_attribute("contenteditable")
        });
    if editing {
        return None;
    }
    match (e.key().to_ascii_lowercase().as_str(), e.shift_key()) {
        ("z", false) => Some(Command::Undo),
        ("z", true) | ("y", false) => Some(Command::Redo),
        _ => None,
    }
}

/// The undo and redo shortcuts, on the whole page, sent as the page's commands.
#[hook]
pub fn use_shortcuts(command: &Callback<Command>) {
    let command = command.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            // Not passive: the shortcut replaces the browser's own Ctrl+Z.
            EventListener::new_with_options(
                &w,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |e| {
                    if let Some(shortcut) = e.dyn_ref::<KeyboardEvent>().and_then(shortcut) {
                        e.prevent_default();
                        command.emit(shortcut);
                    }
                },
            )
        });
        move || drop(listener)
    });
}

/// Whether another tab has saved other work since this tab last did: the browser tells
/// every other tab of the page when one writes storage. This tab then stops saving
/// (its next save would silently replace the other tab's work) until the person
/// chooses ([`crate::ui::widgets::other_tab::OtherTab`]).
#[hook]
fn use_other_tab() -> UseStateHandle<bool> {
    let changed = use_state_eq(|| false);
    {
        let changed = changed.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "storage", move |e| {
                    let key = e.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key());
                    if storage::is_work(key.as_deref()) {
                        changed.set(true);
                    }
                })
            });
            move || drop(listener)
        });
    }
    changed
}

/// A link pasted into the address bar of an open tab changes only the fragment: it is
/// read as at boot, refused with a notice or asked about.
#[hook]
pub fn use_link_listener(pending: UseStateHandle<Option<Linked>>, notices: UseStateHandle<Vec<String>>) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            EventListener::new(&w, "hashchange", move |_| {
                // Only a share link is read: a plain anchor must not read and parse the
                // saved work (10 MB at 100,000 items) to compare it with nothing.
                let hash = current_hash();
                if !hash.trim_start_matches('#').starts_with(crate::browser::link::KEY) {
                    return;
                }
                // Autosave keeps storage equal to the work on screen.
                let (work, _) = storage::load();
                match read_link(&hash, &work, true) {
                    LinkOutcome::Nothing => {}
                    LinkOutcome::Refused(message) => {
                        forget_link();
                        notices.set(vec![message]);
                    }
                    LinkOutcome::Open(_) => forget_link(),
                    LinkOutcome::Ask(linked) => {
                        notices.set(Vec::new());
                        pending.set(Some(linked));
                    }
                }
            })
        });
        move || drop(listener)
    });
}

/// The callback (the same at every render) that draws the page again when one of key
/// code's runtimes, asked for by a view that needs it, arrives or fails.
#[hook]
pub fn use_runtimes() -> Callback<()> {
    let update = use_force_update();
    let changed = use_memo((), move |_| Callback::from(move |()| update.force_update()));
    (*changed).clone()
}

/// Asks for the second module once the first screen is drawn, and draws the page again
/// each time it arrives or fails; the number changes each time.
#[hook]
pub fn use_second_module() -> u32 {
    let update = use_force_update();
    use_effect_with((), move |_| {
        second_module::watch(move || update.force_update());
        // A task after the first render: the keys are on screen before the fetch starts.
        Timeout::new(0, second_module::load).forget();
    });
    second_module::settled()
}
