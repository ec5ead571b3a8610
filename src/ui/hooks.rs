//! The page's hooks: the analysis, worked out by one [`Session`] in two tasks.

use crate::analysis::{Analysis, PasteReader, QueryView, Session};
use crate::browser::services::{self, Later};
pub use crate::document::Same;
use crate::document::{Playground, SnippetPrefs};
use keylab::Schema;
use std::rc::Rc;
use yew::prelude::*;

/// Every view of the work, each worked out again only when what it reads changed: a
/// query edit does not re-sort 100,000 keys. The page draws what an edit changes first
/// (the keys), then, in the next task, what reads every item's keys or values. The
/// Number vs String view is worked out only while it is open (`comparing`): closed, it
/// would cost a sixth of every edit at 100,000 items.
#[hook]
pub fn use_analysis(state: &Rc<Playground>, comparing: bool) -> Rc<Analysis> {
    let session = use_mut_ref(Session::default);
    let drawn = session.borrow_mut().draw(state);
    let settled = use_deferred(drawn.clone());
    // The paste box's text is read by the second module: read again when it arrives.
    let reader = PasteReader {
        read: |text| services::read_pasted(text).ready(),
        generation: crate::browser::second_module::settled(),
    };
    let analysis = session
        .borrow_mut()
        .analysis(&drawn, settled.as_ref(), comparing, reader);
    analysis
}

/// `value` as it was one task ago, and `None` until the page's first task is over: the
/// page draws what an edit changes first (the keys), then, in the next task, the views
/// given this value. An edit made before that task ran replaces it, so a burst of edits
/// works out those views once, for the last.
#[hook]
fn use_deferred<T: Clone + PartialEq + 'static>(value: T) -> Option<T> {
    let shown = use_state(|| None::<T>);
    {
        let shown = shown.clone();
        use_effect_with(value, move |value| {
            let value = value.clone();
            let next = gloo::timers::callback::Timeout::new(0, move || shown.set(Some(value)));
            move || drop(next)
        });
    }
    (*shown).clone()
}

/// The query's code for the chosen SDK, written by the second module (again when it
/// arrives or fails): the view's query with the code settings as they are now.
#[hook]
pub fn use_code(
    schema: &Rc<Schema>,
    query: &Same<Result<QueryView, String>>,
    prefs: &Rc<SnippetPrefs>,
    module: u32,
) -> Rc<Later<Result<String, String>>> {
    use_memo(
        (Same(schema.clone()), query.clone(), Same(prefs.clone()), module),
        |(schema, query, prefs, _)| match &*query.0 {
            Ok(view) => services::snippet(&schema.0, &view.query, prefs.0.target, &prefs.0.options()),
            Err(why) => Later::Ready(Err(why.clone())),
        },
    )
}

/// What the document derives for one panel, worked out again only after an edit.
#[hook]
pub fn use_derived<T: 'static>(document: &Rc<Playground>, derive: fn(&Playground) -> T) -> Rc<T> {
    use_memo(Same(document.clone()), move |d| derive(&d.0))
}

/// The comparison of the document with an earlier version, while one is chosen: worked
/// out again only after an edit or another choice.
#[hook]
pub fn use_rekeying(
    document: &Rc<Playground>,
    against: Option<Rc<crate::browser::versions::Version>>,
) -> Option<Rc<Result<crate::rekeying::Rekeying, String>>> {
    let memo = use_memo((Same(document.clone()), against.map(Same)), |(d, v)| {
        v.as_ref().map(|v| Rc::new(crate::rekeying::compare(&v.0.work, &d.0)))
    });
    (*memo).clone()
}
