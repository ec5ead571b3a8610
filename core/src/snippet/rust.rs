//! Rust `aws-sdk-dynamodb`: the fluent `client.query()` builder with `AttributeValue`,
//! and `into_paginator()` for paging.

use super::{names, one_call_note, quoted, template, values, Error, Options, UnicodeEscape, LOCAL_REGION};
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

pub(super) fn render(q: &Query, options: &Options) -> Result<String, Error> {
    if !options.program {
        return Ok(format!(
            "{}let output = client\n    .query()\n{}    .send()\n    .await?;\n",
            one_call_note(q, "//"),
            builder(q, "    ")
        ));
    }
    let endpoint = local_endpoint(options.endpoint.as_deref());
    Ok(template::fill(
        include_str!("templates/query.rs.txt"),
        &[
            ("endpoint", &endpoint),
            ("builder", &builder(q, "        ")),
            ("printing", &printing(q.max_items)),
            ("print_item", PRINT_ITEM),
        ],
    ))
}

/// The loop over the paginator's items, printing each as a JSON line; with `max_items`,
/// it stops after that many.
fn printing(max_items: Option<u32>) -> String {
    match max_items {
        None => "    while let Some(item) = items.next().await {\n        println!(\"{}\", to_json(&item?));\n    }\n"
            .to_string(),
        Some(n) => template::fill(include_str!("templates/first_n.rs.txt"), &[("n", &n.to_string())]),
    }
}
