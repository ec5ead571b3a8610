//! `keylab migrate`: an export's items under the old and the new design, and what the
//! change does to them (keylab::migrate). Each item's keys are written as it is read;
//! the summary at the end goes to stderr, and as JSON to `--summary` when asked.

use super::load;
use crate::lines::{each_line, exit, Next, OnError, Run};
use keylab::codec::KeyValue;
use keylab::migrate::checks::{Checks, Summary};
use keylab::migrate::stored::StoredItem;
use keylab::migrate::Rekeyer;
use serde::ser::SerializeMap;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::io::Write;

pub struct Options<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub on_error: OnError,
    pub entity_attribute: Option<&'a str>,
    pub check_limit: usize,
    pub examples: usize,
    pub summary: Option<&'a str>,
}

/// Key attributes as `{"PK": "...", "SK": ...}`, written without building a map.
struct Keys<'a>(&'a [(&'a str, KeyValue)]);

impl Serialize for Keys<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (a, k) in self.0 {
            map.serialize_entry(a, k)?;
        }
        map.end()
    }
}

/// One output line: the item's keys under both designs, or why it has no new ones.
#[derive(Serialize)]
#[serde(untagged)]
enum Line<'a> {
    Rekeyed {
        line: usize,
        entity: &'a str,
        old: Keys<'a>,
        new: Keys<'a>,
        changed: &'a [&'a str],
    },
    Refused {
        line: usize,
        refused: &'a str,
    },
}

pub fn migrate(o: Options) -> u8 {
    let (old, new) = match (load(o.from), load(o.to)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let rekeyer = match Rekeyer::new(&old, &new) {
        Ok(r) => r,
        Err(why) => {
            eprintln!("{why}");
            return exit::UNREADABLE_FILE;
        }
    };
    let rekeyer = match o.entity_attribute {
        Some(a) => rekeyer.with_entity_attribute(a),
        None => rekeyer,
    };
    let mut checks = Checks::new(&old.table.primary, &new.table.primary, o.check_limit, o.examples);
    let mut run = Run::new(o.on_error);
    let stopped = each_line(&mut run, |n, text, run| {
        let item = StoredItem::parse(text)?;
        let written = match rekeyer.from_item(&item) {
            Ok(r) => {
                let written = run.write(&Line::Rekeyed {
                    line: n,
                    entity: r.entity,
                    old: Keys(&r.old),
                    new: Keys(&r.new),
                    changed: r.changed_attributes(),
                });
                checks.add(n, r);
                written
            }
            Err(why) => {
                checks.refused(n, &why);
                run.write(&Line::Refused {
                    line: n,
                    refused: &keylab::elide::shortened(&why.0, keylab::elide::MESSAGE),
                })
            }
        };
        Ok(match written {
            Ok(()) => Next::Go,
            Err(e) => {
                let _ = writeln!(run.err, "cannot write the output: {e}");
                Next::Stop
            }
        })
    });
    let summary = checks.finish();
    let _ = run.err.write_all(report(&summary, o.from, o.to).as_bytes());
    if let Some(path) = o.summary {
        if let Err(e) = std::fs::write(path, format!("{:#}\n", summary_json(&summary))) {
            let _ = writeln!(run.err, "cannot write the summary to {path}: {e}");
        }
    }
    let code = run.finish(stopped);
    if code == exit::OK && (summary.refused_count > 0 || summary.collision_count > 0) {
        exit::FINDINGS
    } else {
        code
    }
}

/// The summary for a person: counts first, then the first examples of each finding.
fn report(s: &Summary, from: &str, to: &str) -> String {
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
    out
}

fn summary_json(s: &Summary) -> Value {
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
