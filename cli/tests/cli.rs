//! The `keylab` binary as a shell runs it: JSON lines in and out, bad lines reported
//! with their numbers, the documented exit codes, and `--help` for every command.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const SCHEMA: &str = r##"{"version": 1, "separator": "#",
  "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
  "entities": [{"name": "Run",
    "fields": {"season": {"kind": "text", "case": "upper", "maxLength": 32}, "score": {"kind": "uint", "width": 10, "order": "desc"}},
    "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}]}}]}"##;

/// The schema in a folder of its own: the tests run in parallel, and one writing the
/// file while another reads it made a half-written schema (found as a flaky exit 4).
fn schema_file() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("keylab-cli-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("design.json");
    std::fs::write(&path, SCHEMA).unwrap();
    path
}

fn keylab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_keylab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("keylab runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn encode_writes_the_keys_the_playground_shows_and_reports_bad_lines_by_number() {
    let schema = schema_file();
    let s = schema.to_str().unwrap();
    let input = concat!(
        "{\"entity\": \"Run\", \"values\": {\"season\": \"2026-spring\", \"score\": 1500}}\n",
        "{\"entity\": \"Run\", \"values\": {\"season\": \"x\", \"score\": 12345678901}}\n",
        "not json\n",
        "\n",
        "{\"entity\": \"Run\", \"values\": {\"season\": \"b\", \"score\": 9}}\n",
    );
    let out = keylab(&["encode", "--schema", s, "--on-error", "continue"], input);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"PK\":\"SEASON#2026-SPRING\",\"SK\":\"9999998499\"}\n{\"PK\":\"SEASON#B\",\"SK\":\"9999999990\"}\n"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("line 2: Run.score in SK: value \"12345678901\" has 11 digits"),
        "{err}"
    );
    assert!(err.contains("line 3: is not JSON"), "{err}");
    assert!(err.contains("2 bad line(s) reported above"), "{err}");
    // The default stops at the first bad line, with code 3, after writing what came before.
    let out = keylab(&["encode", "--schema", s], input);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout).lines().count(), 1);
    // --entity reads bare values.
    let out = keylab(
        &["encode", "--schema", s, "--entity", "Run"],
        "{\"season\": \"a\", \"score\": 1}\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "{\"PK\":\"SEASON#A\",\"SK\":\"9999999998\"}\n");
    // A misplaced field is refused, never ignored.
    let out = keylab(&["encode", "--schema", s], "{\"entity\": \"Run\", \"vals\": {}}\n");
    assert!(
        text(&out.stderr).contains("line 1: \"vals\" is not a field of an item line"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn decode_reads_keys_back_and_sort_orders_by_utf8_bytes() {
    let schema = schema_file();
    let s = schema.to_str().unwrap();
    let out = keylab(
        &["decode", "--schema", s, "--entity", "Run", "--attribute", "SK"],
        "\"9999998499\"\n\"12\"\n",
    );
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "{\"score\":1500}\n");
    assert!(text(&out.stderr).contains("line 2:"), "{}", text(&out.stderr));
    let input = "{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":9}}\n{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":1500}}\n{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":10}}\n";
    let out = keylab(&["sort", "--schema", s, "--attribute", "SK"], input);
    assert_eq!(out.status.code(), Some(0));
    let keys: Vec<String> = text(&out.stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["key"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    // Inverted: the top score first.
    assert_eq!(keys, ["9999998499", "9999999989", "9999999990"]);
}

#[test]
fn query_runs_an_input_over_items_and_lint_writes_findings() {
    let schema = schema_file();
    let s = schema.to_str().unwrap();
    let input_path = schema.with_file_name("query.json");
    std::fs::write(
        &input_path,
        r##"{"TableName": "T", "KeyConditionExpression": "PK = :p AND SK < :s",
            "ExpressionAttributeValues": {":p": {"S": "SEASON#A"}, ":s": {"S": "9999999990"}}, "Limit": 1}"##,
    )
    .unwrap();
    let items = "{\"PK\":{\"S\":\"SEASON#A\"},\"SK\":{\"S\":\"9999999989\"}}\n{\"PK\":{\"S\":\"SEASON#A\"},\"SK\":{\"S\":\"9999998499\"}}\n{\"PK\":{\"S\":\"SEASON#B\"},\"SK\":{\"S\":\"0\"}}\n";
    let out = keylab(
        &["query", "--schema", s, "--input", input_path.to_str().unwrap()],
        items,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "{\"PK\":{\"S\":\"SEASON#A\"},\"SK\":{\"S\":\"9999998499\"}}\n{\"PK\":{\"S\":\"SEASON#A\"},\"SK\":{\"S\":\"9999999989\"}}\n"
    );
    assert!(
        text(&out.stderr).contains("2 item(s) returned in 3 page(s)"),
        "{}",
        text(&out.stderr)
    );
    // Casing that merges two ids: L3, as a JSON line.
    let lines = "{\"entity\":\"Run\",\"values\":{\"season\":\"aZ3kQ9pLmN\",\"score\":1}}\n{\"entity\":\"Run\",\"values\":{\"season\":\"Az3kQ9pLmN\",\"score\":2}}\n";
    let out = keylab(&["lint", "--schema", s], lines);
    assert_eq!(out.status.code(), Some(0));
    let first: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["rule"], "L3");
    assert_eq!(first["severity"], "error");
}

#[test]
fn unreadable_files_and_wrong_command_lines_have_their_own_codes_and_every_command_has_help() {
    let out = keylab(&["encode", "--schema", "/nonexistent/design.json"], "");
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).contains("cannot read the schema /nonexistent/design.json"));
    let out = keylab(&["encode"], "");
    assert_eq!(out.status.code(), Some(2));
    for command in ["encode", "decode", "sort", "query", "lint"] {
        let out = keylab(&[command, "--help"], "");
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        assert!(
            help.contains("--schema") && help.contains("Exit codes:"),
            "{command}: {help}"
        );
    }
}
