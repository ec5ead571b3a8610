//! "Write these items": a program per target that puts the sample items (DynamoDB
//! JSON, as `keylab::items` writes them) into the table, in BatchWriteItem requests of
//! at most 25 puts, retrying what DynamoDB leaves unprocessed. With `program`, it first
//! creates the table (the create-table input of `schema::definitions`) and waits for
//! it, so the query program then reads what this one wrote.
//!
//! The items and the table definition travel as one JSON text literal each, parsed by
//! the program: every value reaches DynamoDB as data, whatever it holds.

use super::{
    go, python, quoted, rust as rust_sdk, shell_word, template, Error, Options, Target, UnicodeEscape, LOCAL_REGION,
};
use crate::items::BATCH;
use crate::query::eval::Item;
use crate::schema::definitions::create_table;
use crate::schema::Table;
use serde_json::{json, Value};

/// The program for `target` that writes `items` into `table` (named as
/// `options.table` says, when set).
pub fn render_writes(target: Target, table: &Table, items: &[Item], options: &Options) -> Result<String, Error> {
    let mut table = table.clone();
    if let Some(t) = &options.table {
        table.name = t.clone();
    }
    let json_items = serde_json::to_string(items).map_err(|e| Error::Unwritable { why: e.to_string() })?;
    let create = options.program.then(|| create_table(&table).to_string());
    let w = Writes {
        table: &table.name,
        items: &json_items,
        create: create.as_deref(),
        endpoint: options.endpoint.as_deref(),
    };
    Ok(match target {
        Target::AwsCli => cli(&w, items)?,
        Target::Boto3Client => boto3(&w, false),
        Target::Boto3Resource => boto3(&w, true),
        Target::JsClient => js(&w, false),
        Target::JsDocumentClient => js(&w, true),
        Target::Rust => rust(&w),
        Target::Go => go(&w),
    })
}

/// Why a program that creates the table goes on when the table is there already, as
/// comment lines that start with `comment` (its indent and marker).
fn existing(comment: &str) -> String {
    format!("{comment} The table may exist already (made from Table definitions, or by an earlier run):\n{comment} then the items go into it.\n")
}

struct Writes<'a> {
    table: &'a str,
    /// The items as a JSON array of DynamoDB JSON objects.
    items: &'a str,
    /// The create-table input as JSON, when the program creates the table.
    create: Option<&'a str>,
    endpoint: Option<&'a str>,
}

fn cli(w: &Writes, items: &[Item]) -> Result<String, Error> {
    if w.items.contains("\\u0000") {
        return Err(Error::NulInArgument { text: None });
    }
    let endpoint = w
        .endpoint
        .map(|e| {
            format!(
                " --endpoint-url {} --region \"${{AWS_REGION:-{LOCAL_REGION}}}\"",
                shell_word(e)
            )
        })
        .unwrap_or_default();
    let mut out = String::from("#!/usr/bin/env bash\nset -euo pipefail\n");
    if let Some(create) = w.create {
        let table = shell_word(w.table);
        out.push_str(&format!(
            "{}if ! aws dynamodb describe-table{endpoint} --table-name {table} >/dev/null 2>&1; then\n  aws dynamodb create-table{endpoint} --cli-input-json {} >/dev/null\nfi\naws dynamodb wait table-exists{endpoint} --table-name {table}\n",
            existing("#"),
            shell_word(create),
        ));
    }
    out.push_str("# Each call puts at most 25 items; a call that leaves any unprocessed stops the script.\nput() {\n  left=$(aws dynamodb batch-write-item");
    out.push_str(&endpoint);
    out.push_str(" --request-items \"$1\" --query 'length(keys(UnprocessedItems))' --output text)\n  if [ \"$left\" != 0 ]; then echo \"DynamoDB left items unprocessed: run the script again\" >&2; exit 1; fi\n}\n");
    for chunk in items.chunks(BATCH) {
        let puts: Vec<Value> = chunk.iter().map(|i| json!({ "PutRequest": { "Item": i } })).collect();
        let request = json!({ w.table: puts }).to_string();
        out.push_str(&format!("put {}\n", shell_word(&super::visible_json(&request))));
    }
    out.push_str(&format!(
        "echo {}\n",
        shell_word(&format!("wrote {} item(s) to {}", items.len(), w.table))
    ));
    Ok(out)
}

fn boto3(w: &Writes, resource: bool) -> String {
    let lit = |s: &str| quoted(s, UnicodeEscape::Long);
    let (os, endpoint) = python::endpoint_args(w.endpoint);
    let mut out = format!(
        "import json\n{os}import time\n\nimport boto3\n{}\nclient = boto3.client(\"dynamodb\"{endpoint})\n",
        if resource {
            "from boto3.dynamodb.types import TypeDeserializer\n"
        } else {
            ""
        }
    );
    if let Some(create) = w.create {
        out.push_str(&format!(
            "{}try:\n    client.create_table(**json.loads({}))\nexcept client.exceptions.ResourceInUseException:\n    pass\nclient.get_waiter(\"table_exists\").wait(TableName={})\n",
            existing("#"),
            lit(create),
            lit(w.table)
        ));
    }
    out.push_str(&format!("\nitems = json.loads({})\n", lit(w.items)));
    if resource {
        // The resource API takes plain values (numbers as Decimal, never float); its
        // batch writer sends 25 at a time and retries what is left unprocessed.
        out.push_str(&format!(
            "plain = TypeDeserializer().deserialize\ntable = boto3.resource(\"dynamodb\"{endpoint}).Table({})\nwith table.batch_writer() as batch:\n    for item in items:\n        batch.put_item(Item={{k: plain(v) for k, v in item.items()}})\n",
            lit(w.table)
        ));
    } else {
        out.push_str(&template::fill(
            include_str!("templates/batch_writes.py.txt"),
            &[("table", &lit(w.table)), ("batch", &BATCH.to_string())],
        ));
    }
    out.push_str(&format!(
        "print(\"wrote\", len(items), \"item(s) to\", {})\n",
        lit(w.table)
    ));
    out
}

fn js(w: &Writes, document: bool) -> String {
    let lit = |s: &str| quoted(s, UnicodeEscape::Utf16);
    // A local endpoint needs a region too, or the SDK refuses to start.
    let config = match w.endpoint {
        Some(e) => format!(
            "{{ endpoint: {}, region: process.env.AWS_REGION ?? \"{LOCAL_REGION}\" }}",
            lit(e)
        ),
        None => "{}".to_string(),
    };
    let mut imports = vec!["DynamoDBClient"];
    if w.create.is_some() {
        imports.extend(["CreateTableCommand", "waitUntilTableExists"]);
    }
    if !document {
        imports.push("BatchWriteItemCommand");
    }
    let mut out = format!(
        "import {{ {} }} from \"@aws-sdk/client-dynamodb\";\n",
        imports.join(", ")
    );
    if document {
        out.push_str("import { DynamoDBDocumentClient, BatchWriteCommand } from \"@aws-sdk/lib-dynamodb\";\nimport { unmarshall } from \"@aws-sdk/util-dynamodb\";\n");
    }
    out.push_str(&format!("\nconst client = new DynamoDBClient({config});\n"));
    if document {
        out.push_str("const documents = DynamoDBDocumentClient.from(client);\n");
    }
    if let Some(create) = w.create {
        out.push_str(&format!(
            "{}try {{\n  await client.send(new CreateTableCommand(JSON.parse({})));\n}} catch (e) {{\n  if (e.name !== \"ResourceInUseException\") throw e;\n}}\nawait waitUntilTableExists({{ client, maxWaitTime: 120 }}, {{ TableName: {} }});\n",
            existing("//"),
            lit(create),
            lit(w.table)
        ));
    }
    let (send, item) = if document {
        // Numbers stay exact: wrapped as NumberValue, never a JavaScript number.
        (
            "documents.send(new BatchWriteCommand({ RequestItems }))",
            "unmarshall(Item, { wrapNumbers: true })",
        )
    } else {
        ("client.send(new BatchWriteItemCommand({ RequestItems }))", "Item")
    };
    out.push_str(&template::fill(
        include_str!("templates/batch_writes.js.txt"),
        &[
            ("table", &lit(w.table)),
            ("items", &lit(w.items)),
            ("batch", &BATCH.to_string()),
            ("item", item),
            ("send", send),
        ],
    ));
    out
}

const RUST_HELPERS: &str = r#"
/// A DynamoDB JSON attribute value (`{"S": ...}` or `{"N": ...}`) as the SDK's.
fn attribute(value: &Value) -> Result<AttributeValue, Box<dyn std::error::Error>> {
    match (value.get("S").and_then(Value::as_str), value.get("N").and_then(Value::as_str)) {
        (Some(s), _) => Ok(AttributeValue::S(s.to_string())),
        (_, Some(n)) => Ok(AttributeValue::N(n.to_string())),
        _ => Err(format!("not a string or number attribute: {value}").into()),
    }
}

fn text(value: &Value, name: &str) -> Result<String, Box<dyn std::error::Error>> {
    Ok(value[name].as_str().ok_or(format!("no {name} in {value}"))?.to_string())
}

fn key_schema(value: &Value) -> Result<Vec<KeySchemaElement>, Box<dyn std::error::Error>> {
    let mut out = Vec::new();
    for k in value.as_array().into_iter().flatten() {
        let key_type = if text(k, "KeyType")? == "HASH" { KeyType::Hash } else { KeyType::Range };
        out.push(KeySchemaElement::builder().attribute_name(text(k, "AttributeName")?).key_type(key_type).build()?);
    }
    Ok(out)
}

/// The create-table input (JSON, as `aws dynamodb create-table` takes it) as a call.
async fn create_table(client: &Client, input: &Value) -> Result<(), Box<dyn std::error::Error>> {
    let mut call = client
        .create_table()
        .table_name(text(input, "TableName")?)
        .billing_mode(BillingMode::PayPerRequest)
        .set_key_schema(Some(key_schema(&input["KeySchema"])?));
    for a in input["AttributeDefinitions"].as_array().into_iter().flatten() {
        let attribute_type = if text(a, "AttributeType")? == "N" { ScalarAttributeType::N } else { ScalarAttributeType::S };
        call = call.attribute_definitions(
            AttributeDefinition::builder().attribute_name(text(a, "AttributeName")?).attribute_type(attribute_type).build()?,
        );
    }
    for ix in input["GlobalSecondaryIndexes"].as_array().into_iter().flatten() {
        call = call.global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name(text(ix, "IndexName")?)
                .set_key_schema(Some(key_schema(&ix["KeySchema"])?))
                .projection(Projection::builder().projection_type(ProjectionType::All).build())
                .build()?,
        );
    }
    match call.send().await {
        // The table may exist already (made from Table definitions, or by an earlier
        // run): then the items go into it.
        Err(e) if e.as_service_error().is_some_and(|e| e.is_resource_in_use_exception()) => Ok(()),
        Err(e) => Err(e.into()),
        Ok(_) => Ok(()),
    }
}
"#;

fn rust(w: &Writes) -> String {
    let lit = |s: &str| quoted(s, UnicodeEscape::Braced);
    let endpoint = rust_sdk::local_endpoint(w.endpoint);
    let create = match w.create {
        Some(create) => template::fill(
            include_str!("templates/create_table.rs.txt"),
            &[("create", &lit(create)), ("table", &lit(w.table))],
        ),
        None => String::new(),
    };
    template::fill(
        include_str!("templates/write_items.rs.txt"),
        &[
            ("endpoint", &endpoint),
            ("create", &create),
            ("table", &lit(w.table)),
            ("items", &lit(w.items)),
            ("batch", &BATCH.to_string()),
            ("rust_helpers", RUST_HELPERS),
        ],
    )
}

fn go(w: &Writes) -> String {
    let lit = |s: &str| quoted(s, UnicodeEscape::Long);
    let endpoint = go::local_endpoint(w.endpoint);
    let mut standard = vec!["context", "encoding/json", "fmt", "log"];
    let create = match w.create {
        Some(create) => {
            standard.extend(["errors", "time"]);
            template::fill(
                include_str!("templates/create_table.go.txt"),
                &[("create", &lit(create)), ("existing", &existing("\t//"))],
            )
        }
        None => String::new(),
    };
    // aws.String is needed only to point the client at an endpoint.
    let aws = if w.endpoint.is_some() {
        "\t\"github.com/aws/aws-sdk-go-v2/aws\"\n"
    } else {
        ""
    };
    template::fill(
        include_str!("templates/write_items.go.txt"),
        &[
            ("imports", &go::standard_imports(&standard, w.endpoint.is_some())),
            ("aws", aws),
            ("endpoint", &endpoint),
            ("create", &create),
            ("table", &lit(w.table)),
            ("items", &lit(w.items)),
            ("batch", &BATCH.to_string()),
        ],
    )
}
