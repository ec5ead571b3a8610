//! The preview's two lists, side by side and aligned row for row: the keys as keylab
//! writes them in the order DynamoDB returns them, and the naive keys (values as typed)
//! in the order they would sort.

use crate::document::{ItemId, Items};
use crate::ui::panels::query_band::{Marker, RowMarks};
use crate::ui::widgets::elided::{shortened, Elided, MESSAGE};
use crate::ui::widgets::key_segments::{column_widths, split, KeySegments, PALETTE};
use crate::ui::SHOWN;
use keylab::codec::inverted_meaning;
use keylab::error::Warning;
use keylab::preview::Preview;
use keylab::schema::{AttrType, KeyTemplate, Order, Segment};
use std::rc::Rc;
use yew::prelude::*;

/// What the two lists draw, worked out once per render of the preview.
pub struct KeyLists<'a> {
    pub preview: &'a Preview,
    pub items: &'a Items,
    /// The rows shown, top to bottom, and what each carries of the query.
    pub shown: Vec<usize>,
    pub marks: Vec<RowMarks>,
    /// Per row, the later row with the same table key, which replaces it.
    pub overwritten: &'a [Option<ItemId>],
    /// Told which item's key the pointer or the focus is on.
    pub on_point: Callback<Option<ItemId>>,
    separator: AttrValue,
    widths: Rc<Vec<usize>>,
    /// The warnings every shown key has, said once above the list.
    pub shared_warnings: Option<Vec<String>>,
    /// The words of each shown key's warnings, in `shown`'s order: written out for the
    /// keys on screen only (the column says which keys warn).
    warnings: Vec<Vec<Warning>>,
}

impl<'a> KeyLists<'a> {
    pub fn new(
        preview: &'a Preview,
        items: &'a Items,
        shown: Vec<usize>,
        marks: Vec<RowMarks>,
        overwritten: &'a [Option<ItemId>],
        on_point: Callback<Option<ItemId>>,
    ) -> KeyLists<'a> {
        let separator = AttrValue::from(items.separator().to_string());
        let mut lists = KeyLists {
            preview,
            items,
            shown,
            marks,
            overwritten,
            on_point,
            widths: Rc::default(),
            separator,
            shared_warnings: None,
            warnings: Vec::new(),
        };
        lists.warnings = (lists.shown.iter())
            .map(|&r| match preview.warns(r) {
                true => items.key_warnings(ItemId(r), &preview.attribute),
                false => Vec::new(),
            })
            .collect();
        // The keys shown line up segment by segment.
        lists.widths = Rc::new(column_widths(
            lists
                .shown
                .iter()
                .filter_map(|&r| Some((preview.key(r)?, lists.segments_of(r)))),
            &lists.separator,
        ));
        lists.shared_warnings = lists.warnings_every_key_has();
        lists
    }

    /// Each row's key was written by its own entity's template for this attribute.
    fn template_of(&self, r: usize) -> Option<&'a KeyTemplate> {
        self.items.entity(ItemId(r))?.template(&self.preview.attribute)
    }

    fn segments_of(&self, r: usize) -> usize {
        self.template_of(r).map_or(0, |t| t.segments.len())
    }

    /// An item's values as one line, named by entity when the design has several.
    pub fn values_of(&self, r: usize) -> String {
        let text = self.items.text(ItemId(r));
        match self.items.entity(ItemId(r)) {
            Some(e) if self.items.entity_count() > 1 => format!("{}: {text}", e.name),
            _ => text,
        }
    }

    /// What each inverted segment of a row's key stands for, read back from the key
    /// itself: an inverted timestamp reads like a broken date and an inverted score like
    /// a huge number. A Number key stores its value plain: nothing there is inverted.
    fn meanings_of(&self, r: usize) -> Vec<Option<Inverted>> {
        let (Some(entity), Some(template)) = (self.items.entity(ItemId(r)), self.template_of(r)) else {
            return Vec::new();
        };
        // Most designs invert nothing: their 500 keys are not split for it.
        let inverts = |s: &Segment| matches!(s, Segment::Field(f) if entity.field(f).is_some_and(|f| f.kind.order() == Order::Desc));
        let parts = match self.preview.attr_type {
            AttrType::S if template.segments.iter().any(inverts) => self
                .preview
                .key(r)
                .and_then(|k| split(k, &self.separator, template.segments.len())),
            _ => None,
        };
        let Some(parts) = parts else {
            return Vec::new();
        };
        (template.segments.iter().zip(parts))
            .map(|(s, part)| match s {
                // The value is read back from behind the segment's label, if it has one.
                Segment::Field(f) => (entity.field(f)).and_then(|field| {
                    Some(Inverted {
                        field: AttrValue::from(f.name.clone()),
                        means: AttrValue::from(inverted_meaning(field, part.strip_prefix(f.prefix.as_str())?)?),
                    })
                }),
                Segment::Literal(_) => None,
            })
            .collect()
    }

    /// When every key shown has the same kinds of warning (on the same fields), they are
    /// said once above the list, with the first key's as the example.
    fn warnings_every_key_has(&self) -> Option<Vec<String>> {
        let kinds = |ws: &[Warning]| -> Vec<(&'static str, Option<String>)> {
            ws.iter().map(|w| (w.code(), w.context.field.clone())).collect()
        };
        let (first, rest) = self.warnings.split_first()?;
        let kind = kinds(first);
        (!kind.is_empty() && !rest.is_empty() && rest.iter().all(|o| kinds(o) == kind))
            .then(|| first.iter().map(|w| w.sentence()).collect())
    }

    /// The keylab list, under its heading with the box that lists it from the end.
    pub fn keys_column(&self, overflows: bool, list: NodeRef, from_end: bool, toggle: Callback<Event>) -> Html {
        html! {
            <div class={classes!(overflows.then_some("overflows"))}>
                <h3>{ "keylab keys" }{ scroll_cue(overflows, "keys-scroll-cue") }
                    <span class="control check">
                        <input id="preview-from-end" type="checkbox" title="Only these lists: the query's own direction is its ScanIndexForward, in its line" checked={from_end} onchange={toggle} />
                        <label for="preview-from-end">{ "list from the end" }</label>
                    </span>
                </h3>
                // One listener per list, not four per row: which key the pointer or the
                // focus is on is read from the row's `data-row`.
                <ol class="keys" data-testid="sorted-keys" tabindex="0" aria-label="keylab keys (arrow keys move between them)" ref={list} onkeydown={Callback::from(step_focus)}
                    onmouseover={self.on_point.reform(|e: MouseEvent| row_of(e.target()))}
                    onmouseleave={self.on_point.reform(|_: MouseEvent| None)}
                    onfocusin={self.on_point.reform(|e: FocusEvent| row_of(e.target()))}
                    onfocusout={self.on_point.reform(|_: FocusEvent| None)}>
                    // Each item's number set, not left to the browser: Chromium kept a
                    // stale number ("4." for the one key) after rows left the list.
                    { for self.shown.iter().zip(&self.marks).enumerate().map(|(n, (&r, m))| self.key_row(n, r, m)) }
                </ol>
            </div>
        }
    }

    /// The naive list: `naive` is every row of the window in naive order, with whether a
    /// different key sits at its place in the real order.
    pub fn naive_column(&self, naive: &[(usize, bool)], overflows: bool, list: NodeRef) -> Html {
        let out_of_order = naive.iter().filter(|(_, m)| *m).count();
        let mark_each = (out_of_order as f64) <= MARKS_AT_MOST * naive.len() as f64;
        html! {
            <div class={classes!(overflows.then_some("overflows"))}>
                <h3>{ "Naive keys (as typed)" }{ scroll_cue(overflows, "naive-scroll-cue") }
                    if !mark_each && out_of_order > 0 {
                        <span class="note" data-testid="out-of-order-count">{ format!("· {out_of_order} of {} out of order", naive.len()) }</span>
                    }
                </h3>
                <ol class="keys naive" data-testid="naive-keys" tabindex="0" aria-label="naive keys" ref={list}>
                    { for naive.iter().take(SHOWN).enumerate().map(|(n, &(r, misplaced))| self.naive_row(n, r, misplaced, mark_each)) }
                </ol>
            </div>
        }
    }

    /// One key of the keylab list, as the row draws it: only what it shows, so a row
    /// whose key, marks and values did not change is not drawn again.
    fn key_row(&self, n: usize, r: usize, m: &RowMarks) -> Html {
        let warnings = self.warnings.get(n).cloned().unwrap_or_default();
        html! {
            <KeyRow n={n} row={ItemId(r)} marks={m.clone()} key_text={AttrValue::from(self.preview.key(r).unwrap_or_default().to_string())}
                separator={self.separator.clone()} segments={self.segments_of(r)} widths={self.widths.clone()} meanings={self.meanings_of(r)}
                warnings={if self.shared_warnings.is_none() { warnings } else { Vec::new() }}
                overwritten_by={self.overwritten.get(r).copied().flatten()} values={AttrValue::from(self.values_of(r))} />
        }
    }

    /// One key of the naive list, at place `n`, with as many blank lines as the query's
    /// marks take beside the keylab key at that place, so the two orders stay aligned.
    fn naive_row(&self, n: usize, r: usize, misplaced: bool, mark_each: bool) -> Html {
        let at = self.marks.get(n);
        let kinds = |marks: Option<&Vec<Marker>>| -> Vec<&'static str> {
            marks.map(|m| m.iter().map(|m| m.kind).collect()).unwrap_or_default()
        };
        html! {
            <NaiveRow n={n} row={ItemId(r)} naive={AttrValue::from(self.preview.naive(r).to_string())} values={AttrValue::from(self.values_of(r))}
                misplaced={misplaced} marked={misplaced && mark_each}
                blanks_before={kinds(at.map(|m| &m.before))} blanks_after={kinds(at.map(|m| &m.after))} />
        }
    }
}

#[derive(Properties, PartialEq)]
struct KeyRowProps {
    /// Its place in the list, from 0.
    n: usize,
    row: ItemId,
    marks: RowMarks,
    key_text: AttrValue,
    separator: AttrValue,
    segments: usize,
    widths: Rc<Vec<usize>>,
    /// Per segment, what it stands for when it is stored inverted.
    meanings: Vec<Option<Inverted>>,
    /// Its own warnings; empty when every key has the same ones (said above the list).
    warnings: Vec<Warning>,
    overwritten_by: Option<ItemId>,
    values: AttrValue,
}

/// One key of the keylab list: its coloured segments, the query's marks around it, its
/// warnings and its values.
#[function_component]
fn KeyRow(p: &KeyRowProps) -> Html {
    let m = &p.marks;
    let open = use_state_eq(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    // Escape closes the warnings, as it closes any disclosure of the page.
    let escape = {
        let open = open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *open {
                open.set(false);
            }
        })
    };
    let warned = !p.warnings.is_empty();
    let text_id = format!("row-warnings-{}", p.row.0);
    html! {
        <li value={(p.n + 1).to_string()} data-row={p.row.0.to_string()} data-page={m.page.map(|p| p.to_string())} class={classes!(m.page.map(|_| "match"))} tabindex="-1">
            { for m.before.iter().map(marker) }
            <code><KeySegments key_text={p.key_text.clone()} separator={p.separator.clone()} segments={p.segments} widths={p.widths.clone()} /></code>
            { for p.meanings.iter().enumerate().filter_map(|(i, m)| Some((i, m.as_ref()?))).map(|(i, m)| inverted_note(i, m)) }
            if warned {
                // A disclosure, not a tooltip: touch screens and screen readers open
                // it, and the keyboard reaches it.
                <button type="button" class="badge warn" aria-expanded={open.to_string()} aria-controls={text_id.clone()} onclick={toggle} onkeydown={escape}>
                    { format!("{} warning(s)", p.warnings.len()) }
                </button>
            }
            if let Some(by) = p.overwritten_by {
                <span class="badge">{ format!("overwritten by {by}") }</span>
            }
            // Under the key and wrapped to the list's box, never cut to an ellipsis: touch
            // and keyboard users have no hover to read a title.
            <span class="values"><Elided text={p.values.to_string()} keep={VALUES_KEEP} /></span>
            if warned {
                // Under the key's line, the width of the list's box: beside the badge, a
                // paragraph ran past the box's edge and over the next key.
                <div class="row-warnings" id={text_id} data-testid="row-warnings" hidden={!*open}>
                    // Not a list: each key is already a list item.
                    { for p.warnings.iter().map(|w| html! { <span class="row-warning"><Elided text={w.sentence()} keep={MESSAGE} /></span> }) }
                </div>
            }
            { for m.after.iter().map(marker) }
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct NaiveRowProps {
    n: usize,
    row: ItemId,
    naive: AttrValue,
    values: AttrValue,
    misplaced: bool,
    /// It carries its own "out of order" badge.
    marked: bool,
    /// The kinds of the query's marks beside the keylab key at this place.
    blanks_before: Vec<&'static str>,
    blanks_after: Vec<&'static str>,
}

/// One key of the naive list: the values as typed, the rest of them its title.
#[function_component]
fn NaiveRow(p: &NaiveRowProps) -> Html {
    let blanks = |kinds: &[&'static str]| -> Html {
        kinds
            .iter()
            .map(|&k| html! { <span class={classes!("marker", k, "blank")} aria-hidden="true">{ "\u{a0}" }</span> })
            .collect()
    };
    html! {
        <li value={(p.n + 1).to_string()} data-row={p.row.0.to_string()} class={classes!(p.misplaced.then_some("misplaced"))} title={shortened(&p.values)}>
            { blanks(&p.blanks_before) }
            <code><Elided text={p.naive.to_string()} /></code>
            if p.marked { <span class="badge">{ "out of order" }</span> }
            { blanks(&p.blanks_after) }
        </li>
    }
}

/// The item of the keylab key an event happened in, read from its row's `data-row`.
fn row_of(target: Option<web_sys::EventTarget>) -> Option<ItemId> {
    use wasm_bindgen::JsCast;
    let element = target?.dyn_into::<web_sys::Element>().ok()?;
    let row = element.closest("li[data-row]").ok()??.get_attribute("data-row")?;
    row.parse().ok().map(ItemId)
}

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

/// A segment stored inverted: its field, and what the stored text stands for.
#[derive(Clone, PartialEq)]
struct Inverted {
    field: AttrValue,
    means: AttrValue,
}

/// Beside the key, what its inverted segment `i` stands for: seen without hover, and
/// read after the key by a screen reader with the segment's field. Its colour and its
/// number are its chip's (colour is never the only cue), so it fits beside the key.
fn inverted_note(i: usize, inverted: &Inverted) -> Html {
    html! {
        <span class="inverted-note" data-testid="inverted-note" data-seg={i.to_string()} data-index={(i + 1).to_string()} style={format!("color: var(--seg-{})", i % PALETTE)}>
            <span class="visually-hidden">{ format!("<{}> ", inverted.field) }</span>
            { format!("inverted · {}", inverted.means) }
        </span>
    }
}

/// Characters of an item's values shown under its key before the middle is cut (with
/// a button to all of it): two lines of the list at 1280 pixels.
const VALUES_KEEP: usize = 240;

/// Said beside a list's heading while the list is wider than its box.
fn scroll_cue(shown: bool, testid: &'static str) -> Html {
    html! { if shown { <span class="scroll-cue" data-testid={testid}>{ " · scroll sideways ⇢" }</span> } }
}

/// Above this share of rows out of order, one count says it better than a badge per row.
const MARKS_AT_MOST: f64 = 0.5;

/// A bound's value can be as long as a key: the label is cut in the middle like one.
fn marker(m: &Marker) -> Html {
    html! { <span class={classes!("marker", m.kind)} data-testid={m.kind} title={m.text.clone()}><Elided text={m.text.clone()} keep={160} /></span> }
}
