//! ARIA tabs: one tab stop for the whole list; the arrow keys, Home and End move the
//! selection and the focus together. Used for the SDK targets, the entities and the key
//! attributes, so each is one click away and reads the same to a screen reader.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TabsProps {
    /// Prefix of each tab's id: tab `i` is `{id}-{i}`.
    pub id: AttrValue,
    /// What the tabs choose, for screen readers.
    pub label: AttrValue,
    /// Each tab's value and text.
    pub tabs: Vec<(String, String)>,
    pub selected: String,
    pub on_select: Callback<String>,
    /// The panel the tabs show.
    pub controls: AttrValue,
    /// Shows the label above the tabs, as the page's other controls show theirs.
    #[prop_or_default]
    pub captioned: bool,
}

/// The id of tab `i` of the list `id`.
pub fn tab_id(id: &str, i: usize) -> String {
    format!("{id}-{i}")
}

/// The tab the key moves the selection to, from tab `from` of `count`: the arrows wrap
/// around, Home and End go to the ends. `None` for any other key.
pub fn step(key: &str, from: usize, count: usize) -> Option<usize> {
    let last = count.checked_sub(1)?;
    Some(match key {
        "ArrowRight" | "ArrowDown" if from >= last => 0,
        "ArrowRight" | "ArrowDown" => from + 1,
        "ArrowLeft" | "ArrowUp" if from == 0 => last,
        "ArrowLeft" | "ArrowUp" => from - 1,
        "Home" => 0,
        "End" => last,
        _ => return None,
    })
}

/// Moves the focus to the element `id`, when it is on the page.
pub fn focus(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|doc| doc.get_element_by_id(id))
        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
    {
        let _ = el.focus();
    }
}

#[function_component]
pub fn Tabs(props: &TabsProps) -> Html {
    let at = props.tabs.iter().position(|(v, _)| *v == props.selected);
    let onkeydown = {
        let (tabs, on_select, id) = (props.tabs.clone(), props.on_select.clone(), props.id.clone());
        Callback::from(move |e: KeyboardEvent| {
            let Some(next) = step(&e.key(), at.unwrap_or(0), tabs.len()) else {
                return;
            };
            e.prevent_default();
            let Some((value, _)) = tabs.get(next) else { return };
            on_select.emit(value.clone());
            focus(&tab_id(&id, next));
        })
    };
    html! { <>
        if props.captioned {
            <span class="tabs-caption" aria-hidden="true">{ props.label.clone() }</span>
        }
        <div role="tablist" aria-label={props.label.clone()} class="tabs" {onkeydown}>
            { for props.tabs.iter().enumerate().map(|(i, (value, text))| {
                let selected = at == Some(i);
                let onclick = props.on_select.reform({ let value = value.clone(); move |_: MouseEvent| value.clone() });
                html! {
                    <button type="button" role="tab" id={tab_id(&props.id, i)} aria-selected={selected.to_string()}
                        tabindex={if selected || (at.is_none() && i == 0) { "0" } else { "-1" }}
                        aria-controls={props.controls.clone()} class={classes!("tab", selected.then_some("selected"))} {onclick}>{ text }</button>
                }
            }) }
        </div>
    </> }
}

#[cfg(test)]
mod tests {
    use super::step;

    #[test]
    fn the_arrows_wrap_and_home_and_end_go_to_the_ends() {
        assert_eq!(step("ArrowRight", 0, 3), Some(1));
        assert_eq!(step("ArrowDown", 2, 3), Some(0));
        assert_eq!(step("ArrowLeft", 0, 3), Some(2));
        assert_eq!(step("ArrowUp", 2, 3), Some(1));
        assert_eq!(step("Home", 2, 3), Some(0));
        assert_eq!(step("End", 0, 3), Some(2));
        assert_eq!(step("a", 0, 3), None);
        assert_eq!(step("End", 0, 0), None);
    }
}
