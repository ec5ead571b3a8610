//! Which items are one entity: the source says (a Workbench facet), an entity attribute
//! names them (`EntityType`, `_type`, `__edb_e__`, ...), or the shape of their keys does.

use super::{key_text, keys, Misfit, Options, TableKeys};
use crate::migrate::stored::{Attribute, StoredItem};

/// Attributes that name an item's entity in the libraries and tools that write them.
const ENTITY_ATTRIBUTES: [&str; 8] = [
    "EntityType",
    "entityType",
    "entity_type",
    "_type",
    "__edb_e__",
    "_et",
    "type",
    "Type",
];

/// The items of one entity and the key attributes they all have.
pub(super) struct Group {
    pub name: String,
    pub members: Vec<usize>,
    pub attributes: Vec<String>,
}

/// The label a key starts with, as single-table designs write them: `USER`,
/// `ORDER_ITEM`, `#READING`, `$shop`. Ids and names do not look like this.
pub(super) fn label(segment: &str) -> Option<&str> {
    let upper =
        !segment.is_empty() && segment.len() <= 40 && segment.bytes().all(|b| b.is_ascii_uppercase() || b == b'_');
    (upper || segment.starts_with(['#', '$']) && segment.len() > 1).then_some(segment)
}

pub(super) fn group(
    items: &[StoredItem],
    keys: &TableKeys,
    separator: &str,
    options: &Options,
    notes: &mut Vec<String>,
    misfits: &mut Vec<Misfit>,
) -> Vec<Group> {
    let all = keys.attributes();
    let present = |item: &StoredItem| -> Vec<String> {
        all.iter()
            .filter(|a| item.get(a).is_some())
            .map(|a| a.to_string())
            .collect()
    };
    let by_attribute = entity_attribute(items, options);
    // (signature, labelled shape, group) per group, in the order items first show them.
    let mut found: Vec<(Vec<String>, Vec<String>, Group)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let attributes = present(item);
        let given = options.entity_of.get(i).and_then(|n| n.as_deref()).map(str::trim);
        let (labelled, named) = labelled_shape(item, &attributes, keys, separator);
        let (signature, name) = match (given.filter(|n| !n.is_empty()), &by_attribute) {
            // The source names it (a Workbench facet): its name is kept as it is.
            (Some(given), _) => {
                let mut sig = vec![format!("given:{given}")];
                sig.extend(attributes.iter().map(|a| shape(item, a, separator)));
                (sig, given.chars().take(crate::schema::NAME_MAX).collect())
            }
            (None, Some(attr)) => match typed(item, i, attr, &attributes, separator) {
                Ok(found) => found,
                Err(misfit) => {
                    misfits.push(misfit);
                    continue;
                }
            },
            (None, None) => {
                // An item the source did not name joins a named entity whose first
                // item's keys have its shape and labels (Workbench's table data).
                let named_like = found
                    .iter_mut()
                    .find(|(s, l, _)| s.first().is_some_and(|s| s.starts_with("given:")) && *l == labelled);
                if let Some((_, _, g)) = named_like {
                    g.members.push(i);
                    continue;
                }
                (labelled.clone(), named)
            }
        };
        match found.iter_mut().find(|(s, _, _)| *s == signature) {
            Some((_, _, g)) => g.members.push(i),
            None => found.push((
                signature,
                labelled,
                Group {
                    name,
                    members: vec![i],
                    attributes,
                },
            )),
        }
    }
    if by_attribute.is_none() {
        merge_split_by_value(&mut found, items, separator, notes);
    }
    let mut groups: Vec<Group> = found.into_iter().map(|(_, _, g)| g).collect();
    named_apart(&mut groups);
    let given = options.entity_of.iter().flatten().count();
    let count = crate::wording::counted(groups.len(), "entity", "entities");
    notes.push(match &by_attribute {
        _ if given > 0 => format!("{count}, named by the source for {given} of the items"),
        Some(a) => format!("{count}, named by each item's {a}"),
        None => format!("{count}, told apart by the shape of their keys (no attribute such as EntityType names them)"),
    });
    groups
}

/// The attribute that names each item's entity: the one given, else the first of
/// [`ENTITY_ATTRIBUTES`] every item has as a non-empty String.
fn entity_attribute(items: &[StoredItem], options: &Options) -> Option<String> {
    options.entity_attribute.clone().or_else(|| {
        (ENTITY_ATTRIBUTES.iter())
            .find(|a| (items.iter()).all(|i| matches!(i.get(a), Some(Attribute::S(s)) if !s.is_empty())))
            .map(|a| a.to_string())
    })
}

/// An item's group signature and entity name from its entity attribute `attr`, or why
/// it has none. Items of one type whose keys differ in shape are two entities: one
/// template cannot write both.
fn typed(
    item: &StoredItem,
    at: usize,
    attr: &str,
    attributes: &[String],
    separator: &str,
) -> Result<(Vec<String>, String), Misfit> {
    match item.get(attr) {
        Some(Attribute::S(s)) if !s.is_empty() => {
            let mut sig = vec![s.to_string()];
            sig.extend(attributes.iter().map(|a| shape(item, a, separator)));
            Ok((sig, entity_name(s)))
        }
        _ => Err(Misfit {
            item: at,
            attribute: attr.to_string(),
            stored: String::new(),
            reason: format!("has no {attr} (a non-empty S) to name its entity"),
        }),
    }
}

/// Two groups of one name (an entity with and without a sparse index) stay apart: the
/// later ones are numbered.
fn named_apart(groups: &mut [Group]) {
    for i in 1..groups.len() {
        let base = groups[i].name.clone();
        let mut n = 2;
        while groups[..i].iter().any(|g| g.name == groups[i].name) {
            groups[i].name = format!("{base}{n}");
            n += 1;
        }
    }
}

/// Merges groups told apart only by a label where a group of the same shape holds a
/// value (`NORMAL#…` beside `WARNING1#…`, a state): that segment is data, and the items
/// are one entity with a text field there, as one template writes them. Groups with a
/// label there each (`PROFILE#…` and `ORDER#…`, two entities of one collection) stay
/// apart, and so do groups whose keys differ in shape. A note names the merged and why.
fn merge_split_by_value(
    found: &mut Vec<(Vec<String>, Vec<String>, Group)>,
    items: &[StoredItem],
    separator: &str,
    notes: &mut Vec<String>,
) {
    let mut at = 0;
    while at < found.len() {
        let valued = found[at].0.clone();
        if valued.first().is_some_and(|s| s.starts_with("given:")) || !valued.iter().any(|s| s.ends_with(":*")) {
            at += 1;
            continue;
        }
        let mut merged = Vec::new();
        let mut i = 0;
        while i < found.len() {
            if i != at && same_but_for_values(&valued, &found[i].0) {
                let (sig, _, g) = found.remove(i);
                if i < at {
                    at -= 1;
                }
                merged.push((sig, g));
            } else {
                i += 1;
            }
        }
        if !merged.is_empty() {
            let kept = &mut found[at].2;
            let first = kept.members[0];
            // The attribute where they differ: a value in this group, a label in the other.
            let differs = valued.iter().zip(&merged[0].0).position(|(v, l)| v != l).unwrap_or(0);
            let shape = valued[differs].trim_end_matches('*');
            let attribute = shape.split(':').next().unwrap_or_default();
            let example = key_text(&items[first], attribute).map_or("", |k| keys::segments(k, separator)[0]);
            let labels: Vec<&str> = (merged.iter())
                .filter_map(|(sig, _)| sig.get(differs)?.strip_prefix(shape))
                .collect();
            notes.push(format!(
                "items whose {attribute} starts with {} belong to entity {} with the others: their keys have one shape, and that segment holds {example:?} in others, so it is a value (a text field), not a label that names an entity",
                labels.join(", "),
                kept.name
            ));
            for (_, g) in merged {
                kept.members.extend(g.members);
            }
            crate::codec::order::sort_positions(&mut kept.members, &|a, b| a.cmp(&b));
        }
        at += 1;
    }
}

/// Whether `labelled` has the shape of `valued` and differs only where `valued` holds
/// a value (`SK:2:*`) and it a label (`SK:2:NORMAL`).
fn same_but_for_values(valued: &[String], labelled: &[String]) -> bool {
    valued.len() == labelled.len()
        && valued.iter().zip(labelled).all(|(v, l)| {
            v == l
                || v.strip_suffix('*')
                    .is_some_and(|shape| shape.ends_with(':') && l.starts_with(shape))
        })
}

/// An item's key attributes with their segment counts and labels, and the entity name
/// its labels suggest.
fn labelled_shape(
    item: &StoredItem,
    attributes: &[String],
    keys: &TableKeys,
    separator: &str,
) -> (Vec<String>, String) {
    let mut sig = Vec::new();
    let mut labels: Vec<(&str, &str)> = Vec::new();
    for a in attributes {
        let text = key_text(item, a).unwrap_or_default();
        let segments = keys::segments(text, separator);
        let l = label(segments[0]);
        labels.extend(l.map(|l| (a.as_str(), l)));
        sig.push(format!("{}:{}", shape(item, a, separator), l.unwrap_or("*")));
    }
    // The sort key's label names the entity best: the partition's often names the
    // collection it lives in.
    let of = |attr: Option<&str>| labels.iter().find(|(a, _)| Some(*a) == attr).map(|(_, l)| *l);
    let name = of(keys.sort.as_deref())
        .or_else(|| of(Some(&keys.partition)))
        .or_else(|| labels.first().map(|(_, l)| *l));
    (sig, name.map_or_else(|| "Item".into(), entity_name))
}

/// A key attribute and how many segments the item's key has there.
fn shape(item: &StoredItem, attribute: &str, separator: &str) -> String {
    let count = match item.get(attribute) {
        Some(Attribute::S(s)) => keys::segments(s, separator).len(),
        _ => 1,
    };
    format!("{attribute}:{count}")
}

/// An entity name from a label: `ORDER_ITEM` is `OrderItem`, `#READING` is `Reading`.
pub(super) fn entity_name(label: &str) -> String {
    let words = label.trim_start_matches(['#', '$']).split(['_', '-', ' ', '#']);
    let name: String = words
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            let first = c
                .next()
                .map(|f| f.to_uppercase().collect::<String>())
                .unwrap_or_default();
            first + &c.as_str().to_lowercase()
        })
        .collect();
    let name: String = name.chars().take(crate::schema::NAME_MAX).collect();
    if name.is_empty() {
        "Item".into()
    } else {
        name
    }
}
