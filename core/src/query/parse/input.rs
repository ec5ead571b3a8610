//! The whole Query input: the name and value maps, the expression, the key schema and
//! the values.

use super::*;
use crate::schema::KeySchema;
use grammar::Parser;
use key_rules::{flatten, key_rule, Condition, ConditionKind};
use lex::{tokenize, Comparator, Tok};

pub(super) fn placeholder_key_ok(key: &str, sigil: char) -> bool {
    let mut chars = key.chars();
    chars.next() == Some(sigil) && {
        let rest = chars.as_str();
        !rest.is_empty() && rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    }
}

/// An `ExpressionAttributeNames` / `ExpressionAttributeValues` map: absent, or an object
/// that is not empty and whose keys are `sigil` plus `[A-Za-z0-9_]+`.
pub(super) fn placeholder_map<'a>(
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
/// DynamoDB would against the table's keys, in DynamoDB's order: the name and value
/// maps, the expression, the key schema and the values, then the paging parameters.
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
    members::check(obj, table, names)?;
    let values = placeholder_map(obj, "ExpressionAttributeValues", ':')?;
    check_values(values)?;
    let conditions = key_conditions(expression(obj)?, names, values)?;
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
    let bind = Bind { table, values };
    let equal = |c: &Condition, attr: &str| bind.equal(c, attr);
    let condition = |c: &Condition, attr: &str| bind.condition(c, attr);
    let multi_attribute::KeyConditions {
        partition,
        partition_more,
        sort_leading,
        sort,
    } = if keys.is_multi_attribute() {
        multi_attribute::conditions(keys, index.as_deref(), &conditions, equal, condition)?
    } else {
        single_attribute(keys, index.as_deref(), &conditions, &bind)?
    };
    let Paging {
        scan_index_forward,
        limit,
        exclusive_start_key,
    } = paging(obj)?;
    let table_name = obj
        .get("TableName")
        .and_then(Value::as_str)
        .unwrap_or(&table.name)
        .to_string();
    let query = Query {
        table: table_name,
        index,
        partition,
        partition_more,
        sort_leading,
        sort,
        scan_index_forward,
        limit,
        // A Query input has no such parameter: a reader reads every page.
        max_items: None,
        exclusive_start_key,
    };
    match crate::query::eval::start_key_problem(table, &query) {
        Some(problem) => fail(problem),
        None => Ok(query),
    }
}

/// Each value of `ExpressionAttributeValues` holds exactly one of DynamoDB's types, and
/// an `N` is a number.
fn check_values(values: Option<&Map<String, Value>>) -> Result<(), ValidationError> {
    for (k, v) in values.into_iter().flatten() {
        let one = v.as_object().filter(|o| o.len() == 1);
        match one.and_then(|o| o.iter().next()) {
            Some((t, Value::String(n))) if t == "N" => match Number::parse(n) {
                Ok(_) => {}
                Err(NumberError::NotANumber) => {
                    return fail(format!(
                        "ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: {n} for key {k}"
                    ))
                }
                Err(why) => return fail(format!("ExpressionAttributeValues contains invalid value: {why} for key {k}")),
            },
            Some((t, _)) if crate::query::ATTRIBUTE_VALUE_TYPES.contains(&t.as_str()) => {}
            _ => {
                return fail(format!(
                    "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes for key {k}"
                ))
            }
        }
    }
    Ok(())
}

/// The `KeyConditionExpression`: there, not empty, within DynamoDB's 4 KB.
fn expression(obj: &Map<String, Value>) -> Result<&str, ValidationError> {
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
    Ok(expression)
}

/// The expression's key conditions, one per attribute: parsed, every placeholder used,
/// each part a condition a key allows.
fn key_conditions(
    expression: &str,
    names: Option<&Map<String, Value>>,
    values: Option<&Map<String, Value>>,
) -> Result<Vec<Condition>, ValidationError> {
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
    for (map, all, used) in [
        ("ExpressionAttributeNames", names, &p.used_names),
        ("ExpressionAttributeValues", values, &p.used_values),
    ] {
        let unused: Vec<&String> = all
            .into_iter()
            .flat_map(|m| m.keys())
            .filter(|k| !used.contains(*k))
            .collect();
        if !unused.is_empty() {
            let keys: Vec<&str> = unused.iter().map(|k| k.as_str()).collect();
            return fail(format!(
                "Value provided in {map} unused in expressions: keys: {{{}}}",
                keys.join(", ")
            ));
        }
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
    Ok(conditions)
}

/// A table or index whose keys are one attribute each: the partition key by equality,
/// the sort key by any condition, and no other attribute.
fn single_attribute(
    keys: &KeySchema,
    index: Option<&str>,
    conditions: &[Condition],
    bind: &Bind,
) -> Result<multi_attribute::KeyConditions, ValidationError> {
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
                index.unwrap_or("the table")
            ),
            extra.at,
            &extra.attribute,
        );
    }
    let pk = bind.equal(pk_cond, &keys.partition)?;
    let sort = match (sort_cond, keys.sort.as_deref()) {
        (Some(c), Some(attr)) => Some((attr.to_string(), bind.condition(c, attr)?)),
        _ => None,
    };
    Ok(multi_attribute::KeyConditions {
        partition: (keys.partition.clone(), pk),
        partition_more: Vec::new(),
        sort_leading: Vec::new(),
        sort,
    })
}

/// The input's paging: its direction, page size and where it starts.
struct Paging {
    scan_index_forward: bool,
    limit: Option<u32>,
    exclusive_start_key: Option<Map<String, Value>>,
}

/// `ScanIndexForward`, `Limit` and `ExclusiveStartKey`, each checked as DynamoDB does.
fn paging(obj: &Map<String, Value>) -> Result<Paging, ValidationError> {
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
    Ok(Paging {
        scan_index_forward,
        limit,
        exclusive_start_key,
    })
}

/// The expression's placeholders bound to the value map, read as the table types each
/// key attribute.
struct Bind<'a> {
    table: &'a Table,
    values: Option<&'a Map<String, Value>>,
}

impl Bind<'_> {
    fn value_of(&self, attr: &str, placeholder: &str) -> Result<KeyValue, ValidationError> {
        let t = self.table.attribute_type(attr).unwrap_or(AttrType::S);
        let av = self.values.and_then(|m| m.get(placeholder)).and_then(Value::as_object);
        let text = av.and_then(|o| o.get(t.as_str())).and_then(Value::as_str);
        match text {
            None => fail("One or more parameter values were invalid: Condition parameter type does not match schema type"),
            Some("") => fail(format!("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: {attr}")),
            // Every N in the value map was read as a number above.
            Some(s) => KeyValue::typed(t, s.to_string()).or_else(|why| fail(format!("{why}"))),
        }
    }

    /// A condition that must be equality (a partition key's).
    fn equal(&self, c: &Condition, attr: &str) -> Result<KeyValue, ValidationError> {
        match &c.kind {
            ConditionKind::Compare(Comparator::Eq, v) => self.value_of(attr, v),
            _ => fail("Query key condition not supported"),
        }
    }

    /// A sort key's condition.
    fn condition(&self, c: &Condition, attr: &str) -> Result<KeyCondition, ValidationError> {
        Ok(match &c.kind {
            ConditionKind::Compare(op, v) => {
                let v = self.value_of(attr, v)?;
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
                let (lo, hi) = (self.value_of(attr, a)?, self.value_of(attr, b)?);
                if lo > hi {
                    let show = |v: &KeyValue| format!("AttributeValue: {{{}:{}}}", v.attr_type().as_str(), v.as_str());
                    return fail(format!(
                        "{PREFIX}The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: {}, upper bound operand: {}",
                        show(&lo),
                        show(&hi)
                    ));
                }
                KeyCondition::Between(lo, hi)
            }
            ConditionKind::BeginsWith(v) => {
                if self.table.attribute_type(attr) == Some(AttrType::N) {
                    return fail_at(format!("{PREFIX}Incorrect operand type for operator or function; operator or function: begins_with, operand type: N"), c.at, attr);
                }
                KeyCondition::BeginsWith(self.value_of(attr, v)?)
            }
        })
    }
}
