//! A DynamoDB number: validated once where it enters, ordered by value everywhere.
//!
//! DynamoDB stores a Number as decimal text and compares Number keys by value, so
//! `"12.50"` and `"12.5"` are one key and `"-10"` sorts before `"-9"`. Before this type
//! each comparison re-read two texts and had to decide what an unreadable one meant
//! (`unwrap_or(Equal)`, seven times); a [`Number`] cannot be unreadable, so its order is
//! total and written once, in [`Ord`].
//!
//! Invariant: `cmp` is the order of the exact decimal values, at any number of digits;
//! `eq` and `hash` agree with it (equal values, however written, are equal).

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// DynamoDB keeps at most 38 significant digits of a number: the one limit
/// ([`crate::error::MAX_DIGITS`]), as a count of digits in a text.
pub const MAX_DIGITS: usize = crate::error::MAX_DIGITS as usize;
/// The magnitudes DynamoDB stores: 1E-130 up to 9.99…E+125 (as powers of ten).
const MIN_EXPONENT: i64 = -130;
const MAX_EXPONENT: i64 = 125;

/// A number text DynamoDB would store, with its parts found once.
#[derive(Clone)]
pub struct Number {
    text: String,
    parts: Parts,
}

/// Where a number text's digits are: its sign, its integer digits without leading
/// zeros and its fraction digits without trailing zeros, as ranges of the text.
#[derive(Clone, Copy)]
struct Parts {
    negative: bool,
    int: (usize, usize),
    frac: (usize, usize),
}

/// Why a text is not a number DynamoDB stores; the messages are DynamoDB's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a plain decimal: `abc`, `1e5`, `1.2.3`, `""`.
    NotANumber,
    /// More than [`MAX_DIGITS`] significant digits.
    TooPrecise { digits: usize },
    /// Above 9.99…E+125 in magnitude.
    Overflow,
    /// Not zero, and below 1E-130 in magnitude.
    Underflow,
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumberError::NotANumber => {
                f.write_str("is not a number: write digits with an optional sign and decimal point")
            }
            NumberError::TooPrecise { .. } => {
                write!(
                    f,
                    "Attempting to store more than {MAX_DIGITS} significant digits in a Number"
                )
            }
            NumberError::Overflow => {
                f.write_str("Number overflow. Attempting to store a number with magnitude larger than supported range")
            }
            NumberError::Underflow => f.write_str(
                "Number underflow. Attempting to store a number with magnitude smaller than supported range",
            ),
        }
    }
}

impl std::error::Error for NumberError {}

impl Number {
    /// Reads a plain decimal text (`1500`, `-12.5`, `.5`, `007`, `5.`) as DynamoDB
    /// would store it; a sign other than `-` or a space is not a number. Exponent forms
    /// (`1e5`), which DynamoDB also reads, are refused as not a number: keylab writes
    /// and compares plain decimals.
    pub fn parse(text: &str) -> Result<Number, NumberError> {
        Number::from_text(text.to_string())
    }

    /// [`Number::parse`] keeping the given text, with no copy.
    pub fn from_text(text: String) -> Result<Number, NumberError> {
        let parts = Parts::read(&text)?;
        Ok(Number { text, parts })
    }

    /// The text as given: DynamoDB's number text for the key.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    pub fn into_string(self) -> String {
        self.text
    }

    /// A text whose UTF-8 byte order is this number's order, and equal for equal values
    /// however written: for tools that only compare text (SQL engines over
    /// `keylab migrate --emit checks`, where a Number's own text would put 10 before 9).
    /// Zero is `1`; a positive number is `2`, its exponent plus 200 in three digits, then
    /// its significant digits; a negative one is `0`, the exponent's code taken from 999,
    /// each digit taken from 9, then `~`, which sorts after every digit, so that a shorter
    /// mantissa (-5 against -5.1) sorts last, as its value does.
    pub fn ordered_text(&self) -> String {
        let (int, frac) = (self.parts.int(&self.text), self.parts.frac(&self.text));
        if int.is_empty() && frac.is_empty() {
            return "1".to_string();
        }
        let digits: String = int.chars().chain(frac.chars()).collect();
        let exponent = if int.is_empty() {
            -((frac.len() - frac.trim_start_matches('0').len()) as i64) - 1
        } else {
            int.len() as i64 - 1
        };
        let significant = digits.trim_start_matches('0').trim_end_matches('0');
        // Parts::read bounds the exponent to -130..=125, so the code is 70..=325.
        let code = exponent + 200;
        if self.parts.negative {
            let flipped: String = significant.bytes().map(|d| char::from(b'9' - d + b'0')).collect();
            format!("0{:03}{flipped}~", 999 - code)
        } else {
            format!("2{code:03}{significant}")
        }
    }
}

/// The order of two texts the crate wrote from [`Number`]s, where a list of keys is kept
/// as text to stay small (the preview's rows, migrate's checks): by value, as [`Number`]
/// orders them. Both always read as numbers; were one not to, the bytes decide, so the
/// order stays total rather than calling unlike keys equal.
pub(crate) fn order_of_written(a: &str, b: &str) -> Ordering {
    match (Parts::read(a), Parts::read(b)) {
        (Ok(x), Ok(y)) => x.cmp_in(a, &y, b),
        _ => a.as_bytes().cmp(b.as_bytes()),
    }
}

impl Parts {
    fn read(text: &str) -> Result<Parts, NumberError> {
        let end = text.len();
        let (negative, start) = match text.as_bytes().first() {
            Some(b'-') => (true, 1),
            _ => (false, 0),
        };
        let digits = &text[start..end];
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit());
        if (int.is_empty() && frac.is_empty()) || !all_digits {
            return Err(NumberError::NotANumber);
        }
        let int_end = start + int.len();
        let frac_start = (int_end + 1).min(end);
        let mut parts = Parts {
            negative,
            int: (start + (int.len() - int.trim_start_matches('0').len()), int_end),
            frac: (frac_start, frac_start + frac.trim_end_matches('0').len()),
        };
        let (int, frac) = (parts.int(text), parts.frac(text));
        if int.is_empty() && frac.is_empty() {
            parts.negative = false;
            return Ok(parts);
        }
        // Significant digits run from the first non-zero digit to the last one.
        let (significant, exponent) = if int.is_empty() {
            let zeros = frac.len() - frac.trim_start_matches('0').len();
            (frac.len() - zeros, -(zeros as i64) - 1)
        } else if frac.is_empty() {
            (int.trim_end_matches('0').len(), int.len() as i64 - 1)
        } else {
            (int.len() + frac.len(), int.len() as i64 - 1)
        };
        // DynamoDB's order of checks: the magnitude, then the digits.
        if exponent > MAX_EXPONENT {
            Err(NumberError::Overflow)
        } else if exponent < MIN_EXPONENT {
            Err(NumberError::Underflow)
        } else if significant > MAX_DIGITS {
            Err(NumberError::TooPrecise { digits: significant })
        } else {
            Ok(parts)
        }
    }

    fn int<'t>(&self, text: &'t str) -> &'t str {
        &text[self.int.0..self.int.1]
    }

    fn frac<'t>(&self, text: &'t str) -> &'t str {
        &text[self.frac.0..self.frac.1]
    }

    /// The one definition of DynamoDB's Number order: sign, then the integer digits'
    /// count and digits, then the fraction digits; reversed for two negatives.
    fn cmp_in(&self, text: &str, other: &Parts, other_text: &str) -> Ordering {
        let magnitude = || {
            let (a, b) = (self.int(text), other.int(other_text));
            a.len()
                .cmp(&b.len())
                .then_with(|| a.cmp(b))
                .then_with(|| self.frac(text).cmp(other.frac(other_text)))
        };
        match (self.negative, other.negative) {
            (false, false) => magnitude(),
            (true, true) => magnitude().reverse(),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
        }
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        self.parts.cmp_in(&self.text, &other.parts, &other.text)
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl Hash for Number {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let p = &self.parts;
        (p.negative, p.int(&self.text), p.frac(&self.text)).hash(state);
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Number({:?})", self.text)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::str::FromStr for Number {
    type Err = NumberError;
    fn from_str(text: &str) -> Result<Number, NumberError> {
        Number::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(text: &str) -> Number {
        Number::parse(text).unwrap()
    }

    #[test]
    fn orders_by_value() {
        assert!(n("10") > n("9"));
        assert!(n("-10") < n("-9"));
        assert_eq!(n("12.50"), n("12.5"));
        assert_eq!(n("-0"), n("0"));
        assert_eq!(n("-0.000"), n(".0"));
        assert!(n("0.001") > n("-1"));
        assert!(n("0.5") < n("1"));
        assert!(n("-0.5") > n("-1"));
        assert_eq!(n("007"), n("7.000"));
        assert_eq!(n("5."), n("5"));
        assert_eq!(n("007").as_str(), "007", "the text stays as given");
    }

    #[test]
    fn ordered_texts_of_a_few_numbers() {
        let texts: Vec<String> = [
            "-10", "-5.1", "-5", "-0.5", "0", "-0.0", "0.05", "5", "5.1", "10", "1E0",
        ]
        .iter()
        .filter_map(|t| Number::parse(t).ok())
        .map(|x| x.ordered_text())
        .collect();
        assert_eq!(
            texts,
            ["07988~", "079948~", "07994~", "08004~", "1", "1", "21985", "22005", "220051", "22011"]
        );
    }

    #[test]
    fn refuses_what_dynamodb_refuses() {
        for bad in [
            "", " ", "-", "+", ".", "-.", "+5", " 5", "5 ", "abc", "1e5", "1.2.3", "1 2", "--1", "0x10", "١",
        ] {
            assert_eq!(Number::parse(bad).err(), Some(NumberError::NotANumber), "{bad:?}");
        }
        let digits39 = "1".repeat(39);
        assert_eq!(
            Number::parse(&digits39).err(),
            Some(NumberError::TooPrecise { digits: 39 })
        );
        assert!(Number::parse(&"9".repeat(38)).is_ok());
        // Trailing zeros of an integer are not precision: 1E+125 is one digit.
        assert!(Number::parse(&format!("1{}", "0".repeat(125))).is_ok());
        assert_eq!(
            Number::parse(&format!("1{}", "0".repeat(126))).err(),
            Some(NumberError::Overflow)
        );
        assert!(Number::parse(&format!("0.{}1", "0".repeat(129))).is_ok());
        assert_eq!(
            Number::parse(&format!("0.{}1", "0".repeat(130))).err(),
            Some(NumberError::Underflow)
        );
        assert!(Number::parse(&format!("0.{}", "0".repeat(300))).is_ok(), "zero is zero");
        assert_eq!(
            Number::parse(&format!("1.{}1", "0".repeat(37))).err(),
            Some(NumberError::TooPrecise { digits: 39 })
        );
    }

    #[test]
    fn written_texts_order_as_their_numbers() {
        assert_eq!(order_of_written("10", "9"), Ordering::Greater);
        assert_eq!(order_of_written("-1.50", "-1.5"), Ordering::Equal);
        // Never equal unless equal: unreadable texts fall back to their bytes.
        assert_eq!(order_of_written("abc", "abd"), Ordering::Less);
    }

    proptest! {
        #[test]
        fn order_matches_integers(a in any::<i64>(), b in any::<i64>()) {
            prop_assert_eq!(n(&a.to_string()).cmp(&n(&b.to_string())), a.cmp(&b));
        }

        /// Scaled integers written with padding: the order of the values, and equal
        /// values equal, hashed alike, however many zeros they carry.
        #[test]
        fn order_matches_decimals(a in -99_999i64..99_999, b in -99_999i64..99_999, pad in 0usize..4) {
            let text = |v: i64| {
                let sign = if v < 0 { "-" } else { "" };
                let abs = v.unsigned_abs();
                format!("{sign}{}{}.{:03}{}", "0".repeat(pad), abs / 1000, abs % 1000, "0".repeat(pad))
            };
            let (x, y) = (n(&text(a)), n(&text(b)));
            prop_assert_eq!(x.cmp(&y), a.cmp(&b));
            prop_assert_eq!(x == y, a == b);
            if a == b {
                use std::collections::hash_map::DefaultHasher;
                let hash = |v: &Number| { let mut h = DefaultHasher::new(); v.hash(&mut h); h.finish() };
                prop_assert_eq!(hash(&x), hash(&y));
            }
        }

        /// The ordered text sorts by bytes as the numbers do by value, at any scale.
        #[test]
        fn ordered_text_sorts_as_the_numbers(
            a in -99_999_999i64..99_999_999, b in -99_999_999i64..99_999_999,
            sa in -140i32..130, sb in -140i32..130,
        ) {
            let text = |v: i64, scale: i32| {
                let sign = if v < 0 { "-" } else { "" };
                let digits = v.unsigned_abs().to_string();
                if scale >= 0 {
                    format!("{sign}{digits}{}", "0".repeat(scale as usize))
                } else {
                    let s = (-scale) as usize;
                    let padded = format!("{}{digits}", "0".repeat(s));
                    format!("{sign}{}.{}", &padded[..padded.len() - s], &padded[padded.len() - s..])
                }
            };
            if let (Ok(x), Ok(y)) = (Number::parse(&text(a, sa)), Number::parse(&text(b, sb))) {
                prop_assert_eq!(x.ordered_text().as_bytes().cmp(y.ordered_text().as_bytes()), x.cmp(&y),
                    "{} {} / {} {}", x, x.ordered_text(), y, y.ordered_text());
                prop_assert_eq!(x.ordered_text() == y.ordered_text(), x == y);
            }
        }

        #[test]
        fn never_panics(text in ".{0,60}") {
            let _ = Number::parse(&text);
        }
    }
}
