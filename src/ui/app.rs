//! The page: the reducer, persistence, and the layout of the panels.

use crate::browser::boot::{boot, current_hash, forget_link, read_link, share_url, LinkOutcome, SHARE_ITEMS};
use crate::browser::storage;
use crate::browser::versions::{save_snapshot, stored, Source, Version};
use crate::document::{Command, Design, Items, Playground, Workspace};
use crate::presets;
use crate::ui::hooks::{use_analysis, use_derived, use_rekeying};
use crate::ui::panels::collection_view::CollectionView;
use crate::ui::panels::definitions_panel::DefinitionsPanel;
use crate::ui::panels::key_code::KeyCode;
use crate::ui::panels::lint_list::LintList;
use crate::ui::panels::paste_box::PasteBox;
use crate::ui::panels::preview_panel::{PreviewPanel, QueryBar};
use crate::ui::panels::query_panel::{shape_label, QueryPanel};
use crate::ui::panels::samples_table::SamplesTable;
use crate::ui::panels::side_by_side::SideBySide;
use crate::ui::panels::snippet_panel::SnippetPanel;
use crate::ui::panels::template_editor::TemplateEditor;
use crate::ui::panels::version_compare::VersionCompare;
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::files::Files;
use crate::ui::widgets::history_buttons::HistoryButtons;
use crate::ui::widgets::link_prompt::LinkPrompt;
use crate::ui::widgets::new_design::NewDesign;
use crate::ui::widgets::preset_picker::PresetPicker;
use crate::ui::widgets::theme_toggle::ThemeToggle;
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Timeout;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A skip link moves focus to its panel without touching the fragment, which carries
/// share links.
fn skip_to(id: &'static str) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        if let Some(panel) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(id))
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
        {
            panel.scroll_into_view();
            let _ = panel.focus();
        }
    })
}

/// Up to this many items, every change is saved at once.
const SAVE_AT_ONCE: usize = 5000;

/// Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo and redo, except inside a text
/// field, where the browser's own undo of the typing applies.
fn shortcut(e: &KeyboardEvent) -> Option<Command> {
    if !(e.ctrl_key() || e.meta_key()) {
        return None;
    }
    let editing = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA") || el.has_attribute("contenteditable")
        });
    if editing {
        return None;
    }
    match (e.key().to_ascii_lowercase().as_str(), e.shift_key()) {
        ("z", false) => Some(Command::Undo),
        ("z", true) | ("y", false) => Some(Command::Redo),
        _ => None,
    }
}

#[function_component]
pub fn App() -> Html {
    // Read storage and the link once; a problem with either is reported, never fatal.
    let boot = use_memo((), |_| boot());
    let pending = use_state(|| boot.pending_link.clone());
    let notices = use_state(|| boot.notices.clone());
    let hint = use_state(|| boot.first_visit);
    let workspace = {
        let boot = boot.clone();
        // The undo steps of this tab survive a reload, as the work does.
        use_reducer(move || Workspace::with_past(boot.state.clone(), storage::load_history(&boot.state)))
    };
    let state: Rc<Playground> = workspace.present.clone();
    // _eq: a save that changes nothing must not re-render, or a value being typed
    // (not yet committed by its change event) is reset under the cursor.
    let save_problem = use_state_eq(|| None::<String>);
    {
        let snapshot = (*state).clone();
        let save_problem = save_problem.clone();
        let past: Vec<Rc<Playground>> = workspace.past().to_vec();
        use_effect_with(snapshot, move |s| {
            let large = s.rows.len() > SAVE_AT_ONCE;
            let s = s.clone();
            let save = move || {
                save_problem.set(storage::save(&s).err());
                storage::save_history(&s, &past);
            };
            // A large table is saved once the edits pause, not after every keystroke.
            let pending = if large {
                Some(Timeout::new(400, save))
            } else {
                save();
                None
            };
            move || drop(pending)
        });
    }
    {
        let workspace = workspace.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                // Not passive: the shortcut replaces the browser's own Ctrl+Z.
                EventListener::new_with_options(
                    &w,
                    "keydown",
                    EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        if let Some(command) = e.dyn_ref::<KeyboardEvent>().and_then(shortcut) {
                            e.prevent_default();
                            workspace.dispatch(command);
                        }
                    },
                )
            });
            move || drop(listener)
        });
    }
    let link = use_derived(&state, share_url);
    {
        // A link pasted into the address bar of an open tab changes only the fragment.
        let (pending, notices) = (pending.clone(), notices.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    // Autosave keeps storage equal to the work on screen.
                    let (work, _) = storage::load();
                    match read_link(&current_hash(), &work, true) {
                        LinkOutcome::Nothing => {}
                        LinkOutcome::Refused(message) => {
                            forget_link();
                            notices.set(vec![message]);
                        }
                        LinkOutcome::Open(_) => forget_link(),
                        LinkOutcome::Ask(linked) => {
                            notices.set(Vec::new());
                            pending.set(Some(linked));
                        }
                    }
                })
            });
            move || drop(listener)
        });
    }
    // Whether the Number vs String view is open: only then is it computed.
    let comparing = use_state_eq(|| false);
    let analysis = use_analysis(&state, *comparing);
    // The item whose key the pointer is on in the preview, marked in the items table.
    let pointed = use_state(|| None::<usize>);
    let dispatch = {
        let workspace = workspace.clone();
        Callback::from(move |a| workspace.dispatch(Command::Edit(a)))
    };
    let command = {
        let workspace = workspace.clone();
        Callback::from(move |c| workspace.dispatch(c))
    };
    // Loading a preset over work that is not that preset's asks first.
    // The code panel's settings are the person's, not the design's: they do not count.
    let unsaved = use_derived(&state, |s| {
        presets::load(&s.preset).is_none_or(|p| {
            Playground {
                snippet: s.snippet.clone(),
                ..p
            } != *s
        })
    });
    let current = state;
    let items = Items::of(&current);
    let query_choices = use_derived(&current, Playground::query_choices);
    // A sort key's keys are read within one partition; a partition key's span them all.
    let attribute = current.attribute();
    let is_sort = current
        .key_schema(current.index_of_attribute().as_deref())
        .is_some_and(|k| k.sort.as_deref() == Some(attribute.as_str()));
    let query = analysis.query.as_ref().ok();
    // The earlier version the design is compared with, while one is chosen.
    let against = use_state(|| None::<Rc<Version>>);
    let version_problem = use_state_eq(|| None::<String>);
    let rekeying = use_rekeying(&current, (*against).clone());
    let on_save_version = {
        let (current, against, version_problem) = (current.clone(), against.clone(), version_problem.clone());
        Callback::from(move |_| match save_snapshot(&current) {
            Ok(()) => {
                version_problem.set(None);
                against.set(stored(Source::Snapshot).and_then(Result::ok).map(Rc::new));
            }
            Err(why) => version_problem.set(Some(format!("The version was not saved: {why}."))),
        })
    };
    html! {
        <>
            <nav class="skip-links" aria-label="skip to">
                { for [("preview-panel", "Skip to the sorted keys"), ("query-panel", "Skip to the query"), ("snippet-panel", "Skip to the code")]
                    .into_iter().map(|(id, label)| html! { <a href={format!("#{id}")} onclick={skip_to(id)}>{ label }</a> }) }
            </nav>
            <header>
                <h1>{ "keylab" }</h1>
                <p>{ "Design DynamoDB sort keys and watch them sort the way DynamoDB sorts them: by UTF-8 bytes." }</p>
                <HistoryButtons can_undo={workspace.can_undo()} can_redo={workspace.can_redo()} command={command.clone()} />
                <div class="toolbar">
                    { match (*link).clone() {
                        Some(link) => html! { <CopyButton text={link} label="Copy share link" /> },
                        None => html! { <button type="button" disabled=true title={format!("More than {SHARE_ITEMS} items make a link too long: use Export instead")}>{ "Copy share link" }</button> },
                    } }
                    // The one preset picker: loading a design also closes the start hint.
                    <PresetPicker id="header-preset" unsaved={*unsaved} command={command.clone()} current={AttrValue::from(current.preset.clone())}
                        on_load={{ let hint = hint.clone(); Callback::from(move |_| hint.set(false)) }} />
                    <ThemeToggle />
                </div>
                if cfg!(feature = "deferred") {
                    <Files state={current.clone()} command={command.clone()} />
                }
                <NewDesign command={command.clone()} />
            </header>
            { for notices.iter().chain(save_problem.iter()).map(|n| html! { <p class="notice" role="status">{ n }</p> }) }
            if *hint {
                <aside class="hint" aria-label="start here" data-testid="start-hint">
                    <strong>{ "Start here. " }</strong>
                    { "This is the leaderboard from the seed articles: scores stored inverted so the top score comes first. Change the score's width to 3 and watch 1500 overflow; set the query below to \"Range on a field\" and watch it drawn on the keys, then copy its code for your SDK from the line above them. Or pick another design from the articles under preset, at the top. Everything you change is saved in this browser. " }
                    <button type="button" onclick={{ let hint = hint.clone(); Callback::from(move |_: MouseEvent| hint.set(false)) }}>{ "Got it" }</button>
                </aside>
            }
            { (*pending).clone().map(|design| {
                let pending = pending.clone();
                let on_done = Callback::from(move |_| { forget_link(); pending.set(None); });
                html! { <LinkPrompt {design} command={command.clone()} {on_done} /> }
            }).unwrap_or_default() }
            { presets::find(&current.preset).map(|p| html! {
                <p class="lesson" data-testid="preset-lesson"><strong>{ format!("{}: ", p.title()) }</strong>{ p.lesson() }</p>
            }).unwrap_or_default() }
            <main>
                // The workbench: the design side (the template and the design check, one
                // grid cell) and the keys beside it. The keys stick only within it, so
                // they follow the design as it scrolls and never cover a panel below.
                <div class="workbench">
                    <div class="design-side">
                        <TemplateEditor design={Design::of(&current)} errors={analysis.errors.clone()} warnings={analysis.warnings.clone()} plans={analysis.plans.clone()} dispatch={dispatch.clone()} />
                        <LintList design={Design::of(&current)} findings={analysis.lint.clone()} surprise={analysis.pasted.as_ref().and_then(|p| p.surprise.clone())} dispatch={dispatch.clone()} />
                    </div>
                    <PreviewPanel items={items.clone()} is_sort={is_sort} preview={analysis.preview.clone()} hits={query.map(|q| q.hits.clone()).unwrap_or_default()} band={query.map(|q| q.band.clone())} number_vs_string={analysis.number_vs_string.clone()} number_field={analysis.number_field.clone()} comparing={*comparing}
                        on_compare={{ let comparing = comparing.clone(); Callback::from(move |open| comparing.set(open)) }} overwritten={analysis.overwritten.clone()}
                        collections={analysis.collections.clone()} blocked={analysis.blocked.clone()}
                        on_point={{ let pointed = pointed.clone(); Callback::from(move |r| pointed.set(r)) }}
                        query_bar={analysis.query.as_ref().map(|q| QueryBar {
                            pattern: shape_label(current.query.shape).to_string(),
                            expression: q.expression.clone(),
                            code: q.snippet.as_ref().ok().map(|code| (code.clone(),
                                keylab::snippet::Target::from_id(&current.snippet.target).unwrap_or(keylab::snippet::Target::AwsCli).label().to_string())),
                        }).map_err(Clone::clone)} />
                </div>

                <CollectionView items={items.clone()} index={current.index_of_attribute()} collections={analysis.collections.clone()} blocked={analysis.blocked.clone()} />
                <SamplesTable items={items.clone()} entity={current.entity} attribute={attribute.clone()} preview={analysis.preview.clone()} overwritten={analysis.overwritten.clone()} dispatch={dispatch.clone()} pointed={*pointed} />
                { analysis.side_by_side.clone().map(|designs| html! { <SideBySide {designs} items={items.clone()} /> }).unwrap_or_default() }
                <QueryPanel choices={(*query_choices).clone()} query={analysis.query.clone()} dispatch={dispatch.clone()} />
                <PasteBox pasted={current.pasted.clone()} view={analysis.pasted.clone()} dispatch={dispatch.clone()} />
                <SnippetPanel prefs={current.snippet.clone()} table={current.schema.table.name.clone()} query={analysis.query.clone()} items={items.clone()} {dispatch} />
                <DefinitionsPanel table={current.schema.table.clone()} />
                <KeyCode schema={current.schema.clone()} />
                if cfg!(feature = "deferred") {
                    <VersionCompare {rekeying} against={against.as_ref().map(|v| v.label.clone())} on_save={on_save_version}
                        on_against={{ let against = against.clone(); Callback::from(move |v| against.set(v)) }}
                        save_problem={(*version_problem).clone()} />
                }
            </main>
        </>
    }
}
