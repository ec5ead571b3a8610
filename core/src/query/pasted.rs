//! What people paste as a Query input. Besides JSON, the object as it sits in their
//! code: a JavaScript object literal (unquoted keys, single quotes, trailing commas,
//! comments) or a Python dict (`True`, `False`, `None`); and ExpressionAttributeValues
//! either low-level (`{"S": "x"}`) or as the DocumentClient writes them (`"x"`). Each
//! reading that is not plain JSON is named, so nothing is reinterpreted silently.

use crate::schema::Schema;
use serde_json::{Map, Value};

/// A pasted input read into DynamoDB's JSON, and how it was read.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Pasted {
    pub input: Value,
    /// Each way the text differed from a low-level JSON input, in words.
    pub read_as: Vec<String>,
}

/// Pasted text that is not JSON, nor a JavaScript object or Python dict: where JSON's
/// reading stopped (line and column from 1) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub line: usize,
    pub column: usize,
    pub why: String,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "The pasted text is not valid JSON, nor a JavaScript object or Python dict: {} at line {} column {}",
            self.why, self.line, self.column
        )
    }
}

impl std::error::Error for Unreadable {}

/// Reads pasted text as JSON, else as a JavaScript or Python literal.
pub fn read_pasted(text: &str) -> Result<Pasted, Unreadable> {
    let mut read_as = Vec::new();
    let mut input = match serde_json::from_str::<Value>(text) {
        Ok(v) => v,
        Err(json_error) => {
            let (converted, python) = literal_to_json(text);
            match serde_json::from_str::<Value>(&converted) {
                Ok(v) => {
                    read_as.push(if python {
                        "Read as a Python dict.".to_string()
                    } else {
                        "Read as a JavaScript object literal.".to_string()
                    });
                    v
                }
                Err(_) => {
                    // serde_json's message ends with where it stopped: kept apart.
                    let message = json_error.to_string();
                    let why = message.split(" at line ").next().unwrap_or_default().to_string();
                    return Err(Unreadable {
                        line: json_error.line(),
                        column: json_error.column(),
                        why,
                    });
                }
            }
        }
    };
    if let Some(values) = input
        .get_mut("ExpressionAttributeValues")
        .and_then(Value::as_object_mut)
    {
        let low_level = values.values().all(is_attribute_value);
        if !low_level && !values.is_empty() {
            let example = values
                .iter()
                .find(|(_, v)| !is_attribute_value(v))
                .map(|(k, v)| format!("{k} = {v} is {}", typed(v)))
                .unwrap_or_default();
            for v in values.values_mut() {
                *v = typed(v);
            }
            read_as.push(format!(
                "ExpressionAttributeValues read as DocumentClient plain values: {example}."
            ));
        }
    }
    Ok(Pasted { input, read_as })
}

fn is_attribute_value(v: &Value) -> bool {
    v.as_object()
        .is_some_and(|o| o.len() == 1 && o.keys().all(|k| super::ATTRIBUTE_VALUE_TYPES.contains(&k.as_str())))
}

/// A plain value as the DocumentClient marshals it.
fn typed(v: &Value) -> Value {
    let mut m = Map::new();
    let (t, inner) = match v {
        Value::String(s) => ("S", Value::String(s.clone())),
        Value::Number(n) => ("N", Value::String(n.to_string())),
        Value::Bool(b) => ("BOOL", Value::Bool(*b)),
        Value::Null => ("NULL", Value::Bool(true)),
        Value::Array(a) => ("L", Value::Array(a.iter().map(typed).collect())),
        Value::Object(o) => (
            "M",
            Value::Object(o.iter().map(|(k, v)| (k.clone(), typed(v))).collect()),
        ),
    };
    m.insert(t.into(), inner);
    Value::Object(m)
}

/// Rewrites a JavaScript or Python literal as JSON text, and says whether it looked
/// like Python. Not a full parser: what it gets wrong, serde_json then refuses.
fn literal_to_json(text: &str) -> (String, bool) {
    // `const params = {...};` and `params = {...}`: the object is what counts.
    let body = match text.find(['{', '[']) {
        Some(at) if is_assignment(&text[..at]) => text[at..].trim_end().trim_end_matches(';'),
        _ => text,
    };
    let chars: Vec<char> = body.chars().collect();
    let mut out = String::with_capacity(body.len());
    let mut python = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    i += 1;
                }
                i += 2;
                continue;
            }
            '#' => {
                python = true;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '"' | '\'' | '`' => {
                i = string(&chars, i, &mut out);
                continue;
            }
            '}' | ']' => {
                // A trailing comma before the closing bracket.
                let kept = out.trim_end().len();
                if out[..kept].ends_with(',') {
                    out.truncate(kept - 1);
                }
                out.push(c);
            }
            c if c.is_alphabetic() || c == '_' || c == '$' => {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$') {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                match word.as_str() {
                    "true" | "false" | "null" => out.push_str(&word),
                    "True" | "False" | "None" => {
                        python = true;
                        out.push_str(match word.as_str() {
                            "True" => "true",
                            "False" => "false",
                            _ => "null",
                        });
                    }
                    "undefined" => out.push_str("null"),
                    _ => out.push_str(&Value::String(word).to_string()),
                }
                continue;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    (out, python)
}

fn is_assignment(prefix: &str) -> bool {
    let p = prefix.trim();
    let Some(p) = p.strip_suffix('=') else {
        return p.is_empty();
    };
    let mut words = p.split_whitespace();
    let name = match (words.next(), words.next(), words.next()) {
        (Some("const" | "let" | "var"), Some(name), None) | (Some(name), None, None) => name,
        _ => return false,
    };
    name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// Copies the quoted string starting at `chars[at]` as a JSON string; returns the index
/// after its closing quote.
fn string(chars: &[char], at: usize, out: &mut String) -> usize {
    let quote = chars[at];
    let mut text = String::new();
    let mut i = at + 1;
    while i < chars.len() && chars[i] != quote {
        if chars[i] == '\\' && i + 1 < chars.len() {
            let e = chars[i + 1];
            i += 2;
            match e {
                'n' => text.push('\n'),
                't' => text.push('\t'),
                'r' => text.push('\r'),
                'b' => text.push('\u{8}'),
                'f' => text.push('\u{c}'),
                '0' => text.push('\0'),
                'x' | 'u' => {
                    let len = if e == 'x' { 2 } else { 4 };
                    let hex: String = chars.iter().skip(i).take(len).collect();
                    match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        Some(c) if hex.len() == len => {
                            text.push(c);
                            i += len;
                        }
                        // A surrogate half (`\ud83d`) or a bad escape: left to JSON.
                        _ => {
                            out.push_str(&Value::String(text.clone()).to_string()[..]);
                            text.clear();
                            return copy_raw_escape(chars, i - 2, quote, out);
                        }
                    }
                }
                other => text.push(other),
            }
        } else {
            text.push(chars[i]);
            i += 1;
        }
    }
    out.push_str(&Value::String(text).to_string());
    i + 1
}

/// The rare string with a UTF-16 surrogate escape: written through as JSON escapes.
fn copy_raw_escape(chars: &[char], from: usize, quote: char, out: &mut String) -> usize {
    // Undo the closing quote of the part already written, then continue raw.
    out.pop();
    let mut i = from;
    while i < chars.len() && chars[i] != quote {
        match chars[i] {
            '\\' if i + 1 < chars.len() => {
                out.push('\\');
                out.push(chars[i + 1]);
                i += 2;
            }
            '"' => {
                out.push_str("\\\"");
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    out.push('"');
    i + 1
}

/// When a pasted condition names a field that lives inside a composite key
/// (`created > :c` where SK is `ORDER#<created>#<id>`), the hint that says so: DynamoDB
/// only sees the key attribute, so the condition must compare it instead.
pub fn composite_field_hint(schema: &Schema, input: &Value) -> Option<String> {
    let expression = input.get("KeyConditionExpression")?.as_str()?;
    let names = input.get("ExpressionAttributeNames").and_then(Value::as_object);
    let mut named: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut prefix = ' ';
    for c in expression.chars().chain(std::iter::once(' ')) {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            match prefix {
                '#' => named.extend(
                    names
                        .and_then(|m| m.get(&format!("#{word}")))
                        .and_then(Value::as_str)
                        .map(str::to_string),
                ),
                ':' => {}
                _ => named.push(word.clone()),
            }
            word.clear();
        }
        prefix = c;
    }
    let table = &schema.table;
    named.iter().filter(|n| table.attribute_type(n).is_none()).find_map(|field| {
        schema.entities.iter().find_map(|e| {
            let t = e.keys.iter().find(|t| t.fields().any(|f| f == field))?;
            Some(format!(
                "{field} is part of {} ({}). Compare {} with a prefix or range built from it: the query builder above does that.",
                t.attribute,
                t.pattern(&schema.separator),
                t.attribute
            ))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn json_is_read_as_it_is() {
        let text = r##"{"KeyConditionExpression": "#pk = :pk", "ExpressionAttributeValues": {":pk": {"S": "A"}}}"##;
        let p = read_pasted(text).unwrap();
        assert_eq!(p.input, serde_json::from_str::<Value>(text).unwrap());
        assert!(p.read_as.is_empty());
    }

    #[test]
    fn a_javascript_object_literal_with_document_client_values() {
        let text = r##"const params = {
            TableName: 'Shop', // the table
            KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
            ExpressionAttributeNames: { '#pk': 'PK', "#sk": 'SK', },
            ExpressionAttributeValues: { ':pk': 'CUSTOMER#c-42', ':sk': "ORDER#", ':n': 5, ':it\'s': 'O\'Brien', },
            ScanIndexForward: false, /* newest first */
        };"##;
        let p = read_pasted(text).unwrap();
        assert_eq!(
            p.input,
            json!({"TableName": "Shop", "KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :sk)",
                   "ExpressionAttributeNames": {"#pk": "PK", "#sk": "SK"},
                   "ExpressionAttributeValues": {":pk": {"S": "CUSTOMER#c-42"}, ":sk": {"S": "ORDER#"}, ":n": {"N": "5"}, ":it's": {"S": "O'Brien"}},
                   "ScanIndexForward": false})
        );
        assert_eq!(p.read_as[0], "Read as a JavaScript object literal.");
        assert!(
            p.read_as[1].contains(r##":pk = "CUSTOMER#c-42" is {"S":"CUSTOMER#c-42"}"##),
            "{:?}",
            p.read_as
        );
    }

    #[test]
    fn a_python_dict_with_low_level_values() {
        let text = "{'TableName': 'Shop', 'ScanIndexForward': True, 'Limit': None,\n 'ExpressionAttributeValues': {':pk': {'S': 'A\\u00e9\\x41'}},}";
        let p = read_pasted(text).unwrap();
        assert_eq!(
            p.input,
            json!({"TableName": "Shop", "ScanIndexForward": true, "Limit": null, "ExpressionAttributeValues": {":pk": {"S": "AéA"}}})
        );
        assert_eq!(p.read_as, ["Read as a Python dict."]);
    }

    #[test]
    fn text_that_is_nothing_says_so() {
        let e = read_pasted("{not json").unwrap_err();
        assert_eq!((e.line, e.column), (1, 2));
        assert!(e.to_string().contains("not valid JSON"), "{e}");
        assert!(read_pasted("const = {").is_err());
    }

    #[test]
    fn surrogate_escapes_pass_through() {
        let p = read_pasted(r"{a: '\ud83d\ude00 x'}").unwrap();
        assert_eq!(p.input, json!({"a": "😀 x"}));
    }

    /// Writes `v` the way JavaScript (or Python) code would: single quotes, unquoted
    /// keys where they are identifiers, a trailing comma after every member.
    fn as_literal(v: &Value, python: bool) -> String {
        match v {
            Value::String(s) => format!(
                "'{}'",
                s.replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n")
            ),
            Value::Bool(b) if python => if *b { "True" } else { "False" }.into(),
            Value::Null if python => "None".into(),
            Value::Array(a) => format!(
                "[{}]",
                a.iter().map(|x| as_literal(x, python) + ",").collect::<String>()
            ),
            Value::Object(o) => format!(
                "{{{}}}",
                o.iter()
                    .map(|(k, x)| {
                        let key = if !python
                            && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                            && !k.starts_with(|c: char| c.is_ascii_digit())
                        {
                            k.clone()
                        } else {
                            as_literal(&Value::String(k.clone()), python)
                        };
                        format!("{key}: {},", as_literal(x, python))
                    })
                    .collect::<String>()
            ),
            other => other.to_string(),
        }
    }

    fn json_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            any::<bool>().prop_map(Value::Bool),
            Just(Value::Null),
            any::<i32>().prop_map(|n| json!(n)),
            "[a-zA-Z0-9 #:'\"\\\\\n{},é😀]{0,8}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::btree_map("[a-zA-Z_][a-zA-Z0-9_]{0,5}|[#:][a-z]{1,3}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// Whatever is pasted, reading it answers (a reading or a message) and never panics.
        #[test]
        fn any_pasted_text_is_read_or_refused(text in "[ -~\\n'\"\\\\{}\\[\\]:,#/*éÿ😀]{0,80}") {
            let _ = read_pasted(&text);
            let schema = Schema::from_value(&json!({
                "version": 1, "separator": "#",
                "table": {"name": "T", "attributes": {"PK": "S"}, "primary": {"partition": "PK"}},
                "entities": [{"name": "E", "fields": {"a": {"kind": "text"}}, "keys": {"PK": [{"field": "a"}]}}]
            })).unwrap();
            let _ = composite_field_hint(&schema, &json!({"KeyConditionExpression": text, "ExpressionAttributeNames": {"#a": "a"}}));
        }

        #[test]
        fn any_value_written_as_code_reads_back(v in json_value(), python in proptest::prelude::any::<bool>()) {
            let text = as_literal(&json!({"TableName": v}), python);
            let read = read_pasted(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            proptest::prop_assert_eq!(&read.input["TableName"], &v, "{}", text);
        }
    }

    #[test]
    fn a_field_inside_a_composite_key_gets_a_hint() {
        let schema = Schema::from_value(&json!({
            "version": 1, "separator": "#",
            "table": {"name": "Shop", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "Order", "fields": {"c": {"kind": "text"}, "created": {"kind": "timestamp", "unit": "ms", "width": 13}, "id": {"kind": "ulid"}},
                          "keys": {"PK": [{"literal": "CUSTOMER"}, {"field": "c"}], "SK": [{"literal": "ORDER"}, {"field": "created"}, {"field": "id"}]}}]
        }))
        .unwrap();
        let hint = |expression: &str| {
            composite_field_hint(
                &schema,
                &json!({"KeyConditionExpression": expression, "ExpressionAttributeNames": {"#c": "created", "#pk": "PK"}}),
            )
        };
        let expected = "created is part of SK (ORDER#<created>#<id>). Compare SK with a prefix or range built from it: the query builder above does that.";
        assert_eq!(hint("#pk = :pk AND created > :c").as_deref(), Some(expected));
        assert_eq!(hint("#pk = :pk AND #c > :c").as_deref(), Some(expected));
        assert_eq!(
            hint("#pk = :pk AND SK > :created"),
            None,
            "a value placeholder is not a name"
        );
        assert_eq!(hint("#pk = :pk AND begins_with(SK, :s)"), None);
    }
}
