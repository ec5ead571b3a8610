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
