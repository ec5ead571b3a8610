//! The item collection: one partition's items of every entity in key order, the parent
//! marked, read forward and backward, and where the parent lands among its children.

use crate::document::{IndexName, ItemId, Items, Same};
use crate::ui::widgets::controls;
use crate::ui::widgets::elided::{shortened, Elided};
use crate::ui::widgets::event_text::event_value;
use crate::ui::{more_note, SHOWN};
use keylab::preview::{Collection, CollectionItem};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CollectionViewProps {
    pub items: Items,
    /// The GSI whose collections these are; `None` for the base table's.
    pub index: Option<IndexName>,
    /// Compared by identity: each holds its partition's keys.
    pub collections: Same<Vec<Collection>>,
    /// Why nothing is shown: a setting typed but not applicable.
    #[prop_or_default]
    pub blocked: Option<String>,
}

/// Partitions offered in the picker; the largest come first.
pub const PARTITIONS: usize = 50;

fn entities_in<'a>(all: &'a Items, items: impl Iterator<Item = &'a CollectionItem>) -> String {
    let mut names: Vec<&str> = Vec::new();
    for name in items.filter_map(|i| all.entity(ItemId(i.row))).map(|e| e.name.as_str()) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        "nothing".into()
    } else {
        names.join(" and ")
    }
}

/// Where the parent sits, and what each reading direction reaches first.
fn summary(all: &Items, c: &Collection) -> String {
    let entities_in = |items: &[CollectionItem]| entities_in(all, items.iter());
    let Some((before, after)) = c.parent_place() else {
        return format!(
            "{} items of {}, and no parent item (one whose sort key holds only partition-key values).",
            c.items.len(),
            entities_in(&c.items)
        );
    };
    format!(
        "The {} parent has {before} item(s) before it ({}) and {after} after it ({}). Read forward, the collection starts with {}; read backward, with {}.",
        entities_in(&c.items[before..=before]),
        entities_in(&c.items[..before]),
        entities_in(&c.items[before + 1..]),
        if before == 0 { "the parent".to_string() } else { format!("its {}", entities_in(&c.items[..1])) },
        if after == 0 { "the parent".to_string() } else { format!("its {}", entities_in(&c.items[c.items.len() - 1..])) },
    )
}

#[function_component]
pub fn CollectionView(props: &CollectionViewProps) -> Html {
    let picked = use_state(|| 0usize);
    let groups = &props.collections;
    let index = &props.index;
    let title = match &index {
        Some(i) => format!("Item collections of index {i}"),
        None => "Item collections".to_string(),
    };
    let Some(c) = groups.get((*picked).min(groups.len().saturating_sub(1))) else {
        return html! {
            <section class="panel" aria-labelledby="collection-title">
                <h2 id="collection-title">{ title }</h2>
                if let Some(why) = &props.blocked {
                    <p class="messages"><span class="error" data-testid="collection-blocked"><Elided text={why.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></span></p>
                } else {
                    <p class="note">{ "No item has both keys of this index yet." }</p>
                }
            </section>
        };
    };
    let select = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(event_value(&e).parse().unwrap_or(0)))
    };
    let list = |items: Vec<&CollectionItem>, testid: &str| {
        html! {
            <ol class="keys" data-testid={testid.to_string()} tabindex="0" aria-label={testid.replace('-', " ")}>
                { for items.into_iter().take(SHOWN).enumerate().map(|(n, i)| html! {
                    <li value={(n + 1).to_string()} data-row={i.row.to_string()} class={classes!(i.parent.then_some("parent"))}>
                        <span class="badge entity">{ shortened(&entities_in(&props.items, std::iter::once(i))) }</span>
                        if i.parent { <strong class="badge parent">{ "parent" }</strong> }
                        <code><Elided text={c.key(i).to_string()} /></code>
                        <span class="values"><Elided text={props.items.text(ItemId(i.row))} /></span>
                    </li>
                }) }
            </ol>
        }
    };
    html! {
        <section class="panel" aria-labelledby="collection-title">
            <h2 id="collection-title">{ title }</h2>
            if groups.len() > 1 {
                { controls::select(
                    "collection-partition",
                    &format!("partition ({} in all)", groups.len()),
                    groups.iter().take(PARTITIONS).enumerate()
                        .map(|(i, g)| (i.to_string(), format!("{} ({} items)", shortened(&g.partition), g.items.len())))
                        .collect(),
                    &picked.to_string(),
                    select,
                ) }
            }
            <p class="note"><code><Elided text={c.partition.clone()} /></code>{ more_note(c.items.len()) }</p>
            <p data-testid="collection-summary">{ summary(&props.items, c) }</p>
            <div class="orders">
                <div>
                    <h3>{ "Forward (ScanIndexForward: true)" }</h3>
                    { list(c.items.iter().collect(), "collection-forward") }
                </div>
                <div>
                    <h3>{ "Backward (ScanIndexForward: false)" }</h3>
                    { list(c.items.iter().rev().collect(), "collection-backward") }
                </div>
            </div>
        </section>
    }
}
