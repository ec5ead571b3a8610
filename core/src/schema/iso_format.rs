//! How an `iso` timestamp is spelled: how much of the time it keeps and which zone it is
//! written in. Real tables write many spellings (the NoSQL Workbench samples write
//! `2020-04-24T14:40:00`, with seconds and no zone); each is one fixed-width shape, so
//! each keeps byte order equal to time order (see `codec/timestamp.rs`).

/// How much of the time a key keeps. A value finer than this is refused, never cut,
/// so two instants never share a key by accident.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IsoPrecision {
    /// `YYYY-MM-DD`
    Date,
    /// `YYYY-MM-DDTHH:MM`
    Minute,
    /// `YYYY-MM-DDTHH:MM:SS`
    Second,
    /// `YYYY-MM-DDTHH:MM:SS.sss`
    #[default]
    Millisecond,
}

/// The zone the time is written in. One zone per field: that is what keeps byte order
/// equal to time order (two offsets would write the same instant two ways).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IsoZone {
    /// UTC, written `Z`.
    #[default]
    Utc,
    /// A fixed offset from UTC in minutes, written `+02:00`: the wall time there.
    Offset(i16),
    /// UTC wall time written with no zone at all (`2020-04-24T14:40:00`).
    Unzoned,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct IsoFormat {
    pub precision: IsoPrecision,
    pub zone: IsoZone,
}

/// An offset's hours and minutes stay within what ISO 8601 can write: ±23:59.
pub const MAX_OFFSET_MINUTES: i16 = 23 * 60 + 59;

impl IsoPrecision {
    pub const ALL: [IsoPrecision; 4] = [
        IsoPrecision::Date,
        IsoPrecision::Minute,
        IsoPrecision::Second,
        IsoPrecision::Millisecond,
    ];

    /// The name a schema document uses.
    pub fn name(self) -> &'static str {
        match self {
            IsoPrecision::Date => "date",
            IsoPrecision::Minute => "minute",
            IsoPrecision::Second => "second",
            IsoPrecision::Millisecond => "millisecond",
        }
    }

    pub fn from_name(name: &str) -> Option<IsoPrecision> {
        IsoPrecision::ALL.into_iter().find(|p| p.name() == name)
    }

    /// How many characters of `YYYY-MM-DDTHH:MM:SS.sss` it writes.
    pub fn chars(self) -> usize {
        match self {
            IsoPrecision::Date => 10,
            IsoPrecision::Minute => 16,
            IsoPrecision::Second => 19,
            IsoPrecision::Millisecond => 23,
        }
    }

    /// The milliseconds of one step of it: a kept instant is a whole number of steps.
    pub fn step_ms(self) -> i128 {
        match self {
            IsoPrecision::Date => 86_400_000,
            IsoPrecision::Minute => 60_000,
            IsoPrecision::Second => 1_000,
            IsoPrecision::Millisecond => 1,
        }
    }
}

impl IsoZone {
    /// The name a schema document uses: `Z`, `none` or the offset as written (`+02:00`).
    pub fn name(self) -> String {
        match self {
            IsoZone::Utc => "Z".into(),
            IsoZone::Unzoned => "none".into(),
            IsoZone::Offset(m) => {
                let sign = if m < 0 { '-' } else { '+' };
                let m = m.unsigned_abs();
                format!("{sign}{:02}:{:02}", m / 60, m % 60)
            }
        }
    }

    /// `Z`, `none`, or `±HH:MM` with HH at most 23 and MM at most 59.
    pub fn from_name(name: &str) -> Option<IsoZone> {
        match name {
            "Z" => return Some(IsoZone::Utc),
            "none" => return Some(IsoZone::Unzoned),
            _ => {}
        }
        let b = name.as_bytes();
        let sign = match b.first()? {
            b'+' => 1,
            b'-' => -1,
            _ => return None,
        };
        let digit = |i: usize| b.get(i).filter(|c| c.is_ascii_digit()).map(|c| i16::from(c - b'0'));
        if b.len() != 6 || b[3] != b':' {
            return None;
        }
        let (hours, minutes) = (digit(1)? * 10 + digit(2)?, digit(4)? * 10 + digit(5)?);
        let offset = sign * (hours * 60 + minutes);
        // `-00:00` means "offset unknown" (RFC 3339); written back it would change.
        (hours <= 23 && minutes <= 59 && !(sign < 0 && offset == 0)).then_some(IsoZone::Offset(offset))
    }

    pub fn offset_minutes(self) -> i16 {
        match self {
            IsoZone::Offset(m) => m,
            IsoZone::Utc | IsoZone::Unzoned => 0,
        }
    }
}

impl IsoFormat {
    /// What follows the time: nothing after a date (the zone only says whose day it is).
    pub fn suffix(self) -> String {
        match (self.precision, self.zone) {
            (IsoPrecision::Date, _) | (_, IsoZone::Unzoned) => String::new(),
            (_, zone) => zone.name(),
        }
    }

    /// Every key of this format has this many bytes.
    pub fn key_len(self) -> usize {
        self.precision.chars() + self.suffix().len()
    }

    /// The format's shape for people: `YYYY-MM-DDTHH:MM+02:00`.
    pub fn pattern(self) -> String {
        format!(
            "{}{}",
            &"YYYY-MM-DDTHH:MM:SS.sss"[..self.precision.chars()],
            self.suffix()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn formats_have_their_lengths_and_patterns() {
        let f = |precision, zone| IsoFormat { precision, zone };
        assert_eq!(IsoFormat::default().key_len(), 24);
        assert_eq!(IsoFormat::default().pattern(), "YYYY-MM-DDTHH:MM:SS.sssZ");
        assert_eq!(
            f(IsoPrecision::Second, IsoZone::Unzoned).pattern(),
            "YYYY-MM-DDTHH:MM:SS"
        );
        assert_eq!(
            f(IsoPrecision::Minute, IsoZone::Offset(-330)).pattern(),
            "YYYY-MM-DDTHH:MM-05:30"
        );
        assert_eq!(f(IsoPrecision::Date, IsoZone::Offset(120)).key_len(), 10);
    }

    #[test]
    fn zones_read_only_what_iso_can_write() {
        for bad in [
            "", "z", "UTC", "+2:00", "+24:00", "+02:60", "+0200", "02:00", "+02:00 ", "+٠٢:00",
        ] {
            assert_eq!(IsoZone::from_name(bad), None, "{bad:?}");
        }
        assert_eq!(IsoZone::from_name("-00:00"), None);
        assert_eq!(IsoZone::from_name("+00:00"), Some(IsoZone::Offset(0)));
    }

    proptest! {
        #[test]
        fn zone_names_read_back(m in -MAX_OFFSET_MINUTES..=MAX_OFFSET_MINUTES) {
            let zone = IsoZone::Offset(m);
            prop_assert_eq!(IsoZone::from_name(&zone.name()), Some(zone));
            prop_assert_eq!(zone.name().len(), 6);
        }
    }
}
