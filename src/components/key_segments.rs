//! A key drawn segment by segment, each in its template segment's colour (`seg-0`,
//! `seg-1`, …), the same colours as the template's chips. Colour is never the only cue:
//! each segment also carries its own underline style, and its position is its index.
//! A key too long to read, or one whose parts cannot be told apart, is drawn plain.

use super::elided::{Elided, KEEP};
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

#[derive(Properties, PartialEq)]
pub struct KeySegmentsProps {
    pub key_text: AttrValue,
    pub separator: AttrValue,
    /// How many segments the template that wrote this key has; 0 when unknown.
    pub segments: usize,
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
            <span class={format!("seg seg-{}", i % PALETTE)} data-seg={i.to_string()}>{ part.to_string() }</span>
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
}
