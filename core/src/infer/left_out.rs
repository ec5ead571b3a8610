//! What a file declares that the design read from it leaves out, as a value: the note
//! is its sentence, `keylab import` exits 6 on it, and the tests hold it against the
//! design, so the three cannot disagree. Each part is named as the file names it (an
//! entity's `model.entity`, a GSI's `index`, a facet's `FacetName`), never by a path
//! into keylab's own design document.

use crate::schema::{Entity, Schema};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A part of a file the design leaves out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// An entity, with what the file calls it: an ElectroDB `entity`, a OneTable
    /// `model`, a Workbench `facet`.
    Entity { kind: &'static str, name: String },
    /// An entity of a name another entity the design holds has already; `place` says
    /// which one it is in the file (`the 3rd in the file`).
    Repeated {
        kind: &'static str,
        name: String,
        place: String,
    },
    /// An index of the table: not in the design's table at all.
    Index { name: String },
    /// One entity's keys on one index: the entity is kept, outside that index.
    EntityIndex {
        kind: &'static str,
        entity: String,
        index: String,
        /// The key attributes the entity would have written for it.
        keys: Vec<String>,
        /// The access pattern the file declares the index under (ElectroDB's
        /// `indexes` name), when it has one.
        pattern: Option<String>,
    },
}

/// A part left out, and why, in the file's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Omission {
    pub part: Part,
    pub reason: String,
}

impl fmt::Display for Omission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.part {
            Part::Entity { kind, name } => write!(f, "{kind} {name} is left out: {}", self.reason),
            Part::Repeated { kind, name, place } => write!(f, "{kind} {name} ({place}) is left out: {}", self.reason),
            Part::Index { name } => write!(f, "index {name} is left out: {}", self.reason),
            Part::EntityIndex {
                kind,
                entity,
                index,
                keys,
                pattern,
            } => {
                let pattern = pattern
                    .as_ref()
                    .map(|p| format!(" (access pattern {p})"))
                    .unwrap_or_default();
                let keys = match keys.len() {
                    0 => String::new(),
                    1 => format!(", and its key {} with it", keys[0]),
                    _ => format!(", and its keys {} with it", and_list(keys)),
                };
                write!(
                    f,
                    "{kind} {entity}: index {index}{pattern} is left out{keys}: {}",
                    self.reason
                )
            }
        }
    }
}

impl Omission {
    /// The part in a few words, for a summary line: `entity order`, `index gsi2 of model User`.
    pub fn name(&self) -> String {
        match &self.part {
            Part::Entity { kind, name } => format!("{kind} {name}"),
            Part::Repeated { kind, name, place } => format!("{kind} {name} ({place})"),
            Part::Index { name } => format!("index {name}"),
            Part::EntityIndex {
                kind, entity, index, ..
            } => format!("index {index} of {kind} {entity}"),
        }
    }

    /// What of the part `schema` holds, if any: `None` when it is indeed left out.
    pub fn held_by(&self, schema: &Schema) -> Option<String> {
        self.absent_from(schema).err()
    }

    fn absent_from(&self, schema: &Schema) -> Result<(), String> {
        match &self.part {
            Part::Entity { name, .. } => match schema.entity(name) {
                Some(_) => Err(format!("the design holds entity {name}")),
                None => Ok(()),
            },
            Part::Repeated { name, .. } => match schema.entities.iter().filter(|e| e.name == *name).count() {
                0 | 1 => Ok(()),
                n => Err(format!("the design holds {n} entities {name}")),
            },
            Part::Index { name } => match schema.table.indexes.iter().any(|i| i.name == *name) {
                true => Err(format!("the design's table holds index {name}")),
                false => Ok(()),
            },
            Part::EntityIndex {
                entity, index, keys, ..
            } => {
                let Some(e) = schema.entity(entity) else {
                    return Ok(());
                };
                match (keys.iter()).find(|k| e.template(k).is_some() && !kept_elsewhere(schema, e, index, k)) {
                    Some(k) => Err(format!("entity {entity} still writes {k}, a key of index {index}")),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Whether `entity` writes `attribute` for the table's own key or for another index it
/// writes whole: then the template is that key's, not the one left out.
fn kept_elsewhere(schema: &Schema, entity: &Entity, left: &str, attribute: &str) -> bool {
    let table = &schema.table;
    let whole = |attributes: Vec<&str>| {
        attributes.contains(&attribute) && attributes.iter().all(|a| entity.template(a).is_some())
    };
    whole(
        table
            .primary
            .partition_attributes()
            .chain(table.primary.sort_attributes())
            .collect(),
    ) || (table.indexes.iter())
        .filter(|i| i.name != left)
        .any(|i| whole(i.keys.partition_attributes().chain(i.keys.sort_attributes()).collect()))
}

/// How many parts of each kind a reading left out, in the order the kinds are first
/// met: what a status line says when the notes list them (`1 facet`, `2 models and 1
/// index`). An index left out of one entity counts as an index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally(pub Vec<(String, usize)>);

impl Tally {
    pub fn of(parts: &[Omission]) -> Tally {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for part in parts {
            let noun = match &part.part {
                Part::Entity { kind, .. } | Part::Repeated { kind, .. } => kind,
                Part::Index { .. } | Part::EntityIndex { .. } => "index",
            };
            match counts.iter_mut().find(|(n, _)| n == noun) {
                Some((_, count)) => *count += 1,
                None => counts.push((noun.to_string(), 1)),
            }
        }
        Tally(counts)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `1 facet`, `2 models and 1 index`: the counts, each noun in its number.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let said: Vec<String> = (self.0.iter())
            .map(|(noun, n)| match (noun.as_str(), n) {
                (_, 1) => format!("1 {noun}"),
                ("entity", n) => format!("{n} entities"),
                ("index", n) => format!("{n} indexes"),
                (_, n) => format!("{n} {noun}s"),
            })
            .collect();
        f.write_str(&and_list(&said))
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

pub use crate::wording::ordinal;

/// The notes of a reading and the parts it left out, each part said once: its note is
/// its sentence, pushed when it is left out.
#[derive(Clone, Debug, Default)]
pub struct Said {
    pub notes: Vec<String>,
    pub left_out: Vec<Omission>,
}

impl Said {
    pub fn note(&mut self, note: impl Into<String>) {
        self.notes.push(note.into());
    }

    pub fn leave_out(&mut self, omission: Omission) {
        if !self.left_out.contains(&omission) {
            self.notes.push(omission.to_string());
            self.left_out.push(omission);
        }
    }

    /// Keeps only the omissions `design` (used instead of the one read, such as the
    /// design a keylab-written file carries) also leaves out, with their notes: what it
    /// holds is not left out.
    pub fn held_against(&mut self, design: &Schema) {
        let (kept, held): (Vec<Omission>, Vec<Omission>) =
            (self.left_out.drain(..)).partition(|o| o.held_by(design).is_none());
        let held: Vec<String> = held.iter().map(Omission::to_string).collect();
        self.notes.retain(|n| !held.contains(n));
        self.left_out = kept;
    }
}

/// Holds a reading's notes and omissions against its design, as every reader's tests
/// do: each part said left out is absent from the design and said once; every note that
/// says a part is left out is one of the parts; a field said to be in no key is not one
/// of the entity's; and the design is one keylab's document reader takes.
#[cfg(test)]
pub fn assert_held(schema: &Schema, notes: &[String], left_out: &[Omission]) {
    let all = notes.join("\n");
    for o in left_out {
        if let Some(why) = o.held_by(schema) {
            panic!("{o}\nbut {why}\n{all}");
        }
        let said = notes.iter().filter(|n| **n == o.to_string()).count();
        assert_eq!(said, 1, "said {said} times: {o}\n{all}");
    }
    for note in notes.iter().filter(|n| n.contains(" is left out")) {
        assert!(
            left_out.iter().any(|o| o.to_string() == *note),
            "a part is said left out, with no record of it: {note}\n{all}"
        );
    }
    for note in notes {
        let Some((owner, fields)) = note.split_once(": left out: ") else {
            continue;
        };
        let Some(entity) = owner.split_once(' ').and_then(|(_, n)| schema.entity(n)) else {
            continue;
        };
        let fields = fields.split(" (").next().unwrap_or_default();
        for f in fields.split(", ") {
            assert!(
                entity.field(f).is_none(),
                "{f} is said in no key, but is a field: {note}"
            );
        }
    }
    if let Err(e) = Schema::from_value(&schema.to_value()) {
        panic!("the design is refused: {e}\n{all}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_part_is_said_in_the_files_terms() {
        let o = Omission {
            part: Part::EntityIndex {
                kind: "entity",
                entity: "customer".into(),
                index: "gsi2".into(),
                keys: vec!["tier".into(), "name".into()],
                pattern: Some("top".into()),
            },
            reason: "tier is written two ways".into(),
        };
        assert_eq!(
            o.to_string(),
            "entity customer: index gsi2 (access pattern top) is left out, and its keys tier and name with it: tier is written two ways"
        );
        assert_eq!(o.name(), "index gsi2 of entity customer");
        assert_eq!(and_list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
    }

    #[test]
    fn a_part_is_said_once() {
        let mut said = Said::default();
        let o = Omission {
            part: Part::Index { name: "ls1".into() },
            reason: "a local index".into(),
        };
        said.leave_out(o.clone());
        said.leave_out(o);
        assert_eq!(said.notes, ["index ls1 is left out: a local index"]);
        assert_eq!(said.left_out.len(), 1);
    }

    #[test]
    fn the_parts_left_out_are_counted_by_kind() {
        let part = |part: Part| Omission {
            part,
            reason: String::new(),
        };
        let model = |name: &str| Part::Entity {
            kind: "model",
            name: name.into(),
        };
        let parts = [
            part(model("A")),
            part(Part::Index { name: "ls1".into() }),
            part(model("B")),
            part(Part::EntityIndex {
                kind: "model",
                entity: "C".into(),
                index: "gsi2".into(),
                keys: Vec::new(),
                pattern: None,
            }),
        ];
        assert_eq!(Tally::of(&parts).to_string(), "2 models and 2 indexes");
        assert_eq!(Tally::of(&parts[1..2]).to_string(), "1 index");
        let entities = [part(Part::Entity {
            kind: "entity",
            name: "a".into(),
        })];
        assert_eq!(
            Tally::of(&[entities[0].clone(), entities[0].clone()]).to_string(),
            "2 entities"
        );
        assert!(Tally::of(&[]).is_empty());
    }
}
