//! The views under the workbench: each is one click from the keys on the rail, which
//! opens it (or, when open, brings it into sight) and scrolls to it; each closes on its
//! own button. The items and the query are open at first. A view that is not open is
//! not drawn.

use crate::browser::storage;
use crate::document::{Asker, Refusal};
use yew::prelude::*;

/// A view of the design under the workbench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Query,
    Items,
    Collections,
    Paste,
    Code,
    KeyCode,
    Tables,
    Versions,
    TwoDesigns,
}

impl View {
    /// Every view, in the order of the tabs.
    pub const ALL: [View; 9] = [
        View::Query,
        View::Items,
        View::Collections,
        View::Paste,
        View::Code,
        View::KeyCode,
        View::Tables,
        View::Versions,
        View::TwoDesigns,
    ];

    /// The view of the controls that ask for an edit, where its refusal is said; `None`
    /// for the workbench's own.
    pub fn asking(asker: Asker) -> Option<View> {
        match asker {
            Asker::Workbench => None,
            Asker::Items => Some(View::Items),
            Asker::Query => Some(View::Query),
            Asker::Paste => Some(View::Paste),
            Asker::Code => Some(View::Code),
        }
    }

    /// The tab's text.
    pub fn label(self) -> &'static str {
        match self {
            View::Query => "Query",
            View::Items => "Items",
            View::Collections => "Item collections",
            View::Paste => "Paste an expression",
            View::Code => "Code",
            View::KeyCode => "Key code",
            View::Tables => "Table definitions",
            View::Versions => "Compare versions",
            View::TwoDesigns => "Two GSI designs",
        }
    }

    /// The id of the box the view is drawn in.
    pub fn box_id(self) -> String {
        format!("view-{}", self as usize)
    }

    /// The views open on a first visit: the items and the query, the two edited most.
    pub fn at_first() -> Vec<View> {
        vec![View::Query, View::Items]
    }
}

/// Scrolls the view into sight once the page has drawn it, and moves the focus there,
/// unless the focus moved meanwhile: on a busy machine the draw can come after the person
/// (or a test) already clicked into the view, and the focus is never taken from where
/// they put it.
pub fn bring_into_view(view: View) {
    let document = web_sys::window().and_then(|w| w.document());
    let asked_from = document.as_ref().and_then(|d| d.active_element());
    gloo::timers::callback::Timeout::new(0, move || {
        let Some(document) = document else { return };
        let found = (document.get_element_by_id(&view.box_id()))
            .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
        let Some(el) = found else { return };
        el.scroll_into_view();
        if document.active_element() != asked_from {
            return;
        }
        // The view's own panel takes the focus, so the next Tab is into its controls.
        let panel = el
            .query_selector("section.panel[tabindex]")
            .ok()
            .flatten()
            .and_then(|p| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(p).ok());
        let _ = panel.as_ref().unwrap_or(&el).focus();
    })
    .forget();
}

#[derive(Properties, PartialEq)]
pub struct ViewRailProps {
    /// The views this design has (no Two GSI designs without two GSIs, say).
    pub views: Vec<View>,
    pub open: Vec<View>,
    /// Told to open a view (or bring an open one into sight).
    pub on_open: Callback<View>,
}

#[function_component]
pub fn ViewRail(props: &ViewRailProps) -> Html {
    html! {
        <nav class="view-rail" aria-label="views of the design">
            { for props.views.iter().map(|&view| {
                let open = props.open.contains(&view);
                html! {
                    <button type="button" class={classes!("rail-item", open.then_some("open"))} aria-expanded={open.to_string()}
                        aria-controls={open.then(|| view.box_id())} onclick={props.on_open.reform(move |_: MouseEvent| view)}>{ view.label() }</button>
                }
            }) }
        </nav>
    }
}

#[derive(Properties, PartialEq)]
pub struct ViewBoxProps {
    pub view: View,
    pub on_close: Callback<View>,
    pub children: Html,
}

/// One open view, with its close button.
#[function_component]
pub fn ViewBox(props: &ViewBoxProps) -> Html {
    let view = props.view;
    html! {
        <div class="view-box" id={view.box_id()} tabindex="-1">
            { props.children.clone() }
            // After the view in the page's order, so Tab reaches the view's own controls first.
            <button type="button" class="close-view" aria-label={format!("close {}", view.label())}
                onclick={props.on_close.reform(move |_: MouseEvent| view)}>{ "×" }</button>
        </div>
    }
}

/// An edit the work refused (a stale or hostile request: the page's controls offer only
/// what applies), said where it was asked for until the next command.
pub fn refusal_note(refused: &Refusal) -> Html {
    html! {
        <p class="notice refused" role="alert" data-testid="refused">{ format!("Not done: {}.", refused.0) }</p>
    }
}

/// The views open under the workbench, kept across reloads, with what opens one (and
/// brings it into view) and what closes one.
pub struct OpenViews {
    pub opened: UseStateHandle<Vec<View>>,
    pub open_view: Callback<View>,
    pub close_view: Callback<View>,
}

#[hook]
pub fn use_open_views() -> OpenViews {
    let opened = use_state_eq(|| {
        // A damaged record opens the first ones (see `storage::load_views`).
        storage::load_views(View::ALL.len())
            .map(|open| {
                View::ALL
                    .into_iter()
                    .filter(|v| open.contains(&(*v as usize)))
                    .collect()
            })
            .unwrap_or_else(View::at_first)
    });
    // Stored as the click is handled, not in an effect after drawing: a reload right
    // after the click keeps it.
    let keep = |opened: &UseStateHandle<Vec<View>>, now: Vec<View>| {
        storage::save_views(&now.iter().map(|&v| v as usize).collect::<Vec<_>>());
        opened.set(now);
    };
    let open_view = {
        let opened = opened.clone();
        Callback::from(move |v: View| {
            if !opened.contains(&v) {
                // Kept in the rail's order, whatever order they were opened in.
                keep(
                    &opened,
                    View::ALL
                        .into_iter()
                        .filter(|o| *o == v || opened.contains(o))
                        .collect(),
                );
            }
            bring_into_view(v);
        })
    };
    let close_view = {
        let opened = opened.clone();
        Callback::from(move |v: View| keep(&opened, opened.iter().copied().filter(|o| *o != v).collect()))
    };
    OpenViews {
        opened,
        open_view,
        close_view,
    }
}
