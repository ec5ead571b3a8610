//! Java 17: one class, `Keys`, standard library only (add your package line). A record
//! per key, whole numbers as `long` up to 18 digits and `BigInteger` beyond, decimals
//! as `BigDecimal`, ISO timestamps as `Instant`; refusals are `Keys.KeyException` (an
//! `IllegalArgumentException`).

use super::skeleton::{emit_key, field_label, type_name, KeySyntax};
use super::spelling::Spelling;
use super::{camel, case_literal, header, ident, quoted, shape, KeyPlan, Kind, Plan, ReadStep};

/// Text safe inside a Java comment: Java reads `\u` escapes even there, and `*/` ends it.
fn comment(text: &str) -> String {
    text.replace("*/", "* /")
        .replace("\\u", "\\ u")
        .replace(['\n', '\r'], " ")
}

fn small(width: u32) -> bool {
    width <= 18
}

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => "String",
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => "BigInteger",
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => "long",
        Kind::Decimal { .. } => "BigDecimal",
        Kind::Iso { .. } => "Instant",
    }
}

fn as_big(kind: &Kind, v: &str, f: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => format!("whole({v}, {f})"),
        _ => format!("BigInteger.valueOf({v})"),
    }
}

fn write(kind: &Kind, v: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Text { case, max_length } => format!(
            "text({v}, {}, {}, SEP, {f})",
            case_literal(*case),
            SPELLING.limit(*max_length)
        ),
        Kind::Uint { .. } | Kind::Epoch { .. } | Kind::Int { .. } => write_big(kind, &as_big(kind, v, &f), field),
        Kind::Decimal {
            width,
            scale,
            signed,
            desc,
        } => format!("decimal(decimalIn({v}, {f}), {width}, {scale}, {signed}, {desc}, {f})"),
        Kind::Iso { desc, format } => format!("iso({v}, {desc}, {f}{})", super::iso_args(format)),
        Kind::Ulid { desc } => format!("ulid({v}, {desc}, {f})"),
        Kind::Ksuid { desc } => format!("ksuid({v}, {desc}, {f})"),
    }
}

/// An integer field's segment from a `BigInteger` expression (a Number key's reader
/// checks the value it parsed this way).
fn write_big(kind: &Kind, big: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Int { width, desc } => format!("integer({big}, {width}, {desc}, {f})"),
        Kind::Uint { width, desc } | Kind::Epoch { width, desc, .. } => format!("uint({big}, {width}, {desc}, {f})"),
        other => write(other, big, field),
    }
}

/// The runtime's spelling, for the shared reader call and the writers' literals.
const SPELLING: Spelling = Spelling::CAMEL;

/// The Java type a decoded value has before it is typed (integers are BigIntegers).
fn read_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => "BigInteger",
        other => value_type(other),
    }
}

fn typed(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => v.to_string(),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("{v}.longValueExact()"),
        _ => v.to_string(),
    }
}

/// Java's spelling of a key's code.
struct Java;

fn prop(f: &str) -> String {
    ident(f, camel)
}

fn what(key: &KeyPlan) -> String {
    quoted(&format!("{}.{}", key.entity, key.attribute))
}

impl KeySyntax for Java {
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String {
        let components: Vec<String> = (key.fields.iter())
            .map(|f| format!("{} {}", value_type(&f.kind), prop(&f.name)))
            .collect();
        format!(
            "\n  /** The values of a {} {} key: {}. */\n  public record {}({}) {{}}\n",
            comment(&key.entity),
            comment(&key.attribute),
            comment(&shape(key, sep)),
            type_name(key),
            components.join(", ")
        )
    }

    fn number_key(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let (entity, attribute) = (comment(&key.entity), comment(&key.attribute));
        let f = &key.fields[0];
        let v = format!("v.{}()", prop(&f.name));
        let l = quoted(&field_label(key, &f.name));
        let (plain, value, check) = match &f.kind {
            Kind::Decimal { scale, .. } => (
                format!("plainDecimal(scaled(decimalIn({v}, {l}), {scale}, {l}), {scale})"),
                format!("new BigDecimal(scaled(k, {scale}, {l}), {scale})"),
                write(&f.kind, "value", &field_label(key, &f.name)),
            ),
            Kind::Epoch { .. } => (
                format!("{}.toString()", as_big(&f.kind, &v, &l)),
                "r.check(readPlain(k), \"epoch digits\")".to_string(),
                write_big(&f.kind, "value", &field_label(key, &f.name)),
            ),
            _ => (
                format!("{}.toString()", as_big(&f.kind, &v, &l)),
                format!("scaled(k, 0, {l})"),
                write_big(&f.kind, "value", &field_label(key, &f.name)),
            ),
        };
        let value_type = match &f.kind {
            Kind::Decimal { .. } => "BigDecimal",
            _ => "BigInteger",
        };
        format!(
            "\n  /** The {} key of a {}: its plain number, as DynamoDB's N takes it. */\n  public static String encode{name}({name} v) {{\n    {};\n    return {plain};\n  }}\n",
            attribute,
            entity,
            write(&f.kind, &v, &field_label(key, &f.name))
        ) + &format!(
            "\n  /** The {} key of a {} read back; throws KeyException when it could not have been written. */\n  public static {name} decode{name}(String k) {{\n    Reader r = new Reader(k, SEP, {});\n    {value_type} value = {value};\n    {};\n    return new {name}({});\n  }}\n",
            attribute,
            entity,
            what(key),
            check,
            typed(&f.kind, "value")
        )
    }

    fn encode(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let segments = key.segments(quoted, |f| {
            write(&f.kind, &format!("v.{}()", prop(&f.name)), &field_label(key, &f.name))
        });
        format!(
            "\n  /** The {} key of a {}; throws KeyException saying which value is wrong. */\n  public static String encode{name}({name} v) {{\n    return key(List.of(\n        {}), SEP, {}, {});\n  }}\n",
            comment(&key.attribute),
            comment(&key.entity),
            segments.join(",\n        "),
            key.limit,
            what(key)
        )
    }

    fn decode_open(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        format!(
            "\n  /** The {} key of a {} read back; throws KeyException when it could not have been written. */\n  public static {name} decode{name}(String k) {{\n    Reader r = new Reader(k, SEP, {});\n",
            comment(&key.attribute),
            comment(&key.entity),
            what(key)
        )
    }

    fn read_step(&self, step: ReadStep) -> String {
        match step {
            ReadStep::Separator => "    r.separator();\n".to_string(),
            ReadStep::Literal(l) => format!("    r.literal({});\n", quoted(l)),
            ReadStep::First { at, field, expected } => format!(
                "    {} f{at} = r.check({}, {});\n",
                read_type(&field.kind),
                SPELLING.call(&field.kind, &field.name),
                quoted(&expected)
            ),
            ReadStep::Again { at, field } => format!(
                "    same(r, f{at}, {}, {});\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&field.name)
            ),
        }
    }

    fn decode_close(&self, key: &KeyPlan) -> String {
        let args: Vec<String> = (key.fields.iter().enumerate())
            .map(|(i, f)| typed(&f.kind, &format!("f{i}")))
            .collect();
        format!(
            "    r.end();\n    return new {}({});\n  }}\n",
            type_name(key),
            args.join(", ")
        )
    }
}

/// The module: the keys, then `runtime` (keylab's codec in this language, [`super::runtime`]).
pub fn emit(plan: &Plan, runtime: &str) -> String {
    let mut out = header(plan, "//");
    out.push_str("// Add your package line above the imports.\n\nimport java.math.BigDecimal;\nimport java.math.BigInteger;\nimport java.nio.charset.StandardCharsets;\nimport java.time.DateTimeException;\nimport java.time.Instant;\nimport java.time.ZoneOffset;\nimport java.time.format.DateTimeFormatter;\nimport java.time.format.ResolverStyle;\nimport java.util.List;\nimport java.util.Locale;\nimport java.util.regex.Matcher;\nimport java.util.regex.Pattern;\n\n");
    out.push_str(&format!(
        "/** Writes and reads the keys of the keylab design of table {}. */\npublic final class Keys {{\n  private Keys() {{}}\n\n  /** The separator between a key's segments. */\n  public static final String SEP = {};\n  /** The design this class was written for. */\n  public static final String DESIGN = {};\n\n",
        comment(&plan.table),
        quoted(&plan.separator),
        quoted(&plan.hash)
    ));
    for key in &plan.keys {
        emit_key(&mut out, key, &plan.separator, &Java);
    }
    // The keys first, for the reader; the codec they share after them.
    out.push_str("\n  // ---- keylab's codec, shared by the functions above ----\n\n");
    out.push_str(runtime);
    out.push_str("}\n");
    out
}
