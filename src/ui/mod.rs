//! The page: the layout ([`app`]), the hooks that memoise the analysis ([`hooks`]), the
//! panels that make up the workbench ([`panels`]) and the small pieces they share
//! ([`widgets`]). One component per file: props in, callbacks out. None of them computes
//! keys; they render the `Analysis` the core produced.

pub mod app;
pub mod hooks;
pub mod page_hooks;
pub mod panels;
pub mod widgets;

pub use crate::analysis::SHOWN;

/// Says how much of a long list is drawn.
pub fn more_note(total: usize) -> String {
    if total > SHOWN {
        format!(" Showing the first {SHOWN} of {total}.")
    } else {
        String::new()
    }
}
