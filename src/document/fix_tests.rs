//! The fixes the page makes in one click, each one undoable step.

use super::*;

/// The Ticket tracker has no sort key: the page gives it one, each entity's template
/// a literal of its name, and L4's fix then moves `updatedAt` out of it as one step
/// (a GSI keyed as the table was), which one undo takes back.
#[test]
fn a_sort_key_is_added_and_a_changing_field_moved_to_a_gsi_each_as_one_undoable_step() {
    use std::rc::Rc;
    use yew::Reducible;
    let start = crate::presets::load(PresetId::Tickets).expect("the preset loads");
    assert!(start.schema.table.primary.sort.is_none());
    let ws = Rc::new(Workspace::new(start.clone())).reduce(Command::Edit(Action::from(DesignEdit::AddSortKey)));
    let p = ws.present.clone();
    let sk = p.schema.table.primary.sort.clone().expect("the table has a sort key");
    assert_eq!(
        (sk.as_str(), p.attribute.as_str()),
        ("SK", "SK"),
        "the new sort key is the one designed"
    );
    let ticket = &p.schema.entities[0];
    assert_eq!(
        ticket.template("SK").map(|t| t.segments.clone()),
        Some(vec![Segment::Literal("TICKET".into())])
    );
    assert!(
        p.preview().is_some_and(|pv| pv.keys.refused().next().is_none()),
        "every item keeps a key"
    );
    assert_eq!(*ws.clone().reduce(Command::Undo).present, start);
    // updatedAt (marked as changing) into the table's sort key: an L4 error.
    let ws = ws.reduce(Command::Edit(Action::from(TemplateEdit::AddFieldSegment(
        "updatedAt".into(),
    ))));
    let in_table_key = |p: &Playground| {
        p.schema.entities[0]
            .keys
            .iter()
            .filter(|k| p.schema.table.is_primary_key(&k.attribute))
            .any(|k| k.fields().any(|f| f == "updatedAt"))
    };
    let before = ws.present.clone();
    assert!(in_table_key(&before));
    assert!(before
        .lint(&before.item_keys())
        .iter()
        .any(|f| f.rule == keylab::lint::Rule::MutableKey && f.field.as_deref() == Some("updatedAt")));
    let ws = ws.reduce(Command::Edit(Action::from(DesignEdit::MoveToIndex {
        entity: "Ticket".into(),
        field: "updatedAt".into(),
    })));
    let moved = ws.present.clone();
    assert!(!in_table_key(&moved));
    assert_eq!(moved.schema.table.indexes.len(), before.schema.table.indexes.len() + 1);
    let gsi = moved.schema.table.indexes.last().expect("a new GSI");
    let entity = &moved.schema.entities[0];
    let copied = |from: &str, to: &Option<String>| {
        to.as_deref()
            .and_then(|a| entity.template(a))
            .map(|t| t.segments.clone())
            == before.schema.entities[0].template(from).map(|t| t.segments.clone())
    };
    assert!(
        copied("PK", &Some(gsi.keys.partition.clone())) && copied("SK", &gsi.keys.sort),
        "the GSI is keyed as the table was"
    );
    assert!(moved
        .lint(&moved.item_keys())
        .iter()
        .all(|f| f.rule != keylab::lint::Rule::MutableKey));
    assert_eq!(ws.reduce(Command::Undo).present, before);
}
