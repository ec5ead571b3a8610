//! The views the page works out again after an edit, from what they were before it,
//! are the views worked out from scratch.

use super::*;

/// Edits of one value, a width, the list of items, and the selected attribute.
fn edits() -> [Action; 5] {
    [
        Action::from(ItemsEdit::SetValue {
            item: ItemId(3),
            field: "score".into(),
            text: "77".into(),
        }),
        Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 12,
        }),
        Action::from(ItemsEdit::AddRow),
        Action::from(ItemsEdit::RemoveRow(ItemId(0))),
        Action::from(FocusEdit::SelectAttribute("PK".into())),
    ]
}

/// The page encodes after an edit only the keys the edit can change, and sorts the
/// preview from the earlier orders keeping the keys of the items the edit left alone:
/// what its session gives is what a new session, encoding every key again, gives.
#[test]
fn keys_and_preview_after_an_edit_are_made_again() {
    use crate::analysis::Session;
    let p = Workspace::new(crate::presets::leaderboard())
        .reduce_edit(Action::from(ItemsEdit::Generate { count: 200, seed: 5 }));
    for edit in edits() {
        let mut session = Session::default();
        let before = session.analyse(&Rc::new(p.clone()));
        let q = Rc::new(Workspace::new(p.clone()).reduce_edit(edit.clone()));
        let (after, fresh) = (session.analyse(&q), Session::default().analyse(&q));
        assert_eq!(*after.preview, *fresh.preview, "{edit:?}");
        assert_eq!(*after.settled.overwritten, *fresh.settled.overwritten, "{edit:?}");
        assert_eq!(*after.collections, *fresh.collections, "{edit:?}");
        assert!(after.preview != before.preview, "{edit:?}: the preview is made again");
    }
}
