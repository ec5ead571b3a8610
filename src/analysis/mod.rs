//! What the page shows, computed from the playground by the core. The page memoises
//! each part on what it reads and then calls the same [`assemble`] that
//! [`Playground::analyse`] calls, so the tested path is the shipped one.

use crate::document::{ItemId, Playground, Row};
use keylab::codec::width::WidthPlan;
use keylab::compare::Design;
use keylab::lint::{lint_after, lint_with_keys, Finding};
use keylab::preview::{
    collections_in_order, number_vs_string, overwritten_by, preview_after, Collection, ItemKeys, NumberVsString,
    Preview,
};
use std::rc::Rc;

mod plans;
mod query;
pub mod reads;
pub use plans::Largests;
pub use query::{Band, Hit, Hits, PasteView, QueryView, SHOWN};

/// The parts of an analysis, each computed on its own so the page can keep those whose
/// inputs did not change.
pub struct Parts {
    /// The views that read every item's table keys are still being worked out.
    pub checking: bool,
    pub blocked: Option<String>,
    pub preview: Option<Rc<Preview>>,
    pub checked: (Vec<keylab::Error>, Vec<keylab::Warning>),
    pub plans: Vec<WidthPlan>,
    pub number_field: Option<String>,
    pub number_vs_string: Option<NumberVsString>,
    pub collections: Rc<Vec<Collection>>,
    pub overwritten: Rc<Vec<Option<ItemId>>>,
    pub query: Rc<Result<QueryView, String>>,
    pub pasted: Rc<Option<PasteView>>,
    pub lint: Rc<Vec<Finding>>,
    pub side_by_side: Option<Rc<[Design; 2]>>,
}

/// The analysis from its parts. A setting typed but not applicable stops every view
/// that reads the keys: they show the one line that names it instead.
pub fn assemble(parts: Parts) -> Analysis {
    let open = parts.blocked.is_none();
    Analysis {
        checking: parts.checking,
        preview: parts.preview.filter(|_| open),
        errors: parts.checked.0,
        warnings: parts.checked.1,
        plans: parts.plans,
        query: match &parts.blocked {
            Some(why) => Rc::new(Err(why.clone())),
            None => parts.query,
        },
        pasted: parts.pasted,
        number_field: parts.number_field.filter(|_| open),
        number_vs_string: parts.number_vs_string.filter(|_| open),
        collections: if open { parts.collections } else { Rc::new(Vec::new()) },
        overwritten: if open { parts.overwritten } else { Rc::new(Vec::new()) },
        lint: parts.lint,
        side_by_side: parts.side_by_side.filter(|_| open),
        blocked: parts.blocked,
    }
}

/// Everything the page shows, computed by the core from the state. Components render
/// it and compute nothing.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The views that read every item's table keys (the design check, the query, the
    /// overwritten marks) are worked out a task after the keys, and not yet at first.
    pub checking: bool,
    /// Why nothing is computed: a setting typed but not applicable (see [`Unsettled`]).
    /// The preview, the item collections and the query panel all show this one line.
    pub blocked: Option<String>,
    pub preview: Option<Rc<Preview>>,
    pub errors: Vec<keylab::Error>,
    pub warnings: Vec<keylab::Warning>,
    pub plans: Vec<WidthPlan>,
    /// The query panel's output, or why the pattern cannot become a query. Shared, as
    /// every part is, so a panel compares it by identity (its items run to 100,000).
    pub query: Rc<Result<QueryView, String>>,
    /// The paste box's outcome; `None` while it is empty.
    pub pasted: Rc<Option<PasteView>>,
    /// The field the Number vs String view compares, named even while the view is
    /// closed and not computed.
    pub number_field: Option<String>,
    /// The first numeric sort field's values as a Number key and as a String key.
    pub number_vs_string: Option<NumberVsString>,
    /// The item collections of the index the selected attribute belongs to.
    pub collections: Rc<Vec<Collection>>,
    /// Per row, the later row that overwrites it (same table key).
    pub overwritten: Rc<Vec<Option<ItemId>>>,
    /// What the design linter finds in the design and its sample items.
    pub lint: Rc<Vec<Finding>>,
    /// A multi-attribute GSI beside a concatenated one, when the table has both.
    pub side_by_side: Option<Rc<[Design; 2]>>,
}

/// What the linter read of the items, and the items and entities it read them from.
#[derive(Clone, Debug)]
pub struct LintRead {
    rows: Rc<Vec<Row>>,
    entities: Vec<String>,
    read: keylab::lint::Read,
}

impl Playground {
    /// Every part computed from this playground, assembled as the page assembles it.
    /// Each part sees only the pieces it names in [`reads`], as in the page.
    pub fn analyse(&self) -> Analysis {
        let part = |pieces| self.reads(pieces).work();
        let keys = part(reads::ITEM_KEYS).item_keys();
        let preview = part(reads::PREVIEW).preview_after(None, &keys).map(Rc::new);
        let collections = Rc::new(part(reads::COLLECTIONS).collections(&keys, preview.as_deref()));
        assemble(Parts {
            checking: false,
            blocked: part(reads::BLOCKED).blocked(),
            preview,
            checked: part(reads::CHECKED).schema.check(),
            plans: part(reads::PLANS).plans(),
            number_field: part(reads::NUMBER_FIELD).number_field(),
            number_vs_string: part(reads::NUMBER_VS_STRING).number_vs_string(),
            overwritten: Rc::new(part(reads::OVERWRITTEN).overwritten(&keys)),
            collections,
            query: Rc::new(part(reads::QUERY).query_view(&keys)),
            pasted: Rc::new(part(reads::PASTED).paste_view_read_now(&keys)),
            lint: Rc::new(part(reads::LINT).lint(&keys)),
            side_by_side: part(reads::SIDE_BY_SIDE).side_by_side().map(Rc::new),
        })
    }

    /// Every key attribute's key for every item, encoded once for the views that
    /// read them (the collections, the overwritten items, the linter).
    pub fn item_keys(&self) -> ItemKeys {
        self.item_keys_after(None)
    }

    /// [`Self::item_keys`] after an edit of `earlier`, whose keys they were: only the
    /// keys the edit can have changed are encoded again.
    pub fn item_keys_after(&self, earlier: Option<(&ItemKeys, &Playground)>) -> ItemKeys {
        let before = earlier.map(|(_, p)| p);
        let unchanged = |at: usize| before.is_some_and(|p| self.unchanged_since(p, ItemId(at)));
        let earlier = earlier.map(|(keys, p)| (keys, &*p.schema));
        ItemKeys::after(earlier, &self.schema, &self.samples(), &unchanged)
    }

    /// The design linter over the design and the sample items.
    pub fn lint(&self, keys: &ItemKeys) -> Vec<Finding> {
        lint_with_keys(&self.schema, &self.samples(), keys)
    }

    /// [`Self::lint`], reading again only the items changed since `earlier` (what it
    /// read then), when the items kept their places and the entities their order;
    /// with what it read now.
    pub fn lint_after(&self, keys: &ItemKeys, earlier: Option<&LintRead>) -> (Vec<Finding>, LintRead) {
        let names = |s: &keylab::schema::Schema| s.entities.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        let entities = names(&self.schema);
        let changed = earlier
            .filter(|l| l.entities == entities)
            .and_then(|l| Some((&l.read, self.changed_since(&l.rows)?)));
        let (findings, read) = lint_after(
            &self.schema,
            &self.samples(),
            keys,
            changed.as_ref().map(|(read, changed)| (*read, changed.as_slice())),
        );
        let read = LintRead {
            rows: self.rows.clone(),
            entities,
            read,
        };
        (findings, read)
    }

    /// The query panel's pattern on a multi-attribute GSI beside a concatenated one:
    /// the queried index when it is one of the pair, else the table's first of each;
    /// `None` without one of each.
    pub fn side_by_side(&self) -> Option<[keylab::compare::Design; 2]> {
        let (multi, other) = keylab::compare::candidates(&self.schema);
        let queried = self.query_index().map(str::to_string);
        let pick = |names: &[String]| {
            queried
                .clone()
                .filter(|q| names.contains(q))
                .or_else(|| names.first().cloned())
        };
        let (multi, other) = (pick(&multi)?, pick(&other)?);
        let pattern = self.pattern().ok()?;
        Some(keylab::compare::side_by_side(
            &self.schema,
            &self.samples(),
            &pattern,
            &multi,
            &other,
        ))
    }

    /// One line naming the setting that stops the keys from being computed.
    pub fn blocked(&self) -> Option<String> {
        let (_, u) = self.unsettled.iter().next()?;
        let more = match self.unsettled.len() {
            1 => String::new(),
            n => format!(" ({} more setting(s) to fix)", n - 1),
        };
        Some(format!(
            "Nothing to show until the {} is fixed: {}{more}",
            u.setting, u.problem
        ))
    }

    /// The selected attribute's keys for every item, in DynamoDB's order.
    pub fn preview(&self) -> Option<Preview> {
        self.preview_after(None, &self.item_keys())
    }

    /// [`Self::preview`] from the items' `keys` after an edit of `earlier`, whose
    /// preview it was: sorted from its orders, and keeping the naive keys of the items
    /// the edit left alone.
    pub fn preview_after(&self, earlier: Option<(&Preview, &Playground)>, keys: &ItemKeys) -> Option<Preview> {
        self.entity()?;
        let attribute = self.attribute();
        let column = keys.column(&attribute)?;
        let before = earlier.map(|(_, p)| p);
        let unchanged = |at: usize| before.is_some_and(|p| self.unchanged_since(p, ItemId(at)));
        let earlier = earlier.map(|(preview, p)| (preview, &*p.schema));
        Some(preview_after(
            earlier,
            &self.schema,
            &attribute,
            &self.samples(),
            column,
            &unchanged,
        ))
    }

    /// Whether item `row` is as it was in `earlier`: the same shared values of the same
    /// entity at the same place. (The caller holds `earlier`, so the values' addresses
    /// cannot be reused meanwhile.)
    fn unchanged_since(&self, earlier: &Playground, item: ItemId) -> bool {
        earlier
            .rows
            .get(item.0)
            .zip(self.rows.get(item.0))
            .is_some_and(|(a, b)| a.entity == b.entity && Rc::ptr_eq(&a.values, &b.values))
    }

    pub fn number_field(&self) -> Option<String> {
        Some(
            keylab::preview::number_field(self.entity()?, &self.attribute())?
                .name
                .clone(),
        )
    }

    pub fn number_vs_string(&self) -> Option<NumberVsString> {
        number_vs_string(self.entity()?, &self.attribute(), &self.samples())
    }

    /// Per item, the later item with the same table key, which replaces it in DynamoDB.
    pub fn overwritten(&self, keys: &ItemKeys) -> Vec<Option<ItemId>> {
        let by = overwritten_by(&self.schema, self.rows.len(), keys);
        by.into_iter().map(|later| later.map(ItemId)).collect()
    }

    /// The item collections of the index the edited attribute belongs to. When the
    /// `preview` is of that index's sort key, its order groups them without a sort.
    pub fn collections(&self, keys: &ItemKeys, preview: Option<&Preview>) -> Vec<Collection> {
        let index = self.index_of_attribute();
        let sort = self.key_schema(index.as_deref()).and_then(|k| k.sort.as_deref());
        let order = preview
            .filter(|p| Some(p.attribute.as_str()) == sort)
            .map(|p| p.sorted.as_slice());
        collections_in_order(&self.schema, index.as_deref(), &self.samples(), keys, order)
    }
}

#[cfg(test)]
mod tests;
