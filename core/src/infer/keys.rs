//! Which attributes are the table's keys, and what joins their segments: read off the
//! items when nobody said.

use crate::migrate::stored::{Attribute, StoredItem};

/// The table's key attributes: the primary key and each index's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableKeys {
    pub partition: String,
    pub sort: Option<String>,
    /// Each index: its name, partition attribute and sort attribute.
    pub indexes: Vec<(String, String, Option<String>)>,
}

impl TableKeys {
    /// Every key attribute, the table's first, each once.
    pub fn attributes(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        let all = std::iter::once(self.partition.as_str())
            .chain(self.sort.as_deref())
            .chain(
                self.indexes
                    .iter()
                    .flat_map(|(_, p, s)| std::iter::once(p.as_str()).chain(s.as_deref())),
            );
        for a in all {
            if !out.contains(&a) {
                out.push(a);
            }
        }
        out
    }
}

/// The names single-table designs give their keys, tried in this order.
const PARTITION_NAMES: [&str; 4] = ["PK", "pk", "Pk", "partitionKey"];
const SORT_NAMES: [&str; 4] = ["SK", "sk", "Sk", "sortKey"];

/// The table's keys as their names suggest: `PK`/`SK` (any case) in every item, and each
/// `GSI<n>PK`/`GSI<n>SK` pair (any case) as index `GSI<n>`.
pub fn guess(items: &[StoredItem]) -> Result<TableKeys, String> {
    let in_every = |name: &str| !items.is_empty() && items.iter().all(|i| i.get(name).is_some());
    let partition = PARTITION_NAMES.iter().find(|n| in_every(n)).ok_or(
        "no attribute named PK (or pk, partitionKey) is in every item: name the table's keys \
         with --partition and --sort",
    )?;
    let sort = SORT_NAMES
        .iter()
        .find(|n| items.iter().all(|i| i.get(n).is_some()))
        .map(|s| s.to_string());
    let mut names: Vec<&str> = items.iter().flat_map(|i| i.0.iter().map(|(n, _)| n.as_ref())).collect();
    crate::codec::order::sort_texts(&mut names);
    names.dedup();
    let mut indexes = Vec::new();
    for name in &names {
        let upper = name.to_ascii_uppercase();
        let Some(index) = upper.strip_suffix("PK").filter(|i| is_index_name(i)) else {
            continue;
        };
        let stem = &name[..index.len()];
        let sort = names
            .iter()
            .find(|n| n.len() == name.len() && n.to_ascii_uppercase() == format!("{index}SK"))
            .map(|s| s.to_string());
        indexes.push((stem.to_string(), name.to_string(), sort));
    }
    Ok(TableKeys {
        partition: partition.to_string(),
        sort,
        indexes,
    })
}

/// `GSI1`, `LSI2`, `GSI`: an index's name as single-table designs write it.
fn is_index_name(upper: &str) -> bool {
    ["GSI", "LSI"].iter().any(|p| {
        upper
            .strip_prefix(p)
            .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The separators single-table designs use, the most usual first.
const SEPARATORS: [&str; 5] = ["#", "|", ":", "~", "/"];

/// The separator found in the most string keys (the first of equals); `#` when none is.
pub fn separator(items: &[StoredItem], keys: &TableKeys) -> String {
    let attributes = keys.attributes();
    let count = |sep: &str| {
        items
            .iter()
            .flat_map(|i| attributes.iter().filter_map(|a| i.get(a)))
            .filter(|a| matches!(a, Attribute::S(s) if s.contains(sep)))
            .count()
    };
    let mut best = ("#", 0);
    for sep in SEPARATORS {
        let n = count(sep);
        if n > best.1 {
            best = (sep, n);
        }
    }
    best.0.to_string()
}

/// A key's segments: its text split at the separator, with a leading separator kept on
/// the segment after it (`#READING#12` is `#READING`, `12`), as a literal may start
/// with the separator.
pub fn segments<'k>(key: &'k str, separator: &str) -> Vec<&'k str> {
    let mut parts: Vec<&str> = key.split(separator).collect();
    if parts.len() > 1 && parts[0].is_empty() {
        let first = &key[..separator.len() + parts[1].len()];
        parts.splice(0..2, [first]);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(lines: &[&'static str]) -> Vec<StoredItem<'static>> {
        lines.iter().map(|l| StoredItem::parse(l).unwrap()).collect()
    }

    #[test]
    fn keys_are_guessed_from_their_names_and_indexes_paired() {
        let found = guess(&items(&[
            r#"{"PK": {"S": "A"}, "SK": {"S": "B"}, "GSI1PK": {"S": "C"}, "GSI1SK": {"S": "D"}, "gsi2pk": {"S": "E"}}"#,
            r#"{"PK": {"S": "A"}, "SK": {"S": "C"}}"#,
        ]))
        .unwrap();
        assert_eq!(found.partition, "PK");
        assert_eq!(found.sort.as_deref(), Some("SK"));
        assert_eq!(
            found.indexes,
            vec![
                ("GSI1".into(), "GSI1PK".into(), Some("GSI1SK".into())),
                ("gsi2".into(), "gsi2pk".into(), None)
            ]
        );
        assert!(guess(&items(&[r#"{"id": {"S": "A"}}"#]))
            .unwrap_err()
            .contains("--partition"));
    }

    #[test]
    fn the_most_used_separator_wins_and_a_leading_one_stays_on_its_segment() {
        let these = items(&[
            r#"{"PK": {"S": "A|B"}, "SK": {"S": "x#y|z"}}"#,
            r#"{"PK": {"S": "C|D"}}"#,
        ]);
        let keys = TableKeys {
            partition: "PK".into(),
            sort: Some("SK".into()),
            indexes: vec![],
        };
        assert_eq!(separator(&these, &keys), "|");
        assert_eq!(segments("#READING#12", "#"), vec!["#READING", "12"]);
        assert_eq!(segments("DEVICE#d1", "#"), vec!["DEVICE", "d1"]);
        assert_eq!(segments("", "#"), vec![""]);
        assert_eq!(segments("#", "#"), vec!["#"]);
    }
}
