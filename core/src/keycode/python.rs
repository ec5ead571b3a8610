//! Python 3: one module, standard library only. A frozen dataclass per key, ints as
//! `int`, decimals as `Decimal` (a string or int is taken too), ISO timestamps as
//! time-zone-aware `datetime`s; errors are `KeylabError` (a `ValueError`).

use super::skeleton::{emit_key, KeySyntax};
use super::spelling::Spelling;
use super::{
    case_literal, header, ident, pascal, quoted_points as quoted, shape, snake, KeyPlan, Kind, Plan, ReadStep,
};

fn value_type(kind: &Kind) -> &'static str {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => "str",
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => "int",
        Kind::Decimal { .. } => "Decimal",
        Kind::Iso { .. } => "datetime.datetime",
    }
}

fn write(kind: &Kind, v: &str, field: &str) -> String {
    let f = quoted(field);
    match kind {
        Kind::Text { case, max_length } => {
            format!(
                "_text({v}, {}, {}, SEP, {f})",
                case_literal(*case),
                SPELLING.limit(*max_length)
            )
        }
        Kind::Uint { width, desc } | Kind::Epoch { width, desc, .. } => {
            format!("_uint(_whole({v}, {f}), {width}, {}, {f})", SPELLING.boolean(*desc))
        }
        Kind::Int { width, desc } => format!("_int(_whole({v}, {f}), {width}, {}, {f})", SPELLING.boolean(*desc)),
        Kind::Decimal {
            width,
            scale,
            signed,
            desc,
        } => format!(
            "_decimal(_decimal_in({v}, {f}), {width}, {scale}, {}, {}, {f})",
            SPELLING.boolean(*signed),
            SPELLING.boolean(*desc)
        ),
        Kind::Iso { desc, format } => format!("_iso({v}, {}, {f}{})", SPELLING.boolean(*desc), super::iso_args(format)),
        Kind::Ulid { desc } => format!("_ulid({v}, {}, {f})", SPELLING.boolean(*desc)),
        Kind::Ksuid { desc } => format!("_ksuid({v}, {}, {f})", SPELLING.boolean(*desc)),
    }
}

/// The runtime's spelling, for the shared reader call and the writers' literals.
const SPELLING: Spelling = Spelling {
    fixed: "r.fixed",
    rest: "r.rest()",
    text: "_read_text",
    uint: "_read_uint",
    int: "_read_int",
    decimal: "_read_decimal",
    iso: "_read_iso",
    ulid: ("_read_id", ", _ULID_ALPHABET, _ulid"),
    ksuid: ("_read_id", ", _KSUID_ALPHABET, _ksuid"),
    no_limit: "None",
    booleans: ["False", "True"],
    quoted,
};

/// Python's spelling of a key's code.
struct Python;

/// The key's class (`RunSk`) and its functions' suffix (`run_sk`).
fn names(key: &KeyPlan) -> (String, String) {
    let class = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
    (class, format!("{}_{}", snake(&key.entity), snake(&key.attribute)))
}

fn prop(f: &str) -> String {
    ident(f, snake)
}

fn what(key: &KeyPlan) -> String {
    quoted(&format!("{}.{}", key.entity, key.attribute))
}

impl KeySyntax for Python {
    fn declaration(&self, key: &KeyPlan, sep: &str) -> String {
        let (class, _) = names(key);
        let mut out = format!(
            "\n\n@dataclass(frozen=True)\nclass {class}:\n    \"\"\"{} {}: {}\"\"\"\n\n",
            key.entity,
            key.attribute,
            shape(key, sep).replace('"', "'")
        );
        for f in &key.fields {
            out.push_str(&format!("    {}: {}\n", prop(&f.name), value_type(&f.kind)));
        }
        out
    }

    fn number_key(&self, key: &KeyPlan) -> String {
        let (class, func) = names(key);
        let f = &key.fields[0];
        let v = format!("v.{}", prop(&f.name));
        let field_label = format!("{}.{}", key.entity, f.name);
        let l = quoted(&field_label);
        let (plain, value) = match &f.kind {
            Kind::Decimal { scale, .. } => (
                format!("_plain_decimal(_scaled(_decimal_in({v}, {l}), {scale}, {l}), {scale})"),
                format!("Decimal(_decimal_text(_scaled(key, {scale}, {l}), {scale}))"),
            ),
            Kind::Epoch { .. } => (
                format!("str(_whole({v}, {l}))"),
                "r.check(_read_plain(key), \"epoch digits\")".to_string(),
            ),
            _ => (format!("str(_whole({v}, {l}))"), format!("_scaled(key, 0, {l})")),
        };
        let check = write(&f.kind, "value", &field_label);
        format!(
            "\n\ndef encode_{func}(v: {class}) -> str:\n    \"\"\"The {} key of a {}: its plain number, as DynamoDB's N takes it.\"\"\"\n    {}\n    return {plain}\n",
            key.attribute,
            key.entity,
            write(&f.kind, &v, &field_label)
        ) + &format!(
            "\n\ndef decode_{func}(key: str) -> {class}:\n    \"\"\"The {} key of a {} read back; raises KeylabError when it could not have been written.\"\"\"\n    r = _Reader(key, SEP, {})\n    value = {value}\n    {check}\n    return {class}({}=value)\n",
            key.attribute,
            key.entity,
            what(key),
            prop(&f.name)
        )
    }

    fn encode(&self, key: &KeyPlan) -> String {
        let (class, func) = names(key);
        let segments = key.segments(quoted, |f| {
            write(
                &f.kind,
                &format!("v.{}", prop(&f.name)),
                &format!("{}.{}", key.entity, f.name),
            )
        });
        format!(
            "\n\ndef encode_{func}(v: {class}) -> str:\n    \"\"\"The {} key of a {}; raises KeylabError saying which value is wrong.\"\"\"\n    return _key(\n        [\n            {},\n        ],\n        SEP,\n        {},\n        {},\n    )\n",
            key.attribute,
            key.entity,
            segments.join(",\n            "),
            key.limit,
            what(key)
        )
    }

    fn decode_open(&self, key: &KeyPlan) -> String {
        let (class, func) = names(key);
        format!(
            "\n\ndef decode_{func}(key: str) -> {class}:\n    \"\"\"The {} key of a {} read back; raises KeylabError when it could not have been written.\"\"\"\n    r = _Reader(key, SEP, {})\n",
            key.attribute,
            key.entity,
            what(key)
        )
    }

    fn read_step(&self, step: ReadStep) -> String {
        match step {
            ReadStep::Separator => "    r.separator()\n".to_string(),
            ReadStep::Literal(l) => format!("    r.literal({})\n", quoted(l)),
            ReadStep::First { at, field, expected } => format!(
                "    f{at} = r.check({}, {})\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&expected)
            ),
            ReadStep::Again { at, field } => format!(
                "    _same(r, f{at}, {}, {})\n",
                SPELLING.call(&field.kind, &field.name),
                quoted(&field.name)
            ),
        }
    }

    fn decode_close(&self, key: &KeyPlan) -> String {
        let (class, _) = names(key);
        let args: Vec<String> = (key.fields.iter().enumerate())
            .map(|(i, f)| format!("{}=f{i}", prop(&f.name)))
            .collect();
        format!("    r.end()\n    return {class}({})\n", args.join(", "))
    }
}

/// The module: the keys, then `runtime` (keylab's codec in this language, [`super::runtime`]).
pub fn emit(plan: &Plan, runtime: &str) -> String {
    let mut out = header(plan, "#");
    out.push_str(
        "from __future__ import annotations\n\nimport datetime\nimport re\nfrom dataclasses import dataclass\nfrom decimal import Decimal\nfrom typing import Callable, List, NoReturn, Optional, TypeVar, Union\n\nT = TypeVar(\"T\")\n\n",
    );
    out.push_str(&format!("SEP = {}\n\"\"\"The separator between a key's segments.\"\"\"\nDESIGN = {}\n\"\"\"The design this module was written for.\"\"\"\n\n\n", quoted(&plan.separator), quoted(&plan.hash)));
    for key in &plan.keys {
        emit_key(&mut out, key, &plan.separator, &Python);
    }
    // The keys first, for the reader; the codec they share after them.
    out.push_str("\n# ---- keylab's codec, shared by the functions above ----\n\n");
    out.push_str(runtime);
    out
}
