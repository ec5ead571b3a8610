//! The last result of each part of the analysis, found by the part's own function.

use crate::document::Same;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::rc::Rc;

/// What a part carries from its last run to the next: the arguments it was made from,
/// what it made, and what it read then.
pub type Earlier<'a, A, T, S> = (&'a A, &'a T, &'a S);

/// The memos of the analysis: one per part, keyed by the part's closure type, so the
/// list of parts is the list of calls and is not written again here.
#[derive(Default)]
pub struct Memos(HashMap<TypeId, Box<dyn Any>>);

/// One part's last run.
struct Last<A, T, S> {
    args: A,
    made: Same<T>,
    carried: S,
}

impl Memos {
    /// `part(args)`, worked out again only when `args` changed (pieces compare by
    /// identity, see [`Same`]). A part captures nothing (its size is checked to be zero
    /// when it is compiled), so its arguments are both its only input and its memo
    /// key: a part cannot read a piece its key leaves out.
    pub fn get<A, T, F>(&mut self, args: A, part: F) -> Same<T>
    where
        A: PartialEq + 'static,
        T: 'static,
        F: Fn(&A) -> T + 'static,
    {
        const { assert!(std::mem::size_of::<F>() == 0, "a part captures nothing") };
        self.carrying(args, move |args, _: Option<Earlier<A, T, ()>>| (part(args), ()))
    }

    /// [`Self::get`] for a part that reworks only what an edit changed: it is given its
    /// last run (arguments, result, and what it read then) and returns what it read now.
    pub fn carrying<A, T, S, F>(&mut self, args: A, part: F) -> Same<T>
    where
        A: PartialEq + 'static,
        T: 'static,
        S: 'static,
        F: Fn(&A, Option<Earlier<A, T, S>>) -> (T, S) + 'static,
    {
        const { assert!(std::mem::size_of::<F>() == 0, "a part captures nothing") };
        let id = TypeId::of::<F>();
        let last = self.0.remove(&id).and_then(|b| b.downcast::<Last<A, T, S>>().ok());
        let next = match last {
            Some(last) if last.args == args => last,
            last => {
                let earlier = last.as_ref().map(|l| (&l.args, &*l.made.0, &l.carried));
                let (made, carried) = part(&args, earlier);
                Box::new(Last {
                    args,
                    made: Same(Rc::new(made)),
                    carried,
                })
            }
        };
        let made = next.made.clone();
        self.0.insert(id, next);
        made
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part runs again exactly when an argument changed, and is given its last run.
    #[test]
    fn a_part_runs_again_only_when_its_arguments_change() {
        let mut memos = Memos::default();
        let double = |n: &u32| n * 2;
        let a = memos.get(3, double);
        assert!(memos.get(3, double) == a, "the same result, not made again");
        assert_eq!(*memos.get(4, double).0, 8);
        let sum = |n: &u32, earlier: Option<Earlier<u32, u32, u32>>| {
            let runs = earlier.map_or(0, |(_, _, runs)| *runs) + 1;
            (n + earlier.map_or(0, |(_, made, _)| *made), runs)
        };
        assert_eq!(*memos.carrying(1, sum).0, 1);
        assert_eq!(*memos.carrying(2, sum).0, 3);
        assert_eq!(*memos.carrying(2, sum).0, 3);
        assert_eq!(*memos.carrying(5, sum).0, 8);
    }
}
