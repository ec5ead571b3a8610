//! The whole playground state and the one reducer that changes it. Pure: no browser
//! types, so every action is tested natively.

use keylab::preview::Sample;
use keylab::query::builder::{AccessPattern, Around, Range, RangeOp, SortPattern};
use keylab::schema::{
    AttrType, Case, Entity, Field, FieldKind, Index, KeySchema, KeyTemplate, Order, Schema, Segment, TimeUnit, KINDS,
};
use keylab::snippet::Target;
use keylab::Values;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::Reducible;

/// One sample item: its entity (an index into the schema's entities) and its values, as
/// typed (every value is text; the codec reads numbers from text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub entity: usize,
    pub values: Values,
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
    /// A `keylab::snippet::Target` id.
    pub target: String,
    /// A complete program rather than the call's parameters.
    pub program: bool,
    /// Overrides the table name; empty keeps the schema's.
    pub table: String,
    pub endpoint: String,
}

impl Default for SnippetPrefs {
    fn default() -> Self {
        SnippetPrefs {
            target: Target::AwsCli.id().into(),
            program: false,
            table: String::new(),
            endpoint: String::new(),
        }
    }
}

/// The access pattern picked in the query panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum Shape {
    /// Every item in the partition.
    #[default]
    Collection,
    /// Every item of the anchor's entity in its partition: under its literal.
    Entity,
    /// The one item whose sort key equals the anchor's.
    Exact,
    /// Every item under the anchor's first `fixed` sort fields.
    Prefix,
    /// A condition on the sort field after the first `fixed`.
    Range,
    /// The last N items of the partition: newest or top first.
    Top,
    /// The anchor item and every item sorting before it, nearest first.
    Before,
    /// The anchor item and every item sorting after it, nearest first.
    After,
}

/// A query stated against the sample items: the anchor item gives the partition and the
/// fixed leading sort fields; the range's values are typed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct QueryDraft {
    pub shape: Shape,
    /// The GSI to query; empty for the base table.
    pub index: String,
    pub anchor: usize,
    pub fixed: usize,
    pub op: RangeOp,
    pub value: String,
    pub to: String,
    pub forward: bool,
    pub limit: String,
    pub children: bool,
}

impl Default for QueryDraft {
    fn default() -> Self {
        QueryDraft {
            shape: Shape::Collection,
            index: String::new(),
            anchor: 0,
            fixed: 0,
            op: RangeOp::Ge,
            value: String::new(),
            to: String::new(),
            forward: true,
            limit: String::new(),
            children: false,
        }
    }
}

/// A new segment added to the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewSegment {
    Literal,
    Field,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    AddSegment(NewSegment),
    RemoveSegment(usize),
    /// Moves the segment at `from` one place up (`-1`) or down (`1`).
    MoveSegment {
        from: usize,
        by: isize,
    },
    SetLiteral {
        segment: usize,
        text: String,
    },
    RenameField {
        field: String,
        to: String,
    },
    SetKind {
        field: String,
        kind: FieldKind,
    },
    SetWidth {
        field: String,
        width: u32,
    },
    SetScale {
        field: String,
        scale: u32,
    },
    SetOrder {
        field: String,
        order: Order,
    },
    SetCase {
        field: String,
        case: Case,
    },
    SetUnit {
        field: String,
        unit: TimeUnit,
    },
    /// The width planner's warning threshold, in percent of capacity.
    SetWarnAt {
        field: String,
        percent: f64,
    },
    SetSeparator(String),
    SetValue {
        row: usize,
        field: String,
        text: String,
    },
    AddRow,
    RemoveRow(usize),
    SetQuery(QueryDraft),
    SetPasted(String),
    SetSnippet(SnippetPrefs),
    /// Sample items pasted as JSON lines or CSV, added after the others.
    AppendRows(Vec<Values>),
    /// The largest value a field is expected to hold, for the width planner.
    SetExpectedMax {
        field: String,
        text: String,
    },
    /// Designs another entity's templates (and shows its items in the table).
    SelectEntity(usize),
    /// Designs the template of another key attribute.
    SelectAttribute(String),
    AddEntity,
    RenameEntity(String),
    /// Rewrites every literal segment `from` of the selected entity's templates, as
    /// offered after a rename (`ORDER` follows `Order` becoming `Purchase`).
    RenameLiteral {
        from: String,
        to: String,
    },
    /// Text typed into a setting: the action it applies, or why it cannot be applied
    /// (kept under `key` until the setting is typed again or discarded).
    Typed {
        key: String,
        outcome: Result<Box<Action>, Unsettled>,
    },
    /// Drops the text typed under this key that could not be applied: the field shows
    /// the applied value again.
    DiscardTyped(String),
    /// Removes the selected entity and its sample items.
    RemoveEntity,
    /// Gives the selected entity a template for the selected attribute.
    AddTemplate,
    /// Takes the selected entity out of the selected (index) attribute: a sparse index.
    RemoveTemplate,
    /// A new GSI with its own two String key attributes.
    AddIndex,
    RemoveIndex(String),
    /// A whole schema, edited as JSON; items follow their entities by name.
    SetSchema(Box<Schema>),
    /// `count` random items of the selected entity, replacing its current items.
    Generate {
        count: usize,
        seed: u64,
    },
}

/// Entity for a row whose entity is gone: it has no templates, so it has no keys.
static NO_ENTITY: Entity = Entity {
    name: String::new(),
    fields: Vec::new(),
    keys: Vec::new(),
};

impl Playground {
    /// The seeds' leaderboard: top scores first, ties broken by time, then player.
    pub fn leaderboard() -> Playground {
        crate::presets::load("leaderboard").unwrap_or_else(|| unreachable!("the built-in preset loads"))
    }

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
            .map(|r| (self.schema.entities.get(r.entity).unwrap_or(&NO_ENTITY), &r.values))
            .collect()
    }

    /// Rows of the selected entity, by row number.
    pub fn entity_rows(&self) -> Vec<usize> {
        (0..self.rows.len())
            .filter(|&r| self.rows[r].entity == self.entity)
            .collect()
    }

    /// A row's values as one line, in its entity's column order, with the instant an
    /// epoch time or an id stands for beside it: the time reference for the orders.
    pub fn row_text(&self, row: usize) -> String {
        let Some(r) = self.rows.get(row) else {
            return String::new();
        };
        let entity = self.schema.entities.get(r.entity);
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

    /// Every row of the selected entity, to edit.
    fn entity_rows_mut(&mut self) -> impl Iterator<Item = &mut Row> {
        let entity = self.entity;
        self.rows_mut().iter_mut().filter(move |r| r.entity == entity)
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

    fn apply(&mut self, action: Action) {
        match action {
            Action::AddSegment(kind) => {
                let segment = match kind {
                    NewSegment::Literal => Segment::Literal("TYPE".into()),
                    NewSegment::Field => {
                        let name = self.fresh_field_name();
                        if let Some(e) = self.schema.entities.get_mut(self.entity) {
                            e.fields.push(Field {
                                name: name.clone(),
                                kind: FieldKind::Uint {
                                    width: 10,
                                    order: Order::Asc,
                                },
                                warn_at: None,
                            });
                        }
                        for r in self.entity_rows_mut() {
                            r.values.insert(name.clone(), Value::String("0".into()));
                        }
                        Segment::Field(name)
                    }
                };
                if let Some(t) = self.template_mut() {
                    t.push(segment);
                }
            }
            Action::RemoveSegment(i) => {
                let removed = self.template_mut().filter(|t| i < t.len()).map(|t| t.remove(i));
                // A field no template uses any more goes too, with its sample values.
                if let Some(Segment::Field(f)) = removed {
                    if !self.uses(&f) {
                        if let Some(e) = self.schema.entities.get_mut(self.entity) {
                            e.fields.retain(|x| x.name != f);
                        }
                        for r in self.entity_rows_mut() {
                            r.values.shift_remove(&f);
                        }
                    }
                }
            }
            Action::MoveSegment { from, by } => {
                if let Some(t) = self.template_mut() {
                    let to = from as isize + by;
                    if from < t.len() && to >= 0 && (to as usize) < t.len() {
                        t.swap(from, to as usize);
                    }
                }
            }
            Action::SetLiteral { segment, text } => {
                if let Some(Segment::Literal(l)) = self.template_mut().and_then(|t| t.get_mut(segment)) {
                    *l = text;
                }
            }
            Action::RenameField { field, to } => {
                let clash = self.entity().is_some_and(|e| e.field(&to).is_some());
                if to.is_empty() || clash {
                    return;
                }
                if let Some(e) = self.schema.entities.get_mut(self.entity) {
                    for f in e.fields.iter_mut().filter(|f| f.name == field) {
                        f.name = to.clone();
                    }
                    for k in &mut e.keys {
                        for s in &mut k.segments {
                            if matches!(s, Segment::Field(f) if *f == field) {
                                *s = Segment::Field(to.clone());
                            }
                        }
                    }
                }
                for r in self.entity_rows_mut() {
                    if let Some(v) = r.values.shift_remove(&field) {
                        r.values.insert(to.clone(), v);
                    }
                }
            }
            Action::SetKind { field, kind: new } => {
                if let Some(f) = self.field_mut(&field) {
                    if f.kind.name() != new.name() {
                        // Keep the width and order the user already chose where they apply.
                        f.kind = carry_over(f.kind, new);
                    }
                }
            }
            Action::SetWidth { field, width } => {
                if let Some(f) = self.field_mut(&field) {
                    f.kind = f.kind.with_width(width);
                }
            }
            Action::SetScale { field, scale } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Decimal {
                        width, signed, order, ..
                    } = f.kind
                    {
                        f.kind = FieldKind::Decimal {
                            width,
                            scale,
                            signed,
                            order,
                        };
                    }
                }
            }
            Action::SetOrder { field, order } => {
                if let Some(f) = self.field_mut(&field) {
                    f.kind = f.kind.with_order(order);
                }
            }
            Action::SetCase { field, case } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Text { .. } = f.kind {
                        f.kind = FieldKind::Text { case };
                    }
                }
            }
            Action::SetUnit { field, unit } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Timestamp { order, .. } = f.kind {
                        f.kind = FieldKind::Timestamp { unit, order };
                    }
                }
            }
            Action::SetWarnAt { field, percent } => {
                if let Some(f) = self.field_mut(&field) {
                    f.warn_at = Some(percent);
                }
            }
            Action::SetSeparator(sep) => self.schema.separator = sep,
            Action::SetValue { row, field, text } => {
                if row < self.rows.len() {
                    if let Some(r) = self.rows_mut().get_mut(row) {
                        r.values.insert(field, Value::String(text));
                    }
                }
            }
            Action::SetQuery(q) => {
                self.query = q;
                // An operator the new range field cannot take is replaced by the first
                // the page offers for it, so what is shown is what is built.
                if !self.query_ops().contains(&self.query.op) {
                    self.query.op = RangeOp::Ge;
                }
            }
            Action::SetPasted(text) => self.pasted = text,
            Action::SetSnippet(prefs) => self.snippet = prefs,
            Action::SetExpectedMax { field, text } => {
                if text.trim().is_empty() {
                    self.expected.shift_remove(&field);
                } else {
                    self.expected.insert(field, Value::String(text));
                }
            }
            Action::AppendRows(rows) => {
                let columns = self.columns();
                for mut row in rows {
                    // Every column present, so the table has an input for each.
                    for c in &columns {
                        if !row.contains_key(c) {
                            row.insert(c.clone(), Value::String(String::new()));
                        }
                    }
                    let entity = self.entity;
                    self.rows_mut().push(Row { entity, values: row });
                }
            }
            Action::AddRow => {
                let values = self
                    .columns()
                    .into_iter()
                    .map(|c| (c, Value::String(String::new())))
                    .collect();
                let entity = self.entity;
                self.rows_mut().push(Row { entity, values });
            }
            Action::RemoveRow(i) => {
                if i < self.rows.len() {
                    self.rows_mut().remove(i);
                    self.query.anchor = self.query.anchor.min(self.rows.len().saturating_sub(1));
                }
            }
            Action::SelectEntity(i) => {
                if i < self.schema.entities.len() {
                    self.entity = i;
                }
            }
            Action::SelectAttribute(a) => {
                if self.schema.table.attribute_type(&a).is_some() {
                    self.attribute = a;
                }
            }
            Action::AddEntity => {
                let taken = |n: &str| self.schema.entity(n).is_some();
                if let Some(name) = (1..).map(|i| format!("Entity{i}")).find(|n| !taken(n)) {
                    self.add_entity(name);
                }
            }
            Action::RenameLiteral { from, to } => {
                if let Some(e) = self.schema.entities.get_mut(self.entity) {
                    for s in e.keys.iter_mut().flat_map(|k| k.segments.iter_mut()) {
                        if matches!(s, Segment::Literal(l) if *l == from) {
                            *s = Segment::Literal(to.clone());
                        }
                    }
                }
            }
            Action::Typed { key, outcome } => {
                self.unsettled.remove(&key);
                match outcome {
                    Ok(action) => self.apply(*action),
                    Err(problem) => {
                        self.unsettled.insert(key, problem);
                    }
                }
            }
            Action::DiscardTyped(key) => {
                self.unsettled.remove(&key);
            }
            Action::RenameEntity(name) => {
                let name = name.trim().to_string();
                if !name.is_empty() && self.schema.entity(&name).is_none() {
                    if let Some(e) = self.schema.entities.get_mut(self.entity) {
                        e.name = name;
                    }
                }
            }
            Action::RemoveEntity => {
                // The last entity stays: a schema needs one.
                if self.schema.entities.len() > 1 && self.entity < self.schema.entities.len() {
                    let gone = self.entity;
                    self.schema.entities.remove(gone);
                    let rows = self.rows_mut();
                    rows.retain(|r| r.entity != gone);
                    for r in rows.iter_mut().filter(|r| r.entity > gone) {
                        r.entity -= 1;
                    }
                    self.entity = gone.min(self.schema.entities.len() - 1);
                    self.query.anchor = 0;
                }
            }
            Action::AddTemplate => {
                let attribute = self.attribute();
                if let Some(e) = self.schema.entities.get_mut(self.entity) {
                    if e.template(&attribute).is_none() {
                        let literal = e.name.to_uppercase();
                        e.keys.push(KeyTemplate {
                            attribute,
                            segments: vec![Segment::Literal(if literal.is_empty() {
                                "ITEM".into()
                            } else {
                                literal
                            })],
                        });
                    }
                }
            }
            Action::RemoveTemplate => {
                let attribute = self.attribute();
                // Base-table keys are required of every item; only index keys can go.
                if !self.schema.table.is_primary_key(&attribute) {
                    if let Some(e) = self.schema.entities.get_mut(self.entity) {
                        e.keys.retain(|k| k.attribute != attribute);
                    }
                }
            }
            Action::AddIndex => self.add_index(),
            Action::RemoveIndex(name) => {
                let t = &mut self.schema.table;
                if let Some(at) = t.indexes.iter().position(|i| i.name == name) {
                    let gone = t.indexes.remove(at);
                    // Its key attributes go too, unless the table or another index uses them.
                    let in_use = |a: &str, t: &keylab::schema::Table| t.parts(a).next().is_some();
                    let attrs: Vec<String> = std::iter::once(gone.keys.partition).chain(gone.keys.sort).collect();
                    for a in attrs {
                        if !in_use(&a, &self.schema.table) {
                            self.schema.table.attributes.retain(|(n, _)| *n != a);
                            for e in &mut self.schema.entities {
                                e.keys.retain(|k| k.attribute != a);
                            }
                        }
                    }
                    if self.query.index == name {
                        self.query.index.clear();
                    }
                }
            }
            Action::SetSchema(schema) => self.set_schema(*schema),
            Action::Generate { count, seed } => {
                let Some(entity) = self.entity().cloned() else { return };
                let made = keylab::sample::generate(&self.schema, &entity, count, seed);
                let at = self.entity;
                let rows = self.rows_mut();
                rows.retain(|r| r.entity != at);
                rows.extend(made.into_iter().map(|values| Row { entity: at, values }));
                self.query.anchor = self.query.anchor.min(self.rows.len().saturating_sub(1));
            }
        }
    }

    /// A new entity with its own partition field (`owner`) and sort field (`id`), so
    /// its items spread over partitions and sort within one, as a real entity's do.
    fn add_entity(&mut self, name: String) {
        let t = &self.schema.table;
        let number = |attribute: &str| t.attribute_type(attribute) == Some(AttrType::N);
        let owner_is_number = number(&t.primary.partition);
        let template = |attribute: String, field: &str| {
            let segments = if number(&attribute) {
                vec![Segment::Field(field.into())]
            } else {
                vec![Segment::Literal(name.to_uppercase()), Segment::Field(field.into())]
            };
            KeyTemplate { attribute, segments }
        };
        let mut keys = vec![template(t.primary.partition.clone(), "owner")];
        keys.extend(t.primary.sort.clone().map(|sort| template(sort, "id")));
        let owner = if owner_is_number {
            FieldKind::Uint {
                width: 10,
                order: Order::Asc,
            }
        } else {
            FieldKind::Text {
                case: keylab::schema::Case::Preserve,
            }
        };
        let field = |name: &str, kind| Field {
            name: name.into(),
            kind,
            warn_at: None,
        };
        let mut fields = vec![field("owner", owner)];
        if t.primary.sort.is_some() {
            fields.push(field(
                "id",
                FieldKind::Uint {
                    width: 10,
                    order: Order::Asc,
                },
            ));
        }
        self.schema.entities.push(Entity { name, fields, keys });
        self.entity = self.schema.entities.len() - 1;
        self.apply(Action::AddRow);
    }

    /// A design from scratch: a table the user named, keyed `PK` and `SK` (strings),
    /// and one entity the user named, with one blank item to fill in.
    pub fn blank(table: &str, entity: &str) -> Playground {
        let schema = Schema {
            separator: "#".into(),
            table: keylab::schema::Table {
                name: table.into(),
                attributes: vec![("PK".into(), AttrType::S), ("SK".into(), AttrType::S)],
                primary: keylab::schema::KeySchema {
                    partition: "PK".into(),
                    sort: Some("SK".into()),
                },
                indexes: Vec::new(),
            },
            entities: Vec::new(),
        };
        let mut p = Playground::empty(schema);
        p.add_entity(entity.into());
        p
    }

    fn add_index(&mut self) {
        let t = &self.schema.table;
        let Some(n) = (1..).find(|n| {
            let name = format!("GSI{n}");
            t.indexes.iter().all(|i| i.name != name)
                && t.attribute_type(&format!("{name}PK")).is_none()
                && t.attribute_type(&format!("{name}SK")).is_none()
        }) else {
            return;
        };
        let (name, pk, sk) = (format!("GSI{n}"), format!("GSI{n}PK"), format!("GSI{n}SK"));
        let t = &mut self.schema.table;
        t.attributes.push((pk.clone(), AttrType::S));
        t.attributes.push((sk.clone(), AttrType::S));
        t.indexes.push(Index {
            name,
            keys: KeySchema {
                partition: pk,
                sort: Some(sk.clone()),
            },
        });
        // Straight to the new sort key: its template is what the user came to write.
        self.attribute = sk;
    }

    /// Takes a schema edited as a whole. Items follow their entity by name; an entity
    /// renamed in place keeps its items; items of a removed entity go.
    fn set_schema(&mut self, schema: Schema) {
        let old: Vec<String> = self.schema.entities.iter().map(|e| e.name.clone()).collect();
        let map: Vec<Option<usize>> = old
            .iter()
            .enumerate()
            .map(|(i, name)| {
                schema
                    .entities
                    .iter()
                    .position(|e| e.name == *name)
                    .or_else(|| (i < schema.entities.len() && !old.contains(&schema.entities[i].name)).then_some(i))
            })
            .collect();
        let rows = self.rows_mut();
        rows.retain(|r| map.get(r.entity).copied().flatten().is_some());
        for r in rows.iter_mut() {
            r.entity = map.get(r.entity).copied().flatten().unwrap_or(0);
        }
        self.entity = map
            .get(self.entity)
            .copied()
            .flatten()
            .unwrap_or(0)
            .min(schema.entities.len().saturating_sub(1));
        self.schema = schema;
        self.query.anchor = self.query.anchor.min(self.rows.len().saturating_sub(1));
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

fn carry_over(old: FieldKind, new: FieldKind) -> FieldKind {
    let new = new.with_order(old.order());
    match old.width() {
        Some(width) if new.width().is_some() => new.with_width(width),
        _ => new,
    }
}

/// The sort fields of a template, in order.
pub fn sort_fields(template: Option<&KeyTemplate>) -> Vec<String> {
    template
        .map(|t| t.fields().map(str::to_string).collect())
        .unwrap_or_default()
}

impl Playground {
    pub fn key_schema(&self, index: Option<&str>) -> Option<&KeySchema> {
        self.schema.table.key_schema(index)
    }

    /// The GSI the query panel queries, or `None` for the base table.
    pub fn query_index(&self) -> Option<&str> {
        let name = self.query.index.as_str();
        self.schema.table.indexes.iter().any(|i| i.name == name).then_some(name)
    }

    /// The sort fields of the index the query panel queries, for its anchor's entity.
    pub fn query_sort_fields(&self) -> Vec<String> {
        let entity = self
            .rows
            .get(self.query.anchor)
            .and_then(|r| self.schema.entities.get(r.entity));
        let sort = self.key_schema(self.query_index()).and_then(|k| k.sort.clone());
        sort_fields(entity.and_then(|e| e.template(sort.as_deref()?)))
    }

    /// The sort template of the index the query panel queries, for its anchor's entity.
    fn query_sort_template(&self) -> Option<&KeyTemplate> {
        let entity = self
            .rows
            .get(self.query.anchor)
            .and_then(|r| self.schema.entities.get(r.entity))?;
        let sort = self.key_schema(self.query_index())?.sort.clone()?;
        entity.template(&sort)
    }

    /// The choices of "Everything under a prefix": how many leading sort fields equal
    /// the anchor's, each labelled with the prefix it reads (`ORDER#<id>#`), from the
    /// literal alone up to all fields but the last (all of them is the exact key).
    pub fn prefix_choices(&self) -> Vec<(usize, String)> {
        let Some(template) = self.query_sort_template() else {
            return Vec::new();
        };
        let sep = &self.schema.separator;
        let fields = sort_fields(Some(template));
        (0..fields.len())
            .map(|n| {
                let head: Vec<Segment> = template
                    .segments
                    .iter()
                    .take_while(|s| match s {
                        Segment::Literal(_) => true,
                        Segment::Field(f) => fields[..n].contains(f),
                    })
                    .cloned()
                    .collect();
                let named = if n == 0 {
                    "none".to_string()
                } else {
                    fields[..n].join(", ")
                };
                let under = KeyTemplate {
                    attribute: template.attribute.clone(),
                    segments: head,
                }
                .pattern(sep);
                let label = if under.is_empty() {
                    format!("{named}: every item of the entity")
                } else {
                    format!("{named}: everything under {under}{sep}")
                };
                (n, label)
            })
            .collect()
    }

    /// The operators the range field can take: `begins_with` only on text.
    pub fn query_ops(&self) -> Vec<RangeOp> {
        let fields = self.query_sort_fields();
        let field = fields.get(self.query.fixed.min(fields.len().saturating_sub(1)));
        let text = self
            .rows
            .get(self.query.anchor)
            .and_then(|r| self.schema.entities.get(r.entity))
            .zip(field)
            .and_then(|(e, f)| e.field(f))
            .is_some_and(|f| f.kind.name() == "text");
        RangeOp::ALL
            .into_iter()
            .filter(|op| text || *op != RangeOp::BeginsWith)
            .collect()
    }

    /// The access pattern the query panel states.
    pub fn pattern(&self) -> Result<AccessPattern, String> {
        let q = &self.query;
        let row = match self.rows.len() {
            0 => return Err("add a sample item to query against".into()),
            n => self
                .rows
                .get(q.anchor)
                .ok_or_else(|| format!("there is no item #{}: pick an item from 1 to {n}", q.anchor + 1))?,
        };
        let entity = self
            .schema
            .entities
            .get(row.entity)
            .ok_or("the anchor item's entity is gone")?;
        let anchor = &row.values;
        let index = self.query_index();
        let keys = self.key_schema(index).ok_or("the index is gone")?;
        let partition: Values = sort_fields(entity.template(&keys.partition))
            .into_iter()
            .filter_map(|f| anchor.get(&f).map(|v| (f, v.clone())))
            .collect();
        let fields = self.query_sort_fields();
        let fixed = |n: usize| -> Values {
            fields
                .iter()
                .take(n)
                .filter_map(|f| anchor.get(f).map(|v| (f.clone(), v.clone())))
                .collect()
        };
        let sort = match q.shape {
            Shape::Collection => None,
            Shape::Before | Shape::After => Some(SortPattern {
                equal: fixed(fields.len()),
                range: None,
            }),
            Shape::Top | Shape::Entity => Some(SortPattern::default()),
            Shape::Exact => Some(SortPattern {
                equal: fixed(fields.len()),
                range: None,
            }),
            Shape::Prefix => Some(SortPattern {
                equal: fixed(q.fixed.min(fields.len().saturating_sub(1))),
                range: None,
            }),
            Shape::Range => {
                let n = q.fixed.min(fields.len().saturating_sub(1));
                let field = fields
                    .get(n)
                    .ok_or("the sort key has no field to put a range on")?
                    .clone();
                let op = q.op;
                let to = (op == RangeOp::Between).then(|| Value::String(q.to.clone()));
                Some(SortPattern {
                    equal: fixed(n),
                    range: Some(Range {
                        field,
                        op,
                        value: Value::String(q.value.clone()),
                        to,
                    }),
                })
            }
        };
        let limit = match (q.limit.trim(), q.shape) {
            ("", Shape::Top) => Some(10),
            ("", _) => None,
            (text, _) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| format!("Limit {text:?} is not a whole number from 1 up"))?,
            ),
        };
        Ok(AccessPattern {
            entity: entity.name.clone(),
            index: index.map(str::to_string),
            around: match q.shape {
                Shape::Before => Some(Around::Before),
                Shape::After => Some(Around::After),
                _ => None,
            },
            partition,
            sort,
            children: q.children,
            scan_index_forward: if q.shape == Shape::Top { false } else { q.forward },
            limit,
        })
    }

    /// The saved form: the schema document plus the sample rows.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    fn to_value(&self) -> Value {
        json!({
            "schema": self.schema.to_value(),
            "entity": self.entity,
            "attribute": self.attribute,
            "preset": self.preset,
            // Entities by name: the file stays readable when entities are reordered.
            "items": self.rows.iter().map(|r| json!({
                "entity": self.schema.entities.get(r.entity).map(|e| e.name.as_str()).unwrap_or_default(),
                "values": r.values,
            })).collect::<Vec<_>>(),
            "query": self.query,
            "pasted": self.pasted,
            "snippet": self.snippet,
            "expected": self.expected,
            "unsettled": self.unsettled,
        })
    }

    /// A playground for a schema with nothing else yet: no items, default settings.
    fn empty(schema: Schema) -> Playground {
        Playground {
            schema,
            entity: 0,
            attribute: String::new(),
            rows: Rc::new(Vec::new()),
            preset: String::new(),
            query: QueryDraft::default(),
            pasted: String::new(),
            snippet: SnippetPrefs::default(),
            expected: Values::new(),
            unsettled: BTreeMap::new(),
        }
    }

    /// A fresh playground for a schema: its first entity, one blank sample item.
    pub fn from_schema(schema: Schema) -> Playground {
        let mut p = Playground::empty(schema);
        p.apply(Action::AddRow);
        p
    }

    /// Reads an imported file: a whole saved state (schema and items), or a schema
    /// document alone. Untrusted, like everything else read in.
    pub fn import(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
        if doc.get("schema").is_some() {
            return Playground::from_json(text);
        }
        if doc.get("version").is_some() {
            let schema = Schema::from_value(&doc).map_err(|e| format!("the file's schema is invalid: {e}"))?;
            if schema.entities.is_empty() {
                return Err("the file's schema has no entities".into());
            }
            return Ok(Playground::from_schema(schema));
        }
        Err("the file is neither a keylab schema (with \"version\") nor a keylab export (with \"schema\")".into())
    }

    /// The file "Export schema and items" writes: what `import` reads back.
    pub fn export_all(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    /// Reads a saved state. Untrusted: any problem is an error message, never a panic.
    pub fn from_json(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("saved work is not valid JSON ({e})"))?;
        let schema = Schema::from_value(doc.get("schema").unwrap_or(&Value::Null))
            .map_err(|e| format!("saved schema is invalid: {e}"))?;
        let entity = doc.get("entity").and_then(Value::as_u64).unwrap_or(0) as usize;
        if entity >= schema.entities.len() {
            return Err("saved work names an entity that does not exist".into());
        }
        let as_text = |m: &serde_json::Map<String, Value>| -> Values {
            m.iter()
                .map(|(k, v)| (k.clone(), Value::String(keylab_text(v))))
                .collect()
        };
        let rows: Vec<Row> = match (doc.get("items"), doc.get("rows")) {
            (Some(Value::Array(items)), _) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let name = item.get("entity").and_then(Value::as_str).unwrap_or_default();
                    let entity = schema.entities.iter().position(|e| e.name == name).ok_or_else(|| {
                        format!(
                            "saved item {} names entity {name:?}, which the schema does not have",
                            i + 1
                        )
                    })?;
                    match item.get("values") {
                        Some(Value::Object(m)) => Ok(Row {
                            entity,
                            values: as_text(m),
                        }),
                        _ => Err(format!("saved item {} has no \"values\" object", i + 1)),
                    }
                })
                .collect::<Result<_, String>>()?,
            // Before several entities: "rows" held values of the selected entity.
            (_, Some(Value::Array(rows))) => rows
                .iter()
                .map(|r| match r {
                    Value::Object(m) => Ok(Row {
                        entity,
                        values: as_text(m),
                    }),
                    _ => Err("saved sample rows are not objects".to_string()),
                })
                .collect::<Result<_, String>>()?,
            _ => Vec::new(),
        };
        let text_of = |key: &str| doc.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        // The query draft is a convenience: a damaged one falls back to the default.
        let query = doc
            .get("query")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        let pasted = text_of("pasted");
        // Snippet preferences likewise.
        let snippet = doc
            .get("snippet")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        // Only text survives: the planner reads the value like any typed number.
        let expected: Values = doc
            .get("expected")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter(|(_, v)| v.is_string())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        // Typed settings likewise: an entry that does not read is left out.
        let unsettled = doc
            .get("unsettled")
            .and_then(|u| serde_json::from_value(u.clone()).ok())
            .unwrap_or_default();
        Ok(Playground {
            schema,
            entity,
            attribute: text_of("attribute"),
            rows: Rc::new(rows),
            preset: text_of("preset"),
            query,
            pasted,
            snippet,
            expected,
            unsettled,
        })
    }
}

fn keylab_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// One sample row from (field, text) pairs.
pub fn row(pairs: &[(&str, &str)]) -> Values {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect()
}

/// The kinds a field can be switched to, for the page's select.
pub fn kinds() -> &'static [&'static str] {
    &KINDS
}

/// How many steps undo can go back.
pub const HISTORY: usize = 100;

/// The app's one reducer: the document being edited, with undo and redo.
#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    pub present: Rc<Playground>,
    past: Vec<Rc<Playground>>,
    future: Vec<Rc<Playground>>,
}

/// What the page dispatches: an edit of the document, or a move through its history.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Edit(Action),
    Undo,
    Redo,
    /// Replaces the whole document (a file or a link), as one undoable step.
    Replace(Box<Playground>),
}

impl Workspace {
    pub fn new(present: Playground) -> Self {
        Workspace {
            present: Rc::new(present),
            past: Vec::new(),
            future: Vec::new(),
        }
    }
    /// The document after one edit, for tests and callers outside the page.
    pub fn reduce_edit(self, action: Action) -> Playground {
        let ws = Rc::new(self).reduce(Command::Edit(action));
        (*ws.present).clone()
    }
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    fn commit(&mut self, next: Playground) {
        // An edit that changes nothing (a select set to its own value) is not a step.
        if next == *self.present {
            return;
        }
        self.past.push(std::mem::replace(&mut self.present, Rc::new(next)));
        if self.past.len() > HISTORY {
            self.past.remove(0);
        }
        self.future.clear();
    }
}

impl Reducible for Workspace {
    type Action = Command;

    fn reduce(self: Rc<Self>, command: Command) -> Rc<Self> {
        let mut ws = (*self).clone();
        match command {
            Command::Edit(action) => {
                let mut next = (*ws.present).clone();
                next.apply(action);
                ws.commit(next);
            }
            Command::Replace(doc) => ws.commit(*doc),
            Command::Undo => {
                if let Some(prev) = ws.past.pop() {
                    ws.future.push(std::mem::replace(&mut ws.present, prev));
                }
            }
            Command::Redo => {
                if let Some(next) = ws.future.pop() {
                    ws.past.push(std::mem::replace(&mut ws.present, next));
                }
            }
        }
        Rc::new(ws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(actions: Vec<Action>) -> Playground {
        let ws = actions
            .into_iter()
            .fold(Rc::new(Workspace::new(Playground::leaderboard())), |s, a| {
                s.reduce(Command::Edit(a))
            });
        ws.present.as_ref().clone()
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let start = Rc::new(Workspace::new(Playground::leaderboard()));
        let width = |ws: &Workspace| ws.present.entity().unwrap().field("score").unwrap().kind.width();
        let ws = start.clone().reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 12,
        }));
        let ws = ws.reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 14,
        }));
        assert_eq!(width(&ws), Some(14));
        let ws = ws.reduce(Command::Undo);
        assert_eq!((width(&ws), ws.can_redo()), (Some(12), true));
        let ws = ws.reduce(Command::Undo).reduce(Command::Undo);
        assert_eq!(
            (width(&ws), ws.can_undo()),
            (Some(10), false),
            "undo past the start does nothing"
        );
        let ws = ws.reduce(Command::Redo);
        assert_eq!(width(&ws), Some(12));
        let ws = ws.reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 5,
        }));
        assert!(!ws.can_redo(), "a new edit drops the redo branch");
        let same = ws.clone().reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 5,
        }));
        assert_eq!(same.past.len(), ws.past.len(), "a no-op edit is not a step");
        let mut many = start;
        for w in 0..(HISTORY as u32 + 20) {
            many = many.reduce(Command::Edit(Action::SetWidth {
                field: "score".into(),
                width: w + 1,
            }));
        }
        assert_eq!(many.past.len(), HISTORY);
    }

    fn sorted_scores(p: &Playground) -> Vec<String> {
        let pv = p.preview().unwrap();
        pv.sorted
            .iter()
            .map(|&i| p.rows[i].values["score"].as_str().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn default_shows_top_scores_first() {
        assert_eq!(sorted_scores(&Playground::leaderboard()), ["1500", "240", "10", "9"]);
    }

    #[test]
    fn order_width_and_values_change_the_preview() {
        let asc = run(vec![Action::SetOrder {
            field: "score".into(),
            order: Order::Asc,
        }]);
        assert_eq!(sorted_scores(&asc), ["9", "10", "240", "1500"]);
        let narrow = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 3,
        }]);
        assert_eq!(
            sorted_scores(&narrow),
            ["240", "10", "9"],
            "1500 overflows width 3 and drops out"
        );
        let edited = run(vec![Action::SetValue {
            row: 3,
            field: "score".into(),
            text: "2000".into(),
        }]);
        assert_eq!(sorted_scores(&edited), ["2000", "1500", "240", "10"]);
    }

    #[test]
    fn segments_add_remove_move_and_rename() {
        let p = run(vec![
            Action::AddSegment(NewSegment::Field),
            Action::AddSegment(NewSegment::Literal),
        ]);
        let t = p.template().unwrap();
        assert_eq!(t.segments.len(), 5);
        assert_eq!(t.segments[3], Segment::Field("field1".into()));
        assert_eq!(p.rows[0].values["field1"], json!("0"));
        let p = run(vec![Action::AddSegment(NewSegment::Field), Action::RemoveSegment(3)]);
        assert!(
            p.entity().unwrap().field("field1").is_none(),
            "an unused field is dropped"
        );
        assert!(!p.rows[0].values.contains_key("field1"));
        let p = run(vec![
            Action::MoveSegment { from: 0, by: 1 },
            Action::MoveSegment { from: 0, by: -1 },
        ]);
        assert_eq!(p.template().unwrap().segments[0], Segment::Field("at".into()));
        let p = run(vec![Action::RenameField {
            field: "player".into(),
            to: "who".into(),
        }]);
        assert_eq!(p.template().unwrap().segments[2], Segment::Field("who".into()));
        assert_eq!(p.rows[1].values["who"], json!("p_8842"));
        let same = run(vec![Action::RenameField {
            field: "player".into(),
            to: "score".into(),
        }]);
        assert_eq!(
            same,
            Playground::leaderboard(),
            "renaming onto another field is refused"
        );
    }

    #[test]
    fn kind_switch_keeps_width_and_order() {
        let p = run(vec![Action::SetKind {
            field: "score".into(),
            kind: FieldKind::default_of("int").unwrap(),
        }]);
        assert_eq!(
            p.entity().unwrap().field("score").unwrap().kind,
            FieldKind::Int {
                width: 10,
                order: Order::Desc
            }
        );
        let p = run(vec![Action::SetKind {
            field: "nowhere".into(),
            kind: FieldKind::default_of("int").unwrap(),
        }]);
        assert_eq!(p, Playground::leaderboard());
    }

    #[test]
    fn saved_state_round_trips_and_bad_state_is_an_error() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 12,
        }]);
        assert_eq!(Playground::from_json(&p.to_json()), Ok(p));
        for bad in [
            "",
            "{",
            "null",
            "[]",
            r#"{"schema": 1}"#,
            r#"{"schema": {"version": 99}}"#,
        ] {
            assert!(Playground::from_json(bad).is_err(), "{bad}");
        }
        let mut doc: Value = serde_json::from_str(&Playground::leaderboard().to_json()).unwrap();
        doc["entity"] = json!(7);
        assert!(Playground::from_json(&doc.to_string()).is_err());
    }

    #[test]
    fn files_round_trip_and_bad_files_say_why() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 12,
        }]);
        assert_eq!(Playground::import(&p.export_all()), Ok(p.clone()));
        let schema_only = Playground::import(&p.schema.to_json_pretty()).unwrap();
        assert_eq!(schema_only.schema, p.schema);
        assert_eq!(schema_only.rows.len(), 1, "one blank item to start from");
        for (bad, needle) in [
            ("{", "not valid JSON"),
            ("[]", "neither a keylab schema"),
            (r#"{"version": 99}"#, "version 99"),
            (r#"{"schema": {"version": 1}}"#, "saved schema is invalid"),
        ] {
            let e = Playground::import(bad).unwrap_err();
            assert!(e.contains(needle), "{bad}: {e}");
        }
    }

    #[test]
    fn analysis_reports_overflow_next_to_the_value() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 3,
        }]);
        let a = p.analyse();
        let pv = a.preview.unwrap();
        let row = &pv.rows[1];
        assert_eq!(row.errors[0].context.field.as_deref(), Some("score"));
        assert_eq!(row.errors[0].kind.code(), "overflow");
        let plan = a.plans.iter().find(|p| p.field == "score").unwrap();
        assert!(plan.overflows);
    }

    #[test]
    fn absurd_settings_are_reported_not_panics() {
        for width in [0, 39, 50, u32::MAX] {
            let p = run(vec![
                Action::SetWidth {
                    field: "score".into(),
                    width,
                },
                Action::SetKind {
                    field: "at".into(),
                    kind: FieldKind::default_of("decimal").unwrap(),
                },
                Action::SetScale {
                    field: "at".into(),
                    scale: u32::MAX,
                },
                Action::SetValue {
                    row: 0,
                    field: "player".into(),
                    text: "x".repeat(5000),
                },
            ]);
            let a = p.analyse();
            assert!(
                a.errors.iter().any(|e| e.context.field.as_deref() == Some("score")),
                "width {width}"
            );
            assert!(a.errors.iter().any(|e| e.context.field.as_deref() == Some("at")));
        }
    }

    #[test]
    fn out_of_range_actions_are_ignored_not_panics() {
        let p = run(vec![
            Action::RemoveSegment(99),
            Action::MoveSegment { from: 0, by: -1 },
            Action::MoveSegment { from: 2, by: 1 },
            Action::SetValue {
                row: 99,
                field: "score".into(),
                text: "1".into(),
            },
            Action::RemoveRow(99),
            Action::SetLiteral {
                segment: 99,
                text: "x".into(),
            },
        ]);
        assert_eq!(p, Playground::leaderboard());
    }

    #[test]
    fn a_setting_that_cannot_apply_is_kept_named_and_saved_until_fixed() {
        let key = Unsettled::key(0, "score", "width");
        let typed = |outcome| Action::Typed {
            key: key.clone(),
            outcome,
        };
        let bad = Unsettled {
            setting: "width of score".into(),
            text: "-3".into(),
            problem: "\"-3\" is not a whole number from 1 to 38".into(),
        };
        let p = run(vec![typed(Err(bad.clone()))]);
        assert_eq!(p.schema, Playground::leaderboard().schema, "the design is unchanged");
        assert_eq!(p.unsettled.get(&key), Some(&bad));
        let why = p.blocked().unwrap();
        assert!(why.contains("width of score is fixed: \"-3\""), "{why}");
        let analysis = p.analyse();
        assert_eq!(analysis.blocked.as_deref(), Some(why.as_str()));
        // What was typed survives a reload.
        assert_eq!(Playground::from_json(&p.to_json()).unwrap().unsettled, p.unsettled);
        // Typing a width that applies clears it and applies it.
        let fixed = run(vec![
            typed(Err(bad.clone())),
            typed(Ok(Box::new(Action::SetWidth {
                field: "score".into(),
                width: 12,
            }))),
        ]);
        assert!(fixed.unsettled.is_empty() && fixed.blocked().is_none());
        // Or what was typed is put back, and the applied width stands.
        let back = run(vec![typed(Err(bad)), Action::DiscardTyped(key.clone())]);
        assert!(back.blocked().is_none());
        assert_eq!(back, Playground::leaderboard());
        assert_eq!(fixed.entity().unwrap().field("score").unwrap().kind.width(), Some(12));
    }

    #[test]
    fn a_new_entity_has_its_own_partition_and_sort_fields_and_a_rename_can_carry_its_literal() {
        let p = edit(Playground::leaderboard(), vec![Action::AddEntity]);
        let e = p.entity().unwrap();
        assert_eq!(e.name, "Entity1");
        let fields = |a: &str| e.template(a).unwrap().fields().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(
            (fields("PK"), fields("SK")),
            (vec!["owner".to_string()], vec!["id".to_string()])
        );
        let p = edit(
            p,
            vec![
                Action::RenameEntity("Purchase".into()),
                Action::RenameLiteral {
                    from: "ENTITY1".into(),
                    to: "PURCHASE".into(),
                },
            ],
        );
        let sk = p.entity().unwrap().template("SK").unwrap();
        assert_eq!(sk.segments[0], Segment::Literal("PURCHASE".into()));
        // The other entities keep their literals.
        assert_eq!(p.schema.entities[0], Playground::leaderboard().schema.entities[0]);
    }

    #[test]
    fn a_blank_design_has_the_names_the_user_gave() {
        let p = Playground::blank("Shop", "Order");
        assert_eq!(p.schema.table.name, "Shop");
        assert_eq!(p.entity().unwrap().name, "Order");
        assert_eq!(p.rows.len(), 1);
        assert!(p.schema.check().0.is_empty(), "{:?}", p.schema.check().0);
        let pk = p.entity().unwrap().template("PK").unwrap();
        assert_eq!(pk.segments[0], Segment::Literal("ORDER".into()));
        assert_eq!(Playground::from_json(&p.to_json()).unwrap(), p);
    }

    fn saas() -> Playground {
        crate::presets::load("saas").unwrap()
    }

    fn edit(p: Playground, actions: Vec<Action>) -> Playground {
        actions.into_iter().fold(p, |p, a| Workspace::new(p).reduce_edit(a))
    }

    #[test]
    fn entities_are_picked_added_renamed_and_removed_with_their_items() {
        let p = edit(saas(), vec![Action::SelectEntity(2)]);
        assert_eq!(p.entity().unwrap().name, "User");
        assert_eq!(p.entity_rows(), [4, 5, 6, 7]);
        assert_eq!(p.columns(), ["org", "user"]);
        let p = edit(p, vec![Action::AddRow]);
        assert_eq!(p.rows[8].entity, 2, "a new item belongs to the picked entity");
        let p = edit(
            p,
            vec![
                Action::RenameEntity("Member".into()),
                Action::RenameEntity("Org".into()),
            ],
        );
        assert_eq!(p.entity().unwrap().name, "Member", "a taken name is refused");
        let p = edit(p, vec![Action::SelectEntity(1), Action::RemoveEntity]);
        assert_eq!(p.schema.entities.len(), 2);
        assert_eq!(p.rows.len(), 6, "the teams went with their entity");
        assert!(
            p.rows.iter().skip(1).all(|r| r.entity == 1),
            "users moved down one place"
        );
        let p = edit(p, vec![Action::AddEntity]);
        assert_eq!(p.entity().unwrap().name, "Entity1");
        assert_eq!(p.template().unwrap().segments.len(), 2);
        let blank = &p.analyse().preview.unwrap().rows[6];
        assert!(
            blank.errors.iter().any(|e| e.context.field.as_deref() == Some("id")),
            "{blank:?}"
        );
        let lone = edit(Playground::leaderboard(), vec![Action::RemoveEntity]);
        assert_eq!(lone, Playground::leaderboard(), "the last entity stays");
    }

    #[test]
    fn indexes_and_templates_are_added_and_removed() {
        let p = edit(Playground::leaderboard(), vec![Action::AddIndex]);
        assert_eq!(p.attribute(), "GSI1SK");
        assert_eq!(p.schema.table.indexes[0].name, "GSI1");
        assert!(p.template().is_none());
        let p = edit(p, vec![Action::AddTemplate, Action::AddSegment(NewSegment::Field)]);
        assert_eq!(p.template().unwrap().segments.len(), 2);
        let p = edit(p, vec![Action::SelectAttribute("GSI1PK".into()), Action::AddTemplate]);
        assert_eq!(p.index_of_attribute().as_deref(), Some("GSI1"));
        assert_eq!(p.collections().len(), 1, "every run is in the one GSI1 partition");
        let mut q = p.query.clone();
        q.index = "GSI1".into();
        let p = edit(p, vec![Action::SetQuery(q)]);
        let view = p.analyse().query.unwrap();
        assert!(view.input.contains("\"IndexName\": \"GSI1\""), "{}", view.input);
        assert_eq!(view.hits.len(), 4);
        let sparse = edit(p.clone(), vec![Action::RemoveTemplate]);
        assert!(sparse.collections().is_empty(), "no item is in the index any more");
        let gone = edit(p, vec![Action::RemoveIndex("GSI1".into())]);
        assert!(gone.schema.table.indexes.is_empty());
        assert_eq!(gone.schema.table.attributes.len(), 2);
        assert!(gone.schema.entities[0].template("GSI1PK").is_none());
        assert!(gone.query.index.is_empty());
        assert_eq!(gone.attribute(), "SK", "back to the table's sort key");
        let base = edit(Playground::leaderboard(), vec![Action::RemoveTemplate]);
        assert!(base.template().is_some(), "base-table keys cannot be removed");
    }

    #[test]
    fn a_schema_edited_as_json_keeps_items_by_entity_name() {
        let p = saas();
        let mut doc = p.schema.to_value();
        // Rename Org in place, drop Team, keep User (now second).
        let entities = doc["entities"].as_array().cloned().unwrap();
        let mut org = entities[0].clone();
        org["name"] = json!("Organisation");
        doc["entities"] = json!([org, entities[2]]);
        let schema = Schema::from_value(&doc).unwrap();
        let next = edit(p, vec![Action::SetSchema(Box::new(schema))]);
        assert_eq!(next.rows.len(), 5, "the three teams went");
        assert_eq!(next.rows[0].entity, 0, "the org, renamed in place, kept its item");
        assert!(next.rows[1..].iter().all(|r| r.entity == 1), "users follow their name");
    }

    #[test]
    fn generated_items_replace_the_entitys_items_only() {
        let p = edit(
            saas(),
            vec![Action::SelectEntity(2), Action::Generate { count: 1000, seed: 9 }],
        );
        assert_eq!(p.rows.len(), 4 + 1000);
        assert_eq!(p.entity_rows().len(), 1000);
        let a = p.analyse();
        assert!(a.preview.unwrap().rows.iter().all(|r| r.errors.is_empty()));
        assert!(a.collections.len() > 1);
    }

    #[test]
    fn saved_state_keeps_entities_and_reads_the_old_rows_format() {
        let p = edit(
            saas(),
            vec![Action::SelectEntity(1), Action::SelectAttribute("PK".into())],
        );
        let back = Playground::from_json(&p.to_json()).unwrap();
        assert_eq!(back, p);
        let old = json!({"schema": Playground::leaderboard().schema.to_value(), "entity": 0,
                         "rows": [{"season": "S", "score": 5, "at": "1", "player": "p"}]});
        let read = Playground::from_json(&old.to_string()).unwrap();
        assert_eq!(
            read.rows[0].values["score"],
            json!("5"),
            "numbers read back as typed text"
        );
        let mut bad: Value = serde_json::from_str(&p.to_json()).unwrap();
        bad["items"][0]["entity"] = json!("Nope");
        let e = Playground::from_json(&bad.to_string()).unwrap_err();
        assert!(e.contains("\"Nope\""), "{e}");
    }

    #[test]
    fn an_anchor_past_the_items_says_which_items_exist() {
        let mut q = Playground::leaderboard().query;
        q.anchor = 9;
        let p = edit(Playground::leaderboard(), vec![Action::SetQuery(q)]);
        assert_eq!(
            p.analyse().query.unwrap_err(),
            "there is no item #10: pick an item from 1 to 4"
        );
    }

    #[test]
    fn a_second_item_with_the_same_table_key_replaces_the_first() {
        let p = edit(
            Playground::leaderboard(),
            vec![
                Action::SetValue {
                    row: 0,
                    field: "score".into(),
                    text: "1500".into(),
                },
                Action::SetValue {
                    row: 0,
                    field: "player".into(),
                    text: "p_8842".into(),
                },
            ],
        );
        let a = p.analyse();
        assert_eq!(*a.overwritten, [Some(1), None, None, None]);
        let rows: Vec<usize> = a.query.unwrap().hits.iter().map(|h| h.row).collect();
        assert_eq!(
            rows,
            [1, 2, 3],
            "the query sees one item for the shared key, the later one"
        );
    }
}
