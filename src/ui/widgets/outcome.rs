//! How the last export or import went. An import's question and its report (what it
//! read, inferred and left out, and each key it cannot write again) go under the
//! header, across the page, as the files menu closes; an export's outcome and an
//! import's refusal stay in the menu, beside the control that took them ([`Said`]).

use crate::document::imported::Imported;
use crate::ui::widgets::elided::Elided;
use crate::ui::widgets::prompt::{focus, use_escape_cancels};
use std::rc::Rc;
use yew::prelude::*;

/// How the last export or import went, in words, with what an import read.
#[derive(Clone, PartialEq)]
pub struct Outcome {
    pub ok: bool,
    pub text: String,
    pub report: Option<Rc<Imported>>,
    /// A question: called on yes (an import over work that is not a preset's).
    pub confirm: Option<Callback<()>>,
}

impl Outcome {
    pub fn failed(text: String) -> Outcome {
        Outcome {
            ok: false,
            text,
            report: None,
            confirm: None,
        }
    }
}

impl From<(bool, String)> for Outcome {
    fn from((ok, text): (bool, String)) -> Outcome {
        Outcome {
            ok,
            text,
            report: None,
            confirm: None,
        }
    }
}

/// Characters of an outcome shown before it is cut: a refused import says why each
/// format could not read the text, which takes about a thousand.
const SAID_KEEP: usize = 2000;

#[derive(Properties, PartialEq)]
pub struct SaidProps {
    pub outcome: Outcome,
    pub testid: AttrValue,
}

/// An outcome in one line, beside the control whose action it tells of.
#[function_component]
pub fn Said(props: &SaidProps) -> Html {
    let Outcome { ok, text, .. } = &props.outcome;
    let testid = props.testid.clone();
    if *ok {
        return html! { <p class="ok said" role="status" data-testid={testid}>{ text.clone() }</p> };
    }
    html! {
        <p class="messages said" data-testid={testid}>
            <span class="error" role="alert"><Elided text={text.clone()} keep={SAID_KEEP} /></span>
        </p>
    }
}

#[derive(Properties, PartialEq)]
pub struct OutcomeLineProps {
    pub outcome: Outcome,
    pub on_close: Callback<()>,
    /// Where the focus goes back when the import's question is answered "no": the
    /// files menu's button (the control that asked is in the closed menu).
    #[prop_or_default]
    pub back: NodeRef,
}

/// The outcome line, with an import's question or report.
#[function_component]
pub fn OutcomeLine(props: &OutcomeLineProps) -> Html {
    let Outcome {
        ok,
        text,
        report,
        confirm,
    } = &props.outcome;
    let prompt = use_node_ref();
    use_escape_cancels(
        confirm.is_some(),
        prompt.clone(),
        props.back.clone(),
        props.on_close.clone(),
    );
    let close = props.on_close.reform(|_: MouseEvent| ());
    if let Some(yes) = confirm {
        let yes = yes.reform(|_: MouseEvent| ());
        let (keep, back) = (props.on_close.clone(), props.back.clone());
        let keep = Callback::from(move |_: MouseEvent| {
            keep.emit(());
            focus(&back);
        });
        return html! {
            <div class="files-outcome notice prompt" role="alertdialog" aria-label="replace your work with the import?" ref={prompt}>
                <p>{ text.clone() }</p>
                <button type="button" onclick={yes}>{ "Replace my work" }</button>
                <button type="button" onclick={keep}>{ "Keep my work" }</button>
            </div>
        };
    }
    html! {
        <div class="files-outcome" role="status" data-testid="files-status">
            <p class={if *ok { "ok" } else { "error" }}>{ text.clone() }
                <button type="button" class="sub" onclick={close} aria-label="close the message">{ "Close" }</button>
            </p>
            { report.clone().map(|imported| html! { <ImportReport {imported} /> }).unwrap_or_default() }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ImportReportProps {
    pub imported: Rc<Imported>,
}

/// What the last import read, inferred and left out, and each key it cannot write again.
#[function_component]
pub fn ImportReport(props: &ImportReportProps) -> Html {
    let i = &props.imported;
    if i.notes.is_empty() && i.misfits.is_empty() {
        return Html::default();
    }
    let more = i.misfit_count.saturating_sub(i.misfits.len());
    html! {
        <section class="import-report" aria-label="what the import read" data-testid="import-report">
            if !i.misfits.is_empty() {
                <p class="error">{ format!("Keys the design does not write again ({}), left out of the items:", i.misfit_count) }</p>
                <ul class="messages">
                    { for i.misfits.iter().map(|m| html! { <li>{ m.clone() }</li> }) }
                    if more > 0 { <li>{ format!("and {more} more") }</li> }
                </ul>
            }
            <p>{ "What was read and inferred:" }</p>
            <ul class="note">{ for i.notes.iter().map(|n| html! { <li>{ n.clone() }</li> }) }</ul>
        </section>
    }
}
