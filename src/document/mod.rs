//! The document being edited: the design, its sample items and the page's settings.
//! Pure: no browser types, so every edit is tested natively. What each part does lives
//! in its own file: the edits ([`edit`]), the GSIs ([`indexes`]), the query draft ([`query_draft`]), the save
//! format ([`saved`]) and the undo history ([`history`]).

#[cfg(test)]
mod after_edit_tests;
#[cfg(test)]
mod direction_tests;
mod edit;
mod edit_keys;
mod edit_work;
#[cfg(test)]
mod fix_tests;
mod history;
mod indexes;
mod query_draft;
mod saved;
#[cfg(test)]
mod tests;

pub use edit::{Action, NewSegment, Refusal};
pub use history::{Command, Workspace, HISTORY};
pub use query_draft::{QueryChoices, QueryDraft, Shape, ANCHORS_OFFERED};
pub use saved::SavedWriter;

use keylab::preview::Sample;
use keylab::query::builder::{AccessPattern, Around, Range, RangeOp, SortPattern};
use keylab::schema::{
    AttrType, Case, Entity, Field, FieldKind, Index, KeySchema, KeyTemplate, Order, Schema, Segment, TimeUnit, Traffic,
    KINDS,
};
use keylab::snippet::Target;
use keylab::Values;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::rc::Rc;

/// One sample item: its entity (an index into the schema's entities) and its values, as
/// typed (every value is text; the codec reads numbers from text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub entity: usize,
    /// Shared: an edit of one item copies the list of items, not every item's values
    /// (at 100,000 items, 100 ms of allocation for each value typed).
    pub values: Rc<Values>,
}

impl Row {
    pub fn new(entity: usize, values: Values) -> Row {
        Row {
            entity,
            values: Rc::new(values),
        }
    }
}

/// The design being edited and its sample items.
#[derive(Clone, Debug, PartialEq)]
pub struct Playground {
    pub schema: Schema,
    /// The entity whose key template is being designed.
    pub entity: usize,
    /// The key attribute whose template is being designed; see [`Playground::attribute`].
    pub attribute: String,
    /// Shared, so undo history and memoised views hold up to 100,000 items cheaply.
    pub rows: Rc<Vec<Row>>,
    /// The preset this work started from, whose lesson the page shows.
    pub preset: String,
    pub query: QueryDraft,
    /// The text of the "paste an expression" box.
    pub pasted: String,
    pub snippet: SnippetPrefs,
    /// The width planner's expected maximum per field, as typed.
    pub expected: Values,
    /// Settings typed but not applicable yet, by setting (see [`Unsettled::key`]).
    pub unsettled: BTreeMap<String, Unsettled>,
}

pub use keylab::schema::NAME_MAX;

/// A name the page accepts for an entity: not empty, at most [`NAME_MAX`] characters,
/// and not the name of one of `others`.
pub fn check_entity_name(name: &str, others: &[String]) -> Result<(), String> {
    let name = name.trim();
    match name.chars().count() {
        0 => Err("an entity needs a name: type one, such as Order".into()),
        n if n > NAME_MAX => Err(format!("{n} characters is too long: a name holds at most {NAME_MAX}")),
        _ if others.iter().any(|o| o == name) => {
            Err(format!("another entity is already named {name:?}: pick another name"))
        }
        _ => Ok(()),
    }
}

/// A setting typed into its field that cannot be applied as it stands: a width of `-3`,
/// an empty entity name. It is kept and saved with the work, shown back in its field
/// with the problem, and named as the reason the preview is empty, until it is fixed or
/// discarded; it is never dropped without a word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unsettled {
    /// The setting in words, for the line that says why the preview is empty.
    pub setting: String,
    pub text: String,
    /// What is wrong and how to fix it.
    pub problem: String,
}

impl Unsettled {
    /// The key of a field's setting: stable while segments move, per entity.
    pub fn key(entity: usize, field: &str, setting: &str) -> String {
        format!("{entity}/{field}/{setting}")
    }

    /// The settings typed for one field (or `#i` literal) of one entity, by setting.
    pub fn of(all: &BTreeMap<String, Unsettled>, entity: usize, field: &str) -> BTreeMap<String, Unsettled> {
        let prefix = format!("{entity}/{field}/");
        all.iter()
            .filter_map(|(k, u)| Some((k.strip_prefix(&prefix)?.to_string(), u.clone())))
            .collect()
    }
}

/// How the snippet panel renders the query; remembered with the work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SnippetPrefs {
    pub target: Target,
    /// A complete program rather than the call's parameters.
    pub program: bool,
    /// Overrides the table name; empty keeps the schema's.
    pub table: String,
    pub endpoint: String,
}

impl Default for SnippetPrefs {
    fn default() -> Self {
        SnippetPrefs {
            target: Target::AwsCli,
            program: false,
            table: String::new(),
            endpoint: String::new(),
        }
    }
}

/// Entity for a row whose entity is gone: it has no templates, so it has no keys.
static NO_ENTITY: Entity = Entity {
    name: String::new(),
    fields: Vec::new(),
    keys: Vec::new(),
    traffic: keylab::schema::Traffic {
        writes_per_second: None,
        reads_per_second: None,
        partition_keys: None,
    },
};

impl Playground {
    pub fn entity(&self) -> Option<&keylab::schema::Entity> {
        self.schema.entities.get(self.entity)
    }

    /// The attribute whose template the page edits: the chosen one while the table has
    /// it, else the table's sort key, or its partition key when it has none.
    pub fn attribute(&self) -> String {
        if self.schema.table.attribute_type(&self.attribute).is_some() {
            return self.attribute.clone();
        }
        let p = &self.schema.table.primary;
        p.sort.clone().unwrap_or_else(|| p.partition.clone())
    }

    /// Every sample item with its entity, in row order.
    pub fn samples(&self) -> Vec<Sample<'_>> {
        self.rows
            .iter()
            .map(|r| (self.schema.entities.get(r.entity).unwrap_or(&NO_ENTITY), &*r.values))
            .collect()
    }

    /// The entity an item belongs to; `None` for a row past the end or whose entity
    /// is gone.
    pub fn entity_of_row(&self, row: usize) -> Option<&Entity> {
        self.schema.entities.get(self.rows.get(row)?.entity)
    }

    /// A row's values as one line, in its entity's column order, with the instant an
    /// epoch time or an id stands for beside it: the time reference for the orders.
    pub fn row_text(&self, row: usize) -> String {
        let Some(r) = self.rows.get(row) else {
            return String::new();
        };
        let entity = self.entity_of_row(row);
        columns_of(entity)
            .iter()
            .map(|c| {
                let value = r.values.get(c);
                let text = value.and_then(Value::as_str).unwrap_or_default();
                let time = entity
                    .and_then(|e| e.field(c))
                    .zip(value)
                    .and_then(|(f, v)| keylab::codec::time_text(f, v));
                match time {
                    Some(t) => format!("{text} ({t})"),
                    None => text.to_string(),
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The key schema (base table or GSI) that the selected attribute keys.
    pub fn index_of_attribute(&self) -> Option<String> {
        let attr = self.attribute();
        // The base table comes first: an attribute it keys is read there.
        let (index, _) = self.schema.table.parts(&attr).next()?;
        index.map(str::to_string)
    }

    /// The edited attribute is its index's sort key: its keys are read within one
    /// partition. A partition key's keys span them all.
    pub fn edits_a_sort_key(&self) -> bool {
        let attribute = self.attribute();
        self.key_schema(self.index_of_attribute().as_deref())
            .is_some_and(|k| k.sort.as_deref() == Some(attribute.as_str()))
    }

    pub fn template(&self) -> Option<&KeyTemplate> {
        self.entity()?.template(&self.attribute())
    }

    /// The selected entity's fields in the order its templates use them.
    pub fn columns(&self) -> Vec<String> {
        columns_of(self.entity())
    }

    fn rows_mut(&mut self) -> &mut Vec<Row> {
        Rc::make_mut(&mut self.rows)
    }

    /// The values of every row of the selected entity, to edit.
    fn entity_values_mut(&mut self) -> impl Iterator<Item = &mut Values> {
        let entity = self.entity;
        (self.rows_mut().iter_mut())
            .filter(move |r| r.entity == entity)
            .map(|r| Rc::make_mut(&mut r.values))
    }

    fn template_mut(&mut self) -> Option<&mut Vec<Segment>> {
        let attr = self.attribute();
        let entity = self.schema.entities.get_mut(self.entity)?;
        entity
            .keys
            .iter_mut()
            .find(|k| k.attribute == attr)
            .map(|k| &mut k.segments)
    }

    /// See [`Action::SetMutable`].
    fn say_changes(&mut self, entity: Option<String>, field: &str, mutable: Option<bool>) {
        let at = entity.map_or(Some(self.entity), |name| {
            self.schema.entities.iter().position(|e| e.name == name)
        });
        let entity = at.and_then(|e| self.schema.entities.get_mut(e));
        if let Some(f) = entity.and_then(|e| e.fields.iter_mut().find(|f| f.name == field)) {
            f.mutable = mutable;
        }
    }

    fn field_mut(&mut self, name: &str) -> Option<&mut Field> {
        self.schema
            .entities
            .get_mut(self.entity)?
            .fields
            .iter_mut()
            .find(|f| f.name == name)
    }

    fn uses(&self, field: &str) -> bool {
        self.entity().is_some_and(|e| {
            e.keys
                .iter()
                .any(|k| k.segments.iter().any(|s| matches!(s, Segment::Field(f) if f == field)))
        })
    }

    fn fresh_field_name(&self) -> String {
        let taken = |n: &str| self.entity().is_some_and(|e| e.field(n).is_some());
        (1..)
            .map(|i| format!("field{i}"))
            .find(|n| !taken(n))
            .unwrap_or_default()
    }
}

/// An entity's fields in the order its templates use them.
fn columns_of(entity: Option<&Entity>) -> Vec<String> {
    let Some(entity) = entity else { return Vec::new() };
    let mut cols: Vec<String> = Vec::new();
    for f in entity.keys.iter().flat_map(|t| t.fields()) {
        if !cols.iter().any(|c| c == f) {
            cols.push(f.to_string());
        }
    }
    cols
}

/// The sort fields of a template, in order.
pub fn sort_fields(template: Option<&KeyTemplate>) -> Vec<String> {
    template
        .map(|t| t.fields().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The kinds a field can be switched to, for the page's select.
pub fn kinds() -> &'static [&'static str] {
    &KINDS
}

/// The sample items as the lists show them, and nothing else of the document. A list
/// that takes `Items` is redrawn when the items or the design change, never when the
/// query, the paste box or the code settings do. It shares the document: cloning is free.
#[derive(Clone, Debug)]
pub struct Items(Rc<Playground>);

impl PartialEq for Items {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0.rows, &other.0.rows) && self.0.schema == other.0.schema
    }
}

impl Items {
    pub fn of(document: &Rc<Playground>) -> Items {
        Items(document.clone())
    }
    /// An item's values as one line (see [`Playground::row_text`]).
    pub fn text(&self, row: usize) -> String {
        self.0.row_text(row)
    }
    pub fn entity(&self, row: usize) -> Option<&Entity> {
        self.0.entity_of_row(row)
    }
    /// A field's value in an item, as typed.
    pub fn value(&self, row: usize, field: &str) -> Option<&str> {
        self.0.rows.get(row)?.values.get(field)?.as_str()
    }
    pub fn separator(&self) -> &str {
        &self.0.schema.separator
    }
    /// The items as the table would hold them (see [`Playground::table_items`]).
    pub fn table_items(&self) -> keylab::items::Written {
        self.0.table_items()
    }
    pub fn table(&self) -> &keylab::schema::Table {
        &self.0.schema.table
    }
    pub fn entity_count(&self) -> usize {
        self.0.schema.entities.len()
    }
    /// The design's entity at an index (as [`Row::entity`] holds it).
    pub fn entity_at(&self, entity: usize) -> Option<&Entity> {
        self.0.schema.entities.get(entity)
    }
    /// An entity's fields in key order, the columns its items are shown in.
    pub fn columns(&self, entity: usize) -> Vec<String> {
        columns_of(self.entity_at(entity))
    }
    /// The rows of one entity, by row number.
    pub fn of_entity(&self, entity: usize) -> Vec<usize> {
        (0..self.0.rows.len())
            .filter(|&r| self.0.rows[r].entity == entity)
            .collect()
    }
    pub fn len(&self) -> usize {
        self.0.rows.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.rows.is_empty()
    }
}

/// The design being edited, and nothing else of the document: the panels that edit the
/// schema, the entity and the key attribute take this, so they are redrawn when the
/// design changes and not when the query, the paste box or an item's value does.
#[derive(Clone, Debug)]
pub struct Design(Rc<Playground>);

impl PartialEq for Design {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&self.0, &other.0);
        // Item counts per entity are shown: the items are compared by identity (every
        // edit of them makes a new set), not one by one.
        a.schema == b.schema
            && a.entity == b.entity
            && a.attribute == b.attribute
            && a.unsettled == b.unsettled
            && a.expected == b.expected
            && Rc::ptr_eq(&a.rows, &b.rows)
    }
}

impl Design {
    pub fn of(document: &Rc<Playground>) -> Design {
        Design(document.clone())
    }
    /// Why a multi-attribute GSI over these fields cannot be made (see
    /// [`Playground::multi_attribute_index_problem`]).
    pub fn multi_attribute_index_problem(&self, partition: &[String], sort: &[String]) -> Option<String> {
        self.0.multi_attribute_index_problem(partition, sort)
    }
    pub fn schema(&self) -> &Schema {
        &self.0.schema
    }
    /// The selected entity's index among the schema's entities.
    pub fn entity_index(&self) -> usize {
        self.0.entity
    }
    pub fn entity(&self) -> Option<&Entity> {
        self.0.entity()
    }
    /// The key attribute whose template is edited (see [`Playground::attribute`]).
    pub fn attribute(&self) -> String {
        self.0.attribute()
    }
    pub fn template(&self) -> Option<&KeyTemplate> {
        self.0.template()
    }
    pub fn index_of_attribute(&self) -> Option<String> {
        self.0.index_of_attribute()
    }
    /// The largest value the user expects in a field, as typed.
    pub fn expected(&self, field: &str) -> Option<&str> {
        self.0.expected.get(field)?.as_str()
    }
    /// Settings typed but not applicable, kept beside their fields.
    pub fn unsettled(&self) -> &BTreeMap<String, Unsettled> {
        &self.0.unsettled
    }
    /// How many sample items an entity has.
    pub fn count_of(&self, entity: usize) -> usize {
        self.0.rows.iter().filter(|r| r.entity == entity).count()
    }
}
