//! The width planner of the selected entity's numeric fields. Its costly part, the
//! largest value of each field among 100,000 items, depends on the items, the expected
//! maximums and how the field reads numbers, not on its width: a width change plans
//! again from the largest values found before.

use crate::document::{EntityId, Row};
use keylab::codec::width::{largest, magnitude_of, plan_of, Largest, WidthPlan};
use keylab::schema::{Field, FieldKind, Order, Schema};
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

/// The width planner of every numeric field of the `entity`, from `earlier`'s largest
/// values where they still hold: after a design change (the same items, a field that
/// reads numbers alike) they are taken as they are, and after a few items changed only
/// those items are read, unless one of them held a largest value.
pub fn plans(
    schema: &Schema,
    rows: &Rc<Vec<Row>>,
    entity: EntityId,
    expected: &Rc<Values>,
    earlier: Option<&Largests>,
) -> (Vec<WidthPlan>, Largests) {
    let earlier = earlier.filter(|l| Rc::ptr_eq(&l.expected, expected) && l.entity == entity);
    let changed = earlier.and_then(|l| changed_since(&l.rows, rows));
    let reader = Reader { rows, entity, expected };
    let mut found = Vec::new();
    let mut plans = Vec::new();
    let fields = entity.of(schema).map(|e| e.fields.as_slice());
    for field in fields.unwrap_or_default() {
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
                reader.largest(field, changed.iter().copied(), old)
            }
            _ => reader.largest(field, 0..rows.len(), None),
        };
        plans.extend(plan_of(field, largest.as_ref().map(|(l, _)| l)));
        found.push((field.name.clone(), kind, largest));
    }
    let largests = Largests {
        rows: rows.clone(),
        expected: expected.clone(),
        entity,
        found,
    };
    (plans, largests)
}

/// The items that differ from `earlier`'s at their places (another entity or other
/// values), when the items kept their places and few changed.
pub(crate) fn changed_since(earlier: &Rc<Vec<Row>>, rows: &Rc<Vec<Row>>) -> Option<Vec<usize>> {
    if earlier.len() != rows.len() {
        return None;
    }
    if Rc::ptr_eq(earlier, rows) {
        return Some(Vec::new());
    }
    let same = |(a, b): (&Row, &Row)| a.entity == b.entity && Rc::ptr_eq(&a.values, &b.values);
    let changed: Vec<usize> = (earlier.iter().zip(rows.iter()).enumerate())
        .filter(|(_, pair)| !same(*pair))
        .map(|(r, _)| r)
        .collect();
    (changed.len() <= rows.len() / 8).then_some(changed)
}

/// Where the planner reads values: one entity's items and the expected maximums.
struct Reader<'a> {
    rows: &'a [Row],
    entity: EntityId,
    expected: &'a Values,
}

impl Reader<'_> {
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
            let row = self.rows.get(r).filter(|row| row.entity == self.entity)?;
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
    use crate::analysis::Session;
    use crate::document::{Action, FieldEdit, ItemId, ItemsEdit, Playground, Workspace};
    use keylab::codec::width::WidthPlan;
    use std::rc::Rc;

    /// The plans a session gives for `p` after its earlier runs, and a new session's.
    fn plans(session: &mut Session, p: &Playground) -> (Vec<WidthPlan>, Vec<WidthPlan>) {
        let work = Rc::new(p.clone());
        let after = (*session.analyse(&work).settled.plans).clone();
        (after, (*Session::default().analyse(&work).settled.plans).clone())
    }

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
            let mut session = Session::default();
            session.analyse(&Rc::new(p.clone()));
            for (item, value, widen) in edits {
                let edit = if widen {
                    Action::from(FieldEdit::SetWidth { field: "score".into(), width: 4 + (value % 8) as u32 })
                } else {
                    Action::from(ItemsEdit::SetValue { item: ItemId(item), field: "score".into(), text: value.to_string() })
                };
                p = Workspace::new(p).reduce_edit(edit);
                let (after, fresh) = plans(&mut session, &p);
                proptest::prop_assert_eq!(after, fresh);
            }
        }
    }

    /// After a width or order change the plans are the ones made from scratch, from the
    /// largest values found before; after a value edit the values are read again.
    #[test]
    fn plans_after_an_edit_are_the_plans_made_again() {
        let p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 300, seed: 9 }));
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
            let mut session = Session::default();
            session.analyse(&Rc::new(p.clone()));
            let q = Workspace::new(p.clone()).reduce_edit(edit.clone());
            let (after, fresh) = plans(&mut session, &q);
            assert_eq!(after, fresh, "{edit:?}");
        }
        let mut session = Session::default();
        session.analyse(&Rc::new(p.clone()));
        let bigger = Workspace::new(p).reduce_edit(Action::from(ItemsEdit::SetValue {
            item: ItemId(0),
            field: "score".into(),
            text: "987654321".into(),
        }));
        let score = plans(&mut session, &bigger).0.into_iter().find(|p| p.field == "score");
        assert_eq!(
            score.and_then(|p| p.largest).as_deref(),
            Some("987654321"),
            "the edited items are read again"
        );
    }
}
