//! *Key code*: the design as a module for the backend, in six languages, each proven
//! equal to the codec by `make test` (core/examples/keycode_diff). Written only while
//! the section is open, once the language's runtime has arrived (src/browser/runtimes.rs).

use crate::browser::runtimes::{self, Runtime};
use crate::browser::services::{self, Later};
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::files::download;
use crate::ui::widgets::tabs::Tabs;
use crate::ui::widgets::waiting::Waiting;
use keylab::keycode::Language;
use keylab::Schema;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct KeyCodeProps {
    pub schema: std::rc::Rc<Schema>,
    /// Changes when a runtime arrives or fails ([`runtimes::settled`]).
    pub runtimes: u32,
    /// Told when a runtime asked for here arrives or fails: the page is drawn again.
    pub on_runtime: Callback<()>,
    /// Changes when the second module, which writes key code, arrives or fails.
    pub module: u32,
}

#[function_component]
pub fn KeyCode(props: &KeyCodeProps) -> Html {
    let language = use_state(|| Language::TypeScript);
    let open = use_state(|| false);
    let code = {
        let (schema, language, open) = (props.schema.clone(), *language, *open);
        use_memo(
            (schema, language as u8, open, props.runtimes, props.module),
            move |(schema, _, open, _, _)| open.then(|| services::key_code(schema, language)),
        )
    };
    // The runtime of the language shown is asked for when the view opens on it.
    {
        let (language, open, done) = (*language, *open, props.on_runtime.clone());
        use_effect_with((language as u8, open, props.runtimes), move |_| {
            if open && runtimes::state(language) == Runtime::Waiting {
                runtimes::fetch(language, move || done.emit(()));
            }
        });
    }
    let tabs: Vec<(String, String)> = Language::ALL
        .iter()
        .map(|l| (l.id().to_string(), l.label().to_string()))
        .collect();
    let on_select = {
        let language = language.clone();
        Callback::from(move |id: String| {
            if let Some(l) = Language::from_id(&id) {
                language.set(l);
            }
        })
    };
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            if let Some(d) = e.target_dyn_into::<web_sys::HtmlDetailsElement>() {
                open.set(d.open());
            }
        })
    };
    let body = match ((*code).clone(), runtimes::state(*language)) {
        (None, _) => Html::default(),
        (Some(Later::Ready(Ok(text))), _) => module(*language, text),
        // The runtime is handed to the second module: while it is on its way, so is the
        // module.
        (Some(Later::Ready(Err(_)) | Later::Loading), Runtime::Waiting | Runtime::Loading) => html! {
            <p class="note" role="status" data-testid="keycode-loading">{ format!("Loading keylab's {} runtime…", language.label()) }</p>
        },
        (Some(Later::Ready(Err(_)) | Later::Loading | Later::Failed(_)), Runtime::Failed(why)) => {
            let retry = {
                let (language, done) = (*language, props.on_runtime.clone());
                Callback::from(move |_: MouseEvent| {
                    let done = done.clone();
                    runtimes::fetch(language, move || done.emit(()))
                })
            };
            html! {
                <p class="message error" role="alert" data-testid="keycode-error">
                    { format!("keylab's {} runtime could not be loaded: {why}. ", language.label()) }
                    <button type="button" onclick={retry}>{ "Retry" }</button>
                </p>
            }
        }
        (Some(Later::Ready(Err(why))), Runtime::Ready) => {
            html! { <p class="message error" role="alert" data-testid="keycode-error">{ format!("No key code yet: {why}") }</p> }
        }
        (Some(waiting), _) => html! { <Waiting later={waiting.map(|_| ())} what="the key code writer" /> },
    };
    html! {
        <section class="panel wide" aria-labelledby="keycode-title" id="keycode-panel">
            <details {ontoggle}>
                <summary><h2 id="keycode-title">{ "Key code" }</h2></summary>
                <p class="note">{ "The design as a module for your backend: for every entity and key attribute, a function that writes the key from typed values and one that reads a key back, with keylab's checks (overflow, negative values in a uint, the separator inside a value, empty values, key size). Standard library only (Rust uses the keylab crate). make test compiles and runs each language against the codec on thousands of values." }</p>
                <Tabs id="keycode-tab" label="language" tabs={tabs} selected={language.id().to_string()} {on_select} controls="keycode-code" captioned=true />
                <div id="keycode-code" role="tabpanel">{ body }</div>
            </details>
        </section>
    }
}

/// The module, with its copy and download buttons.
fn module(language: Language, text: String) -> Html {
    let file = language.file_name();
    html! {
        <>
            <div class="snippet-actions">
                <CopyButton text={text.clone()} label={format!("Copy {}", language.label())} />
                <button type="button" onclick={{ let text = text.clone(); Callback::from(move |_: MouseEvent| { download(file, &text); }) }}>{ format!("Download {file}") }</button>
                if language == Language::CSharp {
                    <span class="note">{ "make test compiles and runs the C# with Mono (C# 7); a machine without Mono skips it, and says so." }</span>
                }
            </div>
            <pre class="code"><code data-testid="keycode-text">{ text }</code></pre>
        </>
    }
}
