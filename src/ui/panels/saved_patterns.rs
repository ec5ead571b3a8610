//! The saved access patterns around the paste box: each puts its Query input back in the
//! box (which checks it and runs it on the items) or is removed; what the box holds is
//! saved under a name. An imported MCP data model's Query patterns arrive here.

use crate::document::{check_pattern_name, Action, QueryEdit, Same, SavedPattern, PATTERN_NAME_MAX};
use yew::prelude::*;

/// The saved patterns, above the box: a name puts its query in the box (the one it
/// holds is marked), × removes it.
pub fn listed(patterns: &[SavedPattern], pasted: &str, dispatch: &Callback<Action>) -> Html {
    if patterns.is_empty() {
        return html! {};
    }
    let edit = |make: fn(usize) -> QueryEdit, at: usize| {
        let dispatch = dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::from(make(at))))
    };
    let listed = patterns.iter().enumerate().map(|(at, p)| {
        html! {
            <li>
                <button type="button" class="pattern-use" title="Put it in the box below" onclick={edit(QueryEdit::UsePattern, at)}
                    aria-current={(p.input == pasted).then_some("true")}>{ &p.name }</button>
                <button type="button" class="pattern-remove" aria-label={format!("Remove {}", p.name)} onclick={edit(QueryEdit::RemovePattern, at)}>{ "×" }</button>
            </li>
        }
    });
    html! { <>
        <h3 id="patterns-title">{ "Saved access patterns" }</h3>
        <ul class="saved-patterns" data-testid="saved-patterns" aria-labelledby="patterns-title">{ for listed }</ul>
    </> }
}

#[derive(Properties, PartialEq)]
pub struct SavePatternProps {
    pub patterns: Same<Vec<SavedPattern>>,
    pub dispatch: Callback<Action>,
}

/// Below the box: what it holds, saved under a name.
#[function_component]
pub fn SavePattern(props: &SavePatternProps) -> Html {
    let name = use_state(String::new);
    // Nothing is said about an empty name until Save is pressed.
    let problem = use_state(|| None::<String>);
    let typed = {
        let (name, problem) = (name.clone(), problem.clone());
        Callback::from(move |e: InputEvent| {
            name.set(crate::ui::widgets::event_text::input_value(&e));
            problem.set(None);
        })
    };
    let save = {
        let (name, problem, dispatch, patterns) = (
            name.clone(),
            problem.clone(),
            props.dispatch.clone(),
            props.patterns.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match check_pattern_name(&name, &patterns) {
                Ok(()) => {
                    dispatch.emit(Action::from(QueryEdit::SavePattern((*name).clone())));
                    name.set(String::new());
                }
                Err(why) => problem.set(Some(why)),
            }
        })
    };
    html! {
        <form class="save-pattern" onsubmit={save}>
            <label for="pattern-name">{ "Save this query as an access pattern named" }</label>
            <input id="pattern-name" value={(*name).clone()} oninput={typed} maxlength={PATTERN_NAME_MAX.to_string()}
                aria-invalid={if problem.is_some() { "true" } else { "false" }}
                aria-describedby={problem.is_some().then_some("pattern-name-problem")} />
            <button type="submit">{ "Save" }</button>
            if let Some(p) = &*problem {
                <span class="field-problem" id="pattern-name-problem" data-testid="pattern-name-problem" role="alert">{ p }</span>
            }
        </form>
    }
}
