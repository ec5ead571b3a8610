//! The built-in designs from the seed articles (`presets/*.json`). Each file is a saved
//! state plus a title and the one thing it teaches, so it loads through the same
//! untrusted-input path as an imported file.

use crate::document::{Playground, PresetId};
use serde_json::Value;
use std::sync::LazyLock;

pub struct Preset {
    pub id: PresetId,
    json: &'static str,
}

macro_rules! preset {
    ($id:ident, $file:literal) => {
        Preset {
            id: PresetId::$id,
            json: include_str!(concat!("../presets/", $file, ".json")),
        }
    };
}

pub const PRESETS: [Preset; 8] = [
    preset!(Leaderboard, "leaderboard"),
    preset!(Iot, "iot"),
    preset!(Saas, "saas"),
    preset!(Tickets, "tickets"),
    preset!(Orders, "orders"),
    preset!(OrderStatus, "order-status"),
    preset!(Casing, "casing"),
    preset!(Migration, "migration"),
];

/// Each preset's title and lesson, read from its file once rather than at every render.
static TEXTS: LazyLock<Vec<(String, String)>> =
    LazyLock::new(|| PRESETS.iter().map(|p| (p.text("title"), p.text("lesson"))).collect());

impl Preset {
    fn text(&self, key: &str) -> String {
        let doc: Value = serde_json::from_str(self.json).unwrap_or_default();
        doc.get(key).and_then(Value::as_str).unwrap_or_default().to_string()
    }
    fn texts(&self) -> Option<&'static (String, String)> {
        TEXTS.get(PRESETS.iter().position(|p| p.id == self.id)?)
    }
    pub fn title(&self) -> &'static str {
        self.texts().map_or("", |t| t.0.as_str())
    }
    /// One line saying what the preset teaches.
    pub fn lesson(&self) -> &'static str {
        self.texts().map_or("", |t| t.1.as_str())
    }
}

pub fn find(id: PresetId) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.id == id)
}

/// The preset as a fresh playground, remembering which preset it came from.
/// The seeds' leaderboard, the design a first visit opens: top scores first, ties
/// broken by time, then player.
pub fn leaderboard() -> Playground {
    load(PresetId::Leaderboard).unwrap_or_else(|| unreachable!("the built-in preset loads"))
}

pub fn load(id: PresetId) -> Option<Playground> {
    let preset = find(id)?;
    let p = Playground::from_json(preset.json).ok()?;
    Some(p.from_preset(preset.id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use crate::document::{EntityId, ItemId};

    fn analysed(id: PresetId) -> (Playground, Analysis) {
        let p = load(id).unwrap_or_else(|| panic!("preset {id} loads"));
        let a = p.analyse();
        (p, a)
    }

    fn hit_keys(a: &Analysis) -> Vec<String> {
        a.settled
            .query
            .as_ref()
            .unwrap()
            .hits
            .list
            .iter()
            .map(|h| h.key.clone())
            .collect()
    }

    #[test]
    fn every_preset_loads_with_a_title_a_lesson_a_valid_schema_and_a_query() {
        for p in &PRESETS {
            assert!(!p.title().is_empty() && p.lesson().len() > 40, "{}", p.id);
            let (state, a) = analysed(p.id);
            assert!(a.checked.errors.is_empty(), "{}: {:?}", p.id, a.checked.errors);
            assert!(state.rows().len() >= 4, "{}", p.id);
            let q = a.settled.query.as_ref().unwrap_or_else(|e| panic!("{}: {e}", p.id));
            assert!(!q.hits.is_empty(), "{}: the query returns items", p.id);
            assert_eq!(state.preset(), Some(p.id));
        }
    }

    #[test]
    fn the_design_check_of_every_preset_finds_no_error_but_its_lesson() {
        // A preset teaches a design that works: its findings may warn (a text field
        // without a bound), never report a broken design. The migration preset's
        // lesson is the 11-digit number its width refuses: that one item is its error.
        for p in &PRESETS {
            let (_, a) = analysed(p.id);
            let errors: Vec<_> = a
                .settled
                .lint
                .iter()
                .filter(|f| f.severity == keylab::lint::Severity::Error)
                .collect();
            if p.id == PresetId::Migration {
                assert_eq!(errors.len(), 1, "{errors:?}");
                assert_eq!(
                    (errors[0].rule.id(), errors[0].field.as_deref()),
                    ("L7", Some("number"))
                );
                assert!(
                    errors[0].evidence[0].contains("\"12345678901\" has 11 digits"),
                    "{:?}",
                    errors[0].evidence
                );
                continue;
            }
            assert!(errors.is_empty(), "{}: {errors:?}", p.id);
        }
    }

    /// A correct preset must look correct: most store a field upper-cased (an org, a
    /// device, a season) so that its spellings meet as one key, which is the case rule
    /// doing its job. No key of any preset carries a warning for it in the key list, and
    /// the design check raises no L3 on any; nor on the casing preset once its lesson's
    /// fix (the name in upper case) is made.
    #[test]
    fn no_preset_warns_of_its_case_rule_on_a_key_or_in_the_design_check() {
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/presets"))
            .unwrap()
            .filter(|f| f.as_ref().unwrap().path().extension().is_some_and(|e| e == "json"))
            .count();
        assert_eq!(files, PRESETS.len(), "every file in presets/ is a preset");
        let fixed = crate::document::Workspace::new(load(PresetId::Casing).unwrap()).reduce_edit(
            crate::document::Action::from(crate::document::FieldEdit::SetCase {
                field: "name".into(),
                case: keylab::schema::Case::Upper,
            }),
        );
        let works = PRESETS.iter().map(|p| (p.title(), analysed(p.id)));
        for (title, (state, a)) in works.chain([("casing, fixed", (fixed.clone(), fixed.analyse()))]) {
            let items = crate::document::Items::of(&state);
            for (row, item) in state.rows().iter().enumerate() {
                let entity = &state.schema().entities[item.entity.0];
                for key in &entity.keys {
                    let warned = items.key_warnings(ItemId(row), &key.attribute);
                    let cased: Vec<String> = (warned.iter())
                        .filter(|w| w.code() == "caseChanged")
                        .map(|w| w.sentence())
                        .collect();
                    assert!(cased.is_empty(), "{title}, item {row}, {}: {cased:?}", key.attribute);
                }
            }
            let l3: Vec<_> = (a.settled.lint.iter())
                .filter(|f| f.rule == keylab::lint::Rule::Casing)
                .collect();
            assert!(l3.is_empty(), "{title}: {l3:?}");
        }
    }

    #[test]
    fn the_tickets_update_time_changes_later_and_in_the_table_key_would_be_l4() {
        let p = load(PresetId::named("tickets").unwrap()).unwrap();
        assert!(p.schema().entities[0].field("updatedAt").unwrap().changes());
        assert!(
            (*p.analyse().settled.lint).clone().iter().all(|f| f.rule.id() != "L4"),
            "in the index only, it may change"
        );
        let edit = |p: Playground, a| crate::document::Workspace::new(p).reduce_edit(a);
        let p = edit(
            p,
            crate::document::Action::from(crate::document::FocusEdit::SelectAttribute("PK".into())),
        );
        let p = edit(
            p,
            crate::document::Action::from(crate::document::TemplateEdit::AddFieldSegment("updatedAt".into())),
        );
        let found = (*p.analyse().settled.lint).clone();
        let l4 = found
            .iter()
            .find(|f| f.rule.id() == "L4")
            .expect("L4 once updatedAt keys the table");
        assert_eq!(l4.field.as_deref(), Some("updatedAt"));
        assert_eq!(l4.attribute.as_deref(), Some("PK"));
    }

    #[test]
    fn order_status_reads_by_the_tuple_and_compares_both_designs() {
        let (p, a) = analysed(PresetId::named("order-status").unwrap());
        let q = a.settled.query.as_ref().unwrap();
        assert!(
            q.expression.contains("#pk = :pk AND #pk2 = :pk2 AND #sk >= :sk"),
            "{}",
            q.expression
        );
        let rows: Vec<usize> = q.hits.list.iter().map(|h| h.item.0).collect();
        // c-17's open orders from November: the two of Nov 2 by amount (−12.50 first),
        // then Nov 14; October's and the shipped one are out.
        assert_eq!(rows, [1, 0, 2]);
        let [multi, concatenated] = (*p.analyse().settled.side_by_side)
            .clone()
            .expect("the table has a multi-attribute GSI");
        assert_eq!(
            (multi.index.as_str(), concatenated.index.as_str()),
            ("ByStatus", "GSI1")
        );
        assert_eq!(multi.keys.iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 0, 2]);
        assert_eq!(concatenated.keys.iter().map(|(r, _)| *r).collect::<Vec<_>>(), [1, 0, 2]);
        assert!(multi.cannot.iter().any(|l| l.what == "begins_with on amount"));
        assert!(concatenated
            .cannot
            .iter()
            .any(|l| l.what == "amount values of any size"));
    }

    #[test]
    fn leaderboard_shows_naive_and_padded_orders() {
        let (p, a) = analysed(PresetId::named("leaderboard").unwrap());
        let pv = (*a.preview).clone().unwrap();
        let naive: Vec<&str> = pv
            .naive_sorted
            .iter()
            .map(|&r| p.rows()[r].values["score"].as_str().unwrap())
            .collect();
        assert_eq!(naive, ["10", "1500", "240", "9"]);
        assert_eq!(pv.key(1), Some("9999998499#0000001719100800#p_8842"));
    }

    /// The seeds' top 3: the page shows three scores, and the request and every program
    /// stop there, though the partition holds four.
    #[test]
    fn leaderboard_reads_the_first_three_scores() {
        let (p, a) = analysed(PresetId::named("leaderboard").unwrap());
        let q = a.settled.query.as_ref().unwrap();
        let scores: Vec<&str> = (q.hits.list.iter())
            .map(|h| p.rows()[h.item.0].values["score"].as_str().unwrap())
            .collect();
        assert_eq!(scores, ["1500", "240", "10"], "highest first, the fourth left out");
        assert_eq!((q.band.first, q.band.limit), (Some(3), Some(3)));
        assert!(q.input.contains("\"Limit\": 3"), "{}", q.input);
        assert!(
            q.explanation.starts_with("Returns the first 3 Run items"),
            "{}",
            q.explanation
        );
        let cli = keylab::snippet::render(&q.query, keylab::snippet::Target::AwsCli, &Default::default()).unwrap();
        assert!(cli.contains("--max-items 3"), "{cli}");
    }

    #[test]
    fn iot_reads_the_device_then_its_newest_readings_backward() {
        let (_, a) = analysed(PresetId::named("iot").unwrap());
        let keys = hit_keys(&a);
        assert_eq!(keys[0], "DEVICE#THERMO-7");
        assert_eq!(keys[1..4], ["#READING#000012", "#READING#000011", "#READING#000010"]);
        assert_eq!(keys.len(), 13, "every item, 11 per page");
        let c = &a.collections[0];
        assert_eq!(c.parent_place(), Some((12, 0)), "readings sort before the device");
    }

    #[test]
    fn saas_reads_teams_before_and_users_after_the_org() {
        let (p, a) = analysed(PresetId::named("saas").unwrap());
        assert_eq!(
            hit_keys(&a),
            ["ORG#ACME", "#TEAM#PLATFORM", "#TEAM#DESIGN", "#TEAM#BILLING"]
        );
        let mut query = (**p.query()).clone();
        query.shape = crate::document::Shape::After;
        let edit = crate::document::Action::from(crate::document::QueryEdit::SetQuery(query));
        let after = crate::document::Workspace::new(p.clone()).reduce_edit(edit);
        let keys = hit_keys(&after.analyse());
        assert_eq!(keys, ["ORG#ACME", "USER#ALICE", "USER#BOB", "USER#CAROL", "USER#DAVE"]);
        assert_eq!(a.collections[0].parent_place(), Some((3, 4)));
    }

    #[test]
    fn tickets_are_keyed_by_id_and_sorted_by_update_time_in_the_index() {
        let (p, a) = analysed(PresetId::named("tickets").unwrap());
        assert_eq!(p.attribute(), "GSI1SK");
        assert!(p.schema().table.primary.sort.is_none());
        let q = a.settled.query.as_ref().unwrap();
        assert!(q.input.contains("\"IndexName\": \"GSI1\""), "{}", q.input);
        let tickets: Vec<String> = q
            .hits
            .list
            .iter()
            .map(|h| p.rows()[h.item.0].values["ticket"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            tickets,
            ["KL-104", "KL-102", "KL-103", "KL-101"],
            "newest first, project OPS left out"
        );
        // Its Limit is the page size: saved before "how many", it reads the first 10
        // (the number its box showed), so all four tickets, three a page.
        let pages: Vec<usize> = q.hits.list.iter().map(|h| h.page).collect();
        assert_eq!(pages, [1, 1, 1, 2], "Limit 3");
        assert_eq!((q.band.first, q.band.limit), (Some(10), Some(3)));
    }

    #[test]
    fn orders_time_range_returns_the_orders_of_that_time() {
        let (p, a) = analysed(PresetId::named("orders").unwrap());
        let q = a.settled.query.as_ref().unwrap();
        assert!(q.expression.contains("BETWEEN"), "{}", q.expression);
        let times: Vec<i128> = q
            .hits
            .list
            .iter()
            .map(|h| {
                let e = &p.schema().entities[p.rows()[h.item.0].entity.0];
                keylab::codec::time_of(e.field("id").unwrap(), &p.rows()[h.item.0].values["id"]).unwrap()
            })
            .collect();
        let (from, to) = (1_738_368_000_000, 1_746_057_599_000);
        assert!(
            !times.is_empty() && times.iter().all(|t| (from..=to).contains(t)),
            "{times:?}"
        );
        let outside = p.rows().iter().filter(|r| r.entity == EntityId(1)).count() - times.len();
        assert!(outside > 0, "some orders fall outside the range");
    }

    #[test]
    fn casing_puts_debrie_before_dean_and_upper_case_fixes_it() {
        let (p, a) = analysed(PresetId::named("casing").unwrap());
        let pv = (*a.preview).clone().unwrap();
        let names: Vec<&str> = pv
            .sorted
            .iter()
            .map(|&r| p.rows()[r].values["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["DeBrie", "Dean", "Zed", "alex", "dana"]);
        let upper = crate::document::Workspace::new(p.clone()).reduce_edit(crate::document::Action::from(
            crate::document::FieldEdit::SetCase {
                field: "name".into(),
                case: keylab::schema::Case::Upper,
            },
        ));
        let pv = (*upper.analyse().preview).clone().unwrap();
        let names: Vec<&str> = pv
            .sorted
            .iter()
            .map(|&r| upper.rows()[r].values["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["alex", "dana", "Dean", "DeBrie", "Zed"]);
    }

    #[test]
    fn migration_refuses_eleven_digits_and_shows_old_keys_interleaving() {
        let (p, a) = analysed(PresetId::named("migration").unwrap());
        let pv = (*a.preview).clone().unwrap();
        assert_eq!(pv.errors(2)[0].kind.code(), "overflow");
        let order: Vec<String> = a.collections[0]
            .items
            .iter()
            .map(|i| {
                format!(
                    "{}:{}",
                    p.schema().entities[p.rows()[i.row].entity.0].name,
                    p.rows()[i.row].values["number"].as_str().unwrap()
                )
            })
            .collect();
        assert_eq!(
            order,
            [
                "Invoice:500",
                "Invoice:1000",
                "InvoiceBeforeMigration:42",
                "InvoiceBeforeMigration:900",
                "Invoice:9999999998"
            ]
        );
    }
}
