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
pub use edit_keys::prefix_holds_separator;
mod edit_work;
#[cfg(test)]
mod fix_tests;
mod history;
mod ids;
pub mod imported;
mod indexes;
use indexes::multi_attribute_index_problem;
#[cfg(test)]
mod entity_tests;
mod panel_views;
mod patterns;
mod query_draft;
mod saved;
mod saved_items;
mod saved_read;
#[cfg(test)]
mod tests;

pub use edit::{
    Action, Asker, DesignEdit, FieldEdit, FocusEdit, ItemsEdit, NewSegment, PrefsEdit, QueryEdit, Refusal,
    TemplateEdit, TypedEdit,
};
pub use history::{Command, Workspace, HISTORY};
pub use ids::{EntityId, Focus, IndexName, ItemId, PresetId, SettingKey, SettingOf};
pub use panel_views::{Design, Items};
pub use patterns::{check_pattern_name, SavedPattern, PATTERNS_MAX, PATTERN_NAME_MAX};
pub use query_draft::{DraftOn, QueryChoices, QueryDraft, Shape, ANCHORS_OFFERED, TOP_N_DEFAULT};
pub use saved::SavedWriter;

use keylab::intent::Intent;
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
    pub entity: EntityId,
    /// Shared: an edit of one item copies the list of items, not every item's values
    /// (at 100,000 items, 100 ms of allocation for each value typed).
    pub values: Rc<Values>,
}

impl ItemId {
    /// The item at this place, while the table has it.
    pub fn of(self, rows: &[Row]) -> Option<&Row> {
        rows.get(self.0)
    }
}

impl Row {
    pub fn new(entity: EntityId, values: Values) -> Row {
        Row {
            entity,
            values: Rc::new(values),
        }
    }
}

/// The design being edited and its sample items.
#[derive(Clone, Debug, PartialEq)]
pub struct Playground {
    /// Shared, as every piece of the work is: an edit replaces the pieces it changes and
    /// keeps the others, so a view memoised on a piece by identity is worked out again
    /// exactly when its input changed.
    schema: Rc<Schema>,
    /// The entity and key attribute whose template is being designed.
    focus: Focus,
    /// Shared, so undo history and memoised views hold up to 100,000 items cheaply.
    rows: Rc<Vec<Row>>,
    /// The preset this work started from, whose lesson the page shows; `None` for a
    /// design of the person's own.
    preset: Option<PresetId>,
    query: Rc<QueryDraft>,
    /// The text of the "paste an expression" box.
    pasted: String,
    /// Query inputs kept by name: the person's, or an imported model's.
    patterns: Rc<Vec<SavedPattern>>,
    /// The access patterns as intents: what each query must return, checked on the
    /// sample items (`keylab::intent`).
    intents: Rc<Vec<Intent>>,
    snippet: Rc<SnippetPrefs>,
    /// The width planner's expected maximum per field, as typed.
    expected: Rc<Values>,
    /// Settings typed but not applicable yet, by setting.
    unsettled: Rc<UnsettledSettings>,
}

pub use keylab::schema::NAME_MAX;

/// A shared piece of the work, equal only to itself: a piece no edit replaced, or a
/// memo's result that was not recomputed, is the same `Rc`, so this says "changed"
/// exactly when it did, without comparing 100,000 items. It holds the value, so its
/// address cannot be reused while a memo or a panel remembers it.
pub struct Same<T>(pub Rc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Clone for Same<T> {
    fn clone(&self) -> Self {
        Same(self.0.clone())
    }
}

impl<T: Default> Default for Same<T> {
    fn default() -> Self {
        Same(Rc::default())
    }
}

impl<T> std::ops::Deref for Same<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Same<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

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

/// The settings typed but not applicable, by setting.
pub type UnsettledSettings = BTreeMap<SettingKey, Unsettled>;

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
    /// The settings typed for one part of one entity, by setting.
    pub fn of(all: &UnsettledSettings, entity: EntityId, of: &SettingOf) -> BTreeMap<String, Unsettled> {
        // Inserted one by one: collecting into a map sorts first, another copy of the
        // sort in the page's wasm.
        let mut settings = BTreeMap::new();
        for (k, u) in all.iter().filter(|(k, _)| k.entity == entity && k.of == *of) {
            settings.insert(k.setting.clone(), u.clone());
        }
        settings
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

impl SnippetPrefs {
    /// What the code is written with: the table name and endpoint typed (trimmed), if
    /// any, and whether it is a whole program.
    pub fn options(&self) -> keylab::snippet::Options {
        let typed = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        keylab::snippet::Options {
            table: typed(&self.table),
            endpoint: typed(&self.endpoint),
            program: self.program,
        }
    }
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
    /// The design: separator, table and entities.
    pub fn schema(&self) -> &Rc<Schema> {
        &self.schema
    }

    /// Which entity and key attribute the workbench edits.
    pub fn focus(&self) -> &Focus {
        &self.focus
    }

    /// The sample items.
    pub fn rows(&self) -> &Rc<Vec<Row>> {
        &self.rows
    }

    pub fn preset(&self) -> Option<PresetId> {
        self.preset
    }

    /// The query panel's draft.
    pub fn query(&self) -> &Rc<QueryDraft> {
        &self.query
    }

    /// The text of the paste box.
    pub fn pasted(&self) -> &str {
        &self.pasted
    }

    pub fn patterns(&self) -> &Rc<Vec<SavedPattern>> {
        &self.patterns
    }

    /// The access patterns as intents.
    pub fn intents(&self) -> &Rc<Vec<Intent>> {
        &self.intents
    }

    pub fn snippet(&self) -> &Rc<SnippetPrefs> {
        &self.snippet
    }

    /// The width planner's expected maximum per field, as typed.
    pub fn expected(&self) -> &Rc<Values> {
        &self.expected
    }

    /// The settings typed but not applicable yet.
    pub fn unsettled(&self) -> &Rc<UnsettledSettings> {
        &self.unsettled
    }

    /// This work, as started from a built-in preset (whose lesson the page shows).
    pub fn from_preset(mut self, id: PresetId) -> Playground {
        self.preset = Some(id);
        self
    }

    /// This work with other sample items (of its entities), the query's anchor kept
    /// among them.
    pub fn with_rows(&self, rows: Vec<Row>) -> Playground {
        let mut work = self.clone();
        work.rows = Rc::new(rows);
        work.keep_anchor();
        work
    }

    /// Whether this is `other` but for the code settings, which are the person's, not
    /// the design's.
    pub fn same_work_as(&self, other: &Playground) -> bool {
        let other = Playground {
            snippet: self.snippet.clone(),
            ..other.clone()
        };
        *self == other
    }

    pub fn entity(&self) -> Option<&keylab::schema::Entity> {
        self.focus.entity(&self.schema)
    }

    /// The attribute whose template the page edits: the chosen one while the table has
    /// it, else the table's sort key, or its partition key when it has none.
    pub fn attribute(&self) -> String {
        self.focus.attribute(&self.schema)
    }

    /// Every sample item with its entity, in row order.
    pub fn samples(&self) -> Vec<Sample<'_>> {
        samples(&self.schema, &self.rows)
    }

    /// The entity an item belongs to; `None` for a row past the end or whose entity
    /// is gone.
    pub fn entity_of_row(&self, item: ItemId) -> Option<&Entity> {
        item.of(&self.rows)?.entity.of(&self.schema)
    }

    /// An item's values as one line (see [`row_text`]).
    pub fn row_text(&self, item: ItemId) -> String {
        row_text(&self.schema, &self.rows, item)
    }

    /// The query panel's draft read against this design and these items.
    pub fn draft_on(&self) -> DraftOn<'_> {
        DraftOn {
            draft: &self.query,
            schema: &self.schema,
            rows: &self.rows,
        }
    }

    /// The key schema (base table or GSI) that the selected attribute keys.
    pub fn index_of_attribute(&self) -> Option<IndexName> {
        index_keying(&self.schema, &self.attribute())
    }

    /// The edited attribute is its index's sort key: its keys are read within one
    /// partition. A partition key's keys span them all.
    pub fn edits_a_sort_key(&self) -> bool {
        let attribute = self.attribute();
        self.schema
            .table
            .key_schema(self.index_of_attribute().as_ref().map(IndexName::as_str))
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

    fn schema_mut(&mut self) -> &mut Schema {
        Rc::make_mut(&mut self.schema)
    }

    /// The selected entity, to edit.
    fn entity_mut(&mut self) -> Option<&mut Entity> {
        let at = self.focus.entity.0;
        self.schema_mut().entities.get_mut(at)
    }

    fn query_mut(&mut self) -> &mut QueryDraft {
        Rc::make_mut(&mut self.query)
    }

    /// The values of every row of the selected entity, to edit.
    fn entity_values_mut(&mut self) -> impl Iterator<Item = &mut Values> {
        let entity = self.focus.entity;
        (self.rows_mut().iter_mut())
            .filter(move |r| r.entity == entity)
            .map(|r| Rc::make_mut(&mut r.values))
    }

    fn template_mut(&mut self) -> Option<&mut Vec<Segment>> {
        let attr = self.attribute();
        let entity = self.entity_mut()?;
        entity
            .keys
            .iter_mut()
            .find(|k| k.attribute == attr)
            .map(|k| &mut k.segments)
    }

    /// See [`FieldEdit::SetMutable`].
    fn say_changes(&mut self, entity: Option<String>, field: &str, mutable: Option<bool>) {
        let at = entity.map_or(Some(self.focus.entity.0), |name| {
            self.schema.entities.iter().position(|e| e.name == name)
        });
        let entity = at.and_then(|e| self.schema_mut().entities.get_mut(e));
        if let Some(f) = entity.and_then(|e| e.fields.iter_mut().find(|f| f.name == field)) {
            f.mutable = mutable;
        }
    }

    fn field_mut(&mut self, name: &str) -> Option<&mut Field> {
        self.entity_mut()?.fields.iter_mut().find(|f| f.name == name)
    }

    fn uses(&self, field: &str) -> bool {
        self.entity().is_some_and(|e| {
            e.keys.iter().any(|k| {
                k.segments
                    .iter()
                    .any(|s| matches!(s, Segment::Field(f) if f.name == field))
            })
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

/// Every sample item with its entity, in row order; a row whose entity is gone has none
/// of its templates, so it has no keys.
pub fn samples<'a>(schema: &'a Schema, rows: &'a [Row]) -> Vec<Sample<'a>> {
    rows.iter()
        .map(|r| (r.entity.of(schema).unwrap_or(&NO_ENTITY), &*r.values))
        .collect()
}

/// A row's values as one line, in its entity's column order, with the instant an
/// epoch time or an id stands for beside it: the time reference for the orders.
pub fn row_text(schema: &Schema, rows: &[Row], item: ItemId) -> String {
    let Some(r) = item.of(rows) else {
        return String::new();
    };
    let entity = r.entity.of(schema);
    columns_of(entity)
        .iter()
        .map(|c| {
            let value = r.values.get(c);
            let text = value.map(saved_items::value_text).unwrap_or_default();
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

/// The key schema (base table or GSI) that an attribute keys. The base table comes
/// first: an attribute it keys is read there.
fn index_keying(schema: &Schema, attribute: &str) -> Option<IndexName> {
    let (index, _) = schema.table.parts(attribute).next()?;
    index.map(|i| IndexName(i.to_string()))
}
