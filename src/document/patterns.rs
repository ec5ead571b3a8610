//! Saved access patterns: Query inputs kept by name with the work, as the paste box
//! reads them. A person saves what the paste box holds; an imported model's Query
//! patterns (an AWS DynamoDB MCP data model's `access_patterns`) arrive as saved ones.
//! Using one puts it back in the paste box, which checks it and runs it on the items.

use super::Refusal;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// Longest name a saved access pattern may have, in characters.
pub const PATTERN_NAME_MAX: usize = 120;

/// Most access patterns kept with the work: a list longer than a person reads, and a
/// bound on what a hostile saved file or link can make the page draw.
pub const PATTERNS_MAX: usize = 200;

/// A Query input kept by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPattern {
    pub name: String,
    /// The input as the paste box reads it (JSON, a JavaScript object or a Python dict).
    pub input: String,
}

/// A name the page accepts for a new saved pattern, among `saved`: why not, else `Ok`.
pub fn check_pattern_name(name: &str, saved: &[SavedPattern]) -> Result<(), String> {
    let name = name.trim();
    match name.chars().count() {
        0 => Err("name the access pattern first, such as \"A member's loans, newest first\"".into()),
        n if n > PATTERN_NAME_MAX => Err(format!(
            "{n} characters is too long: a pattern's name holds at most {PATTERN_NAME_MAX}"
        )),
        _ if saved.iter().any(|p| p.name == name) => Err(format!(
            "an access pattern is already named {name:?}: pick another name, or remove that one first"
        )),
        _ if saved.len() >= PATTERNS_MAX => Err(format!(
            "{PATTERNS_MAX} access patterns are saved, the most kept: remove one first"
        )),
        _ => Ok(()),
    }
}

/// The saved patterns read from saved work or a link, each checked as a new one is:
/// one whose name is empty, too long or taken, or past [`PATTERNS_MAX`], is left out,
/// and the note says which.
pub fn checked_patterns(read: Vec<SavedPattern>, notes: &mut Vec<String>) -> Vec<SavedPattern> {
    let mut kept: Vec<SavedPattern> = Vec::new();
    let mut left_out = Vec::new();
    for p in read {
        match check_pattern_name(&p.name, &kept) {
            Ok(()) if p.name.trim() == p.name => kept.push(p),
            _ => left_out.push(keylab::elide::quoted(&p.name)),
        }
    }
    if !left_out.is_empty() {
        notes.push(format!(
            "{} saved access pattern(s) were left out (a name empty, over {PATTERN_NAME_MAX} characters or repeated, or past the {PATTERNS_MAX} kept): {}",
            left_out.len(),
            left_out.iter().take(5).cloned().collect::<Vec<_>>().join(", ")
        ));
    }
    kept
}

/// Keeps the paste box's text as an access pattern by this name.
pub(super) fn save(patterns: &mut Rc<Vec<SavedPattern>>, pasted: &str, name: &str) -> Result<(), Refusal> {
    if pasted.trim().is_empty() {
        return Err(Refusal::new(
            "the paste box is empty: paste a Query input, then save it",
        ));
    }
    check_pattern_name(name, patterns).map_err(Refusal::new)?;
    Rc::make_mut(patterns).push(SavedPattern {
        name: name.trim().to_string(),
        input: pasted.to_string(),
    });
    Ok(())
}

/// Puts saved pattern `at` in the paste box.
pub(super) fn use_saved(patterns: &[SavedPattern], pasted: &mut String, at: usize) -> Result<(), Refusal> {
    let pattern = patterns.get(at).ok_or_else(no_pattern)?;
    *pasted = pattern.input.clone();
    Ok(())
}

pub(super) fn remove(patterns: &mut Rc<Vec<SavedPattern>>, at: usize) -> Result<(), Refusal> {
    if at >= patterns.len() {
        return Err(no_pattern());
    }
    Rc::make_mut(patterns).remove(at);
    Ok(())
}

fn no_pattern() -> Refusal {
    Refusal::new("that access pattern is no longer saved")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Action, Playground, QueryEdit};

    fn work() -> Playground {
        crate::presets::leaderboard()
    }

    const INPUT: &str =
        r#"{"KeyConditionExpression": "PK = :pk", "ExpressionAttributeValues": {":pk": {"S": "SEASON#SPRING-2026"}}}"#;

    #[test]
    fn a_pasted_query_is_saved_used_and_removed() {
        let mut p = work();
        p.apply(Action::from(QueryEdit::SetPasted(INPUT.into()))).unwrap();
        p.apply(Action::from(QueryEdit::SavePattern("  A season's runs ".into())))
            .unwrap();
        assert_eq!(
            *p.patterns,
            [SavedPattern {
                name: "A season's runs".into(),
                input: INPUT.into()
            }]
        );
        p.apply(Action::from(QueryEdit::SetPasted(String::new()))).unwrap();
        p.apply(Action::from(QueryEdit::UsePattern(0))).unwrap();
        assert_eq!(p.pasted, INPUT);
        // Saved work keeps it, and reads it back.
        let back = Playground::from_json(&p.to_json()).unwrap();
        assert_eq!(back.patterns, p.patterns);
        p.apply(Action::from(QueryEdit::RemovePattern(0))).unwrap();
        assert!(p.patterns.is_empty());
    }

    #[test]
    fn refusals_say_why_and_change_nothing() {
        let mut p = work();
        let refused = |p: &mut Playground, edit: QueryEdit| {
            let before = p.clone();
            let why = p.apply(Action::from(edit)).unwrap_err().0;
            assert_eq!(*p, before);
            why
        };
        assert!(refused(&mut p, QueryEdit::SavePattern("x".into())).contains("the paste box is empty"));
        p.apply(Action::from(QueryEdit::SetPasted(INPUT.into()))).unwrap();
        assert!(refused(&mut p, QueryEdit::SavePattern(" ".into())).contains("name the access pattern first"));
        let long = "n".repeat(PATTERN_NAME_MAX + 1);
        assert!(refused(&mut p, QueryEdit::SavePattern(long)).contains("too long"));
        p.apply(Action::from(QueryEdit::SavePattern("runs".into()))).unwrap();
        assert!(refused(&mut p, QueryEdit::SavePattern("runs".into())).contains("already named \"runs\""));
        assert!(refused(&mut p, QueryEdit::UsePattern(3)).contains("no longer saved"));
        assert!(refused(&mut p, QueryEdit::RemovePattern(3)).contains("no longer saved"));
    }

    #[test]
    fn hostile_saved_patterns_are_left_out_and_said() {
        let mut doc: serde_json::Value = serde_json::from_str(&work().to_json()).unwrap();
        let mut list = vec![
            serde_json::json!({"name": "ok", "input": "{}"}),
            serde_json::json!({"name": "ok", "input": "{}"}),
            serde_json::json!({"name": "", "input": "{}"}),
            serde_json::json!({"name": "n".repeat(PATTERN_NAME_MAX + 1), "input": "{}"}),
        ];
        list.extend((0..PATTERNS_MAX + 10).map(|n| serde_json::json!({"name": format!("p{n}"), "input": "{}"})));
        doc["patterns"] = serde_json::Value::Array(list);
        let (back, notes) = Playground::read_saved(&doc.to_string()).unwrap();
        assert_eq!(back.patterns.len(), PATTERNS_MAX);
        assert_eq!(back.patterns[0].name, "ok");
        let said = notes.join("\n");
        assert!(said.contains("14 saved access pattern(s) were left out"), "{said}");
    }

    #[test]
    fn a_damaged_saved_pattern_list_is_reset_and_said() {
        let mut doc: serde_json::Value = serde_json::from_str(&work().to_json()).unwrap();
        doc["patterns"] = serde_json::json!([{"name": "a", "input": "{}", "colour": "red"}]);
        let (back, notes) = Playground::read_saved(&doc.to_string()).unwrap();
        assert!(back.patterns.is_empty());
        assert!(
            notes
                .iter()
                .any(|n| n.contains("the saved access patterns: could not be read")),
            "{notes:?}"
        );
    }
}
