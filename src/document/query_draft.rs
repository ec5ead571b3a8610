//! The query panel's draft: an access pattern stated against a sample item.

use super::*;

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
    /// The first N items by value, largest first: the newest, or the top scores.
    Top,
    /// The anchor item and every item sorting before it, nearest first.
    Before,
    /// The anchor item and every item sorting after it, nearest first.
    After,
}

impl Shape {
    /// The person picks the direction (ScanIndexForward); the other patterns name
    /// theirs: newest first, before an item (backward), after it (forward).
    pub fn direction_is_chosen(self) -> bool {
        !matches!(self, Shape::Top | Shape::Before | Shape::After)
    }
}

/// Most items of one entity offered as the query's anchor: a longer list would stall
/// the picker; the rest are counted beside it.
pub const ANCHORS_OFFERED: usize = 500;

/// A query stated against the sample items: the anchor item gives the partition and the
/// fixed leading sort fields; the range's values are typed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct QueryDraft {
    pub shape: Shape,
    /// The GSI to query; `None` for the base table. Saved work before this wrote the base
    /// table as `""`, which still reads as `None`.
    #[serde(deserialize_with = "base_table_or_index")]
    pub index: Option<IndexName>,
    pub anchor: ItemId,
    pub fixed: usize,
    pub op: RangeOp,
    pub value: String,
    pub to: String,
    pub forward: bool,
    /// DynamoDB's `Limit`, the page size, as typed; in every shape and in saved work from
    /// before `first`, it never stops the reader.
    pub limit: String,
    /// How many items "Newest / top N" promises (N), as typed; empty is
    /// [`TOP_N_DEFAULT`]. Saved work from before it has none: its top query reads the
    /// first 10, the number its box showed, and its `limit` stays the page size it was,
    /// so it shows what it showed up to 10 items.
    pub first: String,
    pub children: bool,
}

/// N of "Newest / top N" when none is typed.
pub const TOP_N_DEFAULT: u32 = 10;

impl Default for QueryDraft {
    fn default() -> Self {
        QueryDraft {
            shape: Shape::Collection,
            index: None,
            anchor: ItemId(0),
            fixed: 0,
            op: RangeOp::Ge,
            value: String::new(),
            to: String::new(),
            forward: true,
            limit: String::new(),
            first: String::new(),
            children: false,
        }
    }
}

/// An index name, or the base table: `null`, absent or the empty name of earlier saves.
fn base_table_or_index<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<IndexName>, D::Error> {
    let name: Option<String> = Option::deserialize(d)?;
    Ok(name.filter(|n| !n.is_empty()).map(IndexName))
}

/// What the query panel offers for the current draft, worked out from the document:
/// the panel reads this and nothing else of it.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryChoices {
    pub draft: QueryDraft,
    /// The anchor's sort fields on the queried index, in key order.
    pub fields: Vec<String>,
    /// The table's GSIs, by name.
    pub indexes: Vec<IndexName>,
    /// The queried index as the draft names it (maybe one the table no longer has);
    /// `None` for the base table.
    pub index: Option<IndexName>,
    /// The entities, by name, with the first item of each (`None`: it has none yet):
    /// a query is for one entity, picked first.
    pub entities: Vec<(String, Option<ItemId>)>,
    /// The anchor's entity, by position in `entities`.
    pub entity: Option<EntityId>,
    /// The items of the anchor's entity that the query can be stated against: each
    /// item's row and its values as one line, numbered from 1 within the entity.
    pub entity_items: Vec<(ItemId, usize, String)>,
    /// How many items of the entity are not offered (past [`ANCHORS_OFFERED`]).
    pub entity_items_more: usize,
    /// "Everything under a prefix": each choice of leading fields, with its label.
    pub prefixes: Vec<(usize, String)>,
    /// The operators the range field takes.
    pub ops: Vec<RangeOp>,
    /// The anchor item's values, as one line.
    pub anchor: String,
    /// The queried index's key is multi-attribute: its attributes compare one by one,
    /// so the shapes that read through a concatenated key do not apply.
    pub multi_attribute: bool,
}

/// The query panel's draft read against the design and its items: what the panel
/// offers, and the access pattern the draft states.
#[derive(Clone, Copy)]
pub struct DraftOn<'a> {
    pub draft: &'a QueryDraft,
    pub schema: &'a Schema,
    pub rows: &'a [Row],
}

impl<'a> DraftOn<'a> {
    fn key_schema(&self, index: Option<&str>) -> Option<&'a KeySchema> {
        self.schema.table.key_schema(index)
    }

    /// The entity of an item; `None` past the end or when its entity is gone.
    fn entity_of_row(&self, item: ItemId) -> Option<&'a Entity> {
        item.of(self.rows)?.entity.of(self.schema)
    }

    fn row_text(&self, item: ItemId) -> String {
        row_text(self.schema, self.rows, item)
    }

    /// The GSI the query panel queries, or `None` for the base table.
    pub fn query_choices(&self) -> QueryChoices {
        let (entity_items, entity_items_more) = self.anchor_choices();
        QueryChoices {
            draft: self.draft.clone(),
            fields: self.query_sort_fields(),
            indexes: (self.schema.table.indexes.iter())
                .map(|i| IndexName(i.name.clone()))
                .collect(),
            // As the draft names it, even gone, so the picker shows it and picking
            // another index or the base table is a change.
            index: self.draft.index.clone(),
            entities: self
                .schema
                .entities
                .iter()
                .enumerate()
                .map(|(e, entity)| {
                    let first = self.rows.iter().position(|r| r.entity == EntityId(e));
                    (entity.name.clone(), first.map(ItemId))
                })
                .collect(),
            entity: self.draft.anchor.of(self.rows).map(|r| r.entity),
            entity_items,
            entity_items_more,
            prefixes: self.prefix_choices(),
            ops: self.query_ops(),
            anchor: self.row_text(self.draft.anchor),
            multi_attribute: self.query_multi_attribute_keys().is_some(),
        }
    }

    /// The anchor's entity's items, the first [`ANCHORS_OFFERED`] of them and always
    /// the anchor itself, with how many more there are.
    fn anchor_choices(&self) -> (Vec<(ItemId, usize, String)>, usize) {
        let Some(entity) = self.draft.anchor.of(self.rows).map(|r| r.entity) else {
            return (Vec::new(), 0);
        };
        let rows: Vec<ItemId> = (0..self.rows.len())
            .filter(|&r| self.rows[r].entity == entity)
            .map(ItemId)
            .collect();
        let offered: Vec<(ItemId, usize, String)> = rows
            .iter()
            .enumerate()
            .filter(|&(n, &r)| n < ANCHORS_OFFERED || r == self.draft.anchor)
            .map(|(n, &r)| (r, n + 1, self.row_text(r)))
            .collect();
        let more = rows.len() - offered.len();
        (offered, more)
    }

    /// The GSI the query panel queries, while the table has it.
    pub fn query_index(&self) -> Option<&'a str> {
        let name = self.draft.index.as_ref()?.as_str();
        self.schema.table.indexes.iter().any(|i| i.name == name).then_some(name)
    }

    /// The sort fields of the index the query panel queries, for its anchor's entity:
    /// a multi-attribute sort key's one field per attribute, in key order.
    pub fn query_sort_fields(&self) -> Vec<String> {
        match self.query_multi_attribute_keys() {
            Some(keys) => self.fields_of(keys.sort_attributes()),
            None => sort_fields(self.query_sort_template()),
        }
    }

    /// The queried index's key, when it is a multi-attribute key.
    fn query_multi_attribute_keys(&self) -> Option<&'a KeySchema> {
        self.key_schema(self.query_index()).filter(|k| k.is_multi_attribute())
    }

    /// The anchor entity's fields that the given attributes hold, in order.
    fn fields_of<'b>(&self, attributes: impl Iterator<Item = &'b str>) -> Vec<String> {
        let Some(entity) = self.entity_of_row(self.draft.anchor) else {
            return Vec::new();
        };
        attributes.flat_map(|a| sort_fields(entity.template(a))).collect()
    }

    /// The sort template of the index the query panel queries, for its anchor's entity.
    fn query_sort_template(&self) -> Option<&'a KeyTemplate> {
        let sort = self.key_schema(self.query_index())?.sort.as_deref()?;
        self.entity_of_row(self.draft.anchor)?.template(sort)
    }

    /// The choices of "Everything under a prefix": how many leading sort fields equal
    /// the anchor's, each labelled with the prefix it reads (`ORDER#<id>#`), from the
    /// literal alone up to all fields but the last (all of them is the exact key).
    pub fn prefix_choices(&self) -> Vec<(usize, String)> {
        if self.query_multi_attribute_keys().is_some() {
            // No prefix to read under: the leading attributes are fixed by equality.
            let fields = self.query_sort_fields();
            return (0..fields.len())
                .map(|n| {
                    let label = if n == 0 {
                        "none: every item of the partition".to_string()
                    } else {
                        format!("{} equal to the item's", fields[..n].join(", "))
                    };
                    (n, label)
                })
                .collect();
        }
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
                        Segment::Field(f) => fields[..n].contains(&f.name),
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

    /// The operators the range field can take: `begins_with` only on text (or, in a
    /// multi-attribute key, on any String attribute).
    pub fn query_ops(&self) -> Vec<RangeOp> {
        let fields = self.query_sort_fields();
        let field = fields.get(self.draft.fixed.min(fields.len().saturating_sub(1)));
        let string_attribute = self.query_multi_attribute_keys().is_some_and(|k| {
            let at = self.draft.fixed.min(fields.len().saturating_sub(1));
            k.sort_attributes()
                .nth(at)
                .is_some_and(|a| self.schema.table.attribute_type(a) == Some(AttrType::S))
        });
        let text = string_attribute
            || self
                .entity_of_row(self.draft.anchor)
                .zip(field)
                .and_then(|(e, f)| e.field(f))
                .is_some_and(|f| f.kind.name() == "text");
        RangeOp::ALL
            .into_iter()
            .filter(|op| text || *op != RangeOp::BeginsWith)
            .collect()
    }

    /// The anchor item's value of the field a range is on.
    pub(super) fn range_start(&self) -> Option<String> {
        let fields = self.query_sort_fields();
        let field = fields.get(self.draft.fixed.min(fields.len().saturating_sub(1)))?;
        let value = self.draft.anchor.of(self.rows)?.values.get(field)?;
        value.as_str().map(str::to_string)
    }

    /// "Newest / top N" is the largest values first by value, whatever the storage: the
    /// key's first sort field orders the partition, and an inverted (`desc`) field
    /// stores its largest value first, so the query reads forward over it. Backward
    /// over an ascending field, or over a key with no field (reverse sort-key order).
    pub fn top_reads_forward(&self, fields: &[String]) -> bool {
        fields
            .first()
            .and_then(|f| self.entity_of_row(self.draft.anchor)?.field(f))
            .is_some_and(|f| f.kind.order() == keylab::schema::Order::Desc)
    }

    /// The access pattern the query panel states.
    pub fn pattern(&self) -> Result<AccessPattern, String> {
        let q = self.draft;
        let row = match self.rows.len() {
            0 => return Err("add a sample item to query against".into()),
            n => (q.anchor.of(self.rows))
                .ok_or_else(|| format!("there is no item {}: pick an item from 1 to {n}", q.anchor))?,
        };
        let entity = row.entity.of(self.schema).ok_or("the anchor item's entity is gone")?;
        let anchor = &row.values;
        // A saved or linked query on an index the table does not have is not read as a
        // query of the base table.
        if let (Some(name), None) = (&q.index, self.query_index()) {
            return Err(format!(
                "the query is on index {:?}, which the table does not have: pick the base table or one of its indexes",
                name.as_str()
            ));
        }
        let index = self.query_index();
        let keys = self.key_schema(index).ok_or("the index is gone")?;
        let partition: Values = keys
            .partition_attributes()
            .flat_map(|a| sort_fields(entity.template(a)))
            .filter_map(|f| anchor.get(&f).map(|v| (f, v.clone())))
            .collect();
        let fields = self.query_sort_fields();
        let (limit, first) = q.paging()?;
        Ok(AccessPattern {
            entity: entity.name.clone(),
            index: index.map(str::to_string),
            around: match q.shape {
                Shape::Before => Some(Around::Before),
                Shape::After => Some(Around::After),
                _ => None,
            },
            partition,
            sort: q.sort(&fields, anchor)?,
            children: q.children,
            scan_index_forward: if q.shape == Shape::Top {
                self.top_reads_forward(&fields)
            } else {
                q.forward
            },
            limit,
            first,
        })
    }
}

impl QueryDraft {
    /// The sort condition the shape states over the anchor's sort `fields` (in key order)
    /// and its values.
    fn sort(&self, fields: &[String], anchor: &Values) -> Result<Option<SortPattern>, String> {
        let fixed = |n: usize| -> Values {
            fields
                .iter()
                .take(n)
                .filter_map(|f| anchor.get(f).map(|v| (f.clone(), v.clone())))
                .collect()
        };
        let leading = self.fixed.min(fields.len().saturating_sub(1));
        Ok(match self.shape {
            Shape::Collection => None,
            Shape::Top | Shape::Entity => Some(SortPattern::default()),
            Shape::Exact | Shape::Before | Shape::After => Some(SortPattern {
                equal: fixed(fields.len()),
                range: None,
            }),
            Shape::Prefix => Some(SortPattern {
                equal: fixed(leading),
                range: None,
            }),
            Shape::Range => {
                let field = fields
                    .get(leading)
                    .ok_or("the sort key has no field to put a range on")?
                    .clone();
                // An empty value would be refused by the codec as "not a whole number"
                // (or the like), which does not say what to do.
                if self.value.is_empty() {
                    return Err(format!("type a value for {field}: the range compares {field} with it"));
                }
                if self.op == RangeOp::Between && self.to.is_empty() {
                    return Err(format!(
                        "type the upper end of the range: {field} BETWEEN the value and what?"
                    ));
                }
                let to = (self.op == RangeOp::Between).then(|| Value::String(self.to.clone()));
                Some(SortPattern {
                    equal: fixed(leading),
                    range: Some(Range {
                        field,
                        op: self.op,
                        value: Value::String(self.value.clone()),
                        to,
                    }),
                })
            }
        })
    }

    /// The page size (`Limit`) and, for "Newest / top N", how many items it promises:
    /// N is [`TOP_N_DEFAULT`] unless typed, and the page size stays unset unless typed,
    /// so that one request asks for the N items.
    pub fn paging(&self) -> Result<(Option<u32>, Option<u32>), String> {
        let count = |text: &str, what: &str| -> Result<Option<u32>, String> {
            match text.trim() {
                "" => Ok(None),
                typed => typed
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .map(Some)
                    .ok_or_else(|| format!("{what} {typed:?} is not a whole number from 1 up")),
            }
        };
        let limit = count(&self.limit, "Limit")?;
        let first = match self.shape {
            Shape::Top => Some(count(&self.first, "how many:")?.unwrap_or(TOP_N_DEFAULT)),
            _ => None,
        };
        Ok((limit, first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(shape: Shape, first: &str, limit: &str) -> QueryDraft {
        QueryDraft {
            shape,
            first: first.into(),
            limit: limit.into(),
            ..QueryDraft::default()
        }
    }

    #[test]
    fn top_n_promises_n_apart_from_the_page_size() {
        assert_eq!(draft(Shape::Top, "3", "").paging(), Ok((None, Some(3))));
        assert_eq!(draft(Shape::Top, " 3 ", "2").paging(), Ok((Some(2), Some(3))));
        assert_eq!(draft(Shape::Top, "", "").paging(), Ok((None, Some(TOP_N_DEFAULT))));
        // N belongs to "Newest / top N": another shape reads every page.
        assert_eq!(draft(Shape::Range, "3", "2").paging(), Ok((Some(2), None)));
        assert_eq!(
            draft(Shape::Top, "0", "").paging(),
            Err("how many: \"0\" is not a whole number from 1 up".to_string())
        );
        assert_eq!(
            draft(Shape::Top, "3", "x").paging(),
            Err("Limit \"x\" is not a whole number from 1 up".to_string())
        );
    }
}
