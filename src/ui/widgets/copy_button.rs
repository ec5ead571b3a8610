//! A Copy button: the Clipboard API where the page may use it, else the old
//! select-and-copy fallback. It says "Copied" for two seconds.

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlDocument, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CopyButtonProps {
    pub text: AttrValue,
    /// What is copied, in the button's words ("Copy the boto3 code"): several buttons
    /// on one page must not all be named "Copy", for sight and for screen readers.
    pub label: AttrValue,
}

#[derive(Clone, Copy, PartialEq)]
enum Outcome {
    Idle,
    Copied,
    Failed,
}

/// Copies with a hidden textarea and `execCommand("copy")`, for pages without the
/// Clipboard API (insecure origins, older browsers).
fn fallback(text: &str) -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let Some(area) = document
        .create_element("textarea")
        .ok()
        .and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
    else {
        return false;
    };
    area.set_value(text);
    let _ = area.set_attribute("readonly", "");
    let _ = area.set_attribute("style", "position:fixed;top:-1000px;opacity:0");
    let Some(body) = document.body() else { return false };
    if body.append_child(&area).is_err() {
        return false;
    }
    area.select();
    let copied = document
        .dyn_ref::<HtmlDocument>()
        .and_then(|d| d.exec_command("copy").ok())
        .unwrap_or(false);
    area.remove();
    copied
}

async fn copy(text: String) -> bool {
    let Some(window) = web_sys::window() else { return false };
    let navigator = window.navigator();
    // `navigator.clipboard` is undefined outside secure contexts: check, never assume.
    let has_clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).is_ok_and(|c| !c.is_undefined());
    if has_clipboard && JsFuture::from(navigator.clipboard().write_text(&text)).await.is_ok() {
        return true;
    }
    fallback(&text)
}

#[function_component]
pub fn CopyButton(props: &CopyButtonProps) -> Html {
    let outcome = use_state(|| Outcome::Idle);
    let onclick = {
        let (outcome, text) = (outcome.clone(), props.text.to_string());
        Callback::from(move |_: MouseEvent| {
            let (outcome, text) = (outcome.clone(), text.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let copied = copy(text).await;
                outcome.set(if copied { Outcome::Copied } else { Outcome::Failed });
                let reset = outcome.clone();
                Timeout::new(2_000, move || reset.set(Outcome::Idle)).forget();
            });
        })
    };
    let text = match *outcome {
        Outcome::Idle => props.label.to_string(),
        Outcome::Copied => "Copied".to_string(),
        Outcome::Failed => "Copy failed: select the text and copy it".to_string(),
    };
    html! { <button type="button" class="copy" {onclick} aria-live="polite">{ text }</button> }
}
