//! What a file to import says, whatever its format: its items and where each is, the
//! keys, entities and design it states, its Query patterns (an MCP data model's access
//! patterns, checked against the design read), its notes and what was left out of it.
//! Every reader fills one; the formats' dispatch (`sources`) and each reader depend on
//! it, never the other way.

use super::keys::TableKeys;
use super::left_out::{Omission, Part};
use super::Alias;
use crate::migrate::stored::StoredItem;
use crate::query::eval::{self, Item};
use crate::query::parse::parse_input;
use crate::schema::Table;
use serde_json::{json, Value};

/// Items read from a file, where each one is in it, and what the file says of them.
#[derive(Clone, Debug, Default)]
pub struct Source {
    pub items: Vec<StoredItem<'static>>,
    /// Where each item is, for messages: `item on line 3`, `item 2 of facet Orders`.
    pub places: Vec<String>,
    /// Each item's entity when the file names it.
    pub entity_of: Vec<Option<String>>,
    /// The table's keys when the file states them.
    pub keys: Option<TableKeys>,
    /// Key patterns the file states per entity (a Workbench facet's key aliases).
    pub aliases: Vec<Alias>,
    /// The keylab design the file carries, when keylab wrote it.
    pub design: Option<crate::schema::Schema>,
    pub table: Option<String>,
    pub notes: Vec<String>,
    /// The Query patterns the file states (an MCP data model's access patterns).
    pub patterns: Vec<Pattern>,
    /// What of the file the reader left out, each also a note.
    pub left_out: Vec<Omission>,
    /// The entities the file names that hold no items (a Workbench facet without
    /// TableData of its own): left out unless the design the file carries holds them.
    pub without_items: Vec<String>,
}

/// What an import says: its notes in order (the file's, the reading's, each part of the
/// file left out, each Query pattern's check), and the parts left out.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub notes: Vec<String>,
    pub left_out: Vec<Omission>,
}

impl Source {
    /// What the file says, as the reader's options: its keys, entities, aliases,
    /// carried design and table name (else `table`).
    pub fn options(&self, table: &str) -> super::Options {
        super::Options {
            keys: self.keys.clone(),
            entity_attribute: None,
            entity_of: self.entity_of.clone(),
            aliases: self.aliases.clone(),
            design: self.design.clone(),
            table: self.table.clone().unwrap_or_else(|| table.to_string()),
        }
    }

    /// Leaves a part of the file out: said once, as a note and a record.
    pub fn leave_out(&mut self, omission: Omission) {
        if !self.left_out.contains(&omission) {
            self.notes.push(omission.to_string());
            self.left_out.push(omission);
        }
    }

    /// What the import of this file into `proposal` says, and what of the file it left
    /// out: what the reader left out, and each entity without items the design lacks.
    pub fn report(&self, proposal: &super::Proposal) -> Report {
        let mut notes: Vec<String> = self.notes.iter().chain(&proposal.notes).cloned().collect();
        let mut left_out: Vec<Omission> = self.left_out.iter().chain(&proposal.left_out).cloned().collect();
        for name in &self.without_items {
            if proposal.schema.entity(name).is_none() {
                let o = Omission {
                    part: Part::Entity { kind: "facet", name: name.clone() },
                    reason: "it has no TableData of its own, so no template can be read from it: add a few items to it in Workbench's visualizer".into(),
                };
                notes.push(o.to_string());
                left_out.push(o);
            }
        }
        notes.extend(self.patterns_on(&proposal.schema.table));
        Report { notes, left_out }
    }

    /// What each Query pattern the file states does on the design read, in words.
    pub fn patterns_on(&self, table: &Table) -> Vec<String> {
        check(&self.patterns, table, &self.items)
    }

    /// A misfit in words, at its place in the file: `item on line 9: SK "…": why`.
    pub fn describe(&self, m: &super::Misfit) -> String {
        let place = (self.places.get(m.item).cloned()).unwrap_or_else(|| format!("item {}", m.item + 1));
        match m.attribute.is_empty() {
            true => format!("{place}: {}", m.reason),
            false => format!(
                "{place}: {} {}: {}",
                m.attribute,
                crate::elide::quoted(&m.stored),
                m.reason
            ),
        }
    }
}

/// A Query pattern of the model: its number and description, and the Query input its
/// command runs (TableName, IndexName, KeyConditionExpression, names, values, ...).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pattern {
    pub name: String,
    pub description: String,
    pub input: Value,
}

/// The table a model's `tables` (each with a `TableName`) names `wanted`, else its first,
/// with every table's name; a note says which was read when there are several.
pub(super) fn pick_table(
    tables: &[Value],
    wanted: Option<&str>,
    notes: &mut Vec<String>,
) -> Result<(usize, Vec<String>), String> {
    let name_of = |t: &Value| {
        t.get("TableName")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    let names: Vec<String> = tables.iter().map(name_of).collect();
    let at = match wanted {
        Some(w) => (names.iter().position(|n| n == w))
            .ok_or_else(|| format!("the model has no table {w:?}; its tables are {}", names.join(", ")))?,
        None => 0,
    };
    if tables.len() > 1 {
        notes.push(format!(
            "the model has {} tables ({}); read {}, pick another with its name",
            tables.len(),
            names.join(", "),
            names[at]
        ));
    }
    Ok((at, names))
}

/// What each pattern does on the design read: refused with DynamoDB's reason, or how
/// many of the model's items it returns (every page).
pub fn check(patterns: &[Pattern], table: &Table, items: &[StoredItem]) -> Vec<String> {
    let items: Vec<Item> = items.iter().map(as_item).collect();
    patterns
        .iter()
        .map(|p| {
            let label = format!("pattern {} ({})", p.name, p.description);
            let expression = p
                .input
                .get("KeyConditionExpression")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let mut query = match parse_input(table, &p.input) {
                Ok(q) => q,
                Err(why) => return format!("{label}: {expression}: refused: {why}"),
            };
            let mut returned = 0;
            for _ in 0..10_000 {
                let page = eval::run(table, &items, &query);
                returned += page.items.len();
                match page.last_evaluated_key {
                    Some(k) => query.exclusive_start_key = Some(k),
                    None => break,
                }
            }
            format!("{label}: {expression}: DynamoDB accepts it; it returns {returned} of the model's items")
        })
        .collect()
}

fn as_item(stored: &StoredItem) -> Item {
    use crate::migrate::stored::Attribute;
    (stored.0.iter())
        .map(|(name, a)| {
            let v = match a {
                Attribute::S(s) => json!({"S": s}),
                Attribute::N(n) => json!({"N": n}),
                Attribute::Other(tag, v) => json!({ tag.clone(): v }),
            };
            (name.to_string(), v)
        })
        .collect()
}
