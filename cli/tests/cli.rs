//! The `keylab` binary as a shell runs it: JSON lines in and out, bad lines reported
//! with their numbers, the documented exit codes, and `--help` for every command.

mod support;

use std::process::Output;
use support::{assert_said, keylab, schema_file, text, SCHEMA};

/// The keys `keylab sort` wrote, in its order.
fn sorted_keys(out: &Output) -> Vec<String> {
    (text(&out.stdout).lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["key"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
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
    assert_said(&out, "line 1: \"vals\" is not a field of an item line");
}

#[test]
fn encode_warns_once_per_name_about_values_no_key_reads() {
    let schema = schema_file();
    let s = schema.to_str().unwrap();
    let line = |n: u32| {
        format!("{{\"entity\": \"Run\", \"values\": {{\"season\": \"a\", \"score\": {n}, \"Score\": 1, \"note\": \"x\"}}}}\n")
    };
    let out = keylab(&["encode", "--schema", s], &(line(1) + &line(2) + &line(3)));
    // The keys and the code are those of good input: the warnings are on stderr alone.
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 3);
    assert_said(&out, "line 1: warning: field Score is given but no key of entity Run reads it: its keys read season, score (did you mean score?)");
    assert_said(
        &out,
        "line 1: warning: field note is given but no key of entity Run reads it",
    );
    assert_eq!(
        text(&out.stderr).matches("warning: field").count(),
        2,
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
    assert_said(&out, "line 2:");
    let input = "{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":9}}\n{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":1500}}\n{\"entity\":\"Run\",\"values\":{\"season\":\"a\",\"score\":10}}\n";
    let out = keylab(&["sort", "--schema", s, "--attribute", "SK"], input);
    assert_eq!(out.status.code(), Some(0));
    let keys = sorted_keys(&out);
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
    assert_said(&out, "2 item(s) returned in 3 page(s)");
    // An export's {"Item": ...} lines are the same items; a line with no partition key
    // cannot be in the table and is said.
    let wrapped: String = items.lines().map(|l| format!("{{\"Item\":{l}}}\n")).collect();
    let out_wrapped = keylab(
        &["query", "--schema", s, "--input", input_path.to_str().unwrap()],
        &wrapped,
    );
    assert_eq!(out_wrapped.stdout, out.stdout, "{}", text(&out_wrapped.stderr));
    let keyless = keylab(
        &["query", "--schema", s, "--input", input_path.to_str().unwrap()],
        "{\"Item\":{\"SK\":{\"S\":\"1\"}}}\n",
    );
    assert_eq!(keyless.status.code(), Some(3));
    assert!(text(&keyless.stderr).contains("line 1: has no PK attribute, the table's partition key"));
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
    for command in ["encode", "decode", "sort", "query", "lint", "migrate"] {
        let out = keylab(&[command, "--help"], "");
        assert_eq!(out.status.code(), Some(0), "{command}");
        let help = text(&out.stdout);
        let reads = if command == "migrate" { "--from" } else { "--schema" };
        assert!(
            help.contains(reads) && help.contains("Exit codes:"),
            "{command}: {help}"
        );
    }
}

#[test]
fn a_file_exported_from_the_page_is_read_for_its_schema_and_says_what_is_not_read() {
    let design = schema_file();
    let export = design.with_file_name("keylab-design.json");
    let doc = format!(
        r#"{{"schema": {SCHEMA}, "items": [{{"entity": "Run", "values": {{"season": "a", "score": 1}}}}], "query": {{}}}}"#
    );
    std::fs::write(&export, doc).unwrap();
    let line = "{\"entity\": \"Run\", \"values\": {\"season\": \"s\", \"score\": 1500}}\n";
    let out = keylab(&["encode", "--schema", export.to_str().unwrap()], line);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "{\"PK\":\"SEASON#S\",\"SK\":\"9999998499\"}\n");
    let err = text(&out.stderr);
    assert!(
        err.contains("its \"schema\" is used; its items, query are not read"),
        "{err}"
    );
    // A wrapper whose schema is broken names where the schema was looked for.
    std::fs::write(&export, r#"{"schema": {"version": 1}, "items": []}"#).unwrap();
    let out = keylab(&["encode", "--schema", export.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(4));
    assert!(text(&out.stderr).contains("(its \"schema\" property) is not usable"));
    // A schema document alone says nothing extra.
    let out = keylab(&["encode", "--schema", design.to_str().unwrap()], line);
    assert!(!text(&out.stderr).contains("note:"), "{}", text(&out.stderr));
}

/// The leaderboard redesigned: a narrower descending score, without the player.
fn redesign(dir: &std::path::Path) -> std::path::PathBuf {
    let new = SCHEMA.replace(r#""width": 10, "order": "desc""#, r#""width": 4, "order": "asc""#);
    let path = dir.join("new.json");
    std::fs::write(&path, new).unwrap();
    path
}

#[test]
fn migrate_writes_old_and_new_keys_per_item_and_sums_up_what_the_change_does() {
    let old = schema_file();
    let new = redesign(old.parent().unwrap());
    let summary = old.parent().unwrap().join("summary.json");
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    // Scores 5, 20 (twice, in two seasons) and 12345 under the old descending width 10.
    let export = [
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999994"},"season":{"S":"s1"}}}"#,
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999979"}}}"#,
        r#"{"PK":{"S":"SEASON#S2"},"SK":{"S":"9999999979"}}"#,
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999987654"}}}"#,
        "",
        r#"{"Item":{"PK":{"S":"ELSEWHERE"},"SK":{"S":"1"}}}"#,
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":9}}}"#,
    ]
    .join("\n");
    let args = [
        "migrate",
        "--from",
        old,
        "--to",
        new,
        "--on-error",
        "continue",
        "--summary",
    ];
    let out = keylab(&[&args[..], &[summary.to_str().unwrap()]].concat(), &export);
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{}", text(&out.stdout));
    assert_eq!(
        lines[0],
        serde_json::json!({"line": 1, "entity": "Run", "old": {"PK": "SEASON#S1", "SK": "9999999994"},
                           "new": {"PK": "SEASON#S1", "SK": "0005"}, "changed": ["SK"]})
    );
    assert_eq!(lines[3]["line"], 4);
    assert!(lines[3]["refused"].as_str().unwrap().contains("12345"), "{}", lines[3]);
    assert!(lines[4]["refused"]
        .as_str()
        .unwrap()
        .contains("does not fit the old design"));
    let err = text(&out.stderr);
    assert!(err.contains("line 7: is not an item in DynamoDB JSON"), "{err}");
    assert!(err.contains("keys change: 3 item(s) (SK 3)"), "{err}");
    assert!(
        err.contains("order changes: 1 pair(s) of one item collection, 1 of them neighbours"),
        "{err}"
    );
    assert!(
        err.contains("lines 2 and 1: old 9999999979 < 9999999994, new 0020 > 0005"),
        "{err}"
    );
    assert!(
        err.contains("cannot be written under the new design: 2 item(s)"),
        "{err}"
    );
    // A bad line is worse than a finding: exit 1, not 5.
    assert_eq!(out.status.code(), Some(1));
    let s: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    assert_eq!(
        (s["items"].as_u64(), s["changed"].as_u64(), s["refused"].as_u64()),
        (Some(5), Some(3), Some(2))
    );
    assert_eq!(s["swappedPairs"], 1);

    // Without the bad line, findings give exit 5; --on-error stop ends at a bad line.
    let clean: Vec<&str> = export.lines().take(6).collect();
    let out = keylab(&["migrate", "--from", old, "--to", new], &clean.join("\n"));
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let out = keylab(&["migrate", "--from", old, "--to", new], &export);
    assert_eq!(out.status.code(), Some(3));
    // The same design on both sides changes nothing.
    let out = keylab(&["migrate", "--from", old, "--to", old], &clean[..4].join("\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("keys change: 0 item(s)"));
}

#[test]
fn migrate_finds_collisions_and_says_when_the_checks_stopped_at_their_limit() {
    let old = schema_file();
    let dir = old.parent().unwrap();
    // The new design keys runs by season alone: every run of a season is one item.
    let new = dir.join("by-season.json");
    std::fs::write(
        &new,
        SCHEMA.replace(r#""SK": [{"field": "score"}]"#, r#""SK": [{"literal": "RUN"}]"#),
    )
    .unwrap();
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let export: String = (0..5)
        .map(|i| format!("{{\"PK\":{{\"S\":\"SEASON#S1\"}},\"SK\":{{\"S\":\"999999999{i}\"}}}}\n"))
        .collect();
    let out = keylab(&["migrate", "--from", old, "--to", new, "--examples", "1"], &export);
    let err = text(&out.stderr);
    assert!(err.contains("new table keys collide: 4 item(s)"), "{err}");
    assert!(err.contains("line 2 would overwrite line 1: SEASON#S1 / RUN"), "{err}");
    assert!(!err.contains("line 3 would overwrite"), "one example asked for: {err}");
    assert_eq!(out.status.code(), Some(5));
    let out = keylab(&["migrate", "--from", old, "--to", new, "--check-limit", "2"], &export);
    let err = text(&out.stderr);
    assert!(err.contains("new table keys collide: 1 item(s)"), "{err}");
    assert!(
        err.contains("checked over the first 2 item(s) only (--check-limit)"),
        "{err}"
    );
}

/// A huge value is cut in every message, as the page cuts it: it said it whole, into
/// stderr and into migrate's `refused` line.
#[test]
fn a_huge_value_is_cut_in_messages_with_the_count_of_what_was_left_out() {
    let schema = schema_file();
    let s = schema.to_str().unwrap();
    let huge = "x".repeat(5_000_000);
    let line = format!("{{\"entity\": \"Run\", \"values\": {{\"season\": \"{huge}\", \"score\": 1}}}}\n");
    let out = keylab(&["encode", "--schema", s, "--on-error", "continue"], &line);
    let err = text(&out.stderr);
    assert!(err.len() < 3_000, "stderr is {} bytes", err.len());
    assert!(err.contains("characters)"), "{err}");
    assert!(
        err.starts_with("line 1: Run.season in PK: value \"xxx"),
        "{}",
        &err[..200]
    );
    // migrate's refused line and its summary on stderr are cut too.
    let new = redesign(schema.parent().unwrap());
    let export = format!("{{\"Item\":{{\"PK\":{{\"S\":\"SEASON#S1\"}},\"SK\":{{\"S\":\"{huge}\"}}}}}}\n");
    let out = keylab(&["migrate", "--from", s, "--to", new.to_str().unwrap()], &export);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(stdout.contains("\"refused\""), "{}", &stdout[..stdout.len().min(300)]);
    assert!(
        stdout.len() < 3_000 && stderr.len() < 10_000,
        "stdout {} bytes, stderr {} bytes",
        stdout.len(),
        stderr.len()
    );
}

/// The committed export of a small shop: customers, orders with ISO minutes at +02:00
/// and ULIDs, order lines, and one order written by hand long ago without its id.
fn shop_export() -> String {
    format!("{}/tests/fixtures/shop-export.jsonl", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn import_reads_a_design_whose_items_encode_re_writes_every_key_it_fits() {
    let export = shop_export();
    let schema_out = keylab(&["import", "--from", "export", &export], "");
    assert_eq!(schema_out.status.code(), Some(5), "{}", text(&schema_out.stderr));
    let err = text(&schema_out.stderr);
    assert!(
        err.contains("note: Order (4 items): PK = CUSTOMER#<customer>; SK = ORDER#<placedAt>#<orderId>"),
        "{err}"
    );
    assert!(err.contains("<placedAt> ISO timestamp YYYY-MM-DDTHH:MM+02:00"), "{err}");
    assert!(err.contains("left out: total"), "{err}");
    // The lines' width is what their three samples have: a guess, said as one.
    assert!(
        err.contains("note: guess: Item's <item> width 3 read from 3 samples that all have 3 digits: a larger value would need a wider key"),
        "{err}"
    );
    assert!(
        err.contains("item on line 9: SK \"ORDER#2024-07-02T08:00+02:00#\""),
        "{err}"
    );
    assert!(err.contains("not exact: 1 of 9 items"), "{err}");
    let dir = schema_file().parent().unwrap().to_path_buf();
    let imported = dir.join("imported.json");
    std::fs::write(&imported, &schema_out.stdout).unwrap();

    let items = keylab(&["import", "--from", "export", &export, "--items"], "");
    assert_eq!(items.status.code(), Some(5));
    let lines = text(&items.stdout);
    assert_eq!(lines.lines().count(), 8, "{lines}");
    let encoded = keylab(&["encode", "--schema", imported.to_str().unwrap()], &lines);
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    // Every key encode writes is the key the export holds, attribute for attribute.
    let stored: Vec<serde_json::Value> = std::fs::read_to_string(&export)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["Item"].clone())
        .collect();
    let written: Vec<serde_json::Value> = text(&encoded.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let odd = 8; // the order without its id, the only item left out
    for (keys, item) in written
        .iter()
        .zip(stored.iter().enumerate().filter(|(i, _)| *i != odd).map(|(_, s)| s))
    {
        for (attribute, key) in keys.as_object().unwrap() {
            assert_eq!(Some(key), item[attribute].get("S"), "{attribute} of {item}");
        }
    }
}

#[test]
fn import_reads_a_scan_output_and_named_keys_and_says_what_is_wrong() {
    let scan = r#"{"Items": [{"id": {"S": "USER#u1"}, "at": {"N": "1719100800"}}, {"id": {"S": "USER#u2"}, "at": {"N": "1719187200"}}], "Count": 2}"#;
    let guessed = keylab(&["import", "--from", "export", "-"], scan);
    assert_eq!(guessed.status.code(), Some(4));
    assert_said(&guessed, "--partition");
    let named = keylab(
        &[
            "import",
            "--from",
            "export",
            "-",
            "--partition",
            "id",
            "--sort",
            "at",
            "--table",
            "Users",
        ],
        scan,
    );
    assert_eq!(named.status.code(), Some(0), "{}", text(&named.stderr));
    let schema: serde_json::Value = serde_json::from_slice(&named.stdout).unwrap();
    assert_eq!(schema["table"]["name"], "Users");
    assert_eq!(schema["table"]["attributes"]["at"], "N");
    assert!(text(&named.stderr).contains("exact: the design writes every key of the 2 items again"));
    let bad_index = keylab(
        &[
            "import",
            "--from",
            "export",
            "-",
            "--partition",
            "id",
            "--index",
            "GSI1",
        ],
        scan,
    );
    assert_eq!(bad_index.status.code(), Some(2));
    assert!(text(&bad_index.stderr).contains("write NAME=PARTITION"));
    let not_json = keylab(
        &["import", "--from", "export", "-"],
        "{\"PK\": {\"S\": \"A\"}}\nnot json\n",
    );
    assert_eq!(not_json.status.code(), Some(4));
    assert_said(&not_json, "item on line 2: is not an item in DynamoDB JSON");
    let missing = keylab(&["import", "--from", "export", "/nonexistent/export.jsonl"], "");
    assert_eq!(missing.status.code(), Some(4));
}

#[test]
fn import_reads_a_workbench_model_whose_items_encode_re_writes_every_key() {
    let model = format!("{}/tests/fixtures/offices-workbench.json", env!("CARGO_MANIFEST_DIR"));
    let schema_out = keylab(&["import", "--from", "workbench", &model], "");
    let err = text(&schema_out.stderr);
    // Its facet Parking has no items, so no template: left out, exit 6.
    assert_eq!(schema_out.status.code(), Some(6), "{err}");
    assert!(err.contains("note: a NoSQL Workbench model, version 3.0"), "{err}");
    assert!(
        err.contains("note: Visit (3 items): PK = OFFICE#<office>; SK = <State>#<Date>"),
        "{err}"
    );
    assert!(
        err.contains("note: facet Parking is left out: it has no TableData"),
        "{err}"
    );
    assert!(
        err.contains("exact: the design writes every key of the 8 items again"),
        "{err}"
    );
    let imported = schema_file().parent().unwrap().join("imported-workbench.json");
    std::fs::write(&imported, &schema_out.stdout).unwrap();

    let items = keylab(&["import", "--from", "workbench", &model, "--items"], "");
    assert_eq!(items.status.code(), Some(6));
    let encoded = keylab(
        &["encode", "--schema", imported.to_str().unwrap()],
        &text(&items.stdout),
    );
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    let source = keylab::infer::sources::read(
        keylab::infer::sources::Format::Workbench,
        &std::fs::read_to_string(&model).unwrap(),
        None,
    )
    .unwrap();
    let written: Vec<serde_json::Value> = text(&encoded.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(written.len(), source.items.len());
    for (keys, item) in written.iter().zip(&source.items) {
        for (attribute, key) in keys.as_object().unwrap() {
            let Some(keylab::migrate::stored::Attribute::S(stored)) = item.get(attribute) else {
                panic!("{attribute} is not an S in {item:?}");
            };
            assert_eq!(key.as_str(), Some(stored.as_ref()), "{attribute}");
        }
    }
    let other = keylab(&["import", "--from", "workbench", &model, "--table", "Nope"], "");
    assert_eq!(other.status.code(), Some(4));
    assert_said(&other, "its tables are Offices");
}

#[test]
fn export_writes_an_exports_lines_that_import_and_encode_to_the_same_keys() {
    let design = schema_file();
    let s = design.to_str().unwrap();
    let items = "{\"entity\": \"Run\", \"values\": {\"season\": \"2026-spring\", \"score\": 1500}}\n\
                 {\"entity\": \"Run\", \"values\": {\"season\": \"2026-spring\", \"score\": 9}}\n\
                 {\"entity\": \"Run\", \"values\": {\"season\": \"2026-autumn\", \"score\": 42}}\n";
    let out = keylab(&["export", "--to", "export", "--schema", s], items);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = text(&out.stdout);
    let first: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    assert_eq!(first["Item"]["SK"]["S"], "9999998499");
    assert_eq!(first["Item"]["score"]["N"], "1500");
    // Read back by import: the same keys, every item exact.
    let file = design.parent().unwrap().join("exported.jsonl");
    std::fs::write(&file, &out.stdout).unwrap();
    let back = keylab(&["import", "--from", "export", file.to_str().unwrap(), "--items"], "");
    assert_eq!(back.status.code(), Some(0), "{}", text(&back.stderr));
    let imported = keylab(&["import", "--from", "export", file.to_str().unwrap()], "");
    let imported_file = design.parent().unwrap().join("imported-lines.json");
    std::fs::write(&imported_file, &imported.stdout).unwrap();
    let keys = keylab(
        &["encode", "--schema", imported_file.to_str().unwrap()],
        &text(&back.stdout),
    );
    let original = keylab(&["encode", "--schema", s], items);
    assert_eq!(text(&keys.stdout), text(&original.stdout));

    // A refused item and one a later item replaces are said, with exit 5.
    let odd = "{\"entity\": \"Run\", \"values\": {\"season\": \"s\", \"score\": -1}}\n\
               {\"entity\": \"Run\", \"values\": {\"season\": \"s\", \"score\": 1}}\n\
               {\"entity\": \"Run\", \"values\": {\"season\": \"s\", \"score\": 1}}\n";
    let bad = keylab(&["export", "--to", "export", "--schema", s], odd);
    let err = text(&bad.stderr);
    assert_eq!(bad.status.code(), Some(5), "{err}");
    assert!(err.contains("note: item 1 cannot be written"), "{err}");
    assert!(
        err.contains("note: 1 item(s) have the table key of a later item"),
        "{err}"
    );
    assert_eq!(text(&bad.stdout).lines().count(), 1);
}

#[test]
fn export_writes_a_workbench_model_that_imports_to_the_same_design() {
    let design = schema_file();
    let items = "{\"entity\": \"Run\", \"values\": {\"season\": \"2026-spring\", \"score\": 1500}}\n\
                 {\"entity\": \"Run\", \"values\": {\"season\": \"2026-spring\", \"score\": 9}}\n";
    let out = keylab(
        &["export", "--to", "workbench", "--schema", design.to_str().unwrap()],
        items,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let model: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(model["ModelMetadata"]["Version"], "3.0");
    let facet = &model["DataModel"][0]["TableFacets"][0];
    assert_eq!(facet["TableData"][0]["SK"]["S"], "9999998499");

    let file = design.parent().unwrap().join("exported.workbench.json");
    std::fs::write(&file, &out.stdout).unwrap();
    let back = keylab(&["import", "--from", "workbench", file.to_str().unwrap()], "");
    assert_eq!(back.status.code(), Some(0), "{}", text(&back.stderr));
    assert_said(&back, "used as it is");
    let original =
        keylab::Schema::from_value(&serde_json::from_str(&std::fs::read_to_string(&design).unwrap()).unwrap()).unwrap();
    let again = keylab::Schema::from_value(&serde_json::from_slice(&back.stdout).unwrap()).unwrap();
    assert_eq!(again, original);

    let bad = keylab(
        &["export", "--to", "workbench", "--schema", design.to_str().unwrap()],
        "{\"entity\": \"Run\", \"values\": {\"season\": \"s\", \"score\": -1}}\n",
    );
    assert_eq!(bad.status.code(), Some(5), "{}", text(&bad.stderr));
    assert_said(&bad, "note: item 1 (Run) is left out");
}

#[test]
fn import_reads_electrodb_entities_and_encode_writes_their_keys() {
    let file = format!("{}/tests/fixtures/shop-electrodb.js", env!("CARGO_MANIFEST_DIR"));
    let out = keylab(&["import", "--from", "electrodb", &file], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains(
            "note: entity order: pk = $shop#orderid_<orderId> (ElectroDB's own format, lower case by its default)"
        ),
        "{err}"
    );
    assert!(
        err.contains("the file states its design (2 entities) and holds no items"),
        "{err}"
    );
    let imported = schema_file().parent().unwrap().join("imported-electrodb.json");
    std::fs::write(&imported, &out.stdout).unwrap();
    let encoded = keylab(
        &["encode", "--schema", imported.to_str().unwrap()],
        "{\"entity\": \"order\", \"values\": {\"orderId\": \"O-9\", \"customerId\": \"C-1\", \"seq\": 7, \"status\": \"open\"}}\n",
    );
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    // What electrodb 3.9.3's put().params() writes for the same item.
    assert_eq!(
        text(&encoded.stdout).trim(),
        r#"{"pk":"$shop#orderid_o-9","sk":"$order_1#seq_000007","gsi1pk":"$shop#customerid_c-1","gsi1sk":"$customerorders#order_1#status_open#orderid_o-9"}"#
    );
    let broken = keylab(
        &["import", "--from", "electrodb", "-"],
        "new Entity({ model: { entity: 'e' ",
    );
    assert_eq!(broken.status.code(), Some(4), "{}", text(&broken.stderr));
    assert_said(&broken, "line 1");
}

/// A file of each reader that leaves a part out: the part, as the file names it.
const LEFT_OUT: [(&str, &str, &str); 4] = [
    (
        "electrodb",
        r#"new Entity({ model: { entity: "customer", service: "shop" },
          attributes: { id: { type: "string" }, tier: { type: "string" } },
          indexes: {
            byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
            byTier: { index: "gsi1", pk: { field: "gsi1pk", composite: ["tier"], casing: "upper" }, sk: { field: "gsi1sk", composite: [] } },
            top: { index: "gsi2", type: "composite", pk: { composite: ["tier"] } } } })"#,
        "note: entity customer: index gsi2 (access pattern top) is left out",
    ),
    (
        "onetable",
        r#"{ format: 'onetable:1.1.0', indexes: { primary: { hash: 'pk', sort: 'sk' } }, models: {
          User: { pk: { type: String, value: 'U#${id}' }, sk: { type: String, value: 'R#${rank:8:x}' }, id: { type: String }, rank: { type: Number } },
          Acct: { pk: { type: String, value: 'A#${id}' }, sk: { type: String, value: 'A#' }, id: { type: String } } } }"#,
        "note: model User is left out: keylab cannot write its table keys as OneTable does: sk: rank is padded with \"x\"",
    ),
    (
        "mcp",
        r#"{"tables": [{"TableName": "T", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
          "LocalSecondaryIndexes": [{"IndexName": "ByDate"}]}],
          "items": {"T": [{"PutRequest": {"Item": {"PK": {"S": "USER#u1"}}}}]}, "access_patterns": []}"#,
        "note: index ByDate is left out: it is a local index",
    ),
    (
        "workbench",
        r#"{"ModelName": "M", "DataModel": [{"TableName": "T", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK"}},
          "TableFacets": [{"FacetName": "User", "TableData": [{"PK": {"S": "USER#u1"}}]}, {"FacetName": "Note"}]}]}"#,
        "note: facet Note is left out: it has no TableData of its own",
    ),
];

#[test]
fn import_of_a_file_that_leaves_a_part_out_exits_6_naming_it() {
    for (format, file, says) in LEFT_OUT {
        // Before: exit 0 with the note alone (exit 4 for ElectroDB's index).
        let out = keylab(&["import", "--from", format, "-"], file);
        assert_eq!(out.status.code(), Some(6), "{format}: {}", text(&out.stderr));
        assert_said(&out, says);
        assert_said(&out, "part(s) of the file are not in the design (");
        assert_eq!(text(&out.stderr).matches(says).count(), 1, "{format}: said once");
        let schema: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(!schema["entities"].as_array().unwrap().is_empty(), "{format}");
    }
    // Items a design does not write again (5) and a part left out (6): 5, both said.
    let both = r#"{"tables": [{"TableName": "T", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
      "LocalSecondaryIndexes": [{"IndexName": "ByDate"}]}],
      "items": {"T": [{"PutRequest": {"Item": {"PK": {"S": "USER#u1"}, "EntityType": {"S": "User"}}}},
                      {"PutRequest": {"Item": {"PK": {"S": "USER#u2"}, "EntityType": {"S": "User"}}}},
                      {"PutRequest": {"Item": {"PK": {"S": "USER#u3"}}}}]}}"#;
    let out = keylab(
        &["import", "--from", "mcp", "-", "--entity-attribute", "EntityType"],
        both,
    );
    let (err, code) = (text(&out.stderr), out.status.code());
    assert!(
        err.contains("not exact") && err.contains("index ByDate is left out"),
        "{err}"
    );
    assert_eq!(code, Some(5), "{err}");
    let help = keylab(&["import", "--help"], "");
    assert!(text(&help.stdout).contains("6  import: the design was written, but part of the file"));
}

#[test]
fn import_reads_a_onetable_schema_and_encode_writes_its_keys() {
    let file = format!("{}/tests/fixtures/crm-onetable.js", env!("CARGO_MANIFEST_DIR"));
    let out = keylab(&["import", "--from", "onetable", &file, "--table", "crm"], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("note: model User: gs1sk = User#<rank>#<email>"), "{err}");
    assert!(err.contains("note: model User: left out: balance"), "{err}");
    let imported = schema_file().parent().unwrap().join("imported-onetable.json");
    std::fs::write(&imported, &out.stdout).unwrap();
    let encoded = keylab(
        &["encode", "--schema", imported.to_str().unwrap()],
        "{\"entity\": \"User\", \"values\": {\"accountId\": \"A-1\", \"email\": \"Ada@x.io\", \"rank\": 42, \"status\": \"active\"}}\n",
    );
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    // What dynamodb-onetable 2.7.7's create(..., {execute: false}) writes for the same item.
    assert_eq!(
        text(&encoded.stdout).trim(),
        r#"{"pk":"Account#A-1","sk":"User#Ada@x.io","gs1pk":"Users#active","gs1sk":"User#00000042#Ada@x.io"}"#
    );
}

#[test]
fn import_reads_an_mcp_data_model_and_checks_its_query_patterns() {
    let file = format!("{}/tests/fixtures/library-mcp.json", env!("CARGO_MANIFEST_DIR"));
    let out = keylab(&["import", "--from", "mcp", &file], "");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("note: pattern 2 (A member's loans, newest first): #pk = :pk AND begins_with(#sk, :loan): DynamoDB accepts it; it returns 2 of the model's items"), "{err}");
    assert!(
        err.contains("exact: the design writes every key of the 7 items again"),
        "{err}"
    );
    let imported = schema_file().parent().unwrap().join("imported-mcp.json");
    std::fs::write(&imported, &out.stdout).unwrap();
    let items = keylab(&["import", "--from", "mcp", &file, "--items"], "");
    let encoded = keylab(
        &["encode", "--schema", imported.to_str().unwrap()],
        &text(&items.stdout),
    );
    assert_eq!(encoded.status.code(), Some(0), "{}", text(&encoded.stderr));
    assert!(text(&encoded.stdout).contains(r#""SK":"LOAN#2024-06-12T18:05:00Z#b-17""#));
    let missing = keylab(&["import", "--from", "mcp", &file, "--table", "Nope"], "");
    assert_eq!(missing.status.code(), Some(4));
    assert_said(&missing, "its tables are Library");
}

#[test]
fn exports_to_electrodb_and_onetable_import_to_the_same_design() {
    let design = schema_file();
    for format in ["electrodb", "onetable"] {
        let out = keylab(&["export", "--to", format, "--schema", design.to_str().unwrap()], "");
        let err = text(&out.stderr);
        // The leaderboard's score is stored inverted, which neither tool writes itself: said, exit 5.
        assert_eq!(out.status.code(), Some(5), "{format}: {err}");
        assert!(err.contains("score is stored inverted (desc)"), "{format}: {err}");
        let file = design.parent().unwrap().join(format!("exported.{format}.ts"));
        std::fs::write(&file, &out.stdout).unwrap();
        let back = keylab(&["import", "--from", format, file.to_str().unwrap()], "");
        assert_eq!(back.status.code(), Some(0), "{format}: {}", text(&back.stderr));
        assert!(
            text(&back.stderr).contains("it is used as it is"),
            "{format}: {}",
            text(&back.stderr)
        );
        let original = keylab::Schema::from_json(&std::fs::read_to_string(&design).unwrap()).unwrap();
        let imported = keylab::Schema::from_json(&text(&back.stdout)).unwrap();
        assert_eq!(imported, original, "{format}");
    }
}

/// The README's path, on the committed shop export: import the table, see its keys
/// sorted, check the design, ask an access pattern, change the design (orders newest
/// first, in UTC), migrate, and write code for the backend.
#[test]
fn a_table_goes_from_its_export_to_a_new_design_and_code_for_the_backend() {
    let export = shop_export();
    let dir = schema_file().parent().unwrap().to_path_buf();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let design = keylab(&["import", "--from", "export", &export], "");
    std::fs::write(path("shop.json"), &design.stdout).unwrap();
    let items = text(&keylab(&["import", "--from", "export", &export, "--items"], "").stdout);

    // Its keys sorted as DynamoDB sorts them: a customer's profile, then its orders by time.
    let sorted = keylab(&["sort", "--schema", &path("shop.json"), "--attribute", "SK"], &items);
    let keys = sorted_keys(&sorted);
    assert_eq!(keys[0], "CUSTOMER#c-1");
    assert!(keys[5].starts_with("ORDER#2024-06-23T14:40+02:00#"), "{keys:?}");
    // Its design check: no bound on the customer ids' length.
    let lint = text(&keylab(&["lint", "--schema", &path("shop.json")], &items).stdout);
    assert!(
        lint.contains("\"rule\":\"L2\"") && lint.contains("customerId"),
        "{lint}"
    );

    // An access pattern, run over the export itself: c-1's orders, newest first.
    let newest = r#"{"TableName": "shop", "KeyConditionExpression": "PK = :c AND begins_with(SK, :o)", "ScanIndexForward": false,
        "ExpressionAttributeValues": {":c": {"S": "CUSTOMER#c-1"}, ":o": {"S": "ORDER#"}}}"#;
    std::fs::write(path("newest.json"), newest).unwrap();
    let returned = keylab(
        &["query", "--schema", &path("shop.json"), "--input", &path("newest.json")],
        &std::fs::read_to_string(&export).unwrap(),
    );
    let ids: Vec<String> = (text(&returned.stdout).lines())
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["orderId"]["S"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(ids, ["01J0ZP7A2C5D6E7F8G9H0J1K2M", "01J0ZP6Q8B4V8RQ9N4W1XK2M3A"]);

    // The change: orders newest first in plain ascending order, their time in UTC.
    let mut v2: serde_json::Value = serde_json::from_slice(&design.stdout).unwrap();
    let order = (v2["entities"].as_array_mut().unwrap().iter_mut())
        .find(|e| e["name"] == "Order")
        .unwrap();
    order["fields"]["placedAt"] =
        serde_json::json!({"kind": "timestamp", "unit": "iso", "precision": "minute", "zone": "Z", "order": "desc"});
    std::fs::write(path("shop-v2.json"), v2.to_string()).unwrap();
    let migrated = keylab(
        &["migrate", "--from", &path("shop.json"), "--to", &path("shop-v2.json")],
        &std::fs::read_to_string(&export).unwrap(),
    );
    let summary = text(&migrated.stderr);
    // The hand-written order without its id cannot be re-keyed: said, exit 5.
    assert_eq!(migrated.status.code(), Some(5), "{summary}");
    assert!(summary.contains("keys change: 3 item(s) (SK 3)"), "{summary}");
    assert!(
        summary.contains("order changes: 1 pair(s) of one item collection"),
        "{summary}"
    );
    assert!(
        summary.contains("cannot be written under the new design: 1 item(s)"),
        "{summary}"
    );
    // Under the new design c-1's newest order sorts first, ascending.
    let sorted = keylab(
        &["sort", "--schema", &path("shop-v2.json"), "--attribute", "SK"],
        &items,
    );
    let orders: Vec<String> = (text(&sorted.stdout).lines())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["values"]["customer"] == "c-1")
        .map(|v| v["values"]["orderId"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(orders, ids);

    // Code for the backend: entities and a OneTable schema that write the new keys.
    for format in ["electrodb", "onetable"] {
        let code = keylab(&["export", "--to", format, "--schema", &path("shop-v2.json")], "");
        let said = text(&code.stderr);
        assert_eq!(code.status.code(), Some(5), "{format}: {said}");
        assert!(
            said.contains("Order.SK: placedAt is stored inverted (desc)"),
            "{format}: {said}"
        );
        assert!(
            text(&code.stdout).contains("export function encodeOrderSk("),
            "{format}"
        );
    }
}

/// `--emit items` and `--emit batch` write every item whole under the new design (its
/// other attributes as they were), leave out what cannot be written with a word, and
/// start a new batch rather than write one key twice in one (DynamoDB refuses that).
#[test]
fn migrate_emits_whole_items_and_batch_files_a_table_can_load() {
    let old = schema_file();
    let dir = old.parent().unwrap().to_path_buf();
    let new = redesign(&dir);
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    // 30 runs of season S1, scores 0..30 (desc, width 10), then one 12345 (too wide for
    // width 4) and one run whose score repeats 7 (a collision under the new design).
    let mut export: Vec<String> = (0..30)
        .map(|i| {
            format!(
                r#"{{"Item":{{"PK":{{"S":"SEASON#S1"}},"SK":{{"S":"{}"}},"who":{{"S":"p{i} \"q\""}},"tags":{{"L":[{{"N":"1"}}]}}}}}}"#,
                9_999_999_999u64 - i
            )
        })
        .collect();
    export.push(r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999987654"}}}"#.into());
    export.push(r#"{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999992"},"again":{"BOOL":true}}"#.into());
    let export = export.join("\n");

    let out = keylab(&["migrate", "--from", old, "--to", new, "--emit", "items"], &export);
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let items: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(items.len(), 31, "the too-wide score is left out");
    assert_eq!(
        items[3],
        serde_json::json!({"Item": {"PK": {"S": "SEASON#S1"}, "SK": {"S": "0003"},
            "who": {"S": "p3 \"q\""}, "tags": {"L": [{"N": "1"}]}}})
    );
    assert_eq!(items[30]["Item"]["again"], serde_json::json!({"BOOL": true}));
    let err = text(&out.stderr);
    assert!(err.contains("The output leaves them out"), "{err}");
    assert!(err.contains("Resolve the 1 collision(s)"), "{err}");

    let batches = dir.join("batches");
    let args = [
        "migrate", "--from", old, "--to", new, "--emit", "batch", "--table", "Runs", "--out",
    ];
    let out = keylab(&[&args[..], &[batches.to_str().unwrap()]].concat(), &export);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("load the 2 request file(s) in"), "{err}");
    let read = |n: usize| -> Vec<serde_json::Value> {
        let file = batches.join(format!("batch-{n:06}.json"));
        let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
        v["Runs"].as_array().unwrap().clone()
    };
    let (first, second) = (read(1), read(2));
    assert_eq!(first.len(), 25);
    assert_eq!(first[0]["PutRequest"]["Item"]["SK"], serde_json::json!({"S": "0000"}));
    // Runs 25-29, then the repeat of score 7 (its first is in the other batch).
    assert_eq!(second.len(), 6);
    assert_eq!(second[5]["PutRequest"]["Item"]["SK"], serde_json::json!({"S": "0007"}));
    // The folder now holds files: a second run into it is refused, not mixed in.
    let out = keylab(&[&args[..], &[batches.to_str().unwrap()]].concat(), &export);
    assert_eq!(out.status.code(), Some(2));
    assert_said(&out, "holds 2 file(s)");

    // A repeat within one batch starts the next batch.
    let repeat = [export.lines().next().unwrap(), export.lines().last().unwrap()].join("\n");
    let repeat = repeat.replace("9999999992", "9999999999");
    let again = dir.join("repeat");
    let out = keylab(&[&args[..], &[again.to_str().unwrap()]].concat(), &repeat);
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    assert!(again.join("batch-000002.json").exists(), "one key twice is two batches");
}

/// `--emit transactions` re-keys in place: per changed item, the new item's put (only
/// where no item is) and the old one's delete; a table key kept is one put.
#[test]
fn migrate_plans_an_in_place_change_as_one_transaction_per_item() {
    let old = schema_file();
    let dir = old.parent().unwrap().to_path_buf();
    let new = redesign(&dir);
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let export = [
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999994"},"who":{"S":"ann"}}}"#,
        r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999987654"}}}"#,
    ]
    .join("\n");
    let program = dir.join("apply.mjs");
    let args = [
        "migrate",
        "--from",
        old,
        "--to",
        new,
        "--emit",
        "transactions",
        "--table",
        "Runs",
        "--sdk",
        "js-client",
        "--program",
    ];
    let out = keylab(&[&args[..], &[program.to_str().unwrap()]].concat(), &export);
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    let plan: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        plan,
        serde_json::json!({"TransactItems": [
            {"Put": {"TableName": "Runs", "Item": {"PK": {"S": "SEASON#S1"}, "SK": {"S": "0005"}, "who": {"S": "ann"}},
                     "ConditionExpression": "attribute_not_exists(#pk)", "ExpressionAttributeNames": {"#pk": "PK"}}},
            {"Delete": {"TableName": "Runs", "Key": {"PK": {"S": "SEASON#S1"}, "SK": {"S": "9999999994"}}}}]})
    );
    let err = text(&out.stderr);
    assert!(err.contains("The plan leaves them under their old keys"), "{err}");
    assert!(err.contains("Apply the 1 move(s)"), "{err}");
    assert!(
        err.contains(&format!("$ node {} plan.jsonl", program.display())),
        "{err}"
    );
    assert!(std::fs::read_to_string(&program)
        .unwrap()
        .contains("TransactWriteItemsCommand"));
    // The same design on both sides: nothing to do.
    let out = keylab(
        &[
            "migrate",
            "--from",
            old,
            "--to",
            old,
            "--emit",
            "transactions",
            "--table",
            "Runs",
        ],
        &export[..export.find('\n').unwrap()],
    );
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), String::new()));
    // Other table key attributes cannot be re-keyed in place.
    let renamed = dir.join("renamed.json");
    std::fs::write(&renamed, SCHEMA.replace("\"SK\"", "\"sk\"")).unwrap();
    let out = keylab(
        &[
            "migrate",
            "--from",
            old,
            "--to",
            renamed.to_str().unwrap(),
            "--emit",
            "transactions",
            "--table",
            "Runs",
        ],
        &export,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_said(
        &out,
        "needs the same table key attributes under both designs (PK, SK now, PK, sk after)",
    );
}

/// An index the new design drops: with --old-keys drop its key is removed in place by an
/// update (nothing else about the item is written); with keep there is nothing to do.
#[test]
fn migrate_removes_a_dropped_index_key_in_place_or_keeps_it() {
    let old = schema_file();
    let dir = old.parent().unwrap().to_path_buf();
    let with_index = SCHEMA
        .replace(
            r#""attributes": {"PK": "S", "SK": "S"}"#,
            r#""attributes": {"PK": "S", "SK": "S", "GSI1PK": "S"}, "indexes": [{"name": "GSI1", "partition": "GSI1PK"}]"#,
        )
        .replace(
            r#""SK": [{"field": "score"}]}"#,
            r#""SK": [{"field": "score"}], "GSI1PK": [{"literal": "RUNS"}]}"#,
        );
    assert_ne!(with_index, SCHEMA);
    let indexed = dir.join("indexed.json");
    std::fs::write(&indexed, with_index).unwrap();
    let (from, to) = (indexed.to_str().unwrap(), old.to_str().unwrap());
    let export = r#"{"Item":{"PK":{"S":"SEASON#S1"},"SK":{"S":"9999999994"},"GSI1PK":{"S":"RUNS"},"who":{"S":"ann"}}}"#;
    let args = [
        "migrate",
        "--from",
        from,
        "--to",
        to,
        "--emit",
        "transactions",
        "--table",
        "Runs",
    ];
    let out = keylab(&args, export);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let plan: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        plan,
        serde_json::json!({"TransactItems": [{"Update": {"TableName": "Runs",
            "Key": {"PK": {"S": "SEASON#S1"}, "SK": {"S": "9999999994"}},
            "UpdateExpression": "REMOVE #k1", "ConditionExpression": "attribute_exists(#pk)",
            "ExpressionAttributeNames": {"#pk": "PK", "#k1": "GSI1PK"}}}]})
    );
    assert_said(&out, "(GSI1PK from 1)");
    let out = keylab(&[&args[..], &["--old-keys", "keep"]].concat(), export);
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), String::new()));
    // As items: the key left out, or kept.
    let out = keylab(&["migrate", "--from", from, "--to", to, "--emit", "items"], export);
    assert!(!text(&out.stdout).contains("GSI1PK"), "{}", text(&out.stdout));
    let out = keylab(
        &[
            "migrate",
            "--from",
            from,
            "--to",
            to,
            "--emit",
            "items",
            "--old-keys",
            "keep",
        ],
        export,
    );
    assert!(
        text(&out.stdout).contains(r#""GSI1PK":{"S":"RUNS"}"#),
        "{}",
        text(&out.stdout)
    );
}

/// Options that only another `--emit` reads are refused with what they belong to.
#[test]
fn migrate_refuses_options_its_emit_mode_does_not_read() {
    let old = schema_file();
    let s = old.to_str().unwrap();
    for (args, said) in [
        (
            &["--old-keys", "keep"][..],
            "--old-keys is read only with --emit items or --emit batch",
        ),
        (
            &["--emit", "items", "--table", "T"][..],
            "--table is read only with --emit batch",
        ),
        (&["--part", "a"][..], "--part is read only with --emit checks"),
        (&["--emit", "batch", "--table", "T"][..], "--emit batch needs --table"),
        (&["--emit", "transactions"][..], "--emit transactions needs --table"),
        (
            &["--emit", "transactions", "--table", "T", "--program", "a.py"][..],
            "give both, or neither",
        ),
        (
            &["--sdk", "js-client"][..],
            "--sdk is read only with --emit transactions",
        ),
    ] {
        let out = keylab(&[&["migrate", "--from", s, "--to", s][..], args].concat(), "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains(said), "{args:?}: {}", text(&out.stderr));
    }
}
