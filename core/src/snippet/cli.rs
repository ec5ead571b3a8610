//! `aws dynamodb query`, every argument a single-quoted shell word.

use super::{names, quoted, shell_word, values, Options, UnicodeEscape};
use crate::query::Query;

/// A JSON object whose strings escape anything invisible, so the command reads safely.
fn json_object(pairs: &[(String, String)]) -> String {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}:{v}", quoted(k, UnicodeEscape::Utf16)))
        .collect();
    format!("{{{}}}", body.join(","))
}

pub(super) fn render(q: &Query, options: &Options) -> Result<String, String> {
    let names: Vec<(String, String)> = names(q)
        .into_iter()
        .map(|(p, n)| (p.to_string(), quoted(n, UnicodeEscape::Utf16)))
        .collect();
    let values: Vec<(String, String)> = values(q)
        .into_iter()
        .map(|(p, v)| {
            let (t, text) = (v.attr_type().as_str(), v.as_str());
            (
                p.to_string(),
                json_object(&[(t.to_string(), quoted(text, UnicodeEscape::Utf16))]),
            )
        })
        .collect();
    let mut args = vec![format!("--table-name {}", shell_word(&q.table))];
    if let Some(ix) = &q.index {
        args.push(format!("--index-name {}", shell_word(ix)));
    }
    args.push(format!("--key-condition-expression {}", shell_word(&q.expression())));
    args.push(format!(
        "--expression-attribute-names {}",
        shell_word(&json_object(&names))
    ));
    args.push(format!(
        "--expression-attribute-values {}",
        shell_word(&json_object(&values))
    ));
    if !q.scan_index_forward {
        args.push("--no-scan-index-forward".into());
    }
    if let Some(l) = q.limit {
        // The CLI follows LastEvaluatedKey itself; --page-size is the Limit of each call.
        args.push(format!("--page-size {l}"));
    }
    if let Some(e) = &options.endpoint {
        args.push(format!("--endpoint-url {}", shell_word(e)));
    }
    if options.program {
        args.push("--output json".into());
    }
    let command = format!("aws dynamodb query \\\n  {}", args.join(" \\\n  "));
    Ok(if options.program {
        format!(
            "#!/usr/bin/env bash\n# Prints every matching item (all pages) as JSON.\nset -euo pipefail\n\n{command}\n"
        )
    } else {
        format!("{command}\n")
    })
}
