//! What a table's items meet on their way through the CLI: DynamoDB's 400 KB item
//! limit said per item, and a Scan's whole output read as an export.

mod support;

use support::{assert_said, keylab, schema_file, text};

/// A new design for the leaderboard: the score two digits wider.
fn wider(old: &std::path::Path) -> std::path::PathBuf {
    let path = old.parent().unwrap().join("wider.json");
    let text = std::fs::read_to_string(old)
        .unwrap()
        .replace(r#""width": 10"#, r#""width": 12"#);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_item_over_400_kb_is_said_by_migrate_and_refused_by_export() {
    let old = schema_file();
    let new = wider(&old);
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let blob = "x".repeat(20 << 20);
    let export = [
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999994"}}}"#.to_string(),
        format!(r#"{{"Item":{{"PK":{{"S":"SEASON#S1"}},"SK":{{"S":"9999999979"}},"blob":{{"S":"{blob}"}}}}}}"#),
    ]
    .join("\n");
    let out = keylab(&["migrate", "--from", old, "--to", new, "--emit", "items"], &export);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_said(&out, "line 2: warning: the item is 20971");
    assert_said(&out, "largest attribute is blob");
    assert!(!text(&out.stderr).contains("line 1: warning"));

    // A field's value over the limit (a note no key holds): the export leaves the item
    // out and says why.
    let noted = std::path::Path::new(old).parent().unwrap().join("noted.json");
    let design = std::fs::read_to_string(old)
        .unwrap()
        .replace(r#""fields": {"#, r#""fields": {"note": {"kind": "text"}, "#);
    std::fs::write(&noted, design).unwrap();
    let items = format!(
        "{}\n{}\n",
        r#"{"entity":"Run","values":{"season":"s1","score":"5","note":"hi"}}"#,
        serde_json::json!({"entity": "Run", "values": {"season": "s2", "score": "6", "note": "n".repeat(500 << 10)}})
    );
    let out = keylab(
        &["export", "--to", "export", "--schema", noted.to_str().unwrap()],
        &items,
    );
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    assert_said(&out, "item 2 cannot be written: the item is");
    assert_eq!(text(&out.stdout).lines().count(), 1);
}

#[test]
fn migrate_reads_a_scans_whole_output_and_refuses_one_cut_short() {
    let old = schema_file();
    let new = wider(&old);
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let scan = serde_json::json!({
        "Items": [
            {"PK": {"S": "SEASON#S1"}, "SK": {"S": "9999999994"}},
            {"PK": {"S": "SEASON#S1"}, "SK": {"S": "9999999979"}},
        ],
        "Count": 2, "ScannedCount": 2, "ConsumedCapacity": null,
    });
    let pretty = serde_json::to_string_pretty(&scan).unwrap();
    let out = keylab(&["migrate", "--from", old, "--to", new], &pretty);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["new"]["SK"], "999999999979");

    let mut cut = scan.clone();
    cut["NextToken"] = serde_json::json!("eyJ4IjoxfQ==");
    let out = keylab(
        &["migrate", "--from", old, "--to", new],
        &serde_json::to_string_pretty(&cut).unwrap(),
    );
    assert_ne!(out.status.code(), Some(0));
    assert_said(&out, "holds one page of the table");
}

/// `keylab encode` writes the keys of an item over 400 KB, and says DynamoDB will refuse it.
#[test]
fn encode_says_when_the_item_its_keys_go_with_is_over_400_kb() {
    let schema = schema_file();
    let lines = format!(
        "{}\n{}\n",
        r#"{"entity":"Run","values":{"season":"s1","score":"5"}}"#,
        serde_json::json!({"entity": "Run", "values": {"season": "s2", "score": "6", "blob": "b".repeat(20 << 20)}})
    );
    let out = keylab(&["encode", "--schema", schema.to_str().unwrap()], &lines);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 2);
    assert_said(&out, "line 2: warning: the item is 2097");
    assert!(!text(&out.stderr).contains("line 1: warning: the item"));
}
