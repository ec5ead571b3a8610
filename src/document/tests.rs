//! The document's edits, history and save format, natively.

use super::*;
use serde_json::json;

fn run(actions: Vec<Action>) -> Playground {
    actions
        .into_iter()
        .fold(crate::presets::leaderboard(), |p, a| Workspace::new(p).reduce_edit(a))
}

pub(super) fn edit(p: Playground, actions: Vec<Action>) -> Playground {
    actions.into_iter().fold(p, |p, a| Workspace::new(p).reduce_edit(a))
}

fn sorted_scores(p: &Playground) -> Vec<String> {
    let pv = (*p.analyse().preview).clone().unwrap();
    pv.sorted
        .iter()
        .map(|&i| p.rows[i].values["score"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn default_shows_top_scores_first() {
    assert_eq!(
        sorted_scores(&crate::presets::leaderboard()),
        ["1500", "240", "10", "9"]
    );
}

#[test]
fn order_width_and_values_change_the_preview() {
    let asc = run(vec![Action::from(FieldEdit::SetOrder {
        field: "score".into(),
        order: Order::Asc,
    })]);
    assert_eq!(sorted_scores(&asc), ["9", "10", "240", "1500"]);
    let narrow = run(vec![Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 3,
    })]);
    assert_eq!(
        sorted_scores(&narrow),
        ["240", "10", "9"],
        "1500 overflows width 3 and drops out"
    );
    let edited = run(vec![Action::from(ItemsEdit::SetValue {
        item: ItemId(3),
        field: "score".into(),
        text: "2000".into(),
    })]);
    assert_eq!(sorted_scores(&edited), ["2000", "1500", "240", "10"]);
}

#[test]
fn segments_add_remove_move_and_rename() {
    let p = run(vec![
        Action::from(TemplateEdit::AddSegment(NewSegment::Field)),
        Action::from(TemplateEdit::AddSegment(NewSegment::Literal)),
    ]);
    let t = p.template().unwrap();
    assert_eq!(t.segments.len(), 5);
    assert_eq!(t.segments[3], Segment::field("field1"));
    assert_eq!(p.rows[0].values["field1"], json!("0"));
    let p = run(vec![
        Action::from(TemplateEdit::AddSegment(NewSegment::Field)),
        Action::from(TemplateEdit::RemoveSegment(3)),
    ]);
    assert!(
        p.entity().unwrap().field("field1").is_none(),
        "an unused field is dropped"
    );
    assert!(!p.rows[0].values.contains_key("field1"));
    let p = run(vec![
        Action::from(TemplateEdit::MoveSegment { from: 0, by: 1 }),
        Action::from(TemplateEdit::MoveSegment { from: 0, by: -1 }),
    ]);
    assert_eq!(p.template().unwrap().segments[0], Segment::field("at"));
    let p = run(vec![Action::from(FieldEdit::RenameField {
        field: "player".into(),
        to: "who".into(),
    })]);
    assert_eq!(p.template().unwrap().segments[2], Segment::field("who"));
    assert_eq!(p.rows[1].values["who"], json!("p_8842"));
    let same = run(vec![Action::from(FieldEdit::RenameField {
        field: "player".into(),
        to: "score".into(),
    })]);
    assert_eq!(
        same,
        crate::presets::leaderboard(),
        "renaming onto another field is refused"
    );
}

#[test]
fn kind_switch_keeps_width_and_order() {
    let p = run(vec![Action::from(FieldEdit::SetKind {
        field: "score".into(),
        kind: FieldKind::default_of("int").unwrap(),
    })]);
    assert_eq!(
        p.entity().unwrap().field("score").unwrap().kind,
        FieldKind::Int {
            width: 10,
            order: Order::Desc
        }
    );
    let p = run(vec![Action::from(FieldEdit::SetKind {
        field: "nowhere".into(),
        kind: FieldKind::default_of("int").unwrap(),
    })]);
    assert_eq!(p, crate::presets::leaderboard());
}

#[test]
fn saved_state_round_trips_and_bad_state_is_an_error() {
    let p = run(vec![Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 12,
    })]);
    assert_eq!(Playground::from_json(&p.to_json()), Ok(p));
    for bad in [
        "",
        "{",
        "null",
        "[]",
        r#"{"schema": 1}"#,
        r#"{"schema": {"version": 99}}"#,
    ] {
        assert!(Playground::from_json(bad).is_err(), "{bad}");
    }
    let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
    doc["entity"] = json!(7);
    assert!(Playground::from_json(&doc.to_string()).is_err());
}

#[test]
fn files_round_trip_and_bad_files_say_why() {
    let p = run(vec![Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 12,
    })]);
    assert_eq!(Playground::import(&p.export_all()), Ok(p.clone()));
    let schema_only = Playground::import(&p.schema.to_json_pretty()).unwrap();
    assert_eq!(schema_only.schema, p.schema);
    assert_eq!(schema_only.rows.len(), 1, "one blank item to start from");
    for (bad, needle) in [
        ("{", "not valid JSON"),
        ("[]", "neither a keylab schema"),
        (r#"{"version": 99}"#, "version 99"),
        (r#"{"schema": {"version": 1}}"#, "saved schema is invalid"),
    ] {
        let e = Playground::import(bad).unwrap_err();
        assert!(e.contains(needle), "{bad}: {e}");
    }
}

#[test]
fn analysis_reports_overflow_next_to_the_value() {
    let p = run(vec![Action::from(FieldEdit::SetWidth {
        field: "score".into(),
        width: 3,
    })]);
    let a = p.analyse();
    let pv = (*a.preview).clone().unwrap();
    let errors = pv.errors(1);
    assert_eq!(errors[0].context.field.as_deref(), Some("score"));
    assert_eq!(errors[0].kind.code(), "overflow");
    let plan = a.settled.plans.iter().find(|p| p.field == "score").unwrap();
    assert!(plan.overflows);
}

#[test]
fn absurd_settings_are_reported_not_panics() {
    for width in [0, 39, 50, u32::MAX] {
        let p = run(vec![
            Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width,
            }),
            Action::from(FieldEdit::SetKind {
                field: "at".into(),
                kind: FieldKind::default_of("decimal").unwrap(),
            }),
            Action::from(FieldEdit::SetScale {
                field: "at".into(),
                scale: u32::MAX,
            }),
            Action::from(ItemsEdit::SetValue {
                item: ItemId(0),
                field: "player".into(),
                text: "x".repeat(5000),
            }),
        ]);
        let a = p.analyse();
        assert!(
            a.checked
                .errors
                .iter()
                .any(|e| e.context.field.as_deref() == Some("score")),
            "width {width}"
        );
        assert!(a
            .checked
            .errors
            .iter()
            .any(|e| e.context.field.as_deref() == Some("at")));
    }
}

#[test]
fn out_of_range_actions_are_ignored_not_panics() {
    let p = run(vec![
        Action::from(TemplateEdit::RemoveSegment(99)),
        Action::from(TemplateEdit::MoveSegment { from: 0, by: -1 }),
        Action::from(TemplateEdit::MoveSegment { from: 2, by: 1 }),
        Action::from(ItemsEdit::SetValue {
            item: ItemId(99),
            field: "score".into(),
            text: "1".into(),
        }),
        Action::from(ItemsEdit::RemoveRow(ItemId(99))),
        Action::from(TemplateEdit::SetLiteral {
            segment: 99,
            text: "x".into(),
        }),
    ]);
    assert_eq!(p, crate::presets::leaderboard());
}

#[test]
fn a_setting_that_cannot_apply_is_kept_named_and_saved_until_fixed() {
    let key = SettingKey::new(EntityId(0), SettingOf::Field("score".into()), "width");
    let typed = |outcome| {
        Action::from(TypedEdit::Typed {
            key: key.clone(),
            outcome,
        })
    };
    let bad = Unsettled {
        setting: "width of score".into(),
        text: "-3".into(),
        problem: "\"-3\" is not a whole number from 1 to 38".into(),
    };
    let p = run(vec![typed(Err(bad.clone()))]);
    assert_eq!(
        p.schema,
        crate::presets::leaderboard().schema,
        "the design is unchanged"
    );
    assert_eq!(p.unsettled.get(&key), Some(&bad));
    let why = crate::analysis::blocked(&p.unsettled).unwrap();
    assert!(why.contains("width of score is fixed: \"-3\""), "{why}");
    let analysis = p.analyse();
    assert_eq!(analysis.blocked.as_deref(), Some(why.as_str()));
    // What was typed survives a reload.
    assert_eq!(Playground::from_json(&p.to_json()).unwrap().unsettled, p.unsettled);
    // Typing a width that applies clears it and applies it.
    let fixed = run(vec![
        typed(Err(bad.clone())),
        typed(Ok(Box::new(Action::from(FieldEdit::SetWidth {
            field: "score".into(),
            width: 12,
        })))),
    ]);
    assert!(fixed.unsettled.is_empty() && crate::analysis::blocked(&fixed.unsettled).is_none());
    // Or what was typed is put back, and the applied width stands.
    let back = run(vec![
        typed(Err(bad)),
        Action::from(TypedEdit::DiscardTyped(key.clone())),
    ]);
    assert!(crate::analysis::blocked(&back.unsettled).is_none());
    assert_eq!(back, crate::presets::leaderboard());
    assert_eq!(fixed.entity().unwrap().field("score").unwrap().kind.width(), Some(12));
}

#[test]
fn a_new_entity_has_its_own_partition_and_sort_fields_and_a_rename_can_carry_its_literal() {
    let p = edit(crate::presets::leaderboard(), vec![Action::from(DesignEdit::AddEntity)]);
    let e = p.entity().unwrap();
    assert_eq!(e.name, "Entity1");
    let fields = |a: &str| e.template(a).unwrap().fields().map(str::to_string).collect::<Vec<_>>();
    assert_eq!(
        (fields("PK"), fields("SK")),
        (vec!["owner".to_string()], vec!["id".to_string()])
    );
    let p = edit(
        p,
        vec![
            Action::from(DesignEdit::RenameEntity("Purchase".into())),
            Action::from(TemplateEdit::RenameLiteral {
                from: "ENTITY1".into(),
                to: "PURCHASE".into(),
            }),
        ],
    );
    let sk = p.entity().unwrap().template("SK").unwrap();
    assert_eq!(sk.segments[0], Segment::Literal("PURCHASE".into()));
    // The other entities keep their literals.
    assert_eq!(p.schema.entities[0], crate::presets::leaderboard().schema.entities[0]);
}

#[test]
fn a_blank_design_has_the_names_the_user_gave() {
    let p = Playground::blank("Shop", "Order");
    assert_eq!(p.schema.table.name, "Shop");
    assert_eq!(p.entity().unwrap().name, "Order");
    assert_eq!(p.rows.len(), 1);
    // Its first item has values: its keys are written at once.
    let keys = keylab::query::eval::item_of(&p.schema, "Order", &p.rows[0].values).unwrap();
    assert_eq!(keys["PK"], serde_json::json!({"S": "ORDER#owner-1"}));
    assert_eq!(keys["SK"], serde_json::json!({"S": "ORDER#0000000001"}));
    assert!(p.schema.check().0.is_empty(), "{:?}", p.schema.check().0);
    let pk = p.entity().unwrap().template("PK").unwrap();
    assert_eq!(pk.segments[0], Segment::Literal("ORDER".into()));
    assert_eq!(Playground::from_json(&p.to_json()).unwrap(), p);
}

#[test]
fn an_anchor_past_the_items_says_which_items_exist() {
    let mut q = (*crate::presets::leaderboard().query).clone();
    q.anchor = ItemId(9);
    let p = edit(
        crate::presets::leaderboard(),
        vec![Action::from(QueryEdit::SetQuery(q))],
    );
    assert_eq!(
        p.analyse().settled.query.0.as_ref().clone().unwrap_err(),
        "there is no item #10: pick an item from 1 to 4"
    );
}

#[test]
fn a_second_item_with_the_same_table_key_replaces_the_first() {
    let p = edit(
        crate::presets::leaderboard(),
        vec![
            Action::from(ItemsEdit::SetValue {
                item: ItemId(0),
                field: "score".into(),
                text: "1500".into(),
            }),
            Action::from(ItemsEdit::SetValue {
                item: ItemId(0),
                field: "player".into(),
                text: "p_8842".into(),
            }),
        ],
    );
    let a = p.analyse();
    assert_eq!(*a.settled.overwritten, [Some(ItemId(1)), None, None, None]);
    let rows: Vec<usize> = a
        .settled
        .query
        .0
        .as_ref()
        .clone()
        .unwrap()
        .hits
        .list
        .iter()
        .map(|h| h.item.0)
        .collect();
    assert_eq!(
        rows,
        [1, 2, 3],
        "the query sees one item for the shared key, the later one"
    );
}

#[test]
fn saved_work_with_a_field_this_version_does_not_know_is_refused_by_name() {
    let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
    doc["theme"] = json!("dark");
    let why = Playground::from_json(&doc.to_string()).unwrap_err();
    assert!(why.starts_with("\"theme\" is not a field of the saved work"), "{why}");
    let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
    doc["query"]["shap"] = json!("range");
    let why = Playground::from_json(&doc.to_string()).unwrap_err();
    assert!(why.contains("did you mean \"shape\"?"), "{why}");
    let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
    doc["values"] = json!({});
    let why = Playground::from_json(&doc.to_string()).unwrap_err();
    assert!(why.contains("\"values\" belongs in each of items"), "{why}");
    // What this version writes reads back, and so does every preset.
    for p in crate::presets::PRESETS {
        assert!(crate::presets::load(p.id).is_some(), "{}", p.id);
    }
}

#[test]
fn a_multi_attribute_index_is_made_from_the_entitys_fields_each_held_as_itself() {
    let blank = run(vec![]);
    let names = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        blank.multi_attribute_index_problem(&names(&["season", "nope"]), &[]),
        Some("Run has no field \"nope\": pick from season, score, at, player".into())
    );
    assert!(blank
        .multi_attribute_index_problem(&names(&["season"]), &names(&["season"]))
        .unwrap()
        .contains("season is named twice"));
    assert!(blank.multi_attribute_index_problem(&[], &[]).is_some());
    let p = run(vec![Action::from(DesignEdit::AddMultiAttributeIndex {
        partition: names(&["season"]),
        sort: names(&["score", "at"]),
    })]);
    let ix = p.schema.table.indexes.last().expect("an index");
    assert_eq!(ix.keys.partition_attributes().collect::<Vec<_>>(), ["season"]);
    assert_eq!(ix.keys.sort_attributes().collect::<Vec<_>>(), ["score", "at"]);
    // Numbers in N attributes, text in S; each template one field.
    assert_eq!(p.schema.table.attribute_type("score"), Some(AttrType::N));
    assert_eq!(p.schema.table.attribute_type("season"), Some(AttrType::S));
    let run_entity = &p.schema.entities[0];
    assert_eq!(run_entity.template("at").unwrap().segments, vec![Segment::field("at")]);
    assert_eq!(p.attribute(), "score");
    assert!(p.schema.check().0.is_empty(), "{:?}", p.schema.check().0);
    // Removing it takes its attributes and templates along.
    let name = ix.name.clone();
    let p = Workspace::new(p).reduce_edit(Action::from(DesignEdit::RemoveIndex(IndexName(name))));
    assert_eq!(p.schema.table.attribute_type("score"), None);
    assert!(p.schema.entities[0].template("at").is_none());
}

#[test]
fn a_range_starts_at_the_anchor_items_value_and_an_empty_one_says_what_to_type() {
    let start = crate::presets::leaderboard();
    let with = |p: &Playground, change: &dyn Fn(&mut QueryDraft)| {
        let mut q = (*p.query).clone();
        change(&mut q);
        edit(p.clone(), vec![Action::from(QueryEdit::SetQuery(q))])
    };
    let range = with(&start, &|q| q.shape = Shape::Range);
    assert_eq!((range.query.value.as_str(), range.query.to.as_str()), ("10", "10"));
    assert!(
        range.analyse().settled.query.0.as_ref().clone().is_ok(),
        "{:?}",
        range.analyse().settled.query.0.as_ref().clone().err()
    );
    // The range moved to the next field starts at that field's value.
    let on_at = with(&range, &|q| q.fixed = 1);
    assert_eq!(on_at.query.value, "1719100800");
    // A typed value is the user's: kept while the range stays on its field, and when
    // the shape changes away and back.
    let typed = with(&range, &|q| q.value = "500".into());
    let back = with(&with(&typed, &|q| q.shape = Shape::Top), &|q| q.shape = Shape::Range);
    assert_eq!(back.query.value, "500");
    // Cleared, it stays cleared, and the message says what to type.
    let cleared = with(&typed, &|q| q.value.clear());
    assert_eq!(cleared.query.value, "");
    assert_eq!(
        cleared.analyse().settled.query.0.as_ref().clone().unwrap_err(),
        "type a value for score: the range compares score with it"
    );
    let between = with(&cleared, &|q| {
        q.value = "9".into();
        q.op = RangeOp::Between;
        q.to.clear();
    });
    assert!(between
        .analyse()
        .settled
        .query
        .0
        .as_ref()
        .clone()
        .unwrap_err()
        .starts_with("type the upper end of the range"));
}

/// An import keeps a Number attribute as the JSON number it read (`12345`): the items
/// table and the key list's notes show it, never an empty field.
#[test]
fn an_imported_number_is_shown_as_its_digits() {
    let mut p = crate::presets::leaderboard();
    let mut values = (*p.rows[0].values).clone();
    values.insert("score".into(), json!(12345));
    values.insert("player".into(), json!({"nested": [1, true]}));
    Rc::make_mut(&mut p.rows)[0] = Row::new(p.rows[0].entity, values);
    let items = Items::of(&p);
    assert_eq!(items.value(ItemId(0), "score").as_deref(), Some("12345"));
    assert_eq!(
        items.value(ItemId(0), "player").as_deref(),
        Some(r#"{"nested":[1,true]}"#)
    );
    assert!(p.row_text(ItemId(0)).contains("12345"), "{}", p.row_text(ItemId(0)));
}

/// Pasted items are each of their own entity: the CLI's item lines name theirs, so a
/// paste into the Device table may hold readings. Each gets its entity's columns; an
/// entity the design does not have is refused, and nothing is added.
#[test]
fn pasted_items_join_the_entity_each_names() {
    let mut p = crate::presets::load(PresetId::named("iot").unwrap()).unwrap();
    let before = p.rows.len();
    let of = |p: &Playground, e: usize| p.rows.iter().filter(|r| r.entity == EntityId(e)).count();
    let (devices, readings) = (of(&p, 0), of(&p, 1));
    let value = |v: serde_json::Value| v.as_object().cloned().unwrap();
    let reading = value(json!({"device": "d-9"}));
    p.apply(Action::from(ItemsEdit::AppendRows(vec![
        (EntityId(1), reading.clone()),
        (EntityId(0), value(json!({}))),
    ])))
    .unwrap();
    assert_eq!((of(&p, 0), of(&p, 1)), (devices + 1, readings + 1));
    let added = &p.rows[before];
    assert_eq!(added.values["device"], json!("d-9"));
    let columns = columns_of(p.schema.entities.get(1));
    assert!(columns.iter().all(|c| added.values.contains_key(c)), "{columns:?}");
    let refused = p.apply(Action::from(ItemsEdit::AppendRows(vec![
        (EntityId(1), reading),
        (EntityId(7), value(json!({}))),
    ])));
    assert!(refused.unwrap_err().0.contains("there is no entity 8"));
    assert_eq!(p.rows.len(), before + 2);
}

/// A value another key than the shown one refuses is found for its cell: the season is
/// only in PK, and while SK is designed its error was shown nowhere but the query panel.
#[test]
fn a_value_another_key_refuses_is_found_for_its_cell() {
    let p = run(vec![Action::from(ItemsEdit::SetValue {
        item: ItemId(0),
        field: "season".into(),
        text: "x".repeat(40),
    })]);
    assert_eq!(p.attribute(), "SK");
    let items = Items::of(&p);
    let said: Vec<(Option<String>, String)> = (items.other_field_errors(ItemId(0), "SK").iter())
        .map(|e| (e.context.field.clone(), e.sentence()))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert_eq!(said[0].0.as_deref(), Some("season"));
    assert!(said[0].1.starts_with("Run.season in PK: value \"xxxx"), "{}", said[0].1);
    // The shown key's own errors come with its preview, not twice.
    assert!(items.other_field_errors(ItemId(0), "PK").is_empty());
    assert!(items.other_field_errors(ItemId(1), "SK").is_empty());
}
