//! The analysis of one page, edit after edit, in the page's two tasks: the keys first,
//! then (a task later) what reads every item's keys or values.

use super::memo::{Earlier, Memos};
use super::{query, Analysis, Largests, Settled};
use crate::document::{Playground, Same};
use keylab::preview::{ItemKeys, Preview};
use keylab::query::pasted::Pasted;
use std::rc::Rc;

/// The analysis of one page, worked out again part by part after each edit: a part is
/// worked out again only when one of its arguments changed, and the parts that can
/// rework only what an edit changed (the keys, the preview, the linter, the width
/// planner) are given their last run. Yew-free: the tests drive the same session
/// through the same edits as the page.
#[derive(Default)]
pub struct Session {
    memos: Memos,
    last: Option<Rc<Analysis>>,
}

/// A work as the page's first task drew it: the work and its items' keys, compared by
/// identity.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    work: Same<Playground>,
    keys: Same<ItemKeys>,
}

/// How the paste box's text is read: in the page by its second module, which may not
/// have arrived (`None` until it has); `generation` counts its arrivals, so a text read
/// while it was missing is read again when it comes.
#[derive(Clone, Copy, Debug)]
pub struct PasteReader {
    pub read: fn(&str) -> Option<Result<Pasted, String>>,
    pub generation: u32,
}

impl PartialEq for PasteReader {
    fn eq(&self, other: &Self) -> bool {
        self.generation == other.generation
    }
}

impl PasteReader {
    /// The core's reader, at once (tests and tools).
    pub const NOW: PasteReader = PasteReader {
        read: |text| Some(keylab::query::pasted::read_pasted(text).map_err(|e| e.to_string())),
        generation: 0,
    };
}

impl Session {
    /// The page's first task after an edit: every item's keys, encoded again only where
    /// the edit can have changed them.
    pub fn draw(&mut self, work: &Rc<Playground>) -> Drawn {
        let pieces = (Same(work.schema().clone()), Same(work.rows().clone()));
        let keys = self.memos.carrying(pieces, |(schema, rows), earlier| {
            let earlier = earlier.map(|((schema, rows), keys, ())| (&**schema, &***rows, keys));
            (super::item_keys(schema, rows, earlier), ())
        });
        Drawn {
            work: Same(work.clone()),
            keys,
        }
    }

    /// The analysis of the work `drawn`. What reads every item's table keys or values
    /// (the linter, the query's items, the overwritten marks, the width planner, the
    /// paste box) is worked out from `settled`, the work as drawn a task before (`None`
    /// until the page's first task is over): at 100,000 items an edit is then two short
    /// tasks instead of one long one. The Number vs String view is worked out only
    /// while it is open (`comparing`). A setting typed but not applicable stops every
    /// view that reads the keys: they show the one line that names it instead.
    pub fn analysis(
        &mut self,
        drawn: &Drawn,
        settled: Option<&Drawn>,
        comparing: bool,
        reader: PasteReader,
    ) -> Rc<Analysis> {
        let (m, w, keys) = (&mut self.memos, &drawn.work, &drawn.keys);
        let (schema, rows) = (Same(w.schema().clone()), Same(w.rows().clone()));
        let blocked = m.get(Same(w.unsettled().clone()), |u| super::blocked(u));
        let open = blocked.is_none();
        let drawn_pieces = (keys.clone(), schema.clone(), rows.clone(), w.focus().clone());
        let preview = m.carrying(
            (drawn_pieces.clone(), open),
            |((keys, s, r, focus), open), earlier: Option<Earlier<_, Option<Preview>, ()>>| {
                let earlier = earlier.and_then(|(((_, s, r, _), _), made, ())| Some((&**s, &***r, made.as_ref()?)));
                (open.then(|| super::preview(s, r, focus, keys, earlier)).flatten(), ())
            },
        );
        let collections = m.get(
            (drawn_pieces, preview.clone(), open),
            |((k, s, r, f), p, open)| match open {
                true => super::collections(s, r, f, k, p.as_ref()),
                false => Vec::new(),
            },
        );
        let focused = (schema.clone(), rows, w.focus().clone());
        let number_vs_string = m.get((focused, comparing && open), |((s, r, f), on)| {
            on.then(|| super::number_vs_string(s, r, f)).flatten()
        });
        let number_field = m.get((schema.clone(), w.focus().clone(), open), |(s, f, open)| {
            open.then(|| super::number_field(s, f)).flatten()
        });
        let analysis = Analysis {
            checking: settled.is_none(),
            settled: self.settled(settled, blocked.clone(), reader),
            checked: self.memos.get(schema, |s| super::checked(s)),
            blocked,
            preview,
            collections,
            number_vs_string,
            number_field,
        };
        match &self.last {
            Some(last) if **last == analysis => last.clone(),
            _ => self.last.insert(Rc::new(analysis)).clone(),
        }
    }

    /// The parts worked out from the work as settled a task before: empty while there
    /// is none yet.
    fn settled(&mut self, settled: Option<&Drawn>, blocked: Same<Option<String>>, reader: PasteReader) -> Settled {
        let m = &mut self.memos;
        let at = settled.map(|d| {
            (
                Same(d.work.schema().clone()),
                Same(d.work.rows().clone()),
                d.keys.clone(),
            )
        });
        let open = blocked.is_none();
        let overwritten = m.get((at.clone(), open), |(at, open)| match (at, open) {
            (Some((s, r, k)), true) => super::overwritten(s, r, k),
            _ => Vec::new(),
        });
        let lint = m.carrying(at.clone(), |at, earlier| {
            let Some((s, r, k)) = at else { return Default::default() };
            let earlier = earlier.and_then(|(at, _, read)| at.as_ref().map(|(s, r, _)| (&**s, &r.0, read)));
            super::lint(s, &r.0, k, earlier)
        });
        let work = settled.map(|d| d.work.clone());
        let draft = work.as_ref().map(|w| (Same(w.query().clone()), w.focus().clone()));
        let query = m.get(
            (at.clone(), draft.clone(), blocked.clone()),
            |(at, draft, blocked)| match (at, draft, &**blocked) {
                (_, _, Some(why)) => Err(why.clone()),
                (Some((s, r, k)), Some((q, f)), None) => query::query_view(s, r, f, q, k),
                _ => Err(String::new()),
            },
        );
        let side_by_side = m.get((at.clone(), draft, open), |(at, draft, open)| match (at, draft, open) {
            (Some((s, r, _)), Some((q, _)), true) => super::side_by_side(s, r, q),
            _ => None,
        });
        let typed = work.as_ref().map(|w| (w.pasted().to_string(), w.focus().clone()));
        let pasted = m.get((at.clone(), typed, reader), |(at, typed, reader)| {
            let ((s, r, k), (text, focus)) = (at.as_ref()?, typed.as_ref()?);
            let read = (!text.trim().is_empty()).then(|| (reader.read)(text))??;
            Some(query::paste_view(s, r, focus, k, read))
        });
        let planned = work
            .as_ref()
            .map(|w| (Same(w.rows().clone()), w.focus().entity, Same(w.expected().clone())));
        let plans = m.carrying(
            (at.map(|(s, _, _)| s), planned),
            |pieces, earlier: Option<Earlier<_, _, Option<Largests>>>| match pieces {
                (Some(s), Some((r, entity, expected))) => {
                    let (plans, found) =
                        super::plans(s, &r.0, *entity, &expected.0, earlier.and_then(|e| e.2.as_ref()));
                    (plans, Some(found))
                }
                _ => (Vec::new(), None),
            },
        );
        Settled {
            overwritten,
            lint,
            query,
            side_by_side,
            pasted,
            plans,
        }
    }

    /// Both tasks at once, with the paste box read at once: the analysis as the page
    /// shows it once an edit has settled.
    pub fn analyse(&mut self, work: &Rc<Playground>) -> Rc<Analysis> {
        let drawn = self.draw(work);
        self.analysis(&drawn, Some(&drawn), true, PasteReader::NOW)
    }
}
