//! Sample items pasted as JSON lines or CSV, read in the page's second module. Pure
//! and untrusted: every problem is a message naming the line, never a panic.
//!
//! A JSON line is an item's values (`{"score": 1500}`), for the entity the box is for,
//! or an item as keylab's CLI reads and writes one (`{"entity": "Run", "values":
//! {...}}`: what `keylab import --items` prints and `encode`, `sort` and `lint` read),
//! for the entity it names. CSV is the box's entity's, under a header of field names.
//!
//! CSV is read by a small RFC 4180 reader here rather than the `csv` crate: it needs
//! only quoted fields and doubled quotes, and the page's bundle is what users download.

use crate::wording::json_kind;
use crate::Values;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Most items one paste may add, so a stray megabyte cannot freeze the page.
pub const MAX_ITEMS: usize = 100_000;

/// Most bad lines named one by one; the others are counted.
pub const BAD_LISTED: usize = 10;

/// An entity items may be pasted for: its name and the fields its keys read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Columns {
    pub entity: String,
    pub fields: Vec<String>,
}

/// What a paste is read against: the design's entities, and the one the box is for
/// (its place among them), which takes CSV and lines of bare values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastedInto {
    pub entities: Vec<Columns>,
    pub selected: usize,
}

/// An item read from a paste: its entity's place in [`PastedInto::entities`], the
/// values of the fields that entity has, as text, and where it was in the paste.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastedItem {
    pub entity: usize,
    pub values: Values,
    pub place: Place,
}

/// Where an item was in a paste, as a message names it: the line of the text it is on
/// (for CSV, the line its record starts on: a quoted value may span lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    Line(usize),
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// The items a paste holds, and a note on the fields it ignored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PastedItems {
    pub items: Vec<PastedItem>,
    pub note: Option<String>,
}

/// Fields a paste held that their entity does not have: (entity, field), each once.
type Ignored = Vec<(usize, String)>;

/// Why a paste adds no item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError {
    /// The design has no entity to add items to.
    NoEntity,
    /// The text holds nothing but blank lines.
    Nothing,
    /// More items than one paste may add.
    TooMany { items: usize },
    /// Lines that cannot be read, each with what is wrong and how to write it (up to
    /// [`BAD_LISTED`]), and how many there are in all.
    BadLines { said: Vec<String>, count: usize },
    /// A CSV paste whose header or quoting cannot be read: why.
    Csv(String),
}

impl PasteError {
    /// A stable name for the kind of problem, for callers that branch on it.
    pub fn code(&self) -> &'static str {
        match self {
            PasteError::NoEntity => "noEntity",
            PasteError::Nothing => "nothing",
            PasteError::TooMany { .. } => "tooMany",
            PasteError::BadLines { .. } => "badLines",
            PasteError::Csv(_) => "csv",
        }
    }
}

impl std::fmt::Display for PasteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PasteError::NoEntity => f.write_str("the design has no entity to add items to"),
            PasteError::Nothing => f.write_str("there is nothing to add"),
            PasteError::TooMany { items } => write!(f, "{items} items is more than the {MAX_ITEMS} one paste may add"),
            PasteError::BadLines { said, count } => {
                f.write_str(&said.join("\n"))?;
                match count.saturating_sub(said.len()) {
                    0 => Ok(()),
                    more => write!(f, "\nand {more} more bad line(s)"),
                }
            }
            PasteError::Csv(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PasteError {}

/// The items `text` holds. Refused whole when a line cannot be read: each bad line is
/// named (up to [`BAD_LISTED`], one a line of the message), with what is wrong and how
/// to write it.
pub fn parse(text: &str, target: &PastedInto) -> Result<PastedItems, PasteError> {
    let selected = (target.entities.get(target.selected)).ok_or(PasteError::NoEntity)?;
    let first = (text.lines().find(|l| !l.trim().is_empty())).ok_or(PasteError::Nothing)?;
    let (items, ignored) = if first.trim_start().starts_with('{') {
        json_lines(text, target)?
    } else {
        let (rows, ignored) = csv(text, &selected.fields).map_err(PasteError::Csv)?;
        let items = (rows.into_iter())
            .map(|(line, values)| PastedItem {
                entity: target.selected,
                values,
                place: Place::Line(line),
            })
            .collect();
        (items, ignored.into_iter().map(|f| (target.selected, f)).collect())
    };
    if items.len() > MAX_ITEMS {
        return Err(PasteError::TooMany { items: items.len() });
    }
    Ok(PastedItems {
        items,
        note: ignored_note(&ignored, target),
    })
}

/// The pasted items the design's keys refuse, each named by its place in the paste and
/// the item number it gets in the table (`line 3 (item 9): Run.score: 123456 has 6 digits
/// but the width is 5`; the table held `before` items), up to [`BAD_LISTED`] and then
/// counted. They are added all the same, as an item typed in the table is: the table
/// marks them, and this says which they are.
pub fn refused(schema: &crate::Schema, target: &PastedInto, items: &[PastedItem], before: usize) -> Vec<String> {
    let mut said: Vec<String> = (items.iter().enumerate())
        .filter_map(|(at, item)| {
            let entity = &target.entities.get(item.entity)?.entity;
            let why = crate::codec::encode(schema, entity, &item.values).err()?;
            let each: Vec<String> = why.0.iter().map(crate::Error::message).collect();
            Some(format!(
                "{} (item {}): {}",
                item.place,
                before + at + 1,
                each.join("; ")
            ))
        })
        .collect();
    if said.len() > BAD_LISTED {
        let more = said.len() - BAD_LISTED;
        said.truncate(BAD_LISTED);
        said.push(format!("and {more} more"));
    }
    said
}

/// Each ignored field named, with the field it was probably meant to be, by entity.
fn ignored_note(ignored: &Ignored, target: &PastedInto) -> Option<String> {
    let mut said: Vec<String> = Vec::new();
    for (at, columns) in target.entities.iter().enumerate() {
        let named: Vec<String> = (ignored.iter())
            .filter(|(e, _)| *e == at)
            .map(|(_, f)| match crate::strict::nearest(f, &columns.fields) {
                Some(near) => format!("{f} (did you mean {near}?)"),
                None => f.clone(),
            })
            .collect();
        if named.is_empty() {
            continue;
        }
        let owner = match at == target.selected {
            true => "the entity".to_string(),
            false => columns.entity.clone(),
        };
        said.push(format!("ignored fields {owner} does not have: {}", named.join(", ")));
    }
    (!said.is_empty()).then(|| said.join("; "))
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// The two shapes a line may have, for the box's entity, as a fix says them.
fn shapes(target: &PastedInto) -> String {
    let (entity, field) = (target.entities.get(target.selected))
        .map(|c| (c.entity.as_str(), c.fields.first().map_or("field", String::as_str)))
        .unwrap_or(("Entity", "field"));
    format!(
        "write one JSON object per line: an item's values, {{\"{field}\": ...}}, or an item as keylab's CLI writes it, {{\"entity\": \"{entity}\", \"values\": {{\"{field}\": ...}}}}"
    )
}

fn json_lines(text: &str, target: &PastedInto) -> Result<(Vec<PastedItem>, Ignored), PasteError> {
    let mut items = Vec::new();
    let mut ignored: Ignored = Vec::new();
    let (mut bad, mut bad_count) = (Vec::new(), 0usize);
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        match json_line(n + 1, line, target, &mut ignored) {
            Ok(item) => items.push(item),
            Err(why) => {
                bad_count += 1;
                if bad.len() < BAD_LISTED {
                    bad.push(why);
                }
            }
        }
    }
    match bad.is_empty() {
        true => Ok((items, ignored)),
        false => Err(PasteError::BadLines {
            said: bad,
            count: bad_count,
        }),
    }
}

/// One JSON line's item: bare values for the box's entity, or an item line for the
/// entity it names.
fn json_line(n: usize, line: &str, target: &PastedInto, ignored: &mut Ignored) -> Result<PastedItem, String> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| format!("line {n} is not JSON ({e}): {}", shapes(target)))?;
    let Value::Object(object) = value else {
        return Err(format!(
            "line {n} is {}, not a JSON object: {}",
            json_kind(&value),
            shapes(target)
        ));
    };
    let (entity, values) = match is_item_line(&object, target) {
        true => item_line(n, object, target)?,
        false => (target.selected, object),
    };
    let fields = (target.entities.get(entity)).map_or(&[][..], |c| c.fields.as_slice());
    let mut row = Values::new();
    for (k, v) in values {
        if !fields.contains(&k) {
            if !ignored.iter().any(|(e, f)| *e == entity && *f == k) {
                ignored.push((entity, k));
            }
            continue;
        }
        let Some(text) = text_of(&v) else {
            return Err(format!(
                "line {n}: {k} is {}, not text, a number or a boolean: write its value as one, such as \"{k}\": \"a\"",
                json_kind(&v)
            ));
        };
        row.insert(k, Value::String(text));
    }
    Ok(PastedItem {
        entity,
        values: row,
        place: Place::Line(n),
    })
}

/// Whether a line is an item as the CLI writes one: it has `entity` or `values`, and
/// the box's entity has no field of that name (then the line is that field's value).
fn is_item_line(object: &Map<String, Value>, target: &PastedInto) -> bool {
    let fields = (target.entities.get(target.selected)).map_or(&[][..], |c| c.fields.as_slice());
    ["entity", "values"]
        .iter()
        .any(|k| object.contains_key(*k) && !fields.iter().any(|f| f == k))
}

/// An item line's entity (its place) and values, as `keylab encode` reads one.
fn item_line(
    n: usize,
    mut object: Map<String, Value>,
    target: &PastedInto,
) -> Result<(usize, Map<String, Value>), String> {
    let names: Vec<&str> = target.entities.iter().map(|c| c.entity.as_str()).collect();
    let one_of = format!("one of {}", names.join(", "));
    let extra: Vec<&str> = (object.keys())
        .map(String::as_str)
        .filter(|k| !["entity", "values"].contains(k))
        .collect();
    if !extra.is_empty() {
        return Err(format!(
            "line {n} has {} beside \"entity\" and \"values\": an item line holds only those two, as keylab encode reads it; put the fields inside \"values\"",
            extra.join(", ")
        ));
    }
    let entity = match object.get("entity") {
        None => {
            return Err(format!(
                "line {n} has \"values\" but no \"entity\" saying whose they are: add \"entity\" naming {one_of}"
            ))
        }
        Some(Value::String(name)) => name.clone(),
        Some(other) => {
            return Err(format!(
                "line {n}: \"entity\" is {}, not an entity's name: write {one_of}",
                json_kind(other)
            ))
        }
    };
    let Some(at) = names.iter().position(|e| *e == entity) else {
        let meant = crate::strict::nearest(&entity, &names)
            .map(|m| format!(" (did you mean {m}?)"))
            .unwrap_or_default();
        return Err(format!(
            "line {n} names entity {entity:?}, which the design does not define{meant}: write {one_of}"
        ));
    };
    match object.remove("values") {
        Some(Value::Object(values)) => Ok((at, values)),
        None => Err(format!(
            "line {n} names entity {entity} but has no \"values\": add \"values\": {{...}} with its fields"
        )),
        Some(other) => Err(format!(
            "line {n}: \"values\" is {}, not an object of field values: write \"values\": {{...}} with {entity}'s fields",
            json_kind(&other)
        )),
    }
}

/// Splits CSV text into records of fields (RFC 4180: quoted fields may hold commas,
/// newlines and doubled quotes).
fn records(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let (mut line, mut began) = (1, 1);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => {
                if c == '\n' {
                    line += 1;
                }
                field.push(c);
            }
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                out.push((began, std::mem::take(&mut record)));
                line += 1;
                began = line;
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err(format!("a quoted field that starts by line {line} is never closed"));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        out.push((began, record));
    }
    Ok(out
        .into_iter()
        .filter(|(_, r)| !(r.len() == 1 && r[0].trim().is_empty()))
        .collect())
}

/// The CSV's items, each with the line its record starts on, and the header's names
/// the entity has no field of.
#[allow(clippy::type_complexity)]
fn csv(text: &str, fields: &[String]) -> Result<(Vec<(usize, Values)>, Vec<String>), String> {
    let mut recs = records(text)?.into_iter();
    let header: Vec<String> = recs
        .next()
        .ok_or("there is no header line")?
        .1
        .into_iter()
        .map(|h| h.trim().to_string())
        .collect();
    if !header.iter().any(|h| fields.contains(h)) {
        return Err(format!(
            "the header names none of the fields ({}); put them on the first line",
            fields.join(", ")
        ));
    }
    let ignored: Vec<String> = header.iter().filter(|h| !fields.contains(h)).cloned().collect();
    let mut rows = Vec::new();
    for (line, rec) in recs {
        if rec.len() != header.len() {
            return Err(format!(
                "line {line} has {} fields but the header has {}",
                rec.len(),
                header.len()
            ));
        }
        let values = (header.iter().zip(rec))
            .filter(|(h, _)| fields.contains(h))
            .map(|(h, v)| (h.clone(), Value::String(v)))
            .collect();
        rows.push((line, values));
    }
    Ok((rows, ignored))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A leaderboard's runs, and orders beside them; the box is for runs.
    fn target() -> PastedInto {
        let columns = |entity: &str, fields: &[&str]| Columns {
            entity: entity.into(),
            fields: fields.iter().map(|s| s.to_string()).collect(),
        };
        PastedInto {
            entities: vec![
                columns("Run", &["score", "player"]),
                columns("Order", &["customer", "id"]),
            ],
            selected: 0,
        }
    }

    fn rows(text: &str) -> Vec<(usize, Values)> {
        let pasted = parse(text, &target()).unwrap();
        pasted.items.into_iter().map(|i| (i.entity, i.values)).collect()
    }

    fn note(text: &str) -> Option<String> {
        parse(text, &target()).unwrap().note
    }

    /// Items the keys refuse are named by their line (or CSV record), with why; the
    /// others are not named.
    #[test]
    fn refused_items_are_named_by_their_place() {
        let schema = crate::interop::tests::leaderboard();
        let into = PastedInto {
            entities: vec![Columns {
                entity: "Run".into(),
                fields: ["season", "score", "at", "player"].map(String::from).to_vec(),
            }],
            selected: 0,
        };
        let good = r#"{"season": "S1", "score": 10, "at": 1, "player": "p"}"#;
        let text = format!("{good}\n\n{}\n{good}\n", good.replace("10", "12345678901"));
        let pasted = parse(&text, &into).unwrap();
        assert_eq!(pasted.items[1].place, Place::Line(3));
        let said = refused(&schema, &into, &pasted.items, 4);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("line 3 (item 6): ") && said[0].contains("12345678901"),
            "{said:?}"
        );

        // A CSV item is named by the line its record starts on, blank lines counted.
        let csv = "season,score,at,player\n\nS1,\"multi\nline\",1,p\nS1,-5,1,p\n";
        let pasted = parse(csv, &into).unwrap();
        let said = refused(&schema, &into, &pasted.items, 0);
        assert!(
            said.len() == 2 && said[0].starts_with("line 3 (item 1): ") && said[1].starts_with("line 5 (item 2): "),
            "{said:?}"
        );
        let many = (0..12).map(|_| "S1,-5,1,p").collect::<Vec<_>>().join("\n");
        let pasted = parse(&format!("season,score,at,player\n{many}"), &into).unwrap();
        let said = refused(&schema, &into, &pasted.items, 0);
        assert_eq!(said.len(), BAD_LISTED + 1);
        assert_eq!(said[BAD_LISTED], "and 2 more");
    }

    #[test]
    fn json_lines_keep_known_fields_as_text() {
        let read = rows("{\"score\": 1500, \"player\": \"p_1\", \"x\": 1}\n\n{\"score\": \"9\"}\n");
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].1["score"], Value::String("1500".into()));
        assert_eq!(
            note("{\"score\": 1, \"x\": 1}").as_deref(),
            Some("ignored fields the entity does not have: x")
        );
        assert_eq!(
            note("{\"scroe\": 1, \"Player\": \"p\"}").as_deref(),
            Some("ignored fields the entity does not have: scroe (did you mean score?), Player (did you mean player?)")
        );
        assert_eq!(
            parse("{\"score\": [1]}", &target()).unwrap_err().to_string(),
            "line 1: score is an array, not text, a number or a boolean: write its value as one, such as \"score\": \"a\""
        );
        assert!(parse("{\"score\": 1}\n{oops", &target())
            .unwrap_err()
            .to_string()
            .starts_with("line 2 is not JSON"));
    }

    /// The lines keylab's CLI prints and reads (`keylab import --items`, the input of
    /// `encode`) are items of the entity they name. Before, `entity` and `values` were
    /// ignored as fields the entity does not have, and an empty item was added.
    #[test]
    fn the_clis_item_lines_are_items_of_the_entity_they_name() {
        let read = rows(concat!(
            "{\"entity\": \"Order\", \"values\": {\"customer\": \"c-1\", \"id\": 1001, \"total\": 5}}\n",
            "{\"score\": 9, \"player\": \"p_2\"}\n",
            "{\"entity\": \"Run\", \"values\": {\"score\": 1500}}\n",
        ));
        assert_eq!(read.iter().map(|(e, _)| *e).collect::<Vec<_>>(), [1, 0, 0]);
        assert_eq!(read[0].1["id"], Value::String("1001".into()));
        assert_eq!(read[2].1["score"], Value::String("1500".into()));
        assert_eq!(
            note("{\"entity\": \"Order\", \"values\": {\"customer\": \"c\", \"totl\": 5}}").as_deref(),
            Some("ignored fields Order does not have: totl")
        );
    }

    /// Each bad line is named, with what is wrong and how to write it; nothing is added.
    #[test]
    fn every_bad_line_is_said_with_its_number_and_fix() {
        let text = [
            "{\"entity\": \"Ordr\", \"values\": {\"id\": 1}}",
            "{\"entity\": \"Order\", \"values\": \"c-1\"}",
            "{\"entity\": \"Order\"}",
            "{\"values\": {\"id\": 1}}",
            "{\"entity\": \"Order\", \"values\": {}, \"keys\": {}}",
            "{\"entity\": 7, \"values\": {}}",
            "[1, 2]",
            "{\"entity\": \"Run\", \"values\": {\"score\": 1}}",
        ]
        .join("\n");
        let said = parse(&text, &target()).unwrap_err().to_string();
        let lines: Vec<&str> = said.lines().collect();
        assert_eq!(
            lines,
            [
                "line 1 names entity \"Ordr\", which the design does not define (did you mean Order?): write one of Run, Order",
                "line 2: \"values\" is a string, not an object of field values: write \"values\": {...} with Order's fields",
                "line 3 names entity Order but has no \"values\": add \"values\": {...} with its fields",
                "line 4 has \"values\" but no \"entity\" saying whose they are: add \"entity\" naming one of Run, Order",
                "line 5 has keys beside \"entity\" and \"values\": an item line holds only those two, as keylab encode reads it; put the fields inside \"values\"",
                "line 6: \"entity\" is a number, not an entity's name: write one of Run, Order",
                "line 7 is an array, not a JSON object: write one JSON object per line: an item's values, {\"score\": ...}, or an item as keylab's CLI writes it, {\"entity\": \"Run\", \"values\": {\"score\": ...}}",
            ]
        );
        let many = "{\"entity\": 1}\n".repeat(BAD_LISTED + 3);
        let said = parse(&many, &target()).unwrap_err().to_string();
        assert_eq!(said.lines().count(), BAD_LISTED + 1);
        assert!(said.ends_with("and 3 more bad line(s)"), "{said}");
    }

    /// A field named `entity` or `values` is the box's entity's own.
    #[test]
    fn a_field_named_entity_is_a_value_not_an_item_line() {
        let mut target = target();
        target.entities[0].fields.push("entity".into());
        let pasted = parse("{\"entity\": \"Order\", \"score\": 1}", &target).unwrap();
        assert_eq!(pasted.items[0].entity, 0);
        assert_eq!(pasted.items[0].values["entity"], Value::String("Order".into()));
    }

    #[test]
    fn csv_with_quotes_commas_and_newlines() {
        let text = "player,score\r\n\"a, \"\"b\"\"\",10\n\"multi\nline\",20\n";
        let read = rows(text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].1["player"], Value::String("a, \"b\"".into()));
        assert_eq!(read[1].1["player"], Value::String("multi\nline".into()));
        assert_eq!(note(text), None);
        let refused = |text: &str| parse(text, &target()).unwrap_err().to_string();
        assert!(refused("player,score\n\"open,1\n").contains("never closed"));
        assert!(refused("player,score\na\n").contains("line 2 has 1 fields"));
        assert!(refused("foo,bar\n1,2\n").contains("names none of the fields"));
        assert_eq!(refused("  \n"), "there is nothing to add");
    }

    #[test]
    fn a_paste_is_capped() {
        let many = format!("score\n{}", "1\n".repeat(MAX_ITEMS + 1));
        assert!(parse(&many, &target()).unwrap_err().to_string().contains("more than"));
    }
}
