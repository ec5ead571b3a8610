//! The order DynamoDB returns, beside the order a naive (unpadded) design would give.

use crate::analysis::{Band, Hit};
use crate::document::Items;
use crate::ui::panels::collection_view::PARTITIONS;
use crate::ui::panels::query_band::{marks, Marker};
use crate::ui::widgets::byte_view::ByteView;
use crate::ui::widgets::controls;
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::elided::{shortened, Elided};
use crate::ui::widgets::key_segments::{column_widths, KeySegments};
use crate::ui::widgets::scroll_cue::use_overflows;
use crate::ui::{more_note, SHOWN};
use keylab::preview::{Collection, NumberVsString, Preview};
use keylab::schema::{AttrType, Order, Segment};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PreviewPanelProps {
    pub items: Items,
    /// The keys are a sort key's (read within one partition), not a partition key's.
    pub is_sort: bool,
    pub preview: Option<Rc<Preview>>,
    /// The rows the query panel's query returns, page by page, to band.
    #[prop_or_default]
    pub hits: Rc<Vec<Hit>>,
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
    pub overwritten: Rc<Vec<Option<usize>>>,
    /// The item collections of the attribute's index, busiest first: a Query reads one.
    #[prop_or_default]
    pub collections: Rc<Vec<Collection>>,
    /// Why nothing is shown: a setting typed but not applicable.
    #[prop_or_default]
    pub blocked: Option<String>,
    /// Told which item's key the pointer or the focus is on, so its row can be marked.
    #[prop_or_default]
    pub on_point: Callback<Option<usize>>,
    /// The query below, in one line beside the keys (above them, so a long list does not
    /// push it off screen): its KeyConditionExpression and the chosen SDK's code to copy,
    /// so a width change and its query are seen together. When an edit leaves the query
    /// impossible (a bound that no longer fits), the bar says why, here too.
    #[prop_or(Err(String::new()))]
    pub query_bar: Result<QueryBar, String>,
    /// Opens the query's own view, where the pattern is edited.
    #[prop_or_default]
    pub on_edit_query: Callback<()>,
}

/// What the line under the keys shows of the query.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryBar {
    /// The access pattern, by name.
    pub pattern: String,
    pub expression: String,
    /// The chosen target's code, and its name.
    pub code: Option<(String, String)>,
}

/// A line between two keys: a bound of the query or a page break.
/// Up and down arrows walk the keys one by one (one tab stop for the whole list), and
/// the focused key's item is marked like a pointed one.
fn step_focus(e: KeyboardEvent) {
    use wasm_bindgen::JsCast;
    let down = match e.key().as_str() {
        "ArrowDown" => true,
        "ArrowUp" => false,
        _ => return,
    };
    let Some(at) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return;
    };
    let next = if at.tag_name() == "OL" {
        if down {
            at.first_element_child()
        } else {
            at.last_element_child()
        }
    } else {
        match at.closest("li").ok().flatten() {
            Some(li) if down => li.next_element_sibling(),
            Some(li) => li.previous_element_sibling(),
            None => None,
        }
    };
    if let Some(next) = next.and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        e.prevent_default();
        let _ = next.focus();
    }
}

/// What the query returns and how it reads, in one phrase.
fn reading(band: &Band, hits: &[Hit]) -> String {
    let pages = hits.last().map_or(0, |h| h.page);
    let direction = if band.forward { "forward" } else { "backward" };
    let limit = band.limit.map(|n| format!(" · Limit {n}")).unwrap_or_default();
    format!("{} returned · {pages} page(s) · {direction}{limit}", hits.len())
}

/// A bound's value can be as long as a key: the label is cut in the middle like one.
fn marker(m: &Marker) -> Html {
    html! { <span class={classes!("marker", m.kind)} data-testid={m.kind} title={m.text.clone()}><Elided text={m.text.clone()} keep={160} /></span> }
}

/// Said beside a list's heading while the list is wider than its box.
fn scroll_cue(shown: bool, testid: &'static str) -> Html {
    html! { if shown { <span class="scroll-cue" data-testid={testid}>{ " · scroll sideways ⇢" }</span> } }
}

/// Above this share of rows out of order, one count says it better than a badge per row.
const MARKS_AT_MOST: f64 = 0.5;

#[function_component]
pub fn PreviewPanel(props: &PreviewPanelProps) -> Html {
    // The list's own direction, a way of looking at the keys: the query's direction is
    // its ScanIndexForward, said in its line and set in the query panel.
    let from_end = use_state(|| false);
    let keys_list = use_node_ref();
    crate::ui::widgets::flip::use_flip(keys_list.clone());
    let naive_list = use_node_ref();
    let keys_scroll = use_overflows(keys_list.clone());
    let naive_scroll = use_overflows(naive_list.clone());
    // The busiest partition until another is picked (the query's is one click away).
    let picked = use_state(|| None::<usize>);
    let only = use_state(String::new);
    let Some(preview) = &props.preview else {
        return html! { <section class="panel" aria-labelledby="preview-title" id="preview-panel" tabindex="-1">
            <h2 id="preview-title">{ "Keys in query order" }</h2>
            if let Some(why) = &props.blocked {
                <p class="messages"><span class="error" role="alert" data-testid="preview-blocked"><Elided text={why.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></span></p>
            } else {
                <p>{ "No entity to preview." }</p>
            }
        </section> };
    };
    // A sort key's order means something only within one partition: show one, the
    // busiest unless another is picked. A partition key's own preview spans them all.
    let is_sort = props.is_sort;
    let queried = props.band.as_ref().and_then(|b| {
        props
            .collections
            .iter()
            .take(PARTITIONS)
            .position(|c| c.partition == b.partition)
    });
    let chosen = picked.unwrap_or(0);
    let partition = is_sort
        .then(|| {
            props
                .collections
                .get(chosen.min(props.collections.len().saturating_sub(1)))
        })
        .flatten();
    // Bounds and page breaks mean something only on the query's own order.
    let band = props
        .band
        .as_ref()
        .filter(|b| b.attribute == preview.attribute && partition.is_some_and(|c| c.partition == b.partition));
    // The query reads another partition of the keys shown: said in the query's line.
    let elsewhere = props
        .band
        .as_ref()
        .filter(|b| is_sort && b.attribute == preview.attribute && band.is_none());
    let forward = !*from_end;
    let in_partition: Option<std::collections::HashSet<usize>> =
        partition.map(|c| c.items.iter().map(|i| i.row).collect());
    let entity_of = |r: usize| props.items.entity(r).map(|e| e.name.as_str());
    let window = preview.window(|r| {
        in_partition.as_ref().is_none_or(|rows| rows.contains(&r))
            && (only.is_empty() || entity_of(r) == Some(only.as_str()))
    });
    let several = props.items.entity_count() > 1;
    // Each row's key was written by its own entity's template for this attribute.
    let separator = AttrValue::from(props.items.separator().to_string());
    let template_of = |r: usize| props.items.entity(r)?.template(&preview.attribute);
    let segments_of = |r: usize| template_of(r).map_or(0, |t| t.segments.len());
    let values_of = |r: usize| -> String {
        let text = props.items.text(r);
        match props.items.entity(r) {
            Some(e) if several => format!("{}: {text}", e.name),
            _ => text,
        }
    };
    let order_note = match preview.attr_type {
        AttrType::S => "String key: UTF-8 byte order",
        AttrType::N => "Number key: numeric order",
    };
    // Items left out of the order: those the codec refuses are said as errors, where
    // the keys are; those with no template for the attribute are only absent (sparse).
    let refused: Vec<usize> = (0..preview.rows.len())
        .filter(|&r| !preview.rows[r].errors.is_empty())
        .collect();
    let skipped = preview.rows.len().saturating_sub(preview.sorted.len() + refused.len());
    let refused_line = refused.first().map(|&r| {
        let first = preview.rows[r].errors.first().map(|e| e.sentence()).unwrap_or_default();
        let count = refused.len();
        html! {
            <p class="messages" data-testid="preview-refused"><span class="error" role="alert">
                { format!("{count} item(s) cannot be written and are not in this list. Item #{}: ", r + 1) }
                <Elided text={first} keep={crate::ui::widgets::elided::MESSAGE} />
                if count > 1 { { " The Design check lists the others." } }
            </span></p>
        }
    });
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
    // An inverted segment says, on hover, the value it stands for.
    let meanings_of = |r: usize| -> Vec<Option<String>> {
        let (Some(entity), Some(template)) = (props.items.entity(r), template_of(r)) else {
            return Vec::new();
        };
        template
            .segments
            .iter()
            .map(|s| match s {
                Segment::Field(f) => entity
                    .field(f)
                    .filter(|field| field.kind.order() == Order::Desc)
                    .and_then(|_| props.items.value(r, f))
                    .map(|v| format!("{v}, inverted")),
                Segment::Literal(_) => None,
            })
            .collect()
    };
    // The keys shown line up segment by segment.
    let widths = Rc::new(column_widths(
        in_order
            .iter()
            .take(SHOWN)
            .filter_map(|&r| Some((preview.rows[r].key.as_deref()?, segments_of(r)))),
        &separator,
    ));
    let shown: Vec<usize> = in_order.iter().take(SHOWN).copied().collect();
    let row_marks = marks(&shown, &props.hits, band, forward);
    // When every key shown has the same kinds of warning (on the same fields), they are
    // said once above the list, with the first key's as the example.
    let kinds = |r: usize| -> Vec<(&'static str, Option<&str>)> {
        preview.rows[r]
            .warnings
            .iter()
            .map(|w| (w.code(), w.context.field.as_deref()))
            .collect()
    };
    let shared_warnings: Option<Vec<String>> = shown.first().and_then(|&r| {
        let first = kinds(r);
        (!first.is_empty() && shown.len() > 1 && shown[1..].iter().all(|&o| kinds(o) == first))
            .then(|| preview.rows[r].warnings.iter().map(|w| w.sentence()).collect())
    });
    let out_of_order = window.misplaced.iter().filter(|m| **m).count();
    let mark_each = (out_of_order as f64) <= MARKS_AT_MOST * window.misplaced.len() as f64;
    let pick_partition = {
        let picked = picked.clone();
        Callback::from(move |e: Event| picked.set(crate::ui::widgets::event_text::event_value(&e).parse().ok()))
    };
    let pick_entity = {
        let only = only.clone();
        Callback::from(move |e: Event| only.set(crate::ui::widgets::event_text::event_value(&e)))
    };
    let entity_names: Vec<String> = {
        let mut names: Vec<String> = Vec::new();
        for c in partition.into_iter().flat_map(|c| c.items.iter()) {
            if !names.contains(&c.entity) {
                names.push(c.entity.clone());
            }
        }
        names
    };
    let toggle = {
        let from_end = from_end.clone();
        Callback::from(move |e: Event| {
            from_end.set(
                e.target_dyn_into::<web_sys::HtmlInputElement>()
                    .is_some_and(|i| i.checked()),
            )
        })
    };
    let value_of = |r: usize, field: &str| -> String { props.items.value(r, field).unwrap_or_default().to_string() };
    let ontoggle = props.on_compare.reform(|e: Event| {
        e.target_dyn_into::<web_sys::Element>()
            .is_some_and(|d| d.has_attribute("open"))
    });
    let comparison = props.number_field.as_ref().map(|field| html! {
        <details class="number-vs-string" open={props.comparing} {ontoggle}>
            <summary>{ format!("{field} as a Number key vs a String key") }</summary>
            if let Some(c) = &props.number_vs_string {
            <div class="orders" data-testid="number-vs-string">
                <div>
                    <h3>{ "Number (N) sort key: numeric order" }</h3>
                    <ol class="keys">{ for c.as_number.iter().take(SHOWN).enumerate().map(|(n, &r)| html! { <li value={(n + 1).to_string()}><code>{ value_of(r, &c.field) }</code></li> }) }</ol>
                </div>
                <div>
                    <h3>{ "String (S) sort key, unpadded: byte order" }</h3>
                    <ol class="keys">{ for c.as_string.iter().take(SHOWN).enumerate().map(|(n, &r)| html! { <li value={(n + 1).to_string()}><code>{ value_of(r, &c.field) }</code></li> }) }</ol>
                </div>
            </div>
            }
            <p class="note">{ "A Number key sorts numerically but holds one value; a composite key is a String, so its numbers are padded to sort the same way." }</p>
        </details>
    });
    // The fragment carries share links: the link opens the view without touching it.
    let edit_query = props.on_edit_query.reform(|e: MouseEvent| e.prevent_default());
    html! {
        <section class="panel" aria-labelledby="preview-title" id="preview-panel" tabindex="-1">
            // The facts about the list in one wrapping row, so the keys start high enough
            // for a dozen of them to share the screen with the template.
            <div class="preview-facts">
            <h2 id="preview-title">{ format!("{} in query order", preview.attribute) }</h2>
            if let Some(c) = partition {
                <div class="query-controls">
                    if props.collections.len() > 1 {
                        { controls::select(
                            "preview-partition",
                            &format!("partition to show ({} in all)", props.collections.len()),
                            props.collections.iter().take(PARTITIONS).enumerate()
                                .map(|(i, g)| (i.to_string(), format!("{} ({} items)", shortened(&g.partition), g.items.len())))
                                .collect(),
                            &chosen.to_string(),
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
                            &only,
                            pick_entity,
                        ) }
                    }
                </div>
                <span class="note" data-testid="preview-partition-note">
                    { format!("{} of {} item(s) in partition ", in_order.len(), c.items.len()) }<code><Elided text={c.partition.clone()} /></code>
                    // The picker's label says how many partitions there are.
                    { if props.collections.len() > 1 { "; a Query reads one partition" } else { ", the one partition" } }
                </span>
            }
                <span class="note">{ order_note }{ if skipped > 0 { format!(" · {skipped} item(s) have no {} template, so they are not in it", preview.attribute) } else { String::new() } }{ more_note(in_order.len()) }</span>
            </div>
            { refused_line.unwrap_or_default() }
            if let Some(all) = &shared_warnings {
                <div class="messages" data-testid="shared-warnings">
                    <span class="warning">{ format!("Every key shown has {}, as the first one does:", if all.len() == 1 { "this warning" } else { "these warnings" }) }</span>
                    <ul>{ for all.iter().map(|w| html! { <li><Elided text={w.clone()} keep={crate::ui::widgets::elided::MESSAGE} /></li> }) }</ul>
                </div>
            }
            if let Some(why) = props.query_bar.as_ref().err().filter(|w| !w.trim().is_empty()) {
                <p class="query-bar messages" data-testid="query-bar-error"><span class="error">{ "The query cannot be built: " }<Elided text={why.to_string()} keep={crate::ui::widgets::elided::MESSAGE} /></span>{ " " }<a href="#query-panel" class="note" onclick={edit_query.clone()}>{ "fix it below" }</a></p>
            }
            if let Ok(bar) = &props.query_bar {
                <div class="query-bar" data-testid="query-bar">
                    // The bar is also the legend of the highlighted rows: its swatch.
                    <span class="swatch match" aria-hidden="true"></span>
                    <code data-testid="query-bar-expression" aria-label={format!("Query: {}", bar.expression)}>{ &bar.expression }</code>
                    // In the query's line, so a query on another partition costs the keys no room.
                    if let Some(b) = elsewhere {
                        <span class="note" data-testid="band-elsewhere">{ "It reads partition " }<code><Elided text={b.partition.clone()} /></code>{ ". " }
                            if let Some(i) = queried {
                                <button type="button" onclick={{ let picked = picked.clone(); Callback::from(move |_: MouseEvent| picked.set(Some(i))) }}>{ "Show the query's partition" }</button>
                            }
                        </span>
                    } else if let Some(b) = &props.band {
                        <span class="note legend" data-testid="query-bar-reading">{ reading(b, &props.hits) }</span>
                    }
                    if let Some((code, target)) = &bar.code {
                        <CopyButton text={code.clone()} label={format!("Copy {target} code")} />
                    }
                    // The access pattern, by name, is the way to the panel that edits it.
                    <a href="#query-panel" class="note" data-testid="query-bar-pattern" onclick={edit_query.clone()} aria-label={format!("edit the query below: {}", bar.pattern)}>{ format!("{} ↓", bar.pattern) }</a>
                </div>
            }
            <div class="orders">
                <div class={classes!(keys_scroll.then_some("overflows"))}>
                    <h3>{ "keylab keys" }{ scroll_cue(keys_scroll, "keys-scroll-cue") }
                        <span class="control check">
                            <input id="preview-from-end" type="checkbox" title="Only these lists: the query's own direction is its ScanIndexForward, in its line" checked={*from_end} onchange={toggle} />
                            <label for="preview-from-end">{ "list from the end" }</label>
                        </span>
                    </h3>
                    <ol class="keys" data-testid="sorted-keys" tabindex="0" aria-label="keylab keys (arrow keys move between them)" ref={keys_list} onkeydown={Callback::from(step_focus)}>
                        // Each item's number set, not left to the browser: Chromium kept a
                        // stale number ("4." for the one key) after rows left the list.
                        { for shown.iter().zip(&row_marks).enumerate().map(|(n, (&r, m))| html! {
                            <li value={(n + 1).to_string()} data-row={r.to_string()} data-page={m.page.map(|p| p.to_string())} class={classes!(m.page.map(|_| "match"))}
                                onmouseenter={props.on_point.reform(move |_: MouseEvent| Some(r))}
                                onmouseleave={props.on_point.reform(|_: MouseEvent| None)}
                                tabindex="-1" onfocus={props.on_point.reform(move |_: FocusEvent| Some(r))}
                                onblur={props.on_point.reform(|_: FocusEvent| None)}>
                                { for m.before.iter().map(marker) }
                                <code><KeySegments key_text={preview.rows[r].key.clone().unwrap_or_default()} separator={separator.clone()} segments={segments_of(r)} widths={widths.clone()} meanings={meanings_of(r)} /></code>
                                if !preview.rows[r].warnings.is_empty() && shared_warnings.is_none() {
                                    // A disclosure, not a tooltip: touch screens and screen
                                    // readers open it, and the keyboard reaches it.
                                    <details class="row-warnings" data-testid="row-warnings">
                                        <summary class="badge warn">{ format!("{} warning(s)", preview.rows[r].warnings.len()) }</summary>
                                        // Not a list: each key is already a list item.
                                        { for preview.rows[r].warnings.iter().map(|w| html! { <span class="row-warning"><Elided text={w.sentence()} keep={crate::ui::widgets::elided::MESSAGE} /></span> }) }
                                    </details>
                                }
                                { props.overwritten.get(r).copied().flatten().map(|by| html! {
                                    <span class="badge">{ format!("overwritten by #{}", by + 1) }</span>
                                }).unwrap_or_default() }
                                <span class="values" title={shortened(&values_of(r))}><Elided text={values_of(r)} /></span>
                                { for m.after.iter().map(marker) }
                            </li>
                        }) }
                    </ol>
                </div>
                <div class={classes!(naive_scroll.then_some("overflows"))}>
                    <h3>{ "Naive keys (as typed)" }{ scroll_cue(naive_scroll, "naive-scroll-cue") }
                        if !mark_each && out_of_order > 0 {
                            <span class="note" data-testid="out-of-order-count">{ format!("· {out_of_order} of {} out of order", window.misplaced.len()) }</span>
                        }
                    </h3>
                    <ol class="keys naive" data-testid="naive-keys" tabindex="0" aria-label="naive keys" ref={naive_list}>
                        { for naive.iter().take(SHOWN).enumerate().map(|(n, &(r, misplaced))| {
                            // As many blank lines as the query's marks take beside it, so
                            // the two orders stay aligned row for row.
                            let blanks = |marks: Option<&Vec<Marker>>| -> Html {
                                marks.into_iter().flatten().map(|m| html! { <span class={classes!("marker", m.kind, "blank")} aria-hidden="true">{ "\u{a0}" }</span> }).collect()
                            };
                            html! {
                                // The naive key is the values as typed: the rest of them is its title.
                                <li value={(n + 1).to_string()} data-row={r.to_string()} class={classes!(misplaced.then_some("misplaced"))} title={shortened(&values_of(r))}>
                                    { blanks(row_marks.get(n).map(|m| &m.before)) }
                                    <code><Elided text={preview.rows[r].naive.clone()} /></code>
                                    if misplaced && mark_each { <span class="badge">{ "out of order" }</span> }
                                    { blanks(row_marks.get(n).map(|m| &m.after)) }
                                </li>
                            }
                        }) }
                    </ol>
                </div>
            </div>
            { comparison.unwrap_or_default() }
            if preview.attr_type == AttrType::S {
                <ByteView keys={window.sorted.iter().take(SHOWN).filter_map(|&r| preview.rows[r].key.clone()).collect::<Vec<_>>()} />
            }
        </section>
    }
}
