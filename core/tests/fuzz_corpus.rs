//! Every input of the committed fuzz seeds (`fuzz/seeds/<target>.b64`, one base64 line
//! per input) and every input that once found a bug (`fuzz/regressions/<target>/`), run
//! natively through the same property the fuzz target checks. `make fuzz-smoke` and
//! docs/robustness.md cover the fuzzing itself.

use base64::Engine;
use std::fs;
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

/// The inputs packed for `target`; a missing or empty pack fails the test.
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let path = fuzz_dir().join("seeds").join(format!("{target}.b64"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let inputs: Vec<Vec<u8>> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            base64::engine::general_purpose::STANDARD
                .decode(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect();
    assert!(!inputs.is_empty(), "{}: no inputs", path.display());
    inputs
}

fn run_seeds(target: &str) {
    for data in seeds(target) {
        keylab::fuzzing::run_target(target, &data);
    }
}

#[test]
fn schema_json_seeds() {
    run_seeds("schema_json");
}

#[test]
fn encode_values_seeds() {
    run_seeds("encode_values");
}

#[test]
fn encode_order_seeds() {
    run_seeds("encode_order");
}

#[test]
fn decode_key_seeds() {
    run_seeds("decode_key");
}

#[test]
fn query_parse_seeds() {
    run_seeds("query_parse");
}

#[test]
fn evaluate_seeds() {
    run_seeds("evaluate");
}

/// The targets that have found bugs; each keeps its inputs as regression tests.
const WITH_REGRESSIONS: [&str; 2] = ["decode_key", "evaluate"];

#[test]
fn every_regression_still_passes() {
    let root = fuzz_dir().join("regressions");
    let mut targets: Vec<String> = fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}: the regression inputs are gone", root.display()))
        .map(|d| d.expect("regressions entry").file_name().to_string_lossy().into_owned())
        .collect();
    targets.sort();
    for known in WITH_REGRESSIONS {
        assert!(
            targets.iter().any(|t| t == known),
            "fuzz/regressions/{known} is missing"
        );
    }
    for target in &targets {
        let dir = root.join(target);
        let mut n = 0;
        for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let data = fs::read(entry.expect("regression entry").path()).expect("regression file");
            keylab::fuzzing::run_target(target, &data);
            n += 1;
        }
        assert!(n > 0, "{}: no regression inputs", dir.display());
    }
}
