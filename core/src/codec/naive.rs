//! The naive key: what a design that does not pad or invert writes, the values as
//! typed joined by the separator. The preview sorts it beside keylab's keys to show
//! why `"10"` sorts before `"2"`.

use super::{shown, value_of, Values};
use crate::schema::{KeyTemplate, Schema, Segment};
use serde_json::Value;

/// The key as a naive design would write it: every value as typed, unpadded and
/// uninverted. The page sorts these beside the real keys to show what padding fixes.
pub fn naive_key(schema: &Schema, template: &KeyTemplate, values: &Values) -> String {
    let mut out = String::new();
    naive_key_into(schema, template, values, &mut out);
    out
}

/// [`naive_key`] written into `out`, replacing what it held: the preview writes one per
/// item without a string each.
pub fn naive_key_into(schema: &Schema, template: &KeyTemplate, values: &Values, out: &mut String) {
    out.clear();
    for (i, s) in template.segments.iter().enumerate() {
        if i > 0 {
            out.push_str(&schema.separator);
        }
        match s {
            Segment::Literal(l) => out.push_str(l),
            Segment::Field(f) => {
                out.push_str(&f.prefix);
                match value_of(values, f) {
                    Some(Value::String(text)) => out.push_str(text),
                    Some(v) => out.push_str(&shown(v)),
                    None => {}
                }
            }
        }
    }
}
