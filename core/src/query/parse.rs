//! Pasted Query input → [`Query`], or an error as precise as DynamoDB's
//! ValidationException, pointing at the offending token or placeholder.
//!
//! The expression grammar is the full condition grammar (OR, NOT, IN, functions, nested
//! paths), so that a forbidden construct is named rather than reported as a syntax error.
//! Checks run in DynamoDB's order: the name and value maps, the syntax, unused
//! placeholders, the key-condition rules, then the key schema and the values.

use super::names::is_reserved;
use super::{KeyCondition, Query};
use crate::codec::order::{compare_keys, compare_numbers};
use crate::codec::KeyValue;
use crate::schema::{AttrType, Table};
use serde::Serialize;
use serde_json::{Map, Value};
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;

/// Why DynamoDB would reject a Query input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValidationError {
    pub message: String,
    /// Byte offset of the offending token in the expression, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(o) => write!(f, "{} (at character {})", self.message, o + 1),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ValidationError {}

fn fail<T>(message: impl Into<String>) -> Result<T, ValidationError> {
    Err(ValidationError {
        message: message.into(),
        offset: None,
        token: None,
    })
}

fn fail_at<T>(message: impl Into<String>, offset: usize, token: &str) -> Result<T, ValidationError> {
    Err(ValidationError {
        message: message.into(),
        offset: Some(offset),
        token: Some(token.to_string()),
    })
}

const PREFIX: &str = "Invalid KeyConditionExpression: ";

/// A comparison operator of the expression language, `<>` included so that it can be
/// refused by name (a key condition cannot use it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comparator {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Comparator {
    fn symbol(self) -> &'static str {
        match self {
            Comparator::Eq => "=",
            Comparator::Ne => "<>",
            Comparator::Lt => "<",
            Comparator::Le => "<=",
            Comparator::Gt => ">",
            Comparator::Ge => ">=",
        }
    }

    /// The same test with its operands swapped: `:v < #k` is `#k > :v`.
    fn flipped(self) -> Comparator {
        match self {
            Comparator::Lt => Comparator::Gt,
            Comparator::Le => Comparator::Ge,
            Comparator::Gt => Comparator::Lt,
            Comparator::Ge => Comparator::Le,
            same => same,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Name(String),
    Value(String),
    Number(String),
    Op(Comparator),
    LParen,
    RParen,
    Comma,
    Dot,
    LBracket,
    RBracket,
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    start: usize,
    text: String,
}

fn tokenize(src: &str) -> Result<Vec<Token>, ValidationError> {
    let mut out = Vec::new();
    let bytes = src.as_bytes();
    let mut i = 0;
    let word = |from: usize| -> usize {
        let mut j = from;
        while j < bytes.len() && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
            j += 1;
        }
        j
    };
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let single = match c {
            b'(' => Some(Tok::LParen),
            b')' => Some(Tok::RParen),
            b',' => Some(Tok::Comma),
            b'.' => Some(Tok::Dot),
            b'[' => Some(Tok::LBracket),
            b']' => Some(Tok::RBracket),
            b'=' => Some(Tok::Op(Comparator::Eq)),
            _ => None,
        };
        if let Some(tok) = single {
            i += 1;
            out.push(Token {
                tok,
                start,
                text: src[start..i].to_string(),
            });
            continue;
        }
        let tok = match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'<' | b'>' => {
                let two = bytes.get(i + 1).copied();
                let (op, n) = match (c, two) {
                    (b'<', Some(b'=')) => (Comparator::Le, 2),
                    (b'<', Some(b'>')) => (Comparator::Ne, 2),
                    (b'>', Some(b'=')) => (Comparator::Ge, 2),
                    (b'<', _) => (Comparator::Lt, 1),
                    _ => (Comparator::Gt, 1),
                };
                i += n;
                Tok::Op(op)
            }
            b'#' | b':' => {
                let end = word(i + 1);
                if end == i + 1 {
                    let near: String = src[i..].chars().take(8).collect();
                    return fail_at(
                        format!("{PREFIX}Syntax error; token: \"{}\", near: \"{near}\"", c as char),
                        i,
                        &(c as char).to_string(),
                    );
                }
                let text = src[i..end].to_string();
                i = end;
                if c == b'#' {
                    Tok::Name(text)
                } else {
                    Tok::Value(text)
                }
            }
            c if c.is_ascii_digit() => {
                let end = word(i);
                let text = src[i..end].to_string();
                i = end;
                Tok::Number(text)
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let end = word(i);
                let text = src[i..end].to_string();
                i = end;
                Tok::Ident(text)
            }
            _ => {
                let ch: String = src[i..].chars().take(1).collect();
                let near: String = src[i..].chars().take(8).collect();
                return fail_at(
                    format!("{PREFIX}Syntax error; token: \"{ch}\", near: \"{near}\""),
                    i,
                    &ch,
                );
            }
        };
        out.push(Token {
            tok,
            start,
            text: src[start..i].to_string(),
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        start: src.len(),
        text: "<EOF>".into(),
    });
    Ok(out)
}

/// An operand: a (possibly nested) attribute path, a value placeholder or a function.
#[derive(Clone, Debug)]
enum Operand {
    Path {
        head: String,
        nested: bool,
        at: usize,
        token: String,
    },
    Value {
        name: String,
    },
    Call {
        name: String,
        at: usize,
    },
}

#[derive(Clone, Debug)]
enum Expr {
    And(Box<Expr>, Box<Expr>),
    Or(usize),
    Not(usize),
    Compare {
        op: Comparator,
        left: Operand,
        right: Operand,
        at: usize,
    },
    Between {
        subject: Operand,
        lo: Operand,
        hi: Operand,
        at: usize,
    },
    In(usize),
    Function {
        name: String,
        args: Vec<Operand>,
        at: usize,
    },
}

struct Parser<'a> {
    tokens: Vec<Token>,
    pos: usize,
    src: &'a str,
    names: Option<&'a Map<String, Value>>,
    values: Option<&'a Map<String, Value>>,
    used_names: BTreeSet<String>,
    used_values: BTreeSet<String>,
}

fn keyword(t: &Tok, word: &str) -> bool {
    matches!(t, Tok::Ident(s) if s.eq_ignore_ascii_case(word))
}

impl<'a> Parser<'a> {
    fn peek(&self) -> &Token {
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }
    fn next(&mut self) -> Token {
        let t = self.peek().clone();
        self.pos += 1;
        t
    }
    fn syntax<T>(&self, t: &Token) -> Result<T, ValidationError> {
        let near: String = self.src[t.start.min(self.src.len())..].chars().take(12).collect();
        let near = if near.is_empty() {
            let from = self.src.char_indices().rev().nth(4).map_or(0, |(i, _)| i);
            self.src[from..].to_string()
        } else {
            near
        };
        fail_at(
            format!("{PREFIX}Syntax error; token: \"{}\", near: \"{near}\"", t.text),
            t.start,
            &t.text,
        )
    }
    fn expect(&mut self, want: Tok) -> Result<(), ValidationError> {
        let t = self.next();
        if t.tok == want {
            Ok(())
        } else {
            self.syntax(&t)
        }
    }

    fn or_expr(&mut self) -> Result<Expr, ValidationError> {
        let left = self.and_expr()?;
        if keyword(&self.peek().tok, "OR") {
            let at = self.next().start;
            self.and_expr()?;
            return Ok(Expr::Or(at));
        }
        Ok(left)
    }
    fn and_expr(&mut self) -> Result<Expr, ValidationError> {
        let mut left = self.not_expr()?;
        while keyword(&self.peek().tok, "AND") {
            self.next();
            let right = self.not_expr()?;
            left = Expr::And(Box::new(left), Box::new(right));
        }
        Ok(left)
    }
    fn not_expr(&mut self) -> Result<Expr, ValidationError> {
        if keyword(&self.peek().tok, "NOT") {
            let at = self.next().start;
            self.not_expr()?;
            return Ok(Expr::Not(at));
        }
        self.primary()
    }
    fn primary(&mut self) -> Result<Expr, ValidationError> {
        if self.peek().tok == Tok::LParen {
            self.next();
            let e = self.or_expr()?;
            self.expect(Tok::RParen)?;
            return Ok(e);
        }
        let is_call = matches!(self.peek().tok, Tok::Ident(_))
            && self.tokens.get(self.pos + 1).is_some_and(|t| t.tok == Tok::LParen);
        if is_call {
            let t = self.next();
            let args = self.arguments()?;
            let call = Expr::Function {
                name: t.text.clone(),
                args,
                at: t.start,
            };
            if matches!(self.peek().tok, Tok::Op(_))
                || keyword(&self.peek().tok, "BETWEEN")
                || keyword(&self.peek().tok, "IN")
            {
                // size(...) used as an operand of a comparison.
                return self.comparison(Operand::Call {
                    name: t.text,
                    at: t.start,
                });
            }
            return Ok(call);
        }
        let left = self.operand()?;
        self.comparison(left)
    }
    fn comparison(&mut self, left: Operand) -> Result<Expr, ValidationError> {
        let t = self.next();
        match &t.tok {
            Tok::Op(op) => {
                let op = *op;
                let right = self.operand()?;
                Ok(Expr::Compare {
                    op,
                    left,
                    right,
                    at: t.start,
                })
            }
            tok if keyword(tok, "BETWEEN") => {
                let lo = self.operand()?;
                let and = self.next();
                if !keyword(&and.tok, "AND") {
                    return self.syntax(&and);
                }
                let hi = self.operand()?;
                Ok(Expr::Between {
                    subject: left,
                    lo,
                    hi,
                    at: t.start,
                })
            }
            tok if keyword(tok, "IN") => {
                self.expect(Tok::LParen)?;
                loop {
                    self.operand()?;
                    if self.peek().tok == Tok::Comma {
                        self.next();
                    } else {
                        break;
                    }
                }
                self.expect(Tok::RParen)?;
                Ok(Expr::In(t.start))
            }
            _ => self.syntax(&t),
        }
    }
    fn arguments(&mut self) -> Result<Vec<Operand>, ValidationError> {
        self.expect(Tok::LParen)?;
        let mut args = vec![self.operand()?];
        while self.peek().tok == Tok::Comma {
            self.next();
            args.push(self.operand()?);
        }
        self.expect(Tok::RParen)?;
        Ok(args)
    }
    fn name_part(&mut self, t: &Token) -> Result<String, ValidationError> {
        match &t.tok {
            Tok::Ident(word) => {
                if is_reserved(word) {
                    return fail_at(
                        format!("{PREFIX}Attribute name is a reserved keyword; reserved keyword: {word}"),
                        t.start,
                        word,
                    );
                }
                Ok(word.clone())
            }
            Tok::Name(alias) => {
                self.used_names.insert(alias.clone());
                match self.names.and_then(|m| m.get(alias)).and_then(Value::as_str) {
                    Some(real) => Ok(real.to_string()),
                    None => fail_at(
                        format!("{PREFIX}An expression attribute name used in the document path is not defined; attribute name: {alias}"),
                        t.start,
                        alias,
                    ),
                }
            }
            _ => self.syntax(t),
        }
    }
    fn operand(&mut self) -> Result<Operand, ValidationError> {
        let t = self.next();
        match &t.tok {
            Tok::Value(v) => {
                self.used_values.insert(v.clone());
                if self.values.and_then(|m| m.get(v)).is_none() {
                    return fail_at(format!("{PREFIX}An expression attribute value used in expression is not defined; attribute value: {v}"), t.start, v);
                }
                Ok(Operand::Value { name: v.clone() })
            }
            Tok::Ident(_) if self.peek().tok == Tok::LParen => {
                self.arguments()?;
                Ok(Operand::Call {
                    name: t.text.clone(),
                    at: t.start,
                })
            }
            Tok::Ident(_) | Tok::Name(_) => {
                let head = self.name_part(&t)?;
                let mut nested = false;
                loop {
                    match self.peek().tok {
                        Tok::Dot => {
                            self.next();
                            let part = self.next();
                            self.name_part(&part)?;
                            nested = true;
                        }
                        Tok::LBracket => {
                            self.next();
                            let n = self.next();
                            if !matches!(n.tok, Tok::Number(_)) {
                                return self.syntax(&n);
                            }
                            self.expect(Tok::RBracket)?;
                            nested = true;
                        }
                        _ => break,
                    }
                }
                Ok(Operand::Path {
                    head,
                    nested,
                    at: t.start,
                    token: t.text.clone(),
                })
            }
            _ => self.syntax(&t),
        }
    }
}

/// One condition of the AND chain, in the form DynamoDB checks it.
struct Condition {
    attribute: String,
    at: usize,
    kind: ConditionKind,
}

enum ConditionKind {
    Compare(Comparator, String),
    Between(String, String),
    BeginsWith(String),
}

fn flatten(expr: Expr, out: &mut Vec<Expr>) {
    match expr {
        Expr::And(a, b) => {
            flatten(*a, out);
            flatten(*b, out);
        }
        other => out.push(other),
    }
}

/// An attribute path operand: its top-level name, whether it goes deeper, and where.
#[derive(Clone, Copy)]
struct PathRef<'a> {
    head: &'a str,
    nested: bool,
    at: usize,
    token: &'a str,
}

fn attribute_of(op: &Operand) -> Option<PathRef<'_>> {
    match op {
        Operand::Path {
            head,
            nested,
            at,
            token,
        } => Some(PathRef {
            head,
            nested: *nested,
            at: *at,
            token,
        }),
        _ => None,
    }
}

fn key_rule(expr: Expr) -> Result<Condition, ValidationError> {
    let operands: Vec<Operand>;
    let (kind_name, at) = match &expr {
        Expr::Or(at) => return fail_at("Invalid operator used in KeyConditionExpression: OR", *at, "OR"),
        Expr::Not(at) => return fail_at("Invalid operator used in KeyConditionExpression: NOT", *at, "NOT"),
        Expr::In(at) => return fail_at("Invalid operator used in KeyConditionExpression: IN", *at, "IN"),
        Expr::Compare {
            op: Comparator::Ne, at, ..
        } => return fail_at("Invalid operator used in KeyConditionExpression: <>", *at, "<>"),
        Expr::Function { name, at, .. }
            if ["attribute_exists", "attribute_not_exists", "attribute_type", "contains"].contains(&name.as_str()) =>
        {
            return fail_at(
                format!("Invalid operator used in KeyConditionExpression: {name}"),
                *at,
                name,
            )
        }
        Expr::Function { name, at, .. } if name == "size" => {
            return fail_at("KeyConditionExpressions cannot contain nested operations", *at, name)
        }
        Expr::Function { name, at, .. } if name != "begins_with" => {
            return fail_at(format!("{PREFIX}Invalid function name; function: {name}"), *at, name)
        }
        Expr::Function { args, at, .. } => {
            if args.len() != 2 {
                return fail_at(format!("{PREFIX}Incorrect number of operands for operator or function; operator or function: begins_with, number of operands: {}", args.len()), *at, "begins_with");
            }
            if attribute_of(&args[0]).is_none() {
                return fail_at("Invalid condition in KeyConditionExpression: begins_with operator must have the key attribute as its first operand", *at, "begins_with");
            }
            operands = args.clone();
            ("begins_with", *at)
        }
        Expr::Between { subject, lo, hi, at } => {
            if attribute_of(subject).is_none() {
                return fail_at("Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand", *at, "BETWEEN");
            }
            operands = vec![subject.clone(), lo.clone(), hi.clone()];
            ("between", *at)
        }
        Expr::Compare { left, right, at, .. } => {
            operands = vec![left.clone(), right.clone()];
            ("compare", *at)
        }
        // `flatten` takes every AND apart before this runs.
        Expr::And(..) => return fail(format!("{PREFIX}Syntax error; nested AND")),
    };
    for o in &operands {
        if let Operand::Call { name, at } = o {
            return if name == "size" {
                fail_at("KeyConditionExpressions cannot contain nested operations", *at, name)
            } else {
                fail_at(format!("{PREFIX}Invalid function name; function: {name}"), *at, name)
            };
        }
    }
    let paths: Vec<(usize, PathRef)> = operands
        .iter()
        .enumerate()
        .filter_map(|(i, o)| attribute_of(o).map(|a| (i, a)))
        .collect();
    if paths.len() > 1 {
        return fail_at(
            "Invalid condition in KeyConditionExpression: Multiple attribute names used in one condition",
            paths[1].1.at,
            paths[1].1.token,
        );
    }
    let Some(&(
        index,
        PathRef {
            head: attribute,
            nested,
            at: attr_at,
            token,
        },
    )) = paths.first()
    else {
        return fail_at(
            "Invalid condition in KeyConditionExpression: No key attribute specified",
            at,
            "",
        );
    };
    if nested {
        return fail_at(
            "KeyConditionExpressions cannot have conditions on nested attributes",
            attr_at,
            token,
        );
    }
    let value = |i: usize| match &operands[i] {
        Operand::Value { name, .. } => name.clone(),
        _ => String::new(),
    };
    let kind = match (kind_name, &expr) {
        ("begins_with", _) => ConditionKind::BeginsWith(value(1)),
        ("between", _) => ConditionKind::Between(value(1), value(2)),
        (_, Expr::Compare { op, .. }) => {
            // `:v < #k` is `#k > :v`.
            let op = if index == 1 { op.flipped() } else { *op };
            ConditionKind::Compare(op, value(1 - index))
        }
        _ => return fail(format!("{PREFIX}Syntax error")),
    };
    Ok(Condition {
        attribute: attribute.to_string(),
        at: attr_at,
        kind,
    })
}

fn placeholder_key_ok(key: &str, sigil: char) -> bool {
    let mut chars = key.chars();
    chars.next() == Some(sigil) && {
        let rest = chars.as_str();
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    }
}

fn valid_number(text: &str) -> bool {
    compare_numbers(text, "0").is_some()
}

/// An `ExpressionAttributeNames` / `ExpressionAttributeValues` map: absent, or an object
/// that is not empty and whose keys are `sigil` plus `[A-Za-z0-9_]+`.
fn placeholder_map<'a>(
    obj: &'a Map<String, Value>,
    what: &str,
    sigil: char,
) -> Result<Option<&'a Map<String, Value>>, ValidationError> {
    match obj.get(what) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(m)) => {
            if m.is_empty() {
                return fail(format!("{what} must not be empty"));
            }
            if let Some(k) = m.keys().find(|k| !placeholder_key_ok(k, sigil)) {
                return fail(format!("{what} contains invalid key: Syntax error; key: \"{k}\""));
            }
            Ok(Some(m))
        }
        Some(_) => fail(format!("{what} must be an object")),
    }
}

/// Reads a pasted Query input (the object an SDK takes) into a [`Query`], checking it as
/// DynamoDB would against the table's keys.
pub fn parse_input(table: &Table, input: &Value) -> Result<Query, ValidationError> {
    let Some(obj) = input.as_object() else {
        return fail("The Query input must be an object");
    };
    let names = placeholder_map(obj, "ExpressionAttributeNames", '#')?;
    if let Some((k, _)) = names.and_then(|m| m.iter().find(|(_, v)| !v.is_string())) {
        return fail(format!(
            "ExpressionAttributeNames contains invalid value for key {k}: it must be a string"
        ));
    }
    let values = placeholder_map(obj, "ExpressionAttributeValues", ':')?;
    for (k, v) in values.into_iter().flatten() {
        let one = v.as_object().filter(|o| o.len() == 1);
        match one.and_then(|o| o.iter().next()) {
            Some((t, Value::String(n))) if t == "N" && !valid_number(n) => {
                return fail(format!(
                    "ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: {n} for key {k}"
                ))
            }
            Some((t, _)) if ["S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"].contains(&t.as_str()) => {}
            _ => {
                return fail(format!(
                    "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key {k}"
                ))
            }
        }
    }
    let expression = match obj.get("KeyConditionExpression") {
        Some(Value::String(s)) => s.as_str(),
        _ => {
            return fail(
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
            )
        }
    };
    if expression.is_empty() {
        return fail(format!("{PREFIX}The expression can not be empty;"));
    }
    if expression.len() > 4096 {
        return fail(format!(
            "{PREFIX}Expression size has exceeded the maximum allowed size; expression size: {}",
            expression.len()
        ));
    }
    let mut p = Parser {
        tokens: tokenize(expression)?,
        pos: 0,
        src: expression,
        names,
        values,
        used_names: BTreeSet::new(),
        used_values: BTreeSet::new(),
    };
    let expr = p.or_expr()?;
    if p.peek().tok != Tok::Eof {
        let t = p.peek().clone();
        return p.syntax(&t);
    }
    let unused = |all: Option<&Map<String, Value>>, used: &BTreeSet<String>| -> Vec<String> {
        all.map(|m| m.keys().filter(|k| !used.contains(*k)).cloned().collect())
            .unwrap_or_default()
    };
    let unused_names = unused(names, &p.used_names);
    if !unused_names.is_empty() {
        return fail(format!(
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {{{}}}",
            unused_names.join(", ")
        ));
    }
    let unused_values = unused(values, &p.used_values);
    if !unused_values.is_empty() {
        return fail(format!(
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {{{}}}",
            unused_values.join(", ")
        ));
    }
    let mut parts = Vec::new();
    flatten(expr, &mut parts);
    let mut conditions: Vec<Condition> = Vec::new();
    for part in parts {
        let c = key_rule(part)?;
        if conditions.iter().any(|o| o.attribute == c.attribute) {
            return fail_at(
                "KeyConditionExpressions must only contain one condition per key",
                c.at,
                &c.attribute,
            );
        }
        conditions.push(c);
    }
    let index = match obj.get("IndexName") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return fail("IndexName must be a string"),
    };
    let Some(keys) = table.key_schema(index.as_deref()) else {
        return fail(format!(
            "The table does not have the specified index: {}",
            index.unwrap_or_default()
        ));
    };
    let find = |attr: &str| conditions.iter().find(|c| c.attribute == attr);
    let Some(pk_cond) = find(&keys.partition) else {
        return fail(format!("Query condition missed key schema element: {}", keys.partition));
    };
    let sort_cond = keys.sort.as_deref().and_then(find);
    if let Some(sk) = &keys.sort {
        if sort_cond.is_none() && conditions.len() > 1 {
            return fail(format!("Query condition missed key schema element: {sk}"));
        }
    }
    if let Some(extra) = conditions
        .iter()
        .find(|c| c.attribute != keys.partition && Some(c.attribute.as_str()) != keys.sort.as_deref())
    {
        return fail_at(
            format!(
                "Query condition missed key schema element: {} is not a key of {}",
                extra.attribute,
                index.as_deref().unwrap_or("the table")
            ),
            extra.at,
            &extra.attribute,
        );
    }
    let value_of = |attr: &str, placeholder: &str| -> Result<KeyValue, ValidationError> {
        let t = table.attribute_type(attr).unwrap_or(AttrType::S);
        let av = values.and_then(|m| m.get(placeholder)).and_then(Value::as_object);
        let text = av.and_then(|o| o.get(t.as_str())).and_then(Value::as_str);
        match text {
            None => fail("One or more parameter values were invalid: Condition parameter type does not match schema type"),
            Some("") => fail(format!("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: {attr}")),
            Some(s) => Ok(if t == AttrType::N { KeyValue::N(s.to_string()) } else { KeyValue::S(s.to_string()) }),
        }
    };
    let pk = match &pk_cond.kind {
        ConditionKind::Compare(Comparator::Eq, v) => value_of(&keys.partition, v)?,
        _ => return fail("Query key condition not supported"),
    };
    let sort = match (sort_cond, keys.sort.as_deref()) {
        (Some(c), Some(attr)) => {
            let cond = match &c.kind {
                ConditionKind::Compare(op, v) => {
                    let v = value_of(attr, v)?;
                    match op {
                        Comparator::Eq => KeyCondition::Eq(v),
                        Comparator::Lt => KeyCondition::Lt(v),
                        Comparator::Le => KeyCondition::Le(v),
                        Comparator::Gt => KeyCondition::Gt(v),
                        Comparator::Ge => KeyCondition::Ge(v),
                        // Refused by name before a condition is formed.
                        Comparator::Ne => {
                            return fail(format!(
                                "Invalid operator used in KeyConditionExpression: {}",
                                op.symbol()
                            ))
                        }
                    }
                }
                ConditionKind::Between(a, b) => {
                    let (lo, hi) = (value_of(attr, a)?, value_of(attr, b)?);
                    let order = match (&lo, &hi) {
                        (KeyValue::N(x), KeyValue::N(y)) => compare_numbers(x, y).unwrap_or(Ordering::Equal),
                        _ => compare_keys(lo.as_str(), hi.as_str()),
                    };
                    if order == Ordering::Greater {
                        let show =
                            |v: &KeyValue| format!("AttributeValue: {{{}:{}}}", v.attr_type().as_str(), v.as_str());
                        return fail(format!(
                            "{PREFIX}The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: {}, upper bound operand: {}",
                            show(&lo),
                            show(&hi)
                        ));
                    }
                    KeyCondition::Between(lo, hi)
                }
                ConditionKind::BeginsWith(v) => {
                    if table.attribute_type(attr) == Some(AttrType::N) {
                        return fail_at(format!("{PREFIX}Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"), c.at, attr);
                    }
                    KeyCondition::BeginsWith(value_of(attr, v)?)
                }
            };
            Some((attr.to_string(), cond))
        }
        _ => None,
    };
    let scan_index_forward = match obj.get("ScanIndexForward") {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => *b,
        Some(_) => return fail("ScanIndexForward must be true or false"),
    };
    let limit = match obj.get("Limit") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_u64() {
            Some(n) if (1..=u64::from(u32::MAX)).contains(&n) => Some(n as u32),
            _ => return fail("1 validation error detected: Value at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"),
        },
    };
    let exclusive_start_key = match obj.get("ExclusiveStartKey") {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => Some(m.clone()),
        Some(_) => return fail("The provided starting key is invalid"),
    };
    let table_name = obj
        .get("TableName")
        .and_then(Value::as_str)
        .unwrap_or(&table.name)
        .to_string();
    Ok(Query {
        table: table_name,
        index,
        partition: (keys.partition.clone(), pk),
        sort,
        scan_index_forward,
        limit,
        exclusive_start_key,
    })
}
