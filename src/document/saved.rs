//! The save format: what autosave, files and links write, and how it is read back.

use super::saved_items::{keylab_text, ItemList, ItemRead, ItemsRead};
use super::*;

/// The fields of saved work, as `to_value` writes them; `rows` is the format before
/// several entities, and `title` and `lesson` are the presets' own.
const SAVED_FIELDS: [&str; 14] = [
    "schema",
    "entity",
    "attribute",
    "preset",
    "items",
    "rows",
    "query",
    "pasted",
    "patterns",
    "snippet",
    "expected",
    "unsettled",
    "title",
    "lesson",
];

// The saved form is written by borrowing the work (a JSON tree of 100,000 items took
// 5/6 of autosave's time), in the order of [`SAVED_FIELDS`], the order every saved
// file has: the head, the items, then the tail ([`SavedWriter`]).

/// The fields before the items.
#[derive(Serialize)]
struct Head<'a> {
    schema: Value,
    entity: EntityId,
    attribute: &'a str,
    /// Empty for a design of the person's own.
    preset: &'static str,
}

/// The fields after the items.
#[derive(Serialize)]
struct Tail<'a> {
    query: &'a QueryDraft,
    pasted: &'a str,
    /// Left out when there are none, as saved work before them had none.
    #[serde(skip_serializing_if = "<[SavedPattern]>::is_empty")]
    patterns: &'a [SavedPattern],
    snippet: &'a SnippetPrefs,
    expected: &'a Values,
    unsettled: &'a UnsettledSettings,
}

impl<'a> Head<'a> {
    fn of(p: &'a Playground) -> Self {
        Head {
            schema: p.schema.to_value(),
            entity: p.focus.entity,
            attribute: &p.focus.attribute,
            preset: p.preset.map_or("", PresetId::as_str),
        }
    }
}

impl<'a> Tail<'a> {
    fn of(p: &'a Playground) -> Self {
        Tail {
            query: &p.query,
            pasted: &p.pasted,
            patterns: &p.patterns,
            snippet: &p.snippet,
            expected: &p.expected,
            unsettled: &p.unsettled,
        }
    }
}

/// One saved item.
#[derive(Serialize)]
struct SavedItem<'a> {
    entity: &'a str,
    values: &'a Values,
}

impl<'a> SavedItem<'a> {
    fn of(p: &'a Playground, row: &'a Row) -> Self {
        let entity = row.entity.of(&p.schema).map(|e| e.name.as_str());
        SavedItem {
            entity: entity.unwrap_or_default(),
            values: &row.values,
        }
    }
}

/// Saved work written out some items at a time, so that the page can save 100,000
/// items in slices between frames instead of in one long task. The text is exactly
/// [`Playground::to_json`]'s.
pub struct SavedWriter {
    work: Rc<Playground>,
    /// Items written so far.
    written: usize,
    text: String,
}

impl SavedWriter {
    pub fn new(work: Rc<Playground>) -> SavedWriter {
        // A struct of strings and numbers always serialises.
        let head = serde_json::to_string(&Head::of(&work)).unwrap_or_default();
        let mut text = head.strip_suffix('}').unwrap_or("{").to_string();
        text.push_str(",\"items\":[");
        SavedWriter { work, written: 0, text }
    }

    /// Writes up to `items` more items, and the rest of the work after the last one;
    /// true once the text is whole.
    pub fn write(&mut self, items: usize) -> bool {
        let rows = &self.work.rows;
        if self.written > rows.len() {
            return true;
        }
        let end = rows.len().min(self.written.saturating_add(items));
        for (at, row) in rows[self.written..end].iter().enumerate() {
            if self.written + at > 0 {
                self.text.push(',');
            }
            let item = serde_json::to_string(&SavedItem::of(&self.work, row)).unwrap_or_default();
            self.text.push_str(&item);
        }
        self.written = end;
        if end < rows.len() {
            return false;
        }
        let tail = serde_json::to_string(&Tail::of(&self.work)).unwrap_or_default();
        self.text.push_str("],");
        self.text.push_str(tail.strip_prefix('{').unwrap_or("}"));
        self.written = rows.len() + 1;
        true
    }

    /// The text written so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn into_text(self) -> String {
        self.text
    }
}

impl Playground {
    /// The saved form: the schema document plus the sample rows.
    pub fn to_json(&self) -> String {
        // The items are shared, so the copy of the work the writer holds is small.
        let mut writer = SavedWriter::new(Rc::new(self.clone()));
        writer.write(usize::MAX);
        writer.into_text()
    }

    fn to_value(&self) -> Value {
        serde_json::from_str(&self.to_json()).unwrap_or_default()
    }

    /// A playground for a schema with nothing else yet: no items, default settings.
    pub(super) fn empty(schema: Schema) -> Playground {
        Playground {
            schema: Rc::new(schema),
            focus: Focus::default(),
            rows: Rc::new(Vec::new()),
            preset: None,
            query: Rc::default(),
            pasted: String::new(),
            patterns: Rc::default(),
            snippet: Rc::default(),
            expected: Rc::default(),
            unsettled: Rc::default(),
        }
    }

    /// A fresh playground for a schema: its first entity, one blank sample item.
    pub fn from_schema(schema: Schema) -> Playground {
        let mut p = Playground::empty(schema);
        // Adding an item to a design with entities is never refused.
        let _ = p.apply(Action::from(ItemsEdit::AddRow));
        p
    }

    /// Reads an imported file: a whole saved state (schema and items), or a schema
    /// document alone. Untrusted, like everything else read in.
    pub fn import(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
        if doc.get("schema").is_some() {
            return Playground::from_json(text);
        }
        if doc.get("version").is_some() {
            let schema = Schema::from_value(&doc).map_err(|e| format!("the file's schema is invalid: {e}"))?;
            if schema.entities.is_empty() {
                return Err("the file's schema has no entities".into());
            }
            return Ok(Playground::from_schema(schema));
        }
        Err("the file is neither a keylab schema (with \"version\") nor a keylab export (with \"schema\")".into())
    }

    /// The file "Export schema and items" writes: what `import` reads back.
    pub fn export_all(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    /// The sample items as the table would hold them once written, in order (a later
    /// item with the same table key replaces an earlier one), with the items that
    /// cannot be written and why: see [`keylab::items`].
    pub fn table_items(&self) -> keylab::items::Written {
        keylab::items::written(
            &self.schema,
            self.samples().into_iter().map(|(e, v)| (e.name.as_str(), v)),
        )
    }

    /// Reads a saved state. Untrusted: any problem is an error message, never a panic.
    /// What [`Self::read_saved`] notes is not shown: for the work keylab saved itself.
    pub fn from_json(text: &str) -> Result<Playground, String> {
        Playground::read_saved(text).map(|(work, _)| work)
    }

    /// Reads a saved state, and says which settings could not be read and were reset
    /// (the code settings, the query draft, the width planner's maximums, a typed
    /// setting), so the work loads and the loss is said, never silent.
    pub fn read_saved(text: &str) -> Result<(Playground, Vec<String>), String> {
        let read = super::saved_items::read(text).map_err(|e| format!("saved work is not valid JSON ({e})"))?;
        let mut doc = read.doc;
        refuse_unknown_fields(&doc, read.items.as_ref())?;
        let schema = Schema::from_value(doc.get("schema").unwrap_or(&Value::Null))
            .map_err(|e| format!("saved schema is invalid: {e}"))?;
        let entity = EntityId(doc.get("entity").and_then(Value::as_u64).unwrap_or(0) as usize);
        if entity.0 >= schema.entities.len() {
            return Err("saved work names an entity that does not exist".into());
        }
        let rows = read_items(&schema, entity, read.items, doc.get_mut("rows").map(Value::take))?;
        let text_of = |key: &str| doc.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        let mut notes = Vec::new();
        // The query draft, the code settings and the typed settings are conveniences: a
        // damaged one is reset, and the reset is said.
        let query = settings(&doc, "query", "the saved query", &mut notes);
        let pasted = text_of("pasted");
        let patterns = settings(&doc, "patterns", "the saved access patterns", &mut notes);
        let patterns = Rc::new(super::patterns::checked_patterns(patterns, &mut notes));
        let snippet = settings(&doc, "snippet", "the saved code settings", &mut notes);
        let unsettled = settings(&doc, "unsettled", "the settings typed but not applied", &mut notes);
        let preset = preset_named(&text_of("preset"), &mut notes);
        let expected = expected_maximums(&doc, &mut notes);
        let work = Playground {
            schema: Rc::new(schema),
            focus: Focus {
                entity,
                attribute: text_of("attribute"),
            },
            rows: Rc::new(rows),
            preset,
            query,
            pasted,
            patterns,
            snippet,
            expected: Rc::new(expected),
            unsettled,
        };
        Ok((work, notes))
    }
}

/// A field this version does not know would be dropped without a word: the saved work,
/// its items, its query and its code settings are refused with the field named.
fn refuse_unknown_fields(doc: &Value, items: Option<&ItemsRead>) -> Result<(), String> {
    keylab::strict::Fields {
        place: "the saved work",
        allowed: &SAVED_FIELDS,
        elsewhere: &[
            ("values", "in each of items"),
            ("version", "in schema"),
            ("table", "in schema"),
        ],
    }
    .check_value(doc)?;
    if let Some(ItemsRead::List(ItemList {
        unknown_field: Some(why),
        ..
    })) = items
    {
        return Err(why.clone());
    }
    for (key, place, allowed) in [
        (
            "query",
            "the saved query",
            &[
                "shape", "index", "anchor", "fixed", "op", "value", "to", "forward", "limit", "first", "children",
            ][..],
        ),
        (
            "snippet",
            "the saved code settings",
            &["target", "program", "table", "endpoint"][..],
        ),
    ] {
        if let Some(v) = doc.get(key) {
            keylab::strict::Fields {
                place,
                allowed,
                elsewhere: &[],
            }
            .check_value(v)?;
        }
    }
    Ok(())
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
fn expected_maximums(doc: &Value, notes: &mut Vec<String>) -> Values {
    let mut expected = Values::new();
    for (field, value) in doc.get("expected").and_then(Value::as_object).into_iter().flatten() {
        match value {
            Value::String(_) => drop(expected.insert(field.clone(), value.clone())),
            other => notes.push(format!(
                "the expected maximum of {field} ({other}) is not text, so the width planner left it out"
            )),
        }
    }
    expected
}

/// The saved items (`items`, or `rows` from before several entities, all of the
/// selected entity), their values made text as the page keeps them.
fn read_items(
    schema: &Schema,
    entity: EntityId,
    items: Option<ItemsRead>,
    rows: Option<Value>,
) -> Result<Vec<Row>, String> {
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
        (_, Some(Value::Array(rows))) => rows
            .into_iter()
            .map(|r| match r {
                Value::Object(values) => Ok(Row::new(entity, as_text(values))),
                _ => Err("saved sample rows are not objects".to_string()),
            })
            .collect(),
        _ => Ok(Vec::new()),
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
fn settings<T: Default + serde::de::DeserializeOwned>(
    doc: &Value,
    key: &str,
    what: &str,
    notes: &mut Vec<String>,
) -> T {
    match doc.get(key).map(|v| serde_json::from_value(v.clone())) {
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

    /// Autosave writes the work without building a JSON tree first; the text is the one the
    /// tree gave, byte for byte, so work saved before reads back and compares the same.
    #[test]
    fn saved_text_is_the_json_tree_written_out() {
        let p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 50, seed: 3 }));
        let tree = serde_json::json!({
            "schema": p.schema.to_value(),
            "entity": p.focus.entity,
            "attribute": p.focus.attribute,
            "preset": p.preset.map_or("", crate::document::PresetId::as_str),
            "items": p.rows.iter().map(|r| serde_json::json!({
                "entity": p.schema.entities[r.entity.0].name,
                "values": *r.values,
            })).collect::<Vec<_>>(),
            "query": p.query,
            "pasted": p.pasted,
            "snippet": p.snippet,
            "expected": p.expected,
            "unsettled": p.unsettled,
        });
        assert_eq!(p.to_json(), tree.to_string());
    }

    /// Written a few items at a time or all at once, the text is `to_json`'s, for
    /// work with no items, one, many, and every preset.
    #[test]
    fn saved_work_written_in_slices_is_the_whole_text() {
        let many = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 23, seed: 9 }));
        let mut none = many.clone();
        none.rows = Rc::new(Vec::new());
        let mut one = many.clone();
        Rc::make_mut(&mut one.rows).truncate(1);
        let presets = crate::presets::PRESETS
            .iter()
            .filter_map(|p| crate::presets::load(p.id));
        for work in [many, none, one].into_iter().chain(presets) {
            let whole = work.to_json();
            let work = Rc::new(work);
            for slice in [1, 5, 23, usize::MAX] {
                let mut writer = SavedWriter::new(work.clone());
                let mut steps = 0;
                while !writer.write(slice) {
                    steps += 1;
                    assert!(steps <= work.rows.len(), "a writer always ends");
                }
                assert!(writer.write(slice), "and stays ended");
                assert_eq!(writer.into_text(), whole, "slices of {slice}");
            }
        }
    }
}
