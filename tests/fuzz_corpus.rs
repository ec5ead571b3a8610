//! The committed `saved_state` fuzz corpus, run natively through the target's property.

#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

#[test]
fn saved_state_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/saved_state");
    let mut n = 0;
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let data = fs::read(entry.expect("corpus entry").path()).expect("corpus file");
        keylab_app::fuzzing::saved_state(&data);
        n += 1;
    }
    assert!(n > 0, "the corpus is empty");
}
