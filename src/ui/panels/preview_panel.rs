//! The order DynamoDB returns, beside the order a naive (unpadded) design would give.

use crate::analysis::{Band, Hits};
use crate::document::{ItemId, Items, Same};
use crate::ui::panels::collection_view::PARTITIONS;
use crate::ui::panels::key_lists::KeyLists;
use crate::ui::panels::number_vs_string::number_vs_string;
use crate::ui::panels::query_band::marks;
pub use crate::ui::panels::query_line::QueryBar;
use crate::ui::panels::query_line::{query_line, Elsewhere, Reads};
use crate::ui::widgets::byte_view::ByteView;
use crate::ui::widgets::controls;
use crate::ui::widgets::elided::{shortened, Elided, MESSAGE};
use crate::ui::widgets::event_text::event_value;
use crate::ui::widgets::scroll_cue::use_overflows;
use crate::ui::{more_note, SHOWN};
use keylab::preview::{Collection, CollectionItem, NumberVsString, Preview, Window};
use keylab::schema::AttrType;
use keylab::wording::counted;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PreviewPanelProps {
    pub items: Items,
    /// The keys are a sort key's (read within one partition), not a partition key's.
    pub is_sort: bool,
    /// The parts of the analysis are compared by identity: 100,000 keys each.
    pub preview: Same<Option<Preview>>,
    /// The rows the query panel's query returns, page by page, to band.
    #[prop_or_default]
    pub hits: Same<Hits>,
    /// The query's order, bounds and direction, drawn on the keys when they are that order.
    #[prop_or_default]
    pub band: Option<Band>,
    #[prop_or_default]
    pub number_vs_string: Option<NumberVsString>,
    /// The field the Number vs String view compares; the view itself is computed only
    /// while it is open.
    #[prop_or_default]
    pub number_field: Option<String>,
    #[prop_or_default]
    pub comparing: bool,
    /// Told when the Number vs String view is opened or closed.
    #[prop_or_default]
    pub on_compare: Callback<bool>,
    /// Per row, the later row with the same table key, which replaces it.
    #[prop_or_default]
    pub overwritten: Same<Vec<Option<ItemId>>>,
    /// The item collections of the attribute's index, busiest first: a Query reads one.
    #[prop_or_default]
    pub collections: Same<Vec<Collection>>,
    /// Why nothing is shown: a setting typed but not applicable.
    #[prop_or_default]
    pub blocked: Option<String>,
    /// Told which item's key the pointer or the focus is on, so its row can be marked.
    #[prop_or_default]
    pub on_point: Callback<Option<ItemId>>,
    /// The query below, in one line beside the keys (above them, so a long list does not
    /// push it off screen): its KeyConditionExpression and the chosen SDK's code to copy,
    /// so a width change and its query are seen together. When an edit leaves the query
    /// impossible (a bound that no longer fits), the bar says why, here too.
    #[prop_or(Err(String::new()))]
    pub query_bar: Result<QueryBar, String>,
    /// Opens the query's own view, where the pattern is edited.
    #[prop_or_default]
    pub on_edit_query: Callback<()>,
    /// Shows another key attribute's keys: the ones the query reads.
    #[prop_or_default]
    pub on_show_attribute: Callback<String>,
}

/// Whether the query reads another key attribute's keys than the list shows, one the
/// list can show instead (a multi-attribute index's fields are no such attribute: its
/// band is the query's reading, said as it is).
fn reads_other_keys(props: &PreviewPanelProps, preview: &Preview) -> bool {
    props.band.as_ref().is_some_and(|b| {
        b.attribute != preview.attribute
            && (props.items.schema().entities.iter()).any(|e| e.template(&b.attribute).is_some())
    })
}

/// The partition a sort key's preview shows, and how it came to be chosen.
struct Shown<'a> {
    /// The collection shown; `None` for a partition key, whose order spans them all.
    partition: Option<&'a Collection>,
    /// Its place among the offered partitions.
    chosen: usize,
    /// The query's partition's place among them, when it is one of them.
    queried: Option<usize>,
}

impl<'a> Shown<'a> {
    /// A sort key's order means something only within one partition: show one, the
    /// busiest unless another is picked.
    fn pick(props: &'a PreviewPanelProps, picked: Option<usize>) -> Shown<'a> {
        let queried = props.band.as_ref().and_then(|b| {
            props
                .collections
                .iter()
                .take(PARTITIONS)
                .position(|c| c.partition == b.partition)
        });
        let chosen = picked.unwrap_or(0);
        let partition = props
            .is_sort
            .then(|| {
                props
                    .collections
                    .get(chosen.min(props.collections.len().saturating_sub(1)))
            })
            .flatten();
        Shown {
            partition,
            chosen,
            queried,
        }
    }

    /// The query's band when it is drawn on these keys (bounds and page breaks mean
    /// something only on the query's own order, in its partition); else, for a sort key,
    /// the other partition it reads, said in the query's line.
    fn band_and_elsewhere(
        &self,
        props: &'a PreviewPanelProps,
        preview: &Preview,
        picked: &UseStateHandle<Option<usize>>,
    ) -> (Option<&'a Band>, Option<Elsewhere>) {
        let Some(b) = props.band.as_ref() else {
            return (None, None);
        };
        // Another key attribute's order: the line says whose keys it reads, never a
        // count of rows that are not in this list.
        if reads_other_keys(props, preview) {
            let (attribute, on) = (b.attribute.clone(), props.on_show_attribute.clone());
            let show = Callback::from(move |_: MouseEvent| on.emit(attribute.clone()));
            return (
                None,
                Some(Elsewhere {
                    reads: Reads::Attribute(b.attribute.clone()),
                    show: Some(show),
                }),
            );
        }
        // A multi-attribute key's band is drawn on no one attribute's keys, but on its
        // sort attributes' the partition shown may still not be the one queried.
        let drawn = b.attribute == preview.attribute;
        if !drawn && !b.tuple.contains(&preview.attribute) {
            return (None, None);
        }
        if self.partition.is_some_and(|c| c.partition == b.partition) {
            return (drawn.then_some(b), None);
        }
        let show = self.queried.map(|i| {
            let picked = picked.clone();
            Callback::from(move |_: MouseEvent| picked.set(Some(i)))
        });
        let elsewhere = props.is_sort.then(|| Elsewhere {
            reads: Reads::Partition(b.partition.clone()),
            show,
        });
        (None, elsewhere)
    }

    /// The entities the shown partition holds, in order of first appearance.
    fn entity_names(&self, items: &Items) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let of = |i: &CollectionItem| items.entity(ItemId(i.row)).map(|e| e.name.clone());
        for name in self.partition.into_iter().flat_map(|c| c.items.iter()).filter_map(of) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}

/// The preview's heading, with the partition and entity pickers and the notes that
/// say what the list holds, in one wrapping row, so the keys start high enough for a
/// dozen of them to share the screen with the template.
fn facts(
    props: &PreviewPanelProps,
    preview: &Preview,
    shown: &Shown,
    listed: usize,
    only: &UseStateHandle<String>,
    picked: &UseStateHandle<Option<usize>>,
) -> Html {
    let order_note = match preview.attr_type {
        AttrType::S => "String key: UTF-8 byte order",
        AttrType::N => "Number key: numeric order",
    };
    // Items with no template for the attribute are only absent (a sparse index); the
    // ones the codec refuses are said as errors.
    let refused = preview.keys.refused().count();
    let skipped = preview.len().saturating_sub(preview.sorted.len() + refused);
    let skipped_note = if skipped > 0 {
        format!(
            " · {skipped} item(s) have no {} template, so they are not in it",
            preview.attribute
        )
    } else {
        String::new()
    };
    let collections = &props.collections;
    let pick_partition = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(event_value(&e).parse().ok()))
    };
    let pick_entity = {
        let only = only.clone();
        Callback::from(move |e: Event| only.set(event_value(&e)))
    };
    let entity_names = shown.entity_names(&props.items);
    html! {
        <div class="preview-facts">
        <h2 id="preview-title">{ format!("{} in query order", preview.attribute) }</h2>
        if let Some(c) = shown.partition {
            <div class="query-controls">
                if collections.len() > 1 {
                    { controls::select(
                        "preview-partition",
                        &format!("partition to show ({} in all)", collections.len()),
                        collections.iter().take(PARTITIONS).enumerate()
                            .map(|(i, g)| (i.to_string(), format!("{} ({})", shortened(&g.partition), counted(g.items.len(), "item", "items"))))
                            .collect(),
                        &shown.chosen.to_string(),
                        pick_partition,
                    ) }
                }
                if entity_names.len() > 1 {
                    { controls::select(
                        "preview-entity",
                        "entity to show",
                        std::iter::once((String::new(), "every entity".to_string()))
                            .chain(entity_names.iter().map(|n| (n.clone(), n.clone())))
                            .collect(),
                        only,
                        pick_entity,
                    ) }
                }
            </div>
            <span class="note" data-testid="preview-partition-note">
                { format!("{listed} of {} item(s) in partition ", c.items.len()) }<code><Elided text={c.partition.clone()} /></code>
                // The picker's label says how many partitions there are.
                { if collections.len() > 1 { "; a Query reads one partition" } else { ", the one partition" } }
            </span>
        }
            <span class="note">{ order_note }{ skipped_note }{ more_note(listed) }</span>
        </div>
    }
}

/// The items the codec refuses are not in the order: said where the keys are.
fn refused_line(preview: &Preview) -> Html {
    let Some((first, why)) = preview.keys.refused().next() else {
        return Html::default();
    };
    let overflows = why.first().and_then(|e| e.kind.width_needed()).is_some();
    let count = preview.keys.refused().count();
    // When values overflow, the item shown is the one that needs the widest width: its
    // fix mends every other overflow too, where the first one's might not.
    let widest = (preview.keys.refused())
        .filter_map(|(r, errors)| Some((errors.first()?.kind.width_needed()?, std::cmp::Reverse(r))))
        .max()
        .map(|(_, std::cmp::Reverse(r))| r);
    let (r, lead) = match widest {
        Some(r) if overflows && count > 1 => (r, format!("The widest value, item #{}: ", r + 1)),
        _ => (first, format!("Item #{}: ", first + 1)),
    };
    let example = preview.errors(r).first().map(|e| e.sentence()).unwrap_or_default();
    html! {
        <p class="messages" data-testid="preview-refused"><span class="error" role="alert">
            { format!("{count} item(s) cannot be written and are not in this list. {lead}") }
            <Elided text={example} keep={MESSAGE} />
            if count > 1 { { " The Design check lists the others." } }
        </span></p>
    }
}

/// The warnings every key shown has, said once above the list.
fn shared_warnings(all: &[String]) -> Html {
    let lead = if all.len() == 1 {
        "this warning"
    } else {
        "these warnings"
    };
    html! {
        <div class="messages" data-testid="shared-warnings">
            <span class="warning">{ format!("Every key shown has {lead}, as the first one does:") }</span>
            <ul>{ for all.iter().map(|w| html! { <li><Elided text={w.clone()} keep={MESSAGE} /></li> }) }</ul>
        </div>
    }
}

/// The panel with no keys to show: a setting typed but not applicable, or no entity.
fn nothing_to_show(blocked: Option<&String>) -> Html {
    html! { <section class="panel" aria-labelledby="preview-title" id="preview-panel" tabindex="-1">
        <h2 id="preview-title">{ "Keys in query order" }</h2>
        if let Some(why) = blocked {
            <p class="messages"><span class="error" role="alert" data-testid="preview-blocked"><Elided text={why.clone()} keep={MESSAGE} /></span></p>
        } else {
            <p>{ "No entity to preview." }</p>
        }
    </section> }
}

/// The keys of the shown partition (every key when none is), of the picked entity
/// when one is.
fn window_of(preview: &Preview, partition: Option<&Collection>, only: &str, items: &Items) -> Window {
    // A mask, not a set: the window asks it once per item, 100,000 times at most.
    let in_partition: Option<Vec<bool>> = partition.map(|c| {
        let mut mask = vec![false; preview.len()];
        for i in &c.items {
            if let Some(m) = mask.get_mut(i.row) {
                *m = true;
            }
        }
        mask
    });
    let entity_of = |r: usize| items.entity(ItemId(r)).map(|e| e.name.as_str());
    preview.window(|r| {
        in_partition
            .as_ref()
            .is_none_or(|mask| mask.get(r).copied().unwrap_or(false))
            && (only.is_empty() || entity_of(r) == Some(only))
    })
}

/// How many rows the two lists share: on a wide screen both lists are one grid, so a
/// key whose values wrap to a second line keeps the naive key at its place beside it.
fn rows_style(rows: usize) -> String {
    format!("--list-rows: {}; --column-rows: {}", rows.max(1), rows.max(1) + 1)
}

#[function_component]
pub fn PreviewPanel(props: &PreviewPanelProps) -> Html {
    // The list's own direction, a way of looking at the keys: the query's direction is
    // its ScanIndexForward, said in its line and set in the query panel.
    let from_end = use_state(|| false);
    let keys_list = use_node_ref();
    let flip = crate::ui::widgets::flip::use_flip(keys_list.clone());
    let naive_list = use_node_ref();
    let keys_scroll = use_overflows(keys_list.clone());
    let naive_scroll = use_overflows(naive_list.clone());
    // The busiest partition until another is picked (the query's is one click away).
    let picked = use_state(|| None::<usize>);
    let only = use_state(String::new);
    let Some(preview) = props.preview.as_ref() else {
        return nothing_to_show(props.blocked.as_ref());
    };
    let shown = Shown::pick(props, *picked);
    let (band, elsewhere) = shown.band_and_elsewhere(props, preview, &picked);
    let forward = !*from_end;
    let window = window_of(preview, shown.partition, &only, &props.items);
    // Reading backward (ScanIndexForward=false) walks the same order from the end.
    let mut in_order = window.sorted.clone();
    let mut naive: Vec<(usize, bool)> = window
        .naive_sorted
        .iter()
        .copied()
        .zip(window.misplaced.iter().copied())
        .collect();
    if !forward {
        in_order.reverse();
        naive.reverse();
    }
    let on_screen: Vec<usize> = in_order.iter().take(SHOWN).copied().collect();
    flip.drawing(&on_screen);
    let row_marks = marks(&on_screen, &props.hits, band, forward);
    let on_rows = on_screen.len();
    let lists = KeyLists::new(
        preview,
        &props.items,
        on_screen,
        row_marks,
        &props.overwritten,
        props.on_point.clone(),
    );
    let toggle = {
        let from_end = from_end.clone();
        Callback::from(move |e: Event| {
            from_end.set(
                e.target_dyn_into::<web_sys::HtmlInputElement>()
                    .is_some_and(|i| i.checked()),
            )
        })
    };
    html! {
        <section class="panel" aria-labelledby="preview-title" id="preview-panel" tabindex="-1">
            { facts(props, preview, &shown, in_order.len(), &only, &picked) }
            { refused_line(preview) }
            { lists.shared_warnings.as_deref().map(shared_warnings).unwrap_or_default() }
            { query_line(&props.query_bar, props.band.as_ref().filter(|_| !reads_other_keys(props, preview)), &props.hits, elsewhere, &props.on_edit_query) }
            <div class="orders" style={rows_style(on_rows.max(naive.len().min(SHOWN)))}>
                { lists.keys_column(keys_scroll, keys_list, *from_end, toggle) }
                { lists.naive_column(&naive, naive_scroll, naive_list) }
            </div>
            { props.number_field.as_deref().map(|field| number_vs_string(field, props.number_vs_string.as_ref(), &props.items, props.comparing, &props.on_compare)).unwrap_or_default() }
            if preview.attr_type == AttrType::S {
                <ByteView keys={window.sorted.iter().take(SHOWN).filter_map(|&r| preview.key(r).map(str::to_string)).collect::<Vec<_>>()} />
            }
        </section>
    }
}
