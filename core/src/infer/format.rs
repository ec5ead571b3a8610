//! The formats a design or items are imported from, and what marks a text as each.

use serde_json::Value;

/// What a file to import holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// DynamoDB JSON items: an export to S3 (`{"Item": ...}` per line), items one per
    /// line, or a Scan's output (`{"Items": [...]}`).
    Export,
    /// A NoSQL Workbench model (`ModelMetadata.Version` 1.0 to 3.0).
    Workbench,
    /// ElectroDB entities: a JS/TS file's `new Entity({...})`, or the object pasted.
    /// They state the design and hold no items.
    ElectroDb,
    /// A OneTable schema (`format: 'onetable:1.1.0'`, `indexes`, `models`): a file's
    /// object or the object pasted. It states the design and holds no items.
    OneTable,
    /// The AWS DynamoDB MCP server's `dynamodb_data_model.json`: `tables`, `items` and
    /// `access_patterns`.
    Mcp,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Export,
        Format::Workbench,
        Format::ElectroDb,
        Format::OneTable,
        Format::Mcp,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Format::Export => "export",
            Format::Workbench => "workbench",
            Format::ElectroDb => "electrodb",
            Format::OneTable => "onetable",
            Format::Mcp => "mcp",
        }
    }

    /// What the format is, for a person: `a NoSQL Workbench model`.
    pub fn what(self) -> &'static str {
        match self {
            Format::Export => "DynamoDB JSON items",
            Format::Workbench => "a NoSQL Workbench model",
            Format::ElectroDb => "ElectroDB entities",
            Format::OneTable => "a OneTable schema",
            Format::Mcp => "an AWS DynamoDB MCP data model",
        }
    }

    /// The format `text` is surely in, and what in it says so: a model's `DataModel`,
    /// an MCP model's `tables` with its access patterns, a OneTable `format`, a
    /// `new Entity(`, or DynamoDB JSON on the first line. `None` when nothing marks a
    /// format: a guess would report one format's complaint about text that was never
    /// meant as it.
    pub fn marked(text: &str) -> Option<(Format, &'static str)> {
        let head: String = text.chars().take(4096).collect();
        let marked = if head.contains("\"DataModel\"") {
            (Format::Workbench, "a \"DataModel\"")
        } else if head.contains("\"ModelName\"") {
            (Format::Workbench, "a \"ModelName\"")
        } else if head.contains("\"tables\"")
            && (text.contains("\"access_patterns\"") || text.contains("\"PutRequest\""))
        {
            (Format::Mcp, "\"tables\" with their items or access patterns")
        } else if head.contains("onetable:") {
            (Format::OneTable, "a onetable: format")
        } else if text.contains("new Entity(") {
            (Format::ElectroDb, "a new Entity(")
        } else {
            (Format::Export, dynamodb_json(text)?)
        };
        Some(marked)
    }
}

/// What marks `text` as DynamoDB JSON items: a Scan's `Items`, or a first line that is
/// an export's `{"Item": ...}` or an item whose attributes are typed (`{"S": "a"}`).
fn dynamodb_json(text: &str) -> Option<&'static str> {
    let typed = |v: &Value| {
        let tags = ["S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"];
        matches!(v, Value::Object(a) if a.len() == 1 && a.keys().all(|t| tags.contains(&t.as_str())))
    };
    if let Ok(Value::Object(doc)) = serde_json::from_str::<Value>(text) {
        if doc.contains_key("Items") {
            return Some("a Scan's \"Items\"");
        }
    }
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    match serde_json::from_str::<Value>(first).ok()? {
        Value::Object(item) if item.contains_key("Item") => Some("an export's {\"Item\": ...} on its first line"),
        Value::Object(item) if !item.is_empty() && item.values().all(typed) => {
            Some("an item in DynamoDB JSON on its first line")
        }
        _ => None,
    }
}
