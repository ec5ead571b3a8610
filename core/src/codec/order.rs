//! DynamoDB's orders: String keys by UTF-8 bytes here, Number keys numerically in
//! [`super::number`].
//!
//! Rust compares `str` by UTF-8 bytes already; these functions exist so that callers
//! (the page, the JS API, a backend) say which order they mean, and so the page can
//! explain *why* one key sorts before another.

use std::cmp::Ordering;

/// DynamoDB's order of two stored key texts of one attribute: numeric for a Number
/// (N), UTF-8 bytes for a String (S). Every order of keys keylab shows or checks comes
/// from here.
pub fn compare_stored(attr_type: crate::schema::AttrType, a: &str, b: &str) -> Ordering {
    match attr_type {
        crate::schema::AttrType::N => super::number::order_of_written(a, b),
        crate::schema::AttrType::S => compare_keys(a, b),
    }
}

/// UTF-8 byte order, the order of a String sort key. It differs from JavaScript's
/// default (UTF-16) string order for characters above U+FFFF versus U+E000..U+FFFF.
pub fn compare_keys(a: &str, b: &str) -> Ordering {
    // Eight bytes a step, read big-endian so that integer order is byte order: in
    // WebAssembly `memcmp` is a loop over bytes, and keys that share a long prefix
    // (`99999…`) are compared by the million in a sort.
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut x_words = a.chunks_exact(8);
    let mut y_words = b.chunks_exact(8);
    for (x, y) in x_words.by_ref().zip(y_words.by_ref()) {
        let word = |w: &[u8]| u64::from_be_bytes(w.try_into().unwrap_or_default());
        match word(x).cmp(&word(y)) {
            Ordering::Equal => {}
            unequal => return unequal,
        }
    }
    let done = a.len().min(b.len()) / 8 * 8;
    a[done..].cmp(&b[done..])
}

/// Sorts texts in UTF-8 byte order (stable) through [`sort_positions`]: for lists that
/// are not a hot path, which then add no copy of the sort to a wasm.
pub fn sort_texts<S: AsRef<str>>(texts: &mut Vec<S>) {
    sort_items(texts, |a, b| compare_keys(a.as_ref(), b.as_ref()));
}

/// Sorts keys in place in UTF-8 byte order (stable).
pub fn sort_keys<S: AsRef<str>>(keys: &mut [S]) {
    keys.sort_by(|a, b| compare_keys(a.as_ref(), b.as_ref()));
}

/// Sorts positions stably by `cmp`. The previews' sorts all go through this one
/// function because every `sort_by` with its own closure is another copy of the whole
/// sort algorithm in the page's wasm, about 3 KB each; only `sort_keys`, a backend's
/// and the JS API's hot path, keeps a copy of its own.
#[inline(never)]
pub fn sort_positions(positions: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    positions.sort_by(|&a, &b| cmp(a, b));
}

/// Sorts entries of two words and a place as numbers, unstably: the page's one unstable
/// sort, shared by every hot path that can say its order in two words (each
/// `sort_unstable` of another type is another copy of the algorithm in the wasm).
#[inline(never)]
pub fn sort_words(keyed: &mut [(u64, u64, usize)]) {
    keyed.sort_unstable();
}

/// Sorts rows by their texts' UTF-8 bytes, ties by row: the order [`compare_keys`]
/// gives, sorted first by each text's leading sixteen bytes as integers (compared in
/// one instruction, where a comparison of texts is a call and a loop), then by the
/// whole texts among the rows those bytes leave tied. For a sort from scratch of
/// 100,000 keys: a third of the comparison sort's time in the page.
pub fn sort_rows_by_bytes<'t>(rows: &mut [usize], text: &dyn Fn(usize) -> &'t str) {
    let word = |bytes: &[u8], at: usize| {
        let mut w = [0u8; 8];
        let part = bytes.get(at..).unwrap_or_default();
        let n = part.len().min(8);
        w[..n].copy_from_slice(&part[..n]);
        u64::from_be_bytes(w)
    };
    let mut keyed: Vec<(u64, u64, usize)> = rows
        .iter()
        .map(|&r| {
            let b = text(r).as_bytes();
            (word(b, 0), word(b, 8), r)
        })
        .collect();
    sort_words(&mut keyed);
    for (slot, (_, _, r)) in rows.iter_mut().zip(&keyed) {
        *slot = *r;
    }
    // Texts that agree on their first sixteen bytes (or are shorter: the zero bytes
    // that pad them sort first, as a prefix does) are ordered by all their bytes.
    let mut start = 0;
    while start < keyed.len() {
        let lead = (keyed[start].0, keyed[start].1);
        let end = start + keyed[start..].iter().take_while(|k| (k.0, k.1) == lead).count();
        if end - start > 1 {
            sort_positions(&mut rows[start..end], &|a, b| {
                compare_keys(text(a), text(b)).then(a.cmp(&b))
            });
        }
        start = end;
    }
}

/// Sorts `items` stably by `cmp`, through [`sort_positions`].
pub fn sort_items<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_positions(&mut order, &|a, b| cmp(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    // `order` is a permutation, so every slot is taken exactly once.
    items.extend(order.iter().filter_map(|&i| slots[i].take()));
}

/// The byte offset where two keys first differ; for a key that is a prefix of the other,
/// its length. `None` when they are equal.
pub fn first_difference(a: &str, b: &str) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(
        a.bytes()
            .zip(b.bytes())
            .position(|(x, y)| x != y)
            .unwrap_or(a.len().min(b.len())),
    )
}

fn describe_byte(key: &str, at: usize) -> String {
    let byte = key.as_bytes()[at];
    // Name the whole character when the byte starts one; else just the byte.
    match key.get(at..).and_then(|s| s.chars().next()) {
        Some(c) if c.is_ascii_graphic() => format!("{c:?} (0x{byte:02X})"),
        Some(c) => format!("U+{:04X} (first byte 0x{byte:02X})", c as u32),
        None => format!("byte 0x{byte:02X}"),
    }
}

/// One sentence saying why `a` and `b` are in the order they are.
pub fn explain_order(a: &str, b: &str) -> String {
    let (first, second) = if compare_keys(a, b) == Ordering::Greater {
        (b, a)
    } else {
        (a, b)
    };
    match first_difference(first, second) {
        None => format!("{a:?} and {b:?} are the same key"),
        Some(i) if i == first.len() => {
            format!("{first:?} sorts before {second:?} because it is a prefix of it, and a shorter key sorts first")
        }
        Some(i) => format!(
            "{first:?} sorts before {second:?} because at byte {i} {} is below {}",
            describe_byte(first, i),
            describe_byte(second, i)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Sorted by their leading bytes and then whole, rows are in the order of their
        /// texts' bytes, ties by row.
        #[test]
        fn rows_sorted_by_bytes_are_in_byte_order(texts in proptest::collection::vec("[09a#\\u{0}\\u{e000}]{0,20}", 0..40)) {
            let mut rows: Vec<usize> = (0..texts.len()).rev().collect();
            sort_rows_by_bytes(&mut rows, &|r| texts[r].as_str());
            let mut expected: Vec<usize> = (0..texts.len()).collect();
            expected.sort_by(|&a, &b| texts[a].as_bytes().cmp(texts[b].as_bytes()).then(a.cmp(&b)));
            proptest::prop_assert_eq!(rows, expected);
        }

        /// Word by word, the order is the order of the bytes.
        #[test]
        fn compare_keys_is_byte_order(a in "[09a\\u{e000}\\u{10000}#]{0,20}", b in "[09a\\u{e000}\\u{10000}#]{0,20}") {
            proptest::prop_assert_eq!(compare_keys(&a, &b), a.as_bytes().cmp(b.as_bytes()));
            let longer = format!("{a}{b}");
            proptest::prop_assert_eq!(compare_keys(&a, &longer), a.as_bytes().cmp(longer.as_bytes()));
        }
    }

    use proptest::prelude::*;

    #[test]
    fn seed_examples() {
        let mut naive = vec!["9", "240", "1500", "10"];
        sort_keys(&mut naive);
        assert_eq!(naive, ["10", "1500", "240", "9"]);
        assert_eq!(compare_keys("READING#10", "READING#2"), Ordering::Less);
        assert_eq!(compare_keys("DeBrie", "Dean"), Ordering::Less);
        let mut mixed = vec!["a", "A", "0", "#"];
        sort_keys(&mut mixed);
        assert_eq!(mixed, ["#", "0", "A", "a"]);
        let mut prefixes = vec!["a#b", "a", "a#"];
        sort_keys(&mut prefixes);
        assert_eq!(prefixes, ["a", "a#", "a#b"]);
    }

    #[test]
    fn explanations() {
        assert_eq!(
            explain_order("READING#2", "READING#10"),
            "\"READING#10\" sorts before \"READING#2\" because at byte 8 '1' (0x31) is below '2' (0x32)"
        );
        assert_eq!(
            explain_order("DeBrie", "Dean"),
            "\"DeBrie\" sorts before \"Dean\" because at byte 2 'B' (0x42) is below 'a' (0x61)"
        );
        assert!(explain_order("a#b", "a").contains("prefix"));
    }

    #[test]
    fn utf8_order_is_not_utf16_order() {
        // U+1F600 (4 UTF-8 bytes, a surrogate pair in UTF-16) vs U+FF5E.
        let (emoji, fullwidth) = ("\u{1F600}", "\u{FF5E}");
        assert_eq!(compare_keys(fullwidth, emoji), Ordering::Less);
        let utf16 = emoji.encode_utf16().cmp(fullwidth.encode_utf16());
        assert_eq!(utf16, Ordering::Less, "JavaScript would put the emoji first");
    }

    proptest! {
        /// The shared sort is `sort_by`: same order, equal items kept in place.
        #[test]
        fn sort_items_is_a_stable_sort_by(items in proptest::collection::vec((0u8..4, any::<u16>()), 0..60)) {
            let mut ours = items.clone();
            sort_items(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std = items;
            std.sort_by_key(|a| a.0);
            prop_assert_eq!(ours, std);
        }

        #[test]
        fn key_order_is_byte_order(a in ".*", b in ".*") {
            prop_assert_eq!(compare_keys(&a, &b), a.as_bytes().cmp(b.as_bytes()));
            if let Some(i) = first_difference(&a, &b) {
                prop_assert_eq!(&a.as_bytes()[..i], &b.as_bytes()[..i]);
            }
        }
    }
}
