//! The save format: what autosave, files and links write ([`SavedWriter`]); it is read
//! back in [`super::saved_read`].

use super::saved_read::FORMAT;
use super::*;

// The saved form is written by borrowing the work (a JSON tree of 100,000 items took
// 5/6 of autosave's time), in the order [`Saved`] lists the fields, the order every
// saved file has: the head, the items, then the tail ([`SavedWriter`]).

/// The fields before the items.
#[derive(Serialize)]
struct Head<'a> {
    format: u64,
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
    /// Left out when there are none, as saved work before them had none.
    #[serde(skip_serializing_if = "<[Intent]>::is_empty")]
    intents: &'a [Intent],
    snippet: &'a SnippetPrefs,
    expected: &'a Values,
    unsettled: &'a UnsettledSettings,
}

impl<'a> Head<'a> {
    fn of(p: &'a Playground) -> Self {
        Head {
            format: FORMAT,
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
            intents: &p.intents,
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
            intents: Rc::default(),
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
        Playground::import_noted(text).map(|(work, _)| work)
    }

    /// [`Self::import`], with what was reset or left out as it was read (see
    /// [`Self::read_saved`]): a person's file, whose every loss is said.
    pub fn import_noted(text: &str) -> Result<(Playground, Vec<String>), String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
        if doc.get("schema").is_some() {
            return Playground::read_saved(text);
        }
        if doc.get("version").is_some() {
            let schema = Schema::from_value(&doc).map_err(|e| format!("the file's schema is invalid: {e}"))?;
            if schema.entities.is_empty() {
                return Err("the file's schema has no entities".into());
            }
            return Ok((Playground::from_schema(schema), Vec::new()));
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Autosave writes the work without building a JSON tree first; the text is the one the
    /// tree gave, byte for byte, so work saved before reads back and compares the same.
    #[test]
    fn saved_text_is_the_json_tree_written_out() {
        let p = Workspace::new(crate::presets::leaderboard())
            .reduce_edit(Action::from(ItemsEdit::Generate { count: 50, seed: 3 }));
        let tree = serde_json::json!({
            "format": FORMAT,
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
            "intents": p.intents,
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
