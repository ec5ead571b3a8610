//! Rows that change places move there (FLIP: First, Last, Invert, Play), so an edit
//! that re-sorts the keys is seen re-sorting them. Each list child carries its identity
//! in `data-row`; a child whose position in the list changed glides from its old place
//! and stays marked (`moved`) for a moment. Under `prefers-reduced-motion` nothing
//! glides; the mark alone says what moved.

use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// The glide; the budget is 300 ms.
const GLIDE_MS: f64 = 250.0;
/// How long a moved row stays marked.
const MARK_MS: u32 = 1500;

/// Where each row was drawn: its index in the list and its offset from the list's top.
type Places = HashMap<String, (u32, i32)>;

/// What the last render drew, and where; the order is told by the view that draws it.
#[derive(Default)]
struct Drawn {
    places: Places,
    /// The rows in the order the view draws them now, and in the order last settled.
    order: Vec<usize>,
    settled: Option<Vec<usize>>,
    /// Rows marked `moved`, each with when its mark ends (ms since the epoch). A later
    /// render that rewrites a row's class (the row became one the query returns) drops
    /// the mark, so each render puts it back until then. A list, not a map: a handful
    /// of rows, and a map of its own type weighed 500 bytes of wasm.
    marked: Vec<(String, f64)>,
}

/// Says which rows the list draws, in order, so that a render that moved none of them
/// reads nothing back from the page (500 rows' places are a forced layout and a
/// thousand calls into the DOM, most of a small edit's cost).
#[derive(Clone)]
pub struct Flip(Rc<RefCell<Drawn>>);

impl Flip {
    pub fn drawing(&self, rows: &[usize]) {
        let mut drawn = self.0.borrow_mut();
        drawn.order.clear();
        drawn.order.extend_from_slice(rows);
    }
}

/// Watches the list under `list` across renders and animates its reorders.
#[hook]
pub fn use_flip(list: NodeRef) -> Flip {
    let drawn: Rc<RefCell<Drawn>> = use_mut_ref(Drawn::default);
    {
        let drawn = drawn.clone();
        use_effect(move || {
            let mut drawn = drawn.borrow_mut();
            if drawn.settled.as_deref() == Some(drawn.order.as_slice()) {
                if !drawn.marked.is_empty() {
                    remark(&list, &mut drawn.marked);
                }
                return;
            }
            let (places, moved) = settle(&list, &drawn.places);
            let now = js_sys::Date::now();
            drawn.marked.retain(|(_, end)| *end > now);
            drawn
                .marked
                .extend(moved.into_iter().map(|id| (id, now + f64::from(MARK_MS))));
            drawn.places = places;
            drawn.settled = Some(drawn.order.clone());
        });
    }
    Flip(drawn)
}

fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Puts the `moved` mark back on the rows still within their mark, and forgets the
/// marks that have ended.
fn remark(list: &NodeRef, marked: &mut Vec<(String, f64)>) {
    let now = js_sys::Date::now();
    marked.retain(|(_, end)| *end > now);
    let Some(list) = list.cast::<web_sys::Element>() else {
        return;
    };
    let children = list.children();
    for i in 0..children.length() {
        let Some(row) = children.item(i) else { continue };
        if row
            .get_attribute("data-row")
            .is_some_and(|id| marked.iter().any(|(m, _)| *m == id))
        {
            let _ = row.class_list().add_1("moved");
        }
    }
}

/// Animates every row whose index changed since `before`; returns the rows' new places
/// and the rows marked as moved.
fn settle(list: &NodeRef, before: &Places) -> (Places, Vec<String>) {
    let Some(list) = list.cast::<web_sys::Element>() else {
        return (Places::new(), Vec::new());
    };
    let children = list.children();
    let rows: Vec<(u32, String, web_sys::HtmlElement)> = (0..children.length())
        .filter_map(|i| {
            let row = children.item(i)?.dyn_into::<web_sys::HtmlElement>().ok()?;
            Some((i, row.get_attribute("data-row")?, row))
        })
        .collect();
    // A list that is mostly other rows (another partition, items replaced) is a new
    // list, not a re-sorted one: nothing glides.
    let kept = rows.iter().filter(|(_, id, _)| before.contains_key(id)).count();
    let resorted = kept * 2 > rows.len().max(before.len());
    let reduced = reduced_motion();
    let mut now = Places::new();
    let mut moved = Vec::new();
    for (i, id, row) in rows {
        // offsetTop ignores transforms, so a row caught mid-glide still reads its place.
        let top = row.offset_top();
        match before.get(&id) {
            Some(&(index, was)) if resorted && index != i => {
                if !reduced && was != top {
                    glide(&row, was - top);
                }
                mark(&row);
                moved.push(id.clone());
            }
            _ => {}
        }
        now.insert(id, (i, top));
    }
    (now, moved)
}

fn glide(row: &web_sys::HtmlElement, from: i32) {
    let frames = js_sys::Array::of2(&frame(&format!("translateY({from}px)")), &frame("translateY(0)"));
    // Element.animate is still "unstable" in web-sys; called through Reflect instead.
    let animate = js_sys::Reflect::get(row, &"animate".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(animate) = animate {
        let _ = animate.call2(row, &frames, &GLIDE_MS.into());
    }
}

fn frame(transform: &str) -> JsValue {
    let f = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&f, &"transform".into(), &transform.into());
    f.into()
}

fn mark(row: &web_sys::HtmlElement) {
    let _ = row.class_list().add_1("moved");
    let row = row.clone();
    Timeout::new(MARK_MS, move || {
        let _ = row.class_list().remove_1("moved");
    })
    .forget();
}
