//! Light, dark, or the system's choice; remembered, and applied to the whole page.

use crate::browser::storage::storage;
use yew::prelude::*;

const KEY: &str = "keylab.theme";
const THEMES: [&str; 3] = ["auto", "light", "dark"];

fn apply(theme: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = match theme {
            "light" | "dark" => root.set_attribute("data-theme", theme),
            _ => root.remove_attribute("data-theme"),
        };
    }
}

#[function_component]
pub fn ThemeToggle() -> Html {
    let theme = use_state(|| {
        let saved = storage()
            .and_then(|s| s.get_item(KEY).ok().flatten())
            .unwrap_or_default();
        if THEMES.contains(&saved.as_str()) {
            saved
        } else {
            "auto".to_string()
        }
    });
    use_effect_with((*theme).clone(), |t| {
        apply(t);
        if let Some(s) = storage() {
            let _ = s.set_item(KEY, t);
        }
    });
    let next = {
        let theme = theme.clone();
        Callback::from(move |_: MouseEvent| {
            let i = THEMES.iter().position(|t| *t == theme.as_str()).unwrap_or(0);
            theme.set(THEMES[(i + 1) % THEMES.len()].to_string());
        })
    };
    html! {
        <button type="button" onclick={next} aria-label={format!("Theme: {}. Change theme", *theme)} data-testid="theme-toggle">
            { format!("Theme: {}", *theme) }
        </button>
    }
}
