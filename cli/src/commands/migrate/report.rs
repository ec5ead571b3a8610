//! What `keylab migrate` says at the end: the summary for a person on stderr, and as
//! JSON for `--summary`.

use super::Emit;
use keylab::codec::KeyValue;
use keylab::migrate::checks::Summary;
use keylab::migrate::plan::{self, Apply, Situation};
use keylab::Schema;
use serde_json::{json, Map, Value};

/// The runner written for in-place changes: its file, how it is run, and its `--sdk`.
pub type Runner<'a> = (&'a str, String, String);

/// What this run's `--emit` wrote, for the summary's last part.
pub struct Written<'a> {
    pub emit: Emit,
    /// Request files written, and their folder.
    pub batches: Option<(usize, &'a str)>,
    /// Old key attributes left out of the items, with how many items lost each.
    pub dropped: &'a [(String, usize)],
    /// In-place changes planned, and the runner when one was written: its file, how
    /// it is run, and its `--sdk`.
    pub transactions: Option<(usize, Option<Runner<'a>>)>,
    /// The table the plan names (`--table`).
    pub table: &'a str,
    /// The designs' files, as given.
    pub from: &'a str,
    pub to: &'a str,
}

/// The summary for a person: counts first, then the first examples of each finding,
/// then what to do before loading the new keys.
pub fn report(s: &Summary, from: &str, to: &str, old: &Schema, new: &Schema, written: &Written) -> String {
    let mut out = format!("migrate {from} -> {to}: {} item(s)\n", s.items);
    let by: Vec<String> = s.changed_by_attribute.iter().map(|(a, n)| format!("{a} {n}")).collect();
    out += &format!(
        "  keys change: {} item(s){}\n",
        s.changed,
        if by.is_empty() {
            String::new()
        } else {
            format!(" ({})", by.join(", "))
        }
    );
    out += &format!("  new table keys collide: {} item(s)\n", s.collision_count);
    for c in &s.collisions {
        let key: Vec<&str> = c.key.iter().map(KeyValue::as_str).collect();
        out += &format!(
            "    line {} would overwrite line {}: {}\n",
            c.second,
            c.first,
            key.join(" / ")
        );
    }
    out += &format!(
        "  order changes: {} pair(s) of one item collection, {} of them neighbours\n",
        s.swapped_pairs, s.swapped_neighbours
    );
    for w in &s.swaps {
        out += &format!(
            "    lines {} and {}: old {} < {}, new {} > {}\n",
            w.earlier,
            w.later,
            w.old.0.as_str(),
            w.old.1.as_str(),
            w.new.0.as_str(),
            w.new.1.as_str()
        );
    }
    out += &format!(
        "  cannot be written under the new design: {} item(s)\n",
        s.refused_count
    );
    for r in &s.refused {
        out += &format!("    line {}: {}\n", r.at, r.why);
    }
    if s.checked < s.items - s.refused_count {
        out += &format!(
            "  collisions and order were checked over the first {} item(s) only (--check-limit)\n",
            s.checked
        );
    }
    out + &next_steps(s, old, new, written)
}

/// What a person must do next: the steps the page's backfill plan gives too
/// (keylab::migrate::plan), the ones this run did marked done.
fn next_steps(s: &Summary, old: &Schema, new: &Schema, written: &Written) -> String {
    if s.changed == 0 && s.refused_count == 0 {
        return String::new();
    }
    let apply = match (written.emit, &written.transactions, written.batches) {
        (Emit::Transactions, Some((_, runner)), _) => {
            let (runner, run, sdk) = runner
                .clone()
                .unwrap_or_else(|| ("apply.py", "python3 apply.py".to_string(), "boto3-client".to_string()));
            Apply::InPlace {
                runner: runner.to_string(),
                run,
                sdk,
            }
        }
        (Emit::Batch, _, Some((files, dir))) => Apply::Batches {
            files,
            dir: dir.to_string(),
        },
        (Emit::Items, _, _) => Apply::Items,
        _ => Apply::Report,
    };
    let created = plan::created_indexes(old, new);
    let situation = Situation {
        table: written.table,
        from: written.from,
        to: written.to,
        summary: s,
        created_indexes: created,
        apply,
        from_the_command_line: true,
    };
    let mut steps = plan::steps(&situation);
    // Without --program the runner is still to be written: that step is not done.
    if matches!(&written.transactions, Some((_, None))) {
        for step in steps
            .iter_mut()
            .filter(|s| s.commands.iter().any(|c| c.contains("--program")))
        {
            step.done = false;
        }
    }
    if !written.dropped.is_empty() {
        let by: Vec<String> = written.dropped.iter().map(|(a, n)| format!("{a} from {n}")).collect();
        steps.push(plan::Step {
            text: format!(
                "The items leave out old key attributes the new design does not write ({}); --old-keys keep keeps them while readers move.",
                by.join(", ")
            ),
            commands: Vec::new(),
            done: false,
        });
    }
    let mut out = String::from("  next:\n");
    for line in plan::numbered(&steps).lines() {
        out += &format!("    {line}\n");
    }
    if let Some(warning) = plan::mixed_warning(s) {
        out += &format!("  warning: {warning}\n");
    }
    out
}

pub fn summary_json(s: &Summary) -> Value {
    let kv = |k: &KeyValue| k.as_str().to_string();
    json!({
        "items": s.items,
        "changed": s.changed,
        "changedByAttribute": s.changed_by_attribute.iter().map(|(a, n)| (a.clone(), json!(n))).collect::<Map<_, _>>(),
        "collisions": s.collision_count,
        "collisionExamples": s.collisions.iter().map(|c| json!({"first": c.first, "second": c.second,
            "key": c.key.iter().map(kv).collect::<Vec<_>>()})).collect::<Vec<_>>(),
        "swappedPairs": s.swapped_pairs,
        "swappedNeighbours": s.swapped_neighbours,
        "swapExamples": s.swaps.iter().map(|w| json!({"earlier": w.earlier, "later": w.later,
            "old": [kv(&w.old.0), kv(&w.old.1)], "new": [kv(&w.new.0), kv(&w.new.1)]})).collect::<Vec<_>>(),
        "refused": s.refused_count,
        "refusedExamples": s.refused.iter().map(|r| json!({"line": r.at, "why": r.why})).collect::<Vec<_>>(),
        "checked": s.checked,
    })
}
