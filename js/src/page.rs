//! The page's second module: what its first screen does not draw, loaded after the first
//! paint (the page's `src/browser/second_module.rs`) together with the JS API. Each
//! service takes JSON text and answers the JSON text of `{"Ok": ...}` or
//! `{"Err": "why"}`: that a target cannot express a query is an answer, not a failure
//! of the module. JSON text each way, as for the JS API: one `JSON.parse` is faster than
//! building the answer property by property.

use keylab::keycode::{self, Language};
use keylab::query::eval::Item;
use keylab::query::parse::parse_input;
use keylab::snippet::{render, render_writes, Options, Target};
use keylab::{pasted_items, Schema};
use serde::Serialize;
use serde_json::Value;
use wasm_bindgen::prelude::*;

fn answer<T: Serialize>(result: Result<T, String>) -> String {
    serde_json::to_string(&result)
        .unwrap_or_else(|e| serde_json::json!({ "Err": format!("the answer could not be written: {e}") }).to_string())
}

fn read<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{what}: {e}"))
}

fn schema(text: &str) -> Result<Schema, String> {
    Schema::from_value(&read::<Value>(text, "schema")?).map_err(|e| e.to_string())
}

fn target(id: &str) -> Result<Target, String> {
    Target::from_id(id).ok_or_else(|| format!("unknown target {id:?}"))
}

/// The page's code settings: `{table, endpoint, program}`, empty texts unset.
fn options(text: &str) -> Result<Options, String> {
    let doc: Value = read(text, "options")?;
    let text = |k: &str| {
        doc.get(k)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    Ok(Options {
        table: text("table"),
        endpoint: text("endpoint"),
        program: doc.get("program").and_then(Value::as_bool).unwrap_or(false),
    })
}

/// The code of the query whose input (DynamoDB JSON) the page built, for one target.
/// `max_items` is the number of items its pattern promises (decimal text, empty for
/// none), which no Query input carries: the code stops after that many.
pub fn snippet(
    schema_text: &str,
    input: &str,
    target_id: &str,
    options_text: &str,
    max_items: &str,
) -> Result<String, String> {
    let schema = schema(schema_text)?;
    let mut query = parse_input(&schema.table, &read(input, "Query input")?).map_err(|e| e.to_string())?;
    query.max_items = match max_items {
        "" => None,
        text => Some(
            text.parse::<u32>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| format!("the items promised, {text:?}, are not a whole number from 1 up"))?,
        ),
    };
    render(&query, target(target_id)?, &options(options_text)?).map_err(|e| e.to_string())
}

/// The program that writes the sample items (DynamoDB JSON) into the design's table.
pub fn writes(schema_text: &str, items: &str, target_id: &str, options_text: &str) -> Result<String, String> {
    let items: Vec<Item> = read(items, "items")?;
    render_writes(
        target(target_id)?,
        &schema(schema_text)?.table,
        &items,
        &options(options_text)?,
    )
    .map_err(|e| e.to_string())
}

#[wasm_bindgen(js_name = pageSnippet)]
pub fn page_snippet(schema: &str, input: &str, target: &str, options: &str, max_items: &str) -> String {
    answer(snippet(schema, input, target, options, max_items))
}

#[wasm_bindgen(js_name = pageWrites)]
pub fn page_writes(schema: &str, items: &str, target: &str, options: &str) -> String {
    answer(writes(schema, items, target, options))
}

/// A pasted Query input read as DynamoDB JSON, and how it was read.
#[wasm_bindgen(js_name = pageReadPasted)]
pub fn page_read_pasted(text: &str) -> String {
    answer(keylab::query::pasted::read_pasted(text).map_err(|e| e.to_string()))
}

/// Sample items pasted as JSON lines (bare values, or the CLI's item lines) or CSV,
/// read against `target`: the design's entities with their fields, and the one the box
/// is for (`pasted_items::PastedInto` as JSON).
#[wasm_bindgen(js_name = pagePastedItems)]
pub fn page_pasted_items(text: &str, target: &str) -> String {
    answer(
        read::<pasted_items::PastedInto>(target, "target")
            .and_then(|target| pasted_items::parse(text, &target).map_err(|e| e.to_string())),
    )
}

/// A file of another tool read for a design; `listed` misfits named, more than
/// `max_items` items refused (both decimal texts).
#[wasm_bindgen(js_name = pageReadFile)]
pub fn page_read_file(text: &str, listed: &str, max_items: &str) -> String {
    let number = |t: &str| t.parse::<usize>().map_err(|e| format!("{t:?}: {e}"));
    answer(
        number(listed)
            .and_then(|l| Ok((l, number(max_items)?)))
            .and_then(|(l, m)| keylab::infer::file::read_file(text, l, m).map_err(|e| e.to_string())),
    )
}

fn language(id: &str) -> Result<Language, String> {
    Language::from_id(id).ok_or_else(|| format!("unknown language {id:?}"))
}

/// Hands over a key code runtime the page fetched (`keycode::register_runtime`: refused
/// unless it is this build's, byte for byte).
#[wasm_bindgen(js_name = pageRegisterRuntime)]
pub fn page_register_runtime(language_id: &str, text: &str) -> String {
    answer(
        language(language_id).and_then(|l| keycode::register_runtime(l, text.to_string()).map_err(|e| e.to_string())),
    )
}

/// The design as a module for the backend in one language.
#[wasm_bindgen(js_name = pageKeyCode)]
pub fn page_key_code(schema_text: &str, language_id: &str) -> String {
    answer(schema(schema_text).and_then(|s| keycode::generate(&s, language(language_id)?).map_err(|e| e.to_string())))
}

/// The design as another tool declares it: `electrodb` entities or a `onetable` schema.
#[wasm_bindgen(js_name = pageDeclared)]
pub fn page_declared(schema_text: &str, tool: &str) -> String {
    answer(schema(schema_text).and_then(|s| match tool {
        "electrodb" => keylab::interop::electrodb::entities(&s).map_err(|e| e.to_string()),
        "onetable" => keylab::interop::onetable::schema(&s).map_err(|e| e.to_string()),
        other => Err(format!("unknown tool {other:?}")),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use keylab::query::builder::{build, AccessPattern};
    use keylab::query::ValueStyle;

    /// The snippet run's design (tests/snippets/run.mjs), for the module's queries.
    fn snippets_design() -> Schema {
        Schema::from_value(&serde_json::json!({
            "version": 1, "separator": "|",
            "table": {
                "name": "Snippets",
                "attributes": { "PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S" },
                "primary": { "partition": "PK", "sort": "SK" },
                "indexes": [{ "name": "GSI1", "partition": "GSI1PK", "sort": "GSI1SK" }]
            },
            "entities": [{
                "name": "Run",
                "fields": {
                    "season": { "kind": "text" },
                    "score": { "kind": "uint", "width": 4, "order": "desc" },
                    "at": { "kind": "timestamp", "unit": "s", "width": 10 },
                    "player": { "kind": "text" }
                },
                "keys": {
                    "PK": [{ "literal": "SEASON" }, { "field": "season" }],
                    "SK": [{ "field": "score", "prefix": "score_" }, { "field": "at" }, { "field": "player", "prefix": "by:" }],
                    "GSI1PK": [{ "literal": "PLAYER" }, { "field": "player" }],
                    "GSI1SK": [{ "field": "at", "prefix": "t=" }, { "field": "score" }]
                }
            }]
        }))
        .unwrap()
    }

    /// The page sends the query it built as its input, and the items its pattern
    /// promises beside it; read back, it is the same query, so the code the module
    /// writes is the code of the query the page shows.
    #[test]
    fn a_built_query_survives_its_input() {
        let design = snippets_design();
        let p = |extra: Value| {
            let mut pattern = serde_json::json!({ "entity": "Run", "partition": { "season": "s'\"$(touch x)" } });
            pattern
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            pattern
        };
        let patterns = [
            p(serde_json::json!({})),
            p(serde_json::json!({ "scanIndexForward": false, "limit": 2 })),
            p(
                serde_json::json!({ "sort": { "equal": { "score": 37, "at": 1_700_000_001, "player": "é\u{7f}😀 \"quoted\"" } } }),
            ),
            p(serde_json::json!({ "sort": { "equal": { "score": 37 } }, "children": true })),
            p(
                serde_json::json!({ "sort": { "range": { "field": "score", "op": "between", "value": 10, "to": 60 } }, "limit": 3 }),
            ),
            p(
                serde_json::json!({ "sort": { "equal": { "score": 37 }, "range": { "field": "at", "op": "le", "value": 1_700_000_001 } } }),
            ),
            p(
                serde_json::json!({ "sort": { "equal": { "score": 74, "at": 1_700_000_002 }, "range": { "field": "player", "op": "begins_with", "value": "$(tou" } } }),
            ),
            serde_json::json!({ "entity": "Run", "index": "GSI1", "partition": { "player": "x" }, "sort": { "range": { "field": "at", "op": "gt", "value": 1_700_000_000 } } }),
            serde_json::json!({ "entity": "Run", "index": "GSI1", "partition": { "player": "y" }, "scanIndexForward": false, "limit": 1 }),
            p(serde_json::json!({ "sort": {}, "first": 3 })),
            p(serde_json::json!({ "sort": {}, "first": 3, "limit": 2 })),
        ];
        let schema_text = design.to_value().to_string();
        for pattern in patterns {
            let built = build(&design, &AccessPattern::from_value(&pattern).unwrap()).unwrap();
            let input = built.query.to_input(ValueStyle::DynamoJson).to_string();
            // Everything but the items promised, which are sent beside the input.
            let read = parse_input(&design.table, &serde_json::from_str(&input).unwrap()).unwrap();
            assert_eq!(
                keylab::query::Query {
                    max_items: built.query.max_items,
                    ..read
                },
                built.query
            );
            let max_items = built.query.max_items.map(|n| n.to_string()).unwrap_or_default();
            for t in Target::ALL {
                for (program, table) in [(false, None), (true, Some("Other"))] {
                    let options = Options {
                        program,
                        table: table.map(str::to_string),
                        endpoint: Some("http://127.0.0.1:8000".into()),
                    };
                    let settings = serde_json::json!({ "program": program, "table": table.unwrap_or(""), "endpoint": "http://127.0.0.1:8000" });
                    let page = snippet(&schema_text, &input, t.id(), &settings.to_string(), &max_items);
                    assert_eq!(
                        page,
                        render(&built.query, t, &options).map_err(|e| e.to_string()),
                        "{pattern} {t:?}"
                    );
                }
            }
            let none = snippet(&schema_text, &input, "aws-cli", "{}", "0").unwrap_err();
            assert!(none.contains("\"0\", are not a whole number from 1 up"), "{none}");
        }
    }

    /// Key code is written here, with the runtimes the page fetched handed over: a file
    /// that is not this build's is refused, the real one taken.
    #[test]
    fn key_code_takes_only_this_builds_runtime() {
        let schema = r##"{"version": 1, "separator": "#",
          "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
          "entities": [{"name": "Run", "fields": {"season": {"kind": "text"}},
            "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}]}}]}"##;
        let code = |id: &str| serde_json::from_str::<Result<String, String>>(&page_key_code(schema, id)).unwrap();
        assert!(code("rust").unwrap().contains("pub fn encode_run_pk("));
        // In the workspace's tests the CLI's build of the core has its runtimes built in.
        if !keycode::runtime_ready(Language::TypeScript) {
            assert_eq!(
                code("typescript").unwrap_err(),
                "keylab's TypeScript runtime is not loaded yet"
            );
        }
        let refused: Result<(), String> = serde_json::from_str(&page_register_runtime("typescript", "// old")).unwrap();
        assert!(refused
            .unwrap_err()
            .starts_with("the file fetched is not this version's TypeScript runtime"));
        let runtime = include_str!("../../core/src/keycode/runtime/keys.ts");
        assert_eq!(page_register_runtime("typescript", runtime), r#"{"Ok":null}"#);
        assert!(code("typescript").unwrap().contains("export function encodeRunPk("));
        assert!(page_key_code(schema, "cobol").contains("unknown language"));
        let declared: Result<keylab::interop::Source, String> =
            serde_json::from_str(&page_declared(schema, "onetable")).unwrap();
        assert!(declared.unwrap().text.contains("Run"));
    }

    #[test]
    fn answers_are_results() {
        assert_eq!(
            page_snippet("{", "{}", "go", "{}", ""),
            r#"{"Err":"schema: EOF while parsing an object at line 1 column 1"}"#
        );
        assert!(page_snippet("{}", "{}", "cobol", "{}", "").starts_with(r#"{"Err":"#));
        let target = r#"{"entities": [{"entity": "E", "fields": ["a"]}], "selected": 0}"#;
        assert_eq!(page_pasted_items("", target), r#"{"Err":"there is nothing to add"}"#);
        let read: Result<pasted_items::PastedItems, String> =
            serde_json::from_str(&page_pasted_items("{\"a\": 1, \"b\": 2}", target)).unwrap();
        assert_eq!(read.unwrap().items[0].values["a"], "1");
    }
}
