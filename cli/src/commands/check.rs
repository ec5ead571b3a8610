//! `keylab check DESIGN.json`: the design check and every access pattern of a keylab
//! file (an export, saved work or a preset: its `schema`, `items` and `intents`), one
//! line each, for a CI step. Exit 5 on a finding that is an error or a pattern that is
//! not served exactly.

use crate::lines::exit;
use keylab::intent::{check as check_intent, rows_read, Intent, Outcome, Verdict};
use keylab::lint::{Finding, Severity};
use keylab::preview::Sample;
use keylab::query::ValueStyle;
use keylab::{Schema, Values};
use serde_json::{json, Value};

/// The page's own settings a keylab file may hold beside the design: not checked.
const SETTINGS: [&str; 12] = [
    "format",
    "entity",
    "attribute",
    "preset",
    "query",
    "pasted",
    "patterns",
    "snippet",
    "expected",
    "unsettled",
    "title",
    "lesson",
];

/// What a keylab file holds that the check reads.
struct Design {
    schema: Schema,
    items: Vec<(usize, Values)>,
    intents: Vec<Intent>,
}

pub fn check(path: &str, as_json: bool) -> u8 {
    let design = match read(path) {
        Ok(design) => design,
        Err(why) => {
            eprintln!("{why}");
            return exit::UNREADABLE_FILE;
        }
    };
    let samples: Vec<Sample> = (design.items.iter())
        .map(|(at, v)| (&design.schema.entities[*at], v))
        .collect();
    let findings = keylab::lint::lint(&design.schema, &samples);
    let read = rows_read(&design.schema, &samples);
    let verdicts: Vec<(&Intent, Verdict)> = (design.intents.iter())
        .map(|intent| (intent, check_intent(&design.schema, intent, &samples, &read)))
        .collect();
    for f in &findings {
        println!(
            "{}",
            if as_json {
                f.to_value().to_string()
            } else {
                finding_line(f)
            }
        );
    }
    for (intent, v) in &verdicts {
        println!(
            "{}",
            if as_json {
                verdict_value(intent, v).to_string()
            } else {
                verdict_line(intent, v)
            }
        );
    }
    let errors = findings.iter().filter(|f| f.severity == Severity::Error).count();
    let failed = verdicts.iter().filter(|(_, v)| v.outcome != Outcome::Pass).count();
    eprintln!(
        "{} finding(s), {errors} of them errors; {} access pattern(s), {failed} not served exactly",
        findings.len(),
        verdicts.len()
    );
    if errors + failed > 0 {
        exit::FINDINGS
    } else {
        exit::OK
    }
}

/// The file's design, items and access patterns; a field it does not know is refused.
fn read(path: &str) -> Result<Design, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{path} is not valid JSON ({e})"))?;
    let Some(fields) = doc.as_object().filter(|d| d.contains_key("schema")) else {
        return Err(format!(
            "{path} holds no \"schema\": give a keylab file with the design, its items and its access patterns (Export schema and items, or a preset)"
        ));
    };
    let known = |k: &str| ["schema", "items", "intents"].contains(&k) || SETTINGS.contains(&k);
    if let Some(unknown) = fields.keys().find(|k| !known(k)) {
        return Err(format!("{path}: {unknown:?} is not a field of a keylab file"));
    }
    let schema = Schema::from_value(&doc["schema"]).map_err(|e| format!("the schema in {path} is not usable: {e}"))?;
    let items = (doc["items"].as_array().into_iter().flatten().enumerate())
        .map(|(n, item)| {
            let entity = item["entity"].as_str().unwrap_or_default();
            let at = (schema.entities.iter().position(|e| e.name == entity)).ok_or_else(|| {
                format!(
                    "item {} of {path} names entity {entity:?}, which the design does not have",
                    n + 1
                )
            })?;
            let values = (item["values"].as_object().cloned())
                .ok_or_else(|| format!("item {} of {path} has no \"values\" object", n + 1))?;
            Ok((at, values))
        })
        .collect::<Result<_, String>>()?;
    let intents = (doc["intents"].as_array().into_iter().flatten().enumerate())
        .map(|(n, v)| Intent::from_value(v).map_err(|e| format!("access pattern {} of {path}: {e}", n + 1)))
        .collect::<Result<_, String>>()?;
    Ok(Design { schema, items, intents })
}

fn finding_line(f: &Finding) -> String {
    let place = [Some(f.entity.as_str()), f.attribute.as_deref(), f.field.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(".");
    format!(
        "{} {} {place}: {} Fix: {}",
        f.severity.name(),
        f.rule.id(),
        f.sentence,
        f.fix
    )
}

fn verdict_line(intent: &Intent, v: &Verdict) -> String {
    let on = |v: &Verdict| {
        v.plan.as_ref().map_or(String::new(), |p| {
            let key = p
                .index
                .as_deref()
                .map_or("the table".to_string(), |i| format!("GSI {i}"));
            let way = if p.pattern.scan_index_forward {
                "forward"
            } else {
                "backward"
            };
            format!(" ({key}, {way}: {})", p.built.query.expression())
        })
    };
    match &v.outcome {
        Outcome::Pass => format!("pass {}{}: {} item(s)", intent.name, on(v), v.returned.len()),
        Outcome::Fail { reason, .. } => format!("fail {}{}: {reason}", intent.name, on(v)),
        Outcome::Unserved { reason } => format!("unserved {}: {reason}", intent.name),
    }
}

fn verdict_value(intent: &Intent, v: &Verdict) -> Value {
    let (outcome, reason, item) = match &v.outcome {
        Outcome::Pass => ("pass", None, None),
        Outcome::Fail { reason, item } => ("fail", Some(reason.clone()), item.map(|r| r + 1)),
        Outcome::Unserved { reason } => ("unserved", Some(reason.clone()), None),
    };
    json!({
        "pattern": intent.name,
        "outcome": outcome,
        "reason": reason,
        "item": item,
        "index": v.plan.as_ref().and_then(|p| p.index.clone()),
        "expression": v.plan.as_ref().map(|p| p.built.query.expression()),
        "input": v.plan.as_ref().map(|p| p.built.query.to_input(ValueStyle::DynamoJson)),
        "scanIndexForward": v.plan.as_ref().map(|p| p.pattern.scan_index_forward),
        "returned": v.returned.iter().map(|r| r + 1).collect::<Vec<_>>(),
    })
}
