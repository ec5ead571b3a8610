//! A key drawn segment by segment, each in its template segment's colour (`seg-0`,
//! `seg-1`, …), the same colours as the template's chips. Colour is never the only cue:
//! each segment also carries its own underline style, and its position is its index.
//! A key longer than its room is cut segment by segment, the longest first, each cut
//! marked; a key whose parts cannot be told apart is drawn plain, cut in the middle.

use crate::ui::widgets::elided::Elided;
use keylab::elide::{parts as cut, visible};
use yew::prelude::*;

/// Colours in the palette; segment `i` takes colour `i % PALETTE`.
pub const PALETTE: usize = 8;

/// Characters a key is drawn in before its segments are cut: a leaderboard key (34)
/// and twice that fit whole beside the inspector at 1280 pixels.
pub const KEY_ROOM: usize = 72;

/// Fewest characters a cut segment keeps, so its start and end stay recognisable.
const CUT_KEEPS: usize = 6;

/// How many characters each segment keeps so that the key fits `room` (separators
/// included): short segments stay whole and the longest are all cut to one common
/// length, the largest that fits (never below [`CUT_KEEPS`]). A segment whose keep is
/// its own length is whole.
pub fn fit(lengths: &[usize], separator: usize, room: usize) -> Vec<usize> {
    let joints = separator * lengths.len().saturating_sub(1);
    let total: usize = lengths.iter().sum::<usize>() + joints;
    if total <= room {
        return lengths.to_vec();
    }
    let budget = room.saturating_sub(joints);
    // The largest cap whose capped lengths sum within the budget.
    let within = |cap: usize| lengths.iter().map(|&n| n.min(cap)).sum::<usize>() <= budget;
    let (mut lo, mut hi) = (CUT_KEEPS, lengths.iter().copied().max().unwrap_or(0));
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if within(mid) {
            lo = mid
        } else {
            hi = mid - 1
        }
    }
    lengths.iter().map(|&n| n.min(lo)).collect()
}

/// The key split into its template's segments, when the split is certain: the key has
/// exactly as many separators as the template has joints (no literal or value holds
/// the separator; a value that does is an error anyway).
pub fn split<'k>(key: &'k str, separator: &str, segments: usize) -> Option<Vec<&'k str>> {
    if separator.is_empty() || segments == 0 {
        return None;
    }
    let parts: Vec<&str> = key.split(separator).collect();
    (parts.len() == segments).then_some(parts)
}

/// Per segment position, the widest segment (in characters) among `keys`, so a list
/// can give every segment its column: a monospace list then lines up segment by segment.
pub fn column_widths<'k>(keys: impl IntoIterator<Item = (&'k str, usize)>, separator: &str) -> Vec<usize> {
    let mut widths: Vec<usize> = Vec::new();
    for (key, segments) in keys {
        if key.chars().count() > KEY_ROOM {
            continue;
        }
        for (i, part) in split(key, separator, segments).into_iter().flatten().enumerate() {
            let n = part.chars().count();
            match widths.get_mut(i) {
                Some(w) => *w = (*w).max(n),
                None => widths.push(n),
            }
        }
    }
    widths
}

#[derive(Properties, PartialEq)]
pub struct KeySegmentsProps {
    pub key_text: AttrValue,
    pub separator: AttrValue,
    /// How many segments the template that wrote this key has; 0 when unknown.
    pub segments: usize,
    /// The width of each segment's column, in characters (see [`column_widths`]).
    #[prop_or_default]
    pub widths: std::rc::Rc<Vec<usize>>,
}

#[function_component]
pub fn KeySegments(props: &KeySegmentsProps) -> Html {
    let whole = use_state(|| false);
    let Some(parts) = split(&props.key_text, &props.separator, props.segments) else {
        return html! { <Elided text={props.key_text.clone()} keep={KEY_ROOM} /> };
    };
    let toggle = {
        let whole = whole.clone();
        Callback::from(move |e: MouseEvent| {
            // The row is a selectable item: the button is only this.
            e.stop_propagation();
            whole.set(!*whole);
        })
    };
    let lengths: Vec<usize> = parts.iter().map(|p| p.chars().count()).collect();
    let keeps = fit(&lengths, props.separator.chars().count(), KEY_ROOM);
    let hidden: usize = parts
        .iter()
        .zip(&keeps)
        .filter_map(|(p, &k)| cut(p, k))
        .map(|(_, _, n)| n)
        .sum();
    if *whole && hidden > 0 {
        return html! { <>
            <span class="whole-text">{ visible(&props.key_text).into_owned() }</span>
            <button type="button" class="link" onclick={toggle}>{ "show less" }</button>
        </> };
    }
    html! { <>
        { for parts.iter().zip(&keeps).enumerate().map(|(i, (part, &keep))| html! { <>
            if i > 0 { <span class="sep">{ visible(&props.separator).into_owned() }</span> }
            <span class={format!("seg seg-{}", i % PALETTE)}
                data-seg={i.to_string()} style={props.widths.get(i).map(|w| format!("min-width: {w}ch"))}>
                { match cut(part, keep) {
                    Some((head, tail, n)) => html! { <>{ visible(&head).into_owned() }<span class="key-cut" data-testid="segment-cut" title={format!("{n} characters of segment {} not shown", i + 1)}>{ "…" }</span>{ visible(&tail).into_owned() }</> },
                    None => html! { { visible(part).into_owned() } },
                } }
            </span>
        </> }) }
        if hidden > 0 {
            // The mark that says the key is cut, and the way to all of it.
            <span class="badge key-cut-note" data-testid="key-cut-note">{ "cut by segment" }</span>
            <button type="button" class="link" onclick={toggle} aria-label={format!("+{hidden} characters: show all {}", props.key_text.chars().count())}>
                { format!("+{hidden} characters") }
            </button>
        }
    </> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_splits_only_into_exactly_its_templates_segments() {
        assert_eq!(split("ORDER#01J#3", "#", 3), Some(vec!["ORDER", "01J", "3"]));
        assert_eq!(split("A||B", "||", 2), Some(vec!["A", "B"]));
        // A literal that holds the separator makes the split uncertain: drawn plain.
        assert_eq!(split("A#B#C", "#", 2), None);
        assert_eq!(split("ABC", "", 1), None);
        assert_eq!(split("", "#", 0), None);
    }

    #[test]
    fn each_position_gets_the_width_of_its_widest_segment() {
        let keys = [("A#bb#1", 3), ("AAA#b#22", 3), ("A#B", 3), ("Q#WW", 2)];
        assert_eq!(column_widths(keys, "#"), [3, 2, 2]);
        assert_eq!(column_widths([("x".repeat(500).as_str(), 1)], "#"), Vec::<usize>::new());
    }

    #[test]
    fn a_key_that_fits_is_whole_and_a_long_one_loses_its_longest_segments_first() {
        assert_eq!(fit(&[10, 16, 6], 1, 72), [10, 16, 6]);
        // 4 + 100 + 10 + 2 separators: only the long segment is cut, to what fits.
        assert_eq!(fit(&[4, 100, 10], 1, 40), [4, 24, 10]);
        // Two long segments share the room equally.
        assert_eq!(fit(&[50, 50], 2, 40), [19, 19]);
        // Never below six characters, even when that leaves the key over its room.
        assert_eq!(fit(&[100, 100, 100], 1, 10), [6, 6, 6]);
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// A cut key fits its room (unless every cut is at its floor), keeps every
        /// segment at most whole, and cuts only segments longer than any it keeps whole.
        #[test]
        fn the_cut_fits_and_spares_the_short(lengths in proptest::collection::vec(0usize..300, 1..8), sep in 0usize..3, room in 10usize..200) {
            let keeps = fit(&lengths, sep, room);
            let joints = sep * (lengths.len() - 1);
            let total: usize = keeps.iter().sum::<usize>() + joints;
            let floor = keeps.iter().zip(&lengths).all(|(k, n)| k == n || *k == CUT_KEEPS);
            proptest::prop_assert!(total <= room || floor);
            for (k, n) in keeps.iter().zip(&lengths) {
                proptest::prop_assert!(k <= n);
            }
            let cap = keeps.iter().zip(&lengths).filter(|(k, n)| k < n).map(|(k, _)| *k).max();
            if let Some(cap) = cap {
                for (k, n) in keeps.iter().zip(&lengths) {
                    if k == n { proptest::prop_assert!(*n <= cap || *n == *k); }
                    else { proptest::prop_assert_eq!(*k, cap); }
                }
            }
        }
    }
}
