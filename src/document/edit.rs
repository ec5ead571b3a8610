//! Every edit of the document, and the one `apply` that performs it.

use super::*;

/// A new segment added to the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewSegment {
    Literal,
    Field,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    AddSegment(NewSegment),
    /// Adds a segment for a field the entity already has (one another key uses).
    AddFieldSegment(String),
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
    /// A text field's maximum length in characters; `None` for no bound.
    SetMaxLength {
        field: String,
        max_length: Option<u32>,
    },
    /// Whether the field's value may change after the item is created, as the person
    /// said it (`None`: not said).
    SetMutable {
        /// The entity by name, as a design-check finding names it; `None`: the one
        /// being designed.
        entity: Option<String>,
        field: String,
        mutable: Option<bool>,
    },
    /// The load the current entity is expected to take.
    SetTraffic(Traffic),
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
    /// A GSI with a multi-attribute key over the current entity's fields, each field
    /// held as itself by an attribute of its own name: partition fields, then sort
    /// fields, in key order.
    AddMultiAttributeIndex {
        partition: Vec<String>,
        sort: Vec<String>,
    },
    RemoveIndex(String),
    /// The fix for a changing value in the table's key (lint L4), as one step: a new GSI
    /// keyed as the table was (so it orders as the table did), and the table's key
    /// without the field, which is marked as changing.
    MoveToIndex {
        entity: String,
        field: String,
    },
    /// Gives a table that has none a String sort key, `SK`, each entity's template a
    /// literal of its name, so that every key stays what it was and unique.
    AddSortKey,
    /// A whole schema, edited as JSON; items follow their entities by name.
    SetSchema(Box<Schema>),
    /// `count` random items of the selected entity, replacing its current items.
    Generate {
        count: usize,
        seed: u64,
    },
}

impl Playground {
    pub(super) fn apply(&mut self, action: Action) {
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
                                mutable: None,
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
            Action::AddFieldSegment(name) => {
                let known = self.entity().is_some_and(|e| e.field(&name).is_some());
                if let (true, Some(t)) = (known, self.template_mut()) {
                    t.push(Segment::Field(name));
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
                    if let FieldKind::Text { max_length, .. } = f.kind {
                        f.kind = FieldKind::Text { case, max_length };
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
            Action::SetMaxLength { field, max_length } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Text { case, .. } = f.kind {
                        f.kind = FieldKind::Text { case, max_length };
                    }
                }
            }
            Action::SetMutable { entity, field, mutable } => self.say_changes(entity, &field, mutable),
            Action::SetTraffic(traffic) => {
                if let Some(e) = self.schema.entities.get_mut(self.entity) {
                    e.traffic = traffic;
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
                let was = std::mem::replace(&mut self.query, q);
                // A range starts at the anchor item's value, so choosing one shows what
                // it selects at once instead of an empty value's error; a value typed
                // earlier is kept, except when the range moves to another field.
                let now = &self.query;
                let entered = now.shape == Shape::Range && was.shape != Shape::Range && now.value.is_empty();
                let moved = now.shape == Shape::Range && was.shape == Shape::Range && now.fixed != was.fixed;
                if entered || moved {
                    if let Some(start) = self.range_start() {
                        self.query.to = start.clone();
                        self.query.value = start;
                    }
                }
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
            Action::MoveToIndex { entity, field } => self.move_to_index(&entity, &field),
            Action::AddSortKey => self.add_sort_key(),
            Action::AddMultiAttributeIndex { partition, sort } => {
                if self.multi_attribute_index_problem(&partition, &sort).is_none() {
                    self.add_multi_attribute_index(partition, sort);
                }
            }
            Action::RemoveIndex(name) => self.remove_index(&name),
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
                max_length: None,
            }
        };
        let field = |name: &str, kind| Field {
            name: name.into(),
            kind,
            warn_at: None,
            mutable: None,
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
        self.schema.entities.push(Entity {
            name,
            fields,
            keys,
            traffic: Traffic::default(),
        });
        self.entity = self.schema.entities.len() - 1;
        // A first item with values, so that its key is on screen at once rather than
        // an empty item's "value is empty" in place of any key.
        let owner = if owner_is_number { "1" } else { "owner-1" };
        let values = self
            .columns()
            .into_iter()
            .map(|c| {
                let value = match c.as_str() {
                    "owner" => owner,
                    "id" => "1",
                    _ => "",
                };
                (c, Value::String(value.into()))
            })
            .collect();
        let entity = self.entity;
        self.rows_mut().push(Row { entity, values });
    }

    /// A design from scratch: a table the user named, keyed `PK` and `SK` (strings),
    /// and one entity the user named, with one blank item to fill in.
    pub fn blank(table: &str, entity: &str) -> Playground {
        let schema = Schema {
            separator: "#".into(),
            table: keylab::schema::Table {
                name: table.into(),
                attributes: vec![("PK".into(), AttrType::S), ("SK".into(), AttrType::S)],
                primary: KeySchema::single("PK", Some("SK".into())),
                indexes: Vec::new(),
            },
            entities: Vec::new(),
        };
        let mut p = Playground::empty(schema);
        p.add_entity(entity.into());
        p
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

fn carry_over(old: FieldKind, new: FieldKind) -> FieldKind {
    let new = new.with_order(old.order());
    match old.width() {
        Some(width) if new.width().is_some() => new.with_width(width),
        _ => new,
    }
}
