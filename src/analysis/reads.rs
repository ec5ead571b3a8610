//! What each part of the analysis reads: its memo key and its only input (see
//! [`crate::document::Reads`]). The keys' parts also read the item keys, and the
//! overwritten items the collections, each keyed by its identity.

use crate::document::Piece as P;
pub const ITEM_KEYS: &[P] = &[P::Schema, P::Items];
pub const PREVIEW: &[P] = &[P::Schema, P::Items, P::Focus];
pub const PLANS: &[P] = &[P::Schema, P::Items, P::Focus, P::Expected];
pub const NUMBER_FIELD: &[P] = &[P::Schema, P::Focus];
pub const NUMBER_VS_STRING: &[P] = PREVIEW;
pub const COLLECTIONS: &[P] = PREVIEW;
pub const OVERWRITTEN: &[P] = ITEM_KEYS;
pub const CHECKED: &[P] = &[P::Schema];
pub const QUERY: &[P] = &[P::Schema, P::Items, P::Focus, P::Query, P::Snippet];
pub const LINT: &[P] = ITEM_KEYS;
pub const SIDE_BY_SIDE: &[P] = &[P::Schema, P::Items, P::Query];
pub const PASTED: &[P] = &[P::Schema, P::Items, P::Focus, P::Pasted];
pub const BLOCKED: &[P] = &[P::Unsettled];
