//! Go: one file of package `keys`, standard library only. A struct per key, whole
//! numbers as `int64` up to 18 digits and `*big.Int` beyond, decimals as strings, ISO
//! timestamps as `time.Time`; functions return `(value, error)`, the error a
//! `*KeyError`. Go's `strings.ToUpper` maps one rune at a time, so a cased field
//! holding `ß` is stored as it is where the codec writes `SS`.

use super::skeleton::{emit_key, field_label, type_name, KeySyntax};
use super::spelling::Spelling;
use super::{case_literal, header, pascal, quoted_points as quoted, shape, KeyPlan, Kind, Plan, ReadStep};

fn small(width: u32) -> bool {
    width <= 18
}

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Decimal { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => "string",
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => "*big.Int",
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => "int64",
        Kind::Iso { .. } => "time.Time",
    }
}

/// The value as a `*big.Int` for the integer helpers.
fn as_big(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => format!("nonNil({v})"),
        _ => format!("big64({v})"),
    }
}

fn write(kind: &Kind, v: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Text { case, max_length } => format!(
            "encText({v}, {}, {}, Sep, {f})",
            case_literal(*case),
            SPELLING.limit(*max_length)
        ),
        Kind::Uint { .. } | Kind::Epoch { .. } | Kind::Int { .. } => write_big(kind, &as_big(kind, v), field),
        Kind::Decimal {
            width,
            scale,
            signed,
            desc,
        } => format!("encDecimal({v}, {width}, {scale}, {signed}, {desc}, {f})"),
        Kind::Iso { desc, format } => format!("encIso({v}, {desc}, {f}{})", super::iso_args(format)),
        Kind::Ulid { desc } => format!("encUlid({v}, {desc}, {f})"),
        Kind::Ksuid { desc } => format!("encKsuid({v}, {desc}, {f})"),
    }
}

/// An integer field's segment from a `*big.Int` expression (a Number key's reader
/// checks the value it parsed this way).
fn write_big(kind: &Kind, big: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Int { width, desc } => format!("encInt({big}, {width}, {desc}, {f})"),
        Kind::Uint { width, desc } | Kind::Epoch { width, desc, .. } => format!("encUint({big}, {width}, {desc}, {f})"),
        other => write(other, big, field),
    }
}

/// The runtime's spelling, for the shared reader call and the writers' literals.
const SPELLING: Spelling = Spelling {
    ulid: ("readID", ", ulidAlphabet, encUlid"),
    ksuid: ("readID", ", ksuidAlphabet, encKsuid"),
    quoted,
    ..Spelling::CAMEL
};

/// A decoded value (a `*big.Int` for integers) as the struct types it.
fn typed(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => v.to_string(),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("small({v})"),
        _ => v.to_string(),
    }
}

/// Whether a repeated field's second reading equals the first.
fn equal(kind: &Kind, a: &str, b: &str) -> String {
    match kind {
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("{a}.Cmp({b}) == 0"),
        Kind::Iso { .. } => format!("{a}.Equal({b})"),
        _ => format!("{a} == {b}"),
    }
}

/// Go's spelling of a key's code.
struct Go;

fn what(key: &KeyPlan) -> String {
    quoted(&format!("{}.{}", key.entity, key.attribute))
}

impl KeySyntax for Go {
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String {
        let name = type_name(key);
        let mut out = format!(
            "\n// {name} holds the values of a {} {} key: {}.\ntype {name} struct {{\n",
            key.entity,
            key.attribute,
            shape(key, sep)
        );
        for f in &key.fields {
            out.push_str(&format!("\t{} {}\n", pascal(&f.name), value_type(&f.kind)));
        }
        out.push_str("}\n");
        out
    }

    fn number_key(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let f = &key.fields[0];
        let v = format!("v.{}", pascal(&f.name));
        let l = quoted(&field_label(key, &f.name));
        let (plain, value) = match &f.kind {
            Kind::Decimal { scale, .. } => (
                format!("plainDecimal(scaled({v}, {scale}, {l}), {scale})"),
                format!("decimalText(scaled(key, {scale}, {l}), {scale})"),
            ),
            Kind::Epoch { .. } => (
                format!("strconv.FormatInt({v}, 10)"),
                "func() *big.Int { p, ok := readPlain(key); r.check(ok, \"epoch digits\"); return p }()".to_string(),
            ),
            _ => (
                format!("{}.String()", as_big(&f.kind, &v)),
                format!("scaled(key, 0, {l})"),
            ),
        };
        let encode = format!(
            "\n// Encode{name} writes the {} key of a {}: its plain number, as DynamoDB's N takes it.\nfunc Encode{name}(v {name}) (key string, err error) {{\n\tdefer catch(&err)\n\t{}\n\treturn {plain}, nil\n}}\n",
            key.attribute,
            key.entity,
            write(&f.kind, &v, &field_label(key, &f.name))
        );
        let check = match &f.kind {
            Kind::Decimal { .. } => write(&f.kind, "value", &field_label(key, &f.name)),
            _ => write_big(&f.kind, "value", &field_label(key, &f.name)),
        };
        encode
            + &format!(
                "\n// Decode{name} reads the {} key of a {} back; it fails when the key could not have been written.\nfunc Decode{name}(key string) (v {name}, err error) {{\n\tdefer catch(&err)\n\tr := &reader{{key: key, sep: Sep, what: {}}}\n\t_ = r\n\tvalue := {value}\n\t_ = {check}\n\treturn {name}{{{}: {}}}, nil\n}}\n",
                key.attribute,
                key.entity,
                what(key),
                pascal(&f.name),
                typed(&f.kind, "value")
            )
    }

    fn encode(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        let segments = key.segments(quoted, |f| {
            write(&f.kind, &format!("v.{}", pascal(&f.name)), &field_label(key, &f.name))
        });
        format!(
            "\n// Encode{name} writes the {} key of a {}; the error says which value is wrong.\nfunc Encode{name}(v {name}) (key string, err error) {{\n\tdefer catch(&err)\n\treturn joinKey([]string{{\n\t\t{},\n\t}}, Sep, {}, {}), nil\n}}\n",
            key.attribute,
            key.entity,
            segments.join(",\n\t\t"),
            key.limit,
            what(key)
        )
    }

    fn decode_open(&self, key: &KeyPlan) -> String {
        let name = type_name(key);
        format!(
            "\n// Decode{name} reads the {} key of a {} back; it fails when the key could not have been written.\nfunc Decode{name}(key string) (v {name}, err error) {{\n\tdefer catch(&err)\n\tr := &reader{{key: key, sep: Sep, what: {}}}\n",
            key.attribute,
            key.entity,
            what(key)
        )
    }

    fn read_step(&self, step: ReadStep) -> String {
        match step {
            ReadStep::Separator => "\tr.separator()\n".to_string(),
            ReadStep::Literal(l) => format!("\tr.literal({})\n", quoted(l)),
            ReadStep::First { at, field, expected } => format!(
                "\tf{at}, ok{at} := {}\n\tr.check(ok{at}, {})\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&expected)
            ),
            ReadStep::Again { at, field } => format!(
                "\tif g, ok := {}; !ok || !({}) {{\n\t\tr.mismatch({})\n\t}}\n",
                SPELLING.call(&field.kind, &field.name),
                equal(&field.kind, &format!("f{at}"), "g"),
                quoted(&format!("field {} to repeat its value", field.name))
            ),
        }
    }

    fn decode_close(&self, key: &KeyPlan) -> String {
        let args: Vec<String> = (key.fields.iter().enumerate())
            .map(|(i, f)| format!("{}: {}", pascal(&f.name), typed(&f.kind, &format!("f{i}"))))
            .collect();
        format!(
            "\tr.end()\n\treturn {}{{{}}}, nil\n}}\n",
            type_name(key),
            args.join(", ")
        )
    }
}

/// The module: the keys, then `runtime` (keylab's codec in this language, [`super::runtime`]).
pub fn emit(plan: &Plan, runtime: &str) -> String {
    let mut out = header(plan, "//");
    out.push_str("package keys\n\nimport (\n\t\"fmt\"\n\t\"math/big\"\n\t\"regexp\"\n\t\"strconv\"\n\t\"strings\"\n\t\"time\"\n\t\"unicode/utf8\"\n)\n\n");
    out.push_str(&format!(
        "// Sep is the separator between a key's segments.\nconst Sep = {}\n\n// Design is the design this file was written for.\nconst Design = {}\n\n",
        quoted(&plan.separator),
        quoted(&plan.hash)
    ));
    out.push_str("\n// nonNil refuses a missing *big.Int value.\nfunc nonNil(v *big.Int) *big.Int {\n\tif v == nil {\n\t\tfail(\"missingValue\", \"a value is nil\")\n\t}\n\treturn v\n}\n\nvar _ = strconv.Itoa\n");
    for key in &plan.keys {
        emit_key(&mut out, key, &plan.separator, &Go);
    }
    // The keys first, for the reader; the codec they share after them.
    out.push_str("\n// ---- keylab's codec, shared by the functions above ----\n\n");
    out.push_str(runtime);
    out
}
