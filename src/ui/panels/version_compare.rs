//! *Compare with a saved version*: what the current design does to the keys of a
//! version saved earlier (the snapshot *Save as version* takes, the last export, or a
//! pasted share link or file), over the sample items, and the backfill plan.

use crate::browser::versions::{pasted, stored, Source, Version};
use crate::document::ItemId;
use crate::rekeying::{PatternChange, Rekeying, CURRENT_FILE, SAVED_FILE};
use crate::ui::widgets::copy_button::CopyButton;
use crate::ui::widgets::files::download;
use crate::ui::widgets::transient::use_transient;
use keylab::migrate::plan::Step;
use std::rc::Rc;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct VersionCompareProps {
    /// The comparison with the chosen version; `None` until one is chosen.
    pub rekeying: Option<Rc<Result<Rekeying, String>>>,
    /// Which version is compared with, in words.
    pub against: Option<String>,
    /// Takes the snapshot of the current work (and compares with it).
    pub on_save: Callback<()>,
    pub on_against: Callback<Option<Rc<Version>>>,
    /// What saving the snapshot said, if it failed.
    pub save_problem: Option<String>,
}

fn rows(rows: &[ItemId]) -> String {
    match rows.len() {
        0 => "no items".into(),
        n if n <= 12 => format!(
            "items {}",
            rows.iter().map(ItemId::to_string).collect::<Vec<_>>().join(", ")
        ),
        n => format!(
            "{n} items: {} …",
            rows.iter()
                .take(12)
                .map(ItemId::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn pattern(p: &PatternChange) -> Html {
    let answer = |r: &Result<Vec<ItemId>, String>| match r {
        Ok(found) => rows(found),
        // The message ends its sentence itself; the line adds its own full stop.
        Err(why) => format!("cannot be asked: {}", why.trim_end_matches('.')),
    };
    let verdict = if p.same() {
        "same items, same order"
    } else {
        "different"
    };
    html! {
        <li class={classes!(if p.same() { "same" } else { "differs" })} data-testid="version-pattern">
            <strong>{ &p.label }</strong>{ format!(": {verdict}.") }
            <br />{ format!("Saved design: {}.", answer(&p.before)) }
            <br />{ format!("Current design: {}.", answer(&p.after)) }
        </li>
    }
}

fn more(shown: usize, total: usize) -> Html {
    if total > shown {
        html! { <li class="note">{ format!("… and {} more", total - shown) }</li> }
    } else {
        Html::default()
    }
}

/// The keys that change, saved and current side by side.
fn changed_keys(r: &Rekeying) -> Html {
    html! { <>
        <h3>{ "Keys that change" }</h3>
        <table class="version-keys" data-testid="version-changed">
            <thead><tr><th scope="col">{ "Item" }</th><th scope="col">{ "Attribute" }</th><th scope="col">{ "Saved design" }</th><th scope="col">{ "Current design" }</th></tr></thead>
            <tbody>
                { for r.changed.iter().map(|c| html! {
                    <tr>
                        <td>{ format!("{} {}", c.item, c.entity) }</td>
                        <td>{ &c.attribute }</td>
                        <td><code class="key">{ c.old.clone().unwrap_or_else(|| "(not written)".into()) }</code></td>
                        <td><code class="key">{ c.new.clone().unwrap_or_else(|| "(no longer written)".into()) }</code></td>
                    </tr>
                }) }
            </tbody>
        </table>
        if r.summary.changed > r.changed.len() { <p class="note">{ format!("The first {} changed keys are listed.", r.changed.len()) }</p> }
    </> }
}

fn report(r: &Rekeying) -> Html {
    let s = &r.summary;
    let changed_by: Vec<String> = s.changed_by_attribute.iter().map(|(a, n)| format!("{a} {n}")).collect();
    html! {
        <>
            if r.total > r.compared {
                <p class="note" data-testid="version-sampled">{ format!("Compared the first {} of the {} sample items, so the page stays quick; keylab migrate compares a whole table.", r.compared, r.total) }</p>
            }
            <p data-testid="version-summary">
                { format!("{} of {} compared sample item(s) change keys", s.changed, s.items) }
                { if changed_by.is_empty() { String::new() } else { format!(" ({})", changed_by.join(", ")) } }
                { format!("; {} neighbouring pair(s) swap order; {} item(s) collide; {} cannot be written.",
                    s.swapped_neighbours, s.collision_count, s.refused_count) }
            </p>
            if !r.changed.is_empty() { { changed_keys(r) } }
            if !s.swaps.is_empty() {
                <h3>{ "Neighbours that swap order" }</h3>
                <ul data-testid="version-swaps">
                    { for s.swaps.iter().map(|w| html! {
                        <li>{ format!("#{} and #{}: ", w.earlier + 1, w.later + 1) }
                            <code class="key">{ w.old.0.as_str() }</code>{ " < " }<code class="key">{ w.old.1.as_str() }</code>
                            { " becomes " }<code class="key">{ w.new.0.as_str() }</code>{ " > " }<code class="key">{ w.new.1.as_str() }</code></li>
                    }) }
                    { more(s.swaps.len(), s.swapped_neighbours) }
                </ul>
            }
            if !s.collisions.is_empty() {
                <h3>{ "Items whose new keys collide" }</h3>
                <ul data-testid="version-collisions">
                    { for s.collisions.iter().map(|c| html! {
                        <li>{ format!("#{} would overwrite #{}: ", c.second + 1, c.first + 1) }
                            <code class="key">{ c.key.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(" / ") }</code></li>
                    }) }
                    { more(s.collisions.len(), s.collision_count) }
                </ul>
            }
            if !s.refused.is_empty() {
                <h3>{ "Items the current design cannot write" }</h3>
                <ul data-testid="version-refused">
                    { for s.refused.iter().map(|f| html! { <li>{ format!("#{}: {}", f.at + 1, f.why) }</li> }) }
                    { more(s.refused.len(), s.refused_count) }
                </ul>
            }
            if !r.new_entities.is_empty() {
                <p class="note">{ format!("Not compared: {} (the saved version has no such entity).",
                    r.new_entities.iter().map(|(item, e)| format!("{item} {e}")).collect::<Vec<_>>().join(", ")) }</p>
            }
            if !r.not_in_saved.is_empty() {
                <p class="note" data-testid="version-not-in-saved">{ format!("Not compared: {} (the saved design cannot write them, so they have no keys to change).",
                    r.not_in_saved.iter().map(|(item, why)| format!("{item}: {why}")).collect::<Vec<_>>().join("; ")) }</p>
            }
            if !r.patterns.is_empty() {
                <h3>{ "Saved access patterns" }</h3>
                <ul class="version-patterns">{ for r.patterns.iter().map(pattern) }</ul>
            }
            <h3>{ "The backfill plan" }</h3>
            <p data-testid="version-plan">{ &r.plan }</p>
            if let Some(mixed) = &r.mixed {
                <p class="notice" role="note" data-testid="version-mixed">{ mixed.clone() }</p>
            }
            <div class="snippet-actions">
                <button type="button" onclick={{ let t = r.saved_schema.clone(); Callback::from(move |_: MouseEvent| { download(SAVED_FILE, &t); }) }}>{ format!("Download {SAVED_FILE}") }</button>
                <button type="button" onclick={{ let t = r.current_schema.clone(); Callback::from(move |_: MouseEvent| { download(CURRENT_FILE, &t); }) }}>{ format!("Download {CURRENT_FILE}") }</button>
            </div>
            <ol class="plan-steps" data-testid="version-steps">{ for r.steps.iter().enumerate().map(step) }</ol>
        </>
    }
}

/// One step of the backfill plan: what to do, then each command with its own Copy.
fn step((n, step): (usize, &Step)) -> Html {
    html! {
        <li>
            <p>{ &step.text }</p>
            { for step.commands.iter().enumerate().map(|(c, command)| html! {
                <div class="plan-command">
                    <pre class="code"><code data-testid="version-command">{ command }</code></pre>
                    <CopyButton text={AttrValue::from(command.clone())} label={format!("Copy the command of step {}{}", n + 1, if c > 0 { format!(" ({})", c + 1) } else { String::new() })} />
                </div>
            }) }
        </li>
    }
}

#[function_component]
pub fn VersionCompare(props: &VersionCompareProps) -> Html {
    // Why the last choice could not be compared, until the next action: a refused
    // paste said after "Save as version" was about a version no longer asked for.
    let problem = use_transient::<String>();
    // The pasted version's text, kept across a reload until it is emptied.
    let text = use_state(|| crate::browser::storage::typed("version-paste"));
    let choose = |source: Source| {
        let (on_against, problem) = (props.on_against.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            match stored(source) {
            Some(Ok(v)) => {
                problem.clear();
                on_against.emit(Some(Rc::new(v)));
            }
            Some(Err(why)) => problem.say(why),
            None => problem.say(match source {
                Source::Snapshot => "No version is saved in this browser yet: press Save as version first, then change the design.".into(),
                _ => "Nothing has been exported from this browser yet: the last export is remembered when you use Import / export.".into(),
            }),
        }
        })
    };
    let compare_pasted = {
        let (on_against, problem, text) = (props.on_against.clone(), problem.clone(), text.clone());
        // A refusal says which version the report under it still compares, if any.
        let still = match &props.against {
            Some(label) => format!(" The report below still compares {label}."),
            None => String::new(),
        };
        Callback::from(move |_: MouseEvent| match pasted(&text) {
            Ok(v) => {
                problem.clear();
                on_against.emit(Some(Rc::new(v)));
            }
            Err(why) => problem.say(format!("The pasted version cannot be compared: {why}.{still}")),
        })
    };
    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                crate::browser::storage::keep_typed("version-paste", &area.value());
                text.set(area.value());
            }
        })
    };
    let on_save = {
        let (on_save, problem) = (props.on_save.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            problem.clear();
            on_save.emit(())
        })
    };
    html! {
        <section class="panel wide" aria-labelledby="versions-title" id="versions-panel">
            <h2 id="versions-title">{ "Compare with a saved version" }</h2>
            <p class="note">{ "Before changing a design that a live table already uses: save it as a version, change it, then see which sample keys change, which neighbours swap order, which items collide, and which access patterns return other items." }</p>
            <div class="version-actions">
                <button type="button" onclick={on_save} data-testid="save-version">{ "Save as version" }</button>
                <button type="button" onclick={choose(Source::Snapshot)}>{ "Compare with the saved version" }</button>
                <button type="button" onclick={choose(Source::Export)}>{ "Compare with the last export" }</button>
            </div>
            <label for="version-paste">{ "Or paste a share link or an exported file" }</label>
            <textarea id="version-paste" rows="2" spellcheck="false" value={(*text).clone()} oninput={on_input}
                aria-describedby={problem.get().map(|_| "version-problem")} />
            <button type="button" onclick={compare_pasted}>{ "Compare with the pasted version" }</button>
            { for problem.get().into_iter().chain(props.save_problem.iter()).map(|p| html! {
                <p class="message error" id="version-problem" role="alert">{ p }</p>
            }) }
            { comparison(props) }
        </section>
    }
}

/// The comparison with the chosen version, and the button that stops it.
fn comparison(props: &VersionCompareProps) -> Html {
    let (Some(label), Some(r)) = (&props.against, &props.rekeying) else {
        return Html::default();
    };
    let on_against = props.on_against.clone();
    let stop = Callback::from(move |_: MouseEvent| on_against.emit(None));
    html! {
        <div class="version-report" data-testid="version-report">
            <p><strong>{ format!("Comparing {label} with the current design.") }</strong>
                { " " }<button type="button" onclick={stop}>{ "Stop comparing" }</button></p>
            { match &**r {
                Ok(r) => report(r),
                Err(why) => html! { <p class="message error" role="alert">{ format!("The versions cannot be compared: {why}") }</p> },
            } }
        </div>
    }
}
