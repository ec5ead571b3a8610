//! `timestamp`: a point in time, given as epoch seconds/milliseconds or ISO-8601.
//!
//! - `s` and `ms`: epoch in that unit, zero-padded to `width` digits, exactly like `uint`.
//! - `iso`: `YYYY-MM-DDTHH:MM:SS.sssZ`, always UTC and always milliseconds, so every
//!   stored value has the same 24-byte shape.
//!
//! Ordering invariant: for any instants a, b the unit can hold, the byte order of the
//! encodings equals time order (`asc`) or its reverse (`desc`, the digit-wise mirror;
//! for `iso` only the digits are mirrored, so the punctuation still lines up).
//!
//! A number given to an `iso` field is read as epoch seconds, the usual Unix meaning.

use super::digits::{mirror, parse_integer, DIGITS};
use super::uint;
use crate::error::ErrorKind;
use crate::schema::{Order, TimeUnit};
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

pub(crate) const ISO_LEN: usize = 24;
/// 9999-12-31T23:59:59.999Z: the last instant a four-digit year can show.
const ISO_MAX_MS: i128 = 253_402_300_799_999;
/// 0000-01-01T00:00:00.000Z.
const ISO_MIN_MS: i128 = -62_167_219_200_000;

fn bad(reason: impl Into<String>) -> ErrorKind {
    ErrorKind::BadTimestamp { reason: reason.into() }
}

/// Epoch milliseconds of an ISO-8601 text. Accepts RFC 3339 with any offset and a bare
/// date (midnight UTC); refuses times without a zone, since their instant is unknown.
fn parse_iso_ms(text: &str) -> Result<i128, ErrorKind> {
    let full = if text.len() == 10 && text.as_bytes().get(4) == Some(&b'-') {
        format!("{text}T00:00:00Z")
    } else {
        text.to_string()
    };
    match OffsetDateTime::parse(&full, &Rfc3339) {
        Ok(t) => {
            let nanos = t.unix_timestamp_nanos();
            if nanos % 1_000_000 != 0 {
                return Err(bad("it has digits below a millisecond, which keys cannot keep"));
            }
            Ok(nanos / 1_000_000)
        }
        Err(_) if OffsetDateTime::parse(&format!("{full}Z"), &Rfc3339).is_ok() => {
            Err(bad("it has no time zone; add Z for UTC or an offset such as +02:00"))
        }
        Err(e) => Err(bad(format!("{text:?} is neither epoch digits nor ISO-8601 ({e})"))),
    }
}

/// The instant in the unit the field stores: seconds for `s`, milliseconds otherwise.
pub(crate) fn parse(value: &Value, unit: TimeUnit) -> Result<i128, ErrorKind> {
    let from_text = match value {
        Value::String(s) => {
            let s = s.trim();
            let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                Some(parse_iso_ms(s)?)
            }
        }
        _ => None,
    };
    match (unit, from_text) {
        (TimeUnit::Seconds { .. }, Some(ms)) => {
            if ms % 1000 != 0 {
                return Err(bad(
                    "it has fractions of a second, but the field stores whole seconds (use unit ms)",
                ));
            }
            Ok(ms / 1000)
        }
        (_, Some(ms)) => Ok(ms),
        (TimeUnit::Iso, None) => {
            let secs = parse_integer(value).map_err(|_| bad("give ISO-8601 text or epoch seconds"))?;
            Ok(secs.saturating_mul(1000))
        }
        (_, None) => parse_integer(value).map_err(|_| bad("give epoch digits or ISO-8601 text")),
    }
}

pub(crate) fn iso_text(ms: i128) -> Result<String, ErrorKind> {
    if !(ISO_MIN_MS..=ISO_MAX_MS).contains(&ms) {
        return Err(bad(
            "it lies outside the years 0000 to 9999 that the fixed ISO format can show",
        ));
    }
    let t = OffsetDateTime::from_unix_timestamp_nanos(ms * 1_000_000).map_err(|e| bad(e.to_string()))?;
    Ok(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    ))
}

pub(crate) fn encode(t: i128, unit: TimeUnit, order: Order) -> Result<String, ErrorKind> {
    match unit {
        TimeUnit::Seconds { width } | TimeUnit::Millis { width } => {
            let v = u128::try_from(t).map_err(|_| ErrorKind::Negative)?;
            uint::encode(v, width, order)
        }
        TimeUnit::Iso => {
            let text = iso_text(t)?;
            Ok(if order == Order::Desc {
                mirror(&text, DIGITS)
            } else {
                text
            })
        }
    }
}

pub(crate) fn decode(text: &str, unit: TimeUnit, order: Order) -> Result<i128, String> {
    match unit {
        TimeUnit::Seconds { width } | TimeUnit::Millis { width } => uint::decode(text, width, order).map(|v| v as i128),
        TimeUnit::Iso => {
            let asc = if order == Order::Desc {
                mirror(text, DIGITS)
            } else {
                text.to_string()
            };
            let expected = || "an ISO timestamp such as 2024-06-23T00:00:00.000Z".to_string();
            if asc.len() != ISO_LEN {
                return Err(expected());
            }
            let ms = parse_iso_ms(&asc).map_err(|_| expected())?;
            // Only the one canonical spelling is a key this codec writes.
            if iso_text(ms).ok().as_deref() != Some(asc.as_str()) {
                return Err(expected());
            }
            Ok(ms)
        }
    }
}

/// The decoded value handed back to callers: epoch digits for `s`/`ms`, text for `iso`.
pub(crate) fn value(t: i128, unit: TimeUnit) -> Value {
    match unit {
        TimeUnit::Iso => Value::String(iso_text(t).unwrap_or_default()),
        _ => super::digits::integer_value(t),
    }
}

/// How a stored epoch reads as a date, for the width planner's capacity line.
pub(crate) fn describe(t: i128, unit: TimeUnit) -> Option<String> {
    let ms = match unit {
        TimeUnit::Seconds { .. } => t.checked_mul(1000)?,
        TimeUnit::Millis { .. } => t,
        TimeUnit::Iso => return None,
    };
    iso_text(ms).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    const S10: TimeUnit = TimeUnit::Seconds { width: 10 };

    #[test]
    fn epoch_and_iso_inputs_agree() {
        assert_eq!(parse(&json!(1719100800), S10), Ok(1719100800));
        assert_eq!(parse(&json!("1719100800"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23T00:00:00Z"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23T02:00:00+02:00"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23"), S10), Ok(1719100800));
        assert_eq!(parse(&json!(1719100800), TimeUnit::Iso), Ok(1719100800000));
        assert_eq!(
            encode(1719100800000, TimeUnit::Iso, Order::Asc).unwrap(),
            "2024-06-23T00:00:00.000Z"
        );
    }

    #[test]
    fn unusable_timestamps_say_why() {
        for (v, needle) in [
            (json!("May 26, 1988"), "neither"),
            (json!("2024-06-23T00:00:00"), "no time zone"),
            (json!("2024-06-23T00:00:00.5Z"), "fractions of a second"),
        ] {
            match parse(&v, S10) {
                Err(ErrorKind::BadTimestamp { reason }) => assert!(reason.contains(needle), "{reason}"),
                other => panic!("{v}: {other:?}"),
            }
        }
        assert_eq!(
            parse(&json!(-5), S10).and_then(|t| encode(t, S10, Order::Asc)),
            Err(ErrorKind::Negative)
        );
    }

    proptest! {
        #[test]
        fn iso_byte_order_is_time_order(a in ISO_MIN_MS..=ISO_MAX_MS, b in ISO_MIN_MS..=ISO_MAX_MS, desc in any::<bool>()) {
            let order = if desc { Order::Desc } else { Order::Asc };
            let (ea, eb) = (encode(a, TimeUnit::Iso, order).unwrap(), encode(b, TimeUnit::Iso, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(ea.len(), ISO_LEN);
            prop_assert_eq!(decode(&ea, TimeUnit::Iso, order).unwrap(), a);
            // The ISO text read back as input gives the same instant.
            prop_assert_eq!(parse(&value(a, TimeUnit::Iso), TimeUnit::Iso).unwrap(), a);
        }

        #[test]
        fn epoch_byte_order_is_time_order(a in 0i128..=9_999_999_999_999, b in 0i128..=9_999_999_999_999, desc in any::<bool>()) {
            let unit = TimeUnit::Millis { width: 13 };
            let order = if desc { Order::Desc } else { Order::Asc };
            let (ea, eb) = (encode(a, unit, order).unwrap(), encode(b, unit, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(decode(&ea, unit, order).unwrap(), a);
        }
    }
}
