//! What each part of the page costs at 100,000 items, natively: the numbers behind the
//! 100,000-item figures in docs/performance.md (section 3). Timing, not a test:
//!
//!     cargo run --release --example hundred_thousand
//!
//! The page runs the same code as wasm at opt-level z, which is slower by a steady
//! factor (measured in the page by bench/hundred-thousand.mjs); what dominates here
//! dominates there.

use keylab_app::browser::storage;
use keylab_app::document::{Action, FieldEdit, ItemId, ItemsEdit, Playground, Workspace};
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
    let keys = p.item_keys();
    let edited = Workspace::new(p.clone()).reduce_edit(Action::from(ItemsEdit::SetValue {
        item: ItemId(0),
        field: "score".into(),
        text: "77".into(),
    }));
    let before = p.preview();
    let widened_keys = widened.item_keys_after(Some((&keys, &p)));
    let edited_keys = edited.item_keys_after(Some((&keys, &p)));
    let saved = storage::saved_text(&p);
    let rows = [
        (
            "whole analysis after a width change (assemble)",
            time(|| widened.analyse()),
        ),
        ("  preview: encode every key, sort, naive order", time(|| p.preview())),
        (
            "  the same after the width change, sorting from the preview before it",
            time(|| widened.preview_after(before.as_ref().map(|b| (b, &p)), &widened_keys)),
        ),
        (
            "  every item's table and index keys, encoded once",
            time(|| p.item_keys()),
        ),
        (
            "  the same after the width change, from the keys before it",
            time(|| widened.item_keys_after(Some((&keys, &p)))),
        ),
        (
            "  the preview after a value edit, from the one before it",
            time(|| edited.preview_after(before.as_ref().map(|b| (b, &p)), &edited_keys)),
        ),
        (
            "  the keys after a value edit, from the keys before it",
            time(|| edited.item_keys_after(Some((&keys, &p)))),
        ),
        (
            "  item collections: group and sort each partition",
            time(|| p.collections(&keys, before.as_ref())),
        ),
        ("  overwritten items", time(|| p.overwritten(&keys))),
        ("  Number vs String view", time(|| p.number_vs_string())),
        ("  width planner", time(|| p.plans())),
        ("  design check (lint, over the encoded keys)", time(|| p.lint(&keys))),
        (
            "  query: one partition's items, run page by page",
            time(|| p.query_view(&keys)),
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
