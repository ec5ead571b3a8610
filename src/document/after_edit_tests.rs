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

/// The page encodes after an edit only the keys the edit can change; what it gets is
/// what encoding every key again gives.
#[test]
fn keys_after_an_edit_are_the_keys_written_again() {
    let p = Workspace::new(crate::presets::leaderboard())
        .reduce_edit(Action::from(ItemsEdit::Generate { count: 200, seed: 5 }));
    let keys = p.item_keys();
    for edit in edits() {
        let q = Workspace::new(p.clone()).reduce_edit(edit.clone());
        assert_eq!(q.item_keys_after(Some((&keys, &p))), q.item_keys(), "{edit:?}");
    }
}

/// The preview after an edit keeps the keys of the items the edit left alone and sorts
/// from the earlier orders; it is the preview made from scratch.
#[test]
fn the_preview_after_an_edit_is_the_preview_made_again() {
    let p = Workspace::new(crate::presets::leaderboard())
        .reduce_edit(Action::from(ItemsEdit::Generate { count: 200, seed: 5 }));
    let before = p.preview().unwrap();
    for edit in edits() {
        let q = Workspace::new(p.clone()).reduce_edit(edit.clone());
        let keys = q.item_keys();
        assert_eq!(q.preview_after(Some((&before, &p)), &keys), q.preview(), "{edit:?}");
    }
}
