//! The edits of the design's entities, indexes and whole schema, and the items that
//! follow them.

use super::tests::edit;
use super::*;
use serde_json::json;

fn saas() -> Playground {
    crate::presets::load(PresetId::named("saas").unwrap()).unwrap()
}

#[test]
fn entities_are_picked_added_renamed_and_removed_with_their_items() {
    let p = edit(saas(), vec![Action::from(FocusEdit::SelectEntity(EntityId(2)))]);
    assert_eq!(p.entity().unwrap().name, "User");
    assert_eq!(
        Items::of(&Rc::new(p.clone())).of_entity(p.focus.entity),
        [4, 5, 6, 7].map(ItemId)
    );
    assert_eq!(p.columns(), ["org", "user"]);
    let p = edit(p, vec![Action::from(ItemsEdit::AddRow)]);
    assert_eq!(p.rows[8].entity, EntityId(2), "a new item belongs to the picked entity");
    let p = edit(
        p,
        vec![
            Action::from(DesignEdit::RenameEntity("Member".into())),
            Action::from(DesignEdit::RenameEntity("Org".into())),
        ],
    );
    assert_eq!(p.entity().unwrap().name, "Member", "a taken name is refused");
    let p = edit(
        p,
        vec![
            Action::from(FocusEdit::SelectEntity(EntityId(1))),
            Action::from(DesignEdit::RemoveEntity),
        ],
    );
    assert_eq!(p.schema.entities.len(), 2);
    assert_eq!(p.rows.len(), 6, "the teams went with their entity");
    assert!(
        p.rows.iter().skip(1).all(|r| r.entity == EntityId(1)),
        "users moved down one place"
    );
    let p = edit(p, vec![Action::from(DesignEdit::AddEntity)]);
    assert_eq!(p.entity().unwrap().name, "Entity1");
    assert_eq!(p.template().unwrap().segments.len(), 2);
    // Its first item has values: its key is written at once.
    let preview = (*p.analyse().preview).clone().unwrap();
    assert_eq!(preview.key(6), Some("ENTITY1#0000000001"), "{:?}", preview.errors(6));
    assert!(preview.errors(6).is_empty());
    let lone = edit(
        crate::presets::leaderboard(),
        vec![Action::from(DesignEdit::RemoveEntity)],
    );
    assert_eq!(lone, crate::presets::leaderboard(), "the last entity stays");
}

#[test]
fn indexes_and_templates_are_added_and_removed() {
    let p = edit(crate::presets::leaderboard(), vec![Action::from(DesignEdit::AddIndex)]);
    assert_eq!(p.attribute(), "GSI1SK");
    assert_eq!(p.schema.table.indexes[0].name, "GSI1");
    assert!(p.template().is_none());
    let p = edit(
        p,
        vec![
            Action::from(TemplateEdit::AddTemplate),
            Action::from(TemplateEdit::AddSegment(NewSegment::Field)),
        ],
    );
    assert_eq!(p.template().unwrap().segments.len(), 2);
    let p = edit(
        p,
        vec![
            Action::from(FocusEdit::SelectAttribute("GSI1PK".into())),
            Action::from(TemplateEdit::AddTemplate),
        ],
    );
    assert_eq!(p.index_of_attribute(), Some(IndexName("GSI1".into())));
    assert_eq!(
        p.analyse().collections.len(),
        1,
        "every run is in the one GSI1 partition"
    );
    let mut q = (*p.query).clone();
    q.index = Some(IndexName("GSI1".into()));
    // The whole collection, not the preset's top 3: every run is in the index.
    q.shape = Shape::Collection;
    let p = edit(p, vec![Action::from(QueryEdit::SetQuery(q))]);
    let view = p.analyse().settled.query.0.as_ref().clone().unwrap();
    assert!(view.input.contains("\"IndexName\": \"GSI1\""), "{}", view.input);
    assert_eq!(view.hits.len(), 4);
    let sparse = edit(p.clone(), vec![Action::from(TemplateEdit::RemoveTemplate)]);
    assert!(
        sparse.analyse().collections.is_empty(),
        "no item is in the index any more"
    );
    let gone = edit(p, vec![Action::from(DesignEdit::RemoveIndex(IndexName("GSI1".into())))]);
    assert!(gone.schema.table.indexes.is_empty());
    assert_eq!(gone.schema.table.attributes.len(), 2);
    assert!(gone.schema.entities[0].template("GSI1PK").is_none());
    assert_eq!(gone.query.index, None);
    assert_eq!(gone.attribute(), "SK", "back to the table's sort key");
    let base = edit(
        crate::presets::leaderboard(),
        vec![Action::from(TemplateEdit::RemoveTemplate)],
    );
    assert!(base.template().is_some(), "base-table keys cannot be removed");
}

#[test]
fn a_schema_edited_as_json_keeps_items_by_entity_name() {
    let p = saas();
    let mut doc = p.schema.to_value();
    // Rename Org in place, drop Team, keep User (now second).
    let entities = doc["entities"].as_array().cloned().unwrap();
    let mut org = entities[0].clone();
    org["name"] = json!("Organisation");
    doc["entities"] = json!([org, entities[2]]);
    let schema = Schema::from_value(&doc).unwrap();
    let next = edit(p, vec![Action::from(DesignEdit::SetSchema(Box::new(schema)))]);
    assert_eq!(next.rows.len(), 5, "the three teams went");
    assert_eq!(
        next.rows[0].entity,
        EntityId(0),
        "the org, renamed in place, kept its item"
    );
    assert!(
        next.rows[1..].iter().all(|r| r.entity == EntityId(1)),
        "users follow their name"
    );
}

#[test]
fn generated_items_replace_the_entitys_items_only() {
    let p = edit(
        saas(),
        vec![
            Action::from(FocusEdit::SelectEntity(EntityId(2))),
            Action::from(ItemsEdit::Generate { count: 1000, seed: 9 }),
        ],
    );
    assert_eq!(p.rows.len(), 4 + 1000);
    assert_eq!(Items::of(&Rc::new(p.clone())).of_entity(p.focus.entity).len(), 1000);
    let a = p.analyse();
    assert!((*a.preview).clone().unwrap().keys.refused().next().is_none());
    assert!(a.collections.len() > 1);
}

#[test]
fn saved_state_keeps_entities_and_reads_the_old_rows_format() {
    let p = edit(
        saas(),
        vec![
            Action::from(FocusEdit::SelectEntity(EntityId(1))),
            Action::from(FocusEdit::SelectAttribute("PK".into())),
        ],
    );
    let back = Playground::from_json(&p.to_json()).unwrap();
    assert_eq!(back, p);
    let old = json!({"schema": crate::presets::leaderboard().schema.to_value(), "entity": 0,
                     "rows": [{"season": "S", "score": 5, "at": "1", "player": "p"}]});
    let read = Playground::from_json(&old.to_string()).unwrap();
    assert_eq!(
        read.rows[0].values["score"],
        json!("5"),
        "numbers read back as typed text"
    );
    let mut bad: Value = serde_json::from_str(&p.to_json()).unwrap();
    bad["items"][0]["entity"] = json!("Nope");
    let e = Playground::from_json(&bad.to_string()).unwrap_err();
    assert!(e.contains("\"Nope\""), "{e}");
}
