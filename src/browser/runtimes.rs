//! Key code's runtimes, fetched when asked for: keylab's codec in five languages is
//! 71 KB of text that the first screen does not draw, so the page is built without it
//! (`keylab`'s `embedded-runtimes` feature off) and Trunk copies the files beside the
//! page (`keycode/`). A runtime is fetched when the Key code view shows its language or
//! an export needs it, not in the background: apart, the five files compress to 21 KB
//! where they took about 12 KB inside the wasm, so fetching them unasked would make
//! every visit 9 KB heavier than before (docs/performance.md §4). Key code is written
//! by the second module, whose core takes a file only when it is this build's, byte for
//! byte.

use super::second_module;
use super::services::{self, Later};
use keylab::keycode::Language;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Told once a runtime arrives or fails.
type Waiter = Box<dyn FnOnce()>;

/// Where a runtime is, for the view that needs it.
#[derive(Clone, Debug, PartialEq)]
pub enum Runtime {
    Ready,
    /// Not asked for yet.
    Waiting,
    Loading,
    /// Why it could not be had, in words; asking again retries.
    Failed(String),
}

thread_local! {
    /// Runtimes on their way or refused, by language id; a ready one is the core's.
    static FETCHES: RefCell<HashMap<&'static str, Runtime>> = RefCell::new(HashMap::new());
    /// Who waits for each runtime on its way.
    static WAITERS: RefCell<HashMap<&'static str, Vec<Waiter>>> = RefCell::new(HashMap::new());
    /// How many runtimes have arrived or failed: a view that uses them keys on it.
    static SETTLED: Cell<u32> = const { Cell::new(0) };
}

pub fn state(language: Language) -> Runtime {
    if language.runtime_file().is_none() {
        return Runtime::Ready;
    }
    FETCHES.with(|f| f.borrow().get(language.id()).cloned().unwrap_or(Runtime::Waiting))
}

/// Changes each time a runtime arrives or fails.
pub fn settled() -> u32 {
    SETTLED.with(Cell::get)
}

/// Asks for `language`'s runtime unless it is ready or on its way (a failed one is asked
/// for again); `done` is told once it is ready or has failed (at once when it is ready).
pub fn fetch(language: Language, done: impl FnOnce() + 'static) {
    let Some(file) = language.runtime_file().filter(|_| state(language) != Runtime::Ready) else {
        done();
        return;
    };
    WAITERS.with(|w| w.borrow_mut().entry(language.id()).or_default().push(Box::new(done)));
    if state(language) == Runtime::Loading {
        return;
    }
    FETCHES.with(|f| f.borrow_mut().insert(language.id(), Runtime::Loading));
    wasm_bindgen_futures::spawn_local(async move {
        match text_of(&format!("keycode/{file}")).await {
            // Key code is written by the second module: the runtime is handed to it.
            Ok(text) => second_module::then(move || {
                settle(
                    language,
                    match services::register_runtime(language, &text) {
                        Later::Ready(outcome) => outcome,
                        Later::Failed(why) => Err(format!("keylab's second module could not be loaded ({why})")),
                        Later::Loading => Err("keylab's second module is not loaded yet".into()),
                    },
                )
            }),
            Err(why) => settle(language, Err(why)),
        }
    });
}

/// Records how `language`'s runtime fared and tells who waited for it.
fn settle(language: Language, outcome: Result<(), String>) {
    let now = match outcome {
        Ok(()) => Runtime::Ready,
        Err(why) => Runtime::Failed(why),
    };
    FETCHES.with(|f| f.borrow_mut().insert(language.id(), now));
    SETTLED.with(|s| s.set(s.get().wrapping_add(1)));
    let waiting = WAITERS.with(|w| w.borrow_mut().remove(language.id()).unwrap_or_default());
    for done in waiting {
        done();
    }
}

/// The text at `url` (beside the page), revalidated with the server rather than taken
/// from the cache unasked: the file name carries no hash.
async fn text_of(url: &str) -> Result<String, String> {
    let said = |e: wasm_bindgen::JsValue| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| format!("{e:?}"))
    };
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_cache(web_sys::RequestCache::NoCache);
    let response = JsFuture::from(window.fetch_with_str_and_init(url, &init))
        .await
        .map_err(|e| format!("{url} could not be fetched: {}", said(e)))?;
    let response: web_sys::Response = response.dyn_into().map_err(said)?;
    if !response.ok() {
        return Err(format!("{url} answered HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(said)?)
        .await
        .map_err(|e| format!("{url} could not be read: {}", said(e)))?;
    text.as_string().ok_or_else(|| format!("{url} is not text"))
}
