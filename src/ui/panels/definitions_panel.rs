//! The table as DynamoDB's own definitions, ready to paste: `create-table` input, the
//! `update-table` input adding each GSI, and a CloudFormation resource.

use crate::ui::widgets::copy_button::CopyButton;
use keylab::schema::definitions::{add_index, cloudformation, create_table};
use keylab::schema::Table;
use serde_json::Value;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DefinitionsPanelProps {
    pub table: Table,
}

fn block(title: String, how: &str, value: &Value, id: String) -> Html {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    html! {
        <div class="definition">
            <h3>{ title.clone() }</h3>
            <p class="note">{ how }</p>
            <div class="snippet-actions"><CopyButton text={text.clone()} label={format!("Copy the {title} definition")} /></div>
            <pre class="code"><code data-testid={id}>{ text }</code></pre>
        </div>
    }
}

#[function_component]
pub fn DefinitionsPanel(props: &DefinitionsPanelProps) -> Html {
    let t = &props.table;
    html! {
        <section class="panel wide" aria-labelledby="definitions-title" id="definitions-panel">
            <details>
                <summary><h2 id="definitions-title">{ "Table definitions" }</h2></summary>
                <p class="note">{ "Key schemas and attribute definitions as DynamoDB takes them (a multi-attribute key lists its HASH entries before its RANGE entries), billed on demand, every attribute projected." }</p>
                { block(format!("Create {}", t.name), "aws dynamodb create-table --cli-input-json file://table.json", &create_table(t), "definition-create".into()) }
                { for t.indexes.iter().filter_map(|ix| add_index(t, &ix.name).map(|v| block(
                    format!("Add {} to an existing table", ix.name),
                    "aws dynamodb update-table --cli-input-json file://index.json",
                    &v,
                    format!("definition-add-{}", ix.name),
                ))) }
                { block("CloudFormation".into(), "An AWS::DynamoDB::Table resource, for a template's Resources", &cloudformation(t), "definition-cloudformation".into()) }
            </details>
        </section>
    }
}
