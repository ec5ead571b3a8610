//! What each part of the page costs at 100,000 items, natively: the numbers behind the
//! 100,000-item figures in docs/performance.md (section 3). Timing, not a test:
//!
//!     cargo run --release --example hundred_thousand
//!
//! The page runs the same code as wasm at opt-level z, which is slower by a steady
//! factor (measured in the page by bench/hundred-thousand.mjs); what dominates here
//! dominates there.

use keylab_app::analysis::{self, Session};
use keylab_app::browser::storage;
use keylab_app::document::{Action, FieldEdit, ItemId, ItemsEdit, Playground, Workspace};
use std::rc::Rc;
use std::time::Instant;

/// The median of five runs, in milliseconds.
fn time<T>(mut run: impl FnMut() -> T) -> f64 {
    let mut runs: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(run());
            start.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[2]
}

fn main() {
    let start = keylab_app::presets::leaderboard();
    let p: Playground = Workspace::new(start).reduce_edit(Action::from(ItemsEdit::Generate {
        count: 100_000,
        seed: 7,
    }));
    let widened = Workspace::new(p.clone()).reduce_edit(Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 12,
    }));
    let keys = analysis::item_keys(p.schema(), p.rows(), None);
    let edited = Workspace::new(p.clone()).reduce_edit(Action::from(ItemsEdit::SetValue {
        item: ItemId(0),
        field: "score".into(),
        text: "77".into(),
    }));
    let preview = |w: &Playground, keys, earlier| analysis::preview(w.schema(), w.rows(), w.focus(), keys, earlier);
    let before = preview(&p, &keys, None).expect("the leaderboard has a preview");
    let from_p = Some((&**p.schema(), &p.rows()[..], &keys));
    let widened_keys = analysis::item_keys(widened.schema(), widened.rows(), from_p);
    let edited_keys = analysis::item_keys(edited.schema(), edited.rows(), from_p);
    let earlier = Some((&**p.schema(), &p.rows()[..], &before));
    let saved = storage::saved_text(&p);
    let (settled, mut session) = (Rc::new(p.clone()), Session::default());
    session.analyse(&settled);
    let widened = Rc::new(widened);
    let rows = [
        (
            "the session: a width change and back (two edits, each analysed whole)",
            time(|| {
                session.analyse(&widened);
                session.analyse(&settled)
            }),
        ),
        (
            "  preview: encode every key, sort, naive order",
            time(|| preview(&p, &keys, None)),
        ),
        (
            "  the same after the width change, sorting from the preview before it",
            time(|| preview(&widened, &widened_keys, earlier)),
        ),
        (
            "  every item's table and index keys, encoded once",
            time(|| analysis::item_keys(p.schema(), p.rows(), None)),
        ),
        (
            "  the same after the width change, from the keys before it",
            time(|| analysis::item_keys(widened.schema(), widened.rows(), from_p)),
        ),
        (
            "  the preview after a value edit, from the one before it",
            time(|| preview(&edited, &edited_keys, earlier)),
        ),
        (
            "  the keys after a value edit, from the keys before it",
            time(|| analysis::item_keys(edited.schema(), edited.rows(), from_p)),
        ),
        (
            "  item collections: group and sort each partition",
            time(|| analysis::collections(p.schema(), p.rows(), p.focus(), &keys, Some(&before))),
        ),
        (
            "  overwritten items",
            time(|| analysis::overwritten(p.schema(), p.rows(), &keys)),
        ),
        (
            "  Number vs String view",
            time(|| analysis::number_vs_string(p.schema(), p.rows(), p.focus())),
        ),
        (
            "  width planner",
            time(|| analysis::plans(p.schema(), p.rows(), p.focus().entity, p.expected(), None)),
        ),
        (
            "  design check (lint, over the encoded keys)",
            time(|| analysis::lint(p.schema(), p.rows(), &keys, None)),
        ),
        (
            "  query: one partition's items, run page by page",
            time(|| analysis::query_view(p.schema(), p.rows(), p.focus(), p.query(), &keys)),
        ),
        (
            "an edit itself (one sample value)",
            time(|| {
                Workspace::new(p.clone()).reduce_edit(Action::from(ItemsEdit::SetValue {
                    item: ItemId(0),
                    field: "score".into(),
                    text: "77".into(),
                }))
            }),
        ),
        ("autosave: serialise and deflate", time(|| storage::saved_text(&p))),
        ("  the work as JSON", time(|| p.to_json())),
        (
            "reload: inflate and read the saved work",
            time(|| storage::read(&saved)),
        ),
    ];
    println!("| 100,000 items, natively (median of 5) | ms |\n|---|---|");
    for (what, ms) in rows {
        println!("| {what} | {ms:.0} |");
    }
}
