//! The save format: what autosave, files and links write, and how it is read back.

use super::*;

/// The fields of saved work, as `to_value` writes them; `rows` is the format before
/// several entities, and `title` and `lesson` are the presets' own.
const SAVED_FIELDS: [&str; 13] = [
    "schema",
    "entity",
    "attribute",
    "preset",
    "items",
    "rows",
    "query",
    "pasted",
    "snippet",
    "expected",
    "unsettled",
    "title",
    "lesson",
];

impl Playground {
    /// The saved form: the schema document plus the sample rows.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    fn to_value(&self) -> Value {
        json!({
            "schema": self.schema.to_value(),
            "entity": self.entity,
            "attribute": self.attribute,
            "preset": self.preset,
            // Entities by name: the file stays readable when entities are reordered.
            "items": self.rows.iter().map(|r| json!({
                "entity": self.schema.entities.get(r.entity).map(|e| e.name.as_str()).unwrap_or_default(),
                "values": r.values,
            })).collect::<Vec<_>>(),
            "query": self.query,
            "pasted": self.pasted,
            "snippet": self.snippet,
            "expected": self.expected,
            "unsettled": self.unsettled,
        })
    }

    /// A playground for a schema with nothing else yet: no items, default settings.
    pub(super) fn empty(schema: Schema) -> Playground {
        Playground {
            schema,
            entity: 0,
            attribute: String::new(),
            rows: Rc::new(Vec::new()),
            preset: String::new(),
            query: QueryDraft::default(),
            pasted: String::new(),
            snippet: SnippetPrefs::default(),
            expected: Values::new(),
            unsettled: BTreeMap::new(),
        }
    }

    /// A fresh playground for a schema: its first entity, one blank sample item.
    pub fn from_schema(schema: Schema) -> Playground {
        let mut p = Playground::empty(schema);
        p.apply(Action::AddRow);
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
    pub fn from_json(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("saved work is not valid JSON ({e})"))?;
        // A field this version does not know would be dropped without a word: refuse it.
        keylab::strict::Fields {
            place: "the saved work",
            allowed: &SAVED_FIELDS,
            elsewhere: &[
                ("values", "in each of items"),
                ("version", "in schema"),
                ("table", "in schema"),
            ],
        }
        .check_value(&doc)?;
        if let Some(Value::Array(items)) = doc.get("items") {
            let item = keylab::strict::Fields {
                place: "a saved item",
                allowed: &["entity", "values"],
                elsewhere: &[],
            };
            items.iter().try_for_each(|i| item.check_value(i))?;
        }
        for (key, place, allowed) in [
            (
                "query",
                "the saved query",
                &[
                    "shape", "index", "anchor", "fixed", "op", "value", "to", "forward", "limit", "children",
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
        let schema = Schema::from_value(doc.get("schema").unwrap_or(&Value::Null))
            .map_err(|e| format!("saved schema is invalid: {e}"))?;
        let entity = doc.get("entity").and_then(Value::as_u64).unwrap_or(0) as usize;
        if entity >= schema.entities.len() {
            return Err("saved work names an entity that does not exist".into());
        }
        let as_text = |m: &serde_json::Map<String, Value>| -> Values {
            m.iter()
                .map(|(k, v)| (k.clone(), Value::String(keylab_text(v))))
                .collect()
        };
        let rows: Vec<Row> = match (doc.get("items"), doc.get("rows")) {
            (Some(Value::Array(items)), _) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    let name = item.get("entity").and_then(Value::as_str).unwrap_or_default();
                    let entity = schema.entities.iter().position(|e| e.name == name).ok_or_else(|| {
                        format!(
                            "saved item {} names entity {name:?}, which the schema does not have",
                            i + 1
                        )
                    })?;
                    match item.get("values") {
                        Some(Value::Object(m)) => Ok(Row {
                            entity,
                            values: as_text(m),
                        }),
                        _ => Err(format!("saved item {} has no \"values\" object", i + 1)),
                    }
                })
                .collect::<Result<_, String>>()?,
            // Before several entities: "rows" held values of the selected entity.
            (_, Some(Value::Array(rows))) => rows
                .iter()
                .map(|r| match r {
                    Value::Object(m) => Ok(Row {
                        entity,
                        values: as_text(m),
                    }),
                    _ => Err("saved sample rows are not objects".to_string()),
                })
                .collect::<Result<_, String>>()?,
            _ => Vec::new(),
        };
        let text_of = |key: &str| doc.get(key).and_then(Value::as_str).unwrap_or_default().to_string();
        // The query draft is a convenience: a damaged one falls back to the default.
        let query = doc
            .get("query")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        let pasted = text_of("pasted");
        // Snippet preferences likewise.
        let snippet = doc
            .get("snippet")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        // Only text survives: the planner reads the value like any typed number.
        let expected: Values = doc
            .get("expected")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter(|(_, v)| v.is_string())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        // Typed settings likewise: an entry that does not read is left out.
        let unsettled = doc
            .get("unsettled")
            .and_then(|u| serde_json::from_value(u.clone()).ok())
            .unwrap_or_default();
        Ok(Playground {
            schema,
            entity,
            attribute: text_of("attribute"),
            rows: Rc::new(rows),
            preset: text_of("preset"),
            query,
            pasted,
            snippet,
            expected,
            unsettled,
        })
    }
}

fn keylab_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
