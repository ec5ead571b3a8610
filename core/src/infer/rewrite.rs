//! The items written again with the design proposed: each item's values read from its
//! keys and its keys written from them, byte for byte, or why not; the design a file
//! carries, used when it writes every key; and the entities keylab's check refuses,
//! left out with their items.

use super::group::Group;
use super::left_out::{Omission, Said};
use super::{declared, key_text, Misfit, ProposedItem};
use crate::codec::{self, KeyCodec, KeyValue, Values};
use crate::migrate::stored::StoredItem;
use crate::schema::Schema;

/// The items as the design the file carries writes them, when it names every entity
/// and writes every key again; else `None`, and a note says why it is not used.
pub(super) fn carried(
    design: &Schema,
    groups: &[Group],
    items: &[StoredItem],
    notes: &mut Vec<String>,
    misfits: &[Misfit],
) -> Option<Vec<ProposedItem>> {
    let known = groups.iter().all(|g| design.entity(&g.name).is_some());
    let (proposed, wrong) = all(design, groups, items);
    match (known, wrong.first()) {
        (true, None) if misfits.is_empty() => {
            notes.push("the file carries the keylab design it was written from, which re-writes every key: it is used as it is".into());
            return Some(proposed);
        }
        (false, _) => notes.push(
            "the file carries a keylab design, but not for every entity in it: the design is read from the keys".into(),
        ),
        (true, first) => notes.push(format!(
            "the file carries a keylab design, but it does not re-write every key ({}): the design is read from the keys",
            first.map_or_else(|| "an item names no entity".to_string(), |m| m.reason.clone())
        )),
    }
    None
}

/// `schema` without the entities keylab's check refuses (a literal of over 255
/// characters), each said left out, and the groups of those kept: the items of one
/// left out are misfits, so one entity never fails the file.
pub(super) fn refused(
    schema: Schema,
    groups: Vec<Group>,
    notes: &mut Vec<String>,
    misfits: &mut Vec<Misfit>,
) -> Result<(Schema, Vec<Group>, Vec<Omission>), String> {
    let mut said = Said::default();
    let schema = declared::checked(schema, "entity", false, &mut said)?;
    let (kept, out): (Vec<Group>, Vec<Group>) = groups.into_iter().partition(|g| schema.entity(&g.name).is_some());
    for g in &out {
        let why = (said.left_out.iter()).find(|o| o.name() == format!("entity {}", g.name));
        misfits.extend(g.members.iter().map(|&item| Misfit {
            item,
            attribute: String::new(),
            stored: String::new(),
            reason: why.map_or_else(|| format!("entity {} is left out", g.name), |o| o.to_string()),
        }));
    }
    notes.append(&mut said.notes);
    Ok((schema, kept, said.left_out))
}

/// Every grouped item read with `schema` and written again: its values, or why a key
/// does not come back as it was. Both in the items' order.
pub(super) fn all(schema: &Schema, groups: &[Group], items: &[StoredItem]) -> (Vec<ProposedItem>, Vec<Misfit>) {
    let mut proposed = Vec::new();
    let mut misfits = Vec::new();
    for g in groups {
        for &i in &g.members {
            match rewrite(schema, &g.name, &items[i], &g.attributes) {
                Ok(values) => proposed.push(ProposedItem {
                    item: i,
                    entity: g.name.clone(),
                    values,
                }),
                Err((attribute, stored, reason)) => misfits.push(Misfit {
                    item: i,
                    attribute,
                    stored,
                    reason,
                }),
            }
        }
    }
    crate::codec::order::sort_items(&mut proposed, |a, b| a.item.cmp(&b.item));
    crate::codec::order::sort_items(&mut misfits, |a, b| a.item.cmp(&b.item));
    (proposed, misfits)
}

/// An item's values, read from its keys with the proposed design and written again;
/// or the first key that does not come back as it was, and why.
fn rewrite(
    schema: &Schema,
    entity: &str,
    item: &StoredItem,
    attributes: &[String],
) -> Result<Values, (String, String, String)> {
    let mut values = Values::new();
    for a in attributes {
        let stored = key_text(item, a).unwrap_or_default();
        let fail = |reason: String| (a.clone(), stored.to_string(), reason);
        let codec = KeyCodec::new(schema, entity, a).map_err(|e| fail(e.to_string()))?;
        let mut read = Vec::new();
        codec.read(stored, &mut read).map_err(|e| fail(e.to_string()))?;
        for (field, value) in codec.fields().iter().zip(read) {
            match values.get(*field) {
                Some(v) if *v != value => {
                    return Err(fail(format!("it holds {field} = {value}, but another key holds {v}")));
                }
                _ => {
                    values.insert(field.to_string(), value);
                }
            }
        }
    }
    let written = codec::encode(schema, entity, &values).map_err(|e| (String::new(), String::new(), e.to_string()))?;
    for a in attributes {
        let stored = key_text(item, a).unwrap_or_default();
        // DynamoDB keeps a Number as its value (`1.50` is `1.5`), a String as its bytes.
        let same = match written.get(a) {
            Some(KeyValue::S(s)) => s == stored,
            Some(KeyValue::N(n)) => crate::codec::Number::from_text(stored.to_string()).is_ok_and(|s| s == *n),
            None => false,
        };
        if !same {
            let text = written.get(a).map(KeyValue::as_str).unwrap_or_default();
            return Err((a.clone(), stored.to_string(), format!("written again it is {text:?}")));
        }
    }
    Ok(values)
}
