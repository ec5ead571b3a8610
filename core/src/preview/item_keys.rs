//! The key every sample item writes, for every key attribute of the table, encoded
//! once per edit: the item collections, the overwritten items and the linter all read
//! these instead of each encoding every item again (at 100,000 items, each pass of
//! encoding the table's keys costs about as much as the preview's sort).

use super::shared_after::{shared_after, SharedBefore, FOLLOWED_AT_MOST};
use super::{shared_table_keys_among, KeyColumn, Sample, SharedKey};
use crate::schema::Schema;
use std::cell::OnceCell;
use std::rc::Rc;

/// Every key attribute's [`KeyColumn`], in the table's order of attributes. Columns are
/// shared: a view that reads one keeps it, and an edit that leaves an attribute's keys
/// alone keeps its column.
#[derive(Clone, Debug, Default)]
pub struct ItemKeys {
    columns: Vec<(String, Rc<KeyColumn>)>,
    /// The table keys several items write, found once for every view that asks (the
    /// linter, the overwritten items, the query's items).
    shared: OnceCell<Rc<Vec<SharedKey>>>,
    /// The shared keys before an edit of a few items, when they had been found: the
    /// ones after it follow from them.
    shared_before: Option<SharedBefore>,
}

/// Equal when they hold the same keys, whether or not a view asked for the shared ones.
impl PartialEq for ItemKeys {
    fn eq(&self, other: &Self) -> bool {
        self.columns == other.columns
    }
}

impl ItemKeys {
    /// Encodes every key attribute of every item, with each entity's templates
    /// compiled once (`KeyCodec`, which writes exactly `encode_key`'s keys).
    pub fn new(schema: &Schema, items: &[Sample]) -> ItemKeys {
        ItemKeys::after(None, schema, items, &|_| false)
    }

    /// The keys after an edit, from `earlier` (its keys and the schema they were
    /// written with): a column whose design did not change keeps the keys of the items
    /// for which `unchanged(row)` holds (same entity, same values, same place), and
    /// encodes the rest; any other column is encoded again. A width change re-encodes
    /// the one attribute that uses the field, and a value edit one item. The result is
    /// [`ItemKeys::new`]'s whenever `unchanged` tells the truth.
    pub fn after(
        earlier: Option<(&ItemKeys, &Schema)>,
        schema: &Schema,
        items: &[Sample],
        unchanged: &dyn Fn(usize) -> bool,
    ) -> ItemKeys {
        let columns = schema
            .table
            .attributes
            .iter()
            .map(|(attribute, _)| {
                let kept = earlier
                    .filter(|(_, before)| same_design(before, schema, attribute))
                    .and_then(|(keys, _)| keys.column(attribute));
                // One field's settings changed: its segment is written again, in place.
                let spliced = earlier.filter(|_| kept.is_none()).and_then(|(keys, before)| {
                    let field = super::splice::changed_field(before, schema, attribute)?;
                    let column = keys.column(attribute)?;
                    Some(KeyColumn::splice(
                        before, schema, attribute, field, items, column, unchanged,
                    ))
                });
                let column = match (kept, spliced) {
                    (_, Some(spliced)) => Rc::new(spliced),
                    (Some(c), _) if c.len() == items.len() && (0..items.len()).all(unchanged) => c.clone(),
                    (kept, _) => Rc::new(KeyColumn::write(
                        schema,
                        attribute,
                        items,
                        kept.map(|c| &**c),
                        unchanged,
                    )),
                };
                (attribute.clone(), column)
            })
            .collect();
        ItemKeys {
            columns,
            shared: OnceCell::new(),
            shared_before: earlier
                .and_then(|(keys, before)| shared_before(keys, before, schema, items.len(), unchanged)),
        }
    }

    /// Every table key of `schema` (the one these keys were written with) that more
    /// than one item writes ([`super::shared_table_keys`]), found the first time it is asked.
    pub fn shared(&self, schema: &Schema) -> &Rc<Vec<SharedKey>> {
        self.shared.get_or_init(|| {
            Rc::new(match &self.shared_before {
                Some(before) => shared_after(before, schema, self),
                None => shared_table_keys_among(schema, self, &|_| true),
            })
        })
    }

    /// The keys items write for `attribute`; `None` for an attribute that keys nothing.
    pub fn of(&self, attribute: &str) -> Option<&KeyColumn> {
        self.column(attribute).map(|c| &**c)
    }

    /// [`Self::of`], shared.
    pub fn column(&self, attribute: &str) -> Option<&Rc<KeyColumn>> {
        self.columns.iter().find(|(a, _)| a == attribute).map(|(_, c)| c)
    }
}

/// Where the shared keys after an edit can start: the ones `keys` found (if a view asked
/// for them), when the table key is written alike and at most [`FOLLOWED_AT_MOST`] rows
/// are not `unchanged` (edited, added or gone).
fn shared_before(
    keys: &ItemKeys,
    before: &Schema,
    schema: &Schema,
    rows: usize,
    unchanged: &dyn Fn(usize) -> bool,
) -> Option<SharedBefore> {
    let shared = keys.shared.get()?;
    let primary = &schema.table.primary;
    let alike = before.table.primary == *primary
        && primary
            .sort
            .iter()
            .chain([&primary.partition])
            .all(|attribute| same_design(before, schema, attribute));
    let earlier_rows = keys.column(&primary.partition)?.len();
    let common = rows.min(earlier_rows);
    if !alike || rows.max(earlier_rows) - common > FOLLOWED_AT_MOST {
        return None;
    }
    let mut changed: Vec<usize> = Vec::new();
    for row in (0..common)
        .filter(|&r| !unchanged(r))
        .chain(common..rows.max(earlier_rows))
    {
        if changed.len() == FOLLOWED_AT_MOST {
            return None;
        }
        changed.push(row);
    }
    Some(SharedBefore {
        shared: shared.clone(),
        changed,
    })
}

/// Whether two schemas write `attribute`'s keys alike: everything `KeyCodec` reads
/// (the separator, the attribute's type and roles, and each entity's template for it
/// with the fields it uses) is equal.
pub(super) fn same_design(a: &Schema, b: &Schema, attribute: &str) -> bool {
    a.separator == b.separator
        && a.table.attribute_type(attribute) == b.table.attribute_type(attribute)
        && a.table.parts(attribute).eq(b.table.parts(attribute))
        && a.entities.len() == b.entities.len()
        && a.entities.iter().zip(&b.entities).all(|(x, y)| {
            let (tx, ty) = (x.template(attribute), y.template(attribute));
            x.name == y.name && tx == ty && tx.is_none_or(|t| t.fields().all(|f| x.field(f) == y.field(f)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::{encode_key, Values};
    use crate::preview::Said;
    use proptest::prelude::*;
    use serde_json::json;

    fn design(width: u32, separator: &str) -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": separator,
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GSK": "N"},
                      "primary": {"partition": "PK", "sort": "SK"},
                      "indexes": [{"name": "G", "partition": "PK", "sort": "GSK"}]},
            "entities": [
                {"name": "Run", "fields": {"n": {"kind": "uint", "width": width}, "p": {"kind": "text"}},
                 "keys": {"PK": [{"literal": "RUN"}, {"field": "p"}], "SK": [{"field": "n"}], "GSK": [{"field": "n"}]}},
                {"name": "Team", "fields": {"p": {"kind": "text"}}, "keys": {"PK": [{"literal": "TEAM"}], "SK": [{"field": "p"}]}}
            ]
        }))
        .unwrap()
    }

    fn samples<'a>(s: &'a Schema, v: &'a [(usize, Values)]) -> Vec<Sample<'a>> {
        v.iter().map(|(e, v)| (&s.entities[*e], v)).collect()
    }

    proptest! {
        /// Keys after an edit (of the design, of items, or of both) are the keys
        /// written from scratch, when `unchanged` says which items kept their values.
        #[test]
        fn keys_after_an_edit_are_the_keys_written_from_scratch(
            before in proptest::collection::vec((0usize..2, 0u32..300, "[ab]?"), 0..12),
            edits in proptest::collection::vec((0usize..12, 0u32..300), 0..3),
            widths in (1u32..4, 1u32..4),
            separators in (0usize..2, 0usize..2),
        ) {
            let seps = ["#", "|"];
            let (old, new) = (design(widths.0, seps[separators.0]), design(widths.1, seps[separators.1]));
            let values = |rows: &[(usize, u32, String)]| -> Vec<(usize, Values)> {
                rows.iter()
                    .map(|(e, n, p)| (*e, json!({"n": n, "p": p}).as_object().cloned().unwrap()))
                    .collect()
            };
            let mut after = before.clone();
            for (row, n) in edits {
                if let Some(r) = after.get_mut(row) {
                    r.1 = n;
                }
            }
            let (was, is) = (values(&before), values(&after));
            let earlier = ItemKeys::new(&old, &samples(&old, &was));
            let items = samples(&new, &is);
            let unchanged = |row: usize| was.get(row) == is.get(row);
            prop_assert_eq!(ItemKeys::after(Some((&earlier, &old)), &new, &items, &unchanged), ItemKeys::new(&new, &items));
        }
    }

    proptest! {
        /// The shared table keys after an edit of a few items (values changed, items
        /// added or gone), followed from the ones before it, are the ones found from
        /// scratch: the same groups, in the same order.
        #[test]
        fn shared_keys_after_an_edit_are_the_ones_found_from_scratch(
            before in proptest::collection::vec((0usize..2, 0u32..3, "[ab]?"), 0..14),
            edits in proptest::collection::vec((0usize..14, 0usize..2, 0u32..3, "[ab]?"), 0..4),
            length_change in -3i32..4,
            width in 1u32..3,
        ) {
            let schema = design(width, "#");
            let values = |rows: &[(usize, u32, String)]| -> Vec<(usize, Values)> {
                rows.iter()
                    .map(|(e, n, p)| (*e, json!({"n": n, "p": p}).as_object().cloned().unwrap()))
                    .collect()
            };
            let mut after = before.clone();
            for (row, e, n, p) in edits {
                if let Some(r) = after.get_mut(row) {
                    *r = (e, n, p);
                }
            }
            match usize::try_from(length_change) {
                Ok(more) => after.extend(before.iter().take(more).cloned()),
                Err(_) => after.truncate(after.len().saturating_sub(length_change.unsigned_abs() as usize)),
            }
            let (was, is) = (values(&before), values(&after));
            let earlier = ItemKeys::new(&schema, &samples(&schema, &was));
            earlier.shared(&schema);
            let items = samples(&schema, &is);
            let unchanged = |row: usize| was.get(row) == is.get(row);
            let followed = ItemKeys::after(Some((&earlier, &schema)), &schema, &items, &unchanged);
            prop_assert!(followed.shared_before.is_some());
            let from_scratch = ItemKeys::new(&schema, &items);
            prop_assert_eq!(followed.shared(&schema), from_scratch.shared(&schema));
        }
    }

    /// The columns hold exactly the keys `encode_key` writes: a value past its width, a
    /// missing value and an entity without the attribute's template have none.
    #[test]
    fn each_column_holds_the_keys_encode_key_writes() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S", "GSK": "N"},
                      "primary": {"partition": "PK", "sort": "SK"},
                      "indexes": [{"name": "G", "partition": "PK", "sort": "GSK"}]},
            "entities": [
                {"name": "Run", "fields": {"n": {"kind": "uint", "width": 4}},
                 "keys": {"PK": [{"literal": "RUN"}], "SK": [{"literal": "R"}, {"field": "n"}], "GSK": [{"field": "n"}]}},
                {"name": "Team", "fields": {}, "keys": {"PK": [{"literal": "TEAM"}], "SK": [{"literal": "T"}]}}
            ]
        }))
        .unwrap();
        let values: Vec<Values> = [json!({"n": "12"}), json!({"n": "123456"}), json!({}), json!({})]
            .iter()
            .map(|v| v.as_object().cloned().unwrap().into_iter().collect())
            .collect();
        let entity = |i: usize| &schema.entities[usize::from(i == 3)];
        let items: Vec<Sample> = values.iter().enumerate().map(|(i, v)| (entity(i), v)).collect();
        let keys = ItemKeys::new(&schema, &items);
        for attribute in ["PK", "SK", "GSK"] {
            let column = keys.of(attribute).unwrap();
            for (row, &(e, v)) in items.iter().enumerate() {
                let Some(t) = e.template(attribute) else {
                    assert_eq!((column.get(row), column.said(row)), (None, None), "{attribute} {row}");
                    continue;
                };
                let (key, said) = match encode_key(&schema, e, t, v) {
                    Ok((k, warnings)) => (
                        Some(k.as_str().to_string()),
                        (!warnings.is_empty()).then_some(Said::Warns),
                    ),
                    Err(errors) => (None, Some(Said::Refused(Rc::new(errors)))),
                };
                assert_eq!(column.get(row).map(str::to_string), key, "{attribute} {row}");
                assert_eq!(column.said(row), said.as_ref(), "{attribute} {row}");
            }
        }
        let gsk = keys.of("GSK").unwrap();
        assert_eq!(
            gsk.iter().collect::<Vec<_>>(),
            [Some("12"), None, None, None],
            "Team has no GSK template"
        );
        assert!(!gsk.errors(1).is_empty(), "123456 is past width 4");
        assert_eq!(keys.of("nope"), None);
    }
}
