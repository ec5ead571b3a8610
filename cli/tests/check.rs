//! `keylab check`: every preset's design and access patterns pass; edits that break a
//! design make a named pattern fail or go unserved, and the command exit 5.

mod support;

use serde_json::{json, Value};
use std::path::PathBuf;
use support::{keylab, text};

const PRESETS: [&str; 7] = [
    "leaderboard",
    "iot",
    "saas",
    "tickets",
    "orders",
    "casing",
    "order-status",
];

fn preset(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../presets/{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// `doc` in a file of its own, checked.
fn check(doc: &Value, args: &[&str]) -> std::process::Output {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("keylab-check-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("design.json");
    std::fs::write(&path, doc.to_string()).unwrap();
    let mut all = vec!["check", path.to_str().unwrap()];
    all.extend(args);
    keylab(&all, "")
}

#[test]
fn every_presets_design_and_patterns_pass() {
    for name in PRESETS {
        let out = check(&preset(name), &[]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {said}{}", text(&out.stderr));
        let patterns = said.lines().filter(|l| l.starts_with("pass ")).count();
        assert!(patterns >= 2, "{name}: {said}");
        assert!(!said.contains("fail ") && !said.contains("unserved "), "{name}: {said}");
    }
}

/// Each edit breaks a named pattern, said on its line, and the command exits 5.
#[test]
fn edits_that_break_a_design_fail_a_named_pattern() {
    let field = |doc: &mut Value, entity: usize, name: &str, key: &str, value: Value| {
        doc["schema"]["entities"][entity]["fields"][name][key] = value;
    };
    let mut narrow = preset("leaderboard");
    field(&mut narrow, 0, "score", "width", json!(3));
    let mut plain = preset("leaderboard");
    field(&mut plain, 0, "score", "order", json!("asc"));
    let mut swapped = preset("leaderboard");
    let sk = swapped["schema"]["entities"][0]["keys"]["SK"].as_array_mut().unwrap();
    sk.swap(0, 1);
    let mut no_gsi = preset("tickets");
    no_gsi["schema"]["table"]["indexes"] = json!([]);
    for key in ["GSI1PK", "GSI1SK"] {
        no_gsi["schema"]["table"]["attributes"]
            .as_object_mut()
            .unwrap()
            .remove(key);
        no_gsi["schema"]["entities"][0]["keys"]
            .as_object_mut()
            .unwrap()
            .remove(key);
    }
    // A Team's sort key without its literal is any text: an org's and its users' keys
    // can fall among the teams'.
    let mut no_literal = preset("saas");
    no_literal["schema"]["entities"][1]["keys"]["SK"]
        .as_array_mut()
        .unwrap()
        .remove(0);
    let cases = [
        (narrow, "fail Season top 3", "cannot be written"),
        (
            plain,
            "unserved A season's runs, best first, earliest first on a tie",
            "needs it read forward",
        ),
        (
            swapped,
            "unserved Season top 3",
            "the order by score needs score next in the sort key; at is",
        ),
        (
            no_gsi,
            "unserved A project's tickets, most recently updated first",
            "the table has no GSI",
        ),
        (
            no_literal,
            "unserved An org's teams by name",
            "items fall in the range too",
        ),
    ];
    for (doc, line, why) in cases {
        let out = check(&doc, &[]);
        let said = text(&out.stdout);
        assert_eq!(out.status.code(), Some(5), "{line}: {said}{}", text(&out.stderr));
        let found = said.lines().find(|l| l.contains(line) && !l.starts_with("pass "));
        assert!(found.is_some_and(|l| l.contains(why)), "{line} / {why}: {said}");
    }
}

/// `--json` gives one object a line, findings then patterns; a file that is not a
/// keylab file, or names a field none has, is refused with exit 4.
#[test]
fn json_lines_and_refusals() {
    let out = check(&preset("tickets"), &["--json"]);
    let lines: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.iter().all(|l| l["outcome"] == "pass"), "{lines:?}");
    assert_eq!(lines[0]["index"], "GSI1");
    assert_eq!(lines[0]["scanIndexForward"], false);
    let mut doc = preset("tickets");
    doc["intnets"] = json!([]);
    let out = check(&doc, &[]);
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).contains("\"intnets\" is not a field of a keylab file"));
    let out = check(&json!({"version": 1}), &[]);
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).contains("holds no \"schema\""));
}
