//! The whole playground state and the one reducer that changes it. Pure: no browser
//! types, so every action is tested natively.

use keylab::codec::width::{plan, WidthPlan};
use keylab::preview::{number_vs_string, preview, NumberVsString, Preview};
use keylab::query::builder::{build, AccessPattern, Range, RangeOp, SortPattern};
use keylab::query::eval::{run, Item};
use keylab::query::parse::{parse_input, ValidationError};
use keylab::query::{attribute_value, Query, ValueStyle};
use keylab::schema::{Case, Field, FieldKind, KeyTemplate, Order, Schema, Segment, TimeUnit, KINDS};
use keylab::snippet::{render as render_snippet, Options as SnippetOptions, Target};
use keylab::Values;

/// The attribute that carries a sample item's row number through a simulated query.
const ROW_ATTRIBUTE: &str = "keylab:row";
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::rc::Rc;
use yew::Reducible;

/// The design being edited and its sample items.
#[derive(Clone, Debug, PartialEq)]
pub struct Playground {
    pub schema: Schema,
    /// The entity whose sort key is being designed.
    pub entity: usize,
    /// Sample values, as typed (every value is text; the codec reads numbers from text).
    pub rows: Vec<Values>,
    pub query: QueryDraft,
    /// The text of the "paste an expression" box.
    pub pasted: String,
    pub snippet: SnippetPrefs,
    /// The width planner's expected maximum per field, as typed.
    pub expected: Values,
}

/// How the snippet panel renders the query; remembered with the work.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SnippetPrefs {
    /// A `keylab::snippet::Target` id.
    pub target: String,
    /// A complete program rather than the call's parameters.
    pub program: bool,
    /// Overrides the table name; empty keeps the schema's.
    pub table: String,
    pub endpoint: String,
}

impl Default for SnippetPrefs {
    fn default() -> Self {
        SnippetPrefs {
            target: Target::AwsCli.id().into(),
            program: false,
            table: String::new(),
            endpoint: String::new(),
        }
    }
}

/// The access pattern picked in the query panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum Shape {
    /// Every item in the partition.
    #[default]
    Collection,
    /// The one item whose sort key equals the anchor's.
    Exact,
    /// Every item under the anchor's first `fixed` sort fields.
    Prefix,
    /// A condition on the sort field after the first `fixed`.
    Range,
    /// The last N items of the partition: newest or top first.
    Top,
}

/// A query stated against the sample items: the anchor item gives the partition and the
/// fixed leading sort fields; the range's values are typed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct QueryDraft {
    pub shape: Shape,
    pub anchor: usize,
    pub fixed: usize,
    pub op: String,
    pub value: String,
    pub to: String,
    pub forward: bool,
    pub limit: String,
    pub children: bool,
}

impl Default for QueryDraft {
    fn default() -> Self {
        QueryDraft {
            shape: Shape::Collection,
            anchor: 0,
            fixed: 0,
            op: "ge".into(),
            value: String::new(),
            to: String::new(),
            forward: true,
            limit: String::new(),
            children: false,
        }
    }
}

/// A new segment added to the template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewSegment {
    Literal,
    Field,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    AddSegment(NewSegment),
    RemoveSegment(usize),
    /// Moves the segment at `from` one place up (`-1`) or down (`1`).
    MoveSegment {
        from: usize,
        by: isize,
    },
    SetLiteral {
        segment: usize,
        text: String,
    },
    RenameField {
        field: String,
        to: String,
    },
    SetKind {
        field: String,
        kind: String,
    },
    SetWidth {
        field: String,
        width: u32,
    },
    SetScale {
        field: String,
        scale: u32,
    },
    SetOrder {
        field: String,
        order: Order,
    },
    SetCase {
        field: String,
        case: Case,
    },
    SetUnit {
        field: String,
        unit: String,
    },
    /// The width planner's warning threshold, in percent of capacity.
    SetWarnAt {
        field: String,
        percent: f64,
    },
    SetSeparator(String),
    SetValue {
        row: usize,
        field: String,
        text: String,
    },
    AddRow,
    RemoveRow(usize),
    SetQuery(QueryDraft),
    SetPasted(String),
    SetSnippet(SnippetPrefs),
    /// Sample items pasted as JSON lines or CSV, added after the others.
    AppendRows(Vec<Values>),
    /// The largest value a field is expected to hold, for the width planner.
    SetExpectedMax {
        field: String,
        text: String,
    },
}

impl Playground {
    /// The seeds' leaderboard: top scores first, ties broken by time, then player.
    pub fn leaderboard() -> Playground {
        let schema = Schema::from_value(&json!({
            "version": 1,
            "separator": "#",
            "table": {
                "name": "Leaderboard",
                "attributes": {"PK": "S", "SK": "S"},
                "primary": {"partition": "PK", "sort": "SK"}
            },
            "entities": [{
                "name": "Run",
                "fields": {
                    "season": {"kind": "text", "case": "upper"},
                    "score": {"kind": "uint", "width": 10, "order": "desc"},
                    "at": {"kind": "timestamp", "unit": "s", "width": 16},
                    "player": {"kind": "text"}
                },
                "keys": {
                    "PK": [{"literal": "SEASON"}, {"field": "season"}],
                    "SK": [{"field": "score"}, {"field": "at"}, {"field": "player"}]
                }
            }]
        }))
        .unwrap_or_else(|e| unreachable!("the built-in schema is valid: {e}"));
        let rows = [
            ("10", "1719100800", "p_1003"),
            ("1500", "1719100800", "p_8842"),
            ("240", "1719187200", "p_2051"),
            ("9", "1719273600", "p_0417"),
        ]
        .iter()
        .map(|(score, at, player)| {
            row(&[
                ("season", "SPRING-2026"),
                ("score", score),
                ("at", at),
                ("player", player),
            ])
        })
        .collect();
        Playground {
            schema,
            entity: 0,
            rows,
            query: QueryDraft::default(),
            pasted: String::new(),
            snippet: SnippetPrefs::default(),
            expected: Values::new(),
        }
    }

    pub fn entity(&self) -> Option<&keylab::schema::Entity> {
        self.schema.entities.get(self.entity)
    }

    /// The attribute whose template the page edits: the table's sort key, or its
    /// partition key when it has none.
    pub fn attribute(&self) -> String {
        let p = &self.schema.table.primary;
        p.sort.clone().unwrap_or_else(|| p.partition.clone())
    }

    pub fn template(&self) -> Option<&KeyTemplate> {
        self.entity()?.template(&self.attribute())
    }

    /// Fields in the order the template uses them, then any others the entity has.
    pub fn columns(&self) -> Vec<String> {
        let Some(entity) = self.entity() else { return Vec::new() };
        let mut cols: Vec<String> = Vec::new();
        for t in &entity.keys {
            for s in &t.segments {
                if let Segment::Field(f) = s {
                    if !cols.contains(f) {
                        cols.push(f.clone());
                    }
                }
            }
        }
        cols
    }

    fn template_mut(&mut self) -> Option<&mut Vec<Segment>> {
        let attr = self.attribute();
        let entity = self.schema.entities.get_mut(self.entity)?;
        entity
            .keys
            .iter_mut()
            .find(|k| k.attribute == attr)
            .map(|k| &mut k.segments)
    }

    fn field_mut(&mut self, name: &str) -> Option<&mut Field> {
        self.schema
            .entities
            .get_mut(self.entity)?
            .fields
            .iter_mut()
            .find(|f| f.name == name)
    }

    fn uses(&self, field: &str) -> bool {
        self.entity().is_some_and(|e| {
            e.keys
                .iter()
                .any(|k| k.segments.iter().any(|s| matches!(s, Segment::Field(f) if f == field)))
        })
    }

    fn fresh_field_name(&self) -> String {
        let taken = |n: &str| self.entity().is_some_and(|e| e.field(n).is_some());
        (1..)
            .map(|i| format!("field{i}"))
            .find(|n| !taken(n))
            .unwrap_or_default()
    }

    fn apply(&mut self, action: Action) {
        match action {
            Action::AddSegment(kind) => {
                let segment = match kind {
                    NewSegment::Literal => Segment::Literal("TYPE".into()),
                    NewSegment::Field => {
                        let name = self.fresh_field_name();
                        if let Some(e) = self.schema.entities.get_mut(self.entity) {
                            e.fields.push(Field {
                                name: name.clone(),
                                kind: FieldKind::Uint {
                                    width: 10,
                                    order: Order::Asc,
                                },
                                warn_at: None,
                            });
                        }
                        for r in &mut self.rows {
                            r.insert(name.clone(), Value::String("0".into()));
                        }
                        Segment::Field(name)
                    }
                };
                if let Some(t) = self.template_mut() {
                    t.push(segment);
                }
            }
            Action::RemoveSegment(i) => {
                let removed = self.template_mut().filter(|t| i < t.len()).map(|t| t.remove(i));
                // A field no template uses any more goes too, with its sample values.
                if let Some(Segment::Field(f)) = removed {
                    if !self.uses(&f) {
                        if let Some(e) = self.schema.entities.get_mut(self.entity) {
                            e.fields.retain(|x| x.name != f);
                        }
                        for r in &mut self.rows {
                            r.shift_remove(&f);
                        }
                    }
                }
            }
            Action::MoveSegment { from, by } => {
                if let Some(t) = self.template_mut() {
                    let to = from as isize + by;
                    if from < t.len() && to >= 0 && (to as usize) < t.len() {
                        t.swap(from, to as usize);
                    }
                }
            }
            Action::SetLiteral { segment, text } => {
                if let Some(Segment::Literal(l)) = self.template_mut().and_then(|t| t.get_mut(segment)) {
                    *l = text;
                }
            }
            Action::RenameField { field, to } => {
                let clash = self.entity().is_some_and(|e| e.field(&to).is_some());
                if to.is_empty() || clash {
                    return;
                }
                if let Some(e) = self.schema.entities.get_mut(self.entity) {
                    for f in e.fields.iter_mut().filter(|f| f.name == field) {
                        f.name = to.clone();
                    }
                    for k in &mut e.keys {
                        for s in &mut k.segments {
                            if matches!(s, Segment::Field(f) if *f == field) {
                                *s = Segment::Field(to.clone());
                            }
                        }
                    }
                }
                for r in &mut self.rows {
                    if let Some(v) = r.shift_remove(&field) {
                        r.insert(to.clone(), v);
                    }
                }
            }
            Action::SetKind { field, kind } => {
                if let (Some(f), Some(new)) = (self.field_mut(&field), FieldKind::default_of(&kind)) {
                    if f.kind.name() != kind {
                        // Keep the width and order the user already chose where they apply.
                        f.kind = carry_over(f.kind, new);
                    }
                }
            }
            Action::SetWidth { field, width } => {
                if let Some(f) = self.field_mut(&field) {
                    f.kind = f.kind.with_width(width);
                }
            }
            Action::SetScale { field, scale } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Decimal {
                        width, signed, order, ..
                    } = f.kind
                    {
                        f.kind = FieldKind::Decimal {
                            width,
                            scale,
                            signed,
                            order,
                        };
                    }
                }
            }
            Action::SetOrder { field, order } => {
                if let Some(f) = self.field_mut(&field) {
                    f.kind = f.kind.with_order(order);
                }
            }
            Action::SetCase { field, case } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Text { .. } = f.kind {
                        f.kind = FieldKind::Text { case };
                    }
                }
            }
            Action::SetUnit { field, unit } => {
                if let Some(f) = self.field_mut(&field) {
                    if let FieldKind::Timestamp { unit: old, order } = f.kind {
                        let width = match old {
                            TimeUnit::Seconds { width } | TimeUnit::Millis { width } => width,
                            TimeUnit::Iso => 10,
                        };
                        let unit = match unit.as_str() {
                            "s" => TimeUnit::Seconds { width },
                            "ms" => TimeUnit::Millis { width: width.max(13) },
                            _ => TimeUnit::Iso,
                        };
                        f.kind = FieldKind::Timestamp { unit, order };
                    }
                }
            }
            Action::SetWarnAt { field, percent } => {
                if let Some(f) = self.field_mut(&field) {
                    f.warn_at = Some(percent);
                }
            }
            Action::SetSeparator(sep) => self.schema.separator = sep,
            Action::SetValue { row, field, text } => {
                if let Some(r) = self.rows.get_mut(row) {
                    r.insert(field, Value::String(text));
                }
            }
            Action::SetQuery(q) => self.query = q,
            Action::SetPasted(text) => self.pasted = text,
            Action::SetSnippet(prefs) => self.snippet = prefs,
            Action::SetExpectedMax { field, text } => {
                if text.trim().is_empty() {
                    self.expected.shift_remove(&field);
                } else {
                    self.expected.insert(field, Value::String(text));
                }
            }
            Action::AppendRows(rows) => {
                let columns = self.columns();
                for mut row in rows {
                    // Every column present, so the table has an input for each.
                    for c in &columns {
                        if !row.contains_key(c) {
                            row.insert(c.clone(), Value::String(String::new()));
                        }
                    }
                    self.rows.push(row);
                }
            }
            Action::AddRow => {
                let blank = self
                    .columns()
                    .into_iter()
                    .map(|c| (c, Value::String(String::new())))
                    .collect();
                self.rows.push(blank);
            }
            Action::RemoveRow(i) => {
                if i < self.rows.len() {
                    self.rows.remove(i);
                }
            }
        }
    }
}

fn carry_over(old: FieldKind, new: FieldKind) -> FieldKind {
    let new = new.with_order(old.order());
    match old.width() {
        Some(width) if new.width().is_some() => new.with_width(width),
        _ => new,
    }
}

/// Everything the page shows, computed by the core from the state. Components render
/// it and compute nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub preview: Option<Preview>,
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    pub plans: Vec<WidthPlan>,
    /// The query panel's output, or why the pattern cannot become a query.
    pub query: Result<QueryView, String>,
    /// The paste box's outcome; `None` while it is empty.
    pub pasted: Option<PasteView>,
    /// The first numeric sort field's values as a Number key and as a String key.
    pub number_vs_string: Option<NumberVsString>,
}

/// Sample rows a query returns, in the order it returns them, with their page number.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub row: usize,
    pub page: usize,
    pub key: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct QueryView {
    /// The chosen target's code, or why that target cannot express the query.
    pub snippet: Result<String, String>,
    pub expression: String,
    pub input: String,
    pub document_input: String,
    pub explanation: String,
    pub hits: Vec<Hit>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PasteView {
    pub error: Option<ValidationError>,
    /// The pasted expression, for pointing at the offending token.
    pub expression: String,
    pub hits: Vec<Hit>,
}

/// The sort fields of a template, in order.
pub fn sort_fields(template: Option<&KeyTemplate>) -> Vec<String> {
    template
        .map(|t| {
            t.segments
                .iter()
                .filter_map(|s| match s {
                    Segment::Field(f) => Some(f.clone()),
                    Segment::Literal(_) => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

impl Playground {
    pub fn analyse(&self) -> Analysis {
        let (errors, warnings) = self.schema.check();
        let preview = self
            .entity()
            .map(|e| preview(&self.schema, e, &self.attribute(), &self.rows));
        let plans = self.entity().map_or_else(Vec::new, |e| {
            e.fields
                .iter()
                .filter_map(|f| plan(f, &self.rows, self.expected.get(&f.name)))
                .collect()
        });
        let items = self.sample_items();
        let query = self.query_view(&items);
        let pasted = self.paste_view(&items);
        let number_vs_string = self
            .entity()
            .and_then(|e| number_vs_string(e, &self.attribute(), &self.rows));
        Analysis {
            preview,
            errors,
            warnings,
            plans,
            query,
            pasted,
            number_vs_string,
        }
    }

    /// The sample rows as DynamoDB items (every key they can encode, plus their row).
    fn sample_items(&self) -> Vec<Item> {
        let Some(entity) = self.entity() else { return Vec::new() };
        self.rows
            .iter()
            .enumerate()
            .filter_map(|(i, row)| {
                let encoded = keylab::codec::encode(&self.schema, &entity.name, row).ok()?;
                let mut item: Item = encoded
                    .keys
                    .iter()
                    .map(|(a, k)| (a.clone(), attribute_value(k)))
                    .collect();
                item.insert(ROW_ATTRIBUTE.into(), json!({ "N": i.to_string() }));
                Some(item)
            })
            .collect()
    }

    /// Runs a query page by page, as a client following LastEvaluatedKey would.
    fn hits(&self, mut query: Query, items: &[Item]) -> Vec<Hit> {
        let sort_attr = query
            .sort
            .as_ref()
            .map(|(a, _)| a.clone())
            .unwrap_or_else(|| self.attribute());
        let mut hits = Vec::new();
        for page in 1..=1000 {
            let result = run(&self.schema.table, items, &query);
            for item in &result.items {
                let row = item
                    .get(ROW_ATTRIBUTE)
                    .and_then(|v| v.get("N"))
                    .and_then(Value::as_str)
                    .and_then(|n| n.parse().ok());
                let key = item
                    .get(&sort_attr)
                    .and_then(|v| v.get("S").or_else(|| v.get("N")))
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                if let Some(row) = row {
                    hits.push(Hit {
                        row,
                        page,
                        key: key.to_string(),
                    });
                }
            }
            match result.last_evaluated_key {
                Some(k) => query.exclusive_start_key = Some(k),
                None => break,
            }
        }
        hits
    }

    /// The access pattern the query panel states.
    pub fn pattern(&self) -> Result<AccessPattern, String> {
        let entity = self.entity().ok_or("there is no entity to query")?;
        let q = &self.query;
        let anchor = self.rows.get(q.anchor).ok_or("add a sample item to query against")?;
        let pk = &self.schema.table.primary.partition;
        let partition: Values = sort_fields(entity.template(pk))
            .into_iter()
            .filter_map(|f| anchor.get(&f).map(|v| (f, v.clone())))
            .collect();
        let fields = sort_fields(self.template());
        let fixed = |n: usize| -> Values {
            fields
                .iter()
                .take(n)
                .filter_map(|f| anchor.get(f).map(|v| (f.clone(), v.clone())))
                .collect()
        };
        let sort = match q.shape {
            Shape::Collection => None,
            Shape::Top => Some(SortPattern::default()),
            Shape::Exact => Some(SortPattern {
                equal: fixed(fields.len()),
                range: None,
            }),
            Shape::Prefix => Some(SortPattern {
                equal: fixed(q.fixed.clamp(1, fields.len().saturating_sub(1).max(1))),
                range: None,
            }),
            Shape::Range => {
                let n = q.fixed.min(fields.len().saturating_sub(1));
                let field = fields
                    .get(n)
                    .ok_or("the sort key has no field to put a range on")?
                    .clone();
                let op: RangeOp =
                    serde_json::from_value(json!(q.op)).map_err(|_| format!("unknown operator {:?}", q.op))?;
                let to = (op == RangeOp::Between).then(|| Value::String(q.to.clone()));
                Some(SortPattern {
                    equal: fixed(n),
                    range: Some(Range {
                        field,
                        op,
                        value: Value::String(q.value.clone()),
                        to,
                    }),
                })
            }
        };
        let limit = match (q.limit.trim(), q.shape) {
            ("", Shape::Top) => Some(10),
            ("", _) => None,
            (text, _) => Some(
                text.parse::<u32>()
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| format!("Limit {text:?} is not a whole number from 1 up"))?,
            ),
        };
        Ok(AccessPattern {
            entity: entity.name.clone(),
            index: None,
            partition,
            sort,
            children: q.children,
            scan_index_forward: if q.shape == Shape::Top { false } else { q.forward },
            limit,
        })
    }

    fn query_view(&self, items: &[Item]) -> Result<QueryView, String> {
        let pattern = self.pattern()?;
        let built = build(&self.schema, &pattern).map_err(|e| e.message())?;
        let pretty = |v: &Value| serde_json::to_string_pretty(v).unwrap_or_default();
        let target = Target::from_id(&self.snippet.target).unwrap_or(Target::AwsCli);
        let non_empty = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        let options = SnippetOptions {
            table: non_empty(&self.snippet.table),
            endpoint: non_empty(&self.snippet.endpoint),
            program: self.snippet.program,
        };
        Ok(QueryView {
            snippet: render_snippet(&built.query, target, &options),
            expression: built.query.expression(),
            input: pretty(&built.query.to_input(ValueStyle::DynamoJson)),
            document_input: pretty(&built.query.to_input(ValueStyle::Plain)),
            explanation: built.explanation.clone(),
            hits: self.hits(built.query, items),
        })
    }

    fn paste_view(&self, items: &[Item]) -> Option<PasteView> {
        if self.pasted.trim().is_empty() {
            return None;
        }
        let doc: Value = match serde_json::from_str(&self.pasted) {
            Ok(v) => v,
            Err(e) => {
                let error = ValidationError {
                    message: format!("The pasted text is not valid JSON: {e}"),
                    offset: None,
                    token: None,
                };
                return Some(PasteView {
                    error: Some(error),
                    expression: String::new(),
                    hits: Vec::new(),
                });
            }
        };
        let expression = doc
            .get("KeyConditionExpression")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        Some(match parse_input(&self.schema.table, &doc) {
            Ok(q) => PasteView {
                error: None,
                expression,
                hits: self.hits(q, items),
            },
            Err(e) => PasteView {
                error: Some(e),
                expression,
                hits: Vec::new(),
            },
        })
    }

    /// The saved form: the schema document plus the sample rows.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }

    fn to_value(&self) -> Value {
        json!({
            "schema": self.schema.to_value(),
            "entity": self.entity,
            "rows": self.rows,
            "query": self.query,
            "pasted": self.pasted,
            "snippet": self.snippet,
            "expected": self.expected,
        })
    }

    /// A fresh playground for a schema: its first entity, one blank sample item.
    pub fn from_schema(schema: Schema) -> Playground {
        let mut p = Playground {
            schema,
            entity: 0,
            rows: Vec::new(),
            query: QueryDraft::default(),
            pasted: String::new(),
            snippet: SnippetPrefs::default(),
            expected: Values::new(),
        };
        p.apply(Action::AddRow);
        p
    }

    /// Reads an imported file: a whole saved state (schema and items), or a schema
    /// document alone. Untrusted, like everything else read in.
    pub fn import(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
        if doc.get("schema").is_some() {
            return Playground::from_json(text);
        }
        if doc.get("version").is_some() {
            let schema = Schema::from_value(&doc).map_err(|e| format!("the file's schema is invalid: {e}"))?;
            if schema.entities.is_empty() {
                return Err("the file's schema has no entities".into());
            }
            return Ok(Playground::from_schema(schema));
        }
        Err("the file is neither a keylab schema (with \"version\") nor a keylab export (with \"schema\")".into())
    }

    /// The file "Export schema and items" writes: what `import` reads back.
    pub fn export_all(&self) -> String {
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }

    /// Reads a saved state. Untrusted: any problem is an error message, never a panic.
    pub fn from_json(text: &str) -> Result<Playground, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| format!("saved work is not valid JSON ({e})"))?;
        let schema = Schema::from_value(doc.get("schema").unwrap_or(&Value::Null))
            .map_err(|e| format!("saved schema is invalid: {e}"))?;
        let entity = doc.get("entity").and_then(Value::as_u64).unwrap_or(0) as usize;
        if entity >= schema.entities.len() {
            return Err("saved work names an entity that does not exist".into());
        }
        let rows = match doc.get("rows") {
            Some(Value::Array(rows)) => rows
                .iter()
                .map(|r| match r {
                    Value::Object(m) => Ok(m
                        .iter()
                        .map(|(k, v)| (k.clone(), Value::String(keylab_text(v))))
                        .collect()),
                    _ => Err("saved sample rows are not objects".to_string()),
                })
                .collect::<Result<Vec<Values>, String>>()?,
            _ => Vec::new(),
        };
        // The query draft is a convenience: a damaged one falls back to the default.
        let query = doc
            .get("query")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        let pasted = doc
            .get("pasted")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        // Snippet preferences likewise.
        let snippet = doc
            .get("snippet")
            .and_then(|q| serde_json::from_value(q.clone()).ok())
            .unwrap_or_default();
        // Only text survives: the planner reads the value like any typed number.
        let expected: Values = doc
            .get("expected")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .filter(|(_, v)| v.is_string())
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Playground {
            schema,
            entity,
            rows,
            query,
            pasted,
            snippet,
            expected,
        })
    }
}

fn keylab_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// One sample row from (field, text) pairs.
pub fn row(pairs: &[(&str, &str)]) -> Values {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect()
}

/// The kinds a field can be switched to, for the page's select.
pub fn kinds() -> &'static [&'static str] {
    &KINDS
}

/// How many steps undo can go back.
pub const HISTORY: usize = 100;

/// The app's one reducer: the document being edited, with undo and redo.
#[derive(Clone, Debug, PartialEq)]
pub struct Workspace {
    pub present: Rc<Playground>,
    past: Vec<Rc<Playground>>,
    future: Vec<Rc<Playground>>,
}

/// What the page dispatches: an edit of the document, or a move through its history.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Edit(Action),
    Undo,
    Redo,
    /// Replaces the whole document (a file or a link), as one undoable step.
    Replace(Box<Playground>),
}

impl Workspace {
    pub fn new(present: Playground) -> Self {
        Workspace {
            present: Rc::new(present),
            past: Vec::new(),
            future: Vec::new(),
        }
    }
    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }

    fn commit(&mut self, next: Playground) {
        // An edit that changes nothing (a select set to its own value) is not a step.
        if next == *self.present {
            return;
        }
        self.past.push(std::mem::replace(&mut self.present, Rc::new(next)));
        if self.past.len() > HISTORY {
            self.past.remove(0);
        }
        self.future.clear();
    }
}

impl Reducible for Workspace {
    type Action = Command;

    fn reduce(self: Rc<Self>, command: Command) -> Rc<Self> {
        let mut ws = (*self).clone();
        match command {
            Command::Edit(action) => {
                let mut next = (*ws.present).clone();
                next.apply(action);
                ws.commit(next);
            }
            Command::Replace(doc) => ws.commit(*doc),
            Command::Undo => {
                if let Some(prev) = ws.past.pop() {
                    ws.future.push(std::mem::replace(&mut ws.present, prev));
                }
            }
            Command::Redo => {
                if let Some(next) = ws.future.pop() {
                    ws.past.push(std::mem::replace(&mut ws.present, next));
                }
            }
        }
        Rc::new(ws)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(actions: Vec<Action>) -> Playground {
        let ws = actions
            .into_iter()
            .fold(Rc::new(Workspace::new(Playground::leaderboard())), |s, a| {
                s.reduce(Command::Edit(a))
            });
        ws.present.as_ref().clone()
    }

    #[test]
    fn undo_and_redo_walk_the_history() {
        let start = Rc::new(Workspace::new(Playground::leaderboard()));
        let width = |ws: &Workspace| ws.present.entity().unwrap().field("score").unwrap().kind.width();
        let ws = start.clone().reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 12,
        }));
        let ws = ws.reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 14,
        }));
        assert_eq!(width(&ws), Some(14));
        let ws = ws.reduce(Command::Undo);
        assert_eq!((width(&ws), ws.can_redo()), (Some(12), true));
        let ws = ws.reduce(Command::Undo).reduce(Command::Undo);
        assert_eq!(
            (width(&ws), ws.can_undo()),
            (Some(10), false),
            "undo past the start does nothing"
        );
        let ws = ws.reduce(Command::Redo);
        assert_eq!(width(&ws), Some(12));
        let ws = ws.reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 5,
        }));
        assert!(!ws.can_redo(), "a new edit drops the redo branch");
        let same = ws.clone().reduce(Command::Edit(Action::SetWidth {
            field: "score".into(),
            width: 5,
        }));
        assert_eq!(same.past.len(), ws.past.len(), "a no-op edit is not a step");
        let mut many = start;
        for w in 0..(HISTORY as u32 + 20) {
            many = many.reduce(Command::Edit(Action::SetWidth {
                field: "score".into(),
                width: w + 1,
            }));
        }
        assert_eq!(many.past.len(), HISTORY);
    }

    fn sorted_scores(p: &Playground) -> Vec<String> {
        let e = p.entity().unwrap();
        let pv = preview(&p.schema, e, &p.attribute(), &p.rows);
        pv.sorted
            .iter()
            .map(|&i| p.rows[i]["score"].as_str().unwrap_or("").to_string())
            .collect()
    }

    #[test]
    fn default_shows_top_scores_first() {
        assert_eq!(sorted_scores(&Playground::leaderboard()), ["1500", "240", "10", "9"]);
    }

    #[test]
    fn order_width_and_values_change_the_preview() {
        let asc = run(vec![Action::SetOrder {
            field: "score".into(),
            order: Order::Asc,
        }]);
        assert_eq!(sorted_scores(&asc), ["9", "10", "240", "1500"]);
        let narrow = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 3,
        }]);
        assert_eq!(
            sorted_scores(&narrow),
            ["240", "10", "9"],
            "1500 overflows width 3 and drops out"
        );
        let edited = run(vec![Action::SetValue {
            row: 3,
            field: "score".into(),
            text: "2000".into(),
        }]);
        assert_eq!(sorted_scores(&edited), ["2000", "1500", "240", "10"]);
    }

    #[test]
    fn segments_add_remove_move_and_rename() {
        let p = run(vec![
            Action::AddSegment(NewSegment::Field),
            Action::AddSegment(NewSegment::Literal),
        ]);
        let t = p.template().unwrap();
        assert_eq!(t.segments.len(), 5);
        assert_eq!(t.segments[3], Segment::Field("field1".into()));
        assert_eq!(p.rows[0]["field1"], json!("0"));
        let p = run(vec![Action::AddSegment(NewSegment::Field), Action::RemoveSegment(3)]);
        assert!(
            p.entity().unwrap().field("field1").is_none(),
            "an unused field is dropped"
        );
        assert!(!p.rows[0].contains_key("field1"));
        let p = run(vec![
            Action::MoveSegment { from: 0, by: 1 },
            Action::MoveSegment { from: 0, by: -1 },
        ]);
        assert_eq!(p.template().unwrap().segments[0], Segment::Field("at".into()));
        let p = run(vec![Action::RenameField {
            field: "player".into(),
            to: "who".into(),
        }]);
        assert_eq!(p.template().unwrap().segments[2], Segment::Field("who".into()));
        assert_eq!(p.rows[1]["who"], json!("p_8842"));
        let same = run(vec![Action::RenameField {
            field: "player".into(),
            to: "score".into(),
        }]);
        assert_eq!(
            same,
            Playground::leaderboard(),
            "renaming onto another field is refused"
        );
    }

    #[test]
    fn kind_switch_keeps_width_and_order() {
        let p = run(vec![Action::SetKind {
            field: "score".into(),
            kind: "int".into(),
        }]);
        assert_eq!(
            p.entity().unwrap().field("score").unwrap().kind,
            FieldKind::Int {
                width: 10,
                order: Order::Desc
            }
        );
        let p = run(vec![Action::SetKind {
            field: "score".into(),
            kind: "nonsense".into(),
        }]);
        assert_eq!(p, Playground::leaderboard());
    }

    #[test]
    fn saved_state_round_trips_and_bad_state_is_an_error() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 12,
        }]);
        assert_eq!(Playground::from_json(&p.to_json()), Ok(p));
        for bad in [
            "",
            "{",
            "null",
            "[]",
            r#"{"schema": 1}"#,
            r#"{"schema": {"version": 99}}"#,
        ] {
            assert!(Playground::from_json(bad).is_err(), "{bad}");
        }
        let mut doc: Value = serde_json::from_str(&Playground::leaderboard().to_json()).unwrap();
        doc["entity"] = json!(7);
        assert!(Playground::from_json(&doc.to_string()).is_err());
    }

    #[test]
    fn files_round_trip_and_bad_files_say_why() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 12,
        }]);
        assert_eq!(Playground::import(&p.export_all()), Ok(p.clone()));
        let schema_only = Playground::import(&p.schema.to_json_pretty()).unwrap();
        assert_eq!(schema_only.schema, p.schema);
        assert_eq!(schema_only.rows.len(), 1, "one blank item to start from");
        for (bad, needle) in [
            ("{", "not valid JSON"),
            ("[]", "neither a keylab schema"),
            (r#"{"version": 99}"#, "version 99"),
            (r#"{"schema": {"version": 1}}"#, "saved schema is invalid"),
        ] {
            let e = Playground::import(bad).unwrap_err();
            assert!(e.contains(needle), "{bad}: {e}");
        }
    }

    #[test]
    fn analysis_reports_overflow_next_to_the_value() {
        let p = run(vec![Action::SetWidth {
            field: "score".into(),
            width: 3,
        }]);
        let a = p.analyse();
        let pv = a.preview.unwrap();
        let row = &pv.rows[1];
        assert_eq!(row.errors[0].context.field.as_deref(), Some("score"));
        assert_eq!(row.errors[0].kind.code(), "overflow");
        let plan = a.plans.iter().find(|p| p.field == "score").unwrap();
        assert!(plan.overflows);
    }

    #[test]
    fn absurd_settings_are_reported_not_panics() {
        for width in [0, 39, 50, u32::MAX] {
            let p = run(vec![
                Action::SetWidth {
                    field: "score".into(),
                    width,
                },
                Action::SetKind {
                    field: "at".into(),
                    kind: "decimal".into(),
                },
                Action::SetScale {
                    field: "at".into(),
                    scale: u32::MAX,
                },
                Action::SetValue {
                    row: 0,
                    field: "player".into(),
                    text: "x".repeat(5000),
                },
            ]);
            let a = p.analyse();
            assert!(
                a.errors.iter().any(|e| e.context.field.as_deref() == Some("score")),
                "width {width}"
            );
            assert!(a.errors.iter().any(|e| e.context.field.as_deref() == Some("at")));
        }
    }

    #[test]
    fn out_of_range_actions_are_ignored_not_panics() {
        let p = run(vec![
            Action::RemoveSegment(99),
            Action::MoveSegment { from: 0, by: -1 },
            Action::MoveSegment { from: 2, by: 1 },
            Action::SetValue {
                row: 99,
                field: "score".into(),
                text: "1".into(),
            },
            Action::RemoveRow(99),
            Action::SetLiteral {
                segment: 99,
                text: "x".into(),
            },
        ]);
        assert_eq!(p, Playground::leaderboard());
    }
}
