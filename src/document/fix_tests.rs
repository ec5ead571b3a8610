//! The fixes the page makes in one click, each one undoable step.

use super::*;

/// The Ticket tracker has no sort key: the page gives it one, each entity's template
/// a literal of its name, and L4's fix then moves `updatedAt` out of it as one step
/// (into the GSI that orders each project's tickets, or a new one), which one undo
/// takes back.
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
        (sk.as_str(), p.focus.attribute.as_str()),
        ("SK", "SK"),
        "the new sort key is the one designed"
    );
    let ticket = &p.schema.entities[0];
    assert_eq!(
        ticket.template("SK").map(|t| t.segments.clone()),
        Some(vec![Segment::Literal("TICKET".into())])
    );
    assert!(
        (*p.analyse().preview)
            .clone()
            .is_some_and(|pv| pv.keys.refused().next().is_none()),
        "every item keeps a key"
    );
    assert_eq!(*ws.clone().reduce(Command::Undo).present, start);
    moves_updated_at_out_of_the_table_key(ws);
}

/// L4's fix on the Ticket tracker with a sort key: by project into GSI1, which serves
/// it; without GSI1, into a new GSI grouped by project, which no rule flags.
fn moves_updated_at_out_of_the_table_key(ws: std::rc::Rc<Workspace>) {
    use yew::Reducible;
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
        .analyse()
        .settled
        .lint
        .iter()
        .any(|f| f.rule == keylab::lint::Rule::MutableKey && f.field.as_deref() == Some("updatedAt")));
    let lint_rules = |p: &Playground| -> Vec<keylab::lint::Rule> {
        (*p.analyse().settled.lint).clone().iter().map(|f| f.rule).collect()
    };
    // Grouped by project: GSI1 already orders each project's tickets by updatedAt, so
    // the fix only takes the field out of the table's key.
    let entity = &before.schema.entities[0];
    let items: Vec<&keylab::Values> = before.rows.iter().map(|r| &*r.values).collect();
    let groups = keylab::lint::group_fields(&before.schema, entity, "updatedAt", &items);
    assert_eq!(groups.first().map(String::as_str), Some("project"), "{groups:?}");
    assert_eq!(
        keylab::lint::serving_index(&before.schema, entity, "updatedAt", "project"),
        Some("GSI1")
    );
    let moved = ws.clone().reduce(Command::Edit(Action::from(DesignEdit::MoveToIndex {
        entity: "Ticket".into(),
        field: "updatedAt".into(),
        group: Some("project".into()),
    })));
    let moved = moved.present.clone();
    assert!(!in_table_key(&moved));
    assert_eq!(
        moved.schema.table.indexes, before.schema.table.indexes,
        "GSI1 serves it"
    );
    assert!(!lint_rules(&moved).contains(&keylab::lint::Rule::MutableKey));

    // Without GSI1, the fix makes one: each project's tickets by updatedAt, then id.
    let bare = ws.reduce(Command::Edit(Action::from(DesignEdit::RemoveIndex(IndexName(
        "GSI1".into(),
    )))));
    let no_index = bare.present.clone();
    let ws = bare.reduce(Command::Edit(Action::from(DesignEdit::MoveToIndex {
        entity: "Ticket".into(),
        field: "updatedAt".into(),
        group: Some("project".into()),
    })));
    let moved = ws.present.clone();
    assert!(!in_table_key(&moved));
    let gsi = moved.schema.table.indexes.last().expect("a new GSI");
    let ticket = &moved.schema.entities[0];
    let pattern = |a: &str| ticket.template(a).map(|t| t.pattern("#"));
    assert_eq!(pattern(&gsi.keys.partition).as_deref(), Some("TICKET#<project>"));
    assert_eq!(
        pattern(gsi.keys.sort.as_deref().unwrap()).as_deref(),
        Some("<updatedAt>#<ticket>")
    );
    let rules = lint_rules(&moved);
    assert!(
        !rules.contains(&keylab::lint::Rule::MutableKey) && !rules.contains(&keylab::lint::Rule::OneItemPerPartition),
        "{rules:?}"
    );
    assert_eq!(ws.reduce(Command::Undo).present, no_index);
}

/// L4's fix on the Leaderboard, its score marked as changing: the index groups the runs
/// by season (the field they share, though it is in the table's key), and the top 3
/// reads that index, returning the same three runs; never one partition of every
/// season, nor another order read quietly from the table.
#[test]
fn the_leaderboards_score_moves_to_an_index_of_each_season_and_the_top_3_follows_it() {
    use std::rc::Rc;
    use yew::Reducible;
    let mut start = crate::presets::load(PresetId::Leaderboard).expect("the preset loads");
    let schema = Rc::make_mut(&mut start.schema);
    let score = schema.entities[0]
        .fields
        .iter_mut()
        .find(|f| f.name == "score")
        .expect("a score");
    score.mutable = Some(true);
    let top = |p: &Playground| -> Vec<ItemId> {
        let view = (*p.analyse().settled.query).clone().expect("the query builds");
        view.hits.list.iter().map(|h| h.item).collect()
    };
    let before = top(&start);
    assert_eq!(before.len(), 3, "the preset reads its top 3");
    let items: Vec<&keylab::Values> = start.rows.iter().map(|r| &*r.values).collect();
    let groups = keylab::lint::group_fields(&start.schema, &start.schema.entities[0], "score", &items);
    assert_eq!(groups.first().map(String::as_str), Some("season"), "{groups:?}");
    let ws = Rc::new(Workspace::new(start.clone())).reduce(Command::Edit(Action::from(DesignEdit::MoveToIndex {
        entity: "Run".into(),
        field: "score".into(),
        group: Some("season".into()),
    })));
    let moved = ws.present.clone();
    let gsi = moved.schema.table.indexes.last().expect("a new GSI");
    let run = &moved.schema.entities[0];
    let pattern = |a: &str| run.template(a).map(|t| t.pattern("#"));
    assert_eq!(pattern(&gsi.keys.partition).as_deref(), Some("RUN#<season>"));
    assert_eq!(
        moved.query.index.as_ref().map(|i| i.0.as_str()),
        Some(gsi.name.as_str())
    );
    assert_eq!(top(&moved), before, "the same three runs, in the same order");
    assert_eq!(*ws.reduce(Command::Undo).present, start);
}
