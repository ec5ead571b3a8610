//! What a key condition can reach besides the items it was built for. A Query sees only
//! key bytes: when several entities share a partition, a condition built for one can
//! also return another's items whose keys fall in its range, and an "everything under a
//! prefix" query meets the item whose key is the prefix itself (the parent).
//!
//! Each answer comes from the templates ([`KeyShape`]), not from sample items, so it holds
//! for every item a design can store.

use crate::codec::shape::{KeyShape, Limit};
use crate::codec::{KeyCodec, KeyValue};
use crate::schema::{AttrType, Entity, Schema, Segment};

/// One partition of the table or of an index: the items a Query can read.
pub(super) struct Partition<'a> {
    pub schema: &'a Schema,
    /// The partition key attribute and its value.
    pub attribute: &'a str,
    pub key: &'a KeyValue,
    /// The sort key attribute.
    pub sort: &'a str,
}

impl<'a> Partition<'a> {
    /// Entities whose items can sit in this partition and carry the sort key.
    fn entities(&self) -> impl Iterator<Item = &'a Entity> + '_ {
        let schema = self.schema;
        schema.entities.iter().filter(move |e| {
            let (Some(pk), Some(_)) = (e.template(self.attribute), e.template(self.sort)) else {
                return false;
            };
            match self.key {
                // A Number partition key is one numeric field: any entity may hold the number.
                KeyValue::N(_) => true,
                KeyValue::S(pk_value) => KeyShape::of(schema, e, pk).is_none_or(|s| s.can_write(pk_value)),
            }
        })
    }

    fn sort_is_number(&self) -> bool {
        self.schema.table.attribute_type(self.sort) == Some(AttrType::N)
    }

    /// Entities other than `except` whose sort keys can fall between the limits.
    pub fn reached(&self, lower: Limit, upper: Limit, except: &str) -> Vec<String> {
        let number = self.sort_is_number();
        self.entities()
            .filter(|e| e.name != except)
            .filter(|e| {
                number
                    || e.template(self.sort)
                        .and_then(|t| KeyShape::of(self.schema, e, t))
                        .is_none_or(|s| s.meets(lower, upper))
            })
            .map(|e| e.name.clone())
            .collect()
    }

    /// Whether any entity's sort key (the queried one's included) can fall between the
    /// limits.
    pub fn any_between(&self, lower: Limit, upper: Limit) -> bool {
        self.entities().any(|e| {
            e.template(self.sort)
                .and_then(|t| KeyShape::of(self.schema, e, t))
                .is_none_or(|s| s.meets(lower, upper))
        })
    }

    /// The parents of the keys under `key`: entities whose template is the prefix's own
    /// segments (`ORDER#<id>` for `ORDER#<id>#LINE#<n>`: the same literals, fields of the
    /// same kinds) and writes exactly `key`. A text key that happens to read `0012` is
    /// not the parent of `0012#…`; it is another entity's item in the same range.
    pub fn parents_of(&self, key: &str, entity: &Entity, head: &[Segment]) -> Vec<String> {
        let kind = |e: &Entity, name: &str| e.field(name).map(|f| f.kind);
        let same = |e: &Entity, segments: &[Segment]| {
            segments.len() == head.len()
                && segments.iter().zip(head).all(|pair| match pair {
                    (Segment::Literal(a), Segment::Literal(b)) => a == b,
                    (Segment::Field(a), Segment::Field(b)) => {
                        a.prefix == b.prefix && kind(e, a).is_some() && kind(e, a) == kind(entity, b)
                    }
                    _ => false,
                })
        };
        let mut values = Vec::new();
        self.entities()
            .filter(|e| e.template(self.sort).is_some_and(|t| same(e, &t.segments)))
            .filter(|e| KeyCodec::new(self.schema, &e.name, self.sort).is_ok_and(|c| c.read(key, &mut values).is_ok()))
            .map(|e| e.name.clone())
            .collect()
    }

    /// The first field's span of `entity`'s sort key, when it starts with a field of
    /// fixed width: every key of that entity lies between these two limits.
    pub fn span_of(&self, entity: &Entity) -> Option<(String, String)> {
        let shape = KeyShape::of(self.schema, entity, entity.template(self.sort)?)?;
        shape.first_field_span()
    }
}
