//! The rules a key condition is held to, in the order DynamoDB checks them.

use super::*;
use grammar::{Expr, Operand};
use lex::Comparator;

/// One condition of the AND chain, in the form DynamoDB checks it.
pub(super) struct Condition {
    pub(super) attribute: String,
    pub(super) at: usize,
    pub(super) kind: ConditionKind,
}

pub(super) enum ConditionKind {
    Compare(Comparator, String),
    Between(String, String),
    BeginsWith(String),
}

pub(super) fn flatten(expr: Expr, out: &mut Vec<Expr>) {
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
pub(super) struct PathRef<'a> {
    pub(super) head: &'a str,
    pub(super) nested: bool,
    pub(super) at: usize,
    pub(super) token: &'a str,
}

pub(super) fn attribute_of(op: &Operand) -> Option<PathRef<'_>> {
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

/// A condition's operands, its kind and where it is, or DynamoDB's refusal of an
/// operator or function a key condition cannot use.
fn operands_of(expr: &Expr) -> Result<(Vec<Operand>, &'static str, usize), ValidationError> {
    Ok(match expr {
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
            (args.clone(), "begins_with", *at)
        }
        Expr::Between { subject, lo, hi, at } => {
            if attribute_of(subject).is_none() {
                return fail_at("Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand", *at, "BETWEEN");
            }
            (vec![subject.clone(), lo.clone(), hi.clone()], "between", *at)
        }
        Expr::Compare { left, right, at, .. } => (vec![left.clone(), right.clone()], "compare", *at),
        // `flatten` takes every AND apart before this runs.
        Expr::And(..) => return fail(format!("{PREFIX}Syntax error; nested AND")),
    })
}

pub(super) fn key_rule(expr: Expr) -> Result<Condition, ValidationError> {
    let (operands, kind_name, at) = operands_of(&expr)?;
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
