//! boto3: the low-level client with DynamoDB JSON, and the resource API with `Key`
//! conditions (boto3 makes its own placeholders; the result is the same).

use super::{names, one_call_note, quoted, sort_parts, template, values, Error, Options, UnicodeEscape, LOCAL_REGION};
use crate::codec::KeyValue;
use crate::query::Query;

fn lit(s: &str) -> String {
    quoted(s, UnicodeEscape::Long)
}

/// The `import os` a local endpoint's region needs, and the client's arguments.
pub(super) fn endpoint_args(endpoint: Option<&str>) -> (&'static str, String) {
    match endpoint {
        Some(e) => (
            "import os\n",
            format!(
                ", endpoint_url={}, region_name=os.environ.get(\"AWS_REGION\", \"{LOCAL_REGION}\")",
                lit(e)
            ),
        ),
        None => ("", String::new()),
    }
}

/// The keyword arguments shared by both forms, each on its own line.
fn common_args(q: &Query) -> Vec<(String, String)> {
    let mut args = Vec::new();
    if let Some(ix) = &q.index {
        args.push(("IndexName".to_string(), lit(ix)));
    }
    args.push((
        "ScanIndexForward".to_string(),
        if q.scan_index_forward { "True" } else { "False" }.to_string(),
    ));
    if let Some(l) = q.limit {
        args.push(("Limit".to_string(), l.to_string()));
    }
    args
}

fn program(setup: &str, call: &str, params: &[(String, String)], printer: &str, max_items: Option<u32>) -> String {
    let body: Vec<String> = params.iter().map(|(k, v)| format!("    {}: {v},", lit(k))).collect();
    let params = format!("params = {{\n{}\n}}\n", body.join("\n"));
    let Some(n) = max_items else {
        return template::fill(
            include_str!("templates/pages.py.txt"),
            &[
                ("setup", setup),
                ("params", &params),
                ("call", call),
                ("printer", printer),
            ],
        );
    };
    template::fill(
        include_str!("templates/first_n_pages.py.txt"),
        &[
            ("setup", setup),
            ("params", &params),
            ("n", &n.to_string()),
            ("call", call),
            ("printer", printer),
        ],
    )
}

fn call(call: &str, params: &[(String, String)]) -> String {
    let body: Vec<String> = params.iter().map(|(k, v)| format!("    {k}={v},")).collect();
    format!("response = {call}(\n{}\n)\n", body.join("\n"))
}

fn dict(pairs: &[(String, String)]) -> String {
    let body: Vec<String> = pairs.iter().map(|(k, v)| format!("{}: {v}", lit(k))).collect();
    format!("{{{}}}", body.join(", "))
}

pub(super) fn client(q: &Query, options: &Options) -> Result<String, Error> {
    let names: Vec<(String, String)> = names(q).into_iter().map(|(p, n)| (p.to_string(), lit(n))).collect();
    let values: Vec<(String, String)> = values(q)
        .into_iter()
        .map(|(p, v)| {
            let (t, text) = (v.attr_type().as_str(), v.as_str());
            (p.to_string(), dict(&[(t.to_string(), lit(text))]))
        })
        .collect();
    let mut params = vec![
        ("TableName".to_string(), lit(&q.table)),
        ("KeyConditionExpression".to_string(), lit(&q.expression())),
        ("ExpressionAttributeNames".to_string(), dict(&names)),
        ("ExpressionAttributeValues".to_string(), dict(&values)),
    ];
    params.extend(common_args(q));
    let (os, endpoint) = endpoint_args(options.endpoint.as_deref());
    let setup = format!("import json\n{os}\nimport boto3\n\nclient = boto3.client(\"dynamodb\"{endpoint})\n");
    Ok(if options.program {
        program(
            &setup,
            "client.query",
            &params,
            "json.dumps(item, ensure_ascii=False)",
            q.max_items,
        )
    } else {
        format!("{}{}", one_call_note(q, "#"), call("client.query", &params))
    })
}

fn resource_value(v: &KeyValue) -> String {
    match v {
        KeyValue::S(s) => lit(s),
        // The resource API takes numbers as Decimal, never float, so no digit is lost.
        KeyValue::N(n) => format!("Decimal({})", lit(n.as_str())),
    }
}

pub(super) fn resource(q: &Query, options: &Options) -> Result<String, Error> {
    // Every attribute a multi-attribute key fixes by equality, then the one condition
    // that may be a range: boto3 joins them with AND, as the expression does.
    let equal: Vec<String> = q
        .partition_conditions()
        .chain(&q.sort_leading)
        .map(|(a, v)| format!("Key({}).eq({})", lit(a), resource_value(v)))
        .collect();
    let mut condition = equal.join(" & ");
    if let Some((attr, op, vals)) = sort_parts(q) {
        let args: Vec<String> = vals.into_iter().map(resource_value).collect();
        condition.push_str(&format!(" & Key({}).{op}({})", lit(attr), args.join(", ")));
    }
    let mut params = vec![("KeyConditionExpression".to_string(), condition)];
    params.extend(common_args(q));
    let decimal = q.placeholders().iter().any(|(_, v)| matches!(v, KeyValue::N(_)));
    let (os, endpoint) = endpoint_args(options.endpoint.as_deref());
    let setup = format!(
        "import json\n{os}{}\nimport boto3\nfrom boto3.dynamodb.conditions import Key\n\ntable = boto3.resource(\"dynamodb\"{endpoint}).Table({})\n",
        if decimal || options.program { "from decimal import Decimal\n" } else { "" },
        lit(&q.table)
    );
    Ok(if options.program {
        // Numbers come back as Decimal: print them as their exact text.
        program(
            &setup,
            "table.query",
            &params,
            "json.dumps(item, default=str, ensure_ascii=False)",
            q.max_items,
        )
    } else {
        let head = if decimal { "from decimal import Decimal\n" } else { "" };
        format!(
            "{head}from boto3.dynamodb.conditions import Key\n\n{}{}",
            one_call_note(q, "#"),
            call("table.query", &params)
        )
    })
}
