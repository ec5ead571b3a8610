//! Every edit of the document, and the `apply` that sends each to the piece of the work
//! it changes (`edit_keys.rs`: templates and fields; `edit_work.rs`: items, the design's
//! entities and table, and the page's settings).

use super::*;

/// A new segment added to the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewSegment {
    Literal,
    Field,
}

/// One edit of the document, by the piece of the work it changes: each piece has its
/// own small vocabulary, applied by its own method, so an edit cannot reach a piece it
/// does not name.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Template(TemplateEdit),
    Field(FieldEdit),
    Items(ItemsEdit),
    Design(DesignEdit),
    Focus(FocusEdit),
    Query(QueryEdit),
    Prefs(PrefsEdit),
    Typed(TypedEdit),
}

/// The part of the page that asks for an edit, where a refusal of it is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    /// The key chips, the field settings and the pickers above the keys.
    Workbench,
    Items,
    Query,
    /// The paste box and its saved access patterns.
    Paste,
    Code,
}

impl Action {
    /// Where the control that asks for this edit is.
    pub fn asker(&self) -> Asker {
        match self {
            Action::Items(_) => Asker::Items,
            Action::Query(QueryEdit::SetQuery(_)) => Asker::Query,
            Action::Query(_) => Asker::Paste,
            Action::Prefs(PrefsEdit::SetSnippet(_)) => Asker::Code,
            Action::Template(_)
            | Action::Field(_)
            | Action::Design(_)
            | Action::Focus(_)
            | Action::Prefs(_)
            | Action::Typed(_) => Asker::Workbench,
        }
    }
}

macro_rules! edit_of {
    ($($piece:ident => $variant:ident),* $(,)?) => {$(
        impl From<$piece> for Action {
            fn from(edit: $piece) -> Action {
                Action::$variant(edit)
            }
        }
    )*};
}

edit_of!(
    TemplateEdit => Template,
    FieldEdit => Field,
    ItemsEdit => Items,
    DesignEdit => Design,
    FocusEdit => Focus,
    QueryEdit => Query,
    PrefsEdit => Prefs,
    TypedEdit => Typed,
);

/// The edited entity's template for the edited attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateEdit {
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
    /// The label glued before a field segment's value, with no separator (`seq_`).
    SetPrefix {
        segment: usize,
        text: String,
    },
    /// Rewrites every literal segment `from` of the selected entity's templates, as
    /// offered after a rename (`ORDER` follows `Order` becoming `Purchase`).
    RenameLiteral {
        from: String,
        to: String,
    },
    /// Gives the selected entity a template for the selected attribute.
    AddTemplate,
    /// Takes the selected entity out of the selected (index) attribute: a sparse index.
    RemoveTemplate,
}

/// A field of the edited entity, by name.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldEdit {
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
    /// The width planner's warning threshold, in percent of capacity.
    SetWarnAt {
        field: String,
        percent: f64,
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
}

/// The sample items.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemsEdit {
    SetValue {
        item: ItemId,
        field: String,
        text: String,
    },
    AddRow,
    RemoveRow(ItemId),
    /// Sample items pasted as JSON lines or CSV, each of its entity (the CLI's item
    /// lines name theirs), added after the others.
    AppendRows(Vec<(EntityId, Values)>),
    /// `count` random items of the selected entity, replacing its current items.
    Generate {
        count: usize,
        seed: u64,
    },
}

/// The design's entities and table.
#[derive(Clone, Debug, PartialEq)]
pub enum DesignEdit {
    AddEntity,
    RenameEntity(String),
    /// Removes the selected entity and its sample items.
    RemoveEntity,
    /// The load the current entity is expected to take.
    SetTraffic(Traffic),
    SetSeparator(String),
    /// A whole schema, edited as JSON; items follow their entities by name.
    SetSchema(Box<Schema>),
    /// A new GSI with its own two String key attributes.
    AddIndex,
    /// A GSI with a multi-attribute key over the current entity's fields, each field
    /// held as itself by an attribute of its own name: partition fields, then sort
    /// fields, in key order.
    AddMultiAttributeIndex {
        partition: Vec<String>,
        sort: Vec<String>,
    },
    RemoveIndex(IndexName),
    /// The fix for a changing value in the table's key (lint L4), as one step: the
    /// table's key without the field, which is marked as changing, and a GSI that orders
    /// the items of each `group` (a field several items share, such as a project) by it;
    /// an existing index that already does is used instead of a new one.
    MoveToIndex {
        entity: String,
        field: String,
        group: Option<String>,
    },
    /// Gives a table that has none a String sort key, `SK`, each entity's template a
    /// literal of its name, so that every key stays what it was and unique.
    AddSortKey,
}

/// What the workbench edits: which entity, which key attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum FocusEdit {
    /// Designs another entity's templates (and shows its items in the table).
    SelectEntity(EntityId),
    /// Designs the template of another key attribute.
    SelectAttribute(String),
}

/// The query panel's draft and the paste box.
#[derive(Clone, Debug, PartialEq)]
pub enum QueryEdit {
    SetQuery(QueryDraft),
    SetPasted(String),
    /// Keeps the paste box's text as an access pattern by this name.
    SavePattern(String),
    /// Puts a saved access pattern in the paste box.
    UsePattern(usize),
    RemovePattern(usize),
}

/// The person's preferences kept with the work.
#[derive(Clone, Debug, PartialEq)]
pub enum PrefsEdit {
    SetSnippet(SnippetPrefs),
    /// The largest value a field is expected to hold, for the width planner.
    SetExpectedMax {
        field: String,
        text: String,
    },
}

/// The settings typed but not applicable yet.
#[derive(Clone, Debug, PartialEq)]
pub enum TypedEdit {
    /// Text typed into a setting: the action it applies, or why it cannot be applied
    /// (kept under `key` until the setting is typed again or discarded).
    Typed {
        key: SettingKey,
        outcome: Result<Box<Action>, Unsettled>,
    },
    /// Drops the text typed under this key that could not be applied: the field shows
    /// the applied value again.
    DiscardTyped(SettingKey),
}

/// Why an edit was not made, in a sentence. The page's own controls do not ask for
/// one (they offer only what applies, and typed settings are checked first, see
/// [`Unsettled`]); a refusal answers a stale or hostile request, such as an item past
/// the end or a field that is gone, so a test can tell "refused" from "nothing changed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    pub(super) fn new(why: impl Into<String>) -> Refusal {
        Refusal(why.into())
    }
}

impl Playground {
    /// Makes one edit, by the piece of the work it changes.
    pub(super) fn apply(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Template(edit) => self.edit_template(edit),
            Action::Field(edit) => self.edit_field(edit),
            Action::Items(edit) => {
                edit.apply(&mut self.rows, &self.schema, &self.focus)?;
                // The query's anchor stays an item of the table after items go.
                self.keep_anchor();
                Ok(())
            }
            Action::Design(edit) => self.edit_design(edit),
            Action::Focus(edit) => self.focus.edit(edit, &self.schema),
            Action::Query(edit) => {
                let on = super::edit_work::QueryPieces {
                    draft: &mut self.query,
                    pasted: &mut self.pasted,
                    patterns: &mut self.patterns,
                };
                edit.apply(on, &self.schema, &self.rows)
            }
            Action::Prefs(edit) => {
                edit.apply(&mut self.snippet, &mut self.expected);
                Ok(())
            }
            Action::Typed(edit) => self.edit_typed(edit),
        }
    }

    /// A new entity with its own partition field (`owner`) and sort field (`id`), so
    /// its items spread over partitions and sort within one, as a real entity's do.
    pub(super) fn add_entity(&mut self, name: String) {
        let t = &self.schema.table;
        let number = |attribute: &str| t.attribute_type(attribute) == Some(AttrType::N);
        let owner_is_number = number(&t.primary.partition);
        let template = |attribute: String, field: &str| {
            let segments = if number(&attribute) {
                vec![Segment::field(field)]
            } else {
                vec![Segment::Literal(name.to_uppercase()), Segment::field(field)]
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
        self.schema_mut().entities.push(Entity {
            name,
            fields,
            keys,
            traffic: Traffic::default(),
        });
        self.focus.entity = EntityId(self.schema.entities.len() - 1);
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
        let entity = self.focus.entity;
        self.rows_mut().push(Row::new(entity, values));
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
    pub(super) fn set_schema(&mut self, schema: Schema) {
        let old: Vec<String> = self.schema.entities.iter().map(|e| e.name.clone()).collect();
        let map: Vec<Option<EntityId>> = old
            .iter()
            .enumerate()
            .map(|(i, name)| {
                schema
                    .entities
                    .iter()
                    .position(|e| e.name == *name)
                    .or_else(|| (i < schema.entities.len() && !old.contains(&schema.entities[i].name)).then_some(i))
                    .map(EntityId)
            })
            .collect();
        let rows = self.rows_mut();
        let moved = |e: EntityId| map.get(e.0).copied().flatten();
        rows.retain(|r| moved(r.entity).is_some());
        for r in rows.iter_mut() {
            r.entity = moved(r.entity).unwrap_or_default();
        }
        let last = EntityId(schema.entities.len().saturating_sub(1));
        self.focus.entity = moved(self.focus.entity).unwrap_or_default().min(last);
        self.schema = Rc::new(schema);
        self.keep_anchor();
    }
}
