//! What changing the design from a saved version to the current one does to the sample
//! items' keys and to the saved access patterns (keylab::migrate), and the backfill plan
//! it implies. Pure: computed from two playgrounds, tested natively.

use crate::analysis::Hits;
use crate::document::{EntityId, ItemId, Playground, Row};
use keylab::migrate::checks::{Checks, Summary};
use keylab::migrate::plan::{self, Apply, Situation, Step};
use keylab::migrate::Rekeyer;
use keylab::query::builder::{build, AccessPattern};
use std::rc::Rc;

/// Most examples of each finding listed; the counts cover every compared item.
pub const LISTED: usize = 50;

/// Most sample items compared: the comparison runs again after every edit, and at
/// 100,000 items it took seconds (two designs, each access pattern asked of both).
/// A whole table is `keylab migrate`'s job.
pub const COMPARED: usize = 5_000;

/// One sample item's key that the change rewrites.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangedKey {
    pub item: ItemId,
    pub entity: String,
    pub attribute: String,
    /// `None`: the saved design did not write this attribute for it.
    pub old: Option<String>,
    /// `None`: the current design no longer writes it.
    pub new: Option<String>,
}

/// A saved access pattern asked of both designs.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternChange {
    /// Which query it is, in words.
    pub label: String,
    /// The sample rows it returns, in order, under the saved design and the current
    /// one; `Err` says why that design cannot answer it.
    pub before: Result<Vec<ItemId>, String>,
    pub after: Result<Vec<ItemId>, String>,
}

impl PatternChange {
    pub fn same(&self) -> bool {
        self.before == self.after
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rekeying {
    /// What the checks found over every sample item (positions are rows).
    pub summary: Summary,
    /// The first [`LISTED`] keys that change.
    pub changed: Vec<ChangedKey>,
    /// Rows whose entity the saved design does not have: nothing to compare.
    pub new_entities: Vec<(ItemId, String)>,
    /// Rows the saved design could not write (it lacks a value a template of it uses),
    /// and why: they had no old keys to change.
    pub not_in_saved: Vec<(ItemId, String)>,
    pub patterns: Vec<PatternChange>,
    /// Whether the table's own keys change (not only index keys): items must be copied.
    pub table_keys_change: bool,
    /// What the change means for a live table, in one paragraph.
    pub plan: String,
    /// The backfill's steps, with their commands (the file names the page's downloads
    /// use): the ones `keylab migrate` prints too.
    pub steps: Vec<Step>,
    /// Old and new keys of one partition meeting while the move runs, and how to avoid it.
    pub mixed: Option<String>,
    /// How many sample items were compared, of how many.
    pub compared: usize,
    pub total: usize,
    /// The two schema documents the command reads, as [`SAVED_FILE`] and [`CURRENT_FILE`].
    pub saved_schema: String,
    pub current_schema: String,
}

/// The file names the comparison's downloads use, so the command runs as written.
pub const SAVED_FILE: &str = "keylab-saved-version.json";
pub const CURRENT_FILE: &str = "keylab-current-design.json";

/// A sample item as both versions know it: the saved version's item at the same place
/// (the table's data when the version was saved, so a field since dropped from the
/// design still has its value), with the values typed since over it.
fn merged(saved: &Playground, current: &Playground, item: ItemId, entity: &str) -> keylab::Values {
    let r = &current.rows()[item.0];
    let earlier = item
        .of(saved.rows())
        .filter(|s| s.entity.of(saved.schema()).is_some_and(|e| e.name == entity));
    match earlier {
        Some(s) => {
            let mut values = (*s.values).clone();
            values.extend(r.values.iter().map(|(k, v)| (k.clone(), v.clone())));
            values
        }
        None => (*r.values).clone(),
    }
}

/// Compares `saved` (an earlier version) with `current` over `current`'s first
/// [`COMPARED`] sample items.
/// Two designs without an entity in common are not two versions of one design: every
/// item would be "not compared", and "no key changes" would read as "ship it".
fn unrelated(saved: &Playground, current: &Playground) -> Result<(), String> {
    let names = |p: &Playground| {
        let names: Vec<&str> = p.schema().entities.iter().map(|e| e.name.as_str()).collect();
        format!("table {} with {}", p.schema().table.name, names.join(", "))
    };
    match (current.schema().entities.iter()).any(|e| saved.schema().entity(&e.name).is_some()) {
        true => Ok(()),
        false => Err(format!(
            "the compared version shares no entity with this design (it has {}; this design has {}), so it is not an earlier version of it: compare with a version saved or exported from this design",
            names(saved),
            names(current)
        )),
    }
}

pub fn compare(saved: &Playground, current: &Playground) -> Result<Rekeying, String> {
    let total = current.rows().len();
    let compared = total.min(COMPARED);
    let first = (total > compared).then(|| current.with_rows(current.rows()[..compared].to_vec()));
    let current = first.as_ref().unwrap_or(current);
    unrelated(saved, current)?;
    let rekeyer = Rekeyer::new(saved.schema(), current.schema()).map_err(|e| e.to_string())?;
    let (old_table, new_table) = (&saved.schema().table.primary, &current.schema().table.primary);
    let mut checks = Checks::new(old_table, new_table, usize::MAX, LISTED);
    let mut changed = Vec::new();
    let mut new_entities = Vec::new();
    let mut not_in_saved = Vec::new();
    let mut table_keys_change = false;
    // The items as both versions know them, read once for the keys and the patterns.
    let (old_view, origin) = under(saved, current);
    for (row, r) in current.rows().iter().enumerate() {
        let entity = r.entity.of(current.schema());
        if let Some(e) = entity.filter(|e| saved.schema().entity(&e.name).is_none()) {
            if new_entities.len() < LISTED {
                new_entities.push((ItemId(row), e.name.clone()));
            }
        }
    }
    for (&item, r) in origin.iter().zip(old_view.rows().iter()) {
        let Some(entity) = r.entity.of(saved.schema()).map(|e| &e.name) else {
            continue;
        };
        let values = &r.values;
        if let Err(e) = keylab::encode(saved.schema(), entity, values) {
            if not_in_saved.len() < LISTED {
                not_in_saved.push((item, e.to_string()));
            }
            continue;
        }
        match rekeyer.from_values(entity, values) {
            Ok(k) => {
                for &a in k.changed_attributes() {
                    table_keys_change |=
                        current.schema().table.is_primary_key(a) || saved.schema().table.is_primary_key(a);
                    if changed.len() < LISTED {
                        changed.push(ChangedKey {
                            item,
                            entity: entity.clone(),
                            attribute: a.to_string(),
                            old: k.old_key(a).map(|v| v.as_str().to_string()),
                            new: k.new_key(a).map(|v| v.as_str().to_string()),
                        });
                    }
                }
                checks.add(item.0, k);
            }
            Err(why) => checks.refused(item.0, &why),
        }
    }
    let summary = checks.finish();
    let patterns = patterns(saved, current, &old_view, &origin);
    let steps = backfill(saved, current, &summary);
    let mixed = plan::mixed_warning(&summary);
    let plan = named_table(saved, current) + &meaning(&summary, table_keys_change);
    Ok(Rekeying {
        summary,
        changed,
        new_entities,
        not_in_saved,
        patterns,
        table_keys_change,
        plan,
        steps,
        mixed,
        compared,
        total,
        saved_schema: saved.schema().to_json_pretty(),
        current_schema: current.schema().to_json_pretty(),
    })
}

/// The saved version's query and the current one (once when they are the same), each
/// asked of both designs over the current sample items: `old_view` holds them under
/// the saved design, `origin` says which current row each of its rows is.
fn patterns(saved: &Playground, current: &Playground, old_view: &Playground, origin: &[ItemId]) -> Vec<PatternChange> {
    let mut asked: Vec<(String, AccessPattern)> = Vec::new();
    for (whose, p) in [("the saved version's query", saved), ("the current query", current)] {
        if let Ok(pattern) = p.draft_on().pattern() {
            if !asked.iter().any(|(_, a)| *a == pattern) {
                asked.push((format!("{whose}: {}", describe(&pattern)), pattern));
            }
        }
    }
    asked
        .into_iter()
        .map(|(label, pattern)| PatternChange {
            label,
            before: returned(old_view, &pattern)
                .map(|rows| rows.into_iter().filter_map(|r| origin.get(r.0).copied()).collect()),
            after: returned(current, &pattern),
        })
        .collect()
}

/// The pattern in a few words: entity, index, partition values and the sort condition.
fn describe(p: &AccessPattern) -> String {
    let values = |v: &keylab::Values| {
        v.iter()
            .map(|(k, v)| {
                format!(
                    "{k} = {}",
                    v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!("{} items", p.entity);
    if let Some(index) = &p.index {
        out += &format!(" on {index}");
    }
    if !p.partition.is_empty() {
        out += &format!(" where {}", values(&p.partition));
    }
    if let Some(sort) = &p.sort {
        if !sort.equal.is_empty() {
            out += &format!(", {}", values(&sort.equal));
        }
        if let Some(r) = &sort.range {
            out += &format!(", {} {} {}", r.field, r.op.name(), r.value.as_str().unwrap_or_default());
        }
    }
    if let Some(limit) = p.limit {
        out += &format!(", first {limit}");
    }
    out
}

/// The rows a pattern returns from a playground, in order, or why it cannot be asked.
fn returned(p: &Playground, pattern: &AccessPattern) -> Result<Vec<ItemId>, String> {
    let built = build(p.schema(), pattern).map_err(|e| e.sentence())?;
    let keys = crate::analysis::item_keys(p.schema(), p.rows(), None);
    let hits: Rc<Hits> = crate::analysis::hits(p.schema(), p.rows(), p.focus(), built.query, &keys);
    Ok(hits.list.iter().map(|h| h.item).collect())
}

/// The current sample items under the saved design: a playground of the saved schema
/// holding the rows whose entity it has, and for each of its rows, the current row.
fn under(saved: &Playground, current: &Playground) -> (Playground, Vec<ItemId>) {
    let mut rows = Vec::new();
    let mut origin = Vec::new();
    for (i, r) in current.rows().iter().enumerate().map(|(i, r)| (ItemId(i), r)) {
        let name = r.entity.of(current.schema()).map(|e| e.name.as_str());
        if let (Some(name), Some(entity)) = (
            name,
            name.and_then(|n| saved.schema().entities.iter().position(|e| e.name == n)),
        ) {
            rows.push(Row::new(EntityId(entity), merged(saved, current, i, name)));
            origin.push(i);
        }
    }
    (saved.with_rows(rows), origin)
}

/// The backfill's steps (keylab::migrate::plan), with the file names the page's
/// downloads use and the boto3 runner; nothing to move: the check of the real table.
fn backfill(saved: &Playground, current: &Playground, summary: &Summary) -> Vec<Step> {
    let situation = Situation {
        table: &current.schema().table.name,
        from: SAVED_FILE,
        to: CURRENT_FILE,
        summary,
        created_indexes: plan::created_indexes(saved.schema(), current.schema()),
        apply: match summary.changed {
            0 => Apply::Report,
            _ => Apply::InPlace {
                runner: "apply.py".into(),
                run: "python3 apply.py".into(),
                sdk: "boto3-client".into(),
            },
        },
        from_the_command_line: false,
    };
    plan::steps(&situation)
}

/// Which table the steps name, when the versions' tables are named apart.
fn named_table(saved: &Playground, current: &Playground) -> String {
    let (old, new) = (&saved.schema().table.name, &current.schema().table.name);
    match old == new {
        true => String::new(),
        false => format!("The table is {new} here and {old} in the compared version: the steps name {new}. "),
    }
}

/// What the change means for a live table, before its steps.
fn meaning(s: &Summary, table_keys_change: bool) -> String {
    let mut plan = match (s.changed, table_keys_change) {
        (0, _) => "No sample item's keys change: the new design can ship without a backfill. \
                   Check the real table's items to be sure, with the steps below."
            .to_string(),
        (_, true) => "The table's own keys change, and DynamoDB cannot update a key: each changed item \
                      is written again under its new key and its old item deleted, both in one transaction."
            .to_string(),
        (_, false) => "Only index keys change: each changed item's index attributes are updated in place, \
                       and DynamoDB moves it in the index."
            .to_string(),
    };
    let found: Vec<String> = [
        (s.refused_count, "the new design cannot write"),
        (s.collision_count, "whose new keys collide"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} item(s) {what}"))
    .collect();
    if !found.is_empty() {
        plan += &format!(" First fix what the comparison found: {}.", found.join(" and "));
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Action, Workspace};

    fn leaderboard() -> Playground {
        crate::presets::leaderboard()
    }

    fn commands(r: &Rekeying) -> impl Iterator<Item = &str> {
        r.steps.iter().flat_map(|s| &s.commands).map(String::as_str)
    }

    #[test]
    fn the_same_design_changes_nothing_and_needs_no_backfill() {
        let p = leaderboard();
        let r = compare(&p, &p).unwrap();
        assert_eq!(r.summary.changed, 0);
        assert!(r.changed.is_empty());
        assert!(r.plan.starts_with("No sample item's keys change"), "{}", r.plan);
        assert!(r.patterns.iter().all(PatternChange::same), "{:?}", r.patterns);
        assert!(commands(&r).any(|c| c
            == "keylab migrate --from keylab-saved-version.json --to keylab-current-design.json < table-export.json > changes.jsonl"));
    }

    /// Another design is not an earlier version: comparing it would say "no key
    /// changes, ship it" of items it never compared. A renamed table is said.
    #[test]
    fn a_design_without_a_shared_entity_is_not_compared_and_a_renamed_table_is_said() {
        let saved = crate::presets::load(crate::document::PresetId::named("iot").unwrap()).unwrap();
        let why = compare(&saved, &leaderboard()).map(|r| r.plan).unwrap_err();
        assert!(
            why.contains("shares no entity") && why.contains("this design has table Leaderboard with Run"),
            "{why}"
        );
        let mut renamed = leaderboard();
        let mut schema = renamed.schema().to_value();
        schema["table"]["name"] = serde_json::json!("Scores");
        renamed = Workspace::new(renamed).reduce_edit(Action::from(crate::document::DesignEdit::SetSchema(Box::new(
            keylab::Schema::from_value(&schema).unwrap(),
        ))));
        let r = compare(&leaderboard(), &renamed).unwrap();
        assert!(
            r.plan
                .starts_with("The table is Scores here and Leaderboard in the compared version"),
            "{}",
            r.plan
        );
    }

    #[test]
    fn a_narrower_descending_score_rewrites_keys_and_says_how_to_backfill() {
        let saved = leaderboard();
        let mut current = saved.clone();
        let mut schema = current.schema().to_value();
        schema["entities"][0]["fields"]["score"]["order"] = serde_json::json!("asc");
        current = Workspace::new(current).reduce_edit(Action::from(crate::document::DesignEdit::SetSchema(Box::new(
            keylab::Schema::from_value(&schema).unwrap(),
        ))));
        let r = compare(&saved, &current).unwrap();
        assert!(r.summary.changed > 0);
        assert!(r.table_keys_change);
        assert!(r.changed.iter().all(|c| c.attribute == "SK" && c.old != c.new));
        // Ascending scores reverse every pair of a season's collection.
        assert!(r.summary.swapped_neighbours > 0);
        assert!(r.plan.contains("The table's own keys change"), "{}", r.plan);
        // Keys to move: the steps write the in-place plan and the program, then run it.
        let commands: Vec<&str> = commands(&r).collect();
        let write = commands
            .iter()
            .position(|c| c.contains("--emit transactions --table Leaderboard --program apply.py"));
        let run = commands.iter().position(|c| *c == "python3 apply.py plan.jsonl");
        assert!(write.is_some() && write < run, "{commands:?}");
        // The top-10 query now reads the lowest scores.
        assert!(r.patterns.iter().any(|p| !p.same()), "{:?}", r.patterns);
    }

    #[test]
    fn a_new_entity_is_listed_apart_and_refusals_are_counted() {
        let saved = leaderboard();
        let current = Workspace::new(saved.clone()).reduce_edit(Action::from(crate::document::DesignEdit::AddEntity));
        let mut current = Workspace::new(current).reduce_edit(Action::from(crate::document::ItemsEdit::AddRow));
        let mut schema = current.schema().to_value();
        schema["entities"][0]["fields"]["score"]["width"] = serde_json::json!(2);
        current = Workspace::new(current).reduce_edit(Action::from(crate::document::DesignEdit::SetSchema(Box::new(
            keylab::Schema::from_value(&schema).unwrap(),
        ))));
        let r = compare(&saved, &current).unwrap();
        assert!(!r.new_entities.is_empty(), "{r:?}");
        assert!(r.summary.refused_count > 0, "{:?}", r.summary);
        assert!(r.plan.contains("cannot write"), "{}", r.plan);
    }

    #[test]
    fn a_field_dropped_since_the_version_keeps_its_saved_values_so_collisions_show() {
        let saved = leaderboard();
        let mut current = saved.clone();
        let mut schema = current.schema().to_value();
        schema["entities"][0]["keys"]["SK"] = serde_json::json!([{"field": "score"}]);
        schema["entities"][0]["fields"].as_object_mut().unwrap().remove("at");
        current = Workspace::new(current).reduce_edit(Action::from(crate::document::DesignEdit::SetSchema(Box::new(
            keylab::Schema::from_value(&schema).unwrap(),
        ))));
        // The page drops a removed field's values from the items, and two runs now tie.
        let mut rows = (**current.rows()).clone();
        for r in &mut rows {
            Rc::make_mut(&mut r.values).remove("at");
        }
        let score = rows[0].values["score"].clone();
        let season = rows[0].values["season"].clone();
        let second = Rc::make_mut(&mut rows[1].values);
        second.insert("score".into(), score);
        second.insert("season".into(), season);
        current = current.with_rows(rows);
        let r = compare(&saved, &current).unwrap();
        assert!(r.not_in_saved.is_empty(), "{:?}", r.not_in_saved);
        assert_eq!(r.summary.refused_count, 0);
        assert_eq!(r.summary.collision_count, 1, "{:?}", r.summary);
        assert_eq!((r.summary.collisions[0].first, r.summary.collisions[0].second), (0, 1));
    }

    #[test]
    fn a_large_sample_is_compared_on_its_first_items_and_says_so() {
        let saved = leaderboard();
        let mut current = saved.clone();
        let row = current.rows()[0].clone();
        current = current.with_rows(vec![row; COMPARED + 7]);
        let r = compare(&saved, &current).unwrap();
        assert_eq!((r.compared, r.total), (COMPARED, COMPARED + 7));
        assert_eq!(r.summary.items, COMPARED);
    }
}
