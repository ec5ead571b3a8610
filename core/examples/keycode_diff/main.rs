//! The differential test of key code (`make test-keycode`): for every preset and for
//! random designs (every field kind, both orders, several separators, Number keys), the
//! module each language's generator writes is compiled and run by the real toolchain
//! on thousands of random values, valid and invalid, and on damaged keys. Every key
//! must equal the codec's byte for byte, read back to the same values, and every value
//! or key the codec refuses must be refused. A toolchain that is missing is reported
//! as skipped, never passed.
//!
//! `cargo run -p keylab --example keycode_diff -- [--languages typescript,python,...]
//! [--designs N] [--values N] [--seed N] [--keep DIR]`

use keylab::codec::KeyCodec;
use keylab::keycode::{self, Kind, Language, Plan};
use keylab::schema::IsoFormat;
use keylab::Schema;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

mod drivers;

/// One call a driver makes: encode values (then decode the key it got), or decode a key.
#[derive(Clone, Debug)]
enum Call {
    Encode { key: usize, values: Vec<String> },
    Decode { key: usize, text: String },
}

/// A design and its calls, with the codec's answer to each.
struct Design {
    name: String,
    schema: Schema,
    plan: Plan,
    calls: Vec<Call>,
    expected: Vec<String>,
}

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

// ---- random values ---------------------------------------------------------------

struct Rng(fastrand::Rng);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.usize(..n.max(1))
    }
    fn chance(&mut self, percent: u8) -> bool {
        self.0.u8(..100) < percent
    }
    fn digits(&mut self, n: usize) -> String {
        (0..n).map(|_| char::from(b'0' + self.0.u8(..10))).collect()
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const ULID_ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const KSUID_ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/// Letters whose upper and lower case map one to one in every language's standard
/// library (no `ß` → `SS`, which Go's and .NET's simple case mapping leave alone).
const TEXT_CHARS: &[&str] = &[
    "a", "b", "Z", "q", "0", "7", "_", "-", ".", "é", "Ü", "ñ", "中", "文", "😀", "Ω", "ж", " ", "#", "|", "~", ":",
];
const ISO_MIN: i64 = -62_135_596_800_000; // 0001-01-01: the first instant Python's datetime holds
const ISO_MAX: i64 = 253_402_300_799_999;
const SAFE: u64 = (1 << 53) - 1;

fn capacity_digits(width: u32) -> String {
    "9".repeat(width as usize)
}

/// A value for a field, as the drivers' protocol writes it, and sometimes a wrong one.
fn value(r: &mut Rng, kind: &Kind, sep: &str) -> String {
    let bad = r.chance(12);
    match *kind {
        Kind::Text { max_length, .. } => {
            if bad {
                return hex(match r.below(4) {
                    0 => String::new(),
                    1 => format!("a{sep}b"),
                    2 => "x\u{0}y".to_string(),
                    _ => "y".repeat(max_length.map(|m| m as usize + 1).unwrap_or(1100)),
                }
                .as_str());
            }
            let n = 1 + r.below(max_length.map(|m| (m as usize).min(12)).unwrap_or(12));
            let mut s = String::new();
            while s.chars().count() < n {
                let c = *r.pick(TEXT_CHARS);
                if !sep.contains(c) {
                    s.push_str(c);
                }
            }
            hex(&s)
        }
        Kind::Uint { width, .. } => {
            if bad {
                return if r.chance(50) {
                    format!("-{}", 1 + r.below(99))
                } else {
                    format!("1{}", "0".repeat(width as usize))
                };
            }
            let n = 1 + r.below(width as usize);
            trim_zeros(&r.digits(n))
        }
        Kind::Int { width, .. } => {
            let sign = if r.chance(50) { "-" } else { "" };
            if bad {
                return format!("{sign}1{}", "0".repeat(width as usize));
            }
            let n = 1 + r.below(width as usize);
            let v = trim_zeros(&r.digits(n));
            if v == "0" {
                v
            } else {
                format!("{sign}{v}")
            }
        }
        Kind::Decimal {
            width, scale, signed, ..
        } => {
            let sign = if (signed || bad) && r.chance(40) { "-" } else { "" };
            let longer = usize::from(bad && r.chance(50));
            let int_len = 1 + r.below(width as usize + longer);
            let int = trim_zeros(&r.digits(int_len));
            let frac_len = r.below(scale as usize + 1) + usize::from(bad && r.chance(50));
            let mut frac = r.digits(frac_len);
            if frac_len > scale as usize {
                frac.pop();
                frac.push('7');
            }
            let text = if frac.is_empty() { int } else { format!("{int}.{frac}") };
            if text.trim_start_matches(['0', '.']).is_empty() {
                text
            } else {
                format!("{sign}{text}")
            }
        }
        Kind::Epoch { width, .. } => {
            let cap = capacity_digits(width).parse::<u128>().unwrap_or(u128::MAX);
            if bad {
                return if r.chance(50) || cap + 1 > u128::from(SAFE) {
                    format!("-{}", 1 + r.below(1000))
                } else {
                    (cap + 1).to_string()
                };
            }
            let top = cap.min(u128::from(SAFE)) as u64;
            r.0.u64(..=top).to_string()
        }
        Kind::Iso { format, .. } => {
            // A wall time a day inside the range, so the instant is one every runtime
            // holds whatever the offset; cut to the precision unless a bad one is asked.
            let step = format.precision.step_ms() as i64;
            let wall = r.0.i64(ISO_MIN + 86_400_000..=ISO_MAX - 86_400_000);
            let kept = wall - wall.rem_euclid(step);
            let wall = if bad && step > 1 {
                kept + 1 + r.0.i64(0..step - 1)
            } else {
                kept
            };
            (wall - i64::from(format.zone.offset_minutes()) * 60_000).to_string()
        }
        Kind::Ulid { .. } => {
            let mut s: String = (0..26)
                .map(|i| char::from(ULID_ALPHABET[r.below(if i == 0 { 8 } else { 32 })]))
                .collect();
            if bad {
                match r.below(3) {
                    0 => s.replace_range(5..6, "U"),
                    1 => s.replace_range(0..1, "8"),
                    _ => {
                        s.pop();
                    }
                }
            } else if r.chance(20) {
                s = s.to_ascii_lowercase();
            }
            hex(&s)
        }
        Kind::Ksuid { .. } => {
            let mut s: String = (0..27)
                .map(|i| char::from(KSUID_ALPHABET[r.below(if i == 0 { 36 } else { 62 })]))
                .collect();
            if bad {
                match r.below(3) {
                    0 => s.replace_range(0..1, "z"),
                    1 => s.replace_range(3..4, "-"),
                    _ => {
                        s.pop();
                    }
                }
            }
            hex(&s)
        }
    }
}

fn trim_zeros(digits: &str) -> String {
    let t = digits.trim_start_matches('0');
    if t.is_empty() {
        "0".into()
    } else {
        t.into()
    }
}

// ---- the codec's answers ------------------------------------------------------------

fn unhex(h: &str) -> String {
    let bytes: Vec<u8> = (0..h.len())
        .step_by(2)
        .filter_map(|i| u8::from_str_radix(&h[i..i + 2], 16).ok())
        .collect();
    String::from_utf8(bytes).unwrap_or_default()
}

fn iso_text(ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).expect("in range");
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.millisecond()
    )
}

/// Epoch milliseconds of a text in an ISO format: completed to the full spelling, read,
/// and moved from the wall time written to the instant.
fn iso_ms(text: &str, format: &IsoFormat) -> String {
    let keep = format.precision.chars();
    let full = format!("{}{}", &text[..keep], &"0000-00-00T00:00:00.000Z"[keep..]);
    let t = time::OffsetDateTime::parse(&full, &time::format_description::well_known::Rfc3339).expect("codec ISO");
    (t.unix_timestamp_nanos() / 1_000_000 - i128::from(format.zone.offset_minutes()) * 60_000).to_string()
}

/// A protocol value as the codec takes it.
fn codec_value(kind: &Kind, text: &str) -> Value {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => Value::String(unhex(text)),
        Kind::Iso { .. } => Value::String(iso_text(text.parse().unwrap_or(0))),
        _ => Value::String(text.to_string()),
    }
}

/// A value the codec read, as the protocol writes it.
fn protocol_value(kind: &Kind, v: &Value) -> String {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => hex(&text),
        Kind::Iso { format, .. } => iso_ms(&text, format),
        _ => text,
    }
}

fn answer(schema: &Schema, plan: &Plan, call: &Call) -> String {
    let key_plan = |k: usize| &plan.keys[k];
    let codec = |k: usize| KeyCodec::new(schema, &key_plan(k).entity, &key_plan(k).attribute).expect("compiles");
    let read = |k: usize, text: &str| -> Option<Vec<String>> {
        let c = codec(k);
        let mut slots = Vec::new();
        c.read(text, &mut slots).ok()?;
        Some(
            key_plan(k)
                .fields
                .iter()
                .zip(&slots)
                .map(|(f, v)| protocol_value(&f.kind, v))
                .collect(),
        )
    };
    match call {
        Call::Encode { key, values } => {
            let c = codec(*key);
            let fields = &key_plan(*key).fields;
            let vals: Vec<Value> = fields
                .iter()
                .zip(values)
                .map(|(f, t)| codec_value(&f.kind, t))
                .collect();
            let refs: Vec<&Value> = vals.iter().collect();
            match c.key(&refs) {
                // A key the codec writes but cannot read back (a text value ending in
                // the start of a longer separator) must not read in the module either.
                Ok(k) => match read(*key, k.as_str()) {
                    Some(back) => format!("OK\t{}\t{}", hex(k.as_str()), back.join("\t")),
                    None => format!("OK\t{}\tUNREADABLE", hex(k.as_str())),
                },
                Err(_) => "ERR".into(),
            }
        }
        Call::Decode { key, text } => match read(*key, text) {
            Some(values) => format!("OK\t{}", values.join("\t")),
            None => "ERR".into(),
        },
    }
}

// ---- designs -----------------------------------------------------------------------

fn random_kind(r: &mut Rng, number: bool) -> Value {
    let order = if r.chance(50) { "asc" } else { "desc" };
    let choices = if number { 4 } else { 8 };
    match r.below(choices) {
        0 => json!({"kind": "uint", "width": 1 + r.below(38), "order": order}),
        1 => json!({"kind": "int", "width": 1 + r.below(38), "order": order}),
        2 => {
            let width = 1 + r.below(20);
            json!({"kind": "decimal", "width": width, "scale": r.below(7), "signed": r.chance(60), "order": order})
        }
        3 => {
            let unit = if r.chance(50) { "s" } else { "ms" };
            json!({"kind": "timestamp", "unit": unit, "width": 1 + r.below(19), "order": order})
        }
        4 => {
            let precision = *r.pick(&["date", "minute", "second", "millisecond"]);
            let zone = *r.pick(&["Z", "none", "+00:00", "+02:00", "-05:30", "+05:45", "-23:59", "+23:59"]);
            json!({"kind": "timestamp", "unit": "iso", "order": order, "precision": precision, "zone": zone})
        }
        5 => json!({"kind": "ulid", "order": order}),
        6 => json!({"kind": "ksuid", "order": order}),
        _ => {
            let case = *r.pick(&["preserve", "upper", "lower"]);
            if r.chance(50) {
                json!({"kind": "text", "case": case, "maxLength": 1 + r.below(30)})
            } else {
                json!({"kind": "text", "case": case})
            }
        }
    }
}

fn random_schema(r: &mut Rng, n: usize) -> Option<Schema> {
    let separator = *r.pick(&["#", "|", "::", "~", "#"]);
    let number = r.chance(25);
    let mut entities = Vec::new();
    for e in 0..1 + r.below(2) {
        let mut fields = serde_json::Map::new();
        let mut sk = Vec::new();
        let parts = if number { 1 } else { 1 + r.below(4) };
        for i in 0..parts {
            let name = format!("f{i}");
            fields.insert(name.clone(), random_kind(r, number));
            if !number && r.chance(30) {
                sk.push(json!({"literal": *r.pick(&["A", "ORDER", "x-1", "é"])}));
            }
            // A label glued to the value, as ElectroDB writes `seq_000007`.
            if !number && r.chance(25) {
                sk.push(json!({"field": name, "prefix": *r.pick(&["seq_", "by ", "é-", "v="])}));
            } else {
                sk.push(json!({"field": name}));
            }
        }
        // A repeated field must read back equal to itself.
        if !number && r.chance(10) {
            sk.push(json!({"field": "f0"}));
        }
        fields.insert(
            "owner".into(),
            json!({"kind": "text", "case": *r.pick(&["preserve", "upper"]), "maxLength": 40}),
        );
        entities.push(json!({"name": format!("Kind{e}"), "fields": fields,
            "keys": {"PK": [{"literal": format!("E{e}")}, {"field": "owner"}], "SK": sk}}));
    }
    let doc = json!({"version": 1, "separator": separator,
        "table": {"name": format!("Random{n}"), "attributes": {"PK": "S", "SK": if number { "N" } else { "S" }},
                  "primary": {"partition": "PK", "sort": "SK"}},
        "entities": entities});
    let schema = Schema::from_value(&doc).ok()?;
    keycode::plan(&schema).ok()?;
    Some(schema)
}

fn designs(r: &mut Rng, random: usize, per_key: usize) -> Vec<Design> {
    let mut schemas: Vec<(String, Schema)> = Vec::new();
    let presets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../presets");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&presets)
        .expect("presets")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    for f in files {
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&f).expect("preset")).expect("json");
        let schema = Schema::from_value(&doc["schema"]).expect("preset schema");
        schemas.push((f.file_stem().unwrap_or_default().to_string_lossy().into_owned(), schema));
    }
    let mut n = 0;
    while schemas.len() < random + 8 && n < random * 20 {
        n += 1;
        if let Some(s) = random_schema(r, n) {
            schemas.push((format!("random{n}"), s));
        }
    }
    schemas
        .into_iter()
        .map(|(name, schema)| {
            let plan = keycode::plan(&schema).expect("plans");
            let mut calls = Vec::new();
            for (k, key) in plan.keys.iter().enumerate() {
                for _ in 0..per_key {
                    let values: Vec<String> = key.fields.iter().map(|f| value(r, &f.kind, &plan.separator)).collect();
                    calls.push(Call::Encode { key: k, values });
                }
            }
            // Damaged keys: one character changed, one cut off, one added.
            let encoded: Vec<(usize, String)> = calls
                .iter()
                .filter_map(|c| match c {
                    Call::Encode { key, values } => {
                        let ok = answer(&schema, &plan, c);
                        let _ = values;
                        ok.strip_prefix("OK\t")
                            .map(|rest| (*key, unhex(rest.split('\t').next().unwrap_or(""))))
                    }
                    Call::Decode { .. } => None,
                })
                .collect();
            for (key, text) in encoded.iter().take(per_key * plan.keys.len() / 2) {
                let mut chars: Vec<char> = text.chars().collect();
                match r.below(4) {
                    0 if !chars.is_empty() => {
                        let at = r.below(chars.len());
                        chars[at] = *r.pick(&['0', '9', 'A', 'z', '#', '|', '.', '-']);
                    }
                    1 => {
                        chars.pop();
                    }
                    2 => chars.push('0'),
                    _ => {}
                }
                calls.push(Call::Decode {
                    key: *key,
                    text: chars.into_iter().collect(),
                });
            }
            let expected = calls.iter().map(|c| answer(&schema, &plan, c)).collect();
            Design {
                name,
                schema,
                plan,
                calls,
                expected,
            }
        })
        .collect()
}

fn protocol(calls: &[Call]) -> String {
    let mut out = String::new();
    for c in calls {
        match c {
            Call::Encode { key, values } => writeln!(out, "E\t{key}\t{}", values.join("\t")),
            Call::Decode { key, text } => writeln!(out, "D\t{key}\t{}", hex(text)),
        }
        .expect("write");
    }
    out
}

// ---- running -----------------------------------------------------------------------

fn run(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{what}: cannot run: {e}"))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8_lossy(&out.stdout);
        return Err(format!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            tail(&stdout),
            tail(&err)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn tail(s: &str) -> String {
    let lines: Vec<&str> = s.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

fn compare(language: Language, design: &Design, got: &str, failures: &mut Vec<String>) -> usize {
    let got: Vec<&str> = got.lines().collect();
    if got.len() != design.expected.len() {
        failures.push(format!(
            "{} {}: {} answers for {} calls",
            language.label(),
            design.name,
            got.len(),
            design.expected.len()
        ));
        return 0;
    }
    let mut ok = 0;
    for (i, (g, e)) in got.iter().zip(&design.expected).enumerate() {
        if g == e {
            ok += 1;
        } else if failures.len() < 20 {
            let key = match &design.calls[i] {
                Call::Encode { key, .. } | Call::Decode { key, .. } => &design.plan.keys[*key],
            };
            failures.push(format!(
                "{} {} {}.{} call {i} {:?}:\n    keylab: {e}\n    {}: {g}",
                language.label(),
                design.name,
                key.entity,
                key.attribute,
                design.calls[i],
                language.label()
            ));
        }
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let languages: Vec<Language> = match arg("--languages") {
        Some(list) => list.split(',').filter_map(Language::from_id).collect(),
        None => Language::ALL.to_vec(),
    };
    let random: usize = arg("--designs").and_then(|n| n.parse().ok()).unwrap_or(16);
    let per_key: usize = arg("--values").and_then(|n| n.parse().ok()).unwrap_or(150);
    let seed: u64 = arg("--seed").and_then(|n| n.parse().ok()).unwrap_or(2026);
    let dir = match arg("--keep") {
        Some(d) => PathBuf::from(d),
        None => std::env::temp_dir().join(format!("keylab-keycode-{}", std::process::id())),
    };
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("work dir");
    let mut r = Rng(fastrand::Rng::with_seed(seed));
    let designs = designs(&mut r, random, per_key);
    let calls: usize = designs.iter().map(|d| d.calls.len()).sum();
    println!(
        "keycode: {} designs ({} presets, {} random, seed {seed}), {calls} calls each language",
        designs.len(),
        8,
        designs.len() - 8
    );
    // Each language's key code is run under every zone given (TZ, which every runtime
    // here reads): a key that depends on the machine's zone differs between them.
    let zones = arg("--time-zones").unwrap_or_else(|| "UTC".into());
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    for zone in zones.split(',') {
        println!("keycode: TZ={zone}");
        std::env::set_var("TZ", zone);
        run_languages(&languages, &designs, &dir, (&mut failures, &mut skipped));
    }
    finish(failures, skipped, &dir, arg("--keep").is_none());
}

/// Runs each language's drivers over the designs, adding what differs to `failures`.
fn run_languages(
    languages: &[Language],
    designs: &[Design],
    dir: &std::path::Path,
    (failures, skipped): (&mut Vec<String>, &mut Vec<Language>),
) {
    let calls: usize = designs.iter().map(|d| d.calls.len()).sum();
    for &language in languages {
        let started = std::time::Instant::now();
        match drivers::run_language(language, designs, &dir.join(language.id())) {
            Ok(Some(outputs)) => {
                let mut ok = 0;
                for (design, got) in designs.iter().zip(&outputs) {
                    ok += compare(language, design, got, failures);
                }
                println!(
                    "keycode: {:<10} {ok} of {calls} calls equal to the codec ({:.1} s)",
                    language.label(),
                    started.elapsed().as_secs_f64()
                );
                if ok != calls && failures.is_empty() {
                    failures.push(format!("{}: {} calls differ", language.label(), calls - ok));
                }
            }
            Ok(None) => {}
            Err(why) if why.starts_with("skipped:") => {
                println!("keycode: {:<10} {why}", language.label());
                if !skipped.contains(&language) {
                    skipped.push(language);
                }
            }
            Err(why) => failures.push(format!("{}: {why}", language.label())),
        }
    }
}

fn finish(failures: Vec<String>, skipped: Vec<Language>, dir: &std::path::Path, remove: bool) {
    if !failures.is_empty() {
        for f in &failures {
            eprintln!("{f}");
        }
        eprintln!("keycode: FAILED (files kept in {})", dir.display());
        std::process::exit(1);
    }
    if remove {
        let _ = std::fs::remove_dir_all(dir);
    }
    println!(
        "keycode: every language run equals the codec{}",
        if skipped.is_empty() {
            String::new()
        } else {
            format!(" ({} skipped, said above)", skipped.len())
        }
    );
}

/// What the drivers share: the protocol file, the module, and helpers.
pub(crate) struct Prepared<'a> {
    pub design: &'a Design,
    pub module: String,
    pub input: String,
}

pub(crate) fn prepare(language: Language, design: &Design) -> Result<Prepared<'_>, String> {
    Ok(Prepared {
        design,
        module: keycode::generate(&design.schema, language).map_err(|e| e.to_string())?,
        input: protocol(&design.calls),
    })
}

pub(crate) use run as run_command;
