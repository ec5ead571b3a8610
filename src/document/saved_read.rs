//! Saved work read back, of every format keylab has written: serde reads the fields
//! (checked against the types' own), the items stream ([`super::saved_items`]).

use super::saved_items::{keylab_text, ItemList, ItemRead, ItemsRead};
use super::*;
use serde::de::IgnoredAny;
use serde_json::Map;

/// The save format's version, written first as `"format"`. Work saved before it has
/// none: format 1 kept one entity's `rows`, format 2 `items` of any entity.
pub(super) const FORMAT: u64 = 3;

/// Saved work of any format as read, in one pass over the text (the items as they
/// stream, [`super::saved_items`]). Its fields are the allow-list a saved field is
/// checked against. The conveniences (query, patterns, code settings, typed settings, expected
/// maximums) stay JSON until read, so that a damaged one is reset with a note instead
/// of refusing the work; `title` and `lesson` are the presets' own.
#[derive(Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct Saved {
    format: Value,
    schema: Value,
    entity: Value,
    attribute: Value,
    preset: Value,
    #[serde(deserialize_with = "super::saved_items::items")]
    items: Option<ItemsRead>,
    rows: Value,
    query: Value,
    pasted: Value,
    patterns: Value,
    intents: Value,
    snippet: Value,
    expected: Value,
    unsettled: Value,
    title: IgnoredAny,
    lesson: IgnoredAny,
}

/// A field of the saved work read as its type (absent or `null`: its default), or
/// refused with the field, the value and what it must be.
fn field<T: Default + serde::de::DeserializeOwned>(value: Value, name: &str, must: &str) -> Result<T, String> {
    if value.is_null() {
        return Ok(T::default());
    }
    let shown = keylab::elide::shortened(&value.to_string(), 80);
    serde_json::from_value(value).map_err(|_| format!("the saved work's {name:?} is {shown}: it must be {must}"))
}

impl Playground {
    /// Reads a saved state. Untrusted: any problem is an error message, never a panic.
    /// What [`Self::read_saved`] notes is not shown: for the work keylab saved itself.
    pub fn from_json(text: &str) -> Result<Playground, String> {
        Playground::read_saved(text).map(|(work, _)| work)
    }

    /// Reads a saved state of any format, and says which settings could not be read
    /// and were reset (the code settings, the query draft, the width planner's
    /// maximums, a typed setting), so the work loads and the loss is said, never silent.
    pub fn read_saved(text: &str) -> Result<(Playground, Vec<String>), String> {
        let saved = read(text)?;
        let format: Option<u64> = field(saved.format, "format", "the save format's number, such as 3")?;
        let entity: EntityId = field(saved.entity, "entity", "the place of the entity being designed, from 0")?;
        let attribute: String = field(
            saved.attribute,
            "attribute",
            "text: the key attribute being designed, such as \"SK\"",
        )?;
        let preset_named_as: String = field(saved.preset, "preset", "text: the name of a preset, or \"\"")?;
        let pasted: String = field(saved.pasted, "pasted", "text: what the paste box holds")?;
        if let Some(format) = format.filter(|f| !(1..=FORMAT).contains(f)) {
            return Err(format!(
                "saved work is in format {format}, and this keylab reads formats 1 to {FORMAT}: open it with the keylab that saved it"
            ));
        }
        let schema = Schema::from_value(&saved.schema).map_err(|e| format!("saved schema is invalid: {e}"))?;
        if entity.0 >= schema.entities.len() {
            return Err("saved work names an entity that does not exist".into());
        }
        let rows = read_items(&schema, entity, saved.items, saved.rows)?;
        let mut notes = Vec::new();
        // The query draft, the code settings and the typed settings are conveniences: a
        // damaged one is reset, and the reset is said.
        let query = settings(saved.query, "the saved query", &mut notes);
        let patterns = settings(saved.patterns, "the saved access patterns", &mut notes);
        let patterns = Rc::new(super::patterns::checked_patterns(patterns, &mut notes));
        let intents = Rc::new(intents_read(saved.intents, &mut notes));
        let snippet = settings(saved.snippet, "the saved code settings", &mut notes);
        let unsettled = settings(saved.unsettled, "the settings typed but not applied", &mut notes);
        let preset = preset_named(&preset_named_as, &mut notes);
        let expected = expected_maximums(saved.expected, &mut notes);
        let work = Playground {
            schema: Rc::new(schema),
            focus: Focus { entity, attribute },
            rows: Rc::new(rows),
            preset,
            query,
            pasted,
            patterns,
            intents,
            snippet,
            expected: Rc::new(expected),
            unsettled,
        };
        Ok((work, notes))
    }
}

/// Saved work read from its text. A field this version does not know would be dropped
/// without a word: the saved work, its items, its query and its code settings are
/// refused with the field named, each checked against its own type's fields.
fn read(text: &str) -> Result<Saved, String> {
    use keylab::strict::{serde_fields, Fields};
    let top = Fields {
        place: "the saved work",
        allowed: serde_fields::<Saved>(),
        elsewhere: &[
            ("values", "in each of items"),
            ("version", "in schema"),
            ("table", "in schema"),
        ],
    };
    let saved: Saved = serde_json::from_str(text).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => {
            // Only on a refusal: which top-level field, if any, this version does not
            // know, said as every unknown field is.
            let fields = serde_json::from_str::<BTreeMap<String, IgnoredAny>>(text).unwrap_or_default();
            match fields.keys().find(|f| !top.allowed.contains(&f.as_str())) {
                Some(field) => top.unknown(field).to_string(),
                None => format!("saved work: {e}"),
            }
        }
        _ => format!("saved work is not valid JSON ({e})"),
    })?;
    if let Some(ItemsRead::List(ItemList {
        unknown_field: Some(why),
        ..
    })) = &saved.items
    {
        return Err(why.clone());
    }
    for (value, place, allowed) in [
        (&saved.query, "the saved query", serde_fields::<QueryDraft>()),
        (
            &saved.snippet,
            "the saved code settings",
            serde_fields::<SnippetPrefs>(),
        ),
    ] {
        let fields = Fields {
            place,
            allowed,
            elsewhere: &[],
        };
        fields.check_value(value)?;
    }
    Ok(saved)
}

/// The saved access patterns as intents, each read as a new one is: one that cannot be
/// (an unknown field, no name, a name another has, past the most kept) is left out, and
/// the note says which and why.
fn intents_read(saved: Value, notes: &mut Vec<String>) -> Vec<Intent> {
    let list = match saved {
        Value::Null => return Vec::new(),
        Value::Array(list) => list,
        other => {
            notes.push(format!(
                "the saved access patterns ({other}) are not a list, so none were read"
            ));
            return Vec::new();
        }
    };
    let mut kept: Vec<Intent> = Vec::new();
    for (at, value) in list.into_iter().enumerate() {
        let read = Intent::from_value(&value)
            .map_err(|e| e.to_string())
            .and_then(|intent| match kept.iter().any(|k| k.name == intent.name) {
                true => Err(format!("another access pattern is named {:?}", intent.name)),
                false if kept.len() >= super::patterns::PATTERNS_MAX => Err(format!(
                    "{} access patterns are kept at most",
                    super::patterns::PATTERNS_MAX
                )),
                false => Ok(intent),
            });
        match read {
            Ok(intent) => kept.push(intent),
            Err(why) => notes.push(format!("saved access pattern {} was left out: {why}", at + 1)),
        }
    }
    kept
}

/// The preset the saved work was, when keylab still has it; a name it does not know
/// leaves the work a design of its own, and says so.
fn preset_named(name: &str, notes: &mut Vec<String>) -> Option<PresetId> {
    if name.is_empty() {
        return None;
    }
    let known = PresetId::named(name);
    if known.is_none() {
        notes.push(format!(
            "the saved work names a preset keylab does not have ({name:?}), so it is kept as a design of your own"
        ));
    }
    known
}

/// The width planner's expected maximums. Only text survives: the planner reads the
/// value like any typed number.
fn expected_maximums(saved: Value, notes: &mut Vec<String>) -> Values {
    let mut expected = Values::new();
    let saved = match saved {
        Value::Object(saved) => saved,
        Value::Null => Map::new(),
        other => {
            notes.push(format!(
                "the expected maximums ({other}) are not an object, so the width planner has none"
            ));
            Map::new()
        }
    };
    for (field, value) in saved {
        match value {
            Value::String(_) => drop(expected.insert(field, value)),
            other => notes.push(format!(
                "the expected maximum of {field} ({other}) is not text, so the width planner left it out"
            )),
        }
    }
    expected
}

/// The saved items (`items`, or `rows` from before several entities, all of the
/// selected entity), their values made text as the page keeps them.
fn read_items(schema: &Schema, entity: EntityId, items: Option<ItemsRead>, rows: Value) -> Result<Vec<Row>, String> {
    match (items, rows) {
        (Some(ItemsRead::List(list)), _) => {
            let entities: Vec<Option<usize>> = list
                .names
                .iter()
                .map(|n| schema.entities.iter().position(|e| e.name == *n))
                .collect();
            list.items
                .into_iter()
                .enumerate()
                .map(|(i, item)| {
                    let ItemRead::Item { name, values } = item else {
                        return Err(format!("saved item {} is not an object", i + 1));
                    };
                    let Some(entity) = name.and_then(|n| entities[n]) else {
                        let name = name.map_or("", |n| list.names[n].as_str());
                        return Err(format!(
                            "saved item {} names entity {name:?}, which the schema does not have",
                            i + 1
                        ));
                    };
                    match values {
                        Some(values) => Ok(Row::new(EntityId(entity), values)),
                        None => Err(format!("saved item {} has no \"values\" object", i + 1)),
                    }
                })
                .collect()
        }
        (Some(ItemsRead::NotAList), _) => Err("the saved \"items\" is not a list of items".into()),
        (_, Value::Array(rows)) => rows
            .into_iter()
            .map(|r| match r {
                Value::Object(values) => Ok(Row::new(entity, as_text(values))),
                _ => Err("saved sample rows are not objects".to_string()),
            })
            .collect(),
        (_, Value::Null) => Ok(Vec::new()),
        (_, _) => Err("the saved \"rows\" is not a list of sample rows".into()),
    }
}

/// Values as the page keeps them: every one text (the codec reads numbers from text).
fn as_text(values: Values) -> Values {
    values
        .into_iter()
        .map(|(field, value)| (field, Value::String(keylab_text(value))))
        .collect()
}

/// A saved part read as its type, or its default and a note saying why it was reset.
fn settings<T: Default + serde::de::DeserializeOwned>(saved: Value, what: &str, notes: &mut Vec<String>) -> T {
    match (!saved.is_null()).then(|| serde_json::from_value(saved)) {
        None => T::default(),
        Some(Ok(value)) => value,
        Some(Err(why)) => {
            notes.push(format!("{what}: could not be read ({why}) and reset to the defaults"));
            T::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn saved_with(key: &str, value: Value) -> String {
        let mut doc: Value = serde_json::from_str(&crate::presets::leaderboard().to_json()).unwrap();
        doc[key] = value;
        doc.to_string()
    }

    #[test]
    fn the_code_target_reads_back_as_the_target_it_was() {
        let mut p = crate::presets::leaderboard();
        Rc::make_mut(&mut p.snippet).target = Target::Boto3Client;
        let (back, notes) = Playground::read_saved(&p.to_json()).unwrap();
        assert_eq!((back.snippet.target, notes), (Target::Boto3Client, Vec::new()));
        assert!(p.to_json().contains(r#""target":"boto3-client""#));
    }

    /// The base table was saved as an empty index name; it reads as no index. A query
    /// on an index the table does not have is refused, not read as the base table's.
    #[test]
    fn the_base_table_is_no_index_and_a_gone_index_is_said() {
        let text = saved_with("query", json!({ "shape": "top", "index": "" }));
        let (p, notes) = Playground::read_saved(&text).unwrap();
        assert_eq!((p.query.index.clone(), notes), (None, Vec::new()));
        assert!((*p.analyse().settled.query).clone().is_ok());
        let text = saved_with("query", json!({ "shape": "top", "index": "GSI9" }));
        let (p, _) = Playground::read_saved(&text).unwrap();
        assert_eq!(
            (*p.analyse().settled.query).clone().err().as_deref(),
            Some("the query is on index \"GSI9\", which the table does not have: pick the base table or one of its indexes")
        );
        assert!(
            Playground::from_json(&p.to_json())
                .unwrap()
                .query
                .index
                .as_ref()
                .map(IndexName::as_str)
                == Some("GSI9")
        );
    }

    /// A top query saved before "how many" keeps its Limit as the page size it was and
    /// reads the first 10, the number its box showed; one saved since keeps its N.
    #[test]
    fn a_saved_limit_stays_the_page_size_and_the_first_n_reads_back() {
        let old = saved_with("query", json!({ "shape": "top", "limit": "3" }));
        let (p, notes) = Playground::read_saved(&old).unwrap();
        assert_eq!(notes, Vec::<String>::new());
        let pattern = p.draft_on().pattern().unwrap();
        assert_eq!((pattern.limit, pattern.first), (Some(3), Some(10)));
        let view = (*p.analyse().settled.query).clone().unwrap();
        let pages: Vec<usize> = view.hits.list.iter().map(|h| h.page).collect();
        assert_eq!(
            pages,
            [1, 1, 1, 2],
            "the leaderboard's four runs, three a page, as before"
        );
        let mut top = p.clone();
        Rc::make_mut(&mut top.query).first = "2".into();
        assert!(top.to_json().contains(r#""first":"2""#));
        let (back, _) = Playground::read_saved(&top.to_json()).unwrap();
        assert_eq!(back.draft_on().pattern().unwrap().first, Some(2));
        assert_eq!((*back.analyse().settled.query).clone().unwrap().hits.len(), 2);
        // Another shape promises no number of items, whatever the draft holds.
        Rc::make_mut(&mut top.query).shape = Shape::Collection;
        assert_eq!(top.draft_on().pattern().unwrap().first, None);
    }

    /// A damaged setting is reset and said; the design and its items still load.
    #[test]
    fn damaged_settings_are_reset_and_said() {
        let text = saved_with("snippet", json!({ "target": "cobol" }));
        let (p, notes) = Playground::read_saved(&text).unwrap();
        assert_eq!(p.snippet.target, Target::AwsCli);
        assert_eq!(p.rows.len(), crate::presets::leaderboard().rows.len());
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("the saved code settings: could not be read (unknown variant `cobol`"),
            "{notes:?}"
        );
        let (_, notes) = Playground::read_saved(&saved_with("query", json!({ "limit": 10 }))).unwrap();
        assert!(notes[0].starts_with("the saved query: could not be read"), "{notes:?}");
        let (p, notes) = Playground::read_saved(&saved_with("expected", json!({ "score": 9, "ts": "99" }))).unwrap();
        assert_eq!(p.expected.get("ts"), Some(&json!("99")));
        assert_eq!(
            notes,
            ["the expected maximum of score (9) is not text, so the width planner left it out"]
        );
        let (_, notes) = Playground::read_saved(&crate::presets::leaderboard().to_json()).unwrap();
        assert!(notes.is_empty(), "{notes:?}");
    }

    /// Work saved by a newer keylab (a later format) is refused with both formats
    /// named, never read as if it were this one's; a field of the wrong type is said
    /// with the field, not read as empty.
    #[test]
    fn a_later_format_or_a_field_of_the_wrong_type_is_refused_and_said() {
        let why = Playground::from_json(&saved_with("format", json!(FORMAT + 1))).unwrap_err();
        assert_eq!(
            why,
            format!("saved work is in format {}, and this keylab reads formats 1 to {FORMAT}: open it with the keylab that saved it", FORMAT + 1)
        );
        assert!(Playground::from_json(&saved_with("format", json!(0))).is_err());
        let why = Playground::from_json(&saved_with("attribute", json!(5))).unwrap_err();
        assert_eq!(
            why,
            "the saved work's \"attribute\" is 5: it must be text: the key attribute being designed, such as \"SK\""
        );
        let why = Playground::from_json(&saved_with("format", json!("3"))).unwrap_err();
        assert_eq!(
            why,
            "the saved work's \"format\" is \"3\": it must be the save format's number, such as 3"
        );
        let why = Playground::from_json(&saved_with("formt", json!(3))).unwrap_err();
        assert!(why.contains("did you mean \"format\"?"), "{why}");
        // Every format reads: 3 says so, 2 has none, 1 kept one entity's rows.
        for format in [json!(3), json!(2), json!(1), Value::Null] {
            let (p, notes) = Playground::read_saved(&saved_with("format", format.clone())).unwrap();
            assert_eq!(
                (p.rows.len(), notes.len()),
                (crate::presets::leaderboard().rows.len(), 0),
                "{format}"
            );
        }
    }

    /// Work saved by earlier keylabs (`tests/saved-work`: every format, each preset of
    /// the time and an edited work with items of two entities, a GSI query, code
    /// settings, typed settings and a saved pattern, written by those versions' own
    /// `to_json`) reads without a refusal or a reset, keeps every item, and saves and
    /// reads back the same.
    #[test]
    fn every_earlier_save_reads() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saved-work");
        let mut read = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.display();
            let text = std::fs::read_to_string(&path).unwrap();
            let (work, notes) = Playground::read_saved(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(notes, Vec::<String>::new(), "{name}");
            let old: Value = serde_json::from_str(&text).unwrap();
            let items = old.get("items").or(old.get("rows")).and_then(Value::as_array);
            assert_eq!(Some(work.rows.len()), items.map(Vec::len), "{name}");
            assert_eq!(
                work.focus.attribute,
                old["attribute"].as_str().unwrap_or_default(),
                "{name}"
            );
            assert_eq!(Playground::from_json(&work.to_json()).as_ref(), Ok(&work), "{name}");
            read += 1;
        }
        assert!(read >= 30, "{read} saves read");
    }

    /// Access patterns are read one by one: one that cannot be (an unknown field, no
    /// name, a name another has) is left out and said, the others kept; a list of
    /// another kind is said too.
    #[test]
    fn access_patterns_read_one_by_one_and_refusals_are_said() {
        let good = json!({"name": "Season top 3", "entities": ["Run"], "equal": {"season": "S"}, "first": 3});
        let list = json!([good, {"name": "x", "entities": ["Run"], "frist": 3}, {"name": "Season top 3", "entities": ["Run"]}, {"name": "", "entities": ["Run"]}]);
        let (p, notes) = Playground::read_saved(&saved_with("intents", list)).unwrap();
        assert_eq!(p.intents().len(), 1);
        assert_eq!(notes.len(), 3, "{notes:?}");
        assert!(notes[0].starts_with("saved access pattern 2 was left out: \"frist\" is not a field of the access pattern; did you mean \"first\"?"), "{notes:?}");
        assert_eq!(
            notes[1],
            "saved access pattern 3 was left out: another access pattern is named \"Season top 3\""
        );
        assert!(
            notes[2].starts_with("saved access pattern 4 was left out: name the access pattern"),
            "{notes:?}"
        );
        let (p, notes) = Playground::read_saved(&saved_with("intents", json!({"a": 1}))).unwrap();
        assert!(p.intents().is_empty());
        assert_eq!(
            notes,
            ["the saved access patterns ({\"a\":1}) are not a list, so none were read"]
        );
        let (back, _) = Playground::read_saved(&p.to_json()).unwrap();
        assert_eq!(back, p);
    }

    /// The allow-lists are the types' own fields, as serde reads them.
    #[test]
    fn the_fields_allowed_are_the_types_own() {
        use keylab::strict::serde_fields;
        assert_eq!(
            serde_fields::<SnippetPrefs>(),
            ["target", "program", "table", "endpoint"]
        );
        assert!(serde_fields::<QueryDraft>().contains(&"children"));
        assert_eq!(serde_fields::<Saved>()[..3], ["format", "schema", "entity"]);
        assert!(serde_fields::<String>().is_empty());
    }
}
