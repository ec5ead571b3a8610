//! TypeScript: one ES module, no dependencies. Whole numbers are `number` up to 15
//! digits and `bigint` beyond (JavaScript holds 15 digits exactly), decimals are
//! strings (no precision lost), ISO timestamps are `Date`s.

use super::skeleton::{emit_key, field_label, type_name, KeySyntax};
use super::spelling::Spelling;
use super::{camel, case_literal, header, ident, quoted, shape, KeyPlan, Kind, Plan, ReadStep};

fn small(width: u32) -> bool {
    width <= 15
}

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Decimal { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => "string",
        Kind::Uint { width, .. } | Kind::Int { width, .. } if small(*width) => "number",
        Kind::Uint { .. } | Kind::Int { .. } => "bigint",
        Kind::Epoch { .. } => "number",
        Kind::Iso { .. } => "Date",
    }
}

/// The expression writing one field's segment.
pub(super) fn write(kind: &Kind, v: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Text { case, max_length } => {
            format!(
                "text({v}, {}, {}, SEP, {f})",
                case_literal(*case),
                SPELLING.limit(*max_length)
            )
        }
        Kind::Uint { width, desc } => format!("uint(whole({v}, {f}), {width}, {desc}, {f})"),
        Kind::Int { width, desc } => format!("int(whole({v}, {f}), {width}, {desc}, {f})"),
        Kind::Decimal {
            width,
            scale,
            signed,
            desc,
        } => format!("decimal({v}, {width}, {scale}, {signed}, {desc}, {f})"),
        Kind::Epoch { width, desc, .. } => format!("uint(whole({v}, {f}), {width}, {desc}, {f})"),
        Kind::Iso { desc, format } => format!("iso({v}, {desc}, {f}{})", super::iso_args(format)),
        Kind::Ulid { desc } => format!("ulid({v}, {desc}, {f})"),
        Kind::Ksuid { desc } => format!("ksuid({v}, {desc}, {f})"),
    }
}

/// The expression reading one field's segment (`undefined` when it does not fit).
/// The runtime's spelling, for the shared reader call and the writers' literals.
const SPELLING: Spelling = Spelling {
    no_limit: "null",
    ..Spelling::CAMEL
};

/// A decoded value as the interface types it.
fn typed(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if small(*width) => format!("Number({v})"),
        Kind::Epoch { .. } => format!("Number({v})"),
        _ => v.to_string(),
    }
}

/// TypeScript's spelling of a key's code.
struct TypeScript;

fn prop(f: &str) -> String {
    ident(f, camel)
}

fn what(key: &KeyPlan) -> String {
    quoted(&format!("{}.{}", key.entity, key.attribute))
}

impl KeySyntax for TypeScript {
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String {
        let name = type_name(key);
        let mut out = format!(
            "\n/** {} {}: {} */\nexport interface {name} {{\n",
            key.entity,
            key.attribute,
            shape(key, sep)
        );
        for f in &key.fields {
            out.push_str(&format!("  {}: {};\n", prop(&f.name), value_type(&f.kind)));
        }
        out.push_str("}\n\n");
        out
    }

    fn number_key(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let f = &key.fields[0];
        let v = format!("v.{}", prop(&f.name));
        let label = quoted(&field_label(key, &f.name));
        let (write_plain, read_plain) = match &f.kind {
            Kind::Decimal { scale, .. } => (
                format!("plainDecimal(scaled({v}, {scale}, {label}), {scale})"),
                format!("decimalText(scaled(k, {scale}, {label}), {scale})"),
            ),
            Kind::Epoch { .. } => (
                format!("whole({v}, {label}).toString()"),
                "r.check(readPlain(k), \"epoch digits\")".to_string(),
            ),
            _ => (
                format!("whole({v}, {label}).toString()"),
                format!("scaled(k, 0, {label})"),
            ),
        };
        let encode = format!(
            "/** The {} key of a {}: its plain number, as DynamoDB's N takes it. */\nexport function encode{name}(v: {name}): string {{\n  {};\n  return {write_plain};\n}}\n\n",
            key.attribute,
            key.entity,
            write(&f.kind, &v, &field_label(key, &f.name)),
        );
        let check = write(&f.kind, "value", &field_label(key, &f.name));
        let value = typed(&f.kind, "value");
        encode
            + &format!(
                "/** The {} key of a {} read back; throws a KeyError when it could not have been written. */\nexport function decode{name}(k: string): {name} {{\n  const r = new Reader(k, SEP, {});\n  const value = {read_plain};\n  {check};\n  void r;\n  return {{ {}: {value} }};\n}}\n",
                key.attribute,
                key.entity,
                what(key),
                prop(&f.name),
            )
    }

    fn encode(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let segments = key.segments(quoted, |f| {
            write(&f.kind, &format!("v.{}", prop(&f.name)), &field_label(key, &f.name))
        });
        format!(
            "/** The {} key of a {}; throws a KeyError saying which value is wrong. */\nexport function encode{name}(v: {name}): string {{\n  return key([\n    {},\n  ], SEP, {}, {});\n}}\n\n",
            key.attribute,
            key.entity,
            segments.join(",\n    "),
            key.limit,
            what(key)
        )
    }

    fn decode_open(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        format!(
            "/** The {} key of a {} read back; throws a KeyError when it could not have been written. */\nexport function decode{name}(k: string): {name} {{\n  const r = new Reader(k, SEP, {});\n",
            key.attribute,
            key.entity,
            what(key)
        )
    }

    fn read_step(&self, step: ReadStep) -> String {
        match step {
            ReadStep::Separator => "  r.separator();\n".to_string(),
            ReadStep::Literal(l) => format!("  r.literal({});\n", quoted(l)),
            ReadStep::First { at, field, expected } => format!(
                "  const f{at} = r.check({}, {});\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&expected)
            ),
            ReadStep::Again { at, field } => format!(
                "  same(r, f{at}, {}, {});\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&field.name)
            ),
        }
    }

    fn decode_close(&self, key: &KeyPlan) -> String {
        let mut out = String::from("  r.end();\n  return {\n");
        for (i, f) in key.fields.iter().enumerate() {
            out.push_str(&format!(
                "    {}: {},\n",
                prop(&f.name),
                typed(&f.kind, &format!("f{i}"))
            ));
        }
        out.push_str("  };\n}\n");
        out
    }
}

/// The module: the keys, then `runtime` (keylab's codec in this language, [`super::runtime`]).
pub fn emit(plan: &Plan, runtime: &str) -> String {
    let mut out = header(plan, "//");
    out.push_str("/* eslint-disable */\n\n");
    out.push_str(&format!(
        "/** The separator between a key's segments. */\nexport const SEP = {};\n",
        quoted(&plan.separator)
    ));
    out.push_str(&format!(
        "/** The design this module was written for. */\nexport const DESIGN = {};\n\n",
        quoted(&plan.hash)
    ));
    for key in &plan.keys {
        emit_key(&mut out, key, &plan.separator, &TypeScript);
    }
    // The keys first, for the reader; the codec they share after them.
    out.push_str("\n// ---- keylab's codec, shared by the functions above ----\n\n");
    out.push_str(runtime);
    out
}
