//! Floats written as text without Rust's own float formatting and parsing.
//!
//! `format!("{f}")` and `str::parse::<f64>` each pull a float algorithm and its tables
//! into the page's wasm (about 30 KB, 20 KB of it gzip; docs/performance.md), while
//! serde_json, which the page needs anyway, already carries a shortest round-trip
//! writer and a reader. keylab writes few floats (a width's share of capacity, a warning
//! threshold, whether a Number key survives JavaScript), so it goes through those.

/// The shortest digits that read back as `f`, in plain notation, as `format!("{f}")`
/// writes them (`80`, `99.5`, `0.0000001`, `1e21` as `1000000000000000000000`). Where
/// two shortest spellings exist, the last digit may differ from Rust's choice.
pub fn shortest(f: f64) -> String {
    let Some(n) = serde_json::Number::from_f64(f) else {
        return if f.is_nan() {
            "NaN".into()
        } else if f > 0.0 {
            "inf".into()
        } else {
            "-inf".into()
        };
    };
    plain(&n.to_string())
}

/// `f` rounded to `places` decimals, as `format!("{f:.places$}")` writes it except on an
/// exact tie, which rounds away from zero here (a share of capacity has no ties that
/// matter). Magnitudes past 10^15, or past 10^18 units, are written by [`shortest`].
pub fn fixed(f: f64, places: u32) -> String {
    let scale = 10u64.pow(places.min(6));
    let scaled = (f.abs() * scale as f64).round();
    // Below 1e18, the units fit a u64 whatever the places (no saturating cast).
    if !f.is_finite() || f.abs() >= 1e15 || scaled >= 1e18 {
        return shortest(f);
    }
    let units = scaled as u64;
    let sign = if f.is_sign_negative() && units != 0 { "-" } else { "" };
    let whole = units / scale;
    if places == 0 {
        return format!("{sign}{whole}");
    }
    let width = places.min(6) as usize;
    format!("{sign}{whole}.{:0width$}", units % scale)
}

/// Reads a decimal number's text, as JSON spells one (`12`, `-0.5`, `1e3`); `None` for
/// anything else. Precision is serde_json's: within one unit in the last place, so a
/// caller that needs exactness checks the result with [`shortest`].
pub fn parse(text: &str) -> Option<f64> {
    match serde_json::from_str::<serde_json::Value>(text).ok()? {
        serde_json::Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// Scientific notation (`1.5e-7`, `1e21`) rewritten in plain decimals.
fn plain(text: &str) -> String {
    let text = text.strip_suffix(".0").unwrap_or(text);
    let Some((mantissa, exponent)) = text.split_once(['e', 'E']) else {
        return text.to_string();
    };
    let Ok(exponent) = exponent.parse::<i32>() else {
        return text.to_string();
    };
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // The digits without leading zeros, and where the decimal point falls among them.
    let all = format!("{int}{frac}");
    let lead = all.len() - all.trim_start_matches('0').len();
    let all = &all[lead..];
    let point = int.len() as i32 - lead as i32 + exponent;
    let out = if all.is_empty() {
        "0".to_string()
    } else if point <= 0 {
        format!("0.{}{all}", "0".repeat((-point) as usize))
    } else if point as usize >= all.len() {
        format!("{all}{}", "0".repeat(point as usize - all.len()))
    } else {
        format!("{}.{}", &all[..point as usize], &all[point as usize..])
    };
    format!("{sign}{out}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn plain_notation_for_every_exponent() {
        for (f, text) in [
            (80.0, "80"),
            (99.5, "99.5"),
            (-0.0, "-0"),
            (1e-7, "0.0000001"),
            (1.5e-7, "0.00000015"),
            (1e21, "1000000000000000000000"),
            (1.25e22, "12500000000000000000000"),
            (123456.789, "123456.789"),
            (f64::MAX, &format!("{}", f64::MAX)),
            (f64::MIN_POSITIVE, &format!("{}", f64::MIN_POSITIVE)),
        ] {
            assert_eq!(shortest(f), text, "{f:e}");
        }
        assert_eq!(shortest(f64::NAN), "NaN");
        assert_eq!(shortest(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn fixed_places_for_percentages() {
        assert_eq!(fixed(85.0, 2), "85.00");
        assert_eq!(fixed(0.004, 2), "0.00");
        assert_eq!(fixed(99.996, 2), "100.00");
        assert_eq!(fixed(12.34, 1), "12.3");
        assert_eq!(fixed(-0.001, 1), "0.0");
        assert_eq!(fixed(-2.5, 0), "-3");
        assert_eq!(
            fixed(9.99e14, 6),
            shortest(9.99e14),
            "past a u64 of units: written in full"
        );
    }

    #[test]
    fn parses_what_json_calls_a_number() {
        assert_eq!(parse("12.5"), Some(12.5));
        assert_eq!(parse(" 80 "), Some(80.0));
        assert_eq!(parse("-1e3"), Some(-1000.0));
        for not in ["", "abc", "1.5.2", "\"7\"", "NaN", "inf", "1e999"] {
            assert_eq!(parse(not), None, "{not:?}");
        }
    }

    proptest! {
        /// Rust's own `{}` for every finite float, including subnormals: as short,
        /// reading back as the same float, and the same text but for a last digit.
        #[test]
        fn shortest_is_rusts_display(bits in any::<u64>()) {
            let f = f64::from_bits(bits);
            prop_assume!(f.is_finite());
            let (ours, rusts) = (shortest(f), format!("{f}"));
            prop_assert_eq!(ours.len(), rusts.len());
            prop_assert_eq!(ours.parse::<f64>(), Ok(f));
            prop_assert_eq!(&ours[..ours.len() - 1], &rusts[..rusts.len() - 1]);
        }

        #[test]
        fn shortest_of_short_decimals(units in -10_000_000i64..10_000_000, places in 0u32..9) {
            let f = units as f64 / 10f64.powi(places as i32);
            prop_assert_eq!(shortest(f), format!("{f}"));
        }

        /// Rust's `{:.N}` for every value that is not within a hair of a tie.
        #[test]
        fn fixed_is_rusts_precision(f in -1e9f64..1e9, places in 0u32..4) {
            let scaled = f.abs() * 10f64.powi(places as i32);
            prop_assume!((scaled.fract() - 0.5).abs() > 1e-6);
            prop_assert_eq!(fixed(f, places), format!("{f:.*}", places as usize));
        }

        /// Reading back what `shortest` wrote gives the same float.
        #[test]
        fn parse_reads_shortest(units in any::<i32>(), places in 0u32..6) {
            let f = f64::from(units) / 10f64.powi(places as i32);
            prop_assert_eq!(parse(&shortest(f)), Some(f));
        }
    }
}
