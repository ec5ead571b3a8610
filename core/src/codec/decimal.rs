//! `decimal`: a number with `width` integer digits and `scale` fraction digits, kept
//! exactly as a scaled integer (no floating point anywhere).
//!
//! Stored like `int` over width + scale digits with a `.` before the last `scale` digits:
//! `12.5` (width 4, scale 2) is `00012.50`, `-12.5` is `-9987.49`. Without `signed`
//! the sign byte is left out and negatives are refused.
//!
//! Ordering invariant: for any a, b within ±(10^width − 10^−scale), the byte order of the
//! encodings equals numeric order (`asc`) or its reverse (`desc`). The `.` sits at the
//! same position in every encoding, so it never decides an order.

use super::digits::{capacity, mirror, overflow, pad, parse_scaled, read_digits, DIGITS};
use super::int::{decode_signed, encode_signed};
use crate::error::ErrorKind;
use crate::schema::Order;
use serde_json::Value;

pub(crate) fn parse(value: &Value, scale: u32) -> Result<i128, ErrorKind> {
    parse_scaled(value, scale, "a decimal number")
}

fn with_point(digits: &str, scale: u32) -> String {
    if scale == 0 {
        return digits.to_string();
    }
    let cut = digits.len() - scale as usize;
    format!("{}.{}", &digits[..cut], &digits[cut..])
}

pub(crate) fn encode(m: i128, width: u32, scale: u32, signed: bool, order: Order) -> Result<String, ErrorKind> {
    let total = width + scale;
    let m = if order == Order::Desc && signed { -m } else { m };
    if m.unsigned_abs() > capacity(total) {
        // Report the overflow in integer digits, the unit the user sets.
        let int_part = m.unsigned_abs() / 10u128.pow(scale);
        return Err(overflow(width, int_part.max(capacity(width) + 1)));
    }
    if signed {
        let e = encode_signed(m, total)?;
        let (sign, digits) = e.split_at(1);
        Ok(format!("{sign}{}", with_point(digits, scale)))
    } else {
        let m = u128::try_from(m).map_err(|_| ErrorKind::Negative)?;
        let padded = pad(m, total);
        let stored = if order == Order::Desc {
            mirror(&padded, DIGITS)
        } else {
            padded
        };
        Ok(with_point(&stored, scale))
    }
}

pub(crate) fn decode(text: &str, width: u32, scale: u32, signed: bool, order: Order) -> Result<i128, String> {
    let expected = || {
        format!(
            "{}{width} digits, a point and {scale} digits",
            if signed { "a sign, " } else { "" }
        )
    };
    let total = width + scale;
    let body = if signed {
        text.get(1..).ok_or_else(expected)?
    } else {
        text
    };
    let digits: String = if scale == 0 {
        body.to_string()
    } else {
        let (i, f) = body.split_at_checked(width as usize).ok_or_else(expected)?;
        f.strip_prefix('.').map(|f| format!("{i}{f}")).ok_or_else(expected)?
    };
    if signed {
        let m = decode_signed(&format!("{}{digits}", &text[..1]), total).map_err(|_| expected())?;
        Ok(if order == Order::Desc { -m } else { m })
    } else {
        let asc = if order == Order::Desc {
            mirror(&digits, DIGITS)
        } else {
            digits
        };
        read_digits(&asc, total).map(|m| m as i128).map_err(|_| expected())
    }
}

/// The canonical text of a scaled value with all `scale` fraction digits: `12.50`.
pub(crate) fn format(m: i128, scale: u32) -> String {
    let digits = pad(m.unsigned_abs(), scale + 1);
    let sign = if m < 0 { "-" } else { "" };
    format!("{sign}{}", with_point(&digits, scale))
}

/// DynamoDB's plain number form: no trailing fraction zeros, `12.5`, `-0.5`, `3`.
pub(crate) fn plain(m: i128, scale: u32) -> String {
    let s = format(m, scale);
    if scale == 0 {
        return s;
    }
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn readable_positive_and_ordered_negative() {
        assert_eq!(encode(1250, 4, 2, true, Order::Asc).unwrap(), "00012.50");
        assert_eq!(encode(-1250, 4, 2, true, Order::Asc).unwrap(), "-9987.49");
        assert_eq!(encode(1250, 4, 2, false, Order::Asc).unwrap(), "0012.50");
        assert_eq!(format(-5, 2), "-0.05");
        assert_eq!(plain(1250, 2), "12.5");
        assert_eq!(plain(1200, 2), "12");
        assert_eq!(parse(&json!("12.345"), 2), Err(ErrorKind::TooPrecise { scale: 2 }));
    }

    #[test]
    fn overflow_counts_integer_digits() {
        let e = encode(1_234_500, 4, 2, true, Order::Asc).unwrap_err();
        assert!(
            matches!(
                e,
                ErrorKind::Overflow {
                    width: 4,
                    digits: 5,
                    ..
                }
            ),
            "{e:?}"
        );
    }

    fn shape_and_two_values() -> impl Strategy<Value = (u32, u32, i128, i128)> {
        (1u32..=20, 0u32..=18).prop_flat_map(|(w, s)| {
            let max = capacity(w + s) as i128;
            (Just(w), Just(s), -max..=max, -max..=max)
        })
    }

    proptest! {
        #[test]
        fn byte_order_is_value_order((w, s, a, b) in shape_and_two_values(), desc in any::<bool>(), signed in any::<bool>()) {
            let order = if desc { Order::Desc } else { Order::Asc };
            let (a, b) = if signed { (a, b) } else { (a.abs(), b.abs()) };
            let (ea, eb) = (encode(a, w, s, signed, order).unwrap(), encode(b, w, s, signed, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(ea.len(), eb.len());
            prop_assert_eq!(decode(&ea, w, s, signed, order).unwrap(), a);
            prop_assert_eq!(parse(&json!(format(a, s)), s).unwrap(), a);
        }
    }
}
