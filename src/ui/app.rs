//! The page: the work and its history, the workbench (template, keys, inspector) and
//! the views under it.

use crate::analysis::Analysis;
use crate::browser::boot::{boot, forget_link, share_url, Boot};
use crate::browser::link::Linked;
use crate::browser::services::{self, Later};
use crate::browser::storage;
use crate::browser::versions::{save_snapshot, stored, Source, Version};
use crate::document::{
    Action, Asker, Command, Design, FocusEdit, ItemId, Items, Playground, PresetId, QueryChoices, Refusal, Same,
    Workspace,
};
use crate::presets;
use crate::ui::hooks::{use_analysis, use_code, use_derived, use_rekeying};
use crate::ui::page_hooks::{use_autosave, use_link_listener, use_runtimes, use_second_module, use_shortcuts};
use crate::ui::panels::collection_view::CollectionView;
use crate::ui::panels::definitions_panel::DefinitionsPanel;
use crate::ui::panels::inspector::Inspector;
use crate::ui::panels::key_code::KeyCode;
use crate::ui::panels::lint_list::LintList;
use crate::ui::panels::masthead::Masthead;
use crate::ui::panels::paste_box::PasteBox;
use crate::ui::panels::preview_panel::{PreviewPanel, QueryBar};
use crate::ui::panels::query_panel::{shape_label, QueryPanel};
use crate::ui::panels::samples_table::SamplesTable;
use crate::ui::panels::side_by_side::SideBySide;
use crate::ui::panels::snippet_panel::SnippetPanel;
use crate::ui::panels::template_editor::TemplateEditor;
use crate::ui::panels::version_compare::VersionCompare;
use crate::ui::panels::views::{refusal_note, use_open_views, OpenViews, View, ViewBox, ViewRail};
use crate::ui::widgets::link_prompt::LinkPrompt;
use crate::ui::widgets::other_tab::OtherTab;
use crate::ui::widgets::transient::{use_actions, Actions};
use std::rc::Rc;
use yew::prelude::*;

/// Sets a state to the value a child reports.
fn setter<T: 'static>(state: &UseStateHandle<T>) -> Callback<T> {
    let state = state.clone();
    Callback::from(move |value| state.set(value))
}

/// Every command of the page goes to the workspace, which keeps the undo history; one
/// that acts on the work ends the messages of the action before.
fn commands(workspace: &UseReducerHandle<Workspace>, actions: &Actions) -> Callback<Command> {
    let (workspace, actions) = (workspace.clone(), actions.clone());
    Callback::from(move |c: Command| {
        actions.took_command(&c);
        workspace.dispatch(c)
    })
}

/// A skip link opens its view and moves the focus there, without touching the
/// fragment, which carries share links.
fn skip_link(label: &'static str, view: View, open: &Callback<View>) -> Html {
    let open = open.reform(move |e: MouseEvent| {
        e.prevent_default();
        view
    });
    html! { <a href={format!("#{}", view.box_id())} onclick={open}>{ label }</a> }
}

fn skip_links(open_view: &Callback<View>) -> Html {
    let to_keys = Callback::from(|e: MouseEvent| {
        e.prevent_default();
        crate::ui::widgets::tabs::focus("preview-panel");
    });
    html! {
        <nav class="skip-links" aria-label="skip to">
            <a href="#preview-panel" onclick={to_keys}>{ "Skip to the sorted keys" }</a>
            { skip_link("Skip to the query", View::Query, open_view) }
            { skip_link("Skip to the code", View::Code, open_view) }
        </nav>
    }
}

/// A shared link's design waiting for the person's word, asked about over the work.
/// The question asked when another tab saved other work, while it is unanswered.
fn other_tab_prompt(
    other_tab: &UseStateHandle<bool>,
    current: &Rc<Playground>,
    command: &Callback<Command>,
    problem: &UseStateHandle<Option<String>>,
) -> Html {
    if !**other_tab {
        return Html::default();
    }
    let (answered, problem) = (other_tab.clone(), problem.clone());
    html! {
        <OtherTab work={current.clone()} command={command.clone()} on_done={Callback::from(move |()| answered.set(false))}
            on_problem={Callback::from(move |why| problem.set(Some(why)))} />
    }
}

fn link_prompt(pending: &UseStateHandle<Option<Linked>>, command: &Callback<Command>) -> Html {
    let Some(linked) = (**pending).clone() else {
        return Html::default();
    };
    let pending = pending.clone();
    let on_done = Callback::from(move |_| {
        forget_link();
        pending.set(None);
    });
    html! { <LinkPrompt {linked} command={command.clone()} {on_done} /> }
}

/// The start hint and the preset's lesson: first in the reading order, and on a wide
/// screen in the side column, under the open segment's settings (the width the hint
/// asks for is just above it), so the keys under the template start high enough for a
/// dozen of them to share the first screen with the hint.
fn intro(hint: &UseStateHandle<bool>, preset: Option<PresetId>, changed: bool) -> Html {
    let taught = preset.and_then(presets::find).is_some();
    if !**hint && !taught {
        return Html::default();
    }
    html! {
        <div class="intro">
            if **hint { { start_hint(hint) } }
            { lesson(preset, changed) }
        </div>
    }
}

/// The one thing the preset the work came from teaches; once the work is `changed`,
/// said of the preset as it was loaded (its widths may no longer be the design's).
fn lesson(preset: Option<PresetId>, changed: bool) -> Html {
    let Some(p) = preset.and_then(presets::find) else {
        return Html::default();
    };
    let title = match changed {
        true => format!("{}, as loaded: ", p.title()),
        false => format!("{}: ", p.title()),
    };
    html! { <p class="lesson" data-testid="preset-lesson"><strong>{ title }</strong>{ p.lesson() }</p> }
}

/// The views the rail offers: the two GSI designs need a table with one of each.
fn offered_views(analysis: &Analysis) -> Vec<View> {
    let offered = |v: &View| match v {
        View::TwoDesigns => analysis.settled.side_by_side.is_some(),
        _ => true,
    };
    View::ALL.into_iter().filter(offered).collect()
}

/// What every view under the workbench may read.
#[derive(Clone)]
struct ViewContext<'a> {
    current: &'a Rc<Playground>,
    analysis: &'a Analysis,
    items: &'a Items,
    dispatch: &'a Callback<Action>,
    pointed: Option<ItemId>,
    query_choices: &'a QueryChoices,
    versions: Html,
    /// Draws the page again when one of key code's runtimes arrives or fails.
    runtimes: &'a Callback<()>,
    /// Changes when the second module arrives or fails.
    module: u32,
    /// The query's code, from the second module.
    code: &'a Rc<Later<Result<String, String>>>,
    /// The last command's edit, when refused, with where it was asked for.
    refused: Option<&'a (Asker, Refusal)>,
}

/// The open view, and only it: a view that is not open is not drawn.
/// The open views, in a keyed list of their own: among main's other children they would
/// be matched by place, and opening a view would build every open one again (an open
/// "Write these items" closed).
fn view_boxes(open: &[View], close_view: &Callback<View>, context: ViewContext) -> Html {
    html! {
        <>{ for open.iter().map(|&v| html! {
            <ViewBox key={v as usize} view={v} on_close={close_view.clone()}>
                { for context.refused.filter(|(asker, _)| View::asking(*asker) == Some(v)).map(|(_, why)| refusal_note(why)) }
                { view_body(v, context.clone()) }
            </ViewBox>
        }) }</>
    }
}

fn view_body(view: View, c: ViewContext) -> Html {
    let (current, analysis, items, dispatch) = (c.current, c.analysis, c.items, c.dispatch);
    match view {
        View::Query => {
            html! { <QueryPanel choices={c.query_choices.clone()} query={analysis.settled.query.clone()} dispatch={dispatch.clone()} /> }
        }
        View::Items => html! {
            <SamplesTable items={items.clone()} entity={current.focus().entity} attribute={current.attribute()} preview={analysis.preview.clone()}
                overwritten={analysis.settled.overwritten.clone()} dispatch={dispatch.clone()} pointed={c.pointed} />
        },
        View::Collections => {
            html! { <CollectionView items={items.clone()} index={current.index_of_attribute()} collections={analysis.collections.clone()} blocked={(*analysis.blocked).clone()} /> }
        }
        View::Paste => {
            html! { <PasteBox pasted={AttrValue::from(current.pasted().to_string())} view={analysis.settled.pasted.clone()} reader={services::module()} patterns={Same(current.patterns().clone())} dispatch={dispatch.clone()} /> }
        }
        View::Code => {
            html! { <SnippetPanel prefs={current.snippet().clone()} table={current.schema().table.name.clone()} query={analysis.settled.query.clone()} code={Same(c.code.clone())} items={items.clone()} module={c.module} dispatch={dispatch.clone()} /> }
        }
        View::KeyCode => {
            html! { <KeyCode schema={current.schema().clone()} runtimes={crate::browser::runtimes::settled()} on_runtime={c.runtimes.clone()} module={c.module} /> }
        }
        View::Tables => html! { <DefinitionsPanel table={current.schema().table.clone()} /> },
        View::Versions => c.versions,
        View::TwoDesigns => {
            html! { <SideBySide designs={analysis.settled.side_by_side.clone()} items={items.clone()} /> }
        }
    }
}

/// The start hint of a first visit, until it is dismissed or a preset is loaded.
fn start_hint(hint: &UseStateHandle<bool>) -> Html {
    let close = {
        let hint = hint.clone();
        Callback::from(move |_: MouseEvent| hint.set(false))
    };
    html! {
        <section class="hint" aria-label="start here" data-testid="start-hint">
            <strong>{ "Start here. " }</strong>
            { "keylab sorts DynamoDB keys as DynamoDB does, by UTF-8 bytes. Set the score chip's width to 3 and watch 1500 overflow; under Query pick \"Range on a field\" and see it drawn on the keys; copy its code from the line above them. More designs under preset, at the top; your work stays in this browser. " }
            <button type="button" onclick={close}>{ "Got it" }</button>
        </section>
    }
}

/// Loading a preset over work that is not that preset's asks first. The code panel's
/// settings are the person's, not the design's: they do not count.
fn differs_from_its_preset(s: &Playground) -> bool {
    s.preset().and_then(presets::load).is_none_or(|p| !s.same_work_as(&p))
}

/// The query's line above the keys, or why there is no query.
fn query_bar(
    current: &Playground,
    analysis: &Analysis,
    code: &Later<Result<String, String>>,
) -> Result<QueryBar, String> {
    let q = analysis.settled.query.as_ref().map_err(Clone::clone)?;
    Ok(QueryBar {
        pattern: shape_label(current.query().shape).to_string(),
        expression: q.expression.clone(),
        code: match code {
            Later::Ready(Ok(code)) => Some((code.clone(), current.snippet().target.label().to_string())),
            _ => None,
        },
    })
}

/// The comparison with an earlier version: the version chosen, a problem saving one,
/// and the comparison worked out while one is chosen.
struct Versions {
    against: UseStateHandle<Option<Rc<Version>>>,
    problem: UseStateHandle<Option<String>>,
    rekeying: Option<Rc<Result<crate::rekeying::Rekeying, String>>>,
    save: Callback<()>,
}

#[hook]
fn use_versions(current: &Rc<Playground>) -> Versions {
    // The comparison open before a reload is open again, or said to be lost and why.
    let kept = use_memo((), |_| crate::browser::versions::comparing());
    let against = use_state(|| (*kept).clone().and_then(Result::ok).map(Rc::new));
    let problem = use_state_eq(|| (*kept).clone().and_then(Result::err));
    let rekeying = use_rekeying(current, (*against).clone());
    let save = {
        let (current, against, problem) = (current.clone(), against.clone(), problem.clone());
        Callback::from(move |_| match save_snapshot(&current) {
            Ok(()) => {
                let saved = stored(Source::Snapshot).and_then(Result::ok).map(Rc::new);
                let kept = crate::browser::versions::keep_comparing(saved.as_deref());
                problem.set(
                    kept.err()
                        .map(|why| format!("The comparison is not kept across a reload: {why}.")),
                );
                against.set(saved);
            }
            Err(why) => problem.set(Some(format!("The version was not saved: {why}."))),
        })
    };
    Versions {
        against,
        problem,
        rekeying,
        save,
    }
}

impl Versions {
    /// The view, drawn only while it is open.
    fn view(&self, open: bool) -> Html {
        if !open {
            return Html::default();
        }
        let (against, problem) = (self.against.clone(), self.problem.clone());
        let on_against = Callback::from(move |v: Option<Rc<Version>>| {
            let kept = crate::browser::versions::keep_comparing(v.as_deref());
            problem.set(
                kept.err()
                    .map(|why| format!("The comparison is not kept across a reload: {why}.")),
            );
            against.set(v)
        });
        html! { <VersionCompare rekeying={self.rekeying.clone()} against={self.against.as_ref().map(|v| v.label.clone())} on_save={self.save.clone()}
        {on_against} save_problem={(*self.problem).clone()} /> }
    }
}

/// The undo steps of this tab survive a reload, as the work does: read once the page is
/// up, since checking that they belong to this work writes all of it out (100,000
/// items), which need not delay the first keys.
#[hook]
fn use_kept_history(workspace: &UseReducerHandle<Workspace>, booted: &Rc<Boot>) {
    let (workspace, booted) = (workspace.clone(), booted.clone());
    use_effect_with((), move |_| {
        let later = gloo::timers::callback::Timeout::new(0, move || {
            let past = storage::history_of(booted.kept_history.as_deref(), &booted.state);
            if !past.is_empty() {
                workspace.dispatch(Command::Restore(past));
            }
        });
        move || drop(later)
    });
}

/// The last refusal, when it is said above the keys: a refusal is said in the view that
/// asked for it, or above the keys for the workbench's own controls and while that view
/// is closed.
fn refused_above_keys<'a>(workspace: &'a Workspace, open: &[View]) -> Option<&'a Refusal> {
    let (asker, why) = workspace.refused.as_ref()?;
    View::asking(*asker).is_none_or(|v| !open.contains(&v)).then_some(why)
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
        use_reducer(move || Workspace::new(boot.state.clone()))
    };
    use_kept_history(&workspace, &boot);
    // _eq: a save that changes nothing must not re-render, or a value being typed
    // (not yet committed by its change event) is reset under the cursor.
    let save_problem = use_state_eq(|| None::<String>);
    let other_tab = use_autosave(&workspace, save_problem.clone(), boot.stored);
    let actions = use_actions();
    let command = commands(&workspace, &actions);
    use_shortcuts(&command);
    use_link_listener(pending.clone(), notices.clone());
    let current: Rc<Playground> = workspace.present.clone();
    let link = use_derived(&current, share_url);
    // Whether the Number vs String view is open: only then is it computed.
    let comparing = use_state_eq(|| false);
    let analysis = use_analysis(&current, *comparing);
    // The item whose key the pointer is on in the preview, marked in the items table;
    // _eq: the pointer moving within one key sets it again.
    let pointed = use_state_eq(|| None::<ItemId>);
    // The segment whose settings the inspector shows, and the view under the workbench.
    let selected = use_state_eq(|| 0usize);
    let OpenViews {
        opened,
        open_view,
        close_view,
    } = use_open_views();
    let dispatch = command.reform(Command::Edit);
    let unsaved = use_derived(&current, differs_from_its_preset);
    let items = Items::of(&current);
    let query_choices = use_derived(&current, |p| p.draft_on().query_choices());
    let query = analysis.settled.query.as_ref().ok();
    let versions = use_versions(&current);
    let views = offered_views(&analysis);
    let open: Vec<View> = opened.iter().copied().filter(|v| views.contains(v)).collect();
    let versions = versions.view(open.contains(&View::Versions));
    let module = use_second_module();
    let code = use_code(current.schema(), &analysis.settled.query, current.snippet(), module);
    let query_bar = query_bar(&current, &analysis, &code);
    let runtimes = use_runtimes();
    html! {
        <ContextProvider<Actions> context={actions}>
            { skip_links(&open_view) }
            <Masthead can_undo={workspace.can_undo()} can_redo={workspace.can_redo()} link={(*link).clone()} unsaved={*unsaved}
                preset={current.preset()} state={current.clone()} command={command.clone()}
                on_load={{ let hint = hint.clone(); Callback::from(move |_| hint.set(false)) }} />
            { for notices.iter().chain(save_problem.iter()).map(|n| html! { <p class="notice" role="status">{ n }</p> }) }
            { link_prompt(&pending, &command) }
            { other_tab_prompt(&other_tab, &current, &command, &save_problem) }
            <main>
                // The workbench: the chips and the keys, the settings and the design check beside.
                <div class="workbench">
                    { intro(&hint, current.preset(), *unsaved) }
                    <div class="work-main">
                    { for refused_above_keys(&workspace, &open).map(refusal_note) }
                    <TemplateEditor design={Design::of(&current)} errors={analysis.checked.errors.clone()} warnings={analysis.checked.warnings.clone()} dispatch={dispatch.clone()} selected={*selected} on_select={setter(&selected)} />
                    <PreviewPanel items={items.clone()} is_sort={current.edits_a_sort_key()} preview={analysis.preview.clone()} hits={Same(query.map(|q| q.hits.clone()).unwrap_or_default())} band={query.map(|q| q.band.clone())} number_vs_string={(*analysis.number_vs_string).clone()} number_field={(*analysis.number_field).clone()} comparing={*comparing}
                        on_compare={setter(&comparing)} overwritten={analysis.settled.overwritten.clone()}
                        collections={analysis.collections.clone()} blocked={(*analysis.blocked).clone()}
                        on_point={setter(&pointed)}
                        on_edit_query={open_view.reform(|_| View::Query)} on_show_attribute={dispatch.reform(|a| Action::from(FocusEdit::SelectAttribute(a)))} {query_bar} />
                    </div>
                    <div class="design-side">
                        <Inspector design={Design::of(&current)} errors={analysis.checked.errors.clone()} warnings={analysis.checked.warnings.clone()} plans={(*analysis.settled.plans).clone()} dispatch={dispatch.clone()} selected={*selected} on_select={setter(&selected)} />
                        <LintList design={Design::of(&current)} checking={analysis.checking} findings={analysis.settled.lint.clone()} surprise={analysis.settled.pasted.as_ref().and_then(|p| p.surprise.clone())} dispatch={dispatch.clone()} />
                    </div>
                </div>
                <ViewRail {views} open={open.clone()} on_open={open_view} />
                { view_boxes(&open, &close_view, ViewContext { current: &current, analysis: &analysis, items: &items, dispatch: &dispatch, pointed: *pointed, query_choices: &query_choices, versions, runtimes: &runtimes, module, code: &code, refused: workspace.refused.as_ref() }) }
            </main>
        </ContextProvider<Actions>>
    }
}
