//! The property the `saved_state` fuzz target checks (see `fuzz/`), kept here so its
//! corpus also runs as a native test: saved work, share links and imported files are
//! untrusted, so any bytes must load or be refused with a message, and what loads must
//! analyse without a panic and save back to the same state.

use crate::browser::{link, storage};
use crate::document::Playground;

pub fn saved_state(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for loaded in [
        storage::read(&text).map(|(state, _)| state),
        Playground::import(&text),
        link::decode(&format!("#s={text}"))
            .unwrap_or(Err(String::new()))
            .map(|linked| linked.work),
    ] {
        let Ok(state) = loaded else { continue };
        let _ = crate::analysis::Session::default().analyse(&std::rc::Rc::new(state.clone()));
        assert_eq!(
            Playground::from_json(&state.to_json()).as_ref(),
            Ok(&state),
            "saved work reads back as it was"
        );
    }
}
