//! Every input in the committed fuzz corpus (`fuzz/corpus/<target>/`), run natively
//! through the same property the fuzz target checks. Inputs that once found a bug stay
//! here as regression tests; `make fuzz-smoke` and docs/robustness.md cover the fuzzing.

use std::fs;
use std::path::Path;

fn run_corpus(target: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("corpus entry").path();
        let data = fs::read(&path).expect("corpus file");
        keylab::fuzzing::run_target(target, &data);
        n += 1;
    }
    assert!(n > 0, "{target}: the corpus is empty");
    n
}

#[test]
fn schema_json_corpus() {
    run_corpus("schema_json");
}

#[test]
fn encode_values_corpus() {
    run_corpus("encode_values");
}

#[test]
fn encode_order_corpus() {
    run_corpus("encode_order");
}

#[test]
fn decode_key_corpus() {
    run_corpus("decode_key");
}

#[test]
fn query_parse_corpus() {
    run_corpus("query_parse");
}

#[test]
fn evaluate_corpus() {
    run_corpus("evaluate");
}
