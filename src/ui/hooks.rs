//! The page's hooks: the analysis, memoised part by part on what each part reads.

use crate::analysis::{assemble, Analysis, Parts};
use crate::document::Playground;
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
    let preview = use_memo((schema.clone(), rows.clone(), attribute.clone()), {
        let s = s.clone();
        move |_| s.preview().map(Rc::new)
    });
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
    let collections = use_memo((schema.clone(), rows.clone(), attribute.clone()), {
        let s = s.clone();
        move |_| s.collections()
    });
    let checked = use_memo(schema.clone(), |schema| schema.check());
    let overwritten = use_memo((schema.clone(), rows.clone(), attribute.clone()), {
        let (s, collections) = (s.clone(), collections.clone());
        move |_| s.overwritten(&collections)
    });
    let query = use_memo((schema.clone(), rows.clone(), s.query.clone(), s.snippet.clone()), {
        let s = s.clone();
        move |_| s.query_view()
    });
    let pasted = use_memo((schema, rows, s.pasted.clone()), {
        let s = s.clone();
        move |_| s.paste_view()
    });
    let blocked = s.blocked();
    // Only the parts whose inputs changed were recomputed above; the whole is put
    // together by the same `assemble` the tests run.
    use_memo(
        (
            preview,
            plans,
            number_field,
            number_vs_string,
            collections,
            checked,
            query,
            pasted,
            overwritten,
            blocked,
        ),
        |(
            preview,
            plans,
            number_field,
            number_vs_string,
            collections,
            checked,
            query,
            pasted,
            overwritten,
            blocked,
        )| {
            assemble(Parts {
                blocked: blocked.clone(),
                preview: (**preview).clone(),
                checked: (**checked).clone(),
                plans: (**plans).clone(),
                number_field: (**number_field).clone(),
                number_vs_string: (**number_vs_string).clone(),
                collections: collections.clone(),
                overwritten: overwritten.clone(),
                query: (**query).clone(),
                pasted: (**pasted).clone(),
            })
        },
    )
}

/// A document as a memo's dependency, equal only to itself: every edit makes a new one,
/// so this says "changed" exactly when it did, without comparing 100,000 items. It holds
/// the document, so its address cannot be reused while the memo remembers it.
#[derive(Clone)]
pub struct Revision(pub Rc<Playground>);

impl PartialEq for Revision {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// What the document derives for one panel, worked out again only after an edit.
#[hook]
pub fn use_derived<T: 'static>(document: &Rc<Playground>, derive: fn(&Playground) -> T) -> Rc<T> {
    use_memo(Revision(document.clone()), move |r| derive(&r.0))
}
