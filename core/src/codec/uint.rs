//! `uint`: a whole number from 0 up, zero-padded to `width` digits.
//!
//! Ordering invariant: for any a, b in 0..=10^width − 1, the byte order of the encodings
//! equals the numeric order of a and b (`asc`), or its reverse (`desc`, stored as
//! 10^width − 1 − v, the digit-wise mirror). Every encoding is exactly `width` bytes.

use super::digits::{capacity, overflow, pad_into, parse_integer, read_digits};
use crate::error::ErrorKind;
use crate::schema::Order;
use serde_json::Value;

pub(crate) fn parse(value: &Value) -> Result<u128, ErrorKind> {
    let v = parse_integer(value)?;
    u128::try_from(v).map_err(|_| ErrorKind::Negative)
}

pub(crate) fn encode(v: u128, width: u32, order: Order) -> Result<String, ErrorKind> {
    let mut out = String::with_capacity(width as usize);
    encode_into(v, width, order, &mut out)?;
    Ok(out)
}

/// [`encode`] written at the end of `out`.
pub(crate) fn encode_into(v: u128, width: u32, order: Order, out: &mut String) -> Result<(), ErrorKind> {
    if v > capacity(width) {
        return Err(overflow(width, v));
    }
    // The digit-wise mirror of a padded number is 10^width − 1 − v, padded.
    let stored = match order {
        Order::Asc => v,
        Order::Desc => capacity(width) - v,
    };
    pad_into(stored, width, out);
    Ok(())
}

/// How a uint field's segments are written again after its width alone changed, from
/// their own digits: a zero-padded number gains or loses leading zeros, and its mirror
/// (10^width − 1 − v, digit by digit 9 − d) leading nines. Text, not arithmetic: at
/// 100,000 keys, reading each value back as a `u128` and padding it again (a `u128`
/// division per digit) was most of a width change's key writing.
#[derive(Clone, Debug)]
pub(crate) struct Rewidth {
    from: usize,
    to: usize,
    order: Order,
    /// The segment at the new width of the smallest value that warns, when one fits.
    warns_from: Option<String>,
}

impl Rewidth {
    /// From `from` digits to `to`, in `order`; values of `warn_from` and above warn.
    pub(crate) fn new(from: u32, to: u32, order: Order, warn_from: u128) -> Rewidth {
        let mut warns_from = String::new();
        Rewidth {
            from: from as usize,
            to: to as usize,
            order,
            warns_from: encode_into(warn_from, to, order, &mut warns_from)
                .ok()
                .map(|_| warns_from),
        }
    }

    /// `old` (a segment written at the old width) written at the new one, at the end of
    /// `out`; `None`, with nothing written, when the value does not fit or warns (or
    /// `old` is not such a segment): the writer then writes it from the value, with
    /// its words.
    pub(crate) fn write(&self, old: &str, out: &mut String) -> Option<()> {
        if old.len() != self.from || !old.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let pad = match self.order {
            Order::Asc => '0',
            Order::Desc => '9',
        };
        let start = out.len();
        match old.split_at_checked(self.from.saturating_sub(self.to)) {
            Some((cut, kept)) if self.to < self.from => {
                if !cut.chars().all(|c| c == pad) {
                    return None;
                }
                out.push_str(kept);
            }
            _ => {
                out.extend(std::iter::repeat_n(pad, self.to - self.from));
                out.push_str(old);
            }
        }
        // Same-width digits compare as their numbers; a mirror the other way round.
        let new = &out[start..];
        let warns = self.warns_from.as_deref().is_some_and(|w| match self.order {
            Order::Asc => new >= w,
            Order::Desc => new <= w,
        });
        if warns {
            out.truncate(start);
            return None;
        }
        Some(())
    }
}

pub(crate) fn decode(text: &str, width: u32, order: Order) -> Result<u128, String> {
    let v = read_digits(text, width)?;
    Ok(match order {
        Order::Asc => v,
        Order::Desc => capacity(width) - v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn seed_inverted_table_width_10() {
        for (score, stored) in [
            (1500, "9999998499"),
            (240, "9999999759"),
            (10, "9999999989"),
            (9, "9999999990"),
        ] {
            assert_eq!(encode(score, 10, Order::Desc).unwrap(), stored);
        }
    }

    #[test]
    fn seed_width_5_id_157() {
        assert_eq!(encode(157, 5, Order::Desc).unwrap(), "99842");
    }

    #[test]
    fn overflow_is_an_error_not_a_wrong_key() {
        let e = encode(12_345_678_901, 10, Order::Asc).unwrap_err();
        assert_eq!(
            e,
            ErrorKind::Overflow {
                width: 10,
                digits: 11,
                max: "9999999999".into()
            }
        );
    }

    #[test]
    fn negative_is_refused() {
        assert_eq!(parse(&serde_json::json!(-1)), Err(ErrorKind::Negative));
    }

    fn width_and_two_values() -> impl Strategy<Value = (u32, u128, u128)> {
        (1u32..=38).prop_flat_map(|w| {
            let max = capacity(w);
            (Just(w), 0..=max, 0..=max)
        })
    }

    proptest! {
        /// A segment written again at another width from its digits is the value
        /// written at that width, when it fits and does not warn; otherwise nothing.
        #[test]
        fn a_segment_rewidthed_is_the_value_written_at_the_new_width(
            v in prop_oneof![0u128..1000, 0u128..10_000_000],
            from in 1u32..9,
            to in 1u32..9,
            desc in any::<bool>(),
            warn_from in prop_oneof![0u128..1000, 0u128..10_000_000, Just(u128::MAX)],
            at_the_threshold in prop_oneof![Just(None), (0u128..2).prop_map(Some)],
        ) {
            // Half the time the value sits at the threshold or one below it.
            let warn_from = at_the_threshold.map_or(warn_from, |d| v + d);
            let order = if desc { Order::Desc } else { Order::Asc };
            prop_assume!(v <= capacity(from));
            let old = encode(v, from, order).unwrap();
            let mut out = String::from("kept|");
            let written = Rewidth::new(from, to, order, warn_from).write(&old, &mut out);
            let expected = (v <= capacity(to) && v < warn_from).then(|| encode(v, to, order).unwrap());
            prop_assert_eq!(written.map(|_| out[5..].to_string()), expected.clone());
            if expected.is_none() {
                prop_assert_eq!(out, "kept|");
            }
        }
    }

    proptest! {
        #[test]
        fn byte_order_is_value_order((w, a, b) in width_and_two_values(), desc in any::<bool>()) {
            let order = if desc { Order::Desc } else { Order::Asc };
            let (ea, eb) = (encode(a, w, order).unwrap(), encode(b, w, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(ea.len(), w as usize);
            prop_assert_eq!(decode(&ea, w, order).unwrap(), a);
        }
    }
}
