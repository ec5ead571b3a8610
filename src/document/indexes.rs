//! The table's GSIs: adding one (of concatenated keys, or a multi-attribute key over
//! the entity's own fields) and removing one with the attributes only it used.

use super::*;

impl Playground {
    pub(super) fn add_index(&mut self) {
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
        let t = &mut self.schema_mut().table;
        t.attributes.push((pk.clone(), AttrType::S));
        t.attributes.push((sk.clone(), AttrType::S));
        t.indexes.push(Index {
            name,
            keys: KeySchema::single(pk, Some(sk.clone())),
        });
        // Straight to the new sort key: its template is what the user came to write.
        self.focus.attribute = sk;
    }

    /// Why a multi-attribute GSI over these fields of the current entity cannot be
    /// made (see [`multi_attribute_index_problem`]).
    pub fn multi_attribute_index_problem(&self, partition: &[String], sort: &[String]) -> Option<String> {
        multi_attribute_index_problem(&self.schema, self.entity()?, partition, sort)
    }

    pub(super) fn add_multi_attribute_index(&mut self, partition: Vec<String>, sort: Vec<String>) {
        let Some(entity) = self.focus.entity.of(&self.schema) else {
            return;
        };
        let typed: Vec<(String, AttrType)> = partition
            .iter()
            .chain(&sort)
            .map(|f| {
                let numeric = entity.field(f).is_some_and(|x| x.kind.is_numeric());
                (f.clone(), if numeric { AttrType::N } else { AttrType::S })
            })
            .collect();
        let t = &self.schema.table;
        let Some(name) = (1..)
            .map(|n| format!("GSI{n}"))
            .find(|name| t.indexes.iter().all(|i| &i.name != name))
        else {
            return;
        };
        let t = &mut self.schema_mut().table;
        for (attribute, attr_type) in &typed {
            if t.attribute_type(attribute).is_none() {
                t.attributes.push((attribute.clone(), *attr_type));
            }
        }
        let (mut partition, mut sort) = (partition, sort);
        let first_sort = (!sort.is_empty()).then(|| sort.remove(0));
        let first = partition.remove(0);
        t.indexes.push(Index {
            name,
            keys: KeySchema {
                partition: first.clone(),
                sort: first_sort.clone(),
                partition_more: partition,
                sort_more: sort,
            },
        });
        if let Some(e) = self.entity_mut() {
            for (attribute, _) in &typed {
                if e.template(attribute).is_none() {
                    e.keys.push(KeyTemplate {
                        attribute: attribute.clone(),
                        segments: vec![Segment::field(attribute.clone())],
                    });
                }
            }
        }
        self.focus.attribute = first_sort.unwrap_or(first);
    }

    pub(super) fn remove_index(&mut self, name: &str) {
        let t = &mut self.schema_mut().table;
        if let Some(at) = t.indexes.iter().position(|i| i.name == name) {
            let gone = t.indexes.remove(at);
            // Its key attributes go too, unless the table or another index uses them.
            let in_use = |a: &str, t: &keylab::schema::Table| t.parts(a).next().is_some();
            let attrs: Vec<String> = gone
                .keys
                .partition_attributes()
                .chain(gone.keys.sort_attributes())
                .map(str::to_string)
                .collect();
            for a in attrs {
                if !in_use(&a, &self.schema.table) {
                    self.schema_mut().table.attributes.retain(|(n, _)| *n != a);
                    for e in &mut self.schema_mut().entities {
                        e.keys.retain(|k| k.attribute != a);
                    }
                }
            }
            if self.query.index.as_ref().is_some_and(|i| i.as_str() == name) {
                self.query_mut().index = None;
            }
        }
    }

    /// See [`DesignEdit::MoveToIndex`]. Nothing happens for a field that is not in the
    /// table's key (the finding that offers the move is then gone).
    pub(super) fn move_to_index(&mut self, entity: &str, field: &str, group: Option<&str>) {
        let Some(e) = self.schema.entities.iter().position(|x| x.name == entity) else {
            return;
        };
        let primary = self.schema.table.primary.clone();
        let in_table_key =
            |k: &KeyTemplate| primary.partition == k.attribute || primary.sort.as_deref() == Some(k.attribute.as_str());
        let table_keys: Vec<KeyTemplate> = self.schema.entities[e]
            .keys
            .iter()
            .filter(|k| in_table_key(k))
            .cloned()
            .collect();
        if !table_keys.iter().any(|k| k.fields().any(|f| f == field)) {
            return;
        }
        let serving = group.and_then(|g| keylab::lint::serving_index(&self.schema, &self.schema.entities[e], field, g));
        let index = match serving {
            Some(name) => name.to_string(),
            None => {
                // The item's id stays in the index's sort key, after the field, so that
                // each item keeps a key of its own there.
                let id: Vec<String> = table_keys
                    .iter()
                    .flat_map(|k| k.fields())
                    .filter(|f| *f != field)
                    .map(str::to_string)
                    .collect();
                let Some(name) = self.add_grouping_index(e, field, group, &id) else {
                    return;
                };
                name
            }
        };
        // The table's key no longer orders by the field: a query that read the table now
        // reads the index that does, rather than quietly reading another order.
        if self.query.index.is_none() {
            self.query_mut().index = Some(IndexName(index));
        }
        let literal = Segment::Literal(entity.to_uppercase());
        let target = &mut self.schema_mut().entities[e];
        for t in target.keys.iter_mut().filter(|k| in_table_key(k)) {
            t.segments
                .retain(|s| !matches!(s, Segment::Field(f) if f.name == field));
            // A key of no segment cannot be written: it keeps the entity's literal.
            if t.segments.is_empty() {
                t.segments.push(literal.clone());
            }
        }
        if let Some(f) = target.fields.iter_mut().find(|f| f.name == field) {
            f.mutable = Some(true);
        }
        self.focus.entity = EntityId(e);
    }

    /// A new GSI for entity `e`: partitioned by the entity's literal and `group`, sorted
    /// by `field` and then `id`. Without a group, every item of the entity is one
    /// partition. The index's name, when it was added.
    fn add_grouping_index(&mut self, e: usize, field: &str, group: Option<&str>, id: &[String]) -> Option<String> {
        let before = self.schema.table.indexes.len();
        self.add_index();
        let index = self.schema.table.indexes.get(before).cloned()?;
        let target = &mut self.schema_mut().entities[e];
        let mut partition = vec![Segment::Literal(target.name.to_uppercase())];
        partition.extend(group.map(Segment::field));
        target
            .keys
            .retain(|k| k.attribute != index.keys.partition && Some(&k.attribute) != index.keys.sort.as_ref());
        target.keys.push(KeyTemplate {
            attribute: index.keys.partition.clone(),
            segments: partition,
        });
        if let Some(sort) = index.keys.sort {
            let mut segments = vec![Segment::field(field)];
            segments.extend(id.iter().filter(|f| Some(f.as_str()) != group).map(Segment::field));
            target.keys.push(KeyTemplate {
                attribute: sort,
                segments,
            });
        }
        Some(index.name)
    }

    /// See [`DesignEdit::AddSortKey`].
    pub(super) fn add_sort_key(&mut self) {
        let t = &self.schema.table;
        if t.primary.sort.is_some() {
            return;
        }
        let Some(name) = std::iter::once("SK".to_string())
            .chain((2..).map(|n| format!("SK{n}")))
            .find(|n| t.attribute_type(n).is_none())
        else {
            return;
        };
        let t = &mut self.schema_mut().table;
        t.attributes.push((name.clone(), AttrType::S));
        t.primary.sort = Some(name.clone());
        for e in &mut self.schema_mut().entities {
            e.keys.push(KeyTemplate {
                attribute: name.clone(),
                segments: vec![Segment::Literal(e.name.to_uppercase())],
            });
        }
        self.focus.attribute = name;
    }
}

/// Why a multi-attribute GSI over these fields of `entity` cannot be made, in the
/// user's words; `None` when it can.
pub(super) fn multi_attribute_index_problem(
    schema: &Schema,
    entity: &Entity,
    partition: &[String],
    sort: &[String],
) -> Option<String> {
    let max = keylab::schema::MAX_KEY_ATTRIBUTES;
    if partition.is_empty() {
        return Some("name at least one partition field, such as customer".into());
    }
    if partition.len() > max || sort.len() > max {
        return Some(format!("a GSI's partition or sort key has 1 to {max} attributes"));
    }
    let all: Vec<&String> = partition.iter().chain(sort).collect();
    if let Some(unknown) = all.iter().find(|f| entity.field(f).is_none()) {
        let names: Vec<&str> = entity.fields.iter().map(|f| f.name.as_str()).collect();
        return Some(format!(
            "{} has no field {unknown:?}: pick from {}",
            entity.name,
            names.join(", ")
        ));
    }
    if let Some(twice) = all
        .iter()
        .enumerate()
        .find_map(|(i, f)| all[..i].contains(f).then_some(f))
    {
        return Some(format!("{twice} is named twice: each field holds one place of the key"));
    }
    let clash = all.iter().find(|f| {
        let wanted = if entity.field(f).is_some_and(|x| x.kind.is_numeric()) {
            AttrType::N
        } else {
            AttrType::S
        };
        schema.table.attribute_type(f).is_some_and(|t| t != wanted)
    });
    clash.map(|f| {
        format!("the table already has an attribute {f:?} of another type: rename the field or that attribute first")
    })
}
