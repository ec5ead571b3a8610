//! `aws dynamodb query`, every argument a single-quoted shell word.

use super::{names, quoted, shell_word, values, Error, Options, UnicodeEscape, LOCAL_REGION};
use crate::query::Query;

/// A JSON object whose strings escape anything invisible, so the command reads safely.
fn json_object(pairs: &[(String, String)]) -> String {
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| format!("{}:{v}", quoted(k, UnicodeEscape::Utf16)))
        .collect();
    format!("{{{}}}", body.join(","))
}

pub(super) fn render(q: &Query, options: &Options) -> Result<String, Error> {
    // An argument is a C string: bash cannot pass U+0000 in one, and the CLI would get a
    // truncated value. Say so rather than write a command that queries something else.
    let texts = std::iter::once(q.table.as_str())
        .chain(names(q).into_iter().map(|(_, n)| n))
        .chain(values(q).into_iter().map(|(_, v)| v.as_str()));
    if let Some(t) = texts.into_iter().find(|t| t.contains('\0')) {
        return Err(Error::NulInArgument {
            text: Some(t.to_string()),
        });
    }
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
    if let Some(n) = q.max_items {
        // --page-size never stops the CLI, which reads every page: --max-items does.
        args.push(format!("--max-items {n}"));
    }
    if let Some(e) = &options.endpoint {
        args.push(format!("--endpoint-url {}", shell_word(e)));
        args.push(format!("--region \"${{AWS_REGION:-{LOCAL_REGION}}}\""));
    }
    if options.program {
        args.push("--output json".into());
    }
    let command = format!("aws dynamodb query \\\n  {}", args.join(" \\\n  "));
    let what = match q.max_items {
        Some(n) => format!(
            "the first {n} matching items as JSON: --max-items stops the CLI there,\n# as the pattern promises; --page-size is only the Limit of each call"
        ),
        None => "every matching item (all pages) as JSON".to_string(),
    };
    Ok(if options.program {
        format!("#!/usr/bin/env bash\n# Prints {what}.\nset -euo pipefail\n\n{command}\n")
    } else {
        format!("{command}\n")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::KeyValue;
    use crate::query::KeyCondition;

    #[test]
    fn a_nul_cannot_be_an_argument() {
        let q = Query {
            partition_more: Vec::new(),
            sort_leading: Vec::new(),
            table: "T".into(),
            index: None,
            partition: ("PK".into(), KeyValue::S("a".into())),
            sort: Some(("SK".into(), KeyCondition::Eq(KeyValue::S("x\0y".into())))),
            scan_index_forward: true,
            limit: None,
            max_items: None,
            exclusive_start_key: None,
        };
        let why = render(&q, &Options::default()).unwrap_err();
        assert_eq!(why.code(), "nulInArgument");
        assert!(why.to_string().contains("U+0000"), "{why}");
        assert!(
            super::super::render(&q, super::super::Target::Boto3Client, &Options::default()).is_ok(),
            "Python can write it escaped"
        );
    }
}
