//! wasm-bindgen tests in headless Chromium: the JS API as JavaScript sees it, the app
//! mounted in a real document, and persistence on real localStorage.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use keylab_app::{browser::storage, ui::app::App};
use keylab_js as api;
use std::time::Duration;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(json: &str) -> JsValue {
    js_sys::JSON::parse(json).expect("test JSON parses")
}

const SCHEMA: &str = r##"{"version": 1, "separator": "#",
  "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
  "entities": [{"name": "Run",
    "fields": {"season": {"kind": "text", "case": "upper"}, "score": {"kind": "uint", "width": 10, "order": "desc"}},
    "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}]}}]}"##;

fn get(obj: &JsValue, key: &str) -> JsValue {
    Reflect::get(obj, &JsValue::from_str(key)).expect("property readable")
}

#[wasm_bindgen_test]
fn encode_item_returns_a_plain_object() {
    let out = api::encode_item(js(SCHEMA), "Run", js(r#"{"season": "2026-spring", "score": 1500}"#)).expect("encodes");
    assert!(out.is_object() && !out.is_instance_of::<js_sys::Map>());
    assert_eq!(get(&out, "PK").as_string().as_deref(), Some("SEASON#2026-SPRING"));
    assert_eq!(get(&out, "SK").as_string().as_deref(), Some("9999998499"));
}

#[wasm_bindgen_test]
fn errors_are_thrown_as_js_errors_with_the_page_message() {
    let err =
        api::encode_item(js(SCHEMA), "Run", js(r#"{"season": "s", "score": 12345678901}"#)).expect_err("overflows");
    let err: js_sys::Error = err.dyn_into().expect("a JS Error");
    let message = String::from(err.message());
    assert!(
        message.contains("Run.score in SK: value \"12345678901\" has 11 digits but the width is 10"),
        "{message}"
    );
    let bad_schema = api::encode_item(js(r#"{"version": 99}"#), "Run", js("{}")).expect_err("bad schema");
    assert!(bad_schema.is_instance_of::<js_sys::Error>());
}

#[wasm_bindgen_test]
fn decode_key_inverts_encode_item() {
    let values = api::decode_key(js(SCHEMA), "Run", "SK", JsValue::from_str("9999998499")).expect("decodes");
    assert_eq!(get(&values, "score").as_f64(), Some(1500.0));
    assert!(api::decode_key(js(SCHEMA), "Run", "SK", JsValue::from_str("99999984")).is_err());
}

#[wasm_bindgen_test]
fn sort_keys_uses_utf8_bytes_where_javascript_would_not() {
    // JavaScript's default sort compares UTF-16 units and puts the emoji (a surrogate
    // pair, 0xD83D…) before U+FF5E; UTF-8 bytes put it after.
    let keys = Array::of3(&"\u{1F600}".into(), &"\u{FF5E}".into(), &"A".into());
    let js_sorted = keys.slice(0, 3).sort();
    assert_eq!(js_sorted.get(1).as_string().as_deref(), Some("\u{1F600}"));
    let sorted: Array = api::sort_keys(keys.into())
        .expect("sorts")
        .dyn_into()
        .expect("an array");
    let sorted: Vec<String> = sorted.iter().filter_map(|v| v.as_string()).collect();
    assert_eq!(sorted, ["A", "\u{FF5E}", "\u{1F600}"]);
    assert!(api::sort_keys(js("[1, 2]")).is_err(), "non-strings are refused");
}

#[wasm_bindgen_test]
fn many_keys_cross_as_json_in_one_call() {
    let rows = js(r#"[{"season": "s", "score": 9}, {"season": "s", "score": 1500}, {"season": "s", "score": "x"}]"#);
    let keys: Array = api::encode_keys(js(SCHEMA), "Run", "SK", rows.clone())
        .expect("encodes")
        .dyn_into()
        .expect("an array");
    assert_eq!(keys.get(0).as_string().as_deref(), Some("9999999990"));
    assert!(keys.get(2).is_null(), "a row that does not encode is null");
    let sorted: Array = api::sorted_keys(js(SCHEMA), "Run", "SK", rows)
        .expect("sorts")
        .dyn_into()
        .expect("an array");
    let sorted: Vec<String> = sorted.iter().filter_map(|v| v.as_string()).collect();
    assert_eq!(
        sorted,
        ["9999998499", "9999999990"],
        "top score first; the bad row left out"
    );
    let cyclic = js_sys::Object::new();
    Reflect::set(&cyclic, &"self".into(), &cyclic).expect("set");
    let err = api::encode_keys(js(SCHEMA), "Run", "SK", cyclic.into()).expect_err("not JSON");
    assert!(err.is_instance_of::<js_sys::Error>());
}

/// The test page's localStorage, which every test that saves clears before and after.
fn local_storage() -> web_sys::Storage {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage")
}

#[wasm_bindgen_test]
fn boot_says_when_the_work_on_screen_is_what_storage_holds() {
    use keylab_app::browser::boot::boot;
    let storage = local_storage();
    storage.clear().ok();
    // Nothing saved: the example on screen is not stored yet.
    assert!(!boot().stored);
    storage::save(&keylab_app::presets::leaderboard().to_json()).expect("storage takes the work");
    assert!(boot().stored);
    // Damaged work is replaced on screen, and what is shown must be saved.
    storage.set_item("keylab.work", "{not json").ok();
    assert!(!boot().stored);
    storage.clear().ok();
}

#[wasm_bindgen_test]
fn persistence_round_trips_and_sets_damaged_work_aside() {
    let storage = local_storage();
    storage.clear().ok();
    assert_eq!(storage::load(), (keylab_app::presets::leaderboard(), None));
    let start = keylab_app::presets::leaderboard();
    let p = start.with_rows(start.rows()[..2].to_vec());
    storage::save(&p.to_json()).expect("storage takes the work");
    assert_eq!(storage::load(), (p, None));
    // Without a backup, damaged work gives way to the example.
    storage.remove_item("keylab.backup").ok();
    storage.set_item("keylab.work", "{not json").ok();
    let (loaded, message) = storage::load();
    assert_eq!(loaded, keylab_app::presets::leaderboard());
    assert!(message.is_some_and(|m| m.contains("could not be read")));
    assert_eq!(
        storage.get_item("keylab.unreadable").ok().flatten().as_deref(),
        Some("{not json")
    );
    storage.clear().ok();
}

#[wasm_bindgen_test]
async fn the_app_renders_the_sorted_preview_into_a_real_document() {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        s.clear().ok();
    }
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    let root = document.create_element("div").expect("div");
    document.body().expect("body").append_child(&root).expect("appended");
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    let list = root
        .query_selector("[data-testid=sorted-keys]")
        .ok()
        .flatten()
        .expect("the sorted list renders");
    let text = list.text_content().unwrap_or_default();
    let first = text.find("9999998499").expect("1500 inverted is listed");
    let last = text.find("9999999990").expect("9 inverted is listed");
    assert!(first < last, "top score first: {text}");
}

#[wasm_bindgen_test]
fn build_validate_and_simulate_a_query_from_javascript() {
    let request = js(r#"{"entity": "Run", "partition": {"season": "2026-spring"},
        "sort": {"range": {"field": "score", "op": "ge", "value": 1000}}, "scanIndexForward": true, "limit": 5}"#);
    let built = api::build_query(js(SCHEMA), request).expect("builds");
    let input = get(&built, "input");
    assert_eq!(
        get(&input, "KeyConditionExpression").as_string().as_deref(),
        Some("#pk = :pk AND #sk <= :sk")
    );
    let doc = get(&built, "documentClientInput");
    let values = get(&doc, "ExpressionAttributeValues");
    assert_eq!(
        get(&values, ":sk").as_string().as_deref(),
        Some("9999998999"),
        "plain values for DocumentClient"
    );
    assert!(get(&built, "explanation")
        .as_string()
        .is_some_and(|e| e.contains("score is at least 1000")));
    assert_eq!(
        get(&api::validate_query(js(SCHEMA), input.clone()).expect("valid"), "ok").as_bool(),
        Some(true)
    );

    let items = js(r#"[
        {"PK": {"S": "SEASON#2026-SPRING"}, "SK": {"S": "9999998499"}},
        {"PK": {"S": "SEASON#2026-SPRING"}, "SK": {"S": "9999999759"}},
        {"PK": {"S": "SEASON#OTHER"}, "SK": {"S": "9999998499"}}]"#);
    let page = api::simulate_query(js(SCHEMA), items, input).expect("runs");
    assert_eq!(get(&page, "Count").as_f64(), Some(1.0));
    assert_eq!(get(&page, "ScannedCount").as_f64(), Some(1.0));

    let bad = js(r#"{"TableName": "T", "KeyConditionExpression": "PK = :p OR SK = :s",
        "ExpressionAttributeValues": {":p": {"S": "a"}, ":s": {"S": "b"}}}"#);
    let err: js_sys::Error = api::validate_query(js(SCHEMA), bad)
        .expect_err("OR")
        .dyn_into()
        .expect("a JS Error");
    assert!(String::from(err.message()).contains("Invalid operator used in KeyConditionExpression: OR"));
}

/// Issue 11's two reproductions: a prefix query stops at the separator, so it reaches
/// neither `ORDERLINE#…` from `ORDER` nor a text key `0012~` from `0012`.
#[wasm_bindgen_test]
fn prefix_queries_end_at_the_separator_and_return_only_their_entity() {
    let schema = r##"{"version": 1, "separator": "#",
      "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
      "entities": [
        {"name": "Order", "fields": {"c": {"kind": "text"}, "id": {"kind": "ulid"}},
         "keys": {"PK": [{"field": "c"}], "SK": [{"literal": "ORDER"}, {"field": "id"}]}},
        {"name": "Line", "fields": {"c": {"kind": "text"}, "id": {"kind": "ulid"}},
         "keys": {"PK": [{"field": "c"}], "SK": [{"literal": "ORDERLINE"}, {"field": "id"}]}},
        {"name": "Run", "fields": {"c": {"kind": "text"}, "s": {"kind": "uint", "width": 4}, "q": {"kind": "uint", "width": 3}},
         "keys": {"PK": [{"field": "c"}], "SK": [{"field": "s"}, {"field": "q"}]}},
        {"name": "Code", "fields": {"c": {"kind": "text"}, "code": {"kind": "text"}},
         "keys": {"PK": [{"field": "c"}], "SK": [{"field": "code"}]}}]}"##;
    let items = js(r#"[
        {"PK": {"S": "x"}, "SK": {"S": "ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV"}},
        {"PK": {"S": "x"}, "SK": {"S": "ORDERLINE#01ARZ3NDEKTSV4RRFFQ69G5FAV"}},
        {"PK": {"S": "x"}, "SK": {"S": "0012#005"}},
        {"PK": {"S": "x"}, "SK": {"S": "0012~"}},
        {"PK": {"S": "x"}, "SK": {"S": "00120"}},
        {"PK": {"S": "x"}, "SK": {"S": "0012"}}]"#);
    let returned = |request: &str| -> (String, Vec<String>, JsValue) {
        let built = api::build_query(js(schema), js(request)).expect("builds");
        let input = get(&built, "input");
        let value = get(&get(&get(&input, "ExpressionAttributeValues"), ":sk"), "S");
        let page = api::simulate_query(js(schema), items.clone(), input).expect("runs");
        let keys: Array = get(&page, "Items").dyn_into().expect("items");
        let keys = keys
            .iter()
            .map(|i| get(&get(&i, "SK"), "S").as_string().unwrap_or_default())
            .collect();
        (value.as_string().unwrap_or_default(), keys, built)
    };
    let (prefix, keys, built) = returned(r#"{"entity": "Order", "partition": {"c": "x"}, "sort": {"equal": {}}}"#);
    assert_eq!(prefix, "ORDER#");
    assert_eq!(keys, ["ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV"]);
    assert_eq!(Array::from(&get(&built, "alsoReturns")).length(), 0);
    assert!(get(&built, "parent").is_null());
    let (prefix, keys, _) = returned(r#"{"entity": "Run", "partition": {"c": "x"}, "sort": {"equal": {"s": 12}}}"#);
    assert_eq!(prefix, "0012#");
    assert_eq!(keys, ["0012#005"]);
}

#[wasm_bindgen_test]
fn render_snippet_writes_code_for_a_target() {
    let request = js(r#"{"entity": "Run", "partition": {"season": "s"}}"#);
    let code = api::render_snippet(
        js(SCHEMA),
        request.clone(),
        "boto3-resource",
        js(r#"{"table": "Prod"}"#),
    )
    .expect("renders");
    assert!(code.contains(r#"Key("PK").eq("SEASON#S")"#), "{code}");
    let program = api::render_snippet(js(SCHEMA), request.clone(), "go", js(r#"{"program": true}"#)).expect("renders");
    assert!(program.starts_with("package main"));
    assert!(api::render_snippet(js(SCHEMA), request, "cobol", JsValue::UNDEFINED).is_err());
}

/// The message of a thrown JS Error.
fn thrown(e: JsValue) -> String {
    String::from(e.dyn_into::<js_sys::Error>().expect("a JS Error").message())
}

#[wasm_bindgen_test]
fn a_misplaced_or_misspelt_field_is_refused_not_ignored() {
    let misplaced = js(r#"{"entity": "Run", "partition": {"season": "s"}, "sort": {"equal": {}, "children": true}}"#);
    let why = thrown(api::build_query(js(SCHEMA), misplaced).expect_err("refused"));
    assert!(
        why.contains("\"children\" is not a field of sort; \"children\" belongs beside sort"),
        "{why}"
    );
    let request = js(r#"{"entity": "Run", "partition": {"season": "s"}}"#);
    let why =
        thrown(api::render_snippet(js(SCHEMA), request, "go", js(r#"{"programme": true}"#)).expect_err("refused"));
    assert!(
        why.contains("\"programme\" is not a field of options; did you mean \"program\"?"),
        "{why}"
    );
    let why = thrown(
        api::encode_item(
            js(r##"{"version": 1, "separator": "#", "tabel": {}}"##),
            "Run",
            js("{}"),
        )
        .expect_err("refused"),
    );
    assert!(
        why.contains("\"tabel\" is not a known field; did you mean \"table\"?"),
        "{why}"
    );
}

#[wasm_bindgen_test]
fn lint_returns_findings_as_plain_objects_and_refuses_what_it_cannot_read() {
    // `season` is upper-cased and the samples hold two ids that differ only in case:
    // L3, proven with them.
    let items = js(r#"[{"entity": "Run", "values": {"season": "aZ3kQ9pLmN", "score": 1}},
            {"entity": "Run", "values": {"season": "Az3kQ9pLmN", "score": 2}}]"#);
    let found = Array::from(&api::lint(js(SCHEMA), items.clone(), JsValue::UNDEFINED).expect("lints"));
    let casing = found
        .iter()
        .find(|f| get(f, "rule").as_string().as_deref() == Some("L3"))
        .expect("an L3 finding");
    assert_eq!(get(&casing, "severity").as_string().as_deref(), Some("error"));
    assert_eq!(get(&casing, "field").as_string().as_deref(), Some("season"));
    assert!(get(&casing, "fix").as_string().unwrap().contains("preserve"));
    // L6 on request: "SEASON#A" stops inside the season segment.
    let options = js(r#"{"beginsWith": {"attribute": "PK", "prefix": "SEASON#A"}}"#);
    let found = Array::from(&api::lint(js(SCHEMA), items.clone(), options).expect("lints"));
    assert!(found
        .iter()
        .any(|f| get(&f, "rule").as_string().as_deref() == Some("L6")));
    let why = thrown(
        api::lint(
            js(SCHEMA),
            js(r#"[{"entity": "Walk", "values": {}}]"#),
            JsValue::UNDEFINED,
        )
        .expect_err("refused"),
    );
    assert!(why.contains("item 1 names entity \"Walk\""), "{why}");
    let why = thrown(api::lint(js(SCHEMA), items, js(r#"{"beginWith": {}}"#)).expect_err("refused"));
    assert!(why.contains("\"beginWith\" is not a field of options"), "{why}");
}

/// A start key is read as DynamoDB reads it: one that lacks the sort key is refused,
/// not taken as "from the top"; ConsistentRead false is valid.
#[wasm_bindgen_test]
fn a_start_key_without_the_sort_key_is_refused_and_consistent_read_false_is_read() {
    let input = |extra: &str| {
        js(&format!(
            r#"{{"TableName": "T", "KeyConditionExpression": "PK = :p",
            "ExpressionAttributeValues": {{":p": {{"S": "SEASON#2026-SPRING"}}}}{extra}}}"#
        ))
    };
    let items = js(r#"[{"PK": {"S": "SEASON#2026-SPRING"}, "SK": {"S": "9999998499"}}]"#);
    let refused = api::simulate_query(
        js(SCHEMA),
        items.clone(),
        input(r#", "ExclusiveStartKey": {"PK": {"S": "SEASON#2026-SPRING"}}"#),
    );
    assert_eq!(
        thrown(refused.expect_err("refused")),
        "The provided starting key is invalid"
    );
    let refused = api::validate_query(
        js(SCHEMA),
        input(r#", "ExclusiveStartKey": {"PK": {"S": "SEASON#2026-SPRING"}, "SK": {"N": "1"}}"#),
    );
    assert!(thrown(refused.expect_err("refused")).contains("does not match the schema"));
    let page = api::simulate_query(js(SCHEMA), items, input(r#", "ConsistentRead": false"#)).expect("runs");
    assert_eq!(get(&page, "Count").as_f64(), Some(1.0));
}

/// The undo history is kept in sessionStorage for the work it belongs to, and only
/// for it: another tab's or an older work's history is not applied.
#[wasm_bindgen_test]
fn the_undo_history_survives_in_session_storage_for_its_own_work() {
    let session = web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .expect("sessionStorage");
    session.clear().ok();
    let start = keylab_app::presets::leaderboard();
    let edited = start.with_rows(start.rows()[..2].to_vec());
    storage::save_history(&edited.to_json(), &[std::rc::Rc::new(start.clone())]);
    assert_eq!(
        storage::history_of(storage::kept_history().as_deref(), &edited),
        vec![start.clone()]
    );
    // The history names its work by a fingerprint: it holds no second copy of it.
    let kept = session.get_item("keylab.history").ok().flatten().unwrap_or_default();
    let past_step = serde_json::to_string(&start.to_json()).unwrap().len();
    assert!(
        kept.len() < past_step + 100,
        "{} bytes for a {past_step}-byte step",
        kept.len()
    );
    assert_eq!(
        storage::history_of(storage::kept_history().as_deref(), &start),
        Vec::new(),
        "not the history of other work"
    );
    session.set_item("keylab.history", "{damaged").ok();
    assert_eq!(
        storage::history_of(storage::kept_history().as_deref(), &edited),
        Vec::new()
    );
    session.clear().ok();
}

/// Large work is saved in slices between frames, and what is stored is the work; a
/// save dropped before it ends (a new edit) stores nothing.
#[wasm_bindgen_test]
async fn large_work_is_saved_in_slices_and_a_dropped_save_stores_nothing() {
    use keylab_app::browser::autosave::SlicedSave;
    use keylab_app::document::{Action, ItemsEdit, Workspace};
    let storage = local_storage();
    storage.clear().ok();
    let work = Workspace::new(keylab_app::presets::leaderboard())
        .reduce_edit(Action::from(ItemsEdit::Generate { count: 12_000, seed: 4 }));
    let work = std::rc::Rc::new(work);
    let dropped = SlicedSave::start(work.clone(), Vec::new(), |_| panic!("a dropped save never ends"));
    drop(dropped);
    let outcome = std::rc::Rc::new(std::cell::RefCell::new(None));
    let heard = outcome.clone();
    let _save = SlicedSave::start(work.clone(), Vec::new(), move |saved| *heard.borrow_mut() = Some(saved));
    for _ in 0..100 {
        if outcome.borrow().is_some() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        outcome.borrow().clone(),
        Some(Ok(())),
        "the save ended and stored the work"
    );
    let stored = storage.get_item("keylab.work").ok().flatten().unwrap_or_default();
    assert!(stored.starts_with("deflate:"), "12,000 items are stored deflated");
    assert_eq!(storage::load(), ((*work).clone(), None));
    storage.clear().ok();
}

/// The first module never answers for the second, and never panics without it: a
/// service asked while it cannot be had says why, and what waited for it is told.
#[wasm_bindgen_test]
async fn without_its_second_module_the_page_says_why() {
    use keylab_app::browser::second_module::{self, Loading};
    use keylab_app::browser::services::{self, Later};
    use std::cell::Cell;
    use std::rc::Rc;
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    let meta = document.create_element("meta").expect("meta");
    meta.set_attribute("name", "keylab-second-module").expect("named");
    meta.set_attribute("content", "nowhere-to-be-found.js")
        .expect("pointed");
    document.head().expect("head").append_child(&meta).expect("appended");
    let waited = Rc::new(Cell::new(0));
    let mut said = String::new();
    for _ in 0..100 {
        match second_module::state() {
            Loading::Failed(why) if why.contains("nowhere-to-be-found.js") => {
                said = why;
                break;
            }
            // Not asked yet, or failed before the meta was there (the app test's load).
            Loading::Waiting | Loading::Failed(_) => {
                let waited = waited.clone();
                second_module::then(move || waited.set(waited.get() + 1));
            }
            Loading::Loading | Loading::Ready => {}
        }
        yew::platform::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(said.contains("nowhere-to-be-found.js could not be fetched"), "{said}");
    assert!(waited.get() >= 1, "what waited was told the module failed");
    match services::read_pasted("{}") {
        Later::Failed(why) => assert_eq!(why, said),
        other => panic!("without the module, read_pasted answered {other:?}"),
    }
}
