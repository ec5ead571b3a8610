//! One keyed index's key as ElectroDB writes it, and each attribute's field: what
//! keylab cannot write the same way is a reason, which leaves the key's index out.

use super::{EntityKeys, SEPARATOR};
use crate::infer::declared::{say, segments, template_pieces, Piece};
use crate::js_literal::Js;
use crate::schema::{Case, FieldKind, KeyTemplate, Order, Segment};

/// Digits before and after the point of a Number an attribute holds as itself: a
/// JavaScript number has about 16 significant digits.
const ITSELF: (u32, u32) = (16, 6);

impl<'a> EntityKeys<'a> {
    /// One key's template, or why keylab cannot write it (an `Ok(Err)`); `Err` when the
    /// file is malformed.
    pub(super) fn key(
        &mut self,
        key: &Js,
        attribute: &str,
        prefix: &str,
        postfix: &str,
        place: &str,
        which: &str,
    ) -> Result<Result<KeyTemplate, String>, String> {
        let casing = casing(key, place, which)?;
        let composite = composite(key, place, which)?;
        if key.get("cast").and_then(Js::as_str) == Some("number") {
            return Ok(Err(
                "its `cast: \"number\"` stores a Number key, which keylab writes only for one plain field".into(),
            ));
        }
        let cased = |s: &str| match casing {
            Some(Case::Lower) => s.to_lowercase(),
            Some(Case::Upper) => s.to_uppercase(),
            _ => s.to_string(),
        };
        let pieces: Vec<Piece> = (self.pieces(key, &composite, prefix, postfix, place, which)?.into_iter())
            .map(|p| match p {
                Piece::Text(t) => Piece::Text(cased(&t)),
                v => v,
            })
            .collect();
        let segments = match segments(&pieces, SEPARATOR) {
            Ok(s) => s,
            Err(why) => return Ok(Err(why)),
        };
        let named = segments.iter().filter_map(|s| match s {
            Segment::Field(f) => Some(&f.name),
            _ => None,
        });
        for name in composite.iter().chain(named) {
            if let Err(why) = self.field(name, Some(casing.unwrap_or(Case::Preserve)), attribute, place) {
                return Ok(Err(why));
            }
        }
        let template = KeyTemplate {
            attribute: attribute.to_string(),
            segments,
        };
        let how = match (key.get("template").is_some(), key.get("casing").and_then(Js::as_str)) {
            (false, None) => "ElectroDB's own format, lower case by its default",
            (false, Some(_)) => "ElectroDB's own format",
            (true, None) => "its template, lower case by ElectroDB's default",
            (true, Some(_)) => "its template",
        };
        self.notes
            .push(format!("{attribute} = {} ({how})", template.pattern(SEPARATOR)));
        Ok(Ok(template))
    }

    /// What ElectroDB writes for a key, before casing: its `template`, else the prefix,
    /// each composite attribute's label and value, and the postfix.
    fn pieces(
        &self,
        key: &Js,
        composite: &[String],
        prefix: &str,
        postfix: &str,
        place: &str,
        which: &str,
    ) -> Result<Vec<Piece>, String> {
        match key.get("template") {
            Some(Js::Str(template)) => {
                let pieces = template_pieces(template);
                let named: Vec<&String> = pieces
                    .iter()
                    .filter_map(|p| match p {
                        Piece::Value(v) => Some(v),
                        _ => None,
                    })
                    .collect();
                if !composite.is_empty()
                    && named
                        .iter()
                        .map(|s| s.as_str())
                        .ne(composite.iter().map(String::as_str))
                {
                    return Err(format!("{place}: {which}.template names {named:?}, where its composite is {composite:?}: ElectroDB refuses that"));
                }
                Ok(pieces)
            }
            Some(other) => Err(format!("{place}: {which}.template is {}", other.describe())),
            None => {
                let mut pieces = vec![Piece::Text(prefix.to_string())];
                for name in composite {
                    let label = (self.attribute(name, place)?.get("label").and_then(Js::as_str)).unwrap_or(name);
                    pieces.push(Piece::Text(format!("#{label}_")));
                    pieces.push(Piece::Value(name.clone()));
                }
                pieces.push(Piece::Text(postfix.to_string()));
                Ok(pieces)
            }
        }
    }

    pub(super) fn attribute(&self, name: &str, place: &str) -> Result<&'a Js, String> {
        let attributes: &'a Js = self.attributes;
        attributes.get(name).ok_or(format!(
            "{place}: its key names {name:?}, which is not one of the attributes"
        ))
    }

    /// The field for attribute `name` as a key written with `case` writes it (`None`:
    /// the attribute holds the value as itself); refused when ElectroDB writes it in a
    /// way keylab's kinds do not.
    pub(super) fn field(&mut self, name: &str, case: Option<Case>, key: &str, place: &str) -> Result<(), String> {
        let a = self.attribute(name, place)?;
        let padding = a.get("padding");
        let number = a.get("type").and_then(Js::as_str) == Some("number");
        let itself = case.is_none();
        let case = case.unwrap_or(Case::Preserve);
        let kind = match (a.get("type"), padding) {
            (_, None) if number && itself => {
                self.said(format!("{name} is a Number: keylab holds it as a decimal of up to {} digits before the point and {} after; change it in the inspector", ITSELF.0, ITSELF.1));
                FieldKind::Decimal {
                    width: ITSELF.0,
                    scale: ITSELF.1,
                    signed: true,
                    order: Order::Asc,
                }
            }
            (Some(Js::Str(t)), Some(p)) if t == "number" => {
                let width = p.get("length").and_then(Js::as_u32).filter(|w| (1..=38).contains(w));
                match (width, p.get("char").and_then(Js::as_str)) {
                    (Some(width), Some("0")) => FieldKind::Uint {
                        width,
                        order: Order::Asc,
                    },
                    _ => {
                        return Err(format!(
                            "{name}'s padding is not {{length: 1 to 38, char: \"0\"}}, which keylab's uint writes"
                        ))
                    }
                }
            }
            (_, Some(_)) => return Err(format!("{name} is padded but not a number: keylab pads only numbers")),
            (Some(Js::Str(t)), None) if t == "number" => {
                self.said(format!("{name} is a number without `padding`: ElectroDB writes its digits as they are, which sort as text (10 before 9); keylab holds it as text. Give it padding: {{length: 10, char: \"0\"}} to sort by value"));
                FieldKind::Text { case, max_length: None }
            }
            (Some(Js::Str(t)), None) if t == "boolean" => {
                self.said(format!("{name} is a boolean: written as the text true or false"));
                FieldKind::Text { case, max_length: None }
            }
            (Some(Js::Str(t)), None) if t == "string" => FieldKind::Text { case, max_length: None },
            (Some(Js::Array(_)), None) => FieldKind::Text { case, max_length: None },
            (t, _) => {
                return Err(format!(
                    "{name} is of type {}, which cannot be a key's part",
                    t.map_or("(none)".into(), Js::describe)
                ))
            }
        };
        for hook in ["set", "get", "watch"] {
            if let Some(code) = a.get(hook) {
                self.said(format!(
                    "{name}'s `{hook}` ({}) is not run: keylab writes the value it is given",
                    code.describe()
                ));
            }
        }
        self.fields.add(name, kind, key)
    }

    fn said(&mut self, note: String) {
        say(&mut self.notes, note);
    }
}

/// A key's `casing`: lower by ElectroDB's default, `None` for `none`.
fn casing(key: &Js, place: &str, which: &str) -> Result<Option<Case>, String> {
    match key.get("casing").and_then(Js::as_str) {
        None | Some("default" | "lower") => Ok(Some(Case::Lower)),
        Some("upper") => Ok(Some(Case::Upper)),
        Some("none") => Ok(None),
        Some(other) => Err(format!(
            "{place}: {which}.casing {other:?} is not one of lower, upper, none, default"
        )),
    }
}

/// A key's `composite` attribute names.
fn composite(key: &Js, place: &str, which: &str) -> Result<Vec<String>, String> {
    match key.get("composite") {
        None => Ok(Vec::new()),
        Some(Js::Array(c)) => c
            .iter()
            .map(|a| {
                a.as_str()
                    .map(str::to_string)
                    .ok_or(format!("{place}: {which}.composite holds {}", a.describe()))
            })
            .collect(),
        Some(other) => Err(format!(
            "{place}: {which}.composite is {}; write a list of attribute names",
            other.describe()
        )),
    }
}
