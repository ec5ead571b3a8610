//! `timestamp`: a point in time, given as epoch seconds/milliseconds or ISO-8601.
//!
//! - `s` and `ms`: epoch in that unit, zero-padded to `width` digits, exactly like `uint`.
//! - `iso`: ISO-8601 text in the field's one format (`IsoFormat`): a precision (date,
//!   minute, second or millisecond) and a zone (`Z`, a fixed offset such as `+02:00`,
//!   or none: UTC wall time written bare). The default is `YYYY-MM-DDTHH:MM:SS.sssZ`.
//!
//! Ordering invariant: for any instants a, b the unit can hold, the byte order of the
//! encodings equals time order (`asc`) or its reverse (`desc`, the digit-wise mirror).
//! For `iso` this holds because every key of a field has the same length and suffix,
//! its digits run from the year down to the millisecond, and they are the wall time in
//! the field's one zone, a fixed shift of the instant. A value finer than the precision
//! is refused, never cut, so two instants never share a key. `desc` mirrors digits only
//! (an offset's digits too: equal on every key, they stay equal), so the punctuation
//! still lines up. Two fields of different zones do not compare; each is its own shape.
//!
//! A number given to an `iso` field is read as epoch seconds, the usual Unix meaning.

use super::digits::{mirror, parse_integer, DIGITS};
use super::uint;
use crate::error::ErrorKind;
use crate::schema::{IsoFormat, IsoPrecision, IsoZone, Order, TimeUnit};
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// 9999-12-31T23:59:59.999: the last wall time a four-digit year can show.
const ISO_MAX_MS: i128 = 253_402_300_799_999;
/// 0000-01-01T00:00:00.000.
const ISO_MIN_MS: i128 = -62_167_219_200_000;
/// The full spelling a shorter precision is completed with before it is read.
const FULL: &str = "0000-00-00T00:00:00.000Z";

fn bad(reason: impl Into<String>) -> ErrorKind {
    ErrorKind::BadTimestamp {
        reason: reason.into(),
        takes: String::new(),
    }
}

/// What a field of `unit` reads, in words, with an example in its own format: a
/// zone-less ISO field is not asked for a zone it would not write.
fn takes(unit: TimeUnit) -> String {
    const INSTANT: i128 = 1_719_100_800_000;
    match unit {
        TimeUnit::Seconds { .. } => "epoch seconds or ISO-8601 with a zone, e.g. 2024-06-23T00:00:00Z".into(),
        TimeUnit::Millis { .. } => "epoch milliseconds or ISO-8601 with a zone, e.g. 2024-06-23T00:00:00Z".into(),
        TimeUnit::Iso(format) if format.zone == IsoZone::Unzoned => format!(
            "ISO-8601 as the field writes it, e.g. {} (a time without a zone is read as UTC wall time), or epoch seconds",
            super::iso_sample(INSTANT, format)
        ),
        TimeUnit::Iso(format) => format!(
            "ISO-8601 with a zone, e.g. {}, or epoch seconds",
            super::iso_sample(INSTANT, format)
        ),
    }
}

fn offset_ms(zone: IsoZone) -> i128 {
    i128::from(zone.offset_minutes()) * 60_000
}

/// Epoch milliseconds of an RFC 3339 text; `said` is what the person gave.
fn rfc3339_ms(full: &str, said: &str) -> Result<i128, ErrorKind> {
    let t = OffsetDateTime::parse(full, &Rfc3339).map_err(|e| match e {
        // Written as ISO-8601, but not a moment the calendar has (30 February).
        time::error::Parse::TryFromParsed(time::error::TryFromParsed::ComponentRange(c)) => {
            bad(format!("{said:?} is no real moment: its {} is out of range", c.name()))
        }
        e => bad(format!("{said:?} is neither epoch digits nor ISO-8601 ({e})")),
    })?;
    let nanos = t.unix_timestamp_nanos();
    if nanos % 1_000_000 != 0 {
        return Err(bad("it has digits below a millisecond, which keys cannot keep"));
    }
    Ok(nanos / 1_000_000)
}

/// A text's time and its zone (`Z` or `±HH:MM` after the time), if it has one.
fn split_zone(text: &str) -> (&str, Option<&str>) {
    if let Some(local) = text.strip_suffix(['Z', 'z']) {
        return (local, Some("Z"));
    }
    let at = text.len().saturating_sub(6);
    match (text.get(..at), text.get(at..)) {
        (Some(local), Some(zone))
            if local.len() > 10 && zone.starts_with(['+', '-']) && zone.get(3..4) == Some(":") =>
        {
            (local, Some(zone))
        }
        _ => (text, None),
    }
}

/// Epoch milliseconds of an ISO-8601 text: RFC 3339 with any offset, minutes without
/// seconds (as a minute-precision key writes them), or a bare date (midnight in
/// `zone`). A time without a zone is UTC wall time for a field that writes none, and
/// is refused otherwise, since its instant is unknown.
fn parse_iso_ms(text: &str, zone: IsoZone) -> Result<i128, ErrorKind> {
    if text.len() == 10 && text.as_bytes().get(4) == Some(&b'-') {
        return Ok(rfc3339_ms(&format!("{text}T00:00:00Z"), text)? - offset_ms(zone));
    }
    let (local, written_zone) = split_zone(text);
    let local = match local.len() {
        16 => format!("{local}:00"),
        _ => local.to_string(),
    };
    match written_zone {
        Some(z) => rfc3339_ms(&format!("{local}{z}"), text),
        None if zone == IsoZone::Unzoned => rfc3339_ms(&format!("{local}Z"), text),
        None if rfc3339_ms(&format!("{local}Z"), text).is_ok() => Err(bad(
            "it has no time zone; add Z for UTC or an offset such as +02:00 (or make the field's zone none)",
        )),
        None => rfc3339_ms(&local, text),
    }
}

/// The instant in the unit the field stores: seconds for `s`, milliseconds otherwise.
/// A refusal says what the field reads.
pub(crate) fn parse(value: &Value, unit: TimeUnit) -> Result<i128, ErrorKind> {
    read(value, unit).map_err(|e| taking(e, unit))
}

/// A refusal of a timestamp, saying what a field of `unit` reads.
fn taking(e: ErrorKind, unit: TimeUnit) -> ErrorKind {
    match e {
        ErrorKind::BadTimestamp { reason, .. } => ErrorKind::BadTimestamp {
            reason,
            takes: takes(unit),
        },
        other => other,
    }
}

fn read(value: &Value, unit: TimeUnit) -> Result<i128, ErrorKind> {
    let zone = match unit {
        TimeUnit::Iso(format) => format.zone,
        _ => IsoZone::Utc,
    };
    let from_text = match value {
        Value::String(s) => {
            let s = s.trim();
            let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                Some(parse_iso_ms(s, zone)?)
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
        (TimeUnit::Iso(_), None) => {
            let secs = parse_integer(value).map_err(|_| bad("give ISO-8601 text or epoch seconds"))?;
            Ok(secs.saturating_mul(1000))
        }
        (_, None) => parse_integer(value).map_err(|_| bad("give epoch digits or ISO-8601 text")),
    }
}

/// The instant `ms` in `format`, or why the format cannot write it.
pub(crate) fn iso_text(ms: i128, format: IsoFormat) -> Result<String, ErrorKind> {
    let wall = ms.saturating_add(offset_ms(format.zone));
    if !(ISO_MIN_MS..=ISO_MAX_MS).contains(&wall) {
        return Err(bad(
            "it lies outside the years 0000 to 9999 that the fixed ISO format can show",
        ));
    }
    if wall.rem_euclid(format.precision.step_ms()) != 0 {
        return Err(bad(match format.precision {
            IsoPrecision::Date => "it has a time of day, but the field keeps dates only (precision date)",
            IsoPrecision::Minute => "it has seconds, but the field keeps minutes (precision minute)",
            _ => "it has fractions of a second, but the field keeps whole seconds (precision second)",
        }));
    }
    let t = OffsetDateTime::from_unix_timestamp_nanos(wall * 1_000_000).map_err(|e| bad(e.to_string()))?;
    let full = format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    );
    Ok(format!("{}{}", &full[..format.precision.chars()], format.suffix()))
}

/// UTC as `YYYY-MM-DDTHH:MM:SS.sssZ`: how the page writes an instant beside epoch digits.
pub(crate) fn utc_text(ms: i128) -> Result<String, ErrorKind> {
    iso_text(ms, IsoFormat::default())
}

pub(crate) fn encode(t: i128, unit: TimeUnit, order: Order) -> Result<String, ErrorKind> {
    match unit {
        TimeUnit::Seconds { width } | TimeUnit::Millis { width } => {
            let v = u128::try_from(t).map_err(|_| ErrorKind::Negative)?;
            uint::encode(v, width, order)
        }
        TimeUnit::Iso(format) => {
            let text = iso_text(t, format).map_err(|e| taking(e, unit))?;
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
        TimeUnit::Iso(format) => {
            let asc = if order == Order::Desc {
                mirror(text, DIGITS)
            } else {
                text.to_string()
            };
            let expected = || {
                // Midnight of 2024-06-23 where the field writes its wall time.
                let example = iso_text(1_719_100_800_000 - offset_ms(format.zone), format).unwrap_or_default();
                format!("an ISO timestamp such as {example}")
            };
            let local = match asc.strip_suffix(format.suffix().as_str()) {
                Some(local) if asc.len() == format.key_len() => local,
                _ => return Err(expected()),
            };
            let full = format!("{local}{}", FULL.get(local.len()..).ok_or_else(expected)?);
            let ms = rfc3339_ms(&full, text).map_err(|_| expected())? - offset_ms(format.zone);
            // Only the one canonical spelling is a key this codec writes.
            if iso_text(ms, format).ok().as_deref() != Some(asc.as_str()) {
                return Err(expected());
            }
            Ok(ms)
        }
    }
}

/// The decoded value handed back to callers: epoch digits for `s`/`ms`, text for `iso`.
pub(crate) fn value(t: i128, unit: TimeUnit) -> Value {
    match unit {
        TimeUnit::Iso(format) => Value::String(iso_text(t, format).unwrap_or_default()),
        _ => super::digits::integer_value(t),
    }
}

/// How a stored epoch reads as a date, for the width planner's capacity line.
pub(crate) fn describe(t: i128, unit: TimeUnit) -> Option<String> {
    let ms = match unit {
        TimeUnit::Seconds { .. } => t.checked_mul(1000)?,
        TimeUnit::Millis { .. } => t,
        TimeUnit::Iso(_) => return None,
    };
    utc_text(ms).ok()
}

/// The instant `ms` cut down to what `format` keeps, in its zone: a sample value the
/// field accepts.
pub(crate) fn kept(ms: i128, format: IsoFormat) -> i128 {
    let step = format.precision.step_ms();
    let wall = ms + offset_ms(format.zone);
    wall - wall.rem_euclid(step) - offset_ms(format.zone)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::MAX_OFFSET_MINUTES;
    use proptest::prelude::*;
    use serde_json::json;

    const S10: TimeUnit = TimeUnit::Seconds { width: 10 };

    /// A refusal's fix shows the field's own format: a zone-less field is not asked
    /// for a zone, a minute-precision one not for seconds.
    #[test]
    fn a_refusal_says_what_the_field_reads_in_its_own_format() {
        let takes = |unit| match parse(&json!("yesterday"), unit) {
            Err(ErrorKind::BadTimestamp { takes, .. }) => takes,
            other => panic!("{other:?}"),
        };
        let iso = |precision, zone| TimeUnit::Iso(IsoFormat { precision, zone });
        let unzoned = takes(iso(IsoPrecision::Second, IsoZone::Unzoned));
        assert!(unzoned.contains("e.g. 2024-06-23T00:00:00 ("), "{unzoned}");
        assert!(!unzoned.contains("with a zone"), "{unzoned}");
        let minutes = takes(iso(IsoPrecision::Minute, IsoZone::Offset(120)));
        assert!(minutes.contains("e.g. 2024-06-23T02:00+02:00,"), "{minutes}");
        assert!(takes(S10).starts_with("epoch seconds or ISO-8601 with a zone"));
    }

    #[test]
    fn epoch_and_iso_inputs_agree() {
        assert_eq!(parse(&json!(1719100800), S10), Ok(1719100800));
        assert_eq!(parse(&json!("1719100800"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23T00:00:00Z"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23T02:00:00+02:00"), S10), Ok(1719100800));
        assert_eq!(parse(&json!("2024-06-23"), S10), Ok(1719100800));
        assert_eq!(
            parse(&json!(1719100800), TimeUnit::Iso(IsoFormat::default())),
            Ok(1719100800000)
        );
        assert_eq!(
            encode(1719100800000, TimeUnit::Iso(IsoFormat::default()), Order::Asc).unwrap(),
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
                Err(ErrorKind::BadTimestamp { reason, .. }) => assert!(reason.contains(needle), "{reason}"),
                other => panic!("{v}: {other:?}"),
            }
        }
        assert_eq!(
            parse(&json!(-5), S10).and_then(|t| encode(t, S10, Order::Asc)),
            Err(ErrorKind::Negative)
        );
    }

    fn any_format() -> impl Strategy<Value = IsoFormat> {
        let zone = prop_oneof![
            Just(IsoZone::Utc),
            Just(IsoZone::Unzoned),
            (-MAX_OFFSET_MINUTES..=MAX_OFFSET_MINUTES).prop_map(IsoZone::Offset),
        ];
        (proptest::sample::select(IsoPrecision::ALL.to_vec()), zone)
            .prop_map(|(precision, zone)| IsoFormat { precision, zone })
    }

    /// An instant the format can write: a wall time of years 0000-9999 in its zone,
    /// cut to its precision.
    fn instant(format: IsoFormat, wall: i128) -> i128 {
        kept(wall - offset_ms(format.zone), format)
    }

    #[test]
    fn real_tables_spellings_are_written_and_read() {
        let f = |precision, zone| TimeUnit::Iso(IsoFormat { precision, zone });
        let workbench = f(IsoPrecision::Second, IsoZone::Unzoned);
        let t = parse(&json!("2020-04-24T14:40:00"), workbench).unwrap();
        assert_eq!(encode(t, workbench, Order::Asc).unwrap(), "2020-04-24T14:40:00");
        assert_eq!(parse(&json!("2020-04-24T16:40:00+02:00"), workbench), Ok(t));
        let paris = f(IsoPrecision::Minute, IsoZone::Offset(120));
        assert_eq!(encode(t, paris, Order::Asc).unwrap(), "2020-04-24T16:40+02:00");
        assert_eq!(parse(&json!("2020-04-24T16:40+02:00"), paris), Ok(t));
        assert_eq!(decode("2020-04-24T16:40+02:00", paris, Order::Asc), Ok(t));
        assert_eq!(
            decode("2020-04-24T14:40Z", paris, Order::Asc).err().as_deref(),
            Some("an ISO timestamp such as 2024-06-23T00:00+02:00")
        );
        let day = f(IsoPrecision::Date, IsoZone::Utc);
        assert_eq!(encode(1719100800000, day, Order::Asc).unwrap(), "2024-06-23");
        assert_eq!(encode(1719100800000, day, Order::Desc).unwrap(), "7975-93-76");
        // A bare date is midnight where the field writes its dates.
        let tokyo_day = f(IsoPrecision::Date, IsoZone::Offset(540));
        assert_eq!(
            parse(&json!("2024-06-23"), tokyo_day),
            Ok(1719100800000 - 9 * 3_600_000)
        );
    }

    #[test]
    fn finer_values_than_the_format_keeps_are_refused_not_cut() {
        let f = |precision, zone| TimeUnit::Iso(IsoFormat { precision, zone });
        for (unit, v, needle) in [
            (
                f(IsoPrecision::Date, IsoZone::Utc),
                "2024-06-23T10:00:00Z",
                "time of day",
            ),
            // Midnight in UTC is 02:00 in a +02:00 field that keeps days.
            (
                f(IsoPrecision::Date, IsoZone::Offset(120)),
                "2024-06-23T00:00:00Z",
                "time of day",
            ),
            (f(IsoPrecision::Minute, IsoZone::Utc), "2024-06-23T10:00:30Z", "seconds"),
            (
                f(IsoPrecision::Second, IsoZone::Unzoned),
                "2024-06-23T10:00:00.5",
                "fractions",
            ),
            (
                f(IsoPrecision::Second, IsoZone::Utc),
                "2024-06-23T10:00:00",
                "no time zone",
            ),
        ] {
            match parse(&json!(v), unit).and_then(|t| encode(t, unit, Order::Asc)) {
                Err(ErrorKind::BadTimestamp { reason, .. }) => assert!(reason.contains(needle), "{v}: {reason}"),
                other => panic!("{v}: {other:?}"),
            }
        }
    }

    proptest! {
        #[test]
        fn iso_byte_order_is_time_order(
            format in any_format(),
            a in ISO_MIN_MS..=ISO_MAX_MS,
            b in ISO_MIN_MS..=ISO_MAX_MS,
            desc in any::<bool>(),
        ) {
            let unit = TimeUnit::Iso(format);
            let (a, b) = (instant(format, a), instant(format, b));
            let order = if desc { Order::Desc } else { Order::Asc };
            let (ea, eb) = (encode(a, unit, order).unwrap(), encode(b, unit, order).unwrap());
            let expected = if desc { b.cmp(&a) } else { a.cmp(&b) };
            prop_assert_eq!(ea.as_bytes().cmp(eb.as_bytes()), expected);
            prop_assert_eq!(ea.len(), format.key_len());
            prop_assert_eq!(decode(&ea, unit, order).unwrap(), a);
            // The ISO text read back as input gives the same instant.
            prop_assert_eq!(parse(&value(a, unit), unit).unwrap(), a);
        }

        /// Any stored text the decoder accepts is the one the encoder writes for it.
        #[test]
        fn only_canonical_iso_keys_decode(format in any_format(), text in "[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{3})?)?)?(Z|[+-][0-9]{2}:[0-9]{2})?", desc in any::<bool>()) {
            let unit = TimeUnit::Iso(format);
            let order = if desc { Order::Desc } else { Order::Asc };
            if let Ok(t) = decode(&text, unit, order) {
                prop_assert_eq!(encode(t, unit, order).unwrap(), text);
            }
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
