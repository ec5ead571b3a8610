//! What keys a template can write, as a pattern over characters: each literal and
//! separator exactly, each fixed-width field as the characters every position may hold,
//! and each text field as one or more characters that are not reserved and never form
//! the separator.
//!
//! The query builder asks it one question: can a key of this template fall between two
//! bounds (in UTF-8 byte order)? That decides whether a query's condition, which sees
//! only key bytes, can also return another entity's items, and whether the item whose
//! key is exactly a prefix (the parent) can be read together with the keys under it.
//!
//! The pattern may allow a few keys the codec would refuse (a `-` sign followed by all
//! nines, the 31st of February), never the reverse: an answer of
//! "no" is a proof, an answer of "yes" is a possibility.

use super::ids::{KSUID_ALPHABET, ULID_ALPHABET};
use super::text::RESERVED;
use crate::schema::{Case, Entity, FieldKind, KeyTemplate, Order, Schema, Segment, TimeUnit};

/// What one position of a fixed-width encoding may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chars {
    Digit,
    /// The sign byte of `int` and signed `decimal`: `-` or `0`.
    Sign,
    One(char),
    Alphabet(&'static [u8]),
}

impl Chars {
    fn has(self, c: char) -> bool {
        match self {
            Chars::Digit => c.is_ascii_digit(),
            Chars::Sign => c == '-' || c == '0',
            Chars::One(x) => c == x,
            Chars::Alphabet(a) => c.is_ascii() && a.contains(&(c as u8)),
        }
    }

    /// Every character, ascending.
    fn all(self) -> Vec<char> {
        match self {
            Chars::Digit => ('0'..='9').collect(),
            Chars::Sign => vec!['-', '0'],
            Chars::One(x) => vec![x],
            Chars::Alphabet(a) => {
                let mut order: Vec<usize> = (0..a.len()).collect();
                crate::codec::order::sort_positions(&mut order, &|x, y| a[x].cmp(&a[y]));
                order.into_iter().map(|at| a[at] as char).collect()
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Part {
    /// A literal or a separator, character for character.
    Exact(Vec<char>),
    /// A fixed-width field: the characters each position may hold.
    Fixed(Vec<Chars>),
    /// A text field: one or more characters in its case.
    Text(Case),
}

/// The keys one template can write.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyShape {
    parts: Vec<Part>,
    separator: String,
}

/// One end of a range of keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit<'a> {
    Open,
    Inclusive(&'a str),
    Exclusive(&'a str),
}

impl<'a> Limit<'a> {
    fn text(self) -> Option<(Vec<char>, bool)> {
        match self {
            Limit::Open => None,
            Limit::Inclusive(t) => Some((t.chars().collect(), true)),
            Limit::Exclusive(t) => Some((t.chars().collect(), false)),
        }
    }
}

/// The smallest and largest characters a key may hold (U+0000 and U+10FFFF are reserved).
const FIRST: char = '\u{1}';
const LAST: char = '\u{10FFFE}';

fn positions(kind: &FieldKind) -> Option<Vec<Chars>> {
    let digits = |n: u32| std::iter::repeat_n(Chars::Digit, n as usize);
    Some(match *kind {
        FieldKind::Text { .. } => return None,
        FieldKind::Uint { width, .. }
        | FieldKind::Timestamp {
            unit: TimeUnit::Seconds { width } | TimeUnit::Millis { width },
            ..
        } => digits(width).collect(),
        FieldKind::Int { width, .. } => std::iter::once(Chars::Sign).chain(digits(width)).collect(),
        FieldKind::Decimal {
            width, scale, signed, ..
        } => {
            let mut p: Vec<Chars> = signed.then_some(Chars::Sign).into_iter().chain(digits(width)).collect();
            if scale > 0 {
                p.push(Chars::One('.'));
                p.extend(digits(scale));
            }
            p
        }
        // Mirroring a descending timestamp changes digits only, so the punctuation stays.
        FieldKind::Timestamp {
            unit: TimeUnit::Iso(format),
            ..
        } => format
            .pattern()
            .chars()
            .map(|c| match c {
                'Y' | 'M' | 'D' | 'H' | 'S' | 's' => Chars::Digit,
                c if c.is_ascii_digit() => Chars::Digit,
                c => Chars::One(c),
            })
            .collect(),
        // 128 bits in 26 base-32 characters leave the first one 3 bits: 0-7, or its
        // mirror when descending.
        FieldKind::Ulid { order } => {
            let first = match order {
                Order::Asc => &ULID_ALPHABET[..8],
                Order::Desc => &ULID_ALPHABET[24..],
            };
            std::iter::once(Chars::Alphabet(first))
                .chain(std::iter::repeat_n(Chars::Alphabet(ULID_ALPHABET), 25))
                .collect()
        }
        FieldKind::Ksuid { .. } => vec![Chars::Alphabet(KSUID_ALPHABET); 27],
    })
}

/// How many characters (all ASCII, so as many bytes) a fixed-width field's encoding
/// takes; `None` for text, which has no width, and for settings out of range (a width
/// of 4 billion is reported by the schema check, not counted out).
pub fn encoded_width(kind: &FieldKind) -> Option<usize> {
    kind.validate().ok()?;
    super::fixed_len(kind)
}

/// Where a partial key stands in the pattern: in part `part`, `at` characters in; a
/// text part also remembers the byte where its value began, to keep out the separator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    part: usize,
    at: usize,
    text_from: usize,
}

impl KeyShape {
    /// The shape of a String key template, or `None` when a field is undefined or its
    /// settings are out of range (the schema check reports those).
    pub fn of(schema: &Schema, entity: &Entity, template: &KeyTemplate) -> Option<KeyShape> {
        let mut parts = Vec::new();
        for (i, segment) in template.segments.iter().enumerate() {
            if i > 0 {
                parts.push(Part::Exact(schema.separator.chars().collect()));
            }
            if let Segment::Field(used) = segment {
                if !used.prefix.is_empty() {
                    parts.push(Part::Exact(used.prefix.chars().collect()));
                }
            }
            parts.push(match segment {
                Segment::Literal(l) => Part::Exact(l.chars().collect()),
                Segment::Field(used) => {
                    let field = entity.field(used)?;
                    field.kind.validate().ok()?;
                    match field.kind {
                        FieldKind::Text { case, .. } => Part::Text(case),
                        kind => Part::Fixed(positions(&kind)?),
                    }
                }
            });
        }
        Some(KeyShape {
            parts,
            separator: schema.separator.clone(),
        })
    }

    /// The smallest and largest text the first segment can hold, when it is a field of
    /// fixed width: every key of the template starts between them.
    pub fn first_field_span(&self) -> Option<(String, String)> {
        match self.parts.first()? {
            Part::Fixed(p) => Some((
                p.iter().filter_map(|c| c.all().first().copied()).collect(),
                p.iter().filter_map(|c| c.all().last().copied()).collect(),
            )),
            _ => None,
        }
    }

    /// Whether the template can write `key` itself.
    pub fn can_write(&self, key: &str) -> bool {
        self.meets(Limit::Inclusive(key), Limit::Inclusive(key))
    }

    /// Whether some key of this template lies between `lower` and `upper`, comparing
    /// keys as DynamoDB does, by UTF-8 bytes (which is code point order).
    pub fn meets(&self, lower: Limit, upper: Limit) -> bool {
        let lo = lower.text();
        let hi = upper.text();
        let start = self.closure(vec![State {
            part: 0,
            at: 0,
            text_from: 0,
        }]);
        self.search(&mut String::new(), start, lo.as_ref(), hi.as_ref())
    }

    fn accepting(&self, states: &[State]) -> bool {
        states.iter().any(|s| s.part == self.parts.len())
    }

    /// Adds the states reached by finishing a part without reading a character.
    fn closure(&self, mut states: Vec<State>) -> Vec<State> {
        let mut i = 0;
        while let Some(&s) = states.get(i) {
            let done = match self.parts.get(s.part) {
                Some(Part::Exact(chars)) => s.at == chars.len(),
                Some(Part::Fixed(p)) => s.at == p.len(),
                Some(Part::Text(_)) => s.at >= 1,
                None => false,
            };
            if done {
                let next = State {
                    part: s.part + 1,
                    at: 0,
                    text_from: s.text_from,
                };
                if !states.contains(&next) {
                    states.push(next);
                }
            }
            i += 1;
        }
        states
    }

    fn text_allows(&self, case: Case, written: &str, s: State, c: char) -> bool {
        if RESERVED.contains(&c) {
            return false;
        }
        let cased = match case {
            Case::Preserve => true,
            Case::Upper => c.to_uppercase().eq(std::iter::once(c)),
            Case::Lower => c.to_lowercase().eq(std::iter::once(c)),
        };
        if !cased {
            return false;
        }
        let so_far = if s.at == 0 {
            ""
        } else {
            written.get(s.text_from..).unwrap_or_default()
        };
        let mut value = so_far.to_string();
        value.push(c);
        self.separator.is_empty() || !value.contains(self.separator.as_str())
    }

    /// The states after reading `c` at the end of `written`.
    fn step(&self, written: &str, states: &[State], c: char) -> Vec<State> {
        let mut next = Vec::new();
        for &s in states {
            let moved = match self.parts.get(s.part) {
                Some(Part::Exact(chars)) => chars.get(s.at) == Some(&c),
                Some(Part::Fixed(p)) => p.get(s.at).is_some_and(|x| x.has(c)),
                Some(Part::Text(case)) => self.text_allows(*case, written, s, c),
                None => false,
            };
            if moved {
                let text_from = if s.at == 0 { written.len() } else { s.text_from };
                let n = State {
                    part: s.part,
                    at: s.at + 1,
                    text_from,
                };
                if !next.contains(&n) {
                    next.push(n);
                }
            }
        }
        self.closure(next)
    }

    /// Whether some state can read a character in `from..=to`.
    fn reads_between(&self, written: &str, states: &[State], from: char, to: char) -> bool {
        if from > to {
            return false;
        }
        states.iter().any(|&s| match self.parts.get(s.part) {
            Some(Part::Exact(chars)) => chars.get(s.at).is_some_and(|&c| from <= c && c <= to),
            Some(Part::Fixed(p)) => p
                .get(s.at)
                .is_some_and(|x| x.all().iter().any(|&c| from <= c && c <= to)),
            // Any character but the reserved ones, in its case, that does not complete the
            // separator. A narrow range is tried character by character; a wide one is
            // taken to hold one (saying "possible" when unsure keeps every "no" a proof).
            Some(Part::Text(case)) => {
                (to as u32).saturating_sub(from as u32) > 64
                    || (from as u32..=to as u32)
                        .filter_map(char::from_u32)
                        .any(|c| self.text_allows(*case, written, s, c))
            }
            None => false,
        })
    }

    /// Depth-first along the bounds: the key written so far equals the lower bound's
    /// start while `lo` is tight, and the upper bound's start while `hi` is tight. Once
    /// neither is, any completion of the pattern lies strictly inside.
    fn search(
        &self,
        written: &mut String,
        states: Vec<State>,
        lo: Option<&(Vec<char>, bool)>,
        hi: Option<&(Vec<char>, bool)>,
    ) -> bool {
        if states.is_empty() {
            return false;
        }
        let d = written.chars().count();
        // The key may end here.
        if self.accepting(&states) {
            let lower_ok = lo.is_none_or(|(l, incl)| d == l.len() && *incl);
            let upper_ok = hi.is_none_or(|(h, incl)| d < h.len() || *incl);
            if lower_ok && upper_ok {
                return true;
            }
        }
        // Past the lower bound's end, every longer key is above it.
        let lo = lo.filter(|(l, _)| d < l.len());
        // Past the upper bound's end, every longer key is above it.
        if hi.is_some_and(|(h, _)| d >= h.len()) {
            return false;
        }
        if lo.is_none() && hi.is_none() {
            return true;
        }
        let a = lo.map_or(FIRST, |(l, _)| l[d]);
        let b = hi.map_or(LAST, |(h, _)| h[d]);
        if a > b {
            return false;
        }
        let mut follow = |c: char, lo, hi| {
            let next = self.step(written, &states, c);
            written.push(c);
            let found = self.search(written, next, lo, hi);
            written.pop();
            found
        };
        if lo.is_some() && follow(a, lo, if a == b { hi } else { None }) {
            return true;
        }
        if hi.is_some() && (lo.is_none() || a != b) && follow(b, None, hi) {
            return true;
        }
        // A character strictly between the bounds leaves both behind.
        let after = |c: char| match c as u32 {
            0xD7FF => Some('\u{E000}'),
            n => char::from_u32(n + 1),
        };
        let before = |c: char| match c as u32 {
            0 => None,
            0xE000 => Some('\u{D7FF}'),
            n => char::from_u32(n - 1),
        };
        let from = if lo.is_some() { after(a) } else { Some(FIRST) };
        let to = if hi.is_some() { before(b) } else { Some(LAST) };
        matches!((from, to), (Some(f), Some(t)) if self.reads_between(written, &states, f, t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::encode_key;
    use proptest::prelude::*;
    use serde_json::json;

    fn schema(separator: &str, fields: serde_json::Value, sk: serde_json::Value) -> Schema {
        Schema::from_value(&json!({
            "version": 1, "separator": separator,
            "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
            "entities": [{"name": "E", "fields": fields, "keys": {"PK": [{"literal": "P"}], "SK": sk}}]
        }))
        .expect("test schema")
    }

    fn shape(s: &Schema) -> KeyShape {
        let e = &s.entities[0];
        KeyShape::of(s, e, e.template("SK").unwrap()).unwrap()
    }

    #[test]
    fn literal_prefixes_stay_apart_at_the_separator() {
        let s = schema(
            "#",
            json!({"id": {"kind": "ulid"}}),
            json!([{"literal": "ORDERLINE"}, {"field": "id"}]),
        );
        let lines = shape(&s);
        // Under ORDER# there is no ORDERLINE key; under ORDER there is.
        let under = |p: &str| {
            let top = format!("{p}\u{10FFFF}");
            lines.meets(Limit::Inclusive(p), Limit::Inclusive(&top))
        };
        assert!(!under("ORDER#"));
        assert!(under("ORDER"));
        assert!(under("ORDERLINE#01"));
        assert!(!under("ORDERLINE#8"), "no ULID starts above 7");
    }

    #[test]
    fn text_never_holds_the_separator_and_fixed_fields_hold_their_characters() {
        let s = schema("#", json!({"code": {"kind": "text"}}), json!([{"field": "code"}]));
        let text = shape(&s);
        assert!(text.can_write("0012"));
        assert!(!text.can_write("0012#5"));
        assert!(
            text.meets(Limit::Exclusive("0012"), Limit::Exclusive("0012#")),
            "0012! lies between"
        );
        let upper = schema(
            "#",
            json!({"code": {"kind": "text", "case": "upper"}}),
            json!([{"field": "code"}]),
        );
        assert!(!shape(&upper).can_write("abc"));
        assert!(shape(&upper).can_write("ABC"));
        let run = schema(
            "#",
            json!({"s": {"kind": "uint", "width": 4}, "q": {"kind": "uint", "width": 3}}),
            json!([{"field": "s"}, {"field": "q"}]),
        );
        let run = shape(&run);
        assert!(!run.can_write("0012"));
        assert!(run.can_write("0012#005"));
        assert!(!run.meets(Limit::Exclusive("0012"), Limit::Exclusive("0012#")));
        assert_eq!(run.first_field_span(), Some(("0000".into(), "9999".into())));
        let multi = schema("::", json!({"t": {"kind": "text"}}), json!([{"field": "t"}]));
        assert!(shape(&multi).can_write("a:b"));
        assert!(!shape(&multi).can_write("a::b"));
    }

    fn kinds() -> impl Strategy<Value = serde_json::Value> {
        prop_oneof![
            Just(json!({"kind": "text"})),
            Just(json!({"kind": "text", "case": "upper"})),
            (1u32..6, any::<bool>())
                .prop_map(|(w, d)| json!({"kind": "uint", "width": w, "order": if d {"desc"} else {"asc"}})),
            (1u32..6).prop_map(|w| json!({"kind": "int", "width": w})),
            (1u32..4, 0u32..3, any::<bool>())
                .prop_map(|(w, s, g)| json!({"kind": "decimal", "width": w, "scale": s, "signed": g})),
            Just(json!({"kind": "timestamp", "unit": "iso", "order": "desc"})),
            Just(json!({"kind": "ulid"})),
            Just(json!({"kind": "ksuid", "order": "desc"})),
        ]
    }

    fn value_for(kind: &serde_json::Value) -> BoxedStrategy<serde_json::Value> {
        let width = kind["width"].as_u64().unwrap_or(1) as u32;
        let top = 10i64.pow(width);
        match kind["kind"].as_str().unwrap_or_default() {
            "text" => "[ -~é]{1,6}".prop_map(|s| json!(s)).boxed(),
            "uint" => (0..top).prop_map(|v| json!(v)).boxed(),
            "int" => (1 - top..top).prop_map(|v| json!(v)).boxed(),
            "decimal" if kind["signed"] == json!(false) => (0..top).prop_map(|v| json!(v)).boxed(),
            "decimal" => (1 - top..top).prop_map(|v| json!(v)).boxed(),
            "timestamp" => (0i64..4_000_000_000).prop_map(|v| json!(v)).boxed(),
            "ulid" => any::<u128>().prop_map(|b| json!(crate::codec::ulid_text(b))).boxed(),
            _ => Just(json!("0ujtsYcgvSTl8PAuAdqWYSMnLOv")).boxed(),
        }
    }

    fn template() -> impl Strategy<Value = (String, Vec<(serde_json::Value, serde_json::Value)>, Option<String>)> {
        (
            proptest::sample::select(vec!["#", "|", "::", "_"]),
            proptest::collection::vec(kinds(), 1..4),
            proptest::option::of(proptest::sample::select(vec!["A", "ORDER", "#R", "a:b"])),
        )
            .prop_flat_map(|(sep, kinds, literal)| {
                let values: Vec<_> = kinds.iter().map(value_for).collect();
                (
                    Just(sep.to_string()),
                    Just(kinds),
                    values,
                    Just(literal.map(str::to_string)),
                )
            })
            .prop_map(|(sep, kinds, values, literal)| (sep, kinds.into_iter().zip(values).collect(), literal))
    }

    proptest! {
        /// Soundness: every key the codec writes is one the shape allows, and a range
        /// around it always meets the shape.
        #[test]
        fn every_written_key_fits_its_shape((sep, fields, literal) in template(), cut in 0usize..40, pad in "[ -~]{0,3}") {
            let mut defs = serde_json::Map::new();
            let mut sk = Vec::new();
            let mut values = serde_json::Map::new();
            if let Some(l) = &literal { sk.push(json!({"literal": l})); }
            for (i, (kind, value)) in fields.iter().enumerate() {
                defs.insert(format!("f{i}"), kind.clone());
                sk.push(json!({"field": format!("f{i}")}));
                values.insert(format!("f{i}"), value.clone());
            }
            let s = Schema::from_value(&json!({
                "version": 1, "separator": sep,
                "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
                "entities": [{"name": "E", "fields": defs, "keys": {"PK": [{"literal": "P"}], "SK": sk}}]
            }));
            prop_assert!(s.is_ok(), "{:?}", s);
            let Ok(s) = s else { return Ok(()) };
            let e = &s.entities[0];
            let t = e.template("SK").unwrap();
            let encoded = encode_key(&s, e, t, &values);
            // Only a value holding the separator may fail: every other value fits.
            prop_assume!(encoded.is_ok());
            let Ok((key, _)) = encoded else { return Ok(()) };
            let key = key.as_str().to_string();
            let shape = KeyShape::of(&s, e, t).unwrap();
            prop_assert!(shape.can_write(&key), "{:?}", key);
            // Any range holding the key meets the shape: cut the key and pad the bound.
            let at = key.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(key.len());
            let below = &key[..at];
            let above = format!("{below}{pad}\u{10FFFE}");
            prop_assert!(shape.meets(Limit::Inclusive(below), Limit::Inclusive(&key)));
            if above.as_str() >= key.as_str() {
                prop_assert!(shape.meets(Limit::Inclusive(&key), Limit::Inclusive(&above)));
            }
            if below < key.as_str() {
                prop_assert!(shape.meets(Limit::Exclusive(below), Limit::Open));
            }
            prop_assert!(shape.meets(Limit::Open, Limit::Inclusive(&key)));
            if let Some((lo, hi)) = shape.first_field_span() {
                let top = format!("{hi}\u{10FFFF}");
                prop_assert!(key.as_str() >= lo.as_str() && key.as_str() <= top.as_str(), "{} outside {}..{}", key, lo, hi);
            }
        }
    }
}
