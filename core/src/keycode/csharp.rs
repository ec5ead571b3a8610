//! C#: one static class, `Keys`, base class library only (C# 7, so Mono's compiler and
//! every .NET take it). A class per key, whole numbers as `long` up to 18 digits and
//! `BigInteger` beyond, decimals as strings (.NET's `decimal` holds 28 digits, keys up to
//! 38), ISO timestamps as `DateTimeOffset`; refusals are `Keys.KeyException`. .NET's
//! invariant upper case maps one character at a time, so a cased field holding `ß` is
//! stored as it is where the codec writes `SS`.

use super::skeleton::{emit_key, field_label, type_name, KeySyntax};
use super::spelling::Spelling;
use super::{camel, case_literal, header, pascal, quoted, shape, KeyPlan, Kind, Plan, ReadStep};

fn small(width: u32) -> bool {
    width <= 18
}

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Decimal { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => "string",
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => "BigInteger",
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => "long",
        Kind::Iso { .. } => "DateTimeOffset",
    }
}

const KEYWORDS: &[&str] = &[
    "abstract",
    "as",
    "base",
    "bool",
    "break",
    "byte",
    "case",
    "catch",
    "char",
    "checked",
    "class",
    "const",
    "continue",
    "decimal",
    "default",
    "delegate",
    "do",
    "double",
    "else",
    "enum",
    "event",
    "explicit",
    "extern",
    "false",
    "finally",
    "fixed",
    "float",
    "for",
    "foreach",
    "goto",
    "if",
    "implicit",
    "in",
    "int",
    "interface",
    "internal",
    "is",
    "lock",
    "long",
    "namespace",
    "new",
    "null",
    "object",
    "operator",
    "out",
    "override",
    "params",
    "private",
    "protected",
    "public",
    "readonly",
    "ref",
    "return",
    "sbyte",
    "sealed",
    "short",
    "sizeof",
    "stackalloc",
    "static",
    "string",
    "struct",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "uint",
    "ulong",
    "unchecked",
    "unsafe",
    "ushort",
    "using",
    "virtual",
    "void",
    "volatile",
    "while",
];

fn parameter(name: &str) -> String {
    let c = camel(name);
    if KEYWORDS.contains(&c.as_str()) {
        format!("@{c}")
    } else {
        c
    }
}

/// Text safe inside a `///` comment.
fn comment(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn write(kind: &Kind, v: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Text { case, max_length } => format!(
            "Text({v}, {}, {}, Sep, {f})",
            case_literal(*case),
            SPELLING.limit(*max_length)
        ),
        Kind::Uint { width, desc } | Kind::Epoch { width, desc, .. } => format!("Uint({v}, {width}, {desc}, {f})"),
        Kind::Int { width, desc } => format!("Integer({v}, {width}, {desc}, {f})"),
        Kind::Decimal {
            width,
            scale,
            signed,
            desc,
        } => format!("Decimal({v}, {width}, {scale}, {signed}, {desc}, {f})"),
        Kind::Iso { desc, format } => format!("Iso({v}, {desc}, {f}{})", super::iso_args(format)),
        Kind::Ulid { desc } => format!("Ulid({v}, {desc}, {f})"),
        Kind::Ksuid { desc } => format!("Ksuid({v}, {desc}, {f})"),
    }
}

/// The runtime's spelling, for the shared reader call and the writers' literals.
const SPELLING: Spelling = Spelling {
    fixed: "r.Fixed",
    rest: "r.Rest()",
    text: "ReadText",
    uint: "ReadUint",
    int: "ReadInt",
    decimal: "ReadDecimal",
    iso: "ReadIso",
    ulid: ("ReadUlid", ""),
    ksuid: ("ReadKsuid", ""),
    no_limit: "-1",
    booleans: ["false", "true"],
    quoted,
};

/// A decoded value (an object: a boxed BigInteger for integers) as its property's type.
fn typed(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => format!("(BigInteger){v}"),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("(long)(BigInteger){v}"),
        other => format!("({}){v}", value_type(other)),
    }
}

/// C#'s spelling of a key's code.
struct CSharp;

fn what(key: &KeyPlan) -> String {
    quoted(&format!("{}.{}", key.entity, key.attribute))
}

impl KeySyntax for CSharp {
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String {
        let name = type_name(key);
        let mut out = format!(
            "\n    /// <summary>The values of a {} {} key: {}.</summary>\n    public sealed class {name}\n    {{\n",
            comment(&key.entity),
            comment(&key.attribute),
            comment(&shape(key, sep))
        );
        for f in &key.fields {
            out.push_str(&format!(
                "        public {} {} {{ get; }}\n",
                value_type(&f.kind),
                pascal(&f.name)
            ));
        }
        let params: Vec<String> = (key.fields.iter())
            .map(|f| format!("{} {}", value_type(&f.kind), parameter(&f.name)))
            .collect();
        out.push_str(&format!("\n        public {name}({})\n        {{\n", params.join(", ")));
        for f in &key.fields {
            out.push_str(&format!("            {} = {};\n", pascal(&f.name), parameter(&f.name)));
        }
        out.push_str("        }\n    }\n");
        out
    }

    fn number_key(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let f = &key.fields[0];
        let v = format!("v.{}", pascal(&f.name));
        let l = quoted(&field_label(key, &f.name));
        let (value_type, value, plain) = match &f.kind {
            Kind::Decimal { scale, .. } => (
                "string",
                format!("DecimalText(Scaled(k, {scale}, {l}), {scale})"),
                format!("PlainDecimal(Scaled({v}, {scale}, {l}), {scale})"),
            ),
            Kind::Epoch { .. } => (
                "BigInteger",
                "(BigInteger)r.Check(ReadPlain(k), \"epoch digits\")".to_string(),
                format!("{v}.ToString(CultureInfo.InvariantCulture)"),
            ),
            _ => (
                "BigInteger",
                format!("Scaled(k, 0, {l})"),
                format!("{v}.ToString(CultureInfo.InvariantCulture)"),
            ),
        };
        let back = match &f.kind {
            Kind::Decimal { .. } => "value".to_string(),
            _ => typed(&f.kind, "(object)value"),
        };
        format!(
            "\n    /// <summary>The {} key of a {}: its plain number, as DynamoDB's N takes it.</summary>\n    public static string Encode{name}({name} v)\n    {{\n        {};\n        return {plain};\n    }}\n",
            comment(&key.attribute),
            comment(&key.entity),
            write(&f.kind, &v, &field_label(key, &f.name))
        ) + &format!(
            "\n    /// <summary>The {} key of a {} read back; throws KeyException when it could not have been written.</summary>\n    public static {name} Decode{name}(string k)\n    {{\n        var r = new Reader(k, Sep, {});\n        {value_type} value = {value};\n        {};\n        return new {name}({back});\n    }}\n",
            comment(&key.attribute),
            comment(&key.entity),
            what(key),
            write(&f.kind, "value", &field_label(key, &f.name))
        )
    }

    fn encode(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let segments = key.segments(quoted, |f| {
            write(&f.kind, &format!("v.{}", pascal(&f.name)), &field_label(key, &f.name))
        });
        format!(
            "\n    /// <summary>The {} key of a {}; throws KeyException saying which value is wrong.</summary>\n    public static string Encode{name}({name} v)\n    {{\n        return Key(new[]\n        {{\n            {},\n        }}, Sep, {}, {});\n    }}\n",
            comment(&key.attribute),
            comment(&key.entity),
            segments.join(",\n            "),
            key.limit,
            what(key)
        )
    }

    fn decode_open(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        format!(
            "\n    /// <summary>The {} key of a {} read back; throws KeyException when it could not have been written.</summary>\n    public static {name} Decode{name}(string k)\n    {{\n        var r = new Reader(k, Sep, {});\n",
            comment(&key.attribute),
            comment(&key.entity),
            what(key)
        )
    }

    fn read_step(&self, step: ReadStep) -> String {
        match step {
            ReadStep::Separator => "        r.Separator();\n".to_string(),
            ReadStep::Literal(l) => format!("        r.Literal({});\n", quoted(l)),
            ReadStep::First { at, field, expected } => format!(
                "        object f{at} = r.Check({}, {});\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&expected)
            ),
            ReadStep::Again { at, field } => format!(
                "        Same(r, f{at}, {}, {});\n",
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
            "        r.End();\n        return new {}({});\n    }}\n",
            type_name(key),
            args.join(", ")
        )
    }
}

/// The module: the keys, then `runtime` (keylab's codec in this language, [`super::runtime`]).
pub fn emit(plan: &Plan, runtime: &str) -> String {
    let mut out = header(plan, "//");
    out.push_str("// Wrap it in your namespace.\n\nusing System;\nusing System.Globalization;\nusing System.Numerics;\nusing System.Text;\nusing System.Text.RegularExpressions;\n\n");
    out.push_str(&format!(
        "/// <summary>Writes and reads the keys of the keylab design of table {}.</summary>\npublic static class Keys\n{{\n    /// <summary>The separator between a key's segments.</summary>\n    public const string Sep = {};\n    /// <summary>The design this class was written for.</summary>\n    public const string Design = {};\n\n",
        comment(&plan.table),
        quoted(&plan.separator),
        quoted(&plan.hash)
    ));
    for key in &plan.keys {
        emit_key(&mut out, key, &plan.separator, &CSharp);
    }
    // The keys first, for the reader; the codec they share after them.
    out.push_str("\n    // ---- keylab's codec, shared by the functions above ----\n\n");
    out.push_str(runtime);
    out.push_str("}\n");
    out
}
