//! The page's hooks: the analysis, memoised part by part on what each part reads.

use crate::analysis::{assemble, Analysis, Parts, PasteView, QueryView};
use crate::document::Playground;
use keylab::codec::width::WidthPlan;
use keylab::lint::Finding;
use keylab::preview::{Collection, ItemKeys, NumberVsString, Preview};
use std::rc::Rc;
use yew::prelude::*;

/// Every view of the state, each recomputed only when what it reads changed: a query
/// edit does not re-sort 100,000 keys, and a width edit does not re-render the snippet
/// twice. The Number vs String view is computed only while it is open (`comparing`):
/// closed, it would cost a sixth of every edit at 100,000 items.
#[hook]
pub fn use_analysis(state: &Rc<Playground>, comparing: bool) -> Rc<Analysis> {
    let s = state.clone();
    let schema = state.schema.clone();
    let rows = state.rows.clone();
    let attribute = state.attribute();
    let preview = use_preview(state);
    let plans = use_memo((schema.clone(), rows.clone(), s.entity, s.expected.clone()), {
        let s = s.clone();
        move |_| s.plans()
    });
    let number_vs_string = use_memo(
        (schema.clone(), rows.clone(), attribute.clone(), s.entity, comparing),
        {
            let s = s.clone();
            move |_| if comparing { s.number_vs_string() } else { None }
        },
    );
    let number_field = use_memo((schema.clone(), attribute.clone(), s.entity), {
        let s = s.clone();
        move |_| s.number_field()
    });
    let keys = use_item_keys(state);
    let collections = use_memo((Same(keys.clone()), attribute.clone()), {
        let (s, keys) = (s.clone(), keys.clone());
        move |_| s.collections(&keys)
    });
    let checked = use_memo(schema.clone(), |schema| schema.check());
    let overwritten = use_memo((Same(keys.clone()), Same(collections.clone())), {
        let (s, collections, keys) = (s.clone(), collections.clone(), keys.clone());
        move |_| s.overwritten(&collections, &keys)
    });
    // The attribute too: a query without a sort condition reads the edited attribute's
    // order, and its band is drawn there.
    let query = use_memo(
        (
            schema.clone(),
            rows.clone(),
            attribute.clone(),
            s.query.clone(),
            s.snippet.clone(),
        ),
        {
            let s = s.clone();
            move |_| s.query_view()
        },
    );
    let lint = use_memo(Same(keys.clone()), {
        let (s, keys) = (s.clone(), keys.clone());
        move |_| s.lint(&keys)
    });
    let side_by_side = use_memo((schema.clone(), rows.clone(), s.query.clone()), {
        let s = s.clone();
        move |_| s.side_by_side().map(Rc::new)
    });
    let pasted = use_memo((schema, rows, attribute, s.pasted.clone()), {
        let s = s.clone();
        move |_| s.paste_view()
    });
    // Only the parts whose inputs changed were recomputed above; the whole is put
    // together by the same `assemble` the tests run. The parts are compared by identity:
    // a part that was not recomputed is the same `Rc`, and comparing 100,000 preview
    // rows by value on every render (a key hovered re-renders the page) is not free.
    let computed = Computed {
        blocked: s.blocked(),
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
    let last = use_mut_ref(|| None::<(Rc<ItemKeys>, Rc<Playground>)>);
    let s = state.clone();
    let keys = use_memo((s.schema.clone(), s.rows.clone()), move |_| {
        let mut last = last.borrow_mut();
        let keys = Rc::new(s.item_keys_after(last.as_ref().map(|(k, p)| (&**k, &**p))));
        *last = Some((keys.clone(), s));
        keys
    });
    (*keys).clone()
}

/// The preview of the selected attribute, sorted starting from the last one made:
/// after an edit most keys keep their places.
#[hook]
fn use_preview(state: &Rc<Playground>) -> Rc<Option<Rc<Preview>>> {
    let last = use_mut_ref(|| None::<(Rc<Preview>, Rc<Playground>)>);
    let s = state.clone();
    use_memo((s.schema.clone(), s.rows.clone(), s.attribute(), s.entity), move |_| {
        let mut last = last.borrow_mut();
        let made = s.preview_after(last.as_ref().map(|(v, p)| (&**v, &**p))).map(Rc::new);
        if let Some(made) = &made {
            *last = Some((made.clone(), s));
        }
        made
    })
}

/// The analysis from its memoised parts, by the same `assemble` the tests run.
fn assembled(c: &Computed) -> Analysis {
    assemble(Parts {
        blocked: c.blocked.clone(),
        preview: (*c.preview.0).clone(),
        checked: (*c.checked.0).clone(),
        plans: (*c.plans.0).clone(),
        number_field: (*c.number_field.0).clone(),
        number_vs_string: (*c.number_vs_string.0).clone(),
        collections: c.collections.0.clone(),
        overwritten: c.overwritten.0.clone(),
        query: (*c.query.0).clone(),
        pasted: (*c.pasted.0).clone(),
        lint: c.lint.0.clone(),
        side_by_side: (*c.side_by_side.0).clone(),
    })
}

/// The memoised parts of the analysis, each as the memo returned it.
#[derive(PartialEq)]
struct Computed {
    blocked: Option<String>,
    preview: Same<Option<Rc<Preview>>>,
    plans: Same<Vec<WidthPlan>>,
    number_field: Same<Option<String>>,
    number_vs_string: Same<Option<NumberVsString>>,
    collections: Same<Vec<Collection>>,
    checked: Same<(Vec<keylab::Error>, Vec<keylab::Warning>)>,
    query: Same<Result<QueryView, String>>,
    pasted: Same<Option<PasteView>>,
    overwritten: Same<Vec<Option<usize>>>,
    lint: Same<Vec<Finding>>,
    side_by_side: Same<Option<Rc<[keylab::compare::Design; 2]>>>,
}

/// A shared value as a memo's dependency, equal only to itself: a memo's result that
/// was not recomputed, or a document no edit replaced, is the same `Rc`, so this says
/// "changed" exactly when it did, without comparing 100,000 items. It holds the value,
/// so its address cannot be reused while the memo remembers it.
pub struct Same<T>(pub Rc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
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
