//! The presets from the seed articles: pick one to load a whole design with items and a
//! query. Work that differs from the preset it started from is only replaced after a
//! yes, and stays one Undo away.

use crate::document::{Command, PresetId};
use crate::presets::{self, PRESETS};
use crate::ui::widgets::controls;
use crate::ui::widgets::event_text::event_value;
use crate::ui::widgets::prompt::{focus, use_escape_cancels};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PresetPickerProps {
    /// The work on screen differs from the preset it started from: loading asks first.
    pub unsaved: bool,
    pub command: Callback<Command>,
    /// Called after a preset is loaded (the start hint closes).
    #[prop_or_default]
    pub on_load: Callback<()>,
    /// Tells apart the picker in the start hint from the one in the header.
    pub id: AttrValue,
    /// The preset the design on screen started from (`None` for a blank or imported
    /// design): the picker shows it, so the header never names another design than
    /// the one below it.
    #[prop_or_default]
    pub current: Option<PresetId>,
}

/// The picker's options: every preset, after "your own design" while no preset is shown.
fn options(choice: Option<PresetId>) -> Vec<(String, String)> {
    std::iter::once((String::new(), "your own design (pick a preset to load it)".to_string()))
        .filter(|_| choice.is_none())
        .chain(
            PRESETS
                .iter()
                .map(|p| (p.id.as_str().to_string(), p.title().to_string())),
        )
        .collect()
}

#[function_component]
pub fn PresetPicker(props: &PresetPickerProps) -> Html {
    // A blank or imported design is no preset: the picker says so rather than naming
    // the first preset above a design that is not it.
    let shown = |current: Option<PresetId>| current.and_then(presets::find).map(|p| p.id);
    let choice = use_state(|| shown(props.current));
    {
        // Undo, an import or a link can put another design on screen.
        let choice = choice.clone();
        use_effect_with(props.current, move |current| choice.set(shown(*current)));
    }
    let asking = use_state(|| false);
    // The question's "no", by its button or by Escape: the focus goes back to Load.
    let (button, prompt) = (use_node_ref(), use_node_ref());
    // "No" keeps the work, and the picker names the design on screen again, not the
    // preset that was refused.
    let keep = {
        let (asking, choice, current) = (asking.clone(), choice.clone(), props.current);
        Callback::from(move |()| {
            asking.set(false);
            choice.set(shown(current));
        })
    };
    use_escape_cancels(*asking, prompt.clone(), button.clone(), keep.clone());
    let load = {
        let (command, on_load, choice, asking) = (
            props.command.clone(),
            props.on_load.clone(),
            choice.clone(),
            asking.clone(),
        );
        move || {
            if let Some(p) = choice.and_then(presets::load) {
                command.emit(Command::Load(Box::new(p)));
                on_load.emit(());
            }
            asking.set(false);
        }
    };
    let onclick = {
        let (load, asking, unsaved) = (load.clone(), asking.clone(), props.unsaved);
        Callback::from(move |_: MouseEvent| {
            // Work that differs from the preset it started from is the user's: ask first.
            if unsaved {
                asking.set(true)
            } else {
                load()
            }
        })
    };
    let select = {
        let (choice, asking) = (choice.clone(), asking.clone());
        Callback::from(move |e: Event| {
            choice.set(PresetId::named(&event_value(&e)));
            asking.set(false);
        })
    };
    let select_id = format!("{}-select", props.id);
    let title = choice.and_then(presets::find).map(|p| p.title()).unwrap_or_default();
    html! {
        <div class="preset-picker">
            { controls::select(
                &select_id,
                "preset",
                options(*choice),
                choice.map_or("", PresetId::as_str),
                select,
            ) }
            <button type="button" ref={button.clone()} {onclick} disabled={choice.is_none()}>{ "Load preset" }</button>
            if *asking {
                <div class="notice prompt" role="alertdialog" aria-label="replace your work?" ref={prompt}>
                    <p>{ format!("Replace your current design and items with the {title} preset? Undo brings your work back.") }</p>
                    <button type="button" onclick={{ let load = load.clone(); Callback::from(move |_: MouseEvent| load()) }}>{ "Replace my work" }</button>
                    <button type="button" onclick={Callback::from(move |_: MouseEvent| { keep.emit(()); focus(&button); })}>{ "Keep my work" }</button>
                </div>
            }
        </div>
    }
}
