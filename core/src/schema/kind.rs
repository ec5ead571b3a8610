//! What a field is: its kind (text, the numbers, timestamps, ids) with the settings the
//! codec computes with, its order and its case.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Case {
    #[default]
    Preserve,
    Upper,
    Lower,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    #[default]
    Asc,
    Desc,
}

impl Case {
    pub const ALL: [Case; 3] = [Case::Preserve, Case::Upper, Case::Lower];

    pub fn name(self) -> &'static str {
        match self {
            Case::Preserve => "preserve",
            Case::Upper => "upper",
            Case::Lower => "lower",
        }
    }

    pub fn from_name(name: &str) -> Option<Case> {
        Case::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl Order {
    pub fn name(self) -> &'static str {
        match self {
            Order::Asc => "asc",
            Order::Desc => "desc",
        }
    }

    pub fn from_name(name: &str) -> Option<Order> {
        [Order::Asc, Order::Desc].into_iter().find(|o| o.name() == name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds {
        width: u32,
    },
    Millis {
        width: u32,
    },
    /// ISO-8601 text in one fixed format; by default `YYYY-MM-DDTHH:MM:SS.sssZ`.
    Iso(IsoFormat),
}

impl TimeUnit {
    pub const NAMES: [&'static str; 3] = ["s", "ms", "iso"];

    /// The name a schema document uses: `s`, `ms` or `iso`.
    pub fn name(self) -> &'static str {
        match self {
            TimeUnit::Seconds { .. } => "s",
            TimeUnit::Millis { .. } => "ms",
            TimeUnit::Iso(_) => "iso",
        }
    }

    /// The unit called `name`, keeping this one's width where it applies: epoch
    /// milliseconds need at least 13 digits to hold today, and ISO has no width.
    pub fn switched_to(self, name: &str) -> Option<TimeUnit> {
        let width = match self {
            TimeUnit::Seconds { width } | TimeUnit::Millis { width } => width,
            TimeUnit::Iso(_) => 10,
        };
        match name {
            "s" => Some(TimeUnit::Seconds { width }),
            "ms" => Some(TimeUnit::Millis { width: width.max(13) }),
            "iso" => Some(match self {
                TimeUnit::Iso(format) => TimeUnit::Iso(format),
                _ => TimeUnit::Iso(IsoFormat::default()),
            }),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Text {
        case: Case,
        /// The most characters a value may have; `None` for no bound. Lets the
        /// linter (L2) and the planner bound the key's size, and the codec holds
        /// values to it.
        max_length: Option<u32>,
    },
    Uint {
        width: u32,
        order: Order,
    },
    Int {
        width: u32,
        order: Order,
    },
    Decimal {
        width: u32,
        scale: u32,
        signed: bool,
        order: Order,
    },
    Timestamp {
        unit: TimeUnit,
        order: Order,
    },
    Ulid {
        order: Order,
    },
    Ksuid {
        order: Order,
    },
}

pub const KINDS: [&str; 7] = ["text", "uint", "int", "decimal", "timestamp", "ulid", "ksuid"];

impl FieldKind {
    pub fn name(&self) -> &'static str {
        match self {
            FieldKind::Text { .. } => "text",
            FieldKind::Uint { .. } => "uint",
            FieldKind::Int { .. } => "int",
            FieldKind::Decimal { .. } => "decimal",
            FieldKind::Timestamp { .. } => "timestamp",
            FieldKind::Ulid { .. } => "ulid",
            FieldKind::Ksuid { .. } => "ksuid",
        }
    }

    /// A sensible field of the given kind, used when the page switches a field's kind.
    pub fn default_of(kind: &str) -> Option<FieldKind> {
        Some(match kind {
            "text" => FieldKind::Text {
                case: Case::Preserve,
                max_length: None,
            },
            "uint" => FieldKind::Uint {
                width: 10,
                order: Order::Asc,
            },
            "int" => FieldKind::Int {
                width: 10,
                order: Order::Asc,
            },
            "decimal" => FieldKind::Decimal {
                width: 10,
                scale: 2,
                signed: true,
                order: Order::Asc,
            },
            "timestamp" => FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width: 10 },
                order: Order::Asc,
            },
            "ulid" => FieldKind::Ulid { order: Order::Asc },
            "ksuid" => FieldKind::Ksuid { order: Order::Asc },
            _ => return None,
        })
    }

    pub fn order(&self) -> Order {
        match *self {
            FieldKind::Text { .. } => Order::Asc,
            FieldKind::Uint { order, .. }
            | FieldKind::Int { order, .. }
            | FieldKind::Decimal { order, .. }
            | FieldKind::Timestamp { order, .. }
            | FieldKind::Ulid { order }
            | FieldKind::Ksuid { order } => order,
        }
    }

    /// The number of digits the width setting controls, if this kind has one.
    pub fn width(&self) -> Option<u32> {
        match *self {
            FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } | FieldKind::Decimal { width, .. } => {
                Some(width)
            }
            FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
                ..
            } => Some(width),
            _ => None,
        }
    }

    /// The same kind with another order (text has none and stays as it is).
    pub fn with_order(self, order: Order) -> FieldKind {
        match self {
            FieldKind::Uint { width, .. } => FieldKind::Uint { width, order },
            FieldKind::Int { width, .. } => FieldKind::Int { width, order },
            FieldKind::Decimal {
                width, scale, signed, ..
            } => FieldKind::Decimal {
                width,
                scale,
                signed,
                order,
            },
            FieldKind::Timestamp { unit, .. } => FieldKind::Timestamp { unit, order },
            FieldKind::Ulid { .. } => FieldKind::Ulid { order },
            FieldKind::Ksuid { .. } => FieldKind::Ksuid { order },
            text @ FieldKind::Text { .. } => text,
        }
    }

    /// The same kind with another width, where the kind has one.
    pub fn with_width(self, width: u32) -> FieldKind {
        match self {
            FieldKind::Uint { order, .. } => FieldKind::Uint { width, order },
            FieldKind::Int { order, .. } => FieldKind::Int { width, order },
            FieldKind::Decimal {
                scale, signed, order, ..
            } => FieldKind::Decimal {
                width,
                scale,
                signed,
                order,
            },
            FieldKind::Timestamp {
                unit: TimeUnit::Seconds { .. },
                order,
            } => FieldKind::Timestamp {
                unit: TimeUnit::Seconds { width },
                order,
            },
            FieldKind::Timestamp {
                unit: TimeUnit::Millis { .. },
                order,
            } => FieldKind::Timestamp {
                unit: TimeUnit::Millis { width },
                order,
            },
            other => other,
        }
    }

    /// Whether a Number (`N`) key attribute can store this kind as a plain number.
    pub fn is_numeric(&self) -> bool {
        matches!(
            self,
            FieldKind::Uint { .. }
                | FieldKind::Int { .. }
                | FieldKind::Decimal { .. }
                | FieldKind::Timestamp {
                    unit: TimeUnit::Seconds { .. } | TimeUnit::Millis { .. },
                    ..
                }
        )
    }

    /// Checks the settings that the codec relies on (widths it can compute with).
    /// Returns the reason and the fix.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let digits_ok = |w: u32| (1..=MAX_DIGITS).contains(&w);
        match *self {
            FieldKind::Decimal { width, scale, .. } => {
                if width == 0 || width.saturating_add(scale) > MAX_DIGITS {
                    return Err((
                        format!("width {width} plus scale {scale} must be between 1 and {MAX_DIGITS} digits, with a width of at least 1"),
                        "lower the width or the scale".into(),
                    ));
                }
            }
            FieldKind::Text {
                max_length: Some(n), ..
            } if !(1..=MAX_TEXT_LENGTH).contains(&n) => {
                return Err((
                    format!("a maximum length of {n} characters is outside 1 to {MAX_TEXT_LENGTH}"),
                    format!("pick a maximum length from 1 to {MAX_TEXT_LENGTH}, or remove it"),
                ));
            }
            _ => {
                if let Some(w) = self.width() {
                    if !digits_ok(w) {
                        return Err((
                            format!("width {w} is outside 1 to {MAX_DIGITS}"),
                            format!("pick a width from 1 to {MAX_DIGITS}"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}
