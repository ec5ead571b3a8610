//! A file brought into the page: a keylab design as it is, or a design read out of the
//! keys of a NoSQL Workbench model or a table's export ([`keylab::infer`]), with the
//! items whose keys it writes again as the sample items. Untrusted: every problem is a
//! message, and what was inferred or left out is said.

use super::{Command, Playground, Row, SavedPattern};
use crate::document::EntityId;
use keylab::infer::file::FileDesign;
use keylab::infer::left_out::Tally;
use keylab::infer::source::Pattern;
use keylab::sample::MAX_ITEMS;
use keylab::wording::counted;
use keylab::Schema;
use serde_json::Value;
use std::rc::Rc;

/// Most keys listed that the design read does not write again; the rest are counted.
const LISTED: usize = 12;
/// Random items drawn per entity of a file that states a design and holds no items.
const DRAWN: usize = 6;

/// What a file held, ready to replace the work, and what the page says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub work: Playground,
    /// What the file was read as, for the message: `a NoSQL Workbench model`.
    pub what: String,
    /// What was read, inferred and left out.
    pub notes: Vec<String>,
    /// Each item whose keys the design read does not write again, and why.
    pub misfits: Vec<String>,
    /// How many such items there are (more than are listed).
    pub misfit_count: usize,
    /// Random items drawn to show the keys of a file that holds none (entities).
    pub drawn: usize,
    /// How many of the file's parts the design leaves out, by kind.
    pub left_out: Tally,
}

impl Imported {
    /// One line for the status: what was imported and whether it is exact.
    pub fn summary(&self, name: &str) -> String {
        let entities = counted(self.work.schema.entities.len(), "entity", "entities");
        let items = counted(self.work.rows.len(), "item", "items");
        let mut head = format!("Imported {name}, {}: {entities}, {items}", self.what);
        // The notes name each part left out; the status line says that there are some.
        if !self.left_out.is_empty() {
            head.push_str(&format!("; {} left out — see the notes", self.left_out));
        }
        match (self.what.as_str(), self.misfit_count) {
            (KEYLAB, _) => format!("{head}."),
            _ if self.drawn > 0 => format!(
                "{head}. The file states the design and holds no items: {} random items show its keys.",
                self.drawn
            ),
            (_, 0) => format!("{head}. The design writes every key again, byte for byte."),
            (_, n) => format!(
                "{head}. Not exact: {n} item(s) have a key the design does not write again; they are left out of the items (listed below). Fix those segments by hand."
            ),
        }
    }
}

impl Imported {
    /// What puts the import on screen, as one undoable step: the design and items
    /// change; the code panel's SDK, endpoint and program switch stay the person's, as
    /// a preset's load keeps them (the file is a design, not their settings).
    pub fn load(&self) -> Command {
        Command::Load(Box::new(self.work.clone()))
    }
}

const KEYLAB: &str = "a keylab design";

/// Most items whose keys the design read does not write again listed, and most items
/// a file may hold: what [`keylab::infer::file::read_file`] is asked with.
pub const READ_LIMITS: (usize, usize) = (LISTED, MAX_ITEMS);

/// Reads an imported file's text when it is empty or a keylab file; `None` for a file of
/// another tool, which [`keylab::infer::file::read_file`] reads (in the page, its second
/// module) and [`from_file`] turns into work.
pub fn keylab_file(text: &str) -> Option<Result<Imported, String>> {
    if text.trim_start().is_empty() {
        return Some(Err("it is empty".into()));
    }
    is_keylab(text).then(|| {
        Playground::import_noted(text).map(|(work, notes)| Imported {
            work,
            what: KEYLAB.into(),
            notes,
            misfits: Vec::new(),
            misfit_count: 0,
            drawn: 0,
            left_out: Tally::default(),
        })
    })
}

/// The work a file of another tool gives: its design and the items whose keys it writes
/// again, its Query patterns checked, and random items drawn when it holds none.
pub fn from_file(file: FileDesign) -> Result<Imported, String> {
    let schema = Schema::from_value(&file.schema).map_err(|e| e.to_string())?;
    let entity = |name: &str| (schema.entities.iter()).position(|e| e.name == name);
    let rows: Vec<Row> = (file.items.into_iter())
        .filter_map(|(name, values)| Some(Row::new(EntityId(entity(&name)?), values)))
        .collect();
    let mut work = Playground::empty(schema);
    work.rows = Rc::new(rows);
    let read: Vec<SavedPattern> = file.patterns.iter().map(saved_pattern).collect();
    let mut notes = file.notes;
    work.patterns = Rc::new(super::patterns::checked_patterns(read, &mut notes));
    if !work.patterns.is_empty() {
        notes.push(format!(
            "its {} Query pattern(s) are saved access patterns: Paste an expression lists them",
            work.patterns.len()
        ));
    }
    let mut drawn = 0;
    if file.items_read == 0 {
        let schema = &work.schema;
        let each = (MAX_ITEMS / schema.entities.len().max(1)).min(DRAWN);
        // An entity whose keys read no field has one key: more items of it would each
        // overwrite the last.
        let constant = |e: &keylab::schema::Entity| e.keys.iter().all(|t| t.fields().next().is_none());
        let rows: Vec<Row> = (schema.entities.iter().enumerate())
            .flat_map(|(at, e)| {
                let made = keylab::sample::generate(schema, e, if constant(e) { 1 } else { each }, at as u64 + 1);
                made.into_iter().map(move |values| Row::new(EntityId(at), values))
            })
            .collect();
        drawn = rows.len();
        let one = match schema.entities.iter().any(constant) {
            true => ", one of an entity whose keys are constant",
            false => "",
        };
        notes.push(format!(
            "the file holds no items: {each} random items of each entity show its keys{one} (Random items draws others)"
        ));
        work.rows = Rc::new(rows);
    }
    Ok(Imported {
        work,
        what: file.what,
        notes,
        misfits: file.misfits,
        misfit_count: file.misfit_count,
        drawn,
        left_out: file.left_out,
    })
}

/// A model's Query pattern, kept by its description and number, its input as the
/// paste box reads it.
fn saved_pattern(p: &Pattern) -> SavedPattern {
    let number = format!("(pattern {})", p.name);
    // A long description is cut to leave room for its number, which tells it apart.
    let room = super::PATTERN_NAME_MAX.saturating_sub(number.chars().count() + 2);
    let description: String = p.description.trim().chars().take(room).collect();
    SavedPattern {
        name: match description.as_str() {
            "" => format!("pattern {}", p.name),
            d if d.len() < p.description.trim().len() => format!("{d}… {number}"),
            d => format!("{d} {number}"),
        },
        input: serde_json::to_string_pretty(&p.input).unwrap_or_default(),
    }
}

/// A keylab file: a saved state (`schema`) or a schema document (`version`).
fn is_keylab(text: &str) -> bool {
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(doc)) => {
            (doc.contains_key("schema") || doc.contains_key("version")) && !doc.contains_key("DataModel")
        }
        // Broken JSON that names keylab's own fields is a keylab file whose JSON is
        // wrong: said as such (with the line and column), not as a failure of every
        // other tool's reader.
        Err(_) => {
            let text = text.trim_start();
            text.starts_with('{') && text.contains("\"schema\"")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As the page imports: a keylab file at once, another tool's read by the core.
    fn import(text: &str) -> Result<Imported, String> {
        keylab_file(text).unwrap_or_else(|| {
            let (listed, most) = READ_LIMITS;
            keylab::infer::file::read_file(text, listed, most)
                .map_err(|e| e.to_string())
                .and_then(from_file)
        })
    }

    const OFFICES: &str = include_str!("../../cli/tests/fixtures/offices-workbench.json");
    const SHOP: &str = include_str!("../../cli/tests/fixtures/shop-export.jsonl");
    const ELECTRODB: &str = include_str!("../../cli/tests/fixtures/shop-electrodb.js");

    #[test]
    fn an_mcp_data_model_becomes_a_design_with_its_items_and_patterns_checked() {
        let text = include_str!("../../cli/tests/fixtures/library-mcp.json");
        let imported = import(text).unwrap();
        assert_eq!(imported.what, "an AWS DynamoDB MCP data model");
        assert_eq!(imported.work.rows.len(), 7);
        assert_eq!(imported.misfit_count, 0);
        let notes = imported.notes.join("\n");
        assert!(
            notes.contains(
                "pattern 3 (Who borrowed a book, in date order): #pk = :book: DynamoDB accepts it; it returns 2"
            ),
            "{notes}"
        );
        assert!(
            notes.contains("pattern 5 (Loans due, filtered on the sort key): #sk = :sk: refused"),
            "{notes}"
        );
        // Its Query patterns are saved access patterns; one put in the paste box runs.
        let mut work = imported.work;
        let at = (work.patterns.iter())
            .position(|p| p.name == "Who borrowed a book, in date order (pattern 3)")
            .unwrap_or_else(|| panic!("{:?}", work.patterns));
        assert!(notes.contains(&format!(
            "its {} Query pattern(s) are saved access patterns",
            work.patterns.len()
        )));
        work.apply(crate::document::Action::from(crate::document::QueryEdit::UsePattern(
            at,
        )))
        .unwrap();
        let view = (*work.analyse().settled.pasted).clone().unwrap();
        assert!(view.error.is_none(), "{:?}", view.error);
        assert_eq!(view.hits.list.len(), 2);
    }

    #[test]
    fn a_onetable_schema_becomes_a_design_with_drawn_items() {
        let text = include_str!("../../cli/tests/fixtures/crm-onetable.js");
        let imported = import(text).unwrap();
        assert_eq!(imported.what, "a OneTable schema");
        let names: Vec<&str> = imported.work.schema.entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["Account", "User", "Invoice"]);
        assert_eq!(imported.drawn, 18);
        assert!(keys_of(&imported.work).iter().any(|k| k.contains("\"User#")));
    }

    #[test]
    fn electrodb_entities_become_a_design_with_drawn_items() {
        let imported = import(ELECTRODB).unwrap();
        assert_eq!(imported.what, "ElectroDB entities");
        assert_eq!(imported.work.schema.table.name, "shop");
        assert_eq!(imported.work.rows.len(), 12);
        assert_eq!(imported.drawn, 12);
        assert!(imported.summary("shop.js").contains("holds no items: 12 random items"));
        // Every drawn item is written: the preview shows ElectroDB's keys.
        // A customer's key is its id alone (its sort key a literal): each drawn
        // customer is its own partition, so no two items share a table key.
        let keys = keys_of(&imported.work);
        assert_eq!(keys.len(), 12, "{keys:#?}");
        assert!(keys.iter().any(|k| k.contains("\"$shop#orderid_")), "{keys:?}");
    }

    /// An entity whose keys are constant (ElectroDB's with no composite) gets one drawn
    /// item: six would overwrite each other, as the newcomer run's re-import showed.
    #[test]
    fn an_entity_with_constant_keys_gets_one_drawn_item() {
        let text = "new Entity({ model: { entity: \"device\", service: \"s\" }, attributes: { id: { type: \"string\" } }, \
                    indexes: { one: { pk: { field: \"pk\", composite: [] }, sk: { field: \"sk\", composite: [] } } } });\n\
                    new Entity({ model: { entity: \"reading\", service: \"s\" }, attributes: { id: { type: \"string\" } }, \
                    indexes: { one: { pk: { field: \"pk\", composite: [\"id\"] }, sk: { field: \"sk\", composite: [] } } } });";
        let imported = import(text).unwrap();
        assert_eq!(imported.drawn, 7, "{:?}", imported.notes);
        assert!(
            imported
                .notes
                .iter()
                .any(|n| n.contains("one of an entity whose keys are constant")),
            "{:?}",
            imported.notes
        );
    }

    #[test]
    fn a_workbench_model_becomes_a_design_with_its_items() {
        let imported = import(OFFICES).unwrap();
        assert_eq!(imported.what, "a NoSQL Workbench model");
        assert_eq!(imported.work.schema.entities.len(), 3);
        assert_eq!(imported.work.rows.len(), 8);
        assert_eq!(imported.misfit_count, 0);
        // Its facet Parking has no items: the notes say why it is left out, and the
        // status line how many parts are. Before, it said only the entities read.
        assert_eq!(
            imported.summary("offices.json"),
            "Imported offices.json, a NoSQL Workbench model: 3 entities, 8 items; 1 facet left out — see the notes. The design writes every key again, byte for byte."
        );
        assert!(imported
            .notes
            .iter()
            .any(|n| n.starts_with("facet Parking is left out")));
        // Every item is one the design writes: the preview shows the model's own keys.
        let written = imported.work.table_items();
        assert!(written.refused.is_empty(), "{:?}", written.refused);
    }

    #[test]
    fn an_export_lists_the_keys_it_cannot_write_again() {
        let imported = import(SHOP).unwrap();
        assert_eq!(imported.what, "DynamoDB JSON items");
        assert_eq!(imported.work.rows.len(), 8);
        assert_eq!(imported.misfit_count, 1);
        assert!(
            imported.misfits[0].starts_with("item on line 9: SK"),
            "{:?}",
            imported.misfits
        );
        assert!(imported.summary("shop.jsonl").contains("Not exact: 1 item(s)"));
        // The page's notes are the CLI's: a width read from the samples is a guess.
        assert!(
            imported.notes.iter().any(|n| n
                == "guess: Item's <item> width 3 read from 3 samples that all have 3 digits: a larger value would need a wider key"),
            "{:?}",
            imported.notes
        );
    }

    #[test]
    fn one_entity_and_one_item_are_said_in_the_singular() {
        let one = r#"{"PK": {"S": "ORDER#1"}, "SK": {"S": "LINE#001"}}"#;
        let imported = import(one).unwrap();
        let said = imported.summary("one.jsonl");
        assert!(said.contains(": 1 entity, 1 item."), "{said}");
        assert!(import(OFFICES)
            .unwrap()
            .summary("o.json")
            .contains(": 3 entities, 8 items; 1 facet left out — see the notes."));
    }

    /// The keys each item of the work has, in DynamoDB JSON, whatever the items' order.
    fn keys_of(work: &Playground) -> Vec<String> {
        let key_attributes = work
            .schema
            .table
            .attributes
            .iter()
            .map(|(a, _)| a.as_str())
            .collect::<Vec<_>>();
        let mut keys: Vec<String> = (work.table_items().items.iter())
            .map(|item| {
                let keys: serde_json::Map<String, Value> = (item.iter())
                    .filter(|(a, _)| key_attributes.contains(&a.as_str()))
                    .map(|(a, v)| (a.clone(), v.clone()))
                    .collect();
                Value::Object(keys).to_string()
            })
            .collect();
        keylab::codec::order::sort_texts(&mut keys);
        keys
    }

    #[test]
    fn every_preset_exported_as_a_workbench_model_imports_to_the_same_keys() {
        for preset in crate::presets::PRESETS {
            let work = crate::presets::load(preset.id).unwrap();
            let samples: Vec<(&str, &keylab::Values)> = (work.samples().into_iter())
                .map(|(e, v)| (e.name.as_str(), v))
                .collect();
            let model = keylab::interop::workbench::model(&work.schema, &samples, "now");
            let multi = work
                .schema
                .table
                .indexes
                .iter()
                .any(|i| !i.keys.partition_more.is_empty());
            let imported = match import(&model.model.to_string()) {
                Ok(i) => i,
                Err(why) => panic!("{}: {why}", preset.title()),
            };
            assert_eq!(imported.misfit_count, 0, "{}: {:?}", preset.title(), imported.misfits);
            if multi {
                // A multi-attribute index is not in the model (its note says so).
                assert!(
                    model.notes.iter().any(|n| n.contains("multi-attribute")),
                    "{}",
                    preset.title()
                );
                continue;
            }
            assert_eq!(keys_of(&imported.work), keys_of(&work), "{}", preset.title());
            // The model carries the design: it comes back whole, kinds and limits too.
            assert_eq!(imported.work.schema, work.schema, "{}", preset.title());
            assert!(
                imported.notes.iter().any(|n| n.contains("used as it is")),
                "{}",
                preset.title()
            );
        }
    }

    #[test]
    fn a_carried_design_that_does_not_fit_the_keys_is_set_aside_and_said() {
        let work = crate::presets::leaderboard();
        let samples: Vec<(&str, &keylab::Values)> = (work.samples().into_iter())
            .map(|(e, v)| (e.name.as_str(), v))
            .collect();
        let model = keylab::interop::workbench::model(&work.schema, &samples, "now").model;
        // Someone edited a key in Workbench: the carried width no longer writes it.
        let text = model.to_string().replace("\"9999998499#", "\"99999998499#");
        let imported = import(&text).unwrap();
        let said = imported.notes.join("\n");
        assert!(said.contains("does not re-write every key"), "{said}");
        assert_ne!(imported.work.schema, work.schema);
    }

    /// An import replaces the design and items, not how the person set up the code
    /// panel: a file of any format keeps their SDK, endpoint and program switch.
    #[test]
    fn an_import_keeps_the_code_panels_settings() {
        use crate::document::{Action, PrefsEdit, SnippetPrefs, Workspace};
        use yew::Reducible;
        let prefs = SnippetPrefs {
            program: true,
            endpoint: "http://127.0.0.1:8000".into(),
            ..SnippetPrefs::default()
        };
        let set = Command::Edit(Action::from(PrefsEdit::SetSnippet(prefs.clone())));
        let start = Rc::new(Workspace::new(crate::presets::leaderboard())).reduce(set);
        for text in [OFFICES, SHOP, ELECTRODB, &crate::presets::leaderboard().export_all()] {
            let imported = import(text).unwrap();
            let after = start.clone().reduce(imported.load());
            assert_eq!(after.present.schema, imported.work.schema);
            assert_eq!(
                (after.present.snippet.program, after.present.snippet.endpoint.as_str()),
                (true, "http://127.0.0.1:8000"),
                "{}",
                imported.what
            );
        }
    }

    #[test]
    fn a_keylab_file_is_read_as_it_is_and_junk_is_refused() {
        let design = crate::presets::leaderboard().export_all();
        assert_eq!(
            import(&design).unwrap().work.schema,
            crate::presets::leaderboard().schema
        );
        assert_eq!(import("  \n").unwrap_err(), "it is empty");
        // Nothing marks a format in it: none is named as what it surely is.
        let why = import("not json at all").unwrap_err();
        assert!(why.starts_with("nothing in it says which format it is in"), "{why}");
        assert!(import("{\"DataModel\": []}").unwrap_err().contains("no tables"));
        // A keylab file whose JSON is broken says so, where, and not as every other
        // tool's failure; what a file's damaged settings lose is said with it.
        let why = import("{\"format\": 3, \"schema\": {\"version\": 1,,").unwrap_err();
        assert!(
            why.starts_with("the file is not valid JSON (") && why.contains("column"),
            "{why}"
        );
        let mut doc: Value = serde_json::from_str(&design).unwrap();
        doc["snippet"] = serde_json::json!({"target": "cobol"});
        let read = import(&doc.to_string()).unwrap();
        assert_eq!(read.notes.len(), 1, "{:?}", read.notes);
        assert!(read.notes[0].starts_with("the saved code settings: could not be read"));
    }
}
