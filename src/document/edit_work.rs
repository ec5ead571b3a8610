//! The edits of the sample items, of the design's entities and table, and of the page's
//! settings (the query draft, the paste box, the code settings, typed settings).

use super::edit_keys::no_entity;
use super::*;

fn no_row(row: usize, rows: usize) -> Refusal {
    Refusal::new(format!("there is no item #{}: the table has {rows}", row + 1))
}

impl Playground {
    pub(super) fn edit_items(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::SetValue { row, field, text } => {
                // Checked first: taking the items to edit copies them when shared.
                if row >= self.rows.len() {
                    return Err(no_row(row, self.rows.len()));
                }
                if let Some(r) = self.rows_mut().get_mut(row) {
                    Rc::make_mut(&mut r.values).insert(field, Value::String(text));
                }
            }
            Action::AppendRows(rows) => {
                let (columns, entity) = (self.columns(), self.entity);
                for mut row in rows {
                    // Every column present, so the table has an input for each.
                    for c in &columns {
                        if !row.contains_key(c) {
                            row.insert(c.clone(), Value::String(String::new()));
                        }
                    }
                    self.rows_mut().push(Row::new(entity, row));
                }
            }
            Action::AddRow => {
                let values = (self.columns().into_iter())
                    .map(|c| (c, Value::String(String::new())))
                    .collect();
                let entity = self.entity;
                self.rows_mut().push(Row::new(entity, values));
            }
            Action::RemoveRow(i) => {
                if i >= self.rows.len() {
                    return Err(no_row(i, self.rows.len()));
                }
                self.rows_mut().remove(i);
                self.query_mut().anchor = self.query.anchor.min(self.rows.len().saturating_sub(1));
            }
            Action::Generate { count, seed } => {
                let entity = self.entity().cloned().ok_or_else(no_entity)?;
                let made = keylab::sample::generate(&self.schema, &entity, count, seed);
                let at = self.entity;
                let rows = self.rows_mut();
                rows.retain(|r| r.entity != at);
                rows.extend(made.into_iter().map(|values| Row::new(at, values)));
                self.query_mut().anchor = self.query.anchor.min(self.rows.len().saturating_sub(1));
            }
            _ => return Err(Refusal::misrouted("sample items")),
        }
        Ok(())
    }

    pub(super) fn edit_design(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::SelectEntity(i) if i < self.schema.entities.len() => self.entity = i,
            Action::SelectEntity(i) => return Err(Refusal::new(format!("there is no entity #{}", i + 1))),
            Action::SelectAttribute(a) if self.schema.table.attribute_type(&a).is_some() => self.attribute = a,
            Action::SelectAttribute(a) => return Err(Refusal::new(format!("the table has no key attribute {a:?}"))),
            Action::AddEntity => {
                let taken = |n: &str| self.schema.entity(n).is_some();
                let name = (1..).map(|i| format!("Entity{i}")).find(|n| !taken(n));
                self.add_entity(name.unwrap_or_default());
            }
            Action::RenameEntity(name) => {
                let name = name.trim().to_string();
                if name.is_empty() || self.schema.entity(&name).is_some() {
                    return Err(Refusal::new(format!("{name:?} is empty or another entity's name")));
                }
                self.entity_mut().ok_or_else(no_entity)?.name = name;
            }
            Action::RemoveEntity => self.remove_entity()?,
            Action::SetTraffic(traffic) => {
                self.entity_mut().ok_or_else(no_entity)?.traffic = traffic;
            }
            Action::SetSeparator(sep) => self.schema_mut().separator = sep,
            Action::SetSchema(schema) => self.set_schema(*schema),
            Action::AddIndex => self.add_index(),
            Action::AddMultiAttributeIndex { partition, sort } => {
                if let Some(why) = self.multi_attribute_index_problem(&partition, &sort) {
                    return Err(Refusal(why));
                }
                self.add_multi_attribute_index(partition, sort);
            }
            Action::RemoveIndex(name) => self.remove_index(&name),
            Action::MoveToIndex { entity, field } => self.move_to_index(&entity, &field),
            Action::AddSortKey => self.add_sort_key(),
            _ => return Err(Refusal::misrouted("design's entities and table")),
        }
        Ok(())
    }

    /// Removes the entity being designed and its items; the last entity stays, since a
    /// schema needs one.
    fn remove_entity(&mut self) -> Result<(), Refusal> {
        if self.schema.entities.len() < 2 {
            return Err(Refusal::new("the design's last entity stays: a schema needs one"));
        }
        let gone = self.entity;
        if gone >= self.schema.entities.len() {
            return Err(no_entity());
        }
        self.schema_mut().entities.remove(gone);
        let rows = self.rows_mut();
        rows.retain(|r| r.entity != gone);
        for r in rows.iter_mut().filter(|r| r.entity > gone) {
            r.entity -= 1;
        }
        self.entity = gone.min(self.schema.entities.len() - 1);
        self.query_mut().anchor = 0;
        Ok(())
    }

    pub(super) fn edit_settings(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::SetQuery(q) => self.set_query(q),
            Action::SetPasted(text) => self.pasted = text,
            Action::SetSnippet(prefs) => self.snippet = Rc::new(prefs),
            Action::SetExpectedMax { field, text } if text.trim().is_empty() => {
                Rc::make_mut(&mut self.expected).shift_remove(&field);
            }
            Action::SetExpectedMax { field, text } => {
                Rc::make_mut(&mut self.expected).insert(field, Value::String(text));
            }
            // The typed text is settled either way: applied, or kept with its problem.
            Action::Typed { key, outcome } => {
                self.settle(&key);
                match outcome {
                    Ok(action) => return self.apply(*action),
                    Err(problem) => drop(Rc::make_mut(&mut self.unsettled).insert(key, problem)),
                }
            }
            Action::DiscardTyped(key) => self.settle(&key),
            _ => return Err(Refusal::misrouted("page's settings")),
        }
        Ok(())
    }

    /// Forgets a typed setting; the settings stay the same piece when it was not there,
    /// so the panels that read them are not redrawn.
    fn settle(&mut self, key: &str) {
        if self.unsettled.contains_key(key) {
            Rc::make_mut(&mut self.unsettled).remove(key);
        }
    }

    fn set_query(&mut self, q: QueryDraft) {
        let was = std::mem::replace(self.query_mut(), q);
        // A range starts at the anchor item's value, so choosing one shows what it
        // selects at once instead of an empty value's error; a value typed earlier is
        // kept, except when the range moves to another field.
        let now = &self.query;
        let entered = now.shape == Shape::Range && was.shape != Shape::Range && now.value.is_empty();
        let moved = now.shape == Shape::Range && was.shape == Shape::Range && now.fixed != was.fixed;
        if entered || moved {
            if let Some(start) = self.range_start() {
                self.query_mut().to = start.clone();
                self.query_mut().value = start;
            }
        }
        // An operator the new range field cannot take is replaced by the first the page
        // offers for it, so what is shown is what is built.
        if !self.query_ops().contains(&self.query.op) {
            self.query_mut().op = RangeOp::Ge;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused edit says why and changes nothing; an edit that changes nothing (a
    /// width set to its own value) is not refused.
    #[test]
    fn refused_is_told_apart_from_nothing_changed() {
        let p = crate::presets::leaderboard();
        let cases: [(Action, &str); 8] = [
            (
                Action::SetValue {
                    row: 99,
                    field: "score".into(),
                    text: "1".into(),
                },
                "there is no item #100: the table has 4",
            ),
            (Action::RemoveRow(4), "there is no item #5: the table has 4"),
            (
                Action::SetWidth {
                    field: "nope".into(),
                    width: 3,
                },
                "the entity has no field \"nope\"",
            ),
            (
                Action::SetScale {
                    field: "score".into(),
                    scale: 2,
                },
                "score is a uint field, and only a decimal field has a scale",
            ),
            (
                Action::SetCase {
                    field: "at".into(),
                    case: Case::Upper,
                },
                "at is a timestamp field, and only a text field has a case",
            ),
            (
                Action::MoveSegment { from: 0, by: -1 },
                "segment 1 cannot move -1 place(s)",
            ),
            (Action::SelectEntity(3), "there is no entity #4"),
            (
                Action::RemoveEntity,
                "the design's last entity stays: a schema needs one",
            ),
        ];
        for (action, why) in cases {
            let mut q = p.clone();
            assert_eq!(q.apply(action.clone()), Err(Refusal::new(why)), "{action:?}");
            assert_eq!(q, p, "{action:?} changed the work");
        }
        let mut q = p.clone();
        assert_eq!(
            q.apply(Action::SetWidth {
                field: "score".into(),
                width: 10
            }),
            Ok(())
        );
        assert_eq!(q, p);
        // A typed setting is settled even when what it reads as is refused.
        let mut q = p.clone();
        let key = Unsettled::key(0, "nope", "width");
        Rc::make_mut(&mut q.unsettled).insert(
            key.clone(),
            Unsettled {
                setting: "w".into(),
                text: "x".into(),
                problem: "p".into(),
            },
        );
        let typed = Action::Typed {
            key,
            outcome: Ok(Box::new(Action::SetWidth {
                field: "nope".into(),
                width: 3,
            })),
        };
        assert!(q.apply(typed).is_err());
        assert!(q.unsettled.is_empty());
    }
}
