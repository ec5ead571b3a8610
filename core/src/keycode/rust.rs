//! Rust: a module over the `keylab` crate itself, so its keys are the codec's by
//! construction. It embeds the design, compiles each template once (`KeyCodec`), and
//! gives a struct per key with typed fields: whole numbers as `u64`/`i64` up to 18
//! digits and `u128`/`i128` beyond, decimals and ISO timestamps as their text.

use super::skeleton::type_name;
use super::{header, shape, snake, KeyPlan, Kind, Plan};
use crate::Schema;

fn small(width: u32) -> bool {
    width <= 18
}

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Decimal { .. } | Kind::Iso { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => {
            "String"
        }
        Kind::Uint { width, .. } if small(*width) => "u64",
        Kind::Uint { .. } => "u128",
        Kind::Int { width, .. } if small(*width) => "i64",
        Kind::Int { .. } => "i128",
        Kind::Epoch { .. } => "i64",
    }
}

/// The expression giving a field's value to the codec.
fn to_value(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => {
            format!("Value::String({v}.to_string())")
        }
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("Value::from({v})"),
        _ => format!("Value::String({v}.clone())"),
    }
}

/// A raw identifier when the name is a Rust keyword.
fn field(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "false", "fn",
        "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static",
        "struct", "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do",
        "final", "macro", "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
    ];
    let s = snake(name);
    if KEYWORDS.contains(&s.as_str()) {
        format!("r#{s}")
    } else {
        s
    }
}

/// One key's struct and functions; its codec is the `at`th of the module's.
fn emit_key(out: &mut String, key: &KeyPlan, at: usize, sep: &str) {
    let name = type_name(key);
    let func = format!("{}_{}", snake(&key.entity), snake(&key.attribute));
    out.push_str(&format!(
        "\n/// The values of a {} {} key: {}.\n#[derive(Clone, Debug, PartialEq, Eq)]\npub struct {name} {{\n",
        key.entity,
        key.attribute,
        shape(key, sep)
    ));
    for f in &key.fields {
        out.push_str(&format!("    pub {}: {},\n", field(&f.name), value_type(&f.kind)));
    }
    out.push_str("}\n");
    out.push_str(&encoder(key, at, &name, &func));
    out.push_str(&decoder(key, at, &name, &func));
}

/// `encode_<key>`: the struct's values through the key's codec.
fn encoder(key: &KeyPlan, at: usize, name: &str, func: &str) -> String {
    let values: Vec<String> = (key.fields.iter())
        .map(|f| to_value(&f.kind, &format!("v.{}", field(&f.name))))
        .collect();
    format!(
        "\n/// The {} key of a {}, exactly as the playground writes it.\npub fn encode_{func}(v: &{name}) -> Result<KeyValue, Error> {{\n    let values = [{}];\n    let refs: Vec<&Value> = values.iter().collect();\n    codec({at}).key(&refs)\n}}\n",
        key.attribute,
        key.entity,
        values.join(", ")
    )
}

/// `decode_<key>`: the key read back by its codec, each slot typed as its field.
fn decoder(key: &KeyPlan, at: usize, name: &str, func: &str) -> String {
    let reads: Vec<String> = (key.fields.iter().enumerate())
        .map(|(i, f)| format!("{}: typed(&slots[{i}])?", field(&f.name)))
        .collect();
    format!(
        "\n/// The {} key of a {} read back; an error when the template could not have written it.\npub fn decode_{func}(key: &str) -> Result<{name}, Error> {{\n    let mut slots = Vec::new();\n    codec({at}).read(key, &mut slots)?;\n    Ok({name} {{ {} }})\n}}\n",
        key.attribute,
        key.entity,
        reads.join(", ")
    )
}

pub fn emit(plan: &Plan, schema: &Schema) -> String {
    let mut out = header(plan, "//!");
    let design = schema.to_json_pretty();
    // A raw string needs more #s than any run that follows a quote inside it.
    let mut n = 1;
    while design.contains(&format!("\"{}", "#".repeat(n))) {
        n += 1;
    }
    let hashes = "#".repeat(n);
    out.push_str("//!\n//! Needs `keylab` (this repository's core/ crate) and `serde_json` as dependencies.\n\nuse keylab::codec::{KeyCodec, KeyValue};\nuse keylab::error::{Context, Error, ErrorKind};\nuse keylab::Schema;\nuse serde_json::Value;\nuse std::sync::OnceLock;\n\n");
    out.push_str(&format!("/// The separator between a key's segments.\npub const SEP: &str = {:?};\n/// The design this module was written for.\npub const DESIGN: &str = {:?};\n\n", plan.separator, plan.hash));
    out.push_str(&format!(
        "/// The design itself, as keylab's schema document.\npub const DESIGN_JSON: &str = r{hashes}\"{design}\"{hashes};\n\n"
    ));
    let templates: Vec<String> = plan
        .keys
        .iter()
        .map(|k| format!("({:?}, {:?})", k.entity, k.attribute))
        .collect();
    out.push_str(&format!(
        r#"const TEMPLATES: [(&str, &str); {}] = [{}];

fn schema() -> &'static Schema {{
    static SCHEMA: OnceLock<Schema> = OnceLock::new();
    // The embedded design is the one keylab checked when it wrote this module.
    SCHEMA.get_or_init(|| Schema::from_json(DESIGN_JSON).expect("the embedded keylab design reads"))
}}

/// The compiled template of key `at` of [`TEMPLATES`], compiled on first use.
fn codec(at: usize) -> &'static KeyCodec<'static> {{
    static CODECS: OnceLock<Vec<KeyCodec<'static>>> = OnceLock::new();
    &CODECS.get_or_init(|| {{
        TEMPLATES
            .iter()
            .map(|(entity, attribute)| KeyCodec::new(schema(), entity, attribute).expect("the embedded templates compile"))
            .collect()
    }})[at]
}}

/// A decoded value as its field's Rust type.
fn typed<T: std::str::FromStr>(v: &Value) -> Result<T, Error> {{
    let text = match v {{
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }};
    text.parse().map_err(|_| {{
        Error::new(
            Context::default().with_value(&text),
            ErrorKind::KeyMismatch {{ offset: 0, expected: std::any::type_name::<T>().into(), found: text.clone() }},
        )
    }})
}}
"#,
        plan.keys.len(),
        templates.join(", ")
    ));
    for (at, key) in plan.keys.iter().enumerate() {
        emit_key(&mut out, key, at, &plan.separator);
    }
    out
}
