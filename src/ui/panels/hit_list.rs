//! The rows a query returns, in the order DynamoDB returns them, with page numbers.

use crate::analysis::Hits;
use crate::ui::widgets::elided::Elided;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HitListProps {
    pub hits: crate::document::Same<Hits>,
    pub testid: AttrValue,
}

#[function_component]
pub fn HitList(props: &HitListProps) -> Html {
    let pages = props.hits.pages();
    let summary = match (props.hits.len(), pages) {
        (0, _) => "No sample item matches.".to_string(),
        (n, 1) => format!("{n} sample item(s) match, in one page."),
        (n, p) => format!("{n} sample item(s) match, over {p} pages (Limit)."),
    };
    html! {
        <div class="hits">
            <p class="note">{ summary }{ crate::ui::more_note(props.hits.len()) }</p>
            // Focusable: a long key scrolls the list sideways, and a keyboard must reach it.
            <ol class="keys" data-testid={props.testid.clone()} tabindex="0" aria-label="returned items, in the order the query reads them">
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
    }
}
