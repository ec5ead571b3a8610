//! The sample items of the selected entity: one row per item, one input per field, each
//! value's errors under it. Long tables draw only the rows in view.

use crate::document::{Action, EntityId, ItemId, Items, ItemsEdit, Same};
use crate::ui::panels::paste_items::PasteItems;
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::messages::Messages;
use crate::ui::widgets::scroll_cue::use_overflows;
use crate::ui::widgets::typed_input::TypedInput;
use keylab::pasted_items::{Columns, PastedInto};
use keylab::preview::Preview;
use keylab::sample::MAX_ITEMS;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SamplesTableProps {
    pub items: Items,
    /// The entity whose items are listed.
    pub entity: EntityId,
    /// The key attribute whose key is shown beside each item.
    pub attribute: AttrValue,
    /// Compared by identity, as the other parts of the analysis: 100,000 keys each.
    pub preview: Same<Option<Preview>>,
    /// Per item, the later item with the same table key, which replaces it.
    #[prop_or_default]
    pub overwritten: Same<Vec<Option<ItemId>>>,
    pub dispatch: Callback<Action>,
    /// The item whose key is hovered or focused in the preview: its row is marked.
    #[prop_or_default]
    pub pointed: Option<ItemId>,
}

/// Above this many rows the table draws only what is in view.
const WINDOWED_FROM: usize = 100;
/// The height the windowed table assumes per row, in CSS pixels (see `.samples.windowed`).
const ROW_PX: usize = 44;
/// Rows drawn around the first visible one.
const WINDOW: usize = 30;

/// One item's row: an input per field with its value's messages, the key it writes
/// with the key's own messages, and its remove button.
fn item_row(props: &SamplesTableProps, columns: &[String], item: ItemId) -> Html {
    let (items, d, r) = (&props.items, &props.dispatch, item.0);
    let preview = props.preview.as_ref();
    let key = preview.and_then(|p| p.key(r));
    let refused = preview.map_or(&[][..], |p| p.errors(r));
    // The words of a warning are written out for the rows drawn, from the column's mark.
    let warned = match preview.filter(|p| p.warns(r)) {
        Some(p) => items.key_warnings(item, &p.attribute),
        None => Vec::new(),
    };
    // A value the other keys refuse is said beside it too, not only in the query panel:
    // a season too long for PK while SK is designed.
    let elsewhere = items.other_field_errors(item, &props.attribute);
    let cells = columns.iter().map(|c| {
        let text = items.value(item, c).unwrap_or_default().to_string();
        let read = {
            let field = c.clone();
            Callback::from(move |text: String| Ok(Action::from(ItemsEdit::SetValue { item, field: field.clone(), text })))
        };
        let on_field = |field: Option<&String>| field.map(String::as_str) == Some(c.as_str());
        let mut errors: Vec<String> = (refused.iter().chain(&elsewhere))
            .filter(|e| !e.is_schema() && on_field(e.context.field.as_ref()))
            .map(|e| e.sentence())
            .collect();
        errors.dedup();
        let warnings: Vec<String> =
            warned.iter().filter(|w| on_field(w.context.field.as_ref())).map(|w| w.sentence()).collect();
        let read_as = items.read_as(item, c).filter(|_| errors.is_empty());
        html! {
            <td>
                <TypedInput id={format!("value-{r}-{c}")} aria_label={format!("{c} of item {}", r + 1)} invalid={!errors.is_empty()} testid={format!("value-{r}-{c}")} chars={text.chars().count().min(40) as u32} value={text} {read} dispatch={d.clone()} />
                if let Some(read_as) = read_as {
                    <span class="field-note" data-testid={format!("value-{r}-{c}-read")}>{ format!("read as {read_as}") }</span>
                }
                <Messages {errors} {warnings} />
            </td>
        }
    });
    let key_errors: Vec<String> = refused
        .iter()
        .filter(|e| !e.is_schema() && e.context.field.is_none())
        .map(|e| e.sentence())
        .collect();
    let key_warnings: Vec<String> = props.overwritten.get(r).copied().flatten().map(|by| format!(
        "Item {by} has the same table key, and DynamoDB keeps only the last write: this item is replaced. Add a unique field (an id or a timestamp) to the key."
    )).into_iter().collect();
    let remove = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::from(ItemsEdit::RemoveRow(item))))
    };
    html! {
        <tr key={r} class={classes!((props.pointed == Some(item)).then_some("pointed"))}>
            <th scope="row">{ r + 1 }</th>
            { for cells }
            <td class="key">
                <code data-testid={format!("key-{r}")}><Elided text={key.unwrap_or("—").to_string()} /></code>
                <Messages errors={key_errors} warnings={key_warnings} />
            </td>
            <td><button type="button" aria-label={format!("remove item {}", r + 1)} onclick={remove}>{ "✕" }</button></td>
        </tr>
    }
}

/// A problem of the design is the same on every row: said once, above the table. Only
/// the items the codec says something of are read.
fn design_errors(preview: Option<&Preview>, items: &Items, entity: EntityId) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let refused = preview.into_iter().flat_map(|p| p.keys.refused());
    for (_, errors) in refused.filter(|(r, _)| items.entity_id(ItemId(*r)) == Some(entity)) {
        for e in errors.iter().filter(|e| e.is_schema()) {
            // The value is one row's; the problem is the design's.
            let mut e = e.clone();
            e.context.value = None;
            let message = e.sentence();
            if !found.contains(&message) {
                found.push(message);
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    found
}

/// What the paste box reads items against: every entity with its fields (the CLI's
/// item lines name theirs), and the one listed here.
fn paste_target(items: &Items, entity: EntityId) -> PastedInto {
    let entities = (0..items.entity_count())
        .map(|at| Columns {
            entity: items
                .entity_at(EntityId(at))
                .map(|e| e.name.clone())
                .unwrap_or_default(),
            fields: items.columns(EntityId(at)),
        })
        .collect();
    PastedInto {
        entities,
        selected: entity.0,
    }
}

/// The "+ item" button and the random items, their count typed and checked.
fn adding(count: &UseStateHandle<String>, dispatch: &Callback<Action>, entity_name: &str) -> Html {
    let add = dispatch.reform(|_: MouseEvent| Action::from(ItemsEdit::AddRow));
    let count_typed = count
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_ITEMS).contains(n));
    let generate = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(count) = count_typed {
                let seed = js_sys::Date::now() as u64;
                d.emit(Action::from(ItemsEdit::Generate { count, seed }));
            }
        })
    };
    let oninput = {
        let count = count.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                count.set(i.value());
            }
        })
    };
    html! {
        <div class="buttons">
            <button type="button" onclick={add}>{ "+ item" }</button>
            <span class="control">
                <label for="generate-count">{ format!("random {entity_name} items (1 to {MAX_ITEMS})") }</label>
                <input id="generate-count" type="number" min="1" max={MAX_ITEMS.to_string()} value={(**count).clone()}
                    aria-invalid={if count_typed.is_some() { "false" } else { "true" }} {oninput} />
            </span>
            <button type="button" onclick={generate} disabled={count_typed.is_none()}>{ format!("Replace {entity_name} items with random ones") }</button>
            if count_typed.is_none() {
                <p class="messages"><span class="error" role="alert">{ format!("{:?} is not a count from 1 to {MAX_ITEMS}: type a whole number in that range.", **count) }</span></p>
            }
        </div>
    }
}

#[function_component]
pub fn SamplesTable(props: &SamplesTableProps) -> Html {
    let first_visible = use_state(|| 0usize);
    let count = use_state(|| "1000".to_string());
    // A table wider than its box (a phone, many fields) says so: its last columns are
    // out of sight, not missing.
    let scroll = use_node_ref();
    let overflows = use_overflows(scroll.clone());
    let items = &props.items;
    let columns = items.columns(props.entity);
    let entity_name = items
        .entity_at(props.entity)
        .map(|e| e.name.clone())
        .unwrap_or_default();
    // Listed once per change of the items or the entity, not on every scroll.
    let rows = use_memo((items.clone(), props.entity), |(items, entity)| {
        items.of_entity(*entity)
    });
    let windowed = rows.len() > WINDOWED_FROM;
    let (from, to) = if windowed {
        let from = first_visible.saturating_sub(5).min(rows.len());
        (from, (from + WINDOW).min(rows.len()))
    } else {
        (0, rows.len())
    };
    let onscroll = {
        let first_visible = first_visible.clone();
        Callback::from(move |e: Event| {
            if let Some(el) = e.target_dyn_into::<web_sys::Element>() {
                first_visible.set(el.scroll_top().max(0) as usize / ROW_PX);
            }
        })
    };
    let spacer = |rows: usize| {
        (rows > 0).then(
            || html! { <tr aria-hidden="true" class="spacer" style={format!("height: {}px", rows * ROW_PX)}></tr> },
        )
    };
    let design_errors = design_errors(props.preview.as_ref(), items, props.entity);
    let others = items.len() - rows.len();
    html! {
        <section class="panel wide" aria-labelledby="samples-title">
            <h2 id="samples-title">{ format!("Sample items: {entity_name}") }</h2>
            <p class="note" data-testid="samples-count">
                { format!("{} {entity_name} item(s)", rows.len()) }
                { if others > 0 { format!(", and {others} item(s) of other entities (pick the entity in the template panel)") } else { String::new() } }
                { if windowed { format!(". Showing items near the scroll position; all {} are in every view.", rows.len()) } else { ".".to_string() } }
                if overflows { <span class="scroll-cue" data-testid="samples-scroll-cue">{ " The table scrolls sideways ⇢" }</span> }
            </p>
            if !design_errors.is_empty() {
                <p class="messages" data-testid="samples-design-errors">
                    { for design_errors.iter().map(|m| html! { <span class="error" role="alert">{ format!("Every item: {m}") }</span> }) }
                </p>
            }
            <div class={classes!("scroll-frame", overflows.then_some("overflows"))}>
            <div class={classes!("table-scroll", windowed.then_some("windowed"))} data-testid="samples-scroll" onscroll={onscroll} ref={scroll}>
                <table class={classes!("samples", windowed.then_some("windowed"))}>
                    <thead><tr>
                        <th scope="col">{ "#" }</th>
                        { for columns.iter().map(|c| html! { <th scope="col">{ c }</th> }) }
                        <th scope="col">{ props.attribute.clone() }</th>
                        <th scope="col"><span class="visually-hidden">{ "remove" }</span></th>
                    </tr></thead>
                    <tbody>
                        { spacer(from).unwrap_or_default() }
                        { for rows[from..to].iter().map(|&r| item_row(props, &columns, r)) }
                        { spacer(rows.len() - to).unwrap_or_default() }
                    </tbody>
                </table>
            </div>
            </div>
            { adding(&count, &props.dispatch, &entity_name) }
            <PasteItems target={paste_target(items, props.entity)} schema={items.shared_schema()} before={items.len()} dispatch={props.dispatch.clone()} />
        </section>
    }
}
