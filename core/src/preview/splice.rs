//! A key column after one field's settings changed (its width, its order, its kind):
//! every key of the attribute changes, but only that field's segment does. Where the
//! segment sits at a place every key fixes (after literals and fixed-width fields), the
//! new key is the old one with that segment written again, instead of every segment of
//! every key: at 100,000 items a width change rewrote 100,000 whole keys.

use super::key_column::{KeyColumn, Writer};
use super::Sample;
use crate::codec::{encode_field_into, fixed_len, key_size_in, value_of, Noting, Rewidth};
use crate::error::Context;
use crate::schema::{AttrType, Entity, Field, FieldKind, Schema, Segment};
use std::collections::BTreeSet;

/// Where the changed field's segment sits in one entity's keys of the attribute.
struct Place<'s> {
    /// Bytes before the segment, the same in every key this template writes.
    offset: usize,
    /// The segment's length in the keys written before the change.
    old_len: usize,
    field: &'s Field,
    noting: Noting,
    /// A uint field whose width alone changed (its order kept): its segment is
    /// written again from its old digits.
    rewidth: Option<Rewidth>,
}

/// The one field whose settings differ between `before` and `after` for `attribute`,
/// when nothing else that writes its keys does (the separator, the attribute's type and
/// roles, the templates, the other fields): the edit a splice can follow.
pub(super) fn changed_field<'s>(before: &Schema, after: &'s Schema, attribute: &str) -> Option<&'s str> {
    let alike = before.separator == after.separator
        && before.table.attribute_type(attribute) == after.table.attribute_type(attribute)
        && before.table.parts(attribute).eq(after.table.parts(attribute))
        && before.entities.len() == after.entities.len();
    if !alike {
        return None;
    }
    let mut changed: BTreeSet<&str> = BTreeSet::new();
    for (x, y) in before.entities.iter().zip(&after.entities) {
        let (tx, ty) = (x.template(attribute), y.template(attribute));
        if x.name != y.name || tx != ty {
            return None;
        }
        for f in ty.into_iter().flat_map(|t| t.fields()) {
            if x.field(f) != y.field(f) {
                changed.insert(y.field(f).map(|f| f.name.as_str())?);
            }
        }
    }
    match changed.len() {
        1 => changed.into_iter().next(),
        _ => None,
    }
}

/// Where `field`'s segment sits in `entity`'s keys of `attribute` under `before`, if
/// at a fixed place with a fixed length (and only once in the template).
fn place<'s>(before: &Schema, after: &'s Schema, entity: usize, attribute: &str, field: &str) -> Option<Place<'s>> {
    let old: &Entity = before.entities.get(entity)?;
    let new: &'s Entity = after.entities.get(entity)?;
    let template = old.template(attribute)?;
    let mut offset = 0;
    let mut found: Option<Place<'s>> = None;
    for (i, segment) in template.segments.iter().enumerate() {
        match (segment, &found) {
            // A field written twice has no single place.
            (Segment::Field(f), Some(_)) if f.name == field => return None,
            // After the segment, the rest of the key is copied whatever its lengths.
            (_, Some(_)) => {}
            (Segment::Field(f), None) if f.name == field => {
                let at = offset + if i > 0 { before.separator.len() } else { 0 } + f.prefix.len();
                let (old_field, new_field) = (old.field(f)?, new.field(f)?);
                let noting = Noting::of(new_field);
                let rewidth = match (old_field.kind, new_field.kind) {
                    (FieldKind::Uint { width: w0, order: o0 }, FieldKind::Uint { width: w1, order: o1 })
                        if o0 == o1 =>
                    {
                        Some(Rewidth::new(w0, w1, o1, noting.warn_from))
                    }
                    _ => None,
                };
                found = Some(Place {
                    offset: at,
                    old_len: fixed_len(&old_field.kind)?,
                    field: new_field,
                    noting,
                    rewidth,
                });
            }
            (segment, None) => {
                let len = match segment {
                    Segment::Literal(l) => l.len(),
                    Segment::Field(f) => f.prefix.len() + fixed_len(&old.field(f)?.kind)?,
                };
                offset += len + if i > 0 { before.separator.len() } else { 0 };
            }
        }
    }
    found
}

impl KeyColumn {
    /// `attribute`'s keys after `field` alone changed from `before` to `schema`, from
    /// `kept` (the column written with `before`): each key the codec wrote without a
    /// word, at a fixed place, gets its segment written again; every other key, and the
    /// items `unchanged` does not vouch for, is written whole. The result is
    /// [`KeyColumn::write`]'s.
    pub(super) fn splice(
        before: &Schema,
        schema: &Schema,
        attribute: &str,
        field: &str,
        items: &[Sample],
        kept: &KeyColumn,
        unchanged: &dyn Fn(usize) -> bool,
    ) -> KeyColumn {
        let places: Vec<Option<Place>> = (0..schema.entities.len())
            .map(|e| place(before, schema, e, attribute, field))
            .collect();
        let entity_at = |entity: &Entity| schema.entities.iter().position(|e| std::ptr::eq(e, entity));
        let number = schema.table.attribute_type(attribute) == Some(AttrType::N);
        let role = schema.table.role(attribute);
        let mut writer = Writer::new(schema, attribute);
        let mut column = KeyColumn::empty(number, items.len(), kept.bytes());
        let mut segment = String::new();
        let mut key = String::new();
        for (row, &item) in items.iter().enumerate() {
            let (entity, values) = item;
            let spliced = (|| {
                if number || row >= kept.len() || !unchanged(row) || kept.said(row).is_some() {
                    return None;
                }
                let place = places.get(entity_at(entity)?)?.as_ref()?;
                let old = kept.get(row)?;
                let end = place.offset.checked_add(place.old_len)?;
                let (before_it, after_it) = (old.get(..place.offset)?, old.get(end..)?);
                segment.clear();
                match &place.rewidth {
                    Some(rewidth) => rewidth.write(old.get(place.offset..end)?, &mut segment)?,
                    None => {
                        let value = value_of(values, &place.field.name).filter(|v| !v.is_null())?;
                        let warns =
                            encode_field_into(place.field, value, &schema.separator, &mut segment, Some(place.noting));
                        if warns != Ok(false) {
                            return None;
                        }
                    }
                }
                key.clear();
                key.push_str(before_it);
                key.push_str(&segment);
                key.push_str(after_it);
                key_size_in(role, &key, || Context::entity(&entity.name).with_attribute(attribute)).ok()?;
                Some(())
            })();
            match spliced {
                Some(()) => column.push(row, Some(&key), None),
                None => {
                    let (written, said) = writer.write(item);
                    column.push(row, written.as_deref(), said);
                }
            }
        }
        column
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::Values;
    use proptest::prelude::*;
    use serde_json::json;

    fn design(n: serde_json::Value, m_width: u32) -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [
                {"name": "Run", "fields": {"m": {"kind": "uint", "width": m_width}, "n": n, "t": {"kind": "text"}},
                 "keys": {"PK": [{"literal": "RUN"}], "SK": [{"literal": "R"}, {"field": "m"}, {"field": "n"}, {"field": "t"}]}},
                {"name": "Other", "fields": {"t": {"kind": "text"}, "n": n},
                 "keys": {"PK": [{"literal": "O"}], "SK": [{"field": "t"}, {"field": "n"}]}}
            ]
        }))
        .unwrap()
    }

    fn kind() -> impl Strategy<Value = serde_json::Value> {
        prop_oneof![
            (
                1u32..5,
                any::<bool>(),
                prop_oneof![Just(None), (1u32..100).prop_map(Some)]
            )
                .prop_map(|(w, desc, warn)| {
                    let mut k = json!({"kind": "uint", "width": w, "order": if desc { "desc" } else { "asc" }});
                    if let Some(w) = warn {
                        k["warnAt"] = json!(w);
                    }
                    k
                }),
            (1u32..4).prop_map(|w| json!({"kind": "int", "width": w})),
            (1u32..4).prop_map(|w| json!({"kind": "timestamp", "unit": "s", "width": w})),
        ]
    }

    proptest! {
        /// After one field's settings change, the keys written again segment by segment
        /// are the keys written whole: for a field after a literal and a fixed field or
        /// first of all, overflowing or not, near its capacity or not.
        #[test]
        fn a_spliced_column_is_the_column_written_whole(
            before in kind(),
            after in kind(),
            m_width in 1u32..4,
            values in proptest::collection::vec((any::<bool>(), 0u32..200, prop_oneof![(-50i64..3000).prop_map(|n| json!(n)), Just(json!("x")), Just(json!(null))], "[ab]{0,2}"), 0..30),
        ) {
            let (old, new) = (design(before, m_width), design(after, m_width));
            let rows: Vec<(usize, Values)> = values
                .iter()
                .map(|(run, m, n, t)| (usize::from(!*run), json!({"m": m, "n": n, "t": t}).as_object().cloned().unwrap()))
                .collect();
            let was: Vec<Sample> = rows.iter().map(|(e, v)| (&old.entities[*e], v)).collect();
            let now: Vec<Sample> = rows.iter().map(|(e, v)| (&new.entities[*e], v)).collect();
            let kept = KeyColumn::write(&old, "SK", &was, None, &|_| false);
            let whole = KeyColumn::write(&new, "SK", &now, None, &|_| false);
            if let Some(field) = changed_field(&old, &new, "SK") {
                prop_assert_eq!(field, "n");
                let spliced = KeyColumn::splice(&old, &new, "SK", field, &now, &kept, &|_| true);
                prop_assert_eq!(&spliced, &whole);
            }
        }

        /// A uint field's width changed alone (its order and warning threshold kept or
        /// not): the segments written again from their old digits are the keys written
        /// whole, widened, narrowed past a value, or near the new capacity.
        #[test]
        fn a_width_change_writes_uint_segments_from_their_digits(
            widths in (1u32..6, 1u32..6),
            desc in any::<bool>(),
            warn in prop_oneof![Just(None), (1u32..100).prop_map(Some)],
            values in proptest::collection::vec((0u32..1000, 0u64..200_000), 0..30),
        ) {
            let kind = |width: u32| {
                let mut k = json!({"kind": "uint", "width": width, "order": if desc { "desc" } else { "asc" }});
                if let Some(w) = warn {
                    k["warnAt"] = json!(w);
                }
                k
            };
            let (old, new) = (design(kind(widths.0), 3), design(kind(widths.1), 3));
            let rows: Vec<Values> = values
                .iter()
                .map(|(m, n)| json!({"m": m, "n": n, "t": "x"}).as_object().cloned().unwrap())
                .collect();
            let was: Vec<Sample> = rows.iter().map(|v| (&old.entities[0], v)).collect();
            let now: Vec<Sample> = rows.iter().map(|v| (&new.entities[0], v)).collect();
            let kept = KeyColumn::write(&old, "SK", &was, None, &|_| false);
            let whole = KeyColumn::write(&new, "SK", &now, None, &|_| false);
            let spliced = match changed_field(&old, &new, "SK") {
                Some(field) => KeyColumn::splice(&old, &new, "SK", field, &now, &kept, &|_| true),
                None => kept,
            };
            prop_assert_eq!(&spliced, &whole);
        }
    }
}
