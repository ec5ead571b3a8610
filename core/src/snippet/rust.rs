//! Rust `aws-sdk-dynamodb`: the fluent `client.query()` builder with `AttributeValue`,
//! and `into_paginator()` for paging.

use super::{names, one_call_note, quoted, values, Options, UnicodeEscape, LOCAL_REGION};
use crate::codec::KeyValue;
use crate::query::Query;

fn lit(s: &str) -> String {
    quoted(s, UnicodeEscape::Braced)
}

/// The config builder's calls for a local endpoint: the endpoint, and the region it
/// signs for (`AWS_REGION`, else the one every target falls back to).
pub(super) fn local_endpoint(endpoint: Option<&str>) -> String {
    endpoint
        .map(|e| {
            format!(
                "\n        .endpoint_url({})\n        .region(aws_config::Region::new(\n            std::env::var(\"AWS_REGION\").unwrap_or_else(|_| \"{LOCAL_REGION}\".to_string()),\n        ))",
                lit(e)
            )
        })
        .unwrap_or_default()
}

fn builder(q: &Query, indent: &str) -> String {
    let mut calls = vec![format!(".table_name({})", lit(&q.table))];
    if let Some(ix) = &q.index {
        calls.push(format!(".index_name({})", lit(ix)));
    }
    calls.push(format!(".key_condition_expression({})", lit(&q.expression())));
    for (p, n) in names(q) {
        calls.push(format!(".expression_attribute_names({}, {})", lit(&p), lit(n)));
    }
    for (p, v) in values(q) {
        let av = match v {
            KeyValue::S(s) => format!("AttributeValue::S({}.to_string())", lit(s)),
            KeyValue::N(n) => format!("AttributeValue::N({}.to_string())", lit(n.as_str())),
        };
        calls.push(format!(".expression_attribute_values({}, {av})", lit(&p)));
    }
    calls.push(format!(".scan_index_forward({})", q.scan_index_forward));
    if let Some(l) = q.limit {
        calls.push(format!(".limit({l})"));
    }
    calls.iter().map(|c| format!("{indent}{c}\n")).collect()
}

const PRINT_ITEM: &str = r#"
/// One item as a JSON line: strings and numbers as their text, anything else as Debug.
fn to_json(item: &HashMap<String, AttributeValue>) -> String {
    let mut fields: Vec<(&String, &AttributeValue)> = item.iter().collect();
    fields.sort_by(|a, b| a.0.cmp(b.0));
    let body: Vec<String> = fields
        .into_iter()
        .map(|(k, v)| {
            let value = match v {
                AttributeValue::S(s) => serde_json::json!({ "S": s }),
                AttributeValue::N(n) => serde_json::json!({ "N": n }),
                other => serde_json::json!(format!("{other:?}")),
            };
            format!("{}:{}", serde_json::json!(k), value)
        })
        .collect();
    format!("{{{}}}", body.join(","))
}
"#;

pub(super) fn render(q: &Query, options: &Options) -> Result<String, String> {
    if !options.program {
        return Ok(format!(
            "{}let output = client\n    .query()\n{}    .send()\n    .await?;\n",
            one_call_note(q, "//"),
            builder(q, "    ")
        ));
    }
    let endpoint = local_endpoint(options.endpoint.as_deref());
    Ok(format!(
        "// Cargo.toml: aws-config, aws-sdk-dynamodb, tokio (macros, rt-multi-thread), serde_json\nuse aws_sdk_dynamodb::types::AttributeValue;\nuse aws_sdk_dynamodb::Client;\nuse std::collections::HashMap;\n\n#[tokio::main]\nasync fn main() -> Result<(), Box<dyn std::error::Error>> {{\n    let config = aws_config::defaults(aws_config::BehaviorVersion::latest()){endpoint}\n        .load()\n        .await;\n    let client = Client::new(&config);\n    // into_paginator() follows LastEvaluatedKey; .items() yields every item of every page.\n    let mut items = client\n        .query()\n{}        .into_paginator()\n        .items()\n        .send();\n{}    Ok(())\n}}\n{PRINT_ITEM}",
        builder(q, "        "),
        printing(q.max_items)
    ))
}

/// The loop over the paginator's items, printing each as a JSON line; with `max_items`,
/// it stops after that many.
fn printing(max_items: Option<u32>) -> String {
    match max_items {
        None => "    while let Some(item) = items.next().await {\n        println!(\"{}\", to_json(&item?));\n    }\n".to_string(),
        Some(n) => format!(
            "    // The pattern promises the first {n} items; .limit() only sizes each page, and the\n    // paginator reads on to the last one: stop after {n}.\n    let max_items = {n};\n    let mut printed = 0;\n    while let Some(item) = items.next().await {{\n        println!(\"{{}}\", to_json(&item?));\n        printed += 1;\n        if printed == max_items {{\n            break;\n        }}\n    }}\n"
        ),
    }
}
