//! The analysis, natively: each part, and each part from only the pieces it names.

use super::*;
use crate::document::{
    Action, EntityId, FieldEdit, FocusEdit, ItemId, ItemsEdit, Playground, PrefsEdit, QueryEdit, SettingKey, SettingOf,
    TypedEdit, Workspace,
};
use keylab::codec::{KeyValue, Number};
use keylab::query::{KeyCondition, Query};

fn query(sort: Option<KeyCondition>, forward: bool) -> Query {
    Query {
        partition_more: Vec::new(),
        sort_leading: Vec::new(),
        table: "T".into(),
        index: None,
        partition: ("PK".into(), KeyValue::S("P".into())),
        sort: sort.map(|c| ("SK".into(), c)),
        scan_index_forward: forward,
        limit: Some(3),
        max_items: None,
        exclusive_start_key: None,
    }
}

/// Every preset with every piece away from its default: the last entity and its last
/// key attribute (a GSI's, where it has one), a query of the last GSI from the last
/// item, other code settings, an expected maximum, a pasted expression.
fn unusual(id: crate::document::PresetId) -> Playground {
    use crate::document::{QueryDraft, Shape, SnippetPrefs};
    use keylab::snippet::Target;
    let p = crate::presets::load(id).unwrap();
    let (schema, rows) = (p.schema().clone(), p.rows().len());
    let last = EntityId(schema.entities.len() - 1);
    let entity = &schema.entities[last.0];
    let attribute = entity.keys.last().unwrap().attribute.clone();
    let mut edits = vec![
        Action::from(FocusEdit::SelectEntity(last)),
        Action::from(FocusEdit::SelectAttribute(attribute.clone())),
        Action::from(QueryEdit::SetQuery(QueryDraft {
            shape: Shape::Top,
            limit: "2".into(),
            anchor: ItemId(rows - 1),
            index: (schema.table.indexes.last()).map(|i| crate::document::IndexName(i.name.clone())),
            ..QueryDraft::default()
        })),
        Action::from(PrefsEdit::SetSnippet(SnippetPrefs {
            target: Target::Boto3Client,
            program: true,
            table: "Other".into(),
            endpoint: "http://127.0.0.1:8000".into(),
        })),
        Action::from(QueryEdit::SetPasted(format!("{attribute} = :v"))),
    ];
    if let Some(f) = entity.fields.iter().find(|f| f.kind.is_numeric()) {
        edits.push(Action::from(PrefsEdit::SetExpectedMax {
            field: f.name.clone(),
            text: "123456789".into(),
        }));
    }
    edits.into_iter().fold(p, |p, edit| Workspace::new(p).reduce_edit(edit))
}

/// The parts whose values differ between two analyses (an analysis compares its parts
/// by identity).
fn differing(a: &Analysis, b: &Analysis) -> Vec<&'static str> {
    let (x, y) = (&a.settled, &b.settled);
    [
        ("checking", a.checking == b.checking),
        ("blocked", *a.blocked == *b.blocked),
        ("preview", *a.preview == *b.preview),
        ("checked", *a.checked == *b.checked),
        ("number field", *a.number_field == *b.number_field),
        ("number vs string", *a.number_vs_string == *b.number_vs_string),
        ("collections", *a.collections == *b.collections),
        ("query", *x.query == *y.query),
        ("pasted", *x.pasted == *y.pasted),
        ("overwritten", *x.overwritten == *y.overwritten),
        ("lint", *x.lint == *y.lint),
        ("plans", *x.plans == *y.plans),
        ("side by side", *x.side_by_side == *y.side_by_side),
    ]
    .into_iter()
    .filter(|(_, same)| !same)
    .map(|(part, _)| part)
    .collect()
}

/// Edits of every piece: a value, a width, the items, the focus, the query, the paste
/// box, the code settings, an expected maximum, a setting typed but not applicable.
fn edits_of_every_piece(p: &Playground) -> Vec<Action> {
    let entity = &p.schema().entities[p.focus().entity.0];
    let field = entity
        .fields
        .iter()
        .find(|f| f.kind.width().is_some())
        .unwrap_or(&entity.fields[0]);
    let mut query = (**p.query()).clone();
    query.shape = crate::document::Shape::Collection;
    vec![
        Action::from(ItemsEdit::SetValue {
            item: ItemId(0),
            field: field.name.clone(),
            text: "7".into(),
        }),
        Action::from(FieldEdit::SetWidth {
            field: field.name.clone(),
            width: 12,
        }),
        Action::from(ItemsEdit::AddRow),
        Action::from(ItemsEdit::RemoveRow(ItemId(0))),
        Action::from(FocusEdit::SelectAttribute(p.schema().table.primary.partition.clone())),
        Action::from(FocusEdit::SelectEntity(EntityId(0))),
        Action::from(QueryEdit::SetQuery(query)),
        Action::from(QueryEdit::SetPasted("PK = :p".into())),
        Action::from(PrefsEdit::SetExpectedMax {
            field: field.name.clone(),
            text: "99999".into(),
        }),
        width_of_minus_three(&field.name),
    ]
}

/// A width of -3 typed for a field of the first entity: kept, not applied.
fn width_of_minus_three(field: &str) -> Action {
    let unsettled = crate::document::Unsettled {
        setting: format!("width of {field}"),
        text: "-3".into(),
        problem: "a width is a whole number from 1 up".into(),
    };
    Action::from(TypedEdit::Typed {
        key: SettingKey::new(EntityId(0), SettingOf::Field(field.into()), "width"),
        outcome: Err(unsettled),
    })
}

/// The session the page runs, edit after edit (each part worked out again only when its
/// arguments changed, the keys, the preview, the linter and the planner from their last
/// run), gives the analysis a new session gives, on every preset, after edits of every
/// piece.
#[test]
fn the_session_after_edits_is_the_session_from_scratch() {
    for preset in crate::presets::PRESETS {
        let mut p = unusual(preset.id);
        let mut session = Session::default();
        session.analyse(&Rc::new(p.clone()));
        for edit in edits_of_every_piece(&p) {
            p = Workspace::new(p).reduce_edit(edit.clone());
            let work = Rc::new(p.clone());
            let (after, fresh) = (session.analyse(&work), Session::default().analyse(&work));
            assert_eq!(differing(&after, &fresh), [""; 0], "{}: {edit:?}", preset.id);
            assert!(
                Rc::ptr_eq(&after, &session.analyse(&work)),
                "nothing changed, nothing made"
            );
        }
    }
}

/// A part is worked out again only when what it reads changed: a query edit keeps the
/// preview, the collections and the linter's findings; a width edit keeps the query's
/// draft-only parts' inputs but makes new keys.
#[test]
fn an_edit_reworks_only_the_parts_that_read_what_it_changed() {
    let p = crate::presets::leaderboard();
    let mut session = Session::default();
    let before = session.analyse(&Rc::new(p.clone()));
    let mut query = (**p.query()).clone();
    query.shape = crate::document::Shape::Collection;
    let queried = Workspace::new(p.clone()).reduce_edit(Action::from(QueryEdit::SetQuery(query)));
    let after = session.analyse(&Rc::new(queried));
    assert!(after.preview == before.preview && after.collections == before.collections);
    assert!(after.settled.lint == before.settled.lint && after.checked == before.checked);
    assert!(after.settled.query != before.settled.query);
    let widened = Workspace::new(p).reduce_edit(Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 12,
    }));
    let after = session.analyse(&Rc::new(widened));
    assert!(after.preview != before.preview && after.checked != before.checked);
}

/// Before the page's second task, what reads every item's keys is not worked out and
/// says so; a setting typed but not applicable blocks the views that read the keys.
#[test]
fn the_first_task_draws_the_keys_and_the_second_the_rest() {
    let p = Rc::new(unusual(crate::document::PresetId::Leaderboard));
    let mut session = Session::default();
    let drawn = session.draw(&p);
    let first = session.analysis(&drawn, None, false, PasteReader::NOW);
    assert!(first.checking && first.preview.is_some() && first.settled.lint.is_empty());
    assert_eq!(first.settled.query.0.as_ref().clone().unwrap_err(), "");
    assert!(first.number_vs_string.is_none(), "closed, not worked out");
    let second = session.analysis(&drawn, Some(&drawn), true, PasteReader::NOW);
    assert!(!second.checking && second.settled.query.is_ok() && second.number_vs_string.is_some());
    assert!(second.preview == first.preview, "the keys are not drawn again");
    let typed = Workspace::new((*p).clone()).reduce_edit(width_of_minus_three("score"));
    let blocked = session.analyse(&Rc::new(typed));
    let why = blocked.blocked.0.as_ref().clone().expect("a width of -3 blocks");
    assert!(blocked.preview.is_none() && blocked.collections.is_empty());
    assert_eq!(blocked.settled.query.0.as_ref().clone().unwrap_err(), why);
}

#[test]
fn the_number_vs_string_view_is_named_by_its_field() {
    let p = crate::presets::leaderboard();
    let a = p.analyse();
    assert_eq!(a.number_field.as_deref(), Some("score"));
    assert_eq!(a.number_vs_string.as_ref().map(|c| c.field.as_str()), Some("score"));
}

#[test]
fn a_band_states_each_bound_as_the_condition_does() {
    let s = |t: &str| KeyValue::S(t.into());
    let band = Band::of(
        &query(Some(KeyCondition::Between(s("a"), s("b\u{10FFFF}"))), false),
        "SK".into(),
    );
    assert_eq!(band.lower.as_deref(), Some(">= \"a\" (BETWEEN)"));
    // The builder's upper bound for "everything under a prefix" shows as its escape.
    assert_eq!(band.upper.as_deref(), Some("<= \"b\\udbff\\udfff\" (BETWEEN)"));
    assert_eq!(
        (band.forward, band.limit, band.partition.as_str()),
        (false, Some(3), "P")
    );
    let band = Band::of(
        &query(
            Some(KeyCondition::Lt(KeyValue::N(Number::parse("-1.5").unwrap()))),
            true,
        ),
        "SK".into(),
    );
    assert_eq!((band.lower, band.upper.as_deref()), (None, Some("< -1.5")));
    let band = Band::of(&query(Some(KeyCondition::BeginsWith(s("ORDER#"))), true), "SK".into());
    assert_eq!(band.lower.as_deref(), Some("the first key that begins_with \"ORDER#\""));
    let band = Band::of(&query(None, true), "SK".into());
    assert_eq!((band.lower, band.upper), (None, None));
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// Edit after edit (ids that mix case typed into a field stored upper-cased, words,
    /// the field's case changed, a width changed), the findings made from what the
    /// linter read before are the findings made reading every item again.
    #[test]
    fn lint_after_edits_is_the_lint_made_again(
        edits in proptest::collection::vec((0usize..40, 0usize..4, "(aBcDeFgH1|spring|AbCdEfGh1|Spring)"), 1..10),
    ) {
        use crate::document::{Action, FieldEdit, ItemsEdit, Workspace};
        let mut p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 40, seed: 1 }));
        let mut session = Session::default();
        session.analyse(&Rc::new(p.clone()));
        for (item, kind, text) in edits {
            let edit = match kind {
                0 => Action::from(FieldEdit::SetCase { field: "season".into(), case: keylab::schema::Case::Preserve }),
                1 => Action::from(FieldEdit::SetCase { field: "season".into(), case: keylab::schema::Case::Upper }),
                2 => Action::from(FieldEdit::SetWidth { field: "score".into(), width: 4 + (item % 8) as u32 }),
                _ => Action::from(ItemsEdit::SetValue { item: ItemId(item), field: "season".into(), text }),
            };
            p = Workspace::new(p).reduce_edit(edit);
            let work = Rc::new(p.clone());
            let findings = session.analyse(&work).settled.lint.clone();
            proptest::prop_assert_eq!(&*findings, &*Session::default().analyse(&work).settled.lint);
        }
    }
}

/// The order-status preset's ByStatus index is keyed by (customer, status): its
/// partitions are those tuples, and the query's band names the same one, so the keys
/// list draws it on the partition the picker shows. Before, the partitions were one per
/// customer (c-17 held its SHIPPED order among the OPEN ones) and the band named only
/// "c-17".
#[test]
fn a_multi_attribute_partition_is_its_tuple_in_the_picker_and_the_query() {
    use crate::document::{Action, FocusEdit, PresetId, Workspace};
    let preset = crate::presets::load(PresetId::named("order-status").unwrap()).unwrap();
    let p = Workspace::new(preset).reduce_edit(Action::from(FocusEdit::SelectAttribute("date".into())));
    let a = p.analyse();
    let partitions: Vec<(String, usize)> = (a.collections.iter())
        .map(|c| (c.partition.clone(), c.items.len()))
        .collect();
    assert_eq!(
        partitions,
        [
            ("customer c-17 · status OPEN".to_string(), 4),
            ("customer c-17 · status SHIPPED".to_string(), 1),
            ("customer c-42 · status OPEN".to_string(), 1),
        ]
    );
    let band = a.settled.query.0.as_ref().clone().unwrap().band.clone();
    assert_eq!(band.partition, "customer c-17 · status OPEN");
    // Its order is the tuple (date, amount): drawn on no one attribute's keys, but on
    // theirs the list can say which partition the query reads.
    assert_eq!(
        (band.attribute.as_str(), band.tuple.as_slice()),
        ("", &["date".to_string(), "amount".to_string()][..])
    );
}

impl crate::document::Playground {
    /// The analysis of this work as the page shows it once an edit settled, by a
    /// session of its own.
    pub fn analyse(&self) -> Analysis {
        (*Session::default().analyse(&Rc::new(self.clone()))).clone()
    }
}
