//! The page's hooks: the analysis, memoised part by part on what each part reads.

use crate::analysis::{assemble, reads, Analysis, LintRead, Parts, PasteView, QueryView};
use crate::browser::services::{self, Later};
pub use crate::document::Same;
use crate::document::{ItemId, Playground, Reads, SnippetPrefs};
use keylab::codec::width::WidthPlan;
use keylab::lint::Finding;
use keylab::preview::{Collection, ItemKeys, NumberVsString, Preview};
use keylab::Schema;
use std::rc::Rc;
use yew::prelude::*;

/// Every view of the state, each recomputed only when what it reads changed: a query
/// edit does not re-sort 100,000 keys, and a width edit does not re-render the snippet
/// twice. The Number vs String view is computed only while it is open (`comparing`):
/// closed, it would cost a sixth of every edit at 100,000 items.
#[hook]
pub fn use_analysis(state: &Rc<Playground>, comparing: bool) -> Rc<Analysis> {
    let keys = use_item_keys(state);
    let preview = use_preview(state, &keys);
    let number_vs_string = use_memo((state.reads(reads::NUMBER_VS_STRING), comparing), |(r, comparing)| {
        comparing.then(|| r.work().number_vs_string()).flatten()
    });
    let number_field = use_memo(state.reads(reads::NUMBER_FIELD), |r| r.work().number_field());
    let collections = use_memo(
        (
            Same(keys.clone()),
            Same(preview.clone()),
            state.reads(reads::COLLECTIONS),
        ),
        |(keys, preview, r)| r.work().collections(&keys.0, preview.0.as_deref()),
    );
    let checked = use_memo(state.reads(reads::CHECKED), |r| r.work().schema.check());
    // What reads every item's table keys (the linter, the query's items, the overwritten
    // marks) or every item's values (the width planner) is worked out in the task after
    // the keys are drawn, from the work as it was then: at 100,000 items an edit is then
    // two short tasks instead of one long one, and the first keys come sooner.
    let later = use_deferred((Same(state.clone()), Same(keys.clone())));
    let after = |pieces| later.as_ref().map(|(s, k)| (k.clone(), s.0.reads(pieces)));
    // The planner reads every item's values too (once, then only the changed ones).
    let plans = use_plans(later.as_ref().map(|(s, _)| &s.0));
    let overwritten = use_memo(after(reads::OVERWRITTEN), |at| {
        at.as_ref()
            .map(|(keys, r)| r.work().overwritten(&keys.0))
            .unwrap_or_default()
    });
    let query = use_memo(after(reads::QUERY), |at| match at {
        Some((keys, r)) => r.work().query_view(&keys.0),
        None => Err(String::new()),
    });
    let lint = use_lint(after(reads::LINT));
    let side_by_side = use_memo(later.as_ref().map(|(s, _)| s.0.reads(reads::SIDE_BY_SIDE)), |r| {
        r.as_ref().and_then(|r| r.work().side_by_side()).map(Rc::new)
    });
    // The paste box's text is read by the second module: read again when it arrives.
    let module = crate::browser::second_module::settled();
    let pasted = use_memo((after(reads::PASTED), module), |(at, _)| {
        let (keys, r) = at.as_ref()?;
        let work = r.work();
        if work.pasted.trim().is_empty() {
            return None;
        }
        services::read_pasted(&work.pasted)
            .ready()
            .map(|read| work.paste_view(&keys.0, read))
    });
    let blocked = use_memo(state.reads(reads::BLOCKED), |r| r.work().blocked());
    // Only the parts whose inputs changed were recomputed above; the whole is put
    // together by the same `assemble` the tests run. The parts are compared by identity:
    // a part that was not recomputed is the same `Rc`, and comparing 100,000 preview
    // rows by value on every render (a key hovered re-renders the page) is not free.
    let computed = Computed {
        checking: later.is_none(),
        blocked: Same(blocked),
        preview: Same(preview),
        plans: Same(plans),
        number_field: Same(number_field),
        number_vs_string: Same(number_vs_string),
        collections: Same(collections),
        checked: Same(checked),
        query: Same(query),
        pasted: Same(pasted),
        overwritten: Same(overwritten),
        lint: Same(lint),
        side_by_side: Same(side_by_side),
    };
    use_memo(computed, assembled)
}

/// Every item's keys, encoded once for the views that read them, and after an edit
/// only where the edit can have changed them.
#[hook]
fn use_item_keys(state: &Rc<Playground>) -> Rc<ItemKeys> {
    let last = use_mut_ref(|| None::<(Rc<ItemKeys>, Playground)>);
    let keys = use_memo(state.reads(reads::ITEM_KEYS), move |r| {
        let (mut last, work) = (last.borrow_mut(), r.work());
        let keys = Rc::new(work.item_keys_after(last.as_ref().map(|(k, p)| (&**k, p))));
        *last = Some((keys.clone(), work));
        keys
    });
    (*keys).clone()
}

/// The preview of the selected attribute, from the items' keys, sorted starting from
/// the last one made: after an edit most keys keep their places.
#[hook]
fn use_preview(state: &Rc<Playground>, keys: &Rc<ItemKeys>) -> Rc<Option<Rc<Preview>>> {
    let last = use_mut_ref(|| None::<(Rc<Preview>, Playground)>);
    use_memo((Same(keys.clone()), state.reads(reads::PREVIEW)), move |(keys, r)| {
        let (mut last, work) = (last.borrow_mut(), r.work());
        let made = work
            .preview_after(last.as_ref().map(|(v, p)| (&**v, p)), &keys.0)
            .map(Rc::new);
        if let Some(made) = &made {
            *last = Some((made.clone(), work));
        }
        made
    })
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

/// The design linter's findings, reading again only the items an edit changed where a
/// rule can.
#[hook]
fn use_lint(at: Option<(Same<ItemKeys>, Reads)>) -> Rc<Vec<Finding>> {
    let last = use_mut_ref(|| None::<LintRead>);
    use_memo(at, move |at| {
        let Some((keys, r)) = at else { return Vec::new() };
        let mut last = last.borrow_mut();
        let (findings, read) = r.work().lint_after(&keys.0, last.as_ref());
        *last = Some(read);
        findings
    })
}

/// The width planner, from the largest values found before when only the design changed.
#[hook]
fn use_plans(state: Option<&Rc<Playground>>) -> Rc<Vec<WidthPlan>> {
    let last = use_mut_ref(|| None::<crate::analysis::Largests>);
    use_memo(state.map(|s| s.reads(reads::PLANS)), move |r| {
        let Some(r) = r else { return Vec::new() };
        let mut last = last.borrow_mut();
        let (plans, found) = r.work().plans_after(last.as_ref());
        *last = Some(found);
        plans
    })
}

/// The analysis from its memoised parts, by the same `assemble` the tests run.
fn assembled(c: &Computed) -> Analysis {
    assemble(Parts {
        checking: c.checking,
        blocked: (*c.blocked.0).clone(),
        preview: (*c.preview.0).clone(),
        checked: (*c.checked.0).clone(),
        plans: (*c.plans.0).clone(),
        number_field: (*c.number_field.0).clone(),
        number_vs_string: (*c.number_vs_string.0).clone(),
        collections: c.collections.0.clone(),
        overwritten: c.overwritten.0.clone(),
        query: c.query.0.clone(),
        pasted: c.pasted.0.clone(),
        lint: c.lint.0.clone(),
        side_by_side: (*c.side_by_side.0).clone(),
    })
}

/// The memoised parts of the analysis, each as the memo returned it.
#[derive(PartialEq)]
struct Computed {
    checking: bool,
    blocked: Same<Option<String>>,
    preview: Same<Option<Rc<Preview>>>,
    plans: Same<Vec<WidthPlan>>,
    number_field: Same<Option<String>>,
    number_vs_string: Same<Option<NumberVsString>>,
    collections: Same<Vec<Collection>>,
    checked: Same<(Vec<keylab::Error>, Vec<keylab::Warning>)>,
    query: Same<Result<QueryView, String>>,
    pasted: Same<Option<PasteView>>,
    overwritten: Same<Vec<Option<ItemId>>>,
    lint: Same<Vec<Finding>>,
    side_by_side: Same<Option<Rc<[keylab::compare::Design; 2]>>>,
}

/// The query's code for the chosen SDK, written by the second module (again when it
/// arrives or fails): the view's query with the code settings as they are now.
#[hook]
pub fn use_code(
    schema: &Rc<Schema>,
    query: &Rc<Result<QueryView, String>>,
    prefs: &Rc<SnippetPrefs>,
    module: u32,
) -> Rc<Later<Result<String, String>>> {
    use_memo(
        (Same(schema.clone()), Same(query.clone()), Same(prefs.clone()), module),
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
