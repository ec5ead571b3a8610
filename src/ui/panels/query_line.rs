//! The query in one line above the keys: its KeyConditionExpression, how it reads, and
//! the chosen SDK's code to copy, so a width change and its query are seen together.

use crate::analysis::{Band, Hits};
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::elided::{Elided, MESSAGE};
use yew::prelude::*;

/// What the line shows of the query.
#[derive(Clone, Debug, PartialEq)]
pub struct QueryBar {
    /// The access pattern, by name.
    pub pattern: String,
    pub expression: String,
    /// The chosen target's code, and its name.
    pub code: Option<(String, String)>,
}

/// The query reads other keys than the ones shown: another partition of them, or
/// another key attribute's (an index the list does not show).
pub struct Elsewhere {
    pub reads: Reads,
    /// Shows the query's keys, when the page can.
    pub show: Option<Callback<MouseEvent>>,
}

pub enum Reads {
    Partition(String),
    Attribute(String),
}

/// What the query returns and how it reads, in one phrase: the items promised first
/// ("the first 3"), since Limit, said last, is only the page size.
fn reading(band: &Band, hits: &Hits) -> String {
    let pages = hits.pages();
    let direction = if band.forward { "forward" } else { "backward" };
    let first = band.first.map(|n| format!("the first {n} · ")).unwrap_or_default();
    let limit = band.limit.map(|n| format!(" · Limit {n}")).unwrap_or_default();
    format!("{first}{} returned · {pages} page(s) · {direction}{limit}", hits.len())
}

/// The line, or why the query cannot be built; nothing while there is no query.
/// `edit` opens the query's own view (the fragment carries share links, so the link
/// opens the view without touching the address).
pub fn query_line(
    bar: &Result<QueryBar, String>,
    band: Option<&Band>,
    hits: &Hits,
    elsewhere: Option<Elsewhere>,
    edit: &Callback<()>,
) -> Html {
    let edit = edit.reform(|e: MouseEvent| e.prevent_default());
    let bar = match bar {
        Err(why) if !why.trim().is_empty() => {
            return html! {
                <p class="query-bar messages" data-testid="query-bar-error"><span class="error">{ "The query cannot be built: " }<Elided text={why.to_string()} keep={MESSAGE} /></span>{ " " }<a href="#query-panel" class="note" onclick={edit}>{ "fix it below" }</a></p>
            }
        }
        Err(_) => return Html::default(),
        Ok(bar) => bar,
    };
    html! {
        <div class="query-bar" data-testid="query-bar">
            // The bar is also the legend of the highlighted rows: its swatch.
            <span class="swatch match" aria-hidden="true"></span>
            <code data-testid="query-bar-expression" aria-label={format!("Query: {}", bar.expression)}>{ &bar.expression }</code>
            // In the query's line, so a query on another partition costs the keys no room.
            if let Some(e) = elsewhere {
                <span class="note" data-testid="band-elsewhere">
                    { match &e.reads {
                        Reads::Partition(p) => html! { <>{ "It reads partition " }<code><Elided text={p.clone()} /></code>{ ". " }</> },
                        Reads::Attribute(a) => html! { <>{ "It reads the keys of " }<code>{ a }</code>{ ", not the ones shown. " }</> },
                    } }
                    if let Some(show) = e.show {
                        <button type="button" onclick={show}>{ match &e.reads { Reads::Partition(_) => "Show the query's partition", Reads::Attribute(_) => "Show the query's keys" } }</button>
                    }
                </span>
            } else if let Some(b) = band {
                <span class="note legend" data-testid="query-bar-reading">{ reading(b, hits) }</span>
            }
            if let Some((code, target)) = &bar.code {
                <CopyButton text={code.clone()} label={format!("Copy {target} code")} />
            }
            // The access pattern, by name, is the way to the panel that edits it.
            <a href="#query-panel" class="note" data-testid="query-bar-pattern" onclick={edit} aria-label={format!("edit the query below: {}", bar.pattern)}>{ format!("{} ↓", bar.pattern) }</a>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::reading;
    use crate::analysis::Band;
    use crate::ui::panels::hit_list::tests::hits;

    #[test]
    fn the_line_says_the_first_n_before_the_page_size() {
        let band = |first, limit| Band {
            attribute: "SK".into(),
            partition: "P".into(),
            lower: None,
            upper: None,
            forward: true,
            limit,
            first,
            tuple: Vec::new(),
        };
        assert_eq!(
            reading(&band(Some(3), Some(3)), &hits(&[1, 1, 1])),
            "the first 3 · 3 returned · 1 page(s) · forward · Limit 3"
        );
        assert_eq!(
            reading(&band(None, Some(3)), &hits(&[1, 1, 1, 2])),
            "4 returned · 2 page(s) · forward · Limit 3"
        );
    }
}
