//! One numeric field's values sorted as a Number key and as an unpadded String key.

use crate::document::{ItemId, Items};
use crate::ui::SHOWN;
use keylab::preview::NumberVsString;
use yew::prelude::*;

/// The view, a disclosure computed only while open: `comparing` says it is, and
/// `on_compare` is told when it is opened or closed.
pub fn number_vs_string(
    field: &str,
    compared: Option<&NumberVsString>,
    items: &Items,
    comparing: bool,
    on_compare: &Callback<bool>,
) -> Html {
    let ontoggle = on_compare.reform(|e: Event| {
        e.target_dyn_into::<web_sys::Element>()
            .is_some_and(|d| d.has_attribute("open"))
    });
    let list = |rows: &[usize], field: &str| -> Html {
        html! {
            <ol class="keys">{ for rows.iter().take(SHOWN).enumerate().map(|(n, &r)| html! {
                <li value={(n + 1).to_string()}><code>{ items.value(ItemId(r), field).unwrap_or_default().to_string() }</code></li>
            }) }</ol>
        }
    };
    html! {
        <details class="number-vs-string" open={comparing} {ontoggle}>
            <summary>{ format!("{field} as a Number key vs a String key") }</summary>
            if let Some(c) = compared {
            <div class="orders" data-testid="number-vs-string">
                <div>
                    <h3>{ "Number (N) sort key: numeric order" }</h3>
                    { list(&c.as_number, &c.field) }
                </div>
                <div>
                    <h3>{ "String (S) sort key, unpadded: byte order" }</h3>
                    { list(&c.as_string, &c.field) }
                </div>
            </div>
            }
            <p class="note">{ "A Number key sorts numerically but holds one value; a composite key is a String, so its numbers are padded to sort the same way." }</p>
        </details>
    }
}
