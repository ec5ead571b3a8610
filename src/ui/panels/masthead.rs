//! The page's one header row: the name, undo and redo, the share link, the preset
//! picker, the theme, files and a new blank design.

use crate::browser::boot::SHARE_ITEMS;
use crate::document::{Command, Playground, PresetId};
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::files::Files;
use crate::ui::widgets::history_buttons::HistoryButtons;
use crate::ui::widgets::new_design::NewDesign;
use crate::ui::widgets::outcome::{Outcome, OutcomeLine};
use crate::ui::widgets::preset_picker::PresetPicker;
use crate::ui::widgets::theme_toggle::ThemeToggle;
use crate::ui::widgets::transient::use_transient;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MastheadProps {
    pub can_undo: bool,
    pub can_redo: bool,
    /// The share link of the work, when it is short enough to be one.
    pub link: Option<String>,
    /// The work is not the chosen preset as it loads: loading another asks first.
    pub unsaved: bool,
    pub preset: Option<PresetId>,
    /// The work, for the files menu's exports.
    pub state: Rc<Playground>,
    pub command: Callback<Command>,
    /// Told when a preset is loaded (the start hint closes).
    pub on_load: Callback<()>,
}

#[function_component]
pub fn Masthead(props: &MastheadProps) -> Html {
    let command = &props.command;
    // An import's question or report: gone at the next action, as an answer is.
    let outcome = use_transient::<Outcome>();
    let on_outcome = {
        let (outcome, on_load) = (outcome.clone(), props.on_load.clone());
        Callback::from(move |o: Outcome| {
            // An imported design is not the preset the start hint teaches: it closes.
            if o.report.is_some() {
                on_load.emit(());
            }
            outcome.say(o)
        })
    };
    let close = {
        let outcome = outcome.clone();
        Callback::from(move |()| outcome.clear())
    };
    // The files menu's button: the focus goes back to it when an import is not made.
    let files_button = use_node_ref();
    html! {
        <header>
            <h1 title="DynamoDB sort keys, sorted the way DynamoDB sorts them: by UTF-8 bytes">{ "keylab" }</h1>
            <div class="toolbar">
                <HistoryButtons can_undo={props.can_undo} can_redo={props.can_redo} command={command.clone()} />
                // The one preset picker: loading a design also closes the start hint.
                <PresetPicker id="header-preset" unsaved={props.unsaved} command={command.clone()} current={props.preset} on_load={props.on_load.clone()} />
                { match props.link.clone() {
                    Some(link) => html! { <CopyButton text={link} label="Copy share link" /> },
                    None => html! { <button type="button" disabled=true title={format!("More than {SHARE_ITEMS} items make a link too long: use Export instead")}>{ "Copy share link" }</button> },
                } }
                <Files state={props.state.clone()} unsaved={props.unsaved} command={command.clone()} {on_outcome} button={files_button.clone()} />
                <NewDesign command={command.clone()} />
                <ThemeToggle />
            </div>
            { outcome.get().cloned().map(|outcome| html! { <OutcomeLine {outcome} on_close={close} back={files_button} /> }).unwrap_or_default() }
        </header>
    }
}
