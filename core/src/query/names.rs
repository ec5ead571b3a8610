//! Attribute-name rules: DynamoDB's 573 reserved words, and which names may appear in
//! an expression without an `ExpressionAttributeNames` alias.

/// One word per line, upper-case, as listed in
/// <https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ReservedWords.html>.
/// The file holds nothing else: the page carries every byte of it.
const WORDS: &str = include_str!("reserved_words.txt");

/// The reserved words, upper-case, from the shipped data file.
pub fn reserved_words() -> impl Iterator<Item = &'static str> {
    WORDS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// Whether DynamoDB reserves `name` (case-insensitively).
pub fn is_reserved(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    reserved_words().any(|w| w == upper)
}

/// Whether `name` can stand in an expression as it is: `[A-Za-z][A-Za-z0-9_]*`
/// (DynamoDB accepts underscores too) and not a reserved word.
pub fn usable_unaliased(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !is_reserved(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_has_all_573_words() {
        assert_eq!(reserved_words().count(), 573);
        let mut sorted: Vec<&str> = reserved_words().collect();
        sorted.dedup();
        assert_eq!(sorted.len(), 573, "no duplicates");
        for w in ["NAME", "STATUS", "TIMESTAMP", "DATE", "DATA", "ABORT", "ZONE"] {
            assert!(is_reserved(w) && is_reserved(&w.to_lowercase()), "{w}");
        }
        assert!(!is_reserved("PK") && !is_reserved("score"));
    }

    #[test]
    fn alias_rules() {
        assert!(usable_unaliased("PK") && usable_unaliased("GSI1SK") && usable_unaliased("player_id"));
        for name in ["name", "Status", "1abc", "my-attr", "a.b", "", "#pk"] {
            assert!(!usable_unaliased(name), "{name}");
        }
    }
}
