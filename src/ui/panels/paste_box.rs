//! "Paste an expression": any Query input, validated as DynamoDB would and run against
//! the sample items. An error points at the offending token.

use crate::analysis::PasteView;
use crate::browser::services::Later;
use crate::document::{Action, QueryEdit, Same, SavedPattern};
use crate::ui::panels::hit_list::HitList;
use crate::ui::panels::saved_patterns::{listed, SavePattern};
use crate::ui::widgets::typed_input::TypedInput;
use crate::ui::widgets::waiting::Waiting;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PasteBoxProps {
    /// The text in the box, as typed.
    pub pasted: AttrValue,
    /// What it reads as; `None` while the box is empty or its reader is not here.
    pub view: Same<Option<PasteView>>,
    /// Whether the second module, which reads the text, is here.
    pub reader: Later<()>,
    pub patterns: Same<Vec<SavedPattern>>,
    pub dispatch: Callback<Action>,
}

fn pointed(expression: &str, offset: usize, token: &str) -> Html {
    let start = offset.min(expression.len());
    let end = (start + token.len().max(1)).min(expression.len());
    match (
        expression.get(..start),
        expression.get(start..end),
        expression.get(end..),
    ) {
        (Some(before), Some(at), Some(after)) => html! {
            <pre class="pointed" data-testid="paste-pointer">{ before }<mark>{ if at.is_empty() { "⟵" } else { at } }</mark>{ after }</pre>
        },
        _ => html! {},
    }
}

#[function_component]
pub fn PasteBox(props: &PasteBoxProps) -> Html {
    let read = Callback::from(|text: String| Ok(Action::from(QueryEdit::SetPasted(text))));
    let outcome = match &*props.view {
        None if !props.pasted.trim().is_empty() && props.reader != Later::Ready(()) => {
            html! { <Waiting later={props.reader.clone()} what="the reader of pasted queries" /> }
        }
        None => {
            html! { <p class="note">{ "Paste the object you pass to Query (TableName, KeyConditionExpression, ExpressionAttributeNames, ExpressionAttributeValues, ...): as JSON, as a JavaScript object or a Python dict, with low-level or DocumentClient values." }</p> }
        }
        Some(view) => html! { <>
            { for view.read_as.iter().map(|r| html! { <p class="note" data-testid="paste-read-as">{ r }</p> }) }
            { match &view.error {
            Some(e) => html! { <>
                <p class="messages"><span class="error" role="alert" data-testid="paste-error">{ e.to_string() }</span></p>
                if let Some(hint) = &view.hint {
                    <p class="note" data-testid="paste-hint">{ hint }</p>
                }
                { match (e.offset, &e.token) { (Some(o), Some(t)) => pointed(&view.expression, o, t), _ => html! {} } }
            </> },
            None => html! { <>
                <p class="ok" data-testid="paste-ok">{ "DynamoDB would accept this query." }</p>
                <HitList hits={Same(view.hits.clone())} testid="paste-hits" />
            </> },
            } }
        </> },
    };
    html! {
        <section class="panel" aria-labelledby="paste-title">
            <h2 id="paste-title">{ "Paste an expression" }</h2>
            { listed(&props.patterns, &props.pasted, &props.dispatch) }
            <label for="paste-input" class="visually-hidden">{ "Query input as JSON, JavaScript or Python" }</label>
            <TypedInput id="paste-input" rows={8} value={props.pasted.to_string()} {read} dispatch={props.dispatch.clone()}
                placeholder={r##"{"KeyConditionExpression": "#pk = :pk AND begins_with(#sk, :p)", ...}"##} />
            { outcome }
            if !props.pasted.trim().is_empty() {
                <SavePattern patterns={props.patterns.clone()} dispatch={props.dispatch.clone()} />
            }
        </section>
    }
}
