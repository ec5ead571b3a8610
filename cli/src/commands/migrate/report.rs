//! What `keylab migrate` says at the end: the summary for a person on stderr, and as
//! JSON for `--summary`.

use super::Emit;
use keylab::codec::KeyValue;
use keylab::migrate::checks::Summary;
use keylab::Schema;
use serde_json::{json, Map, Value};

/// What this run's `--emit` wrote, for the summary's last part.
pub struct Written<'a> {
    pub emit: Emit,
    /// Request files written, and their folder.
    pub batches: Option<(usize, &'a str)>,
    /// Old key attributes left out of the items, with how many items lost each.
    pub dropped: &'a [(String, usize)],
    /// In-place changes planned, and the runner's file when one was written.
    pub transactions: Option<(usize, Option<String>)>,
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

/// What a person must do next, in the order to do it.
fn next_steps(s: &Summary, old: &Schema, new: &Schema, written: &Written) -> String {
    let mut steps = Vec::new();
    if s.refused_count > 0 {
        let left = match written.emit {
            Emit::Items | Emit::Batch => ", which the output leaves out",
            Emit::Transactions => ", which the plan leaves under their old keys",
            Emit::Changes | Emit::Checks => "",
        };
        steps.push(format!(
            "fix the {} item(s) that cannot be written (listed above){left}: give them the values the new design needs, or change it",
            s.refused_count
        ));
    }
    if s.collision_count > 0 {
        steps.push(format!(
            "resolve the {} collision(s) first: of items sharing a new table key, only the last one written stays",
            s.collision_count
        ));
    }
    let created: Vec<&str> = (new.table.indexes.iter())
        .filter(|i| !old.table.indexes.iter().any(|o| o.name == i.name && o.keys == i.keys))
        .map(|i| i.name.as_str())
        .collect();
    if !created.is_empty() {
        steps.push(format!(
            "create the new design's index(es) {} before the backfill, so that it fills them as it writes",
            created.join(", ")
        ));
    }
    if s.swapped_neighbours > 0 {
        steps.push(format!(
            "expect the new order: {} pair(s) of items within one item collection read the other way round, so a query with a Limit, a range or ScanIndexForward returns different items first",
            s.swapped_pairs
        ));
    }
    if !written.dropped.is_empty() {
        let by: Vec<String> = written.dropped.iter().map(|(a, n)| format!("{a} from {n}")).collect();
        steps.push(format!(
            "the items leave out old key attributes the new design does not write ({}); --old-keys keep keeps them while readers move",
            by.join(", ")
        ));
    }
    if let Some((files, dir)) = written.batches {
        steps.push(format!(
            "load the {files} request file(s) in {dir}: aws dynamodb batch-write-item --request-items file://{dir}/batch-000001.json, and so on, retrying each answer's UnprocessedItems"
        ));
    }
    if let Some((changes, runner)) = &written.transactions {
        let run = runner.as_ref().map_or_else(
            || "with a runner (--program FILE --sdk boto3-client, js-client, rust or go)".to_string(),
            |r| format!("with `{r} PLAN` (it can be run again: what is done is not repeated)"),
        );
        steps.push(format!(
            "apply the {changes} in-place change(s) {run}; each moves one item atomically, and a move onto a key another item still holds waits rather than overwrite it"
        ));
    }
    if steps.is_empty() {
        return String::new();
    }
    let mut out = String::from("  next:\n");
    for (i, step) in steps.iter().enumerate() {
        out += &format!("    {}. {step}\n", i + 1);
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
