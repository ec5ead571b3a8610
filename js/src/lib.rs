//! The JS API: the core's functions for plain JS objects. With its `page` feature this
//! crate is the page's second module, fetched after the first paint, which puts it on
//! `window.wasmBindings` and serves the views the first screen leaves out (`page.rs`);
//! `packages/keylab` is this crate built without it for Node and bundlers, so both
//! answer alike. Errors are thrown as JS
//! `Error`s with the same messages the page shows.

use keylab::codec::order::compare_keys;
use keylab::query::builder::{build, AccessPattern};
use keylab::query::eval::{run, Item};
use keylab::query::parse::parse_input;
use keylab::query::ValueStyle;
use keylab::snippet::{render, Options, Target};
use keylab::{codec, Schema, Values};
use serde::Serialize;
use serde_json::Value;
use std::borrow::Cow;
use wasm_bindgen::prelude::*;

#[cfg(any(feature = "page", test))]
pub mod page;

mod thrown;
use thrown::Thrown;

/// Input the function does not take, as a JS `Error` whose `code` says what is wrong.
fn error(code: &'static str, message: impl Into<String>) -> JsValue {
    Thrown::input(code, message).into()
}

/// A problem the core found, as a JS `Error` with its code, rule and path.
fn thrown(problem: impl Into<Thrown>) -> JsValue {
    problem.into().into()
}

// Values cross between JavaScript and wasm as one JSON text each way: the engine's
// JSON.stringify and JSON.parse are far faster than reading or building an object one
// property per call (100,000 rows: about 40 ms instead of 390 ms; bench/browser.mjs).

fn json_text(value: JsValue, what: &str) -> Result<String, JsValue> {
    js_sys::JSON::stringify(&value)
        .map_err(|_| {
            error(
                "notJson",
                format!("{what}: it cannot be written as JSON (a BigInt or a cycle?)"),
            )
        })?
        .as_string()
        .ok_or_else(|| error("missing", format!("{what}: it is missing")))
}

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_json::from_str(&json_text(value, what)?).map_err(|e| error("invalidInput", format!("{what}: {e}")))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| error("unwritable", e.to_string()))?;
    js_sys::JSON::parse(&text)
}

/// An access pattern; a field it does not know is refused, wherever it stands.
fn pattern_from_js(request: JsValue) -> Result<AccessPattern, JsValue> {
    let value: Value = from_js(request, "access pattern")?;
    AccessPattern::from_value(&value).map_err(|why| error(why.code(), format!("access pattern: {why}")))
}

fn schema_from_js(schema: JsValue) -> Result<Schema, JsValue> {
    let doc: Value = from_js(schema, "schema")?;
    Schema::from_value(&doc).map_err(thrown)
}

/// `encodeItem(schema, entity, values)` → `{PK: "...", SK: "...", ...}`.
#[wasm_bindgen(js_name = encodeItem)]
pub fn encode_item(schema: JsValue, entity: &str, values: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let values: Values = from_js(values, "values")?;
    let item = codec::encode(&schema, entity, &values).map_err(thrown)?;
    let out: serde_json::Map<String, Value> = item
        .keys
        .iter()
        .map(|(attr, key)| (attr.clone(), serde_json::to_value(key).unwrap_or(Value::Null)))
        .collect();
    to_js(&out)
}

/// `decodeKey(schema, entity, attribute, key)` → the field values.
#[wasm_bindgen(js_name = decodeKey)]
pub fn decode_key(schema: JsValue, entity: &str, attribute: &str, key: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let key = key_text(key)?;
    let values = codec::decode(&schema, entity, attribute, &key).map_err(thrown)?;
    to_js(&values)
}

/// `encodeKeys(schema, entity, attribute, rows)` → one attribute's key for each row of
/// values, in row order (`null` for a row that does not encode). The schema is read
/// once, so this is the way to encode many keys.
#[wasm_bindgen(js_name = encodeKeys)]
pub fn encode_keys(schema: JsValue, entity: &str, attribute: &str, rows: JsValue) -> Result<JsValue, JsValue> {
    to_js(&keys_of(schema, entity, attribute, rows)?)
}

/// One row of values as its (name, value) pairs, names borrowed from the JSON text: a
/// row has a handful of fields, so a scan beats hashing, and 100,000 rows need no map.
struct Row<'a>(Vec<(Cow<'a, str>, Value)>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for Row<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Pairs;
        impl<'de> serde::de::Visitor<'de> for Pairs {
            type Value = Row<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of field values")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Row<'de>, M::Error> {
                let mut pairs = Vec::new();
                while let Some((Name(name), value)) = map.next_entry::<Name<'de>, Value>()? {
                    pairs.push((name, value));
                }
                Ok(Row(pairs))
            }
        }
        d.deserialize_map(Pairs)
    }
}

/// A field name, borrowed from the JSON text unless it had escapes.
struct Name<'a>(Cow<'a, str>);

impl<'de: 'a, 'a> serde::Deserialize<'de> for Name<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> serde::de::Visitor<'de> for Text {
            type Value = Name<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a field name")
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Name<'de>, E> {
                Ok(Name(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(Text)
    }
}

fn keys_of(schema: JsValue, entity: &str, attribute: &str, rows: JsValue) -> Result<Vec<Option<String>>, JsValue> {
    let schema = schema_from_js(schema)?;
    let text = json_text(rows, "rows")?;
    let rows: Vec<Row> = serde_json::from_str(&text)
        .map_err(|e| error("invalidInput", format!("rows must be an array of value objects: {e}")))?;
    // Compiled once: the same keys as encode_key, without per-key lookups of the template.
    let codec = codec::KeyCodec::new(&schema, entity, attribute).map_err(thrown)?;
    let mut key = String::new();
    let keys = rows
        .iter()
        .map(|row| {
            codec
                .write_with(|at| row.value(codec.fields()[at]), &mut key)
                .ok()
                .map(|()| key.clone())
        })
        .collect();
    Ok(keys)
}

/// `sortedKeys(schema, entity, attribute, rows)` → the keys `encodeKeys` gives, in
/// UTF-8 byte order (rows that do not encode left out), in one call.
#[wasm_bindgen(js_name = sortedKeys)]
pub fn sorted_keys(schema: JsValue, entity: &str, attribute: &str, rows: JsValue) -> Result<JsValue, JsValue> {
    let keys = keys_of(schema, entity, attribute, rows)?
        .into_iter()
        .flatten()
        .collect();
    to_js(&byte_sorted(keys))
}

/// Keys in UTF-8 byte order. Equal strings are indistinguishable, so the faster
/// unstable sort gives the same array.
fn byte_sorted(mut keys: Vec<String>) -> Vec<String> {
    keys.sort_unstable_by(|a, b| compare_keys(a, b));
    keys
}

/// `sortKeys(keys)` → the keys in UTF-8 byte order (not JavaScript's UTF-16 order).
#[wasm_bindgen(js_name = sortKeys)]
pub fn sort_keys(keys: JsValue) -> Result<JsValue, JsValue> {
    let keys: Vec<String> = from_js(keys, "keys must be an array of strings")?;
    to_js(&byte_sorted(keys))
}

/// `buildQuery(schema, request)` → `{input, documentClientInput, explanation,
/// alsoReturns, parent, maxItems}`: `alsoReturns` names the other entities whose items
/// the condition can also reach, `parent` (`{key, entities}` or `null`) the parent item
/// it includes, and `maxItems` the items the request's `first` promises (`null` for
/// every page): no Query input carries it, so a reader stops there itself.
#[wasm_bindgen(js_name = buildQuery)]
pub fn build_query(schema: JsValue, request: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let pattern = pattern_from_js(request)?;
    let built = build(&schema, &pattern).map_err(thrown)?;
    to_js(&serde_json::json!({
        "input": built.query.to_input(ValueStyle::DynamoJson),
        "documentClientInput": built.query.to_input(ValueStyle::Plain),
        "explanation": built.explanation,
        "alsoReturns": built.also_returns,
        "parent": built.parent.map(|p| serde_json::json!({"key": p.key, "entities": p.entities})),
        "maxItems": built.query.max_items,
    }))
}

/// `validateQuery(schema, input)` → `{ok: true}`, or throws DynamoDB's message.
#[wasm_bindgen(js_name = validateQuery)]
pub fn validate_query(schema: JsValue, input: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let input: Value = from_js(input, "Query input")?;
    parse_input(&schema.table, &input).map_err(thrown)?;
    to_js(&serde_json::json!({ "ok": true }))
}

/// `simulateQuery(schema, items, input)` → `{Items, Count, ScannedCount, LastEvaluatedKey}`.
#[wasm_bindgen(js_name = simulateQuery)]
pub fn simulate_query(schema: JsValue, items: JsValue, input: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let items: Vec<Item> = from_js(items, "items must be an array of DynamoDB JSON items")?;
    let input: Value = from_js(input, "Query input")?;
    let query = parse_input(&schema.table, &input).map_err(thrown)?;
    to_js(&run(&schema.table, &items, &query).to_value())
}

/// `renderSnippet(schema, request, target, options?)` → the code for one SDK target
/// (`aws-cli`, `boto3-client`, `boto3-resource`, `js-client`, `js-document-client`,
/// `rust`, `go`); `options` may set `table`, `endpoint` and `program`.
#[wasm_bindgen(js_name = renderSnippet)]
pub fn render_snippet(schema: JsValue, request: JsValue, target: &str, options: JsValue) -> Result<String, JsValue> {
    let schema = schema_from_js(schema)?;
    let pattern = pattern_from_js(request)?;
    let target = Target::from_id(target).ok_or_else(|| {
        let ids: Vec<&str> = Target::ALL.iter().map(|t| t.id()).collect();
        error(
            "unknownTarget",
            format!("unknown target {target:?}; targets are {}", ids.join(", ")),
        )
    })?;
    let options: Value = if options.is_undefined() || options.is_null() {
        Value::Null
    } else {
        from_js(options, "options")?
    };
    keylab::strict::Fields {
        place: "options",
        allowed: &["table", "endpoint", "program"],
        elsewhere: &[],
    }
    .check_value(&options)
    .map_err(|why| Thrown::input("unknownField", format!("renderSnippet: {why}")).at("options"))?;
    let text = |k: &str| {
        options
            .get(k)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let options = Options {
        table: text("table"),
        endpoint: text("endpoint"),
        program: options.get("program").and_then(Value::as_bool).unwrap_or(false),
    };
    let built = build(&schema, &pattern).map_err(thrown)?;
    render(&built.query, target, &options).map_err(thrown)
}

/// `lint(schema, items, options?)` → the design linter's findings, each `{rule, name,
/// severity, entity, attribute, field, sentence, evidence, fix}`. `items` are
/// `{entity, values}` sample items; `options.beginsWith` (`{attribute, prefix}`) adds
/// rule L6 for that `begins_with`.
#[wasm_bindgen]
pub fn lint(schema: JsValue, items: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let schema = schema_from_js(schema)?;
    let items: Vec<Value> = from_js(items, "items must be an array of {entity, values}")?;
    let mut read = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let place = format!("item {}", i + 1);
        keylab::strict::Fields {
            place: &place,
            allowed: &["entity", "values"],
            elsewhere: &[],
        }
        .check_value(item)
        .map_err(|why| Thrown::input("unknownField", format!("lint: {why}")).at(place.as_str()))?;
        let name = item.get("entity").and_then(Value::as_str).unwrap_or_default();
        let entity = schema.entity(name).ok_or_else(|| {
            let names: Vec<&str> = schema.entities.iter().map(|e| e.name.as_str()).collect();
            error(
                "unknownEntity",
                format!(
                    "lint: {place} names entity {name:?}, which the schema does not define; its entities are {}",
                    names.join(", ")
                ),
            )
        })?;
        let values: Values = serde_json::from_value(item.get("values").cloned().unwrap_or_default()).map_err(|_| {
            error(
                "invalidInput",
                format!("lint: {place} needs \"values\", an object of field values"),
            )
        })?;
        read.push((entity, values));
    }
    let samples: Vec<keylab::preview::Sample> = read.iter().map(|(e, v)| (*e, v)).collect();
    let mut findings = keylab::lint::lint(&schema, &samples);
    let options: Value = if options.is_undefined() || options.is_null() {
        Value::Null
    } else {
        from_js(options, "options")?
    };
    let fields = |place, allowed| keylab::strict::Fields {
        place,
        allowed,
        elsewhere: &[],
    };
    fields("options", &["beginsWith"])
        .check_value(&options)
        .map_err(|why| Thrown::input("unknownField", format!("lint: {why}")).at("options"))?;
    if let Some(begins) = options.get("beginsWith") {
        fields("options.beginsWith", &["attribute", "prefix"])
            .check_value(begins)
            .map_err(|why| Thrown::input("unknownField", format!("lint: {why}")).at("options.beginsWith"))?;
        let text = |k: &str| {
            begins.get(k).and_then(Value::as_str).ok_or_else(|| {
                error(
                    "invalidInput",
                    format!("lint: options.beginsWith needs \"{k}\", a string"),
                )
            })
        };
        findings.extend(keylab::lint::order_surprise(
            &schema,
            &samples,
            text("attribute")?,
            text("prefix")?,
        ));
    }
    let out: Vec<Value> = findings.iter().map(keylab::lint::Finding::to_value).collect();
    to_js(&out)
}

/// `tableDefinitions(schema)` → `{createTable, addIndex: {name: input}, cloudFormation}`:
/// the table as `aws dynamodb create-table` input, each GSI as the `update-table` input
/// that adds it, and an `AWS::DynamoDB::Table` resource.
#[wasm_bindgen(js_name = tableDefinitions)]
pub fn table_definitions(schema: JsValue) -> Result<JsValue, JsValue> {
    use keylab::schema::definitions::{add_index, cloudformation, create_table};
    let schema = schema_from_js(schema)?;
    let t = &schema.table;
    let add: serde_json::Map<String, Value> = t
        .indexes
        .iter()
        .filter_map(|i| Some((i.name.clone(), add_index(t, &i.name)?)))
        .collect();
    to_js(&serde_json::json!({
        "createTable": create_table(t),
        "addIndex": add,
        "cloudFormation": cloudformation(t),
    }))
}

/// `new KeyCodec(schema, entity, attribute)`: one key template, read and checked once,
/// for writing and reading many keys the way a backend does. Every call runs the
/// template compiled by the core's `KeyCodec` (the keys `encodeItem` writes, with no
/// warnings); a batch crosses into wasm as one JSON text each way.
#[wasm_bindgen(js_name = KeyCodec)]
pub struct JsKeyCodec {
    schema: Schema,
    entity: String,
    attribute: String,
}

#[wasm_bindgen(js_class = KeyCodec)]
impl JsKeyCodec {
    #[wasm_bindgen(constructor)]
    pub fn new(schema: JsValue, entity: &str, attribute: &str) -> Result<JsKeyCodec, JsValue> {
        let schema = schema_from_js(schema)?;
        codec::KeyCodec::new(&schema, entity, attribute).map_err(thrown)?;
        Ok(JsKeyCodec {
            schema,
            entity: entity.to_string(),
            attribute: attribute.to_string(),
        })
    }

    fn compiled(&self) -> Result<codec::KeyCodec<'_>, JsValue> {
        codec::KeyCodec::new(&self.schema, &self.entity, &self.attribute).map_err(thrown)
    }

    /// The fields the key is made of, in the order it holds them.
    #[wasm_bindgen(getter)]
    pub fn fields(&self) -> Result<JsValue, JsValue> {
        to_js(&self.compiled()?.fields())
    }

    /// The key for one item's values: a string, or a number for an N attribute.
    /// Throws the codec's message when they do not encode.
    pub fn encode(&self, values: JsValue) -> Result<JsValue, JsValue> {
        let text = json_text(values, "values")?;
        let row: Row = serde_json::from_str(&text).map_err(|e| error("invalidInput", format!("values: {e}")))?;
        let codec = self.compiled()?;
        let key = codec.key_with(|at| row.value(codec.fields()[at])).map_err(thrown)?;
        to_js(&key)
    }

    /// The field values a key holds; throws when the template could not have written it.
    pub fn decode(&self, key: JsValue) -> Result<JsValue, JsValue> {
        let codec = self.compiled()?;
        let key = key_text(key)?;
        to_js(&read_key(&codec, &key).map_err(thrown)?)
    }

    /// `encodeAll(rows)` → one key per row, `null` for a row that does not encode.
    #[wasm_bindgen(js_name = encodeAll)]
    pub fn encode_all(&self, rows: JsValue) -> Result<JsValue, JsValue> {
        let text = json_text(rows, "rows")?;
        let rows: Vec<Row> = serde_json::from_str(&text)
            .map_err(|e| error("invalidInput", format!("rows must be an array of value objects: {e}")))?;
        let codec = self.compiled()?;
        let keys: Vec<Option<keylab::KeyValue>> = rows
            .iter()
            .map(|row| codec.key_with(|at| row.value(codec.fields()[at])).ok())
            .collect();
        to_js(&keys)
    }

    /// `decodeAll(keys)` → the values of each key, `null` for a key that does not read.
    #[wasm_bindgen(js_name = decodeAll)]
    pub fn decode_all(&self, keys: JsValue) -> Result<JsValue, JsValue> {
        let keys: Vec<Value> = from_js(keys, "keys must be an array of strings or numbers")?;
        let codec = self.compiled()?;
        let out: Vec<Option<Values>> = keys
            .iter()
            .map(|k| match k {
                Value::String(s) => read_key(&codec, s).ok(),
                // A number as JavaScript writes it, as `decode` reads one.
                Value::Number(n) => n
                    .as_f64()
                    .map(keylab::float_text::shortest)
                    .and_then(|k| read_key(&codec, &k).ok()),
                _ => None,
            })
            .collect();
        to_js(&out)
    }
}

/// A key given as a string, or as a number (an N attribute's key).
fn key_text(key: JsValue) -> Result<String, JsValue> {
    match key.as_string() {
        Some(s) => Ok(s),
        None => key
            .as_f64()
            // Not `f.to_string()`: Rust's float formatter would add ~20 KB to the page.
            .map(keylab::float_text::shortest)
            .ok_or_else(|| error("invalidKey", "key must be a string or a number")),
    }
}

fn read_key(codec: &codec::KeyCodec, key: &str) -> Result<Values, keylab::Error> {
    let mut slots = Vec::new();
    codec.read(key, &mut slots)?;
    Ok(codec.fields().iter().map(|f| f.to_string()).zip(slots).collect())
}

impl Row<'_> {
    /// A field's value; the last pair of a name wins, as in JSON.parse.
    fn value(&self, name: &str) -> Option<&Value> {
        self.0.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}
