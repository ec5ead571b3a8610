//! The files a design is read from, as items: an export's lines (or a Scan's output),
//! and a NoSQL Workbench model, whose facets name the entities and whose `TableData`
//! holds the items. Untrusted: a malformed file is a message naming the place.

use super::keys::TableKeys;
use super::left_out::{Omission, Part};
use super::source::pick_table;
pub use super::source::{Report, Source};
use super::Alias;
use crate::migrate::stored::StoredItem;
use serde_json::{Map, Value};
use std::collections::HashMap;

pub use super::format::Format;
use super::ReadError;

/// How long each format's complaint is kept when none reads a text.
const TRIED_KEEP: usize = 200;

/// Reads `text` in the format it is marked as; unmarked, as each format in turn, the
/// first that reads it winning. Refused with what marked it, or with why each failed.
pub fn read_any(text: &str) -> Result<(Format, Source), ReadError> {
    if let Some((format, by)) = Format::marked(text) {
        return (read(format, text, None).map(|source| (format, source))).map_err(|e| ReadError::Marked {
            format,
            by,
            why: e.why().to_string(),
        });
    }
    let mut tried = Vec::new();
    // A OneTable schema holds `indexes` as an ElectroDB entity does, and `models`, which
    // no entity holds: it is tried first.
    let order = [
        Format::Export,
        Format::Workbench,
        Format::Mcp,
        Format::OneTable,
        Format::ElectroDb,
    ];
    for format in order {
        match read(format, text, None) {
            Ok(source) => return Ok((format, source)),
            Err(e) => tried.push((format, crate::elide::shortened(&e.why(), TRIED_KEEP))),
        }
    }
    Err(ReadError::Unmarked { tried })
}

/// Reads `text` as `format`. `table` picks one of a model's tables by name.
pub fn read(format: Format, text: &str, table: Option<&str>) -> Result<Source, ReadError> {
    read_as(format, text, table).map_err(|why| ReadError::Refused { format, why })
}

fn read_as(format: Format, text: &str, table: Option<&str>) -> Result<Source, String> {
    match format {
        Format::Export => export(text),
        Format::Workbench => workbench(text, table),
        Format::ElectroDb => electrodb(text),
        Format::OneTable => onetable(text),
        Format::Mcp => {
            let (mut source, patterns) = super::mcp::read(text, table)?;
            source.patterns = patterns;
            Ok(source)
        }
    }
}

/// A schema states its design: it is the source's, with no items to read it from.
fn onetable(text: &str) -> Result<Source, String> {
    let read = super::onetable::read(text, "Imported")?;
    Ok(Source {
        design: Some(read.schema),
        table: read.table,
        notes: read.notes,
        left_out: read.left_out,
        ..Source::default()
    })
}

/// Entities state their design: it is the source's, with no items to read it from.
fn electrodb(text: &str) -> Result<Source, String> {
    let read = super::electrodb::read(text, "Imported")?;
    Ok(Source {
        design: Some(read.schema),
        table: read.table,
        notes: read.notes,
        left_out: read.left_out,
        ..Source::default()
    })
}

fn export(text: &str) -> Result<Source, String> {
    let mut source = Source::default();
    for (place, line) in item_lines(text)? {
        let item = StoredItem::parse(&line).map_err(|why| format!("{place}: {why}"))?;
        source.items.push(owned(item));
        source.places.push(place);
    }
    Ok(source)
}

/// Each item's JSON text with its place: a Scan's output is one document whose `Items`
/// are the items; anything else is read one item per line.
fn item_lines(text: &str) -> Result<Vec<(String, String)>, String> {
    if let Ok(Value::Object(doc)) = serde_json::from_str::<Value>(text) {
        if let Some(items) = doc.get("Items") {
            let Value::Array(items) = items else {
                return Err("its \"Items\" is not a list of items".into());
            };
            let places = items.iter().enumerate();
            return Ok(places
                .map(|(i, v)| (format!("item {} of Items", i + 1), v.to_string()))
                .collect());
        }
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (format!("item on line {}", i + 1), l.to_string()))
        .collect())
}

fn owned(item: StoredItem) -> StoredItem<'static> {
    StoredItem(
        item.0
            .into_iter()
            .map(|(n, a)| (std::borrow::Cow::Owned(n.into_owned()), a.into_owned()))
            .collect(),
    )
}

/// What precedes the keylab design in the Description of a model keylab wrote.
pub const DESIGN_MARK: &str = "keylab design: ";

/// The versions of NoSQL Workbench's model format this reader knows.
const WORKBENCH_VERSIONS: [&str; 3] = ["1.0", "2.0", "3.0"];
/// What a model's table holds that this reader reads; the rest is named as left out.
const TABLE_READ: [&str; 5] = [
    "TableName",
    "KeyAttributes",
    "GlobalSecondaryIndexes",
    "TableFacets",
    "TableData",
];

fn workbench(text: &str, wanted: Option<&str>) -> Result<Source, String> {
    let doc: Value = serde_json::from_str(text).map_err(|e| format!("is not JSON: {e}"))?;
    let Value::Object(doc) = doc else {
        return Err("is not a NoSQL Workbench model: it is not a JSON object".into());
    };
    let mut source = Source::default();
    metadata(&doc, &mut source);
    let Some(Value::Array(tables)) = doc.get("DataModel") else {
        return Err("has no \"DataModel\" list of tables: is it a NoSQL Workbench model?".into());
    };
    if tables.is_empty() {
        return Err("its DataModel holds no tables".into());
    }
    let (at, names) = pick_table(tables, wanted, &mut source.notes)?;
    let path = format!("DataModel[{at}]");
    let Value::Object(table) = &tables[at] else {
        return Err(format!("{path} is not a table object"));
    };
    source.table = Some(names[at].clone()).filter(|n| !n.is_empty());
    source.keys = Some(table_keys(table, &path, &mut source)?);
    let mut seen = HashMap::new();
    facets(table, &path, &mut source, &mut seen)?;
    add_items(
        &mut source,
        &mut seen,
        table.get("TableData"),
        &path,
        "of the table's TableData",
        None,
    )?;
    let mut left: Vec<&str> = (table.keys())
        .map(String::as_str)
        .filter(|k| !TABLE_READ.contains(k))
        .collect();
    left.extend(
        doc.keys()
            .map(String::as_str)
            .filter(|k| !["ModelName", "ModelMetadata", "DataModel"].contains(k)),
    );
    if !left.is_empty() {
        source
            .notes
            .push(format!(
                "left out of the model's table settings: {} (keylab designs the keys; the attributes are read from the items themselves)",
                left.join(", ")
            ));
    }
    if source.items.is_empty() {
        return Err(format!(
            "the model's table {} holds no TableData: keylab reads a design from sample keys, \
             so add a few items in Workbench's visualizer and export the model again",
            names[at]
        ));
    }
    Ok(source)
}

/// The model's version, and the keylab design its description carries.
fn metadata(doc: &Map<String, Value>, source: &mut Source) {
    match doc.get("ModelMetadata").and_then(|m| m.get("Version")) {
        Some(Value::String(v)) if WORKBENCH_VERSIONS.contains(&v.as_str()) => {
            source.notes.push(format!("a NoSQL Workbench model, version {v}"))
        }
        Some(v) => source.notes.push(format!(
            "ModelMetadata.Version is {v}, which keylab does not know (it reads 1.0 to 3.0); read as 3.0"
        )),
        None => source
            .notes
            .push("the model has no ModelMetadata.Version; read as version 3.0".into()),
    }
    let description = doc
        .get("ModelMetadata")
        .and_then(|m| m.get("Description"))
        .and_then(Value::as_str);
    if let Some(carried) = description.and_then(|d| d.split_once(DESIGN_MARK)).map(|(_, d)| d) {
        let design = serde_json::from_str::<Value>(carried.trim())
            .map_err(|e| e.to_string())
            .and_then(|v| crate::schema::Schema::from_value(&v).map_err(|e| e.to_string()));
        match design {
            Ok(d) => source.design = Some(d),
            Err(why) => source.notes.push(format!(
                "the keylab design in ModelMetadata.Description cannot be read ({why}): the design is read from the keys"
            )),
        }
    }
}

/// Each facet: an entity, its key aliases, and the items of its own TableData. A facet
/// without any is named in `without_items`: what the design lacks of it is left out.
fn facets(
    table: &Map<String, Value>,
    path: &str,
    source: &mut Source,
    seen: &mut HashMap<Vec<Option<String>>, usize>,
) -> Result<(), String> {
    let facets = match table.get("TableFacets") {
        None => return Ok(()),
        Some(Value::Array(f)) => f,
        Some(_) => return Err(format!("{path}.TableFacets is not a list")),
    };
    for (f, facet) in facets.iter().enumerate() {
        let at = format!("{path}.TableFacets[{f}]");
        let name = match facet.get("FacetName") {
            Some(Value::String(n)) if !n.trim().is_empty() => n.trim().to_string(),
            _ => return Err(format!("{at} has no FacetName")),
        };
        let keys = source.keys.clone().unwrap_or_default();
        for (which, attribute) in [
            ("PartitionKeyAlias", Some(&keys.partition)),
            ("SortKeyAlias", keys.sort.as_ref()),
        ] {
            let alias = facet
                .get("KeyAttributeAlias")
                .and_then(|a| a.get(which))
                .and_then(Value::as_str);
            if let (Some(pattern), Some(attribute)) = (alias, attribute) {
                source.aliases.push(Alias {
                    entity: name.clone(),
                    attribute: attribute.clone(),
                    pattern: pattern.to_string(),
                });
            }
        }
        let before = source.items.len();
        let place = format!("of facet {name}");
        add_items(source, seen, facet.get("TableData"), &at, &place, Some(&name))?;
        if source.items.len() == before {
            source.without_items.push(name);
        }
    }
    Ok(())
}

/// The table's keys: its primary key and each global secondary index's.
fn table_keys(table: &Map<String, Value>, path: &str, source: &mut Source) -> Result<TableKeys, String> {
    let key = |keys: Option<&Value>, at: &str, which: &str| -> Result<Option<String>, String> {
        match keys.and_then(|k| k.get(which)) {
            None | Some(Value::Null) => Ok(None),
            Some(k) => match k.get("AttributeName") {
                Some(Value::String(n)) if !n.is_empty() => Ok(Some(n.clone())),
                _ => Err(format!("{at}.{which} has no AttributeName")),
            },
        }
    };
    let at = format!("{path}.KeyAttributes");
    let attributes = table.get("KeyAttributes");
    let partition = key(attributes, &at, "PartitionKey")?.ok_or_else(|| format!("{at} has no PartitionKey"))?;
    let sort = key(attributes, &at, "SortKey")?;
    let mut indexes = Vec::new();
    if let Some(list) = table.get("GlobalSecondaryIndexes") {
        let Value::Array(list) = list else {
            return Err(format!("{path}.GlobalSecondaryIndexes is not a list"));
        };
        // A GSI keylab cannot read is left out, never the file.
        for (i, index) in list.iter().enumerate() {
            let at = format!("{path}.GlobalSecondaryIndexes[{i}]");
            let name = index.get("IndexName").and_then(Value::as_str);
            let keys = index.get("KeyAttributes");
            let attributes = format!("{at}.KeyAttributes");
            let read = (name.ok_or_else(|| "it has no IndexName".to_string())).and_then(|_| {
                let p = key(keys, &attributes, "PartitionKey")?
                    .ok_or_else(|| format!("{attributes} has no PartitionKey"))?;
                Ok((p, key(keys, &attributes, "SortKey")?))
            });
            match read {
                Ok((p, s)) => indexes.push((name.unwrap_or_default().to_string(), p, s)),
                Err(why) => source.leave_out(Omission {
                    part: Part::Index {
                        name: name.map_or(at, str::to_string),
                    },
                    reason: why,
                }),
            }
        }
    }
    Ok(TableKeys {
        partition,
        sort,
        indexes,
    })
}

/// Adds the items of a `TableData` list. An item already read (the same primary key
/// text) is not read twice: Workbench keeps a facet's items in the table's data too.
fn add_items(
    source: &mut Source,
    seen: &mut HashMap<Vec<Option<String>>, usize>,
    data: Option<&Value>,
    path: &str,
    place: &str,
    entity: Option<&str>,
) -> Result<(), String> {
    let items = match data {
        None => return Ok(()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(format!("{path}.TableData is not a list of items")),
    };
    let keys = source.keys.clone().unwrap_or_default();
    let primary = |item: &StoredItem| -> Vec<Option<String>> {
        [Some(&keys.partition), keys.sort.as_ref()]
            .into_iter()
            .flatten()
            .map(|a| item.get(a).map(|v| format!("{v:?}")))
            .collect()
    };
    for (i, v) in items.iter().enumerate() {
        let item = StoredItem::from_value(v).map_err(|why| format!("{path}.TableData[{i}] {why}"))?;
        let key = primary(&item);
        if let Some(&first) = seen.get(&key) {
            if source.entity_of[first].is_none() {
                source.entity_of[first] = entity.map(str::to_string);
            }
            continue;
        }
        seen.insert(key, source.items.len());
        source.items.push(item);
        source.places.push(format!("item {} {place}", i + 1));
        source.entity_of.push(entity.map(str::to_string));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
