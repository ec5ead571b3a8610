//! The `saved_state` fuzz seeds (`fuzz/seeds/saved_state.b64`, one base64 line per
//! input), run natively through the target's property.

#![cfg(not(target_arch = "wasm32"))]

use base64::Engine;
use std::fs;
use std::path::Path;

#[test]
fn saved_state_seeds() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/seeds/saved_state.b64");
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let data = base64::engine::general_purpose::STANDARD
            .decode(line)
            .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
        keylab_app::fuzzing::saved_state(&data);
        n += 1;
    }
    assert!(n > 0, "{}: no inputs", path.display());
}
