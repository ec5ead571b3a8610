//! Words a message is made of: counts, so a message never says "1 entities", and what
//! a JSON value is.

use serde_json::Value;

/// `n` and the noun in its number: `counted(1, "entity", "entities")` is "1 entity".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What a JSON value is, in words: `an array`, for "must be an object, found an array".
pub fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ... `11th`, `21st`.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1, "entity", "entities"), "1 entity");
        assert_eq!(counted(0, "entity", "entities"), "0 entities");
        assert_eq!(counted(3, "item", "items"), "3 items");
    }
}
