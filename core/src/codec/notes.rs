//! What stored values stand for, in the words the page writes beside a key: the instant
//! an id or an epoch timestamp holds, and the value a segment stored inverted (`desc`)
//! mirrors. An inverted ISO timestamp reads like a broken date (`7975-93-76T…`) and an
//! inverted score like a huge number; these say what they are.

use super::{decode_field, id_kind, ids, shown, timestamp};
use crate::schema::{Field, FieldKind, IsoFormat, IsoPrecision, IsoZone, Order, TimeUnit};
use serde_json::Value;

/// The instant a time given where an id goes stands for (ISO-8601, or epoch
/// milliseconds), in epoch milliseconds: how a range on a ULID or KSUID field reads a
/// time, in the query builder and in an access pattern's values.
pub(crate) fn time_given(value: &Value) -> Option<i128> {
    let as_time = Field {
        name: String::new(),
        kind: FieldKind::Timestamp {
            unit: TimeUnit::Millis { width: 15 },
            order: Order::Asc,
        },
        warn_at: None,
        mutable: None,
    };
    time_of(&as_time, value)
}

/// The instant an id or timestamp value stands for, in epoch milliseconds, if it is one.
pub fn time_of(field: &Field, value: &Value) -> Option<i128> {
    match field.kind {
        FieldKind::Timestamp { unit, .. } => {
            let t = timestamp::parse(value, unit).ok()?;
            if matches!(unit, TimeUnit::Seconds { .. }) {
                t.checked_mul(1000)
            } else {
                Some(t)
            }
        }
        FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => {
            let id = id_kind(&field.kind)?;
            ids::time_ms(&ids::parse(value, id).ok()?, id)
        }
        _ => None,
    }
}

/// The instant an epoch timestamp or an id holds, as ISO-8601 UTC: the time reference
/// the page shows next to values whose digits do not read as a date. An instant known
/// to the second (an `s` timestamp, a KSUID) is written to the second: ".000" would
/// claim milliseconds it does not have, and cost the key list room. `None` for other
/// kinds, ISO values (already readable) and values that do not parse.
pub fn time_text(field: &Field, value: &Value) -> Option<String> {
    let precision = match field.kind {
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(_), ..
        } => return None,
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. },
            ..
        }
        | FieldKind::Ksuid { .. } => IsoPrecision::Second,
        _ => IsoPrecision::Millisecond,
    };
    let format = IsoFormat {
        precision,
        zone: IsoZone::Utc,
    };
    timestamp::iso_text(time_of(field, value)?, format).ok()
}

/// What a segment `stored` inverted stands for, read back from the segment itself (not
/// from the item, so it explains the key as written): a number as its value, an epoch
/// timestamp as its instant in ISO-8601 UTC, an ISO timestamp in the field's own format
/// with its digits put back, an id as its canonical text. `None` for a field stored as
/// it is, and for a segment the field could not have written.
pub fn inverted_meaning(field: &Field, stored: &str) -> Option<String> {
    if field.kind.order() != Order::Desc {
        return None;
    }
    let value = decode_field(field, stored).ok()?;
    match field.kind {
        FieldKind::Timestamp {
            unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
            ..
        } => time_text(field, &value),
        _ => Some(shown(&value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::encode_field;
    use proptest::prelude::*;
    use serde_json::json;

    fn field(kind: FieldKind) -> Field {
        Field {
            name: "f".into(),
            kind,
            warn_at: None,
            mutable: None,
        }
    }

    /// The segment the codec writes for `value`.
    fn stored(f: &Field, value: Value) -> String {
        encode_field(f, &value, "#").map(|(s, _)| s).unwrap()
    }

    fn iso(precision: IsoPrecision, zone: IsoZone, order: Order) -> Field {
        field(FieldKind::Timestamp {
            unit: TimeUnit::Iso(IsoFormat { precision, zone }),
            order,
        })
    }

    #[test]
    fn an_inverted_iso_timestamp_reads_as_the_instant_it_mirrors() {
        let f = iso(IsoPrecision::Millisecond, IsoZone::Utc, Order::Desc);
        let key = stored(&f, json!("2020-04-24T14:40:00.000Z"));
        assert_eq!(key, "7979-95-75T85:59:99.999Z");
        assert_eq!(inverted_meaning(&f, &key).as_deref(), Some("2020-04-24T14:40:00.000Z"));
        // In the field's own format: its precision and its zone.
        let f = iso(IsoPrecision::Second, IsoZone::Offset(120), Order::Desc);
        let key = stored(&f, json!("2020-04-24T14:40:00Z"));
        assert_eq!(inverted_meaning(&f, &key).as_deref(), Some("2020-04-24T16:40:00+02:00"));
    }

    #[test]
    fn inverted_numbers_ids_and_epochs_read_as_their_values() {
        let uint = field(FieldKind::Uint {
            width: 10,
            order: Order::Desc,
        });
        assert_eq!(inverted_meaning(&uint, "9999998499").as_deref(), Some("1500"));
        let dec = field(FieldKind::Decimal {
            width: 3,
            scale: 2,
            signed: true,
            order: Order::Desc,
        });
        assert_eq!(
            inverted_meaning(&dec, &stored(&dec, json!("-12.5"))).as_deref(),
            Some("-12.50")
        );
        let s = field(FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width: 16 },
            order: Order::Desc,
        });
        assert_eq!(
            inverted_meaning(&s, &stored(&s, json!(1719100800))).as_deref(),
            Some("2024-06-23T00:00:00Z")
        );
        let ulid = field(FieldKind::Ulid { order: Order::Desc });
        let id = "01JM4A1B2C3D4E5F6G7H8J9K0M";
        let key = stored(&ulid, json!(id));
        assert_ne!(key, id);
        assert_eq!(inverted_meaning(&ulid, &key).as_deref(), Some(id));
    }

    #[test]
    fn a_segment_stored_as_it_is_or_not_written_by_the_field_means_nothing_more() {
        let asc = field(FieldKind::Uint {
            width: 10,
            order: Order::Asc,
        });
        assert_eq!(inverted_meaning(&asc, "0000001500"), None);
        let text = field(FieldKind::Text {
            case: Default::default(),
            max_length: None,
        });
        assert_eq!(inverted_meaning(&text, "p_8842"), None);
        let desc = iso(IsoPrecision::Millisecond, IsoZone::Utc, Order::Desc);
        for garbage in ["", "7979-95-75", "not a date", "2020-04-24T14:40:00.000Z#x"] {
            assert_eq!(inverted_meaning(&desc, garbage), None, "{garbage:?}");
        }
    }

    proptest! {
        /// Any instant an inverted ISO field can write reads back as the field's own
        /// (ascending) spelling of that instant, whatever the precision and the zone.
        #[test]
        fn inverted_iso_reads_back_its_instant(
            wall in 0i128..253_402_300_799_999,
            precision in proptest::sample::select(IsoPrecision::ALL.to_vec()),
            offset in prop_oneof![Just(None), (-(23 * 60 + 59)..=(23 * 60 + 59i16)).prop_map(Some)],
        ) {
            let zone = offset.map_or(IsoZone::Utc, IsoZone::Offset);
            let desc = iso(precision, zone, Order::Desc);
            let format = IsoFormat { precision, zone };
            let ms = crate::codec::timestamp::kept(wall, format);
            if let Ok(text) = timestamp::iso_text(ms, format) {
                let key = stored(&desc, json!(text.clone()));
                prop_assert_ne!(&key, &text);
                prop_assert_eq!(inverted_meaning(&desc, &key), Some(text));
            }
        }

        /// Any inverted whole number reads back as itself.
        #[test]
        fn inverted_uint_reads_back_its_value(v in 0u64..10_000_000_000, width in 10u32..20) {
            let f = field(FieldKind::Uint { width, order: Order::Desc });
            prop_assert_eq!(inverted_meaning(&f, &stored(&f, json!(v))), Some(v.to_string()));
        }
    }
}
