//! The width planner of the selected entity's numeric fields. Its costly part, the
//! largest value of each field among 100,000 items, depends on the items, the expected
//! maximums and how the field reads numbers, not on its width: a width change plans
//! again from the largest values found before.

use crate::document::{EntityId, Playground, Row};
use keylab::codec::width::{largest, plan_of, Largest, WidthPlan};
use keylab::schema::{FieldKind, Order};
use keylab::Values;
use std::rc::Rc;

/// The largest value of each numeric field of one entity, and what it was found in.
#[derive(Clone, Debug)]
pub struct Largests {
    rows: Rc<Vec<Row>>,
    expected: Rc<Values>,
    entity: EntityId,
    found: Vec<(String, FieldKind, Option<Largest>)>,
}

/// How a field reads numbers: its kind without its width and order.
fn reading(kind: FieldKind) -> FieldKind {
    kind.with_width(1).with_order(Order::Asc)
}

impl Playground {
    /// The width planner of every numeric field of the selected entity.
    pub fn plans(&self) -> Vec<WidthPlan> {
        self.plans_after(None).0
    }

    /// [`Self::plans`], taking the largest values from `earlier` where they were found
    /// in the same items and expected maximums, by a field that reads numbers alike.
    pub fn plans_after(&self, earlier: Option<&Largests>) -> (Vec<WidthPlan>, Largests) {
        let earlier = earlier.filter(|l| {
            Rc::ptr_eq(&l.rows, &self.rows) && Rc::ptr_eq(&l.expected, &self.expected) && l.entity == self.entity
        });
        let mut found = Vec::new();
        let mut plans = Vec::new();
        for field in self.entity().map(|e| e.fields.as_slice()).unwrap_or_default() {
            if field.kind.width().is_none() || field.kind.validate().is_err() {
                continue;
            }
            let kind = reading(field.kind);
            let known = earlier.and_then(|l| l.found.iter().find(|(f, k, _)| *f == field.name && *k == kind));
            let largest = match known {
                Some((_, _, l)) => l.clone(),
                None => {
                    let values = (self.rows.iter())
                        .filter(|r| r.entity == self.entity)
                        .filter_map(|r| keylab::codec::value_of(&r.values, &field.name));
                    largest(field, values.chain(self.expected.get(&field.name)))
                }
            };
            plans.extend(plan_of(field, largest.as_ref()));
            found.push((field.name.clone(), kind, largest));
        }
        let largests = Largests {
            rows: self.rows.clone(),
            expected: self.expected.clone(),
            entity: self.entity,
            found,
        };
        (plans, largests)
    }
}

#[cfg(test)]
mod tests {
    use crate::document::{Action, FieldEdit, ItemId, ItemsEdit, Workspace};

    /// After a width or order change the plans are the ones made from scratch, from the
    /// largest values found before; after a value edit the values are read again.
    #[test]
    fn plans_after_an_edit_are_the_plans_made_again() {
        let p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 300, seed: 9 }));
        let (_, found) = p.plans_after(None);
        let edits = [
            Action::from(FieldEdit::SetWidth {
                field: "score".into(),
                width: 4,
            }),
            Action::from(FieldEdit::SetWidth {
                field: "at".into(),
                width: 20,
            }),
            Action::from(FieldEdit::SetOrder {
                field: "score".into(),
                order: keylab::schema::Order::Asc,
            }),
            Action::from(ItemsEdit::SetValue {
                item: ItemId(0),
                field: "score".into(),
                text: "987654321".into(),
            }),
        ];
        for edit in edits {
            let q = Workspace::new(p.clone()).reduce_edit(edit.clone());
            assert_eq!(q.plans_after(Some(&found)).0, q.plans(), "{edit:?}");
        }
        let bigger = Workspace::new(p.clone()).reduce_edit(Action::from(ItemsEdit::SetValue {
            item: ItemId(0),
            field: "score".into(),
            text: "987654321".into(),
        }));
        let score = |plans: Vec<keylab::codec::width::WidthPlan>| {
            plans.into_iter().find(|p| p.field == "score").and_then(|p| p.largest)
        };
        assert_eq!(
            score(bigger.plans_after(Some(&found)).0).as_deref(),
            Some("987654321"),
            "the edited items are read again"
        );
    }
}
