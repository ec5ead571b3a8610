//! Every object keylab reads refuses a field it does not know. A misspelt or misplaced
//! field would otherwise change a result without a word (`{"sort": {"children": true}}`
//! read as if `children` were absent). The refusal names the field, where it was found,
//! the fields allowed there, and the one most likely meant.

use serde_json::{Map, Value};

/// The fields allowed in one kind of object, and the other places a field may belong.
#[derive(Clone, Copy, Debug)]
pub struct Fields<'a> {
    /// Where the object is, as people would write it: `sort`, `$.table`, `options`.
    pub place: &'a str,
    pub allowed: &'a [&'a str],
    /// Fields of other objects of the same document, and where those live, to say where
    /// a misplaced one belongs: `("children", "beside sort")`.
    pub elsewhere: &'a [(&'a str, &'a str)],
}

/// A field an object does not have: where the object is, the field, the fields allowed
/// there, and where it belongs or the one most likely meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownField {
    pub place: String,
    pub field: String,
    pub allowed: Vec<String>,
    pub hint: Option<Hint>,
}

/// What an unknown field most likely is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Another object's field: where it belongs (`beside sort`).
    BelongsAt(String),
    /// A slip of the keyboard: the allowed field meant.
    Meant(String),
}

impl std::fmt::Display for UnknownField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let field = &self.field;
        match self.place.as_str() {
            "" => write!(f, "{field:?} is not a known field")?,
            place => write!(f, "{field:?} is not a field of {place}")?,
        }
        match &self.hint {
            Some(Hint::BelongsAt(place)) => write!(f, "; {field:?} belongs {place}")?,
            Some(Hint::Meant(near)) => write!(f, "; did you mean {near:?}?")?,
            None => {}
        }
        write!(f, " (its fields are {})", self.allowed.join(", "))
    }
}

impl std::error::Error for UnknownField {}

/// Read where messages are text: the sentence.
impl From<UnknownField> for String {
    fn from(e: UnknownField) -> String {
        e.to_string()
    }
}

impl Fields<'_> {
    /// The first unknown field of `object`, explained; `Ok` when every field is known.
    pub fn check(&self, object: &Map<String, Value>) -> Result<(), UnknownField> {
        match object.keys().find(|k| !self.allowed.contains(&k.as_str())) {
            Some(field) => Err(self.unknown(field)),
            None => Ok(()),
        }
    }

    /// Like [`Fields::check`] for a value that should be an object; other values pass
    /// (their type is checked where they are read).
    pub fn check_value(&self, value: &Value) -> Result<(), UnknownField> {
        value.as_object().map_or(Ok(()), |o| self.check(o))
    }

    pub fn unknown(&self, field: &str) -> UnknownField {
        let hint = match self.elsewhere.iter().find(|(f, _)| *f == field) {
            Some((_, place)) => Some(Hint::BelongsAt(place.to_string())),
            None => nearest(field, self.allowed).map(|near| Hint::Meant(near.to_string())),
        };
        UnknownField {
            place: self.place.to_string(),
            field: field.to_string(),
            allowed: self.allowed.iter().map(|a| a.to_string()).collect(),
            hint,
        }
    }
}

/// The fields a derived `Deserialize` reads, under their serde names, as the derive
/// lists them: an allow-list taken from the struct itself never falls out of step with
/// it. Empty for a type that is not read as a struct.
pub fn serde_fields<'de, T: serde::Deserialize<'de>>() -> &'static [&'static str] {
    use serde::de::{Error, Visitor};
    type Refused = serde::de::value::Error;
    /// A deserializer that keeps the fields it is asked for and gives nothing.
    struct Probe<'f>(&'f mut &'static [&'static str]);
    impl<'de> serde::Deserializer<'de> for Probe<'_> {
        type Error = Refused;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Refused> {
            Err(Refused::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Refused> {
            *self.0 = fields;
            Err(Refused::custom("probed"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
            ignored_any
        }
    }
    let mut fields: &'static [&'static str] = &[];
    let _probed = T::deserialize(Probe(&mut fields));
    fields
}

/// The name in `names` a slip of the keyboard away from `name`: the same letters in
/// another case, or a couple of edits (fewer for short names).
pub fn nearest<'n, S: AsRef<str>>(name: &str, names: &'n [S]) -> Option<&'n str> {
    let lower = name.to_lowercase();
    let most = 2.min(name.chars().count() / 2).max(1);
    names
        .iter()
        .map(|n| (n.as_ref(), edits(&lower, &n.as_ref().to_lowercase())))
        .filter(|(_, d)| *d <= most)
        .min_by_key(|(_, d)| *d)
        .map(|(n, _)| n)
}

/// Levenshtein distance, for names of a few characters.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const SORT: Fields = Fields {
        place: "sort",
        allowed: &["equal", "range"],
        elsewhere: &[("children", "beside sort"), ("limit", "beside sort")],
    };

    fn object(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn a_misplaced_field_says_where_it_belongs() {
        let e = SORT.check(&object(json!({"equal": {}, "children": true}))).unwrap_err();
        assert_eq!(e.hint, Some(Hint::BelongsAt("beside sort".into())));
        assert_eq!(
            e.to_string(),
            "\"children\" is not a field of sort; \"children\" belongs beside sort (its fields are equal, range)"
        );
    }

    #[test]
    fn a_misspelt_field_gets_the_nearest_name() {
        let e = SORT.check(&object(json!({"Equal": {}}))).unwrap_err();
        assert_eq!((e.field.as_str(), e.hint), ("Equal", Some(Hint::Meant("equal".into()))));
        let e = SORT.check(&object(json!({"rnage": {}}))).unwrap_err();
        assert!(e.to_string().contains("did you mean \"range\"?"), "{e}");
        let e = SORT.check(&object(json!({"x": 1}))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "\"x\" is not a field of sort (its fields are equal, range)"
        );
    }

    #[test]
    fn known_fields_and_non_objects_pass() {
        assert_eq!(SORT.check(&object(json!({"equal": {}, "range": null}))), Ok(()));
        assert_eq!(SORT.check_value(&json!(null)), Ok(()));
    }

    #[test]
    fn edit_distance() {
        assert_eq!(
            (edits("kitten", "sitting"), edits("", "ab"), edits("same", "same")),
            (3, 2, 0)
        );
    }
}
