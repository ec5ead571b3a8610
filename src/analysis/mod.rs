//! What the page shows, computed from the work by the core. Each part is a plain
//! function of exactly the pieces it reads; a [`Session`] runs them edit after edit,
//! keeping each part's result until its arguments change, for the page and the tests
//! alike.

use crate::document::{samples, Focus, ItemId, QueryDraft, Row, Same, UnsettledSettings};
use keylab::codec::width::WidthPlan;
use keylab::compare::Design;
use keylab::lint::{lint_after, Finding};
use keylab::preview::{collections_in_order, overwritten_by, Collection, ItemKeys, NumberVsString, Preview};
use keylab::schema::Schema;
use std::rc::Rc;

mod memo;
mod plans;
mod query;
mod session;
pub use plans::{plans, Largests};
pub(crate) use query::hits;
pub use query::{paste_view, query_view, Band, Hit, Hits, PasteView, QueryView, SHOWN};
pub use session::{Drawn, PasteReader, Session};

/// Everything the page shows, computed by the core from the work. Components render it
/// and compute nothing. Every part is shared and compared by identity: a part that was
/// not worked out again is the same, and comparing 100,000 preview rows by value on
/// every render (a key hovered re-renders the page) is not free.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The views that read every item's table keys (the design check's findings, the
    /// query, the overwritten marks) are worked out a task after the keys, and not yet
    /// at first.
    pub checking: bool,
    /// Why nothing is computed: a setting typed but not applicable (see
    /// [`crate::document::Unsettled`]). The preview, the item collections and the query
    /// panel all show this one line.
    pub blocked: Same<Option<String>>,
    pub preview: Same<Option<Preview>>,
    /// The design check of the schema.
    pub checked: Same<Checked>,
    /// The field the Number vs String view compares, named even while the view is
    /// closed and not computed.
    pub number_field: Same<Option<String>>,
    /// The first numeric sort field's values as a Number key and as a String key.
    pub number_vs_string: Same<Option<NumberVsString>>,
    /// The item collections of the index the selected attribute belongs to.
    pub collections: Same<Vec<Collection>>,
    /// What reads every item's keys or values, worked out a task after the rest.
    pub settled: Settled,
}

/// The parts of the analysis worked out in the task after the keys are drawn: empty
/// until then (see [`Analysis::checking`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The query panel's output, or why the draft cannot become a query.
    pub query: Same<Result<QueryView, String>>,
    /// The paste box's outcome; `None` while it is empty.
    pub pasted: Same<Option<PasteView>>,
    /// Per row, the later row that overwrites it (same table key).
    pub overwritten: Same<Vec<Option<ItemId>>>,
    /// What the design linter finds in the design and its sample items.
    pub lint: Same<Vec<Finding>>,
    /// The width planner of the focused entity's numeric fields.
    pub plans: Same<Vec<WidthPlan>>,
    /// A multi-attribute GSI beside a concatenated one, when the table has both.
    pub side_by_side: Same<Option<[Design; 2]>>,
}

/// What the design check says of the design alone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Checked {
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
}

/// The design check of the schema.
pub fn checked(schema: &Schema) -> Checked {
    let (errors, warnings) = schema.check();
    Checked { errors, warnings }
}

/// Every key attribute's key for every item, encoded once for the views that read them
/// (the collections, the overwritten items, the linter); after an edit of the
/// `earlier` design and items, whose keys they were, only the keys the edit can have
/// changed are encoded again.
pub fn item_keys(schema: &Schema, rows: &[Row], earlier: Option<(&Schema, &[Row], &ItemKeys)>) -> ItemKeys {
    let unchanged = |at: usize| earlier.is_some_and(|(_, before, _)| unchanged_since(before, rows, at));
    let earlier = earlier.map(|(schema, _, keys)| (keys, schema));
    ItemKeys::after(earlier, schema, &samples(schema, rows), &unchanged)
}

/// The focused attribute's keys for every item, in DynamoDB's order; after an edit of
/// the `earlier` design and items, whose preview it was, sorted from its orders and
/// keeping the keys of the items the edit left alone.
pub fn preview(
    schema: &Schema,
    rows: &[Row],
    focus: &Focus,
    keys: &ItemKeys,
    earlier: Option<(&Schema, &[Row], &Preview)>,
) -> Option<Preview> {
    focus.entity(schema)?;
    let attribute = focus.attribute(schema);
    let column = keys.column(&attribute)?;
    let unchanged = |at: usize| earlier.is_some_and(|(_, before, _)| unchanged_since(before, rows, at));
    let earlier = earlier.map(|(schema, _, preview)| (preview, schema));
    Some(keylab::preview::preview_after(
        earlier,
        schema,
        &attribute,
        &samples(schema, rows),
        column,
        &unchanged,
    ))
}

/// Whether the item at `at` is as it was `before`: the same shared values of the same
/// entity at the same place. (The caller holds `before`, so the values' addresses
/// cannot be reused meanwhile.)
fn unchanged_since(before: &[Row], rows: &[Row], at: usize) -> bool {
    (before.get(at).zip(rows.get(at))).is_some_and(|(a, b)| a.entity == b.entity && Rc::ptr_eq(&a.values, &b.values))
}

/// The field the Number vs String view compares: the focused key's first numeric one.
pub fn number_field(schema: &Schema, focus: &Focus) -> Option<String> {
    let field = keylab::preview::number_field(focus.entity(schema)?, &focus.attribute(schema))?;
    Some(field.name.clone())
}

pub fn number_vs_string(schema: &Schema, rows: &[Row], focus: &Focus) -> Option<NumberVsString> {
    keylab::preview::number_vs_string(focus.entity(schema)?, &focus.attribute(schema), &samples(schema, rows))
}

/// Per item, the later item with the same table key, which replaces it in DynamoDB.
pub fn overwritten(schema: &Schema, rows: &[Row], keys: &ItemKeys) -> Vec<Option<ItemId>> {
    let by = overwritten_by(schema, rows.len(), keys);
    by.into_iter().map(|later| later.map(ItemId)).collect()
}

/// The item collections of the index the focused attribute belongs to. When the
/// `preview` is of that index's sort key, its order groups them without a sort.
pub fn collections(
    schema: &Schema,
    rows: &[Row],
    focus: &Focus,
    keys: &ItemKeys,
    preview: Option<&Preview>,
) -> Vec<Collection> {
    let attribute = focus.attribute(schema);
    let index = schema.table.parts(&attribute).next().and_then(|(i, _)| i);
    let sort = schema.table.key_schema(index).and_then(|k| k.sort.as_deref());
    let order = preview
        .filter(|p| Some(p.attribute.as_str()) == sort)
        .map(|p| p.sorted.as_slice());
    collections_in_order(schema, index, &samples(schema, rows), keys, order)
}

/// The design linter over the design and the sample items; after an edit of the
/// `earlier` items (what it read of them then), reading again only the items changed,
/// when the items kept their places and the entities their order.
pub fn lint(
    schema: &Schema,
    rows: &Rc<Vec<Row>>,
    keys: &ItemKeys,
    earlier: Option<(&Schema, &Rc<Vec<Row>>, &keylab::lint::Read)>,
) -> (Vec<Finding>, keylab::lint::Read) {
    let names = |s: &Schema| s.entities.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
    let changed = earlier
        .filter(|(before, _, _)| names(before) == names(schema))
        .and_then(|(_, before, read)| Some((read, plans::changed_since(before, rows)?)));
    let changed = changed.as_ref().map(|(read, changed)| (*read, changed.as_slice()));
    lint_after(schema, &samples(schema, rows), keys, changed)
}

/// The query panel's draft on a multi-attribute GSI beside a concatenated one: the
/// queried index when it is one of the pair, else the table's first of each; `None`
/// without one of each.
pub fn side_by_side(schema: &Schema, rows: &[Row], draft: &QueryDraft) -> Option<[Design; 2]> {
    let (multi, other) = keylab::compare::candidates(schema);
    let on = crate::document::DraftOn { draft, schema, rows };
    let queried = on.query_index().map(str::to_string);
    let pick = |names: &[String]| {
        queried
            .clone()
            .filter(|q| names.contains(q))
            .or_else(|| names.first().cloned())
    };
    let (multi, other) = (pick(&multi)?, pick(&other)?);
    let pattern = on.pattern().ok()?;
    let samples = samples(schema, rows);
    Some(keylab::compare::side_by_side(
        schema, &samples, &pattern, &multi, &other,
    ))
}

/// One line naming the setting that stops the keys from being computed.
pub fn blocked(unsettled: &UnsettledSettings) -> Option<String> {
    let (_, u) = unsettled.iter().next()?;
    let more = match unsettled.len() {
        1 => String::new(),
        n => format!(" ({} more setting(s) to fix)", n - 1),
    };
    Some(format!(
        "Nothing to show until the {} is fixed: {}{more}",
        u.setting, u.problem
    ))
}

#[cfg(test)]
mod tests;
