//! The edits of the key templates and of the fields they hold.

use super::*;

/// No template for the edited attribute: the entity is not in that key (a sparse index).
fn no_template() -> Refusal {
    Refusal::new("the entity has no template for this key attribute: add one first")
}

fn no_field(name: &str) -> Refusal {
    Refusal::new(format!("the entity has no field {name:?}"))
}

/// A setting the field's kind does not have, such as the scale of a text field.
fn not_a(field: &Field, kind: &str, setting: &str) -> Refusal {
    Refusal::new(format!(
        "{} is a {} field, and only {kind} field has a {setting}",
        field.name,
        field.kind.name()
    ))
}

impl Playground {
    pub(super) fn edit_template(&mut self, edit: TemplateEdit) -> Result<(), Refusal> {
        match edit {
            TemplateEdit::AddSegment(kind) => {
                self.template_mut().ok_or_else(no_template)?;
                let segment = match kind {
                    NewSegment::Literal => Segment::Literal("TYPE".into()),
                    NewSegment::Field => Segment::field(self.add_field()),
                };
                self.template_mut().ok_or_else(no_template)?.push(segment);
            }
            TemplateEdit::AddFieldSegment(name) => {
                if self.entity().is_none_or(|e| e.field(&name).is_none()) {
                    return Err(no_field(&name));
                }
                self.template_mut().ok_or_else(no_template)?.push(Segment::field(name));
            }
            TemplateEdit::RemoveSegment(i) => self.remove_segment(i)?,
            TemplateEdit::MoveSegment { from, by } => {
                let t = self.template_mut().ok_or_else(no_template)?;
                let to = from as isize + by;
                if from >= t.len() || to < 0 || to as usize >= t.len() {
                    return Err(Refusal::new(format!("segment {} cannot move {by} place(s)", from + 1)));
                }
                t.swap(from, to as usize);
            }
            TemplateEdit::SetLiteral { segment, text } => match self.template_mut().and_then(|t| t.get_mut(segment)) {
                Some(Segment::Literal(l)) => *l = text,
                _ => return Err(Refusal::new(format!("segment {} is not a literal", segment + 1))),
            },
            TemplateEdit::SetPrefix { segment, text } => self.set_prefix(segment, text)?,
            TemplateEdit::RenameLiteral { from, to } => {
                let e = self.entity_mut().ok_or_else(no_entity)?;
                for s in e.keys.iter_mut().flat_map(|k| k.segments.iter_mut()) {
                    if matches!(s, Segment::Literal(l) if *l == from) {
                        *s = Segment::Literal(to.clone());
                    }
                }
            }
            TemplateEdit::AddTemplate => {
                let attribute = self.attribute();
                let e = self.entity_mut().ok_or_else(no_entity)?;
                if e.template(&attribute).is_some() {
                    return Err(Refusal::new(format!("{} already has a {attribute} template", e.name)));
                }
                let literal = e.name.to_uppercase();
                let literal = if literal.is_empty() { "ITEM".into() } else { literal };
                e.keys.push(KeyTemplate {
                    attribute,
                    segments: vec![Segment::Literal(literal)],
                });
            }
            TemplateEdit::RemoveTemplate => {
                let attribute = self.attribute();
                if self.schema.table.is_primary_key(&attribute) {
                    return Err(Refusal::new(format!(
                        "{attribute} is a key of the table, which every item needs; only an index's key can go"
                    )));
                }
                let e = self.entity_mut().ok_or_else(no_entity)?;
                e.keys.retain(|k| k.attribute != attribute);
            }
        }
        Ok(())
    }

    /// A new numeric field for a new segment, each item holding 0 in it.
    fn add_field(&mut self) -> String {
        let name = self.fresh_field_name();
        if let Some(e) = self.entity_mut() {
            e.fields.push(Field {
                name: name.clone(),
                kind: FieldKind::Uint {
                    width: 10,
                    order: Order::Asc,
                },
                warn_at: None,
                mutable: None,
            });
        }
        for values in self.entity_values_mut() {
            values.insert(name.clone(), Value::String("0".into()));
        }
        name
    }

    /// A field no template uses any more goes too, with its sample values.
    /// A prefix is glued to the value, so it cannot hold the separator (that would be
    /// another segment), and a Number key, a plain number, has none.
    fn set_prefix(&mut self, segment: usize, text: String) -> Result<(), Refusal> {
        let separator = self.schema.separator.clone();
        if !separator.is_empty() && text.contains(&separator) {
            return Err(Refusal::new(prefix_holds_separator(&text, &separator)));
        }
        let number = self.schema.table.attribute_type(&self.attribute()) == Some(keylab::schema::AttrType::N);
        if number && !text.is_empty() {
            return Err(Refusal::new("a Number key is a plain number: it has no prefix"));
        }
        match self.template_mut().and_then(|t| t.get_mut(segment)) {
            Some(Segment::Field(f)) => f.prefix = text,
            _ => return Err(Refusal::new(format!("segment {} is not a field", segment + 1))),
        }
        Ok(())
    }

    fn remove_segment(&mut self, i: usize) -> Result<(), Refusal> {
        let t = self.template_mut().ok_or_else(no_template)?;
        if i >= t.len() {
            return Err(Refusal::new(format!("there is no segment {}", i + 1)));
        }
        if let Segment::Field(f) = t.remove(i) {
            let f = f.name;
            if !self.uses(&f) {
                if let Some(e) = self.entity_mut() {
                    e.fields.retain(|x| x.name != f);
                }
                for values in self.entity_values_mut() {
                    values.shift_remove(&f);
                }
            }
        }
        Ok(())
    }

    pub(super) fn edit_field(&mut self, edit: FieldEdit) -> Result<(), Refusal> {
        // The field's kind as the edit makes it, from the kind it has.
        let kind = |p: &mut Playground, name: &str, make: &dyn Fn(&Field) -> Result<FieldKind, Refusal>| {
            let f = p.field_mut(name).ok_or_else(|| no_field(name))?;
            f.kind = make(f)?;
            Ok(())
        };
        match edit {
            FieldEdit::RenameField { field, to } => self.rename_field(&field, to),
            FieldEdit::SetMutable { entity, field, mutable } => {
                self.say_changes(entity, &field, mutable);
                Ok(())
            }
            FieldEdit::SetWarnAt { field, percent } => {
                self.field_mut(&field).ok_or_else(|| no_field(&field))?.warn_at = Some(percent);
                Ok(())
            }
            // Keeps the width and order the person already chose where they apply.
            FieldEdit::SetKind { field, kind: new } => kind(self, &field, &|f| {
                Ok(if f.kind.name() == new.name() {
                    f.kind
                } else {
                    carry_over(f.kind, new)
                })
            }),
            FieldEdit::SetWidth { field, width } => kind(self, &field, &|f| match f.kind.width() {
                Some(_) => Ok(f.kind.with_width(width)),
                None => Err(not_a(f, "a numeric or epoch time", "width")),
            }),
            FieldEdit::SetScale { field, scale } => kind(self, &field, &|f| match f.kind {
                FieldKind::Decimal {
                    width, signed, order, ..
                } => Ok(FieldKind::Decimal {
                    width,
                    scale,
                    signed,
                    order,
                }),
                _ => Err(not_a(f, "a decimal", "scale")),
            }),
            FieldEdit::SetOrder { field, order } => kind(self, &field, &|f| Ok(f.kind.with_order(order))),
            FieldEdit::SetCase { field, case } => kind(self, &field, &|f| match f.kind {
                FieldKind::Text { max_length, .. } => Ok(FieldKind::Text { case, max_length }),
                _ => Err(not_a(f, "a text", "case")),
            }),
            FieldEdit::SetUnit { field, unit } => kind(self, &field, &|f| match f.kind {
                FieldKind::Timestamp { order, .. } => Ok(FieldKind::Timestamp { unit, order }),
                _ => Err(not_a(f, "a timestamp", "unit")),
            }),
            FieldEdit::SetMaxLength { field, max_length } => kind(self, &field, &|f| match f.kind {
                FieldKind::Text { case, .. } => Ok(FieldKind::Text { case, max_length }),
                _ => Err(not_a(f, "a text", "maximum length")),
            }),
        }
    }

    /// Renames a field in the entity, its templates and its items.
    fn rename_field(&mut self, field: &str, to: String) -> Result<(), Refusal> {
        if to.is_empty() {
            return Err(Refusal::new("a field needs a name"));
        }
        if self.entity().is_some_and(|e| e.field(&to).is_some()) {
            return Err(Refusal::new(format!("another field is already named {to:?}")));
        }
        let e = self.entity_mut().ok_or_else(no_entity)?;
        for f in e.fields.iter_mut().filter(|f| f.name == field) {
            f.name = to.clone();
        }
        for s in e.keys.iter_mut().flat_map(|k| k.segments.iter_mut()) {
            // The field keeps its prefix under its new name.
            if let Segment::Field(f) = s {
                if f.name == field {
                    f.name = to.clone();
                }
            }
        }
        for values in self.entity_values_mut() {
            if let Some(v) = values.shift_remove(field) {
                values.insert(to.clone(), v);
            }
        }
        Ok(())
    }
}

pub(super) fn no_entity() -> Refusal {
    Refusal::new("the entity being designed is gone: pick another")
}

fn carry_over(old: FieldKind, new: FieldKind) -> FieldKind {
    let new = new.with_order(old.order());
    match old.width() {
        Some(width) if new.width().is_some() => new.with_width(width),
        _ => new,
    }
}

/// Why a prefix that holds the separator is refused, and what to do instead.
pub fn prefix_holds_separator(text: &str, separator: &str) -> String {
    format!(
        "{text:?} holds the separator {separator:?}: a prefix is glued to the value; put the text before the separator in a literal segment"
    )
}
