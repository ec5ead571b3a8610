//! A key drawn segment by segment, each in its template segment's colour (`seg-0`,
//! `seg-1`, …), the same colours as the template's chips. Colour is never the only cue:
//! each segment also carries its own underline style, and its position is its index.
//! A key too long to read, or one whose parts cannot be told apart, is drawn plain.

use crate::ui::widgets::elided::{Elided, KEEP};
use yew::prelude::*;

/// Colours in the palette; segment `i` takes colour `i % PALETTE`.
pub const PALETTE: usize = 8;

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
        if key.chars().count() > KEEP {
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
    /// Per segment, what it stands for when the stored text is not the value itself
    /// (an inverted number), shown on hover.
    #[prop_or_default]
    pub meanings: Vec<Option<String>>,
}

#[function_component]
pub fn KeySegments(props: &KeySegmentsProps) -> Html {
    let parts = (props.key_text.chars().count() <= KEEP)
        .then(|| split(&props.key_text, &props.separator, props.segments))
        .flatten();
    let Some(parts) = parts else {
        return html! { <Elided text={props.key_text.clone()} /> };
    };
    html! { <>
        { for parts.iter().enumerate().map(|(i, part)| html! { <>
            if i > 0 { <span class="sep">{ props.separator.clone() }</span> }
            <span class={classes!(format!("seg seg-{}", i % PALETTE), props.meanings.get(i).cloned().flatten().map(|_| "inverted"))}
                data-seg={i.to_string()} style={props.widths.get(i).map(|w| format!("min-width: {w}ch"))}
                title={props.meanings.get(i).cloned().flatten().map(|m| format!("{part} = {m}"))}>{ part.to_string() }</span>
        </> }) }
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
}
