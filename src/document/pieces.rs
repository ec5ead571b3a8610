//! The pieces of the work, and what one view of it reads. A part of the analysis names
//! the pieces it reads; those pieces are both its memo key and its only input (the rest
//! of the work it sees is empty), so a memo key cannot leave out an input: a part that
//! read a piece it did not name would compute from an empty one, and its tests would
//! say so.

use super::{EntityId, Playground, QueryDraft, Row, Same, SnippetPrefs};
use keylab::schema::{KeySchema, Schema, Table};
use keylab::Values;

/// One piece of the work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The design: separator, table and entities.
    Schema,
    /// The sample items.
    Items,
    /// Which entity and which key attribute the workbench edits.
    Focus,
    /// The query panel's draft.
    Query,
    /// How the code panel renders the query.
    Snippet,
    /// The width planner's expected maximums.
    Expected,
    /// The text of the paste box.
    Pasted,
    /// The settings typed but not applicable.
    Unsettled,
}

/// The named pieces of one work, compared by identity: equal exactly when none of them
/// was replaced by an edit.
#[derive(Clone, Debug, PartialEq)]
pub struct Reads {
    schema: Option<Same<Schema>>,
    items: Option<Same<Vec<Row>>>,
    focus: Option<(EntityId, String)>,
    query: Option<Same<QueryDraft>>,
    snippet: Option<Same<SnippetPrefs>>,
    expected: Option<Same<Values>>,
    pasted: Option<String>,
    unsettled: Option<Same<super::UnsettledSettings>>,
}

impl Playground {
    /// The `pieces` of this work, to key a memo on and to compute from.
    pub fn reads(&self, pieces: &[Piece]) -> Reads {
        let has = |p: Piece| pieces.contains(&p);
        Reads {
            schema: has(Piece::Schema).then(|| Same(self.schema.clone())),
            items: has(Piece::Items).then(|| Same(self.rows.clone())),
            focus: has(Piece::Focus).then(|| (self.focus.entity, self.focus.attribute.clone())),
            query: has(Piece::Query).then(|| Same(self.query.clone())),
            snippet: has(Piece::Snippet).then(|| Same(self.snippet.clone())),
            expected: has(Piece::Expected).then(|| Same(self.expected.clone())),
            pasted: has(Piece::Pasted).then(|| self.pasted.clone()),
            unsettled: has(Piece::Unsettled).then(|| Same(self.unsettled.clone())),
        }
    }
}

impl Reads {
    /// A work holding these pieces and nothing else: every piece not named is empty.
    pub fn work(&self) -> Playground {
        let (entity, attribute) = self.focus.clone().unwrap_or_default();
        let mut work = Playground::empty(nothing());
        work.focus.entity = entity;
        work.focus.attribute = attribute;
        take(&mut work.schema, &self.schema);
        take(&mut work.rows, &self.items);
        take(&mut work.query, &self.query);
        take(&mut work.snippet, &self.snippet);
        take(&mut work.expected, &self.expected);
        take(&mut work.unsettled, &self.unsettled);
        work.pasted = self.pasted.clone().unwrap_or_default();
        work
    }
}

/// A named piece in place of the empty one.
fn take<T>(into: &mut std::rc::Rc<T>, piece: &Option<Same<T>>) {
    if let Some(Same(piece)) = piece {
        *into = piece.clone();
    }
}

/// The design of a part that does not read the design: no table, no entities.
fn nothing() -> Schema {
    Schema {
        separator: String::new(),
        table: Table {
            name: String::new(),
            attributes: Vec::new(),
            primary: KeySchema::default(),
            indexes: Vec::new(),
        },
        entities: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part that reads a piece it did not name sees it empty, so its tests see the
    /// omission; and a piece is the memo key: replacing it changes the key.
    #[test]
    fn a_view_sees_only_the_pieces_it_names() {
        let p = crate::presets::leaderboard();
        let only_items = p.reads(&[Piece::Items]).work();
        assert_eq!(only_items.rows.len(), p.rows.len());
        assert!(only_items.schema.entities.is_empty() && only_items.query.limit.is_empty());
        let with = p.reads(&[Piece::Schema, Piece::Focus]).work();
        assert_eq!(
            (with.focus.entity, with.attribute(), with.rows.len()),
            (p.focus.entity, p.attribute(), 0)
        );

        let mut edited = p.clone();
        std::rc::Rc::make_mut(&mut edited.query).limit = "3".into();
        assert_eq!(
            p.reads(&[Piece::Schema, Piece::Items]),
            edited.reads(&[Piece::Schema, Piece::Items])
        );
        assert_ne!(p.reads(&[Piece::Query]), edited.reads(&[Piece::Query]));
    }
}
