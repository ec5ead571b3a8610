//! The properties the fuzz targets in `fuzz/` check, kept here so the committed corpus
//! runs as ordinary native tests too (`core/tests/fuzz_corpus.rs`). Each function takes
//! arbitrary bytes and panics only when a property fails: any input must give a typed
//! result, never a panic, and what the codec writes must read back and keep order.

use crate::codec::order::compare_keys;
use crate::codec::{decode, encode, encode_key, number_value, KeyCodec};
use crate::query::eval::{latest_writes, run};
use crate::query::parse::parse_input;
use crate::schema::AttrType;
use crate::schema::{Order, Schema};
use crate::Values;
use serde_json::{json, Value};
use std::sync::LazyLock;

/// The fuzz schema, read once: reading it per input would be most of each run.
static SCHEMA: LazyLock<Schema> = LazyLock::new(schema);

/// A schema with every field kind, a GSI on a Number key, fields with a prefix glued
/// to them, and one entity per numeric kind whose sort key is that one field (for the
/// order property; the uint's has a prefix, which must keep the order).
pub fn schema() -> Schema {
    Schema::from_value(&json!({
        "version": 1, "separator": "#",
        "table": {"name": "Fuzz", "attributes": {"PK": "S", "SK": "S", "G1PK": "S", "G1SK": "N"},
                  "primary": {"partition": "PK", "sort": "SK"},
                  "indexes": [{"name": "G1", "partition": "G1PK", "sort": "G1SK"}]},
        "entities": [
            {"name": "All", "fields": {
                "t": {"kind": "text", "case": "upper"}, "u": {"kind": "uint", "width": 6, "order": "desc"},
                "i": {"kind": "int", "width": 5}, "d": {"kind": "decimal", "width": 4, "scale": 2},
                "s": {"kind": "timestamp", "unit": "s", "width": 10}, "m": {"kind": "timestamp", "unit": "ms", "width": 13, "order": "desc"},
                "iso": {"kind": "timestamp", "unit": "iso"}, "ul": {"kind": "ulid"}, "k": {"kind": "ksuid", "order": "desc"}},
             "keys": {"PK": [{"literal": "A"}, {"field": "t"}],
                      "SK": [{"field": "u", "prefix": "u_"}, {"field": "i"}, {"field": "d"}, {"field": "s"}, {"field": "m"},
                             {"field": "iso", "prefix": "at:"}, {"field": "ul"}, {"field": "k"}, {"field": "t", "prefix": "by "}],
                      "G1PK": [{"literal": "G"}], "G1SK": [{"field": "u"}]}},
            {"name": "U", "fields": {"v": {"kind": "uint", "width": 12}}, "keys": {"PK": [{"literal": "U"}], "SK": [{"field": "v", "prefix": "seq_"}]}},
            {"name": "I", "fields": {"v": {"kind": "int", "width": 12, "order": "desc"}}, "keys": {"PK": [{"literal": "I"}], "SK": [{"field": "v"}]}},
            {"name": "D", "fields": {"v": {"kind": "decimal", "width": 8, "scale": 3, "signed": true}}, "keys": {"PK": [{"literal": "D"}], "SK": [{"field": "v"}]}}
        ]
    }))
    .unwrap_or_else(|e| unreachable!("the fuzz schema is valid: {e}"))
}

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// Schema documents: read or refused with errors; what reads writes back the same.
pub fn schema_json(data: &[u8]) {
    if let Ok(schema) = Schema::from_json(&text(data)) {
        let again = Schema::from_value(&schema.to_value());
        assert_eq!(again.as_ref().ok(), Some(&schema), "a schema reads back as written");
    }
}

/// Field values (a JSON object) for entity `All`: every key that encodes decodes to
/// values that encode to the same key.
pub fn encode_values(data: &[u8]) {
    let schema: &Schema = &SCHEMA;
    let Ok(Value::Object(values)) = serde_json::from_str::<Value>(&text(data)) else {
        return;
    };
    let Ok(item) = encode(schema, "All", &values) else {
        return;
    };
    for (attribute, key) in &item.keys {
        let decoded: Values = decode(schema, "All", attribute, key.as_str())
            .unwrap_or_else(|e| panic!("{attribute} {key:?} written by encode must decode: {e}"));
        let entity = &schema.entities[0];
        let template = entity.template(attribute).unwrap_or_else(|| unreachable!());
        let (again, _) = encode_key(schema, entity, template, &decoded)
            .unwrap_or_else(|e| panic!("decoded values must encode again: {e:?}"));
        assert_eq!(&again, key, "{attribute}: encode(decode(key)) == key");
    }
}

/// Two values (JSON `[a, b]`) of one numeric kind: their keys sort as the numbers do.
pub fn encode_order(data: &[u8]) {
    let schema: &Schema = &SCHEMA;
    let (kind, rest) = match data.split_first() {
        Some((k, rest)) => (*k as usize % 3, rest),
        None => return,
    };
    let entity = &schema.entities[1 + kind];
    let Ok(Value::Array(pair)) = serde_json::from_str::<Value>(&text(rest)) else {
        return;
    };
    let [a, b] = pair.as_slice() else { return };
    let field = &entity.fields[0];
    let template = entity.template("SK").unwrap_or_else(|| unreachable!());
    let key = |v: &Value| {
        let values: Values = [("v".to_string(), v.clone())].into_iter().collect();
        encode_key(schema, entity, template, &values).ok().map(|(k, _)| k)
    };
    let (Some(ka), Some(kb)) = (key(a), key(b)) else { return };
    let (Ok(na), Ok(nb)) = (number_value(field, a), number_value(field, b)) else {
        panic!("a value that encodes has a plain number");
    };
    let by_value = na.cmp(&nb);
    let by_value = if field.kind.order() == Order::Desc {
        by_value.reverse()
    } else {
        by_value
    };
    assert_eq!(
        compare_keys(ka.as_str(), kb.as_str()),
        by_value,
        "{a} vs {b}: {ka:?} vs {kb:?}"
    );
}

/// Arbitrary key text, for every entity and attribute: it decodes or is refused; what
/// decodes encodes back to the same text.
pub fn decode_key(data: &[u8]) {
    let schema: &Schema = &SCHEMA;
    let key = text(data);
    for entity in &schema.entities {
        for template in &entity.keys {
            let decoded = decode(schema, &entity.name, &template.attribute, &key);
            // The compiled codec reads exactly what decode reads, by position.
            let codec = KeyCodec::new(schema, &entity.name, &template.attribute)
                .unwrap_or_else(|e| unreachable!("the fuzz schema compiles: {e}"));
            // A buffer holding another key's values: reading must overwrite every slot.
            let mut read = vec![Value::from("left over"), Value::from(7)];
            let by_codec = codec.read(&key, &mut read).map(|()| read);
            let by_decode = decoded.as_ref().map(|v| {
                codec
                    .fields()
                    .iter()
                    .map(|f| v.get(*f).cloned().unwrap_or(Value::Null))
                    .collect::<Vec<_>>()
            });
            assert_eq!(
                by_codec.ok(),
                by_decode.ok(),
                "{}.{}: KeyCodec::read vs decode of {key:?}",
                entity.name,
                template.attribute
            );
            let Ok(values) = decoded else {
                continue;
            };
            if let Ok((again, _)) = encode_key(schema, entity, template, &values) {
                let what = format!("{}.{}: decode then encode {key:?}", entity.name, template.attribute);
                match schema.table.attribute_type(&template.attribute) {
                    // A Number is the same number however it was written ("005", "5e0"):
                    // what must hold is that it reads back as the same values.
                    Some(AttrType::N) => assert_eq!(
                        decode(schema, &entity.name, &template.attribute, again.as_str()).as_ref(),
                        Ok(&values),
                        "{what}"
                    ),
                    _ => assert_eq!(again.as_str(), key, "{what}"),
                }
            }
        }
    }
}

/// A Query input (JSON), or a KeyConditionExpression placed in a valid input: accepted
/// or refused with a message; never a panic.
pub fn query_parse(data: &[u8]) {
    let schema: &Schema = &SCHEMA;
    let text = text(data);
    if let Ok(doc) = serde_json::from_str::<Value>(&text) {
        let _ = parse_input(&schema.table, &doc);
    }
    let doc = json!({
        "TableName": "Fuzz",
        "KeyConditionExpression": text,
        "ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK"},
        "ExpressionAttributeValues": {":pk": {"S": "A#X"}, ":sk": {"S": "0"}, ":n": {"N": "1"}}
    });
    if let Err(e) = parse_input(&schema.table, &doc) {
        assert!(!e.message.is_empty(), "a refusal says why");
    }
}

/// Items and a query (JSON `[items, input]`): the evaluator pages through without
/// panicking, never returns more than Limit, and returns each item at most once.
pub fn evaluate(data: &[u8]) {
    let schema: &Schema = &SCHEMA;
    let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(&text(data)) else {
        return;
    };
    let [Value::Array(items), input] = parts.as_slice() else {
        return;
    };
    // A table holds one item per table key: a later write replaces an earlier one.
    let items = latest_writes(&schema.table, items.iter().filter_map(|i| i.as_object().cloned()));
    let Ok(mut query) = parse_input(&schema.table, input) else {
        return;
    };
    let mut seen = 0usize;
    for _ in 0..=items.len() + 1 {
        let page = run(&schema.table, &items, &query);
        if let Some(limit) = query.limit {
            assert!(page.items.len() <= limit as usize, "a page holds at most Limit items");
        }
        seen += page.items.len();
        assert!(seen <= items.len(), "no item is returned twice");
        match page.last_evaluated_key {
            Some(k) if k.is_empty() => panic!("an empty LastEvaluatedKey"),
            Some(k) => query.exclusive_start_key = Some(k),
            None => return,
        }
    }
    // Every page advances: a query over n items ends within n + 1 pages.
    assert!(items.is_empty(), "paging never ends");
}

/// Runs a corpus file through the target it was found by.
pub fn run_target(target: &str, data: &[u8]) {
    match target {
        "schema_json" => schema_json(data),
        "encode_values" => encode_values(data),
        "encode_order" => encode_order(data),
        "decode_key" => decode_key(data),
        "query_parse" => query_parse(data),
        "evaluate" => evaluate(data),
        other => panic!("no fuzz target {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_properties_hold_on_hand_picked_inputs() {
        schema_json(br##"{"version":1,"separator":"#","table":{"name":"T","attributes":{"PK":"S"},"primary":{"partition":"PK"}},"entities":[{"name":"E","fields":{"a":{"kind":"text"}},"keys":{"PK":[{"field":"a"}]}}]}"##);
        encode_values(br#"{"t":"x","u":5,"i":-3,"d":"1.5","s":1700000000,"m":1700000000000,"iso":"2024-01-01T00:00:00Z","ul":"01ARZ3NDEKTSV4RRFFQ69G5FAV","k":"0ujtsYcgvSTl8PAuAdqWYSMnLOv"}"#);
        encode_order(b"\x00[9, 10]");
        encode_order(b"\x01[-5, 3]");
        encode_order(b"\x02[\"-0.5\", \"0.25\"]");
        decode_key(b"000005");
        query_parse(b"#pk = :pk AND begins_with(#sk, :sk)");
        evaluate(br#"[[{"PK":{"S":"A#X"},"SK":{"S":"1"}},{"PK":{"S":"A#X"},"SK":{"S":"2"}}],{"TableName":"Fuzz","KeyConditionExpression":"PK = :p","ExpressionAttributeValues":{":p":{"S":"A#X"}},"Limit":1}]"#);
    }
}
