//! What the CLI's integration tests share: the `keylab` binary run as a shell runs it,
//! and a leaderboard design in a folder of each test's own.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

pub const SCHEMA: &str = r##"{"version": 1, "separator": "#",
  "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
  "entities": [{"name": "Run",
    "fields": {"season": {"kind": "text", "case": "upper", "maxLength": 32}, "score": {"kind": "uint", "width": 10, "order": "desc"}},
    "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}]}}]}"##;

/// The schema in a folder of its own: the tests run in parallel, and one writing the
/// file while another reads it made a half-written schema (found as a flaky exit 4).
pub fn schema_file() -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("keylab-cli-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("design.json");
    std::fs::write(&path, SCHEMA).unwrap();
    path
}

pub fn keylab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_keylab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("keylab runs");
    // A command refused before it reads stdin closes it: not the test's failure.
    match child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

/// Asserts that the command said `what` on stderr, showing all it said when it did not.
pub fn assert_said(out: &Output, what: &str) {
    let said = text(&out.stderr);
    assert!(said.contains(what), "{said}");
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
