//! The byte view: each pair of neighbouring keys in hex, the first differing byte
//! marked, and the core's one-sentence reason why the first sorts before the second.

use keylab::codec::order::{explain_order, first_difference};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ByteViewProps {
    /// Keys in query order.
    pub keys: Vec<String>,
}

/// Bytes shown on each side of the first difference.
const CONTEXT: usize = 6;

fn hex_window(key: &str, at: usize) -> Html {
    let bytes = key.as_bytes();
    let start = at.saturating_sub(CONTEXT);
    let end = (at + CONTEXT + 1).min(bytes.len());
    let byte = |i: usize| format!("{:02X}", bytes[i]);
    let before: Vec<String> = (start..at.min(bytes.len())).map(byte).collect();
    let after: Vec<String> = (at + 1..end).map(byte).collect();
    html! {
        <code class="hex">
            { if start > 0 { format!("…({start} bytes) ") } else { String::new() } }
            { before.join(" ") }{ if before.is_empty() { "" } else { " " } }
            if at < bytes.len() {
                <mark>{ byte(at) }</mark>
            } else {
                <mark title="the key ends here">{ "end" }</mark>
            }
            { if after.is_empty() { String::new() } else { format!(" {}", after.join(" ")) } }
            { if end < bytes.len() { format!(" …({} more)", bytes.len() - end) } else { String::new() } }
        </code>
    }
}

#[function_component]
pub fn ByteView(props: &ByteViewProps) -> Html {
    let pairs = props.keys.windows(2).filter_map(|w| {
        let (a, b) = (&w[0], &w[1]);
        let at = first_difference(a, b)?;
        Some(html! {
            <li>
                <div class="pair">{ hex_window(a, at) }<br />{ hex_window(b, at) }</div>
                <p class="why">{ explain_order(a, b) }</p>
            </li>
        })
    });
    html! {
        <details class="byte-view">
            <summary>{ "Byte view: why each key sorts before the next" }</summary>
            <ol data-testid="byte-view">{ for pairs }</ol>
        </details>
    }
}
