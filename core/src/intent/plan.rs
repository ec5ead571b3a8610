//! Which key serves an intent, and the access pattern that asks it: the table's or a
//! GSI's, whose partition the intent's equal fields fix, whose sort key has the other
//! equal fields first, then the ranged field, then the order's fields, read forward or
//! backward as their encodings and the intent's directions agree.

use super::Intent;
use crate::query::builder::{build, AccessPattern, Around, Built, SortPattern};
use crate::schema::{AttrType, Entity, KeySchema, Order, Schema};
use crate::Values;

/// How an intent is served.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The GSI read, or `None` for the table.
    pub index: Option<String>,
    pub pattern: AccessPattern,
    pub built: Built,
}

/// Why no key serves an intent: for each key tried, what it lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unserved {
    pub reasons: Vec<String>,
}

impl std::fmt::Display for Unserved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reasons.join("; "))
    }
}

/// The first key, the table's then each GSI's, that serves `intent`; or why none does.
pub fn plan(schema: &Schema, intent: &Intent) -> Result<Plan, Unserved> {
    let keys = std::iter::once((None, &schema.table.primary))
        .chain(schema.table.indexes.iter().map(|i| (Some(i.name.as_str()), &i.keys)));
    let mut reasons = Vec::new();
    for (index, keys) in keys {
        let on = index.map_or("the table".to_string(), |i| format!("GSI {i}"));
        match serve_on(schema, intent, index, keys) {
            Ok(plan) => return Ok(plan),
            Err(why) => reasons.push(format!("{on}: {why}")),
        }
    }
    if schema.table.indexes.is_empty() {
        reasons.push("the table has no GSI".into());
    }
    Err(Unserved { reasons })
}

/// The plan on one key, or what the key lacks.
fn serve_on(schema: &Schema, intent: &Intent, index: Option<&str>, keys: &KeySchema) -> Result<Plan, String> {
    let Some(first) = intent.entities.first() else {
        return Err("the pattern names no entity".into());
    };
    let entity = schema
        .entity(first)
        .ok_or_else(|| format!("the design has no entity {first:?}"))?;
    let patterns = match intent.entities.len() {
        1 => vec![single(schema, entity, intent, index, keys)?],
        _ => collection(schema, intent, index, keys)?,
    };
    let mut reasons = Vec::new();
    for pattern in patterns {
        match built(schema, intent, &pattern) {
            Ok(built) => {
                return Ok(Plan {
                    index: index.map(str::to_string),
                    pattern,
                    built,
                })
            }
            Err(why) if !reasons.contains(&why) => reasons.push(why),
            Err(_) => {}
        }
    }
    Err(reasons.join(", and "))
}

/// The query of `pattern`, when it returns the intent's entities and no other.
fn built(schema: &Schema, intent: &Intent, pattern: &AccessPattern) -> Result<Built, String> {
    let built = build(schema, pattern).map_err(|e| e.sentence())?;
    let strangers: Vec<&str> = (built.also_returns.iter())
        .filter(|e| !intent.entities.contains(e))
        .map(String::as_str)
        .collect();
    if !strangers.is_empty() {
        return Err(format!("{}'s items fall in the range too", strangers.join(" and ")));
    }
    let missing: Vec<&str> = (intent.entities.iter())
        .filter(|e| **e != pattern.entity && !built.also_returns.contains(e))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(format!("{} is not read with {}", missing.join(" and "), pattern.entity));
    }
    Ok(built)
}

/// The fields an entity writes into a key's attributes, in key order.
fn fields_of<'e>(entity: &'e Entity, attributes: impl Iterator<Item = &'e str>) -> Result<Vec<&'e str>, String> {
    let mut fields = Vec::new();
    for attribute in attributes {
        let template = (entity.template(attribute)).ok_or_else(|| format!("{} writes no {attribute}", entity.name))?;
        fields.extend(template.fields());
    }
    Ok(fields)
}

/// The partition's values: every field of its templates fixed by the intent.
fn partition(entity: &Entity, intent: &Intent, keys: &KeySchema) -> Result<(Values, Vec<String>), String> {
    let fields = fields_of(entity, keys.partition_attributes())?;
    let mut values = Values::new();
    for f in &fields {
        let value = intent
            .equal
            .get(*f)
            .ok_or_else(|| format!("its partition key needs {f}, which the pattern does not fix"))?;
        values.insert(f.to_string(), value.clone());
    }
    Ok((values, fields.iter().map(|f| f.to_string()).collect()))
}

/// The pattern for one entity's items.
fn single(
    schema: &Schema,
    entity: &Entity,
    intent: &Intent,
    index: Option<&str>,
    keys: &KeySchema,
) -> Result<AccessPattern, String> {
    let (partition, in_partition) = partition(entity, intent, keys)?;
    let sort = fields_of(entity, keys.sort_attributes())?;
    let fixed = sort.iter().take_while(|f| intent.equal.contains_key(**f)).count();
    for f in intent.equal.keys().filter(|f| !in_partition.contains(f)) {
        if !sort[..fixed].contains(&f.as_str()) {
            let next = sort.get(fixed).map_or("its end".to_string(), |n| n.to_string());
            return Err(format!(
                "{f} is fixed, but the sort key reaches {next} before it: the query cannot ask for it"
            ));
        }
    }
    if let Some(range) = &intent.range {
        if sort.get(fixed) != Some(&range.field.as_str()) {
            let next = sort.get(fixed).map_or("nothing".to_string(), |n| n.to_string());
            return Err(format!(
                "the range on {} needs it next in the sort key after the fixed fields; {next} is",
                range.field
            ));
        }
    }
    let forward = direction(schema, entity, intent, keys, &sort[fixed..])?;
    let equal: Values = (sort[..fixed].iter())
        .map(|f| (f.to_string(), intent.equal[*f].clone()))
        .collect();
    Ok(AccessPattern {
        entity: entity.name.clone(),
        index: index.map(str::to_string),
        partition,
        // Without a sort key a partition holds one item: the key fixes it, in no order.
        sort: keys.sort.is_some().then(|| SortPattern {
            equal,
            range: intent.range.clone(),
        }),
        scan_index_forward: forward,
        first: intent.first,
        ..AccessPattern::default()
    })
}

/// Whether the key is read forward: each field of the order must come next in the sort
/// key, and all must agree on one direction (a field stored inverted, `desc`, reads
/// descending forward).
fn direction(
    schema: &Schema,
    entity: &Entity,
    intent: &Intent,
    keys: &KeySchema,
    next: &[&str],
) -> Result<bool, String> {
    let mut forward: Option<(bool, &str)> = None;
    let order = intent.order.iter().filter(|o| !intent.equal.contains_key(&o.field));
    for (at, o) in order.enumerate() {
        if next.get(at) != Some(&o.field.as_str()) {
            let there = next.get(at).map_or("nothing".to_string(), |n| n.to_string());
            return Err(format!(
                "the order by {} needs {} next in the sort key; {there} is",
                o.field, o.field
            ));
        }
        let field = entity
            .field(&o.field)
            .ok_or_else(|| format!("{} has no field {}", entity.name, o.field))?;
        // A multi-attribute key or a Number attribute stores the value as itself.
        let plain = keys.is_multi_attribute()
            || keys.sort.as_deref().and_then(|a| schema.table.attribute_type(a)) == Some(AttrType::N);
        let stored_desc = !plain && field.kind.order() == Order::Desc;
        let reads_forward = o.descending == stored_desc;
        let way = |f: bool| if f { "forward" } else { "backward" };
        match forward {
            None => forward = Some((reads_forward, &o.field)),
            Some((f, first)) if f != reads_forward => {
                return Err(format!(
                    "the order by {first} reads the key {}, and {} {} then needs it read {}",
                    way(f),
                    o.field,
                    if o.descending { "descending" } else { "ascending" },
                    way(reads_forward)
                ))
            }
            Some(_) => {}
        }
    }
    Ok(forward.is_none_or(|(f, _)| f))
}

/// The patterns that may read the items of several entities: their whole partition,
/// or an item of one of them (its every sort field fixed) and what sorts on one side
/// of it, read away from it.
fn collection(
    schema: &Schema,
    intent: &Intent,
    index: Option<&str>,
    keys: &KeySchema,
) -> Result<Vec<AccessPattern>, String> {
    if intent.range.is_some() || !intent.order.is_empty() {
        return Err(
            "a pattern over several entities reads their items in key order: give it no range and no order".into(),
        );
    }
    let mut patterns = Vec::new();
    for name in &intent.entities {
        let entity = schema
            .entity(name)
            .ok_or_else(|| format!("the design has no entity {name:?}"))?;
        let (partition, in_partition) = partition(entity, intent, keys)?;
        let sort = fields_of(entity, keys.sort_attributes())?;
        let whole = AccessPattern {
            entity: entity.name.clone(),
            index: index.map(str::to_string),
            partition,
            scan_index_forward: true,
            first: intent.first,
            ..AccessPattern::default()
        };
        if patterns.is_empty() {
            patterns.push(whole.clone());
        }
        let fixed = |f: &&str| intent.equal.contains_key(*f);
        if !sort.is_empty()
            && sort.iter().all(fixed)
            && intent
                .equal
                .keys()
                .all(|f| in_partition.contains(f) || sort.contains(&f.as_str()))
        {
            let equal: Values = sort.iter().map(|f| (f.to_string(), intent.equal[*f].clone())).collect();
            for around in [Around::After, Around::Before] {
                patterns.push(AccessPattern {
                    sort: Some(SortPattern {
                        equal: equal.clone(),
                        range: None,
                    }),
                    around: Some(around),
                    scan_index_forward: around == Around::After,
                    ..whole.clone()
                });
            }
        }
    }
    Ok(patterns)
}
