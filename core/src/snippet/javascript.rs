//! JavaScript SDK v3: `DynamoDBClient` + `QueryCommand` with DynamoDB JSON, and the
//! DocumentClient from `@aws-sdk/lib-dynamodb` with plain values and `paginateQuery`.

use super::{names, one_call_note, quoted, template, values, Error, Options, UnicodeEscape, LOCAL_REGION};
use crate::codec::KeyValue;
use crate::query::Query;

fn lit(s: &str) -> String {
    quoted(s, UnicodeEscape::Utf16)
}

fn object(pairs: &[(String, String)], indent: &str) -> String {
    let inner = format!("{indent}  ");
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{inner}{k}: {v},")).collect();
    format!("{{\n{}\n{indent}}}", body.join("\n"))
}

fn input(q: &Query, value: impl Fn(&KeyValue) -> String) -> String {
    let names: Vec<(String, String)> = names(q).into_iter().map(|(p, n)| (lit(&p), lit(n))).collect();
    let values: Vec<(String, String)> = values(q).into_iter().map(|(p, v)| (lit(&p), value(v))).collect();
    let mut fields = vec![("TableName".to_string(), lit(&q.table))];
    if let Some(ix) = &q.index {
        fields.push(("IndexName".into(), lit(ix)));
    }
    fields.push(("KeyConditionExpression".into(), lit(&q.expression())));
    fields.push(("ExpressionAttributeNames".into(), object(&names, "  ")));
    fields.push(("ExpressionAttributeValues".into(), object(&values, "  ")));
    fields.push(("ScanIndexForward".into(), q.scan_index_forward.to_string()));
    if let Some(l) = q.limit {
        fields.push(("Limit".into(), l.to_string()));
    }
    object(&fields, "")
}

fn client_config(options: &Options) -> String {
    match &options.endpoint {
        // A local endpoint needs a region too, or the SDK refuses to start.
        Some(e) => format!(
            "{{ endpoint: {}, region: process.env.AWS_REGION ?? \"{LOCAL_REGION}\" }}",
            lit(e)
        ),
        None => "{}".into(),
    }
}

pub(super) fn client(q: &Query, options: &Options) -> Result<String, Error> {
    let input = input(q, |v| {
        let (t, text) = (v.attr_type().as_str(), v.as_str());
        format!("{{ {t}: {} }}", lit(text))
    });
    let head = "import { DynamoDBClient, QueryCommand } from \"@aws-sdk/client-dynamodb\";\n\n";
    let setup = format!("const client = new DynamoDBClient({});\n", client_config(options));
    Ok(match (options.program, q.max_items) {
        (true, None) => template::fill(
            include_str!("templates/pages.js.txt"),
            &[("head", head), ("setup", &setup), ("input", &input)],
        ),
        (true, Some(n)) => template::fill(
            include_str!("templates/first_n_pages.js.txt"),
            &[
                ("head", head),
                ("setup", &setup),
                ("input", &input),
                ("n", &n.to_string()),
            ],
        ),
        (false, _) => format!(
            "{head}{setup}{}const output = await client.send(new QueryCommand({input}));\n",
            one_call_note(q, "//")
        ),
    })
}

pub(super) fn document_client(q: &Query, options: &Options) -> Result<String, Error> {
    let mut number_value = false;
    let input = input(q, |v| match v {
        KeyValue::S(s) => lit(s),
        // A plain number only when JavaScript holds it exactly (KeyValue's JSON says).
        KeyValue::N(n) if serde_json::to_value(v).ok().is_some_and(|j| j.is_number()) => n.to_string(),
        KeyValue::N(n) => format!("NumberValue.from({})", lit(n.as_str())),
    });
    if input.contains("NumberValue.from(") {
        number_value = true;
    }
    let mut imports = vec!["DynamoDBDocumentClient"];
    if number_value {
        imports.push("NumberValue");
    }
    imports.push(if options.program {
        "paginateQuery"
    } else {
        "QueryCommand"
    });
    let head = format!(
        "import {{ DynamoDBClient }} from \"@aws-sdk/client-dynamodb\";\nimport {{ {} }} from \"@aws-sdk/lib-dynamodb\";\n\n",
        imports.join(", ")
    );
    let setup = format!(
        "const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));\n",
        client_config(options)
    );
    Ok(match (options.program, q.max_items) {
        (true, None) => template::fill(
            include_str!("templates/paginate.js.txt"),
            &[("head", &head), ("setup", &setup), ("input", &input)],
        ),
        (true, Some(n)) => template::fill(
            include_str!("templates/first_n_paginate.js.txt"),
            &[
                ("head", &head),
                ("setup", &setup),
                ("input", &input),
                ("n", &n.to_string()),
            ],
        ),
        (false, _) => format!(
            "{head}{setup}{}const output = await client.send(new QueryCommand({input}));\n",
            one_call_note(q, "//")
        ),
    })
}
