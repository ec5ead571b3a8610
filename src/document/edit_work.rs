//! The edits of the sample items, of the design's entities and table, and of the page's
//! settings (the query draft, the paste box, the code settings, typed settings).

use super::edit_keys::no_entity;
use super::*;

fn no_item(item: ItemId, rows: usize) -> Refusal {
    Refusal::new(format!("there is no item {item}: the table has {rows}"))
}

impl Playground {
    pub(super) fn edit_design(&mut self, edit: DesignEdit) -> Result<(), Refusal> {
        match edit {
            DesignEdit::AddEntity => {
                let taken = |n: &str| self.schema.entity(n).is_some();
                let name = (1..).map(|i| format!("Entity{i}")).find(|n| !taken(n));
                self.add_entity(name.unwrap_or_default());
            }
            DesignEdit::RenameEntity(name) => {
                let name = name.trim().to_string();
                if name.is_empty() || self.schema.entity(&name).is_some() {
                    return Err(Refusal::new(format!("{name:?} is empty or another entity's name")));
                }
                self.entity_mut().ok_or_else(no_entity)?.name = name;
            }
            DesignEdit::RemoveEntity => self.remove_entity()?,
            DesignEdit::SetTraffic(traffic) => {
                self.entity_mut().ok_or_else(no_entity)?.traffic = traffic;
            }
            DesignEdit::SetSeparator(sep) => self.schema_mut().separator = sep,
            DesignEdit::SetSchema(schema) => self.set_schema(*schema),
            DesignEdit::AddIndex => self.add_index(),
            DesignEdit::AddMultiAttributeIndex { partition, sort } => {
                if let Some(why) = self.multi_attribute_index_problem(&partition, &sort) {
                    return Err(Refusal(why));
                }
                self.add_multi_attribute_index(partition, sort);
            }
            DesignEdit::RemoveIndex(name) => self.remove_index(name.as_str()),
            DesignEdit::MoveToIndex { entity, field, group } => self.move_to_index(&entity, &field, group.as_deref()),
            DesignEdit::AddSortKey => self.add_sort_key(),
        }
        Ok(())
    }

    /// The query's anchor stays an item of the table after items go.
    pub(super) fn keep_anchor(&mut self) {
        let last = ItemId(self.rows.len().saturating_sub(1));
        if self.query.anchor > last {
            self.query_mut().anchor = last;
        }
    }

    /// Removes the entity being designed and its items; the last entity stays, since a
    /// schema needs one.
    fn remove_entity(&mut self) -> Result<(), Refusal> {
        if self.schema.entities.len() < 2 {
            return Err(Refusal::new("the design's last entity stays: a schema needs one"));
        }
        let gone = self.focus.entity;
        if gone.0 >= self.schema.entities.len() {
            return Err(no_entity());
        }
        self.schema_mut().entities.remove(gone.0);
        let rows = self.rows_mut();
        rows.retain(|r| r.entity != gone);
        for r in rows.iter_mut().filter(|r| r.entity > gone) {
            r.entity.0 -= 1;
        }
        self.focus.entity = EntityId(gone.0.min(self.schema.entities.len() - 1));
        self.query_mut().anchor = ItemId(0);
        Ok(())
    }

    pub(super) fn edit_typed(&mut self, edit: TypedEdit) -> Result<(), Refusal> {
        match edit {
            // The typed text is settled either way: applied, or kept with its problem.
            TypedEdit::Typed { key, outcome } => {
                self.settle(&key);
                match outcome {
                    Ok(action) => return self.apply(*action),
                    Err(problem) => drop(Rc::make_mut(&mut self.unsettled).insert(key, problem)),
                }
            }
            TypedEdit::DiscardTyped(key) => self.settle(&key),
        }
        Ok(())
    }

    /// Forgets a typed setting; the settings stay the same piece when it was not there,
    /// so the panels that read them are not redrawn.
    fn settle(&mut self, key: &SettingKey) {
        if self.unsettled.contains_key(key) {
            Rc::make_mut(&mut self.unsettled).remove(key);
        }
    }
}

impl ItemsEdit {
    /// Changes the sample items, reading the design and the focused entity (whose items
    /// an added or generated item is); the items are copied only when one changes.
    pub(super) fn apply(self, rows: &mut Rc<Vec<Row>>, schema: &Schema, focus: &Focus) -> Result<(), Refusal> {
        match self {
            ItemsEdit::SetValue { item, field, text } => {
                // Checked first: taking the items to edit copies them when shared.
                if item.0 >= rows.len() {
                    return Err(no_item(item, rows.len()));
                }
                if let Some(r) = Rc::make_mut(rows).get_mut(item.0) {
                    Rc::make_mut(&mut r.values).insert(field, Value::String(text));
                }
            }
            ItemsEdit::AppendRows(added) => append(Rc::make_mut(rows), added, schema)?,
            ItemsEdit::AddRow => {
                let columns = columns_of(focus.entity(schema));
                let values = columns.into_iter().map(|c| (c, Value::String(String::new())));
                Rc::make_mut(rows).push(Row::new(focus.entity, values.collect()));
            }
            ItemsEdit::RemoveRow(item) => {
                if item.0 >= rows.len() {
                    return Err(no_item(item, rows.len()));
                }
                Rc::make_mut(rows).remove(item.0);
            }
            ItemsEdit::Generate { count, seed } => {
                let entity = focus.entity(schema).ok_or_else(no_entity)?;
                let made = keylab::sample::generate(schema, entity, count, seed);
                let rows = Rc::make_mut(rows);
                rows.retain(|r| r.entity != focus.entity);
                rows.extend(made.into_iter().map(|values| Row::new(focus.entity, values)));
            }
        }
        Ok(())
    }
}

/// Items of the design's entities added at the end, each with every column of its entity.
fn append(rows: &mut Vec<Row>, added: Vec<(EntityId, Values)>, schema: &Schema) -> Result<(), Refusal> {
    let entities = schema.entities.len();
    if let Some((entity, _)) = added.iter().find(|(e, _)| e.0 >= entities) {
        return Err(Refusal::new(format!(
            "there is no entity {}: the design has {entities}",
            entity.0 + 1
        )));
    }
    for (entity, mut row) in added {
        // Every column present, so the table has an input for each.
        for c in columns_of(entity.of(schema)) {
            if !row.contains_key(&c) {
                row.insert(c, Value::String(String::new()));
            }
        }
        rows.push(Row::new(entity, row));
    }
    Ok(())
}

impl Focus {
    /// Another entity or key attribute, of `schema`'s.
    pub(super) fn edit(&mut self, edit: FocusEdit, schema: &Schema) -> Result<(), Refusal> {
        match edit {
            FocusEdit::SelectEntity(e) if e.0 < schema.entities.len() => self.entity = e,
            FocusEdit::SelectEntity(e) => return Err(Refusal::new(format!("there is no entity #{}", e.0 + 1))),
            FocusEdit::SelectAttribute(a) if schema.table.attribute_type(&a).is_some() => self.attribute = a,
            FocusEdit::SelectAttribute(a) => return Err(Refusal::new(format!("the table has no key attribute {a:?}"))),
        }
        Ok(())
    }
}

impl PrefsEdit {
    /// Changes the code settings or an expected maximum: the two pieces it writes.
    pub(super) fn apply(self, snippet: &mut Rc<SnippetPrefs>, expected: &mut Rc<Values>) {
        match self {
            PrefsEdit::SetSnippet(prefs) => *snippet = Rc::new(prefs),
            PrefsEdit::SetExpectedMax { field, text } if text.trim().is_empty() => {
                Rc::make_mut(expected).shift_remove(&field);
            }
            PrefsEdit::SetExpectedMax { field, text } => {
                Rc::make_mut(expected).insert(field, Value::String(text));
            }
        }
    }
}

/// The pieces of the query panel and the paste box, which a query edit writes.
pub(super) struct QueryPieces<'a> {
    pub draft: &'a mut Rc<QueryDraft>,
    pub pasted: &'a mut String,
    pub patterns: &'a mut Rc<Vec<SavedPattern>>,
}

impl QueryEdit {
    /// Changes the query's draft, the paste box or the saved patterns, reading the design
    /// and the items the draft is stated against.
    pub(super) fn apply(self, on: QueryPieces, schema: &Schema, rows: &[Row]) -> Result<(), Refusal> {
        match self {
            QueryEdit::SetQuery(q) => set_query(Rc::make_mut(on.draft), q, schema, rows),
            QueryEdit::SetPasted(text) => *on.pasted = text,
            QueryEdit::SavePattern(name) => return super::patterns::save(on.patterns, on.pasted, &name),
            QueryEdit::UsePattern(at) => return super::patterns::use_saved(on.patterns, on.pasted, at),
            QueryEdit::RemovePattern(at) => return super::patterns::remove(on.patterns, at),
        }
        Ok(())
    }
}

/// The draft `q` in place of `draft`.
fn set_query(draft: &mut QueryDraft, q: QueryDraft, schema: &Schema, rows: &[Row]) {
    let was = std::mem::replace(draft, q);
    let on = |draft: &QueryDraft| (DraftOn { draft, schema, rows }).range_start();
    // A range starts at the anchor item's value, so choosing one shows what it
    // selects at once instead of an empty value's error; a value typed earlier is
    // kept, except when the range moves to another field.
    let entered = draft.shape == Shape::Range && was.shape != Shape::Range && draft.value.is_empty();
    let moved = draft.shape == Shape::Range && was.shape == Shape::Range && draft.fixed != was.fixed;
    if entered || moved {
        if let Some(start) = on(draft) {
            draft.to = start.clone();
            draft.value = start;
        }
    }
    // An operator the new range field cannot take is replaced by the first the page
    // offers for it, so what is shown is what is built.
    let ops = (DraftOn { draft, schema, rows }).query_ops();
    if !ops.contains(&draft.op) {
        draft.op = RangeOp::Ge;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused edit says why and changes nothing.
    #[test]
    fn refused_is_told_apart_from_nothing_changed() {
        let p = crate::presets::leaderboard();
        let cases: [(Action, &str); 8] = [
            (
                Action::from(ItemsEdit::SetValue {
                    item: ItemId(99),
                    field: "score".into(),
                    text: "1".into(),
                }),
                "there is no item #100: the table has 4",
            ),
            (
                Action::from(ItemsEdit::RemoveRow(ItemId(4))),
                "there is no item #5: the table has 4",
            ),
            (
                Action::from(FieldEdit::SetWidth {
                    field: "nope".into(),
                    width: 3,
                }),
                "the entity has no field \"nope\"",
            ),
            (
                Action::from(FieldEdit::SetScale {
                    field: "score".into(),
                    scale: 2,
                }),
                "score is a uint field, and only a decimal field has a scale",
            ),
            (
                Action::from(FieldEdit::SetCase {
                    field: "at".into(),
                    case: Case::Upper,
                }),
                "at is a timestamp field, and only a text field has a case",
            ),
            (
                Action::from(TemplateEdit::MoveSegment { from: 0, by: -1 }),
                "segment 1 cannot move -1 place(s)",
            ),
            (
                Action::from(FocusEdit::SelectEntity(EntityId(3))),
                "there is no entity #4",
            ),
            (
                Action::from(DesignEdit::RemoveEntity),
                "the design's last entity stays: a schema needs one",
            ),
        ];
        for (action, why) in cases {
            let mut q = p.clone();
            assert_eq!(q.apply(action.clone()), Err(Refusal::new(why)), "{action:?}");
            assert_eq!(q, p, "{action:?} changed the work");
        }
    }

    /// A width set to its own value changes nothing and is not refused; a typed setting
    /// is settled even when what it reads as is refused.
    #[test]
    fn nothing_changed_is_not_refused_and_a_typed_setting_settles() {
        let p = crate::presets::leaderboard();
        let mut q = p.clone();
        assert_eq!(
            q.apply(Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width: 10
            })),
            Ok(())
        );
        assert_eq!(q, p);
        let mut q = p.clone();
        let key = SettingKey::new(EntityId(0), SettingOf::Field("nope".into()), "width");
        Rc::make_mut(&mut q.unsettled).insert(
            key.clone(),
            Unsettled {
                setting: "w".into(),
                text: "x".into(),
                problem: "p".into(),
            },
        );
        let typed = Action::from(TypedEdit::Typed {
            key,
            outcome: Ok(Box::new(Action::from(FieldEdit::SetWidth {
                field: "nope".into(),
                width: 3,
            }))),
        });
        assert!(q.apply(typed).is_err());
        assert!(q.unsettled.is_empty());
    }
}
