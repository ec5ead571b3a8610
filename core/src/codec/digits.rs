//! Digit arithmetic shared by the numeric segment kinds, and reading numbers out of
//! untrusted JSON without losing digits to floating point.

use crate::error::ErrorKind;
use serde_json::Value;

pub(crate) const DIGITS: &[u8] = b"0123456789";

/// 10^w for w ≤ 38; the schema check keeps widths in that range, and larger ones
/// saturate instead of panicking.
pub(crate) fn pow10(w: u32) -> u128 {
    POW10.get(w as usize).copied().unwrap_or(u128::MAX)
}

/// 10^0 ..= 10^38, computed at compile time: widths are looked up for every key.
const POW10: [u128; 39] = {
    let mut table = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        table[i] = table[i - 1] * 10;
        i += 1;
    }
    table
};

/// The largest value `w` digits can hold.
pub(crate) fn capacity(w: u32) -> u128 {
    pow10(w).saturating_sub(1)
}

pub(crate) fn count_digits(mut v: u128) -> u32 {
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

pub(crate) fn pad(v: u128, width: u32) -> String {
    let mut out = String::with_capacity(width as usize);
    pad_into(v, width, &mut out);
    out
}

/// Writes `v` zero-padded to `width` digits at the end of `out`.
pub(crate) fn pad_into(v: u128, width: u32, out: &mut String) {
    // By hand rather than `format!`: this runs once per numeric segment of every key,
    // and most values fit a u64, whose division by 10 is a multiplication.
    let mut digits = [b'0'; 40];
    let mut at = digits.len();
    let mut push = |d: u8| {
        at -= 1;
        digits[at] = b'0' + d;
    };
    match u64::try_from(v) {
        // Two digits a step: half the divisions, which opt-level z does not unroll.
        Ok(mut rest) => {
            while rest >= 100 {
                let two = (rest % 100) as u8;
                rest /= 100;
                push(two % 10);
                push(two / 10);
            }
            if rest >= 10 {
                push((rest % 10) as u8);
                push((rest / 10) as u8);
            } else {
                push(rest as u8);
            }
        }
        Err(_) => {
            let mut rest = v;
            loop {
                push((rest % 10) as u8);
                rest /= 10;
                if rest == 0 {
                    break;
                }
            }
        }
    }
    // The buffer starts as zeros, so the padded number is its last `width` bytes.
    let width = width as usize;
    let from = digits.len().saturating_sub(width).min(at);
    out.extend(std::iter::repeat_n('0', width.saturating_sub(digits.len())));
    // ASCII digits are always UTF-8.
    out.push_str(std::str::from_utf8(&digits[from..]).unwrap_or_default());
}

/// Maps every character found in `alphabet` to its mirror (first ↔ last), leaving other
/// characters alone. Because the alphabets here are in ascending byte order, mirroring
/// reverses the order of any two same-shaped strings: this is how `desc` is stored.
pub(crate) fn mirror(text: &str, alphabet: &[u8]) -> String {
    text.chars()
        .map(|c| match alphabet.iter().position(|&a| a as char == c) {
            Some(i) => alphabet[alphabet.len() - 1 - i] as char,
            None => c,
        })
        .collect()
}

pub(crate) fn overflow(width: u32, magnitude: u128) -> ErrorKind {
    ErrorKind::Overflow {
        width,
        digits: count_digits(magnitude),
        max: capacity(width).to_string(),
    }
}

/// Reads exactly `width` ASCII digits.
pub(crate) fn read_digits(text: &str, width: u32) -> Result<u128, String> {
    let wrong = || format!("{width} digits");
    if text.len() != width as usize {
        return Err(wrong());
    }
    // One pass that checks and accumulates: this runs for every numeric segment a
    // backend reads. Up to 19 digits fit a u64, whose arithmetic is several times
    // cheaper than a u128's; longer ones are rare and parsed with overflow checks.
    if text.len() <= 19 {
        let v = text.bytes().try_fold(0u64, |v, b| {
            let d = b.wrapping_sub(b'0');
            (d <= 9).then(|| v * 10 + u64::from(d))
        });
        return v.map(u128::from).ok_or_else(wrong);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(wrong());
    }
    text.parse::<u128>().map_err(|_| wrong())
}

/// The text of a number given as a JSON number or a string. Floats are accepted only
/// when they hold a whole number JavaScript can represent exactly.
pub(crate) fn number_text(value: &Value, expected: &'static str) -> Result<String, ErrorKind> {
    let not = || ErrorKind::NotANumber { expected };
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(i.to_string())
            } else if let Some(u) = n.as_u64() {
                Ok(u.to_string())
            } else {
                // A JSON float: keep its shortest exact decimal form; precision beyond
                // 2^53 is already gone, so refuse it rather than store a wrong key.
                let f = n.as_f64().ok_or_else(not)?;
                if f.is_finite() && f.abs() < 9_007_199_254_740_992.0 {
                    Ok(n.to_string())
                } else {
                    Err(ErrorKind::NotANumber {
                        expected: "a number JavaScript can hold exactly; give it as a string",
                    })
                }
            }
        }
        Value::String(s) => Ok(s.trim().to_string()),
        _ => Err(not()),
    }
}

/// Parses `[+-]digits[.digits]` into (negative, integer digits, fraction digits).
fn split_decimal(text: &str) -> Option<(bool, &str, &str)> {
    let (neg, rest) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (int, frac) = match rest.split_once('.') {
        Some((i, f)) => (i, f),
        None => (rest, ""),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty())
        || !digits(int)
        || !digits(frac)
        || (rest.contains('.') && frac.is_empty() && int.is_empty())
    {
        return None;
    }
    Some((neg, int, frac))
}

/// A whole number, signed, from JSON. `1500`, `"1500"`, `"-3"`, `1.5e3` and `1500.0` are
/// whole numbers; `1.5` is not.
pub(crate) fn parse_integer(value: &Value) -> Result<i128, ErrorKind> {
    // The common shapes, a JSON integer or a string of digits, without the general path.
    match value {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                return Ok(i128::from(i));
            }
            if let Some(u) = n.as_u64() {
                return Ok(i128::from(u));
            }
        }
        // Up to 19 digits fit a u64, read by hand: `str::parse::<i128>` was a tenth of
        // writing a key.
        Value::String(s) if (1..=19).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) => {
            let v = s.bytes().fold(0u64, |v, b| v * 10 + u64::from(b - b'0'));
            return Ok(i128::from(v));
        }
        Value::String(s) if (20..=38).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()) => {
            if let Ok(v) = s.parse::<i128>() {
                return Ok(v);
            }
        }
        _ => {}
    }
    parse_scaled(value, 0, "a whole number").map_err(|e| match e {
        ErrorKind::TooPrecise { .. } => ErrorKind::NotANumber {
            expected: "a whole number",
        },
        other => other,
    })
}

/// A decimal number scaled by 10^scale, so `"12.5"` with scale 2 is 1250. Fails rather
/// than rounds when the value has more fraction digits than the scale keeps.
pub(crate) fn parse_scaled(value: &Value, scale: u32, expected: &'static str) -> Result<i128, ErrorKind> {
    let text = number_text(value, expected)?;
    let not = || ErrorKind::NotANumber { expected };
    // JSON numbers such as 1.5e3 arrive in exponent form; expand them.
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().map_err(|_| not())?),
        None => (text.as_str(), 0),
    };
    let (neg, int, frac) = split_decimal(mantissa).ok_or_else(not)?;
    let mut digits: String = format!("{int}{frac}");
    let mut frac_len = frac.len() as i64 - i64::from(exponent);
    // Drop zeros that carry no value so `1500.000` fits a scale of 0.
    while frac_len > i64::from(scale) && digits.ends_with('0') {
        digits.pop();
        frac_len -= 1;
    }
    if frac_len > i64::from(scale) {
        return Err(ErrorKind::TooPrecise { scale });
    }
    let shift = i64::from(scale) - frac_len;
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() as i64 + shift > 38 {
        return Err(ErrorKind::Overflow {
            width: 38,
            digits: (trimmed.len() as i64 + shift) as u32,
            max: capacity(38).to_string(),
        });
    }
    let mut m: i128 = if trimmed.is_empty() {
        0
    } else {
        trimmed.parse().map_err(|_| not())?
    };
    for _ in 0..shift {
        m *= 10;
    }
    Ok(if neg { -m } else { m })
}

/// A JSON number when JavaScript can hold it exactly, else a string, so no consumer of
/// decoded values ever sees a silently rounded number.
pub(crate) fn integer_value(v: i128) -> Value {
    const SAFE: i128 = 9_007_199_254_740_991;
    if (-SAFE..=SAFE).contains(&v) {
        Value::from(v as i64)
    } else {
        Value::String(v.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn read_digits_takes_exactly_width_ascii_digits() {
        assert_eq!(read_digits("0042", 4), Ok(42));
        assert_eq!(read_digits("9999999999999999999", 19), Ok(9_999_999_999_999_999_999));
        assert_eq!(read_digits(&"9".repeat(38), 38), Ok(10u128.pow(38) - 1));
        for wrong in ["042", "00042", "+042", " 042", "04a2", "04²2", "-042"] {
            assert_eq!(read_digits(wrong, 4), Err("4 digits".into()), "{wrong:?}");
        }
        assert!(
            read_digits(&"9".repeat(39), 39).is_err(),
            "past u128 is refused, not wrapped"
        );
        assert!(read_digits(&format!("{}x", "1".repeat(20)), 21).is_err());
    }

    #[test]
    fn whole_numbers_in_every_spelling() {
        for v in [
            json!(1500),
            json!("1500"),
            json!(" 1500 "),
            json!("+1500"),
            json!(1500.0),
            json!(1.5e3),
            json!("1500.00"),
        ] {
            assert_eq!(parse_integer(&v), Ok(1500), "{v}");
        }
        assert_eq!(parse_integer(&json!("-3")), Ok(-3));
        for v in [
            json!(1.5),
            json!("1,500"),
            json!("abc"),
            json!(""),
            json!("-"),
            json!("."),
            json!(true),
            json!(null),
        ] {
            assert!(parse_integer(&v).is_err(), "{v}");
        }
    }

    #[test]
    fn decimals_keep_every_digit_or_refuse() {
        assert_eq!(parse_scaled(&json!("12.5"), 2, "x"), Ok(1250));
        assert_eq!(parse_scaled(&json!("-0.01"), 2, "x"), Ok(-1));
        assert_eq!(parse_scaled(&json!(".5"), 1, "x"), Ok(5));
        assert_eq!(
            parse_scaled(&json!("12.345"), 2, "x"),
            Err(ErrorKind::TooPrecise { scale: 2 })
        );
        assert!(parse_scaled(&json!("1e400"), 0, "x").is_err());
    }

    #[test]
    fn mirror_reverses_digits() {
        assert_eq!(mirror("0000000157", DIGITS), "9999999842");
        assert_eq!(mirror("2024-06-23", DIGITS), "7975-93-76");
    }
}
