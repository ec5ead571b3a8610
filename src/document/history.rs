//! Undo and redo: the only part of the document that knows Yew's reducer.

use super::*;
use yew::Reducible;

/// How many steps undo can go back.
pub const HISTORY: usize = 100;

/// The app's one reducer: the document being edited, with undo and redo.
#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    pub present: Rc<Playground>,
    pub(super) past: Vec<Rc<Playground>>,
    future: Vec<Rc<Playground>>,
    /// The last command's edit, when it was refused: said beside the control that
    /// asked for it until the next command.
    pub refused: Option<(Asker, Refusal)>,
}

/// What the page dispatches: an edit of the document, or a move through its history.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Edit(Action),
    Undo,
    Redo,
    /// Replaces the whole document (a shared link: its code settings are the
    /// sender's), as one undoable step.
    Replace(Box<Playground>),
    /// Another design (a preset, a blank one, an import), as one undoable step, keeping how the
    /// person set up the code panel: its SDK, endpoint and runnable-program choice
    /// are theirs, not the design's. The table-name override belongs to the design.
    Load(Box<Playground>),
    /// Undo steps kept over a reload, read once the page is up: they go before the
    /// steps taken since (the oldest first), as many as the history holds.
    Restore(Vec<Playground>),
}

impl Command {
    /// Whether the person acted on the work: a message about their last action is
    /// stale after it. Choosing another entity or key attribute only looks at the work,
    /// and the undo steps read at boot are no one's action.
    pub fn acts(&self) -> bool {
        !matches!(self, Command::Edit(Action::Focus(_)) | Command::Restore(_))
    }
}

impl Workspace {
    pub fn new(present: Playground) -> Self {
        Workspace {
            present: Rc::new(present),
            past: Vec::new(),
            future: Vec::new(),
            refused: None,
        }
    }
    /// The undo steps, oldest first.
    pub fn past(&self) -> &[Rc<Playground>] {
        &self.past
    }
    /// The document after one edit, for tests and callers outside the page.
    pub fn reduce_edit(self, action: Action) -> Playground {
        let ws = Rc::new(self).reduce(Command::Edit(action));
        (*ws.present).clone()
    }
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    fn commit(&mut self, next: Playground) {
        // An edit that changes nothing (a select set to its own value) is not a step.
        if next == *self.present {
            return;
        }
        self.past.push(std::mem::replace(&mut self.present, Rc::new(next)));
        if self.past.len() > HISTORY {
            self.past.remove(0);
        }
        self.future.clear();
    }
}

impl Reducible for Workspace {
    type Action = Command;

    fn reduce(self: Rc<Self>, command: Command) -> Rc<Self> {
        let mut ws = (*self).clone();
        ws.refused = None;
        match command {
            Command::Edit(action) => {
                let mut next = (*ws.present).clone();
                let asker = action.asker();
                // A refused edit changes nothing, except a typed setting that is settled
                // either way, so the result is committed like any other.
                ws.refused = next.apply(action).err().map(|why| (asker, why));
                ws.commit(next);
            }
            Command::Replace(doc) => ws.commit(*doc),
            Command::Load(doc) => {
                let mut doc = *doc;
                doc.snippet = std::rc::Rc::new(SnippetPrefs {
                    table: doc.snippet.table.clone(),
                    ..(*ws.present.snippet).clone()
                });
                ws.commit(doc);
            }
            Command::Restore(kept) => {
                let mut past: Vec<Rc<Playground>> = kept.into_iter().map(Rc::new).collect();
                past.append(&mut ws.past);
                let skip = past.len().saturating_sub(HISTORY);
                ws.past = past.split_off(skip);
            }
            Command::Undo => {
                if let Some(prev) = ws.past.pop() {
                    ws.future.push(std::mem::replace(&mut ws.present, prev));
                }
            }
            Command::Redo => {
                if let Some(next) = ws.future.pop() {
                    ws.past.push(std::mem::replace(&mut ws.present, next));
                }
            }
        }
        Rc::new(ws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_the_history() {
        let start = Rc::new(Workspace::new(crate::presets::leaderboard()));
        let width = |ws: &Workspace| ws.present.entity().unwrap().field("score").unwrap().kind.width();
        let ws = start.clone().reduce(Command::Edit(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 12,
        })));
        let ws = ws.reduce(Command::Edit(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 14,
        })));
        assert_eq!(width(&ws), Some(14));
        let ws = ws.reduce(Command::Undo);
        assert_eq!((width(&ws), ws.can_redo()), (Some(12), true));
        let ws = ws.reduce(Command::Undo).reduce(Command::Undo);
        assert_eq!(
            (width(&ws), ws.can_undo()),
            (Some(10), false),
            "undo past the start does nothing"
        );
        let ws = ws.reduce(Command::Redo);
        assert_eq!(width(&ws), Some(12));
        let ws = ws.reduce(Command::Edit(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 5,
        })));
        assert!(!ws.can_redo(), "a new edit drops the redo branch");
        let same = ws.clone().reduce(Command::Edit(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 5,
        })));
        assert_eq!(same.past.len(), ws.past.len(), "a no-op edit is not a step");
        let mut many = start;
        for w in 0..(HISTORY as u32 + 20) {
            many = many.reduce(Command::Edit(Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width: w + 1,
            })));
        }
        assert_eq!(many.past.len(), HISTORY);
    }

    /// Every edit, load, import, undo and redo ends the messages of the last action;
    /// looking at another entity or attribute, or steps read at boot, do not.
    #[test]
    fn a_command_acts_unless_it_only_looks() {
        let edit = |a: Action| Command::Edit(a);
        let acting = [
            edit(Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width: 12,
            })),
            edit(Action::from(ItemsEdit::AddRow)),
            edit(Action::from(QueryEdit::SetPasted("x".into()))),
            Command::Load(Box::new(crate::presets::leaderboard())),
            Command::Replace(Box::new(crate::presets::leaderboard())),
            Command::Undo,
            Command::Redo,
        ];
        assert!(acting.iter().all(Command::acts));
        let looking = [
            edit(Action::from(FocusEdit::SelectEntity(EntityId(1)))),
            edit(Action::from(FocusEdit::SelectAttribute("GSI1SK".into()))),
            Command::Restore(Vec::new()),
        ];
        assert!(!looking.iter().any(Command::acts));
    }

    /// Steps kept over a reload go before the steps taken since the page came up, and
    /// the oldest go first when there are too many.
    #[test]
    fn kept_steps_go_before_the_steps_taken_since() {
        let start = crate::presets::leaderboard();
        let width = |w: u32| {
            Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width: w,
            })
        };
        let kept: Vec<Playground> = (1..=3)
            .map(|w| Workspace::new(start.clone()).reduce_edit(width(w)))
            .collect();
        let ws = Rc::new(Workspace::new(start.clone())).reduce(Command::Edit(width(11)));
        let ws = ws.reduce(Command::Restore(kept.clone()));
        let widths: Vec<Option<u32>> = (ws.past.iter())
            .map(|p| p.entity().unwrap().field("score").unwrap().kind.width())
            .collect();
        assert_eq!(
            widths,
            [Some(1), Some(2), Some(3), Some(10)],
            "kept, then the page's first state"
        );
        let many = vec![start.clone(); HISTORY + 5];
        let ws = ws.reduce(Command::Restore(many));
        assert_eq!(ws.past.len(), HISTORY);
        assert_eq!(
            ws.past
                .last()
                .unwrap()
                .entity()
                .unwrap()
                .field("score")
                .unwrap()
                .kind
                .width(),
            Some(10)
        );
    }

    /// A refused edit is kept with where it was asked for, until the next command; the
    /// work is unchanged and no undo step is made.
    #[test]
    fn a_refused_edit_is_said_where_it_was_asked_until_the_next_command() {
        let start = crate::presets::leaderboard();
        let ws = Rc::new(Workspace::new(start.clone()));
        let gone = Action::from(ItemsEdit::RemoveRow(ItemId(40)));
        let ws = ws.reduce(Command::Edit(gone));
        let (asker, why) = ws.refused.clone().expect("the refusal is kept");
        assert_eq!(
            (asker, why.0.as_str()),
            (Asker::Items, "there is no item #41: the table has 4")
        );
        assert!(*ws.present == start && !ws.can_undo());
        let snippet = Action::from(PrefsEdit::SetExpectedMax {
            field: "score".into(),
            text: "5".into(),
        });
        let ws = ws.reduce(Command::Edit(snippet));
        assert_eq!(ws.refused, None, "the next command ends it");
        let ws = ws.reduce(Command::Edit(Action::from(FocusEdit::SelectEntity(EntityId(9)))));
        assert_eq!(ws.refused.as_ref().map(|(asker, _)| *asker), Some(Asker::Workbench));
    }
}
