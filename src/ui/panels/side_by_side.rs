//! A multi-attribute GSI beside a concatenated one, for the query panel's access
//! pattern: the keys each writes in the order each reads them, each query's
//! expression, and what each cannot do, with the reason and an example.

use crate::document::{ItemId, Items, Same};
use keylab::compare::Design;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SideBySideProps {
    /// The pair, while the table has one of each (the view is offered only then).
    pub designs: Same<Option<[Design; 2]>>,
    pub items: Items,
}

fn column(d: &Design, items: &Items) -> Html {
    let kind = if d.multi_attribute {
        "multi-attribute key"
    } else {
        "concatenated string keys"
    };
    html! {
        <div class="design-column" data-testid={format!("design-{}", d.index)}>
            <h3>{ format!("{} ({kind})", d.index) }</h3>
            <p class="note"><code>{ &d.shape }</code></p>
            <h4>{ "Query" }</h4>
            { match &d.query {
                Ok(expr) => html! { <pre class="code" data-testid="design-expression"><code>{ expr }</code></pre> },
                Err(why) => html! { <p class="messages"><span class="error" data-testid="design-error">{ why }</span></p> },
            } }
            <h4>{ "Keys, in the order the query reads them" }</h4>
            if d.keys.is_empty() {
                <p class="note">{ "No sample item is read." }</p>
            } else {
                <ol class="design-keys" data-testid="design-keys">
                    { for d.keys.iter().map(|(row, key)| html! {
                        <li><code>{ key }</code><span class="values">{ format!(" item #{}: {}", row + 1, items.text(ItemId(*row))) }</span></li>
                    }) }
                </ol>
            }
            <h4>{ "Cannot" }</h4>
            <ul class="cannot" data-testid="design-cannot">
                { for d.cannot.iter().map(|l| html! {
                    <li><strong>{ &l.what }</strong>{ format!(": {}. ", l.why) }<span class="example">{ format!("Example: {}.", l.example) }</span></li>
                }) }
            </ul>
        </div>
    }
}

#[function_component]
pub fn SideBySide(props: &SideBySideProps) -> Html {
    let Some([a, b]) = props.designs.as_ref() else {
        return Html::default();
    };
    html! {
        <section class="panel wide" aria-labelledby="side-by-side-title" id="side-by-side">
            <h2 id="side-by-side-title">{ format!("{} beside {}: the same query, two key designs", a.index, b.index) }</h2>
            <p class="note">{ "The query panel's access pattern, built on each index. Pick another pattern below and both columns follow." }</p>
            <div class="design-columns">
                { column(a, &props.items) }
                { column(b, &props.items) }
            </div>
        </section>
    }
}
