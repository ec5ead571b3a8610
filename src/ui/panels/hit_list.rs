//! The rows a query returns, in the order DynamoDB returns them, with page numbers.

use crate::analysis::Hits;
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::scroll_cue::use_overflows;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HitListProps {
    pub hits: crate::document::Same<Hits>,
    pub testid: AttrValue,
    /// The first N items the pattern promises, where the reader stopped.
    #[prop_or_default]
    pub first: Option<u32>,
}

/// The sentence above the list: how many items, over how many pages, and the first N
/// when the pattern promises them (the list stops there, wherever a page ends).
pub fn summary(hits: &Hits, first: Option<u32>) -> String {
    let pages = match hits.pages() {
        1 => "in one page".to_string(),
        p => format!("over {p} pages (Limit)"),
    };
    match (hits.len(), first) {
        (0, _) => "No sample item matches.".to_string(),
        (n, Some(wanted)) if n >= wanted as usize => {
            format!("The first {n} sample item(s), {pages}: the reader stops there.")
        }
        (n, Some(wanted)) => format!("{n} sample item(s) match, fewer than the first {wanted}, {pages}."),
        (n, None) => format!("{n} sample item(s) match, {pages}."),
    }
}

#[function_component]
pub fn HitList(props: &HitListProps) -> Html {
    let summary = summary(&props.hits, props.first);
    // A returned key never breaks: its list scrolls sideways, and says so when it does.
    let list = use_node_ref();
    let overflows = use_overflows(list.clone());
    html! {
        <div class="hits">
            <p class="note">
                { summary }{ crate::ui::more_note(props.hits.len()) }
                if overflows { <span class="scroll-cue" data-testid={format!("{}-scroll-cue", props.testid)}>{ " The keys scroll sideways ⇢" }</span> }
            </p>
            <div class={classes!("scroll-frame", overflows.then_some("overflows"))}>
            // Focusable: a long key scrolls the list sideways, and a keyboard must reach it.
            <ol class="keys" ref={list} data-testid={props.testid.clone()} tabindex="0" aria-label="returned items, in the order the query reads them">
                { for props.hits.list.iter().take(crate::ui::SHOWN).enumerate().map(|(n, h)| {
                    let values = &h.values;
                    html! {
                        <li value={(n + 1).to_string()} data-row={h.item.0.to_string()} data-page={h.page.to_string()}>
                            <span class="badge page">{ format!("page {}", h.page) }</span>
                            <code><Elided text={h.key.clone()} /></code>
                            <span class="values"><Elided text={format!("item {}: {values}", h.item)} /></span>
                        </li>
                    }
                }) }
            </ol>
            </div>
        </div>
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::summary;
    use crate::analysis::{Hit, Hits};
    use crate::document::ItemId;

    /// Hits on the given pages, one per row: what the lines above the keys count.
    pub(crate) fn hits(pages: &[usize]) -> Hits {
        let list = pages
            .iter()
            .enumerate()
            .map(|(row, &page)| Hit {
                item: ItemId(row),
                page,
                key: String::new(),
                values: String::new(),
            })
            .collect();
        Hits::new(list, pages.len())
    }

    #[test]
    fn the_summary_says_the_first_n_where_the_reader_stops() {
        assert_eq!(
            summary(&hits(&[1, 1, 1]), Some(3)),
            "The first 3 sample item(s), in one page: the reader stops there."
        );
        assert_eq!(
            summary(&hits(&[1, 1, 2]), Some(3)),
            "The first 3 sample item(s), over 2 pages (Limit): the reader stops there."
        );
        assert_eq!(
            summary(&hits(&[1, 1]), Some(3)),
            "2 sample item(s) match, fewer than the first 3, in one page."
        );
        assert_eq!(
            summary(&hits(&[1, 1, 2, 2]), None),
            "4 sample item(s) match, over 2 pages (Limit)."
        );
        assert_eq!(summary(&hits(&[]), Some(3)), "No sample item matches.");
    }
}
