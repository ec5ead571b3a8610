//! What one segment of a key holds across a group's items: a literal, or a field whose
//! kind is the one the codec itself writes every value with. A candidate kind is kept
//! only when every stored segment reads back and is written again byte for byte, so a
//! proposal never claims a shape the codec would not write.

use crate::codec::{decode_field, encode_field};
use crate::schema::{Case, Field, FieldKind, IsoFormat, IsoPrecision, IsoZone, Order, TimeUnit};
use serde_json::Value;

/// Epoch seconds from 2000 to 2100: digits in this range are read as times, not counts.
const EPOCH_SECONDS: std::ops::RangeInclusive<u128> = 946_684_800..=4_102_444_800;

fn field(kind: FieldKind) -> Field {
    Field {
        name: String::new(),
        kind,
        warn_at: None,
        mutable: None,
    }
}

/// The kinds a column of stored segments could have been written with, the most
/// specific first; text, which writes any of them, last.
pub fn candidates(values: &[&str]) -> Vec<FieldKind> {
    // Shapes are read off the values of the most usual length, so that one key
    // written by hand does not hide what the others are.
    let mut lengths: Vec<usize> = values.iter().map(|v| v.len()).collect();
    crate::codec::order::sort_positions(&mut lengths, &|a, b| a.cmp(&b));
    let Some(usual) = lengths
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| run.len())
        .map(|run| run[0])
    else {
        return vec![text(Case::Preserve)];
    };
    let values: Vec<&str> = values.iter().copied().filter(|v| v.len() == usual).collect();
    let first = values[0];
    let mut out = Vec::new();
    for order in [Order::Asc, Order::Desc] {
        if first.len() == 26 {
            out.push(FieldKind::Ulid { order });
        }
        if first.len() == 27 {
            out.push(FieldKind::Ksuid { order });
        }
        if let Some(format) = iso_format(first) {
            out.push(FieldKind::Timestamp {
                unit: TimeUnit::Iso(format),
                order,
            });
        }
    }
    let digits = |v: &str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
    let width = first.len() as u32;
    if values.iter().all(|v| digits(v)) && width <= 38 {
        let numbers: Vec<u128> = values.iter().filter_map(|v| v.parse().ok()).collect();
        if numbers.iter().all(|n| EPOCH_SECONDS.contains(n)) {
            out.push(FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width },
                order: Order::Asc,
            });
        }
        if numbers.iter().all(|n| EPOCH_SECONDS.contains(&(n / 1000))) {
            out.push(FieldKind::Timestamp {
                unit: TimeUnit::Millis { width },
                order: Order::Asc,
            });
        }
        out.push(FieldKind::Uint {
            width,
            order: Order::Asc,
        });
    }
    if width >= 2 && values.iter().all(|v| v.starts_with(['0', '-']) && digits(&v[1..])) {
        out.push(FieldKind::Int {
            width: width - 1,
            order: Order::Asc,
        });
    }
    if let Some(point) = first.find('.') {
        let signed = values.iter().any(|v| v.starts_with('-'));
        let int = (point as u32).saturating_sub(u32::from(signed));
        let scale = width - point as u32 - 1;
        if int >= 1 && scale >= 1 {
            out.push(FieldKind::Decimal {
                width: int,
                scale,
                signed,
                order: Order::Asc,
            });
        }
    }
    out.push(text(Case::Preserve));
    out
}

/// The numeric kind whose plain number holds every Number key of a column: whole
/// numbers as `uint` or `int`, others as a `decimal` wide enough for each.
pub fn number_kind(values: &[&str]) -> Option<FieldKind> {
    let mut signed = false;
    let (mut width, mut scale) = (1u32, 0u32);
    for v in values {
        let n = crate::codec::Number::from_text(v.to_string()).ok()?;
        let plain = n.as_str();
        let digits = plain.strip_prefix('-').inspect(|_| signed = true).unwrap_or(plain);
        // DynamoDB's number text: digits, a point, an exponent.
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if int.contains(['e', 'E']) || frac.contains(['e', 'E']) {
            return None;
        }
        width = width.max(int.len() as u32);
        scale = scale.max(frac.trim_end_matches('0').len() as u32);
    }
    Some(match (scale, signed) {
        (0, false) => FieldKind::Uint {
            width,
            order: Order::Asc,
        },
        (0, true) => FieldKind::Int {
            width,
            order: Order::Asc,
        },
        _ => FieldKind::Decimal {
            width,
            scale,
            signed,
            order: Order::Asc,
        },
    })
}

fn text(case: Case) -> FieldKind {
    FieldKind::Text { case, max_length: None }
}

/// The ISO format a stored timestamp is spelled in, from its shape alone.
fn iso_format(s: &str) -> Option<IsoFormat> {
    let b = s.as_bytes();
    let shape_ok = |pattern: &[u8]| {
        b.len() >= pattern.len()
            && pattern
                .iter()
                .zip(b)
                .all(|(p, c)| if *p == b'd' { c.is_ascii_digit() } else { p == c })
    };
    if !shape_ok(b"dddd-dd-dd") {
        return None;
    }
    let (precision, rest) = if shape_ok(b"dddd-dd-ddTdd:dd:dd.ddd") {
        (IsoPrecision::Millisecond, &s[23..])
    } else if shape_ok(b"dddd-dd-ddTdd:dd:dd") {
        (IsoPrecision::Second, &s[19..])
    } else if shape_ok(b"dddd-dd-ddTdd:dd") {
        (IsoPrecision::Minute, &s[16..])
    } else {
        (IsoPrecision::Date, &s[10..])
    };
    let zone = match rest {
        "" if precision == IsoPrecision::Date => IsoZone::Utc,
        "" => IsoZone::Unzoned,
        "Z" => IsoZone::Utc,
        offset => IsoZone::from_name(offset)?,
    };
    Some(IsoFormat { precision, zone })
}

/// Whether `kind` reads the segment and writes it again unchanged.
fn round_trip(f: &Field, v: &str, separator: &str) -> bool {
    match decode_field(f, v) {
        Ok(value) => encode_field(f, &value, separator).is_ok_and(|(written, _)| written == v),
        Err(_) => false,
    }
}

/// How many of the segments `kind` reads and writes again unchanged.
pub fn round_trips(kind: FieldKind, values: &[&str], separator: &str) -> usize {
    let f = field(kind);
    values.iter().filter(|v| round_trip(&f, v, separator)).count()
}

/// The kind that writes the most of the segments again, the most specific of equals:
/// a key written by hand long ago must not turn a column of ULIDs into text.
pub fn best(values: &[&str], separator: &str) -> (FieldKind, usize) {
    let mut best = (text(Case::Preserve), 0);
    for kind in candidates(values) {
        let n = round_trips(kind, values, separator);
        if n > best.1 {
            best = (kind, n);
        }
        if n == values.len() {
            break;
        }
    }
    best
}

/// Whether `kind` writes each attribute value present as its segment: the key holds
/// that attribute, so the two stay one value. `None` where an item has no such value.
pub fn writes_attribute(kind: FieldKind, attribute: &[Option<Value>], values: &[&str], separator: &str) -> bool {
    let f = field(kind);
    attribute.len() == values.len()
        && attribute.iter().zip(values).all(|(a, v)| match a {
            Some(a) => encode_field(&f, a, separator).is_ok_and(|(written, _)| written == *v),
            None => true,
        })
}

/// The kinds tried against an attribute: the column's own, and text cased up or down
/// (a key often holds an attribute's value in one case).
pub fn attribute_candidates(values: &[&str]) -> Vec<FieldKind> {
    let mut kinds = candidates(values);
    // Stored inverted (10^w - 1 - v) for newest-first or top-first order.
    let inverted: Vec<FieldKind> = (kinds.iter())
        .filter(|k| k.order() == Order::Asc && k.width().is_some())
        .map(|k| k.with_order(Order::Desc))
        .collect();
    kinds.extend(inverted);
    kinds.extend([text(Case::Upper), text(Case::Lower)]);
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn first_fit(values: &[&str]) -> FieldKind {
        let (kind, fits) = best(values, "#");
        assert_eq!(fits, values.len());
        kind
    }

    #[test]
    fn each_column_gets_the_kind_the_codec_writes_it_with() {
        assert_eq!(
            first_fit(&["0000001500", "0000000009"]),
            FieldKind::Uint {
                width: 10,
                order: Order::Asc
            }
        );
        assert_eq!(
            first_fit(&["0000001719100800", "0000001719187200"]),
            FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width: 16 },
                order: Order::Asc
            }
        );
        assert_eq!(
            first_fit(&["2020-04-24T14:40:00", "2020-04-25T09:00:00"]),
            FieldKind::Timestamp {
                unit: TimeUnit::Iso(IsoFormat {
                    precision: IsoPrecision::Second,
                    zone: IsoZone::Unzoned
                }),
                order: Order::Asc
            }
        );
        assert_eq!(
            first_fit(&["2024-06-23", "2024-07-01"]),
            FieldKind::Timestamp {
                unit: TimeUnit::Iso(IsoFormat {
                    precision: IsoPrecision::Date,
                    zone: IsoZone::Utc
                }),
                order: Order::Asc
            }
        );
        assert_eq!(
            first_fit(&["01ARZ3NDEKTSV4RRFFQ69G5FAV"]),
            FieldKind::Ulid { order: Order::Asc }
        );
        assert_eq!(
            first_fit(&["00005", "-9994"]),
            FieldKind::Int {
                width: 4,
                order: Order::Asc
            }
        );
        assert_eq!(
            first_fit(&["00012.50", "-9987.49"]),
            FieldKind::Decimal {
                width: 4,
                scale: 2,
                signed: true,
                order: Order::Asc
            }
        );
        // Digits of varying length sort as text: that is what the table holds.
        assert_eq!(first_fit(&["10", "9"]), text(Case::Preserve));
        assert_eq!(first_fit(&["p_8842", "Ünïcode"]), text(Case::Preserve));
    }

    #[test]
    fn an_attribute_inverted_or_cased_in_the_key_is_found() {
        let desc = FieldKind::Uint {
            width: 10,
            order: Order::Desc,
        };
        assert!(writes_attribute(
            desc,
            &[Some(json!("1500")), Some(json!("9"))],
            &["9999998499", "9999999990"],
            "#"
        ));
        assert!(!writes_attribute(desc, &[Some(json!("1500"))], &["0000001500"], "#"));
        assert!(writes_attribute(
            text(Case::Upper),
            &[Some(json!("spring")), None],
            &["SPRING", "X"],
            "#"
        ));
    }

    #[test]
    fn one_odd_key_does_not_decide_a_columns_kind() {
        let ulids = ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "01BX5ZZKBKACTAV9WEVGEMMVRZ", ""];
        assert_eq!(best(&ulids, "#"), (FieldKind::Ulid { order: Order::Asc }, 2));
    }
}
