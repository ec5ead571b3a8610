//! Errors and warnings printed next to the control they concern.

use crate::ui::widgets::elided::Elided;
use yew::prelude::*;

/// A message quotes the value it is about, which may be a megabyte: past this many
/// characters it is cut like any long value.
const MESSAGE_KEEP: usize = 600;

#[derive(Properties, PartialEq)]
pub struct MessagesProps {
    #[prop_or_default]
    pub errors: Vec<String>,
    #[prop_or_default]
    pub warnings: Vec<String>,
}

#[function_component]
pub fn Messages(props: &MessagesProps) -> Html {
    if props.errors.is_empty() && props.warnings.is_empty() {
        return html! {};
    }
    html! {
        <ul class="messages">
            // The alert role sits inside the item: on the <li> it would stop being a list item.
            { for props.errors.iter().map(|m| html! { <li class="error"><span role="alert"><Elided text={m.clone()} keep={MESSAGE_KEEP} /></span></li> }) }
            { for props.warnings.iter().map(|m| html! { <li class="warning"><Elided text={m.clone()} keep={MESSAGE_KEEP} /></li> }) }
        </ul>
    }
}
