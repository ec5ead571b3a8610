//! The page's second module: the JS API and what the first screen does not draw (the
//! SDK code, the programs that write the items, the paste readers, the importers, key
//! code), built from `js/` with its `page` feature; `services.rs` asks it. Trunk builds it beside the page, a hook names it by its
//! content's hash and says its name in a `<meta>` (scripts/name-second-module.mjs),
//! and the page fetches it after its first paint. Until it is here, the views that need
//! it say so; if it cannot be had, they say why and offer to try again.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Where the module is.
#[derive(Clone, Debug, PartialEq)]
pub enum Loading {
    /// Not asked for yet: the first paint comes first.
    Waiting,
    Loading,
    Ready,
    /// Why it could not be had, in words; [`load`] tries again.
    Failed(String),
}

thread_local! {
    static STATE: RefCell<Loading> = const { RefCell::new(Loading::Waiting) };
    /// The module's exports, once it is here.
    static EXPORTS: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// Told each time the module arrives or fails.
    static WATCHERS: RefCell<Vec<Rc<dyn Fn()>>> = RefCell::new(Vec::new());
    /// Told once, when the module next arrives or fails.
    static THEN: RefCell<Vec<Box<dyn FnOnce()>>> = RefCell::new(Vec::new());
    /// How many times the module arrived or failed: what reads it keys on this.
    static SETTLED: Cell<u32> = const { Cell::new(0) };
}

/// The `<meta>` that names the module's script (relative to the page).
const META: &str = "keylab-second-module";

pub fn state() -> Loading {
    STATE.with(|s| s.borrow().clone())
}

/// Changes each time the module arrives or fails.
pub fn settled() -> u32 {
    SETTLED.with(Cell::get)
}

/// `watcher` is told each time the module arrives or fails.
pub fn watch(watcher: impl Fn() + 'static) {
    WATCHERS.with(|w| w.borrow_mut().push(Rc::new(watcher)));
}

/// Runs `next` once the module is here (at once if it is) or has failed, asking for
/// it if it is not on its way: what a person asked of it before it came is done then.
pub fn then(next: impl FnOnce() + 'static) {
    if state() == Loading::Ready {
        return next();
    }
    THEN.with(|t| t.borrow_mut().push(Box::new(next)));
    load();
}

/// Fetches the module unless it is here or on its way; after a failure, tries again.
pub fn load() {
    if matches!(state(), Loading::Loading | Loading::Ready) {
        return;
    }
    STATE.with(|s| *s.borrow_mut() = Loading::Loading);
    SETTLED.with(|s| s.set(s.get().wrapping_add(1)));
    tell();
    wasm_bindgen_futures::spawn_local(async {
        let now = match fetch().await {
            Ok(exports) => {
                EXPORTS.with(|e| *e.borrow_mut() = Some(exports));
                Loading::Ready
            }
            Err(why) => Loading::Failed(why),
        };
        STATE.with(|s| *s.borrow_mut() = now);
        SETTLED.with(|s| s.set(s.get().wrapping_add(1)));
        tell();
        for next in THEN.with(|t| t.take()) {
            next();
        }
    });
}

fn tell() {
    // Cloned first: a watcher may watch again while being told.
    let watchers = WATCHERS.with(|w| w.borrow().clone());
    for watcher in watchers {
        watcher();
    }
}

fn said(e: JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| format!("{e:?}"))
}

async fn fetch() -> Result<JsValue, String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let name = document
        .query_selector(&format!("meta[name={META}]"))
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"))
        .ok_or("this page was built without it")?;
    let url =
        web_sys::Url::new_with_base(&name, &document.base_uri().ok().flatten().unwrap_or_default()).map_err(said)?;
    // The browser remembers a module that failed to load under its URL: a retry asks
    // for it under another.
    let attempt = SETTLED.with(Cell::get) / 2;
    if attempt > 0 {
        url.set_search(&format!("retry={attempt}"));
    }
    // Its WebAssembly is asked for beside its script, not after it: on a slow link the
    // script's round trip would otherwise come first (bench/slow-link.mjs).
    let url = url.href();
    let wasm = wasm_beside(&url)?;
    // A dynamic import, which Rust cannot write: the module is an ES module beside the page.
    let import = js_sys::Function::new_with_args("url", "return import(url)");
    let promise: js_sys::Promise = import
        .call1(&JsValue::NULL, &url.clone().into())
        .map_err(said)?
        .dyn_into()
        .map_err(said)?;
    let exports = JsFuture::from(promise)
        .await
        .map_err(|e| format!("{name} could not be fetched: {}", said(e)))?;
    let init: js_sys::Function = js_sys::Reflect::get(&exports, &"default".into())
        .map_err(said)?
        .dyn_into()
        .map_err(|_| format!("{name} is not keylab's second module"))?;
    let given = js_sys::Object::new();
    js_sys::Reflect::set(&given, &"module_or_path".into(), &wasm).map_err(said)?;
    let started: js_sys::Promise = init
        .call1(&JsValue::NULL, &given)
        .map_err(said)?
        .dyn_into()
        .map_err(said)?;
    JsFuture::from(started)
        .await
        .map_err(|e| format!("its WebAssembly could not be fetched or compiled: {}", said(e)))?;
    // The JS API, where the page has always offered it; scripts wait for the event.
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(&window, &"wasmBindings".into(), &exports);
        if let Ok(event) = web_sys::Event::new("keylab-api-ready") {
            let _ = window.dispatch_event(&event);
        }
    }
    Ok(exports)
}

/// Starts fetching the WebAssembly that the script at `url` loads (`NAME.js` is beside
/// `NAME_bg.wasm`, as scripts/name-second-module.mjs writes them): the fetch's promise.
fn wasm_beside(url: &str) -> Result<JsValue, String> {
    // The promise is marked as handled at once: when the script fails too, its failure
    // is the one said, and the console stays clean. `init` still sees its own failure.
    let fetch = js_sys::Function::new_with_args(
        "url",
        "const wasm = new URL(url); \
         if (!wasm.pathname.endsWith('.js')) throw new Error(`${url} is not a script: rebuild the page`); \
         wasm.pathname = wasm.pathname.slice(0, -3) + '_bg.wasm'; \
         const p = fetch(wasm); p.catch(() => {}); return p",
    );
    fetch.call1(&JsValue::NULL, &url.into()).map_err(said)
}

/// Calls the module's `name` with text arguments; its answer is text. `None` while
/// the module is not here.
pub fn call(name: &str, args: &[&str]) -> Option<Result<String, String>> {
    let exports = EXPORTS.with(|e| e.borrow().clone())?;
    let answer = js_sys::Reflect::get(&exports, &name.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .ok_or_else(|| format!("keylab's second module has no {name}: reload the page"))
        .and_then(|f| {
            let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
            f.apply(&JsValue::NULL, &args)
                .map_err(|e| format!("keylab's second module failed ({}): reload the page", said(e)))
        })
        .and_then(|v| {
            v.as_string()
                .ok_or_else(|| format!("keylab's second module gave {name} no text"))
        });
    Some(answer)
}
