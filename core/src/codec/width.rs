//! The width planner: how much of a numeric field's width its values use, and what
//! width to choose. Widths are chosen once (changing one means rewriting every key),
//! so the planner suggests the digits of the largest expected value plus headroom.

use crate::codec::{self, Values};
use crate::schema::{Field, FieldKind, TimeUnit, MAX_DIGITS};
use serde::Serialize;
use serde_json::Value;

/// Digits of headroom added to the largest expected value (the seeds say 2 to 3).
pub const HEADROOM: u32 = 2;

fn capacity(digits: u32) -> u128 {
    10u128.checked_pow(digits).map_or(u128::MAX, |p| p - 1)
}

fn count_digits(v: u128) -> u32 {
    v.checked_ilog10().unwrap_or(0) + 1
}

/// `magnitude` as a percentage of what `digits` digits can hold.
pub fn percent_of_capacity(magnitude: u128, digits: u32) -> f64 {
    // Through u64 where the value fits: the same float (both conversions round to
    // nearest), without the u128 conversion routine, which every key paid for.
    let float = |v: u128| u64::try_from(v).map_or(v as f64, |v| v as f64);
    float(magnitude) / float(capacity(digits)) * 100.0
}

/// The smallest magnitude at which a value uses `threshold` percent or more of the
/// capacity of `digits` digits: what [`percent_of_capacity`] compares, worked out once
/// per field so that each key compares integers instead of dividing floats (a tenth of
/// writing a key in the page). The percentage grows with the magnitude, so a binary
/// search finds it; `u128::MAX` when no magnitude reaches it.
pub fn warn_from(digits: u32, threshold: f64) -> u128 {
    let (mut low, mut high) = (0u128, capacity(digits).saturating_mul(10).saturating_add(10));
    // A NaN threshold is reached by nothing, as a comparison with NaN is false.
    if threshold.is_nan() || percent_of_capacity(high, digits) < threshold {
        return u128::MAX;
    }
    while low < high {
        let mid = low + (high - low) / 2;
        if percent_of_capacity(mid, digits) >= threshold {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}

/// The width that holds `largest` integer digits with [`HEADROOM`] to spare.
pub fn suggest_width(largest_integer_digits: u32) -> u32 {
    (largest_integer_digits + HEADROOM).min(MAX_DIGITS)
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WidthPlan {
    pub field: String,
    pub width: u32,
    /// The largest storable value, as text (`9999999999`, `99999999.99`).
    pub capacity: String,
    /// For epoch timestamps, the last instant the width can hold.
    pub capacity_time: Option<String>,
    /// The largest sample (or expected) value, as given.
    pub largest: Option<String>,
    /// Share of the capacity the largest value uses, in percent (over 100 overflows).
    pub used_percent: f64,
    pub threshold: f64,
    pub suggested_width: u32,
    pub over_threshold: bool,
    pub overflows: bool,
}

/// Digits an epoch timestamp needs whatever the samples: today's instants, and every
/// one until the year 2286, take 10 digits in seconds and 13 in milliseconds.
fn time_digits(kind: FieldKind) -> u32 {
    match kind {
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. },
            ..
        } => 10,
        FieldKind::Timestamp {
            unit: TimeUnit::Millis { .. },
            ..
        } => 13,
        _ => 0,
    }
}

/// The largest value of a numeric field among sample values (and an expected maximum):
/// its magnitude in the field's stored digits, and the value as given. It depends on
/// how the field reads numbers (its kind and scale), never on its width or order, so a
/// width change can plan again from the largest value found before.
#[derive(Clone, Debug, PartialEq)]
pub struct Largest {
    pub magnitude: u128,
    pub shown: String,
}

/// The magnitude of one value of `field`, in the field's stored digits, as [`largest`]
/// compares them; `None` for a value that does not parse or a kind without a width.
pub fn magnitude_of(field: &Field, value: &Value) -> Option<u128> {
    match codec::magnitude(field, value) {
        Ok(Some((m, _))) => Some(m),
        _ => None,
    }
}

/// The largest of `values` for `field`; values that do not parse are skipped (they show
/// their own errors).
pub fn largest<'a>(field: &Field, values: impl IntoIterator<Item = &'a Value>) -> Option<Largest> {
    let mut largest: Option<(u128, &Value)> = None;
    for value in values {
        if let Ok(Some((m, _))) = codec::magnitude(field, value) {
            if largest.is_none_or(|(l, _)| m > l) {
                largest = Some((m, value));
            }
        }
    }
    largest.map(|(magnitude, value)| Largest {
        magnitude,
        shown: codec::shown(value),
    })
}

/// Plans the width of one numeric field from sample values and an optional expected
/// maximum. `None` for kinds without a width.
pub fn plan<'a>(
    field: &Field,
    samples: impl IntoIterator<Item = &'a Values>,
    expected_max: Option<&Value>,
) -> Option<WidthPlan> {
    // A width the codec cannot compute with is reported by the schema check instead.
    field.kind.validate().ok()?;
    field.kind.width()?;
    let values = samples
        .into_iter()
        .filter_map(|v| codec::value_of(v, &field.name))
        .chain(expected_max);
    plan_of(field, largest(field, values).as_ref())
}

/// [`plan`] from the largest value already found ([`largest`]).
pub fn plan_of(field: &Field, largest: Option<&Largest>) -> Option<WidthPlan> {
    // A width the codec cannot compute with is reported by the schema check instead.
    field.kind.validate().ok()?;
    let width = field.kind.width()?;
    let scale = match field.kind {
        FieldKind::Decimal { scale, .. } => scale,
        _ => 0,
    };
    let digits = width + scale;
    let magnitude = largest.map_or(0, |l| l.magnitude);
    let used_percent = percent_of_capacity(magnitude, digits);
    let integer_digits = count_digits(magnitude / 10u128.pow(scale));
    let capacity_text = match field.kind {
        FieldKind::Decimal { .. } if scale > 0 => {
            let c = capacity(digits).to_string();
            format!("{}.{}", &c[..width as usize], &c[width as usize..])
        }
        _ => capacity(digits).to_string(),
    };
    let capacity_time = match field.kind {
        FieldKind::Timestamp { unit, .. } => codec::describe_time(capacity(digits) as i128, unit),
        _ => None,
    };
    Some(WidthPlan {
        field: field.name.clone(),
        width,
        capacity: capacity_text,
        capacity_time,
        largest: largest.map(|l| l.shown.clone()),
        used_percent,
        threshold: field.warn_at(),
        suggested_width: suggest_width(integer_digits).max(time_digits(field.kind)).max(1),
        over_threshold: used_percent >= field.warn_at(),
        overflows: used_percent > 100.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{Order, TimeUnit};
    use serde_json::json;

    fn rows(values: &[Value]) -> Vec<Values> {
        values
            .iter()
            .map(|v| json!({ "score": v }).as_object().cloned().unwrap_or_default())
            .collect()
    }

    proptest::proptest! {
        /// Comparing with the threshold magnitude is comparing percentages.
        #[test]
        fn the_warning_threshold_magnitude_is_the_percentage_reached(
            m in proptest::prop_oneof![0u128..2_000, 0u128..20_000_000_000, proptest::num::u128::ANY],
            digits in 1u32..39,
            threshold in proptest::prop_oneof![0.0f64..=100.0, proptest::prelude::Just(80.0), proptest::prelude::Just(150.0), proptest::prelude::Just(f64::NAN), proptest::prelude::Just(-1.0)],
        ) {
            proptest::prop_assert_eq!(m >= warn_from(digits, threshold), percent_of_capacity(m, digits) >= threshold);
        }
    }

    #[test]
    fn an_epoch_timestamp_without_samples_is_suggested_a_width_that_holds_today() {
        for (unit, digits) in [
            (TimeUnit::Millis { width: 3 }, 13),
            (TimeUnit::Seconds { width: 3 }, 10),
        ] {
            let f = Field {
                name: "at".into(),
                kind: FieldKind::Timestamp {
                    unit,
                    order: Order::Asc,
                },
                warn_at: None,
                mutable: None,
            };
            assert_eq!(plan(&f, &rows(&[]), None).unwrap().suggested_width, digits);
        }
    }

    #[test]
    fn capacity_headroom_and_suggestion() {
        let f = Field {
            name: "score".into(),
            kind: FieldKind::Uint {
                width: 10,
                order: Order::Asc,
            },
            warn_at: None,
            mutable: None,
        };
        let p = plan(&f, &rows(&[json!(1500), json!(8_500_000_000u64)]), None).unwrap();
        assert_eq!(p.capacity, "9999999999");
        assert!((p.used_percent - 85.0).abs() < 0.01, "{}", p.used_percent);
        assert!(p.over_threshold && !p.overflows);
        assert_eq!(p.suggested_width, 12);
        let p = plan(&f, &rows(&[json!(1500)]), Some(&json!(99_999))).unwrap();
        assert_eq!((p.suggested_width, p.over_threshold), (7, false));
        let p = plan(&f, &rows(&[json!("12345678901")]), None).unwrap();
        assert!(p.overflows);
        assert_eq!(p.suggested_width, 13);
    }

    #[test]
    fn widths_out_of_range_are_not_planned() {
        for kind in [
            FieldKind::Uint {
                width: 50,
                order: Order::Asc,
            },
            FieldKind::Uint {
                width: 0,
                order: Order::Asc,
            },
            FieldKind::Decimal {
                width: 30,
                scale: 30,
                signed: true,
                order: Order::Asc,
            },
            FieldKind::Timestamp {
                unit: TimeUnit::Millis { width: u32::MAX },
                order: Order::Asc,
            },
        ] {
            let f = Field {
                name: "x".into(),
                kind,
                warn_at: None,
                mutable: None,
            };
            assert_eq!(plan(&f, &rows(&[json!(5)]), None), None, "{kind:?}");
        }
    }

    #[test]
    fn timestamps_show_their_last_instant() {
        let f = Field {
            name: "at".into(),
            kind: FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width: 10 },
                order: Order::Asc,
            },
            warn_at: None,
            mutable: None,
        };
        let p = plan(&f, &[], None).unwrap();
        assert_eq!(p.capacity_time.as_deref(), Some("2286-11-20T17:46:39.000Z"));
    }

    #[test]
    fn decimal_capacity_has_its_point() {
        let f = Field {
            name: "price".into(),
            kind: FieldKind::Decimal {
                width: 6,
                scale: 2,
                signed: true,
                order: Order::Asc,
            },
            warn_at: Some(50.0),
            mutable: None,
        };
        let p = plan(
            &f,
            &[json!({"price": "600000.00"}).as_object().cloned().unwrap_or_default()],
            None,
        )
        .unwrap();
        assert_eq!(p.capacity, "999999.99");
        assert!(p.over_threshold);
        assert_eq!(p.suggested_width, 8);
    }
}
