//! Go SDK v2: `dynamodb.QueryInput` with `types.AttributeValue`, paged with
//! `dynamodb.NewQueryPaginator`. Written in gofmt's layout.

use super::{names, one_call_note, quoted, template, values, Error, Options, UnicodeEscape, LOCAL_REGION};
use crate::codec::KeyValue;
use crate::query::Query;

fn lit(s: &str) -> String {
    quoted(s, UnicodeEscape::Long)
}

/// `key: value` lines aligned the way gofmt aligns a run of single-line entries.
fn aligned(entries: &[(String, String)], indent: &str) -> String {
    let mut out = String::new();
    let mut run: Vec<&(String, String)> = Vec::new();
    let flush = |run: &mut Vec<&(String, String)>, out: &mut String| {
        let width = run.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
        for (k, v) in run.drain(..) {
            let pad = " ".repeat(width - k.chars().count());
            out.push_str(&format!("{indent}{k}: {pad}{v},\n"));
        }
    };
    for e in entries {
        if e.1.contains('\n') {
            // A multi-line value ends gofmt's alignment section.
            flush(&mut run, &mut out);
            out.push_str(&format!("{indent}{}: {},\n", e.0, e.1));
        } else {
            run.push(e);
        }
    }
    flush(&mut run, &mut out);
    out
}

fn input(q: &Query) -> String {
    let names: Vec<(String, String)> = names(q).into_iter().map(|(p, n)| (lit(&p), lit(n))).collect();
    let values: Vec<(String, String)> = values(q)
        .into_iter()
        .map(|(p, v)| {
            let member = match v {
                KeyValue::S(s) => format!("&types.AttributeValueMemberS{{Value: {}}}", lit(s)),
                KeyValue::N(n) => format!("&types.AttributeValueMemberN{{Value: {}}}", lit(n.as_str())),
            };
            (lit(&p), member)
        })
        .collect();
    let mut fields = vec![("TableName".to_string(), format!("aws.String({})", lit(&q.table)))];
    if let Some(ix) = &q.index {
        fields.push(("IndexName".into(), format!("aws.String({})", lit(ix))));
    }
    fields.push((
        "KeyConditionExpression".into(),
        format!("aws.String({})", lit(&q.expression())),
    ));
    fields.push((
        "ExpressionAttributeNames".into(),
        format!("map[string]string{{\n{}\t\t}}", aligned(&names, "\t\t\t")),
    ));
    fields.push((
        "ExpressionAttributeValues".into(),
        format!(
            "map[string]types.AttributeValue{{\n{}\t\t}}",
            aligned(&values, "\t\t\t")
        ),
    ));
    fields.push(("ScanIndexForward".into(), format!("aws.Bool({})", q.scan_index_forward)));
    if let Some(l) = q.limit {
        fields.push(("Limit".into(), format!("aws.Int32({l})")));
    }
    format!("&dynamodb.QueryInput{{\n{}\t}}", aligned(&fields, "\t\t"))
}

pub(super) fn render(q: &Query, options: &Options) -> Result<String, Error> {
    let input = input(q);
    if !options.program {
        let call = format!("\tinput := {input}\n\toutput, err := client.Query(ctx, input)\n")
            .replace("\n\t", "\n")
            .trim_start_matches('\t')
            .to_string();
        return Ok(format!("{}{call}", one_call_note(q, "//")));
    }
    let endpoint = local_endpoint(options.endpoint.as_deref());
    Ok(template::fill(
        include_str!("templates/query.go.txt"),
        &[
            (
                "imports",
                &standard_imports(&["context", "encoding/json", "fmt", "log"], options.endpoint.is_some()),
            ),
            ("endpoint", &endpoint),
            ("input", &input),
            ("paging", &paging(q.max_items)),
        ],
    ))
}

/// The client's options for a local endpoint: the endpoint, and the region it signs
/// for (`AWS_REGION`, else the one every target falls back to).
pub(super) fn local_endpoint(endpoint: Option<&str>) -> String {
    endpoint
        .map(|e| {
            format!(
                ", func(o *dynamodb.Options) {{\n\t\to.BaseEndpoint = aws.String({})\n\t\tif o.Region = os.Getenv(\"AWS_REGION\"); o.Region == \"\" {{\n\t\t\to.Region = \"{LOCAL_REGION}\"\n\t\t}}\n\t}}",
                lit(e)
            )
        })
        .unwrap_or_default()
}

/// The standard library's imports, in gofmt's order, with `os` for a local endpoint's
/// region.
pub(super) fn standard_imports(packages: &[&str], local: bool) -> String {
    let mut all: Vec<&str> = packages.to_vec();
    if local {
        all.push("os");
    }
    crate::codec::order::sort_texts(&mut all);
    all.iter().map(|p| format!("\t\"{p}\"\n")).collect()
}

/// The paginator's loop, printing each item as a JSON line; with `max_items`, it stops
/// after that many.
fn paging(max_items: Option<u32>) -> String {
    let Some(n) = max_items else {
        return include_str!("templates/pages.go.txt").to_string();
    };
    template::fill(include_str!("templates/first_n_pages.go.txt"), &[("n", &n.to_string())])
}
