//! An item as a table export holds it, read straight from its JSON line: attribute
//! name → typed value, with S and N kept as their text. Reading it into a general JSON
//! value first builds an ordered map per attribute, which cost more than all the
//! re-keying (`keylab migrate` must do 500,000 items a second).

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// Text borrowed from the line when it has no escapes, as most keys and names have.
struct Text<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Text<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v)))
            }
        }
        d.deserialize_str(V)
    }
}

/// One attribute's value in DynamoDB JSON.
#[derive(Clone, Debug, PartialEq)]
pub enum Attribute<'a> {
    S(Cow<'a, str>),
    N(Cow<'a, str>),
    /// Any other type (`BOOL`, `NULL`, `M`, `L`, `SS`, `B`, ...), its tag and value.
    Other(String, Value),
}

impl<'de: 'a, 'a> Deserialize<'de> for Attribute<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Typed;
        impl<'de> Visitor<'de> for Typed {
            type Value = Attribute<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an attribute value in DynamoDB JSON, such as {\"S\": \"text\"}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Attribute<'de>, A::Error> {
                let Some(Text(tag)) = map.next_key::<Text>()? else {
                    return Err(de::Error::custom(
                        "an attribute value needs its type, such as {\"S\": \"text\"}",
                    ));
                };
                let value = match &*tag {
                    "S" => Attribute::S(map.next_value::<Text>()?.0),
                    "N" => Attribute::N(map.next_value::<Text>()?.0),
                    _ => {
                        let v: Value = map.next_value()?;
                        Attribute::Other(tag.into_owned(), v)
                    }
                };
                if map.next_key::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::custom("an attribute value has exactly one type"));
                }
                Ok(value)
            }
        }
        d.deserialize_map(Typed)
    }
}

/// An item's attributes in the order the line gives them, borrowing the line's text.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StoredItem<'a>(pub Vec<(Cow<'a, str>, Attribute<'a>)>);

impl<'a> StoredItem<'a> {
    pub fn get(&self, name: &str) -> Option<&Attribute<'a>> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }

    /// One export line: `{"Item": {...}}` as DynamoDB's export to S3 writes it, or the
    /// item itself (a scan's items, one per line).
    pub fn parse(line: &'a str) -> Result<StoredItem<'a>, NotAnItem> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Export<'a> {
            #[serde(rename = "Item", borrow)]
            item: StoredItem<'a>,
        }
        if let Ok(Export { item }) = serde_json::from_str::<Export>(line) {
            return Ok(item);
        }
        serde_json::from_str::<StoredItem>(line).map_err(|e| NotAnItem {
            line: e.line(),
            column: e.column(),
            why: e.to_string(),
        })
    }

    /// The same from a JSON value, for callers that hold one.
    pub fn from_value(v: &Value) -> Result<StoredItem<'static>, NotAnItem> {
        let text = v.to_string();
        let item = StoredItem::parse(&text)?;
        Ok(StoredItem(
            item.0
                .into_iter()
                .map(|(n, a)| (Cow::Owned(n.into_owned()), a.into_owned()))
                .collect(),
        ))
    }
}

/// A line that is not an item in DynamoDB JSON: where its reading stopped (line and
/// column from 1) and serde's sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAnItem {
    pub line: usize,
    pub column: usize,
    pub why: String,
}

impl fmt::Display for NotAnItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "is not an item in DynamoDB JSON: {}", self.why)
    }
}

impl std::error::Error for NotAnItem {}

/// Read where messages are text: the sentence.
impl From<NotAnItem> for String {
    fn from(e: NotAnItem) -> String {
        e.to_string()
    }
}

impl Attribute<'_> {
    pub(crate) fn into_owned(self) -> Attribute<'static> {
        match self {
            Attribute::S(s) => Attribute::S(Cow::Owned(s.into_owned())),
            Attribute::N(n) => Attribute::N(Cow::Owned(n.into_owned())),
            Attribute::Other(t, v) => Attribute::Other(t, v),
        }
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for StoredItem<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Attributes;
        impl<'de> Visitor<'de> for Attributes {
            type Value = StoredItem<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an item in DynamoDB JSON: {\"PK\": {\"S\": \"...\"}, ...}")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StoredItem<'de>, A::Error> {
                let mut out: Vec<(Cow<'de, str>, Attribute<'de>)> = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some((Text(name), value)) = map.next_entry::<Text, Attribute>()? {
                    if out.iter().any(|(n, _)| *n == name) {
                        return Err(de::Error::custom(format!("attribute {name:?} appears twice")));
                    }
                    out.push((name, value));
                }
                Ok(StoredItem(out))
            }
        }
        d.deserialize_map(Attributes)
    }
}
