//! The walk every language's key functions share: the key's type, then a Number key's
//! two functions, or a composite key's encoder and its reader step by step. Each
//! language says only how it spells each part ([`KeySyntax`]).

use super::{KeyPlan, ReadStep};

/// How one language spells the parts of a key's code.
pub(super) trait KeySyntax {
    /// The key's type: its doc and a member per field.
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String;
    /// Both functions of a Number key: one numeric field, stored as its plain number.
    fn number_key(&self, key: &KeyPlan) -> String;
    /// The encoder of a composite key, from its segments.
    fn encode(&self, key: &KeyPlan) -> String;
    /// The decoder, up to its first read step.
    fn decode_open(&self, key: &KeyPlan) -> String;
    /// One statement of the decoder.
    fn read_step(&self, step: ReadStep) -> String;
    /// The decoder's end: the reader at the key's end, the values returned.
    fn decode_close(&self, key: &KeyPlan) -> String;
}

/// The code of one key in the language `syntax` spells.
pub(super) fn emit_key(out: &mut String, key: &KeyPlan, sep: &str, syntax: &impl KeySyntax) {
    out.push_str(&syntax.declaration(key, sep));
    if key.number {
        out.push_str(&syntax.number_key(key));
        return;
    }
    out.push_str(&syntax.encode(key));
    out.push_str(&syntax.decode_open(key));
    for step in key.read_steps() {
        out.push_str(&syntax.read_step(step));
    }
    out.push_str(&syntax.decode_close(key));
}

/// The key's type name in every language but Python's functions: `RunSk`.
pub(super) fn type_name(key: &KeyPlan) -> String {
    format!("{}{}", super::pascal(&key.entity), super::pascal(&key.attribute))
}

/// A field as a refusal names it: `Run.score`.
pub(super) fn field_label(key: &KeyPlan, field: &str) -> String {
    format!("{}.{field}", key.entity)
}
