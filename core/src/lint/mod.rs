//! The design linter: mistakes that show only in the design as a whole, not in one key.
//! Each finding names its rule, says what is wrong in one sentence, shows the sample
//! values or the figures behind it, and says how to fix it. `docs/lint.md` lists the
//! rules with examples.
//!
//! Rules: L1 (keys that collide), L2 (key size), L3 (casing that merges identifiers),
//! L4 (a changing value in a primary key), L5 (hot partition), L6 (a `begins_with`
//! that ends inside a segment) and L7 (an item whose key cannot be written).

mod casing;
mod collision;
mod hot;
mod index_partitions;
#[cfg(test)]
mod l4_l7_tests;
mod mutable;
mod prefix;
mod size;
#[cfg(test)]
mod tests;
mod unwritable;

pub use hot::{PARTITION_READS, PARTITION_WRITES};
pub use index_partitions::{group_fields, serving_index};
pub use prefix::order_surprise;
pub use size::{key_size, KeySize};

use crate::preview::{ItemKeys, Sample};
use crate::schema::{Entity, Schema};
use crate::Values;

/// A lint rule, by its id in `docs/lint.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// L1: two different items that write the same table key.
    Collision,
    /// L2: a key that can exceed DynamoDB's size limit.
    Size,
    /// L3: upper- or lower-casing that would merge distinct identifiers.
    Casing,
    /// L4: a value that changes after creation inside a primary key.
    MutableKey,
    /// L5: more traffic on one partition-key value than a partition serves.
    HotPartition,
    /// L6: a `begins_with` value that ends inside a segment.
    OrderSurprise,
    /// L7: a sample item whose key the codec refuses, so it is never written.
    Unwritable,
    /// L8: an index whose partitions hold one item each, so its sort key orders nothing.
    OneItemPerPartition,
}

impl Rule {
    pub fn id(self) -> &'static str {
        match self {
            Rule::Collision => "L1",
            Rule::Size => "L2",
            Rule::Casing => "L3",
            Rule::MutableKey => "L4",
            Rule::HotPartition => "L5",
            Rule::OrderSurprise => "L6",
            Rule::Unwritable => "L7",
            Rule::OneItemPerPartition => "L8",
        }
    }

    /// The rule's name, as `docs/lint.md` heads it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Collision => "collision",
            Rule::Size => "size",
            Rule::Casing => "casing",
            Rule::MutableKey => "mutable key",
            Rule::HotPartition => "hot partition",
            Rule::OrderSurprise => "order surprise",
            Rule::Unwritable => "unwritable item",
            Rule::OneItemPerPartition => "one item per partition",
        }
    }
}

/// Whether the design is broken (DynamoDB or the data will lose or refuse writes) or
/// risky (it works until the data or the load grows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One thing the linter found.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    pub severity: Severity,
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

impl Finding {
    /// The finding as JSON, as the JS API and the command line give it.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::json!({
            "rule": self.rule.id(),
            "name": self.rule.name(),
            "severity": self.severity.name(),
            "entity": self.entity,
            "attribute": self.attribute,
            "field": self.field,
            "sentence": self.sentence,
            "evidence": self.evidence,
            "fix": self.fix,
        })
    }
}

/// The items of `entity`, with their place among all items. By address first: the
/// page's items refer to the schema's own entities, and comparing 100,000 names per
/// rule showed in the profile.
fn items_of<'a>(entity: &'a Entity, items: &'a [Sample<'a>]) -> impl Iterator<Item = (usize, &'a Values)> + 'a {
    (items.iter().enumerate())
        .filter(move |(_, (e, _))| is_entity(e, entity))
        .map(|(n, (_, values))| (n, *values))
}

/// Whether an item's entity is `entity` (the same one, or one of that name).
fn is_entity(of_item: &Entity, entity: &Entity) -> bool {
    std::ptr::eq(of_item, entity) || of_item.name == entity.name
}

/// Every finding for a design and its sample items, entity by entity.
pub fn lint(schema: &Schema, items: &[Sample]) -> Vec<Finding> {
    lint_with_keys(schema, items, &ItemKeys::new(schema, items))
}

/// [`lint`] with the items' keys encoded already ([`ItemKeys::new`]), as the page has
/// them for its other views.
pub fn lint_with_keys(schema: &Schema, items: &[Sample], keys: &ItemKeys) -> Vec<Finding> {
    lint_after(schema, items, keys, None).0
}

/// What the linter read of the items that an edit of a few of them updates rather than
/// reads again.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Read {
    identifiers: casing::IdentifierRows,
}

/// [`lint_with_keys`] after an edit that changed only the items at `changed` (rows in
/// order; every other item kept its place, entity and values), from what was `read`
/// before it; with what it read now, for the next edit.
pub fn lint_after(
    schema: &Schema,
    items: &[Sample],
    keys: &ItemKeys,
    earlier: Option<(&Read, &[usize])>,
) -> (Vec<Finding>, Read) {
    let mut read = Read::default();
    let identifiers = earlier.map(|(read, changed)| (&read.identifiers, changed));
    let mut out = collision::collisions(schema, items, keys);
    for entity in &schema.entities {
        out.extend(unwritable::unwritable(schema, entity, items, keys));
        for template in &entity.keys {
            out.extend(size::size(schema, entity, template, items, keys));
        }
        out.extend(casing::casing(entity, items, identifiers, &mut read.identifiers));
        out.extend(mutable::mutable_keys(schema, entity, items));
        out.extend(index_partitions::one_item_per_partition(schema, entity));
        out.extend(hot::hot_partitions(schema, entity, items, keys));
    }
    (out, read)
}
