//! The query drawn on the sorted keys: its bounds as markers around the rows it returns,
//! its page breaks, and the way it reads. Every mark is placed from the simulated
//! query's own rows and pages ([`Hit`]), never from a second reading of the condition.

use crate::analysis::{Band, Hits};
use crate::document::ItemId;

/// A line drawn between two keys.
#[derive(Clone, Debug, PartialEq)]
pub struct Marker {
    /// `bound` or `page-break`, for the style and for tests.
    pub kind: &'static str,
    pub text: String,
}

/// What one shown key carries of the query.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RowMarks {
    pub before: Vec<Marker>,
    pub after: Vec<Marker>,
    /// The page that returns this row, when the query returns it.
    pub page: Option<usize>,
}

/// The marks of each row of `shown` (top to bottom). `down_is_forward`: the list runs
/// in ascending order from the top (the preview's ScanIndexForward box). Bounds and
/// page breaks are drawn only with a `band`, that is when the list is the query's own
/// order (its sort attribute, in its partition); the rows are marked either way.
pub fn marks(shown: &[usize], hits: &Hits, band: Option<&Band>, down_is_forward: bool) -> Vec<RowMarks> {
    let mut out: Vec<RowMarks> = shown
        .iter()
        .map(|&r| RowMarks {
            page: hits.page_of(ItemId(r)),
            ..RowMarks::default()
        })
        .collect();
    let Some(band) = band else { return out };
    let (Some(first), Some(last)) = (
        out.iter().position(|m| m.page.is_some()),
        out.iter().rposition(|m| m.page.is_some()),
    ) else {
        return out;
    };
    let reads_down = band.forward == down_is_forward;
    let (top, bottom) = if down_is_forward {
        (&band.lower, &band.upper)
    } else {
        (&band.upper, &band.lower)
    };
    let (first_key, last_key) = ("the partition's first key", "the partition's last key");
    let (top_edge, bottom_edge) = if down_is_forward {
        (first_key, last_key)
    } else {
        (last_key, first_key)
    };
    let top = top.as_deref().unwrap_or(top_edge);
    let bottom = bottom.as_deref().unwrap_or(bottom_edge);
    // Where the reader stopped because it had the items promised, that is its end, not
    // the condition's bound (which may lie further on).
    let stopped = band
        .first
        .filter(|&n| hits.len() >= n as usize)
        .map(|n| format!("■ stops after the first {n}"));
    out[first].before.push(Marker {
        kind: "bound",
        text: match (reads_down, &stopped) {
            (true, _) => format!("▼ the Query reads down from {top}"),
            (false, Some(stop)) => stop.clone(),
            (false, None) => format!("to {top}"),
        },
    });
    for i in first + 1..=last {
        if let (Some(above), Some(below)) = (out[i - 1].page, out[i].page) {
            if above != below {
                let limit = band.limit.map(|n| format!(" (Limit {n})")).unwrap_or_default();
                out[i].before.push(Marker {
                    kind: "page-break",
                    text: format!("page {above} ends, page {below} begins{limit}"),
                });
            }
        }
    }
    out[last].after.push(Marker {
        kind: "bound",
        text: match (reads_down, stopped) {
            (false, _) => format!("▲ the Query reads up from {bottom}"),
            (true, Some(stop)) => stop,
            (true, None) => format!("to {bottom}"),
        },
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn band(forward: bool) -> Band {
        Band {
            attribute: "sk".into(),
            partition: "P".into(),
            lower: Some(">= \"b\"".into()),
            upper: Some("<= \"e\"".into()),
            forward,
            limit: Some(2),
            first: None,
            tuple: Vec::new(),
        }
    }

    fn hits(rows_in_read_order: &[usize]) -> Hits {
        let list = rows_in_read_order
            .iter()
            .enumerate()
            .map(|(i, &row)| crate::analysis::Hit {
                item: crate::document::ItemId(row),
                page: i / 2 + 1,
                key: String::new(),
                values: String::new(),
            })
            .collect();
        Hits::new(list, 10)
    }

    #[test]
    fn bounds_sit_around_the_returned_rows_and_pages_break_where_they_change() {
        // Rows 0..6 in ascending order; the query returns rows 1..=4 forward, 2 a page.
        let m = marks(&[0, 1, 2, 3, 4, 5], &hits(&[1, 2, 3, 4]), Some(&band(true)), true);
        let pages: Vec<Option<usize>> = m.iter().map(|r| r.page).collect();
        assert_eq!(pages, [None, Some(1), Some(1), Some(2), Some(2), None]);
        assert_eq!(m[1].before[0].text, "▼ the Query reads down from >= \"b\"");
        assert_eq!(m[3].before[0].kind, "page-break");
        assert_eq!(m[3].before[0].text, "page 1 ends, page 2 begins (Limit 2)");
        assert_eq!(m[4].after[0].text, "to <= \"e\"");
        let drawn: usize = m.iter().map(|r| r.before.len() + r.after.len()).sum();
        assert_eq!(drawn, 3);
    }

    #[test]
    fn a_backward_query_starts_at_the_upper_bound() {
        let m = marks(&[0, 1, 2, 3], &hits(&[3, 2, 1]), Some(&band(false)), true);
        assert_eq!(m[1].before[0].text, "to >= \"b\"");
        assert_eq!(m[3].after[0].text, "▲ the Query reads up from <= \"e\"");
        assert_eq!(m[2].before[0].text, "page 2 ends, page 1 begins (Limit 2)");
        // The list itself reversed: the same query now reads down from the top.
        let m = marks(&[3, 2, 1, 0], &hits(&[3, 2, 1]), Some(&band(false)), false);
        assert_eq!(m[0].before[0].text, "▼ the Query reads down from <= \"e\"");
    }

    #[test]
    fn a_reader_that_has_the_first_n_stops_there_not_at_the_bound() {
        let first = |n| Band {
            first: Some(n),
            limit: Some(n),
            ..band(true)
        };
        // Three promised, three read: the band ends where the reader stopped.
        let m = marks(&[0, 1, 2, 3, 4], &hits(&[1, 2, 3]), Some(&first(3)), true);
        assert_eq!(m[1].before[0].text, "▼ the Query reads down from >= \"b\"");
        assert_eq!(m[3].after[0].text, "■ stops after the first 3");
        // Reading up, the stop is at the top of the list.
        let up = Band {
            forward: false,
            ..first(3)
        };
        let m = marks(&[0, 1, 2, 3, 4], &hits(&[3, 2, 1]), Some(&up), true);
        assert_eq!(m[1].before[0].text, "■ stops after the first 3");
        assert_eq!(m[3].after[0].text, "▲ the Query reads up from <= \"e\"");
        // Fewer than promised: the condition's bound ended the reading.
        let m = marks(&[0, 1, 2, 3, 4], &hits(&[1, 2]), Some(&first(3)), true);
        assert_eq!(m[2].after[0].text, "to <= \"e\"");
    }

    #[test]
    fn without_a_band_only_the_rows_are_marked() {
        let m = marks(&[0, 1], &hits(&[1]), None, true);
        assert_eq!(m[1].page, Some(1));
        assert!(m.iter().all(|r| r.before.is_empty() && r.after.is_empty()));
    }
}
