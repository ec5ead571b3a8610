//! The document as the panels see it: each view holds exactly the pieces its panels
//! read, so its derived `PartialEq` (pointer identity of the shared pieces) redraws a
//! panel exactly when one of those pieces changed, and no comparison can leave one out.

use super::{columns_of, index_keying, multi_attribute_index_problem, row_text, Row};
use super::{EntityId, ItemId, Playground, Same, UnsettledSettings};
use keylab::schema::{Entity, FieldKind, KeyTemplate, Schema};
use keylab::Values;

/// The sample items as the lists show them, and nothing else of the document. A list
/// that takes `Items` is redrawn when the items or the design change, never when the
/// query, the paste box or the code settings do. Cloning is free.
#[derive(Clone, Debug, PartialEq)]
pub struct Items {
    schema: Same<Schema>,
    rows: Same<Vec<Row>>,
}

impl Items {
    pub fn of(document: &Playground) -> Items {
        Items {
            schema: Same(document.schema.clone()),
            rows: Same(document.rows.clone()),
        }
    }
    /// An item's values as one line (see [`row_text`]).
    pub fn text(&self, item: ItemId) -> String {
        row_text(&self.schema.0, &self.rows.0, item)
    }
    /// The warnings the codec gives for an item's key of `attribute`, in words: for the
    /// keys on screen that the key column says warn ([`keylab::preview::KeyColumn::warns`]).
    pub fn key_warnings(&self, item: ItemId, attribute: &str) -> Vec<keylab::error::Warning> {
        let (Some(entity), Some(row)) = (self.entity(item), item.of(&self.rows.0)) else {
            return Vec::new();
        };
        keylab::preview::key_warnings(&self.schema.0, entity, attribute, &row.values)
    }

    /// Why the codec refuses an item's other keys than `shown`'s, on a field: the
    /// errors a cell shows beside its value while another key is being designed (a
    /// season too long for PK, while SK is). The shown key's come with its preview.
    pub fn other_field_errors(&self, item: ItemId, shown: &str) -> Vec<keylab::Error> {
        let (Some(entity), Some(row)) = (self.entity(item), item.of(&self.rows.0)) else {
            return Vec::new();
        };
        let schema = &self.schema.0;
        (schema.table.attributes.iter())
            .filter(|(a, _)| a != shown)
            .flat_map(|(a, _)| keylab::preview::key_errors(schema, entity, a, &row.values))
            .filter(|e| !e.is_schema() && e.context.field.is_some())
            .collect()
    }

    /// How the codec reads a number or a time when that is not the text typed (` 42 `
    /// is 42, `1e3` is 1000, `14:40+05:30` in a zone-less field is 09:10 UTC wall time):
    /// said beside the cell, so nothing typed is changed unsaid. Text is its own reading.
    pub fn read_as(&self, item: ItemId, field: &str) -> Option<String> {
        let field = self.entity(item)?.field(field)?;
        if matches!(
            field.kind,
            FieldKind::Text { .. } | FieldKind::Ulid { .. } | FieldKind::Ksuid { .. }
        ) {
            return None;
        }
        let value = item.of(&self.rows.0)?.values.get(&field.name)?;
        let read = keylab::codec::canonical(field, value, &self.schema.0.separator).ok()?;
        let read = super::saved_items::value_text(&read).into_owned();
        (read != super::saved_items::value_text(value)).then_some(read)
    }

    /// The entity an item belongs to, by its place among the design's entities.
    pub fn entity_id(&self, item: ItemId) -> Option<EntityId> {
        Some(item.of(&self.rows.0)?.entity)
    }
    pub fn entity(&self, item: ItemId) -> Option<&Entity> {
        self.entity_at(item.of(&self.rows.0)?.entity)
    }
    /// A field's value in an item, as typed, or as the JSON it was imported as (a
    /// Number attribute's `12345`).
    pub fn value(&self, item: ItemId, field: &str) -> Option<std::borrow::Cow<'_, str>> {
        Some(super::saved_items::value_text(
            item.of(&self.rows.0)?.values.get(field)?,
        ))
    }
    pub fn separator(&self) -> &str {
        &self.schema.0.separator
    }
    /// The items as the table would hold them (see [`Playground::table_items`]).
    pub fn table_items(&self) -> keylab::items::Written {
        let samples = super::samples(&self.schema.0, &self.rows.0);
        keylab::items::written(&self.schema.0, samples.into_iter().map(|(e, v)| (e.name.as_str(), v)))
    }
    pub fn schema(&self) -> &Schema {
        &self.schema.0
    }
    /// The design, shared: a panel that holds it is redrawn only when it changes.
    pub fn shared_schema(&self) -> Same<Schema> {
        self.schema.clone()
    }
    pub fn entity_count(&self) -> usize {
        self.schema.0.entities.len()
    }
    /// The design's entity at an index (as [`Row::entity`] holds it).
    pub fn entity_at(&self, entity: EntityId) -> Option<&Entity> {
        entity.of(&self.schema.0)
    }
    /// An entity's fields in key order, the columns its items are shown in.
    pub fn columns(&self, entity: EntityId) -> Vec<String> {
        columns_of(self.entity_at(entity))
    }
    /// The items of one entity, in table order.
    pub fn of_entity(&self, entity: EntityId) -> Vec<ItemId> {
        let rows = &self.rows.0;
        (0..rows.len())
            .filter(|&r| rows[r].entity == entity)
            .map(ItemId)
            .collect()
    }
    pub fn len(&self) -> usize {
        self.rows.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.rows.0.is_empty()
    }
}

/// The design being edited, and nothing else of the document: the panels that edit the
/// schema, the entity and the key attribute take this, so they are redrawn when the
/// design changes and not when the query, the paste box or an item's value does. The
/// items are held for their counts per entity.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    schema: Same<Schema>,
    rows: Same<Vec<Row>>,
    focus: super::Focus,
    expected: Same<Values>,
    unsettled: Same<UnsettledSettings>,
}

impl Design {
    pub fn of(document: &Playground) -> Design {
        Design {
            schema: Same(document.schema.clone()),
            rows: Same(document.rows.clone()),
            focus: document.focus.clone(),
            expected: Same(document.expected.clone()),
            unsettled: Same(document.unsettled.clone()),
        }
    }
    /// Why a multi-attribute GSI over these fields cannot be made (see
    /// [`multi_attribute_index_problem`]).
    pub fn multi_attribute_index_problem(&self, partition: &[String], sort: &[String]) -> Option<String> {
        multi_attribute_index_problem(&self.schema.0, self.entity()?, partition, sort)
    }
    pub fn schema(&self) -> &Schema {
        &self.schema.0
    }
    /// The selected entity's index among the schema's entities.
    pub fn entity_index(&self) -> EntityId {
        self.focus.entity
    }
    /// The fields a GSI ordering `field` can group `entity`'s items by, most shared
    /// by the sample items first, each with the index that already does it, if any
    /// (see [`keylab::lint::group_fields`]).
    pub fn index_groups(&self, entity: &str, field: &str) -> Vec<(String, Option<String>)> {
        let (schema, rows) = (&self.schema.0, &self.rows.0);
        let Some(at) = schema.entities.iter().position(|e| e.name == entity) else {
            return Vec::new();
        };
        let e = &schema.entities[at];
        let items: Vec<&Values> = (rows.iter()).filter(|r| r.entity.0 == at).map(|r| &*r.values).collect();
        (keylab::lint::group_fields(schema, e, field, &items).into_iter())
            .map(|g| {
                let serving = keylab::lint::serving_index(schema, e, field, &g).map(str::to_string);
                (g, serving)
            })
            .collect()
    }
    pub fn entity(&self) -> Option<&Entity> {
        self.focus.entity(&self.schema.0)
    }
    /// The key attribute whose template is edited (see [`super::Focus::attribute`]).
    pub fn attribute(&self) -> String {
        self.focus.attribute(&self.schema.0)
    }
    pub fn template(&self) -> Option<&KeyTemplate> {
        self.entity()?.template(&self.attribute())
    }
    pub fn index_of_attribute(&self) -> Option<super::IndexName> {
        index_keying(&self.schema.0, &self.attribute())
    }
    /// The largest value the user expects in a field, as typed.
    pub fn expected(&self, field: &str) -> Option<&str> {
        self.expected.0.get(field)?.as_str()
    }
    /// Settings typed but not applicable, kept beside their fields.
    pub fn unsettled(&self) -> &UnsettledSettings {
        &self.unsettled.0
    }
    /// How many sample items an entity has.
    pub fn count_of(&self, entity: EntityId) -> usize {
        self.rows.0.iter().filter(|r| r.entity == entity).count()
    }
}
