//! `int`: a signed whole number of at most `width` digits.
//!
//! Stored as one sign byte and `width` digits: `0` and the padded value for v ≥ 0, `-`
//! and the mirror of the padded magnitude (10^width − 1 − |v|) for v < 0. `-` (0x2D)
//! sorts below `0` (0x30), and mirroring makes larger magnitudes sort first, so:
//!
//! Ordering invariant: for any a, b in −(10^width − 1)..=10^width − 1, the byte order of
//! the encodings equals numeric order (`asc`) or its reverse (`desc`, stored as the
//! encoding of −v). Every encoding is exactly `width + 1` bytes.

use super::digits::{capacity, mirror, overflow, pad, parse_integer, read_digits, DIGITS};
use crate::error::ErrorKind;
use crate::schema::Order;
use serde_json::Value;

pub(crate) fn parse(value: &Value) -> Result<i128, ErrorKind> {
    parse_integer(value)
}

/// The signed encoding shared with `decimal`: sign byte plus `digits` digits.
pub(crate) fn encode_signed(v: i128, digits: u32) -> Result<String, ErrorKind> {
    let magnitude = v.unsigned_abs();
    if magnitude > capacity(digits) {
        return Err(overflow(digits, magnitude));
    }
    let padded = pad(magnitude, digits);
    Ok(if v < 0 {
        format!("-{}", mirror(&padded, DIGITS))
    } else {
        format!("0{padded}")
    })
}

pub(crate) fn decode_signed(text: &str, digits: u32) -> Result<i128, String> {
    let expected = || format!("a sign (0 or -) and {digits} digits");
    let (sign, rest) = text.split_at_checked(1).ok_or_else(expected)?;
    match sign {
        "0" => read_digits(rest, digits).map(|m| m as i128).map_err(|_| expected()),
        "-" => {
            let m = read_digits(&mirror(rest, DIGITS), digits).map_err(|_| expected())?;
            if m == 0 {
                // Zero is always stored with the `0` sign; `-` plus all nines is not a key
                // this codec writes, so accepting it would break decode∘encode.
                return Err(expected());
            }
            Ok(-(m as i128))
        }
        _ => Err(expected()),
    }
}

pub(crate) fn encode(v: i128, width: u32, order: Order) -> Result<String, ErrorKind> {
    match order {
        Order::Asc => encode_signed(v, width),
        Order::Desc => encode_signed(-v, width),
    }
}

pub(crate) fn decode(text: &str, width: u32, order: Order) -> Result<i128, String> {
    let v = decode_signed(text, width)?;
    Ok(match order {
        Order::Asc => v,
        Order::Desc => -v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn negatives_sort_first_and_in_numeric_order() {
        let mut vals = [-1500i128, -9, -1, 0, 1, 9, 1500];
        let mut keys: Vec<String> = vals.iter().map(|v| encode(*v, 5, Order::Asc).unwrap()).collect();
        keys.sort();
        vals.sort();
        let back: Vec<i128> = keys.iter().map(|k| decode(k, 5, Order::Asc).unwrap()).collect();
        assert_eq!(back, vals);
        assert_eq!(encode(-5, 4, Order::Asc).unwrap(), "-9994");
        assert_eq!(encode(5, 4, Order::Asc).unwrap(), "00005");
    }

    #[test]
    fn minus_zero_is_not_a_key() {
        assert!(decode("-9999", 4, Order::Asc).is_err());
    }

    fn width_and_two_values() -> impl Strategy<Value = (u32, i128, i128)> {
        (1u32..=38).prop_flat_map(|w| {
            let max = capacity(w) as i128;
            (Just(w), -max..=max, -max..=max)
        })
    }

    proptest! {
        #[test]
        fn byte_order_is_value_order((w, a, b) in width_and_two_values(), desc in any::<bool>()) {
            let order = if desc { Order::Desc } else { Order::Asc };
            let (ea, eb) = (encode(a, w, order).unwrap(), encode(b, w, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(ea.len(), w as usize + 1);
            prop_assert_eq!(decode(&ea, w, order).unwrap(), a);
        }
    }
}
