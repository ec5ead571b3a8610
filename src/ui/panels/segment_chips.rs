//! The template as one row of chips, each in the colour its segment has in every key.
//! A chip is a tab: clicking or focusing it opens its segment's settings in the
//! inspector beside the keys, and the arrow keys walk the chips.

use crate::ui::widgets::key_segments::PALETTE;
use crate::ui::widgets::tabs::{focus, step};
use keylab::schema::Segment;
use yew::prelude::*;

/// The id of chip `i`, which labels the inspector while its segment is open.
pub fn chip_id(i: usize) -> String {
    format!("chip-{i}")
}

#[derive(Properties, PartialEq)]
pub struct SegmentChipsProps {
    pub segments: Vec<Segment>,
    pub separator: AttrValue,
    /// The segment whose settings the inspector shows.
    pub selected: usize,
    pub on_select: Callback<usize>,
}

#[function_component]
pub fn SegmentChips(props: &SegmentChipsProps) -> Html {
    let count = props.segments.len();
    let onkeydown = {
        let (on_select, from) = (props.on_select.clone(), props.selected);
        Callback::from(move |e: KeyboardEvent| {
            let Some(next) = step(&e.key(), from, count) else {
                return;
            };
            e.prevent_default();
            on_select.emit(next);
            focus(&chip_id(next));
        })
    };
    html! {
        <div class="shape" data-testid="template-shape" role="tablist" aria-label="segments of the key (each opens its settings)" {onkeydown}>
            { for props.segments.iter().enumerate().map(|(i, s)| {
                let selected = i == props.selected;
                let choose = props.on_select.reform(move |_| i);
                html! { <>
                    if i > 0 { <span class="sep" aria-hidden="true">{ props.separator.clone() }</span> }
                    // The index is drawn by CSS from data-index, so the text stays the template.
                    <button type="button" role="tab" id={chip_id(i)} aria-selected={selected.to_string()} aria-controls="inspector"
                        tabindex={if selected { "0" } else { "-1" }}
                        class={classes!("chip", "seg", format!("seg-{}", i % PALETTE), selected.then_some("open"))}
                        data-seg={i.to_string()} data-index={(i + 1).to_string()}
                        title={format!("segment {} of the key: its settings", i + 1)}
                        onclick={choose.reform(|_: MouseEvent| ())} onfocus={choose.reform(|_: FocusEvent| ())}>{ s.shown() }</button>
                </> }
            }) }
        </div>
    }
}
