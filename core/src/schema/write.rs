//! Writing a design back as its JSON document.

use super::*;

pub(super) fn field(f: &Field) -> Value {
    let mut m = Map::new();
    m.insert("kind".into(), json!(f.kind.name()));
    match f.kind {
        FieldKind::Text { case, max_length } => {
            if case != Case::Preserve {
                m.insert("case".into(), json!(case.name()));
            }
            if let Some(n) = max_length {
                m.insert("maxLength".into(), json!(n));
            }
        }
        FieldKind::Uint { width, .. } | FieldKind::Int { width, .. } => {
            m.insert("width".into(), json!(width));
        }
        FieldKind::Decimal {
            width, scale, signed, ..
        } => {
            m.insert("width".into(), json!(width));
            m.insert("scale".into(), json!(scale));
            if !signed {
                m.insert("signed".into(), json!(false));
            }
        }
        FieldKind::Timestamp { unit, .. } => match unit {
            TimeUnit::Seconds { width } => {
                m.insert("unit".into(), json!(unit.name()));
                m.insert("width".into(), json!(width));
            }
            TimeUnit::Millis { width } => {
                m.insert("unit".into(), json!(unit.name()));
                m.insert("width".into(), json!(width));
            }
            TimeUnit::Iso(format) => {
                m.insert("unit".into(), json!(unit.name()));
                // The default format is left unsaid, so older documents read the same.
                if format.precision != IsoPrecision::default() {
                    m.insert("precision".into(), json!(format.precision.name()));
                }
                if format.zone != IsoZone::default() {
                    m.insert("zone".into(), json!(format.zone.name()));
                }
            }
        },
        FieldKind::Ulid { .. } | FieldKind::Ksuid { .. } => {}
    }
    if f.kind.order() == Order::Desc {
        m.insert("order".into(), json!(Order::Desc.name()));
    }
    if let Some(w) = f.warn_at {
        m.insert("warnAt".into(), json!(w));
    }
    if let Some(said) = f.mutable {
        m.insert("mutable".into(), json!(said));
    }
    Value::Object(m)
}

/// A rate as the user wrote it: `500`, not `500.0`.
fn rate(x: f64) -> Value {
    if x.fract() == 0.0 && x < 1e15 {
        json!(x as u64)
    } else {
        json!(x)
    }
}

fn traffic(t: &Traffic) -> Value {
    let mut m = Map::new();
    if let Some(w) = t.writes_per_second {
        m.insert("writesPerSecond".into(), rate(w));
    }
    if let Some(r) = t.reads_per_second {
        m.insert("readsPerSecond".into(), rate(r));
    }
    if let Some(k) = t.partition_keys {
        m.insert("partitionKeys".into(), json!(k));
    }
    Value::Object(m)
}

/// One attribute as a string, several as a list (a GSI's multi-attribute key).
fn attributes<'a>(list: impl Iterator<Item = &'a str>) -> Option<Value> {
    let list: Vec<&str> = list.collect();
    match list.as_slice() {
        [] => None,
        [one] => Some(json!(one)),
        many => Some(json!(many)),
    }
}

fn key_schema(m: &mut Map<String, Value>, ks: &KeySchema) {
    if let Some(p) = attributes(ks.partition_attributes()) {
        m.insert("partition".into(), p);
    }
    if let Some(s) = attributes(ks.sort_attributes()) {
        m.insert("sort".into(), s);
    }
}

pub(super) fn schema(s: &Schema) -> Value {
    let mut attributes = Map::new();
    for (n, t) in &s.table.attributes {
        attributes.insert(n.clone(), json!(t.as_str()));
    }
    let mut primary = Map::new();
    key_schema(&mut primary, &s.table.primary);
    let indexes: Vec<Value> = s
        .table
        .indexes
        .iter()
        .map(|ix| {
            let mut m = Map::new();
            m.insert("name".into(), json!(ix.name));
            key_schema(&mut m, &ix.keys);
            Value::Object(m)
        })
        .collect();
    let entities: Vec<Value> = s
        .entities
        .iter()
        .map(|e| {
            let mut fields = Map::new();
            for f in &e.fields {
                fields.insert(f.name.clone(), field(f));
            }
            let mut keys = Map::new();
            for k in &e.keys {
                let segs: Vec<Value> = k
                    .segments
                    .iter()
                    .map(|s| match s {
                        Segment::Literal(l) => json!({ "literal": l }),
                        Segment::Field(f) if f.prefix.is_empty() => json!({ "field": f.name }),
                        Segment::Field(f) => json!({ "field": f.name, "prefix": f.prefix }),
                    })
                    .collect();
                keys.insert(k.attribute.clone(), Value::Array(segs));
            }
            let mut entity = json!({ "name": e.name, "fields": fields, "keys": keys });
            if !e.traffic.is_empty() {
                entity["traffic"] = traffic(&e.traffic);
            }
            entity
        })
        .collect();
    json!({
        "version": SCHEMA_VERSION,
        "separator": s.separator,
        "table": {
            "name": s.table.name,
            "attributes": attributes,
            "primary": primary,
            "indexes": indexes,
        },
        "entities": entities,
    })
}
