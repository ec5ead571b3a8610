//! The design linter: mistakes that show only in the design as a whole, not in one key.
//! Each finding names its rule, says what is wrong in one sentence, shows the sample
//! values or the figures behind it, and says how to fix it. `docs/lint.md` lists the
//! rules with examples.
//!
//! Rules so far: L1 (keys that collide), L2 (key size), L3 (casing that merges
//! identifiers) and L6 (a `begins_with` that ends inside a segment). L4 (mutable key)
//! and L5 (hot partition) are still to come.

mod casing;
mod collision;
mod prefix;
mod size;
#[cfg(test)]
mod tests;

pub use prefix::order_surprise;

use crate::preview::Sample;
use crate::schema::Schema;

/// A lint rule, by its id in `docs/lint.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// L1: two different items that write the same table key.
    Collision,
    /// L2: a key that can exceed DynamoDB's size limit.
    Size,
    /// L3: upper- or lower-casing that would merge distinct identifiers.
    Casing,
    /// L6: a `begins_with` value that ends inside a segment.
    OrderSurprise,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::Collision => "L1",
            Rule::Size => "L2",
            Rule::Casing => "L3",
            Rule::OrderSurprise => "L6",
        }
    }
}

/// One thing the linter found.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    pub entity: String,
    /// The key attribute, for rules about one key.
    pub attribute: Option<String>,
    /// The field, for rules about one field.
    pub field: Option<String>,
    /// What is wrong, in one sentence.
    pub sentence: String,
    /// The sample values or figures that show it.
    pub evidence: Vec<String>,
    pub fix: String,
}

/// Every finding for a design and its sample items, entity by entity.
pub fn lint(schema: &Schema, items: &[Sample]) -> Vec<Finding> {
    let mut out = collision::collisions(schema, items);
    for entity in &schema.entities {
        for template in &entity.keys {
            out.extend(size::size(schema, entity, template, items));
        }
        out.extend(casing::casing(entity, items));
    }
    out
}
