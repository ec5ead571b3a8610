//! Saving large work in slices between frames: 100,000 items are about 10 MB of JSON,
//! and writing and deflating them in one task held the page for a fifth of a second
//! after every pause in editing. Here each task writes some items and deflates what it
//! wrote; the last ones store the text and the undo history. Dropping the save (a new
//! edit) cancels what is left of it.

use super::pack::Packer;
use super::storage;
use crate::document::{Playground, SavedWriter};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

/// Items written and deflated per task: about 0.5 MB of JSON.
const ITEMS_PER_SLICE: usize = 5_000;

/// A save in progress; dropping it cancels the rest.
pub struct SlicedSave {
    /// The next slice's timer: dropped with the save, which cancels it.
    _next: Rc<RefCell<Option<Timeout>>>,
}

/// What is left to do.
enum Step {
    Write {
        writer: SavedWriter,
        packer: Packer,
        fed: usize,
    },
    Store {
        json: String,
        packer: Packer,
    },
    History {
        json: String,
    },
}

impl SlicedSave {
    /// Starts saving `work` with this tab's undo steps `past`; `done` hears whether
    /// the work was stored.
    pub fn start(
        work: Rc<Playground>,
        past: Vec<Rc<Playground>>,
        done: impl Fn(Result<(), String>) + 'static,
    ) -> SlicedSave {
        let next = Rc::new(RefCell::new(None));
        let step = Step::Write {
            writer: SavedWriter::new(work),
            packer: Packer::new(storage::PACK_LEVEL),
            fed: 0,
        };
        schedule(Rc::downgrade(&next), step, Rc::new(past), Rc::new(done));
        SlicedSave { _next: next }
    }
}

type Done = Rc<dyn Fn(Result<(), String>)>;

/// Runs `step` in the next task, unless the save was dropped meanwhile.
fn schedule(slot: Weak<RefCell<Option<Timeout>>>, step: Step, past: Rc<Vec<Rc<Playground>>>, done: Done) {
    let Some(held) = slot.upgrade() else { return };
    let timer = Timeout::new(0, move || {
        if let Some(step) = run(step, &past, &done) {
            schedule(slot, step, past, done);
        }
    });
    *held.borrow_mut() = Some(timer);
}

/// One slice of the save; the step after it, or `None` when the save is over.
fn run(step: Step, past: &[Rc<Playground>], done: &Done) -> Option<Step> {
    match step {
        Step::Write {
            mut writer,
            mut packer,
            fed,
        } => {
            let whole = writer.write(ITEMS_PER_SLICE);
            packer.feed(&writer.text().as_bytes()[fed..]);
            let fed = writer.text().len();
            Some(match whole {
                true => Step::Store {
                    json: writer.into_text(),
                    packer,
                },
                false => Step::Write { writer, packer, fed },
            })
        }
        Step::Store { json, packer } => {
            done(storage::save_packed(&json, packer.finish()));
            Some(Step::History { json })
        }
        Step::History { json } => {
            storage::save_history(&json, past);
            None
        }
    }
}
