//! The width planner of the selected entity's numeric fields. Its costly part, the
//! largest value of each field among 100,000 items, depends on the items, the expected
//! maximums and how the field reads numbers, not on its width: a width change plans
//! again from the largest values found before.

use crate::document::{EntityId, Playground, Row};
use keylab::codec::width::{largest, magnitude_of, plan_of, Largest, WidthPlan};
use keylab::schema::{Field, FieldKind, Order};
use keylab::Values;
use std::rc::Rc;

/// The largest value of each numeric field of one entity, and what it was found in.
#[derive(Clone, Debug)]
pub struct Largests {
    rows: Rc<Vec<Row>>,
    expected: Rc<Values>,
    entity: EntityId,
    found: Vec<Found>,
}

/// A field, how it reads numbers, and its largest value with where it was found.
type Found = (String, FieldKind, Option<(Largest, Holder)>);

/// Where a field's largest value was found: an item, or the expected maximum typed for
/// the planner (which counts only when larger than every item's).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Holder {
    Item(usize),
    Expected,
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

    /// [`Self::plans`], from `earlier`'s largest values where they still hold: after a
    /// design change (the same items, a field that reads numbers alike) they are taken
    /// as they are, and after a few items changed only those items are read, unless
    /// one of them held a largest value.
    pub fn plans_after(&self, earlier: Option<&Largests>) -> (Vec<WidthPlan>, Largests) {
        let earlier = earlier.filter(|l| Rc::ptr_eq(&l.expected, &self.expected) && l.entity == self.focus.entity);
        let changed = earlier.and_then(|l| self.changed_since(&l.rows));
        let mut found = Vec::new();
        let mut plans = Vec::new();
        for field in self.entity().map(|e| e.fields.as_slice()).unwrap_or_default() {
            if field.kind.width().is_none() || field.kind.validate().is_err() {
                continue;
            }
            let kind = reading(field.kind);
            let known = earlier.and_then(|l| l.found.iter().find(|(f, k, _)| *f == field.name && *k == kind));
            // A largest value still holds unless the item that held it changed.
            let holds = |l: &Option<(Largest, Holder)>, changed: &[usize]| match l {
                Some((_, Holder::Item(r))) => !changed.contains(r),
                _ => true,
            };
            let largest = match (known, &changed) {
                (Some((_, _, l)), Some(changed)) if changed.is_empty() => l.clone(),
                (Some((_, _, l)), Some(changed)) if holds(l, changed) => {
                    let old = l.as_ref().map(|(l, h)| (l.magnitude, *h));
                    self.largest(field, changed.iter().copied(), old)
                }
                _ => self.largest(field, 0..self.rows.len(), None),
            };
            plans.extend(plan_of(field, largest.as_ref().map(|(l, _)| l)));
            found.push((field.name.clone(), kind, largest));
        }
        let largests = Largests {
            rows: self.rows.clone(),
            expected: self.expected.clone(),
            entity: self.focus.entity,
            found,
        };
        (plans, largests)
    }

    /// The items that differ from `earlier`'s at their places (another entity or other
    /// values), when the items kept their places and few changed.
    pub(crate) fn changed_since(&self, earlier: &Rc<Vec<Row>>) -> Option<Vec<usize>> {
        if earlier.len() != self.rows.len() {
            return None;
        }
        if Rc::ptr_eq(earlier, &self.rows) {
            return Some(Vec::new());
        }
        let same = |(a, b): (&Row, &Row)| a.entity == b.entity && Rc::ptr_eq(&a.values, &b.values);
        let changed: Vec<usize> = (earlier.iter().zip(self.rows.iter()).enumerate())
            .filter(|(_, pair)| !same(*pair))
            .map(|(r, _)| r)
            .collect();
        (changed.len() <= self.rows.len() / 8).then_some(changed)
    }

    /// The largest value of `field` among the entity's `items`, the expected maximum and
    /// `known` (a largest value found before, among items read before): as
    /// [`keylab::codec::width::largest`] finds it over every item in order, then the
    /// expected maximum, the first of equal values winning.
    fn largest(
        &self,
        field: &Field,
        items: impl Iterator<Item = usize>,
        known: Option<(u128, Holder)>,
    ) -> Option<(Largest, Holder)> {
        let value_at = |r: usize| {
            let row = self.rows.get(r).filter(|row| row.entity == self.focus.entity)?;
            keylab::codec::value_of(&row.values, &field.name)
        };
        let mut best = known.filter(|(_, h)| *h != Holder::Expected);
        for r in items {
            let Some(m) = value_at(r).and_then(|v| magnitude_of(field, v)) else {
                continue;
            };
            let first = |b: &(u128, Holder)| matches!(b.1, Holder::Item(at) if at < r);
            if best.as_ref().is_none_or(|b| m > b.0 || (m == b.0 && !first(b))) {
                best = Some((m, Holder::Item(r)));
            }
        }
        let expected = self.expected.get(&field.name);
        if let Some(m) = expected.and_then(|v| magnitude_of(field, v)) {
            if best.is_none_or(|(b, _)| m > b) {
                best = Some((m, Holder::Expected));
            }
        }
        let (_, holder) = best?;
        let value = match holder {
            Holder::Item(r) => value_at(r)?,
            Holder::Expected => expected?,
        };
        Some((largest(field, std::iter::once(value))?, holder))
    }
}

#[cfg(test)]
mod tests {
    use crate::document::{Action, FieldEdit, ItemId, ItemsEdit, Workspace};

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// Edit after edit (values raised, lowered, tied with the largest, the item that
        /// held it changed, a width changed), the plans made from the last ones are the
        /// plans made from scratch.
        #[test]
        fn plans_after_value_edits_are_the_plans_made_again(
            edits in proptest::collection::vec((0usize..40, proptest::prop_oneof![0u64..3000, proptest::prelude::Just(9999), proptest::prelude::Just(1500)], proptest::prelude::any::<bool>()), 1..12),
        ) {
            let mut p = Workspace::new(crate::presets::leaderboard())
                .reduce_edit(Action::from(ItemsEdit::Generate { count: 40, seed: 1 }));
            let (_, mut found) = p.plans_after(None);
            for (item, value, widen) in edits {
                let edit = if widen {
                    Action::from(FieldEdit::SetWidth { field: "score".into(), width: 4 + (value % 8) as u32 })
                } else {
                    Action::from(ItemsEdit::SetValue { item: ItemId(item), field: "score".into(), text: value.to_string() })
                };
                p = Workspace::new(p).reduce_edit(edit);
                let (plans, next) = p.plans_after(Some(&found));
                proptest::prop_assert_eq!(plans, p.plans());
                found = next;
            }
        }
    }

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
