//! Per language: a driver program that calls the generated module's typed functions for
//! each protocol line, the toolchain that builds and runs it, and the check that the
//! toolchain is there (or the message saying the language is skipped).

use super::{prepare, run_command, Design, Prepared};
use keylab::keycode::{camel, ident, pascal, snake, KeyPlan, Kind, Language};
use std::path::Path;
use std::process::{Command, Stdio};

/// The outputs of every design's driver, in design order; `Err("skipped: ...")` when
/// the toolchain is missing.
pub fn run_language(language: Language, designs: &[Design], dir: &Path) -> Result<Option<Vec<String>>, String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let prepared: Vec<Prepared> = designs.iter().map(|d| prepare(language, d)).collect::<Result<_, _>>()?;
    match language {
        Language::TypeScript => typescript(&prepared, dir).map(Some),
        Language::Python => python(&prepared, dir).map(Some),
        Language::Go => go(&prepared, dir).map(Some),
        Language::Java => java(&prepared, dir).map(Some),
        Language::CSharp => csharp(&prepared, dir).map(Some),
        Language::Rust => rust(&prepared, dir).map(Some),
    }
}

fn found(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Runs `cmd` with the protocol on stdin.
fn feed(cmd: &mut Command, input: &str, what: &str) -> Result<String, String> {
    use std::io::Write;
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{what}: cannot run: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let text = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "{what} failed ({}): {}",
            out.status,
            super::tail(&String::from_utf8_lossy(&out.stderr))
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn small(width: u32) -> bool {
    width <= 15
}

// ---- TypeScript ----------------------------------------------------------------------

fn ts_in(kind: &Kind, a: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("fromHex({a})"),
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !small(*width) => format!("BigInt({a})"),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("Number({a})"),
        Kind::Decimal { .. } => a.to_string(),
        Kind::Iso { .. } => format!("new Date(Number({a}))"),
    }
}

fn ts_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("toHex({v})"),
        Kind::Decimal { .. } => v.to_string(),
        Kind::Iso { .. } => format!("String({v}.getTime())"),
        _ => format!("String({v})"),
    }
}

fn ts_driver(p: &Prepared) -> String {
    let mut s = String::from(
        r#"import * as K from "./keys";
declare const require: (m: string) => { readFileSync(fd: number, enc: string): string };
declare const process: { stdout: { write(s: string): void } };
const input = require("fs").readFileSync(0, "utf8");
const fromHex = (h: string): string => decodeURIComponent(h.replace(/../g, "%$&"));
function toHex(s: string): string {
  let out = "";
  for (const c of s) {
    const p = c.codePointAt(0) ?? 0;
    const bytes = p < 0x80 ? [p] : p < 0x800 ? [0xc0 | (p >> 6), 0x80 | (p & 63)]
      : p < 0x10000 ? [0xe0 | (p >> 12), 0x80 | ((p >> 6) & 63), 0x80 | (p & 63)]
      : [0xf0 | (p >> 18), 0x80 | ((p >> 12) & 63), 0x80 | ((p >> 6) & 63), 0x80 | (p & 63)];
    for (const b of bytes) out += b.toString(16).padStart(2, "0");
  }
  return out;
}
function refused(e: unknown, answer: string): string {
  if (e instanceof K.KeyError) return answer;
  throw e;
}
const out: string[] = [];
for (const line of input.split("\n")) {
  if (!line) continue;
  const [op, k, ...a] = line.split("\t");
  switch (op + k) {
"#,
    );
    for (i, _) in p.design.plan.keys.iter().enumerate() {
        s.push_str(&format!(
            "    case \"E{i}\": out.push(enc{i}(a)); break;\n    case \"D{i}\": out.push(dec{i}(a[0])); break;\n"
        ));
    }
    s.push_str("    default: throw new Error(\"unknown line \" + line);\n  }\n}\nprocess.stdout.write(out.map((l) => l + \"\\n\").join(\"\"));\n");
    for (i, key) in p.design.plan.keys.iter().enumerate() {
        let name = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let prop = |f: &str| ident(f, camel);
        let args: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| format!("{}: {}", prop(&f.name), ts_in(&f.kind, &format!("a[{j}]"))))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| ts_out(&f.kind, &format!("v.{}", prop(&f.name))))
            .collect();
        s.push_str(&format!(
            r#"function show{i}(k: string): string {{
  try {{ const v = K.decode{name}(k); return [{shown}].join("\t"); }} catch (e) {{ return refused(e, "UNREADABLE"); }}
}}
function enc{i}(a: string[]): string {{
  let k: string;
  try {{ k = K.encode{name}({{ {args} }}); }} catch (e) {{ return refused(e, "ERR"); }}
  return "OK\t" + toHex(k) + "\t" + show{i}(k);
}}
function dec{i}(h: string): string {{
  try {{ const v = K.decode{name}(fromHex(h)); return "OK\t" + [{shown}].join("\t"); }} catch (e) {{ return refused(e, "ERR"); }}
}}
"#,
            shown = shown.join(", "),
            args = args.join(", ")
        ));
    }
    s
}

fn typescript(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    let tsc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../node_modules/.bin/tsc");
    if !tsc.exists() || !found("node") {
        return Err("skipped: tsc (npm typescript) or node is not installed; run scripts/bootstrap.sh test".into());
    }
    let mut files = Vec::new();
    for (i, p) in prepared.iter().enumerate() {
        let d = dir.join(format!("d{i}"));
        write(&d.join("keys.ts"), &p.module)?;
        write(&d.join("driver.ts"), &ts_driver(p))?;
        files.push(d.join("keys.ts"));
        files.push(d.join("driver.ts"));
    }
    let mut cmd = Command::new(&tsc);
    cmd.args(["--strict", "--target", "es2020", "--module", "commonjs", "--outDir"])
        .arg(dir.join("out"))
        .arg("--rootDir")
        .arg(dir)
        .args(&files);
    run_command(&mut cmd, "tsc")?;
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            feed(
                Command::new("node").arg(dir.join(format!("out/d{i}/driver.js"))),
                &p.input,
                &format!("node ({})", p.design.name),
            )
        })
        .collect()
}

// ---- the other languages follow ------------------------------------------------------

// ---- Python ------------------------------------------------------------------------

fn py_in(kind: &Kind, a: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("from_hex({a})"),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("int({a})"),
        Kind::Decimal { .. } => format!("Decimal({a})"),
        Kind::Iso { .. } => format!("EPOCH + datetime.timedelta(milliseconds=int({a}))"),
    }
}

fn py_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("to_hex({v})"),
        Kind::Decimal { .. } => format!("format({v}, \"f\")"),
        Kind::Iso { .. } => format!("str(({v} - EPOCH) // datetime.timedelta(milliseconds=1))"),
        _ => format!("str({v})"),
    }
}

fn py_driver(p: &Prepared) -> String {
    let mut s = String::from(
        "import datetime\nimport sys\nfrom decimal import Decimal\n\nimport keys as K\n\nEPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)\n\n\ndef from_hex(h):\n    return bytes.fromhex(h).decode(\"utf-8\")\n\n\ndef to_hex(s):\n    return s.encode(\"utf-8\").hex()\n\n",
    );
    let mut table = Vec::new();
    for (i, key) in p.design.plan.keys.iter().enumerate() {
        let class = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let func = format!("{}_{}", snake(&key.entity), snake(&key.attribute));
        let prop = |f: &str| ident(f, snake);
        let args: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| format!("{}={}", prop(&f.name), py_in(&f.kind, &format!("a[{j}]"))))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| py_out(&f.kind, &format!("v.{}", prop(&f.name))))
            .collect();
        s.push_str(&format!(
            "\ndef show{i}(k):\n    try:\n        v = K.decode_{func}(k)\n    except K.KeylabError:\n        return \"UNREADABLE\"\n    return \"\\t\".join([{shown}])\n\n\ndef enc{i}(a):\n    try:\n        k = K.encode_{func}(K.{class}({args}))\n    except K.KeylabError:\n        return \"ERR\"\n    return \"OK\\t\" + to_hex(k) + \"\\t\" + show{i}(k)\n\n\ndef dec{i}(h):\n    try:\n        v = K.decode_{func}(from_hex(h))\n    except K.KeylabError:\n        return \"ERR\"\n    return \"OK\\t\" + \"\\t\".join([{shown}])\n\n",
            shown = shown.join(", "),
            args = args.join(", ")
        ));
        table.push(format!(
            "(\"E\", \"{i}\"): lambda a: enc{i}(a), (\"D\", \"{i}\"): lambda a: dec{i}(a[0])"
        ));
    }
    s.push_str(&format!(
        "\nCALLS = {{{}}}\nout = []\nfor line in sys.stdin.read().split(\"\\n\"):\n    if line:\n        op, k, *a = line.split(\"\\t\")\n        out.append(CALLS[(op, k)](a))\nsys.stdout.write(\"\".join(l + \"\\n\" for l in out))\n",
        table.join(", ")
    ));
    s
}

fn python(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    if !found("python3") {
        return Err("skipped: python3 is not installed".into());
    }
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let d = dir.join(format!("d{i}"));
            write(&d.join("keys.py"), &p.module)?;
            write(&d.join("driver.py"), &py_driver(p))?;
            feed(
                Command::new("python3").arg(d.join("driver.py")),
                &p.input,
                &format!("python3 ({})", p.design.name),
            )
        })
        .collect()
}
// ---- Go ------------------------------------------------------------------------------

fn go_small(width: u32) -> bool {
    width <= 18
}

fn go_in(kind: &Kind, a: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("fromHex({a})"),
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !go_small(*width) => format!("bigv({a})"),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("i64({a})"),
        Kind::Decimal { .. } => a.to_string(),
        Kind::Iso { .. } => format!("time.UnixMilli(i64({a})).UTC()"),
    }
}

fn go_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("toHex({v})"),
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !go_small(*width) => format!("{v}.String()"),
        Kind::Decimal { .. } => v.to_string(),
        Kind::Iso { .. } => format!("strconv.FormatInt({v}.UnixMilli(), 10)"),
        _ => format!("strconv.FormatInt({v}, 10)"),
    }
}

fn go_driver(p: &Prepared) -> String {
    let mut s = String::from(
        "package main\n\nimport (\n\t\"bufio\"\n\t\"encoding/hex\"\n\t\"math/big\"\n\t\"os\"\n\t\"strconv\"\n\t\"strings\"\n\t\"time\"\n\n\tK \"drv/keys\"\n)\n\nvar _ = big.NewInt\nvar _ = time.Now\n\nfunc fromHex(h string) string { b, _ := hex.DecodeString(h); return string(b) }\nfunc toHex(s string) string   { return hex.EncodeToString([]byte(s)) }\nfunc i64(s string) int64 {\n\tv, err := strconv.ParseInt(s, 10, 64)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn v\n}\nfunc bigv(s string) *big.Int { v, _ := new(big.Int).SetString(s, 10); return v }\nfunc refused(err error) bool {\n\tif _, ok := err.(*K.KeyError); ok {\n\t\treturn true\n\t}\n\tpanic(err)\n}\n\nfunc main() {\n\tin := bufio.NewScanner(os.Stdin)\n\tin.Buffer(make([]byte, 1<<20), 1<<26)\n\tout := bufio.NewWriter(os.Stdout)\n\tdefer out.Flush()\n\tfor in.Scan() {\n\t\tline := in.Text()\n\t\tif line == \"\" {\n\t\t\tcontinue\n\t\t}\n\t\ta := strings.Split(line, \"\\t\")\n\t\tvar res string\n\t\tswitch a[0] + a[1] {\n",
    );
    for (i, _) in p.design.plan.keys.iter().enumerate() {
        s.push_str(&format!(
            "\t\tcase \"E{i}\":\n\t\t\tres = enc{i}(a[2:])\n\t\tcase \"D{i}\":\n\t\t\tres = dec{i}(a[2])\n"
        ));
    }
    s.push_str("\t\tdefault:\n\t\t\tpanic(line)\n\t\t}\n\t\tout.WriteString(res + \"\\n\")\n\t}\n}\n");
    for (i, key) in p.design.plan.keys.iter().enumerate() {
        let name = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let args: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| format!("{}: {}", pascal(&f.name), go_in(&f.kind, &format!("a[{j}]"))))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| go_out(&f.kind, &format!("v.{}", pascal(&f.name))))
            .collect();
        s.push_str(&format!(
            "\nfunc show{i}(k string) string {{\n\tv, err := K.Decode{name}(k)\n\tif err != nil && refused(err) {{\n\t\treturn \"UNREADABLE\"\n\t}}\n\t_ = v\n\treturn strings.Join([]string{{{shown}}}, \"\\t\")\n}}\n\nfunc enc{i}(a []string) string {{\n\tk, err := K.Encode{name}(K.{name}{{{args}}})\n\tif err != nil && refused(err) {{\n\t\treturn \"ERR\"\n\t}}\n\treturn \"OK\\t\" + toHex(k) + \"\\t\" + show{i}(k)\n}}\n\nfunc dec{i}(h string) string {{\n\tv, err := K.Decode{name}(fromHex(h))\n\tif err != nil && refused(err) {{\n\t\treturn \"ERR\"\n\t}}\n\t_ = v\n\treturn \"OK\\t\" + strings.Join([]string{{{shown}}}, \"\\t\")\n}}\n",
            shown = shown.join(", "),
            args = args.join(", ")
        ));
    }
    s
}

fn go(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    if !Command::new("go")
        .arg("version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
    {
        return Err("skipped: go is not installed (scripts/bootstrap.sh installs golang-go from Debian)".into());
    }
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let d = dir.join(format!("d{i}"));
            write(&d.join("go.mod"), "module drv\n\ngo 1.19\n")?;
            write(&d.join("keys/keys.go"), &p.module)?;
            write(&d.join("main.go"), &go_driver(p))?;
            let mut build = Command::new("go");
            build
                .current_dir(&d)
                .env("GOFLAGS", "-mod=mod")
                .env("GOPROXY", "off")
                .args(["build", "-o", "driver", "."]);
            run_command(&mut build, &format!("go build ({})", p.design.name))?;
            feed(
                &mut Command::new(d.join("driver")),
                &p.input,
                &format!("go driver ({})", p.design.name),
            )
        })
        .collect()
}
// ---- Java ----------------------------------------------------------------------------

fn java_small(width: u32) -> bool {
    width <= 18
}

fn java_in(kind: &Kind, a: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("fromHex({a})"),
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !java_small(*width) => format!("new BigInteger({a})"),
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => format!("Long.parseLong({a})"),
        Kind::Decimal { .. } => format!("new BigDecimal({a})"),
        Kind::Iso { .. } => format!("Instant.ofEpochMilli(Long.parseLong({a}))"),
    }
}

fn java_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("toHex({v})"),
        Kind::Decimal { .. } => format!("{v}.toPlainString()"),
        Kind::Iso { .. } => format!("String.valueOf({v}.toEpochMilli())"),
        _ => format!("String.valueOf({v})"),
    }
}

fn java_driver(p: &Prepared, package: &str) -> String {
    let mut s = format!(
        "package {package};\n\nimport java.io.*;\nimport java.math.*;\nimport java.nio.charset.StandardCharsets;\nimport java.time.Instant;\nimport java.util.*;\n\npublic final class Driver {{\n  static String fromHex(String h) {{\n    byte[] b = new byte[h.length() / 2];\n    for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);\n    return new String(b, StandardCharsets.UTF_8);\n  }}\n  static String toHex(String s) {{\n    StringBuilder o = new StringBuilder();\n    for (byte x : s.getBytes(StandardCharsets.UTF_8)) o.append(String.format(\"%02x\", x & 0xff));\n    return o.toString();\n  }}\n  public static void main(String[] args) throws IOException {{\n    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));\n    PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));\n    for (String line; (line = in.readLine()) != null; ) {{\n      if (line.isEmpty()) continue;\n      String[] a = line.split(\"\\t\", -1);\n      String[] rest = Arrays.copyOfRange(a, 2, a.length);\n      out.print(switch (a[0] + a[1]) {{\n"
    );
    for (i, _) in p.design.plan.keys.iter().enumerate() {
        s.push_str(&format!(
            "        case \"E{i}\" -> enc{i}(rest);\n        case \"D{i}\" -> dec{i}(rest[0]);\n"
        ));
    }
    s.push_str("        default -> throw new IllegalStateException(line);\n      });\n      out.print('\\n');\n    }\n    out.flush();\n  }\n");
    for (i, key) in p.design.plan.keys.iter().enumerate() {
        let name = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let prop = |f: &str| ident(f, camel);
        let args: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| java_in(&f.kind, &format!("a[{j}]")))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| java_out(&f.kind, &format!("v.{}()", prop(&f.name))))
            .collect();
        s.push_str(&format!(
            "  static String show{i}(String k) {{\n    try {{\n      Keys.{name} v = Keys.decode{name}(k);\n      return String.join(\"\\t\", List.<String>of({shown}));\n    }} catch (Keys.KeyException e) {{\n      return \"UNREADABLE\";\n    }}\n  }}\n  static String enc{i}(String[] a) {{\n    String k;\n    try {{\n      k = Keys.encode{name}(new Keys.{name}({args}));\n    }} catch (Keys.KeyException e) {{\n      return \"ERR\";\n    }}\n    return \"OK\\t\" + toHex(k) + \"\\t\" + show{i}(k);\n  }}\n  static String dec{i}(String h) {{\n    try {{\n      Keys.{name} v = Keys.decode{name}(fromHex(h));\n      return \"OK\\t\" + String.join(\"\\t\", List.<String>of({shown}));\n    }} catch (Keys.KeyException e) {{\n      return \"ERR\";\n    }}\n  }}\n",
            shown = shown.join(", "),
            args = args.join(", ")
        ));
    }
    s.push_str("}\n");
    s
}

fn java(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    if !Command::new("javac")
        .arg("-version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
    {
        return Err(
            "skipped: javac is not installed (scripts/bootstrap.sh installs default-jdk-headless from Debian)".into(),
        );
    }
    let mut files = Vec::new();
    for (i, p) in prepared.iter().enumerate() {
        let package = format!("d{i}");
        let d = dir.join(&package);
        write(&d.join("Keys.java"), &format!("package {package};\n\n{}", p.module))?;
        write(&d.join("Driver.java"), &java_driver(p, &package))?;
        files.push(d.join("Keys.java"));
        files.push(d.join("Driver.java"));
    }
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(dir.join("classes")).args(&files);
    run_command(&mut javac, "javac")?;
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut java = Command::new("java");
            java.arg("-cp").arg(dir.join("classes")).arg(format!("d{i}.Driver"));
            feed(&mut java, &p.input, &format!("java ({})", p.design.name))
        })
        .collect()
}
// ---- C# ------------------------------------------------------------------------------

fn cs_small(width: u32) -> bool {
    width <= 18
}

fn cs_in(kind: &Kind, a: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("FromHex({a})"),
        Kind::Uint { width, .. } | Kind::Int { width, .. } if !cs_small(*width) => {
            format!("BigInteger.Parse({a}, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture)")
        }
        Kind::Uint { .. } | Kind::Int { .. } | Kind::Epoch { .. } => {
            format!("long.Parse({a}, CultureInfo.InvariantCulture)")
        }
        Kind::Decimal { .. } => a.to_string(),
        Kind::Iso { .. } => {
            format!("DateTimeOffset.FromUnixTimeMilliseconds(long.Parse({a}, CultureInfo.InvariantCulture))")
        }
    }
}

fn cs_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("ToHex({v})"),
        Kind::Decimal { .. } => v.to_string(),
        Kind::Iso { .. } => format!("{v}.ToUnixTimeMilliseconds().ToString(CultureInfo.InvariantCulture)"),
        _ => format!("{v}.ToString(CultureInfo.InvariantCulture)"),
    }
}

fn cs_driver(p: &Prepared) -> String {
    let mut s = String::from(
        "using System;\nusing System.Collections.Generic;\nusing System.Globalization;\nusing System.IO;\nusing System.Numerics;\nusing System.Text;\n\npublic static class Driver\n{\n    static string FromHex(string h)\n    {\n        var b = new byte[h.Length / 2];\n        for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(h.Substring(2 * i, 2), 16);\n        return new UTF8Encoding(false, true).GetString(b);\n    }\n\n    static string ToHex(string s)\n    {\n        var o = new StringBuilder();\n        foreach (byte x in Encoding.UTF8.GetBytes(s)) o.Append(x.ToString(\"x2\"));\n        return o.ToString();\n    }\n\n    public static void Main()\n    {\n        var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false)).ReadToEnd();\n        var output = new StringBuilder();\n        foreach (var line in input.Split('\\n'))\n        {\n            if (line.Length == 0) continue;\n            var a = line.Split('\\t');\n            var rest = new string[a.Length - 2];\n            Array.Copy(a, 2, rest, 0, rest.Length);\n            string res;\n            switch (a[0] + a[1])\n            {\n",
    );
    for (i, _) in p.design.plan.keys.iter().enumerate() {
        s.push_str(&format!("                case \"E{i}\": res = Enc{i}(rest); break;\n                case \"D{i}\": res = Dec{i}(rest[0]); break;\n"));
    }
    s.push_str("                default: throw new InvalidOperationException(line);\n            }\n            output.Append(res).Append('\\n');\n        }\n        var stdout = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));\n        stdout.Write(output.ToString());\n        stdout.Flush();\n    }\n");
    for (i, key) in p.design.plan.keys.iter().enumerate() {
        let name = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let args: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| cs_in(&f.kind, &format!("a[{j}]")))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| cs_out(&f.kind, &format!("v.{}", pascal(&f.name))))
            .collect();
        s.push_str(&format!(
            "\n    static string Show{i}(string k)\n    {{\n        try\n        {{\n            var v = Keys.Decode{name}(k);\n            return string.Join(\"\\t\", new string[] {{ {shown} }});\n        }}\n        catch (Keys.KeyException)\n        {{\n            return \"UNREADABLE\";\n        }}\n    }}\n\n    static string Enc{i}(string[] a)\n    {{\n        string k;\n        try\n        {{\n            k = Keys.Encode{name}(new Keys.{name}({args}));\n        }}\n        catch (Keys.KeyException)\n        {{\n            return \"ERR\";\n        }}\n        return \"OK\\t\" + ToHex(k) + \"\\t\" + Show{i}(k);\n    }}\n\n    static string Dec{i}(string h)\n    {{\n        try\n        {{\n            var v = Keys.Decode{name}(FromHex(h));\n            return \"OK\\t\" + string.Join(\"\\t\", new string[] {{ {shown} }});\n        }}\n        catch (Keys.KeyException)\n        {{\n            return \"ERR\";\n        }}\n    }}\n",
            shown = shown.join(", "),
            args = args.join(", ")
        ));
    }
    s.push_str("}\n");
    s
}

fn csharp(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    let has = |p: &str| {
        Command::new(p)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if !(has("mcs") && has("mono")) {
        return Err("skipped: no C# compiler: dotnet is not in Debian, and Mono's mcs is not installed (scripts/bootstrap.sh installs mono-mcs from Debian when it can)".into());
    }
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let d = dir.join(format!("d{i}"));
            write(&d.join("Keys.cs"), &p.module)?;
            write(&d.join("Driver.cs"), &cs_driver(p))?;
            let mut mcs = Command::new("mcs");
            mcs.current_dir(&d).args([
                "-nologo",
                "-warn:0",
                "-r:System.Numerics.dll",
                "-out:driver.exe",
                "Keys.cs",
                "Driver.cs",
            ]);
            run_command(&mut mcs, &format!("mcs ({})", p.design.name))?;
            feed(
                Command::new("mono").arg(d.join("driver.exe")),
                &p.input,
                &format!("mono ({})", p.design.name),
            )
        })
        .collect()
}
// ---- Rust ------------------------------------------------------------------------------

fn rust_small(width: u32) -> bool {
    width <= 18
}

fn rust_in(kind: &Kind, a: &str) -> String {
    let parse = |t: &str| format!("match {a}.parse::<{t}>() {{ Ok(n) => n, Err(_) => return \"ERR\".into() }}");
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("from_hex({a})"),
        Kind::Uint { width, .. } => parse(if rust_small(*width) { "u64" } else { "u128" }),
        Kind::Int { width, .. } => parse(if rust_small(*width) { "i64" } else { "i128" }),
        Kind::Epoch { .. } => parse("i64"),
        Kind::Decimal { .. } => format!("{a}.to_string()"),
        Kind::Iso { .. } => format!("iso_text({a})"),
    }
}

fn rust_out(kind: &Kind, v: &str) -> String {
    match kind {
        Kind::Text { .. } | Kind::Ulid { .. } | Kind::Ksuid { .. } => format!("to_hex(&{v})"),
        Kind::Iso { format, .. } => format!(
            "iso_ms(&{v}, {}, {})",
            format.precision.chars(),
            i64::from(format.zone.offset_minutes()) * 60_000
        ),
        _ => format!("{v}.to_string()"),
    }
}

fn rust_field(name: &str) -> String {
    let s = snake(name);
    if [
        "type", "match", "fn", "mod", "ref", "use", "move", "loop", "box", "gen", "try",
    ]
    .contains(&s.as_str())
    {
        format!("r#{s}")
    } else {
        s
    }
}

fn rust_design(p: &Prepared, i: usize) -> String {
    let mut s = format!(
        "fn design{i}(op: &str, k: usize, a: &[&str]) -> String {{\n    use crate::s{i} as K;\n    match (op, k) {{\n"
    );
    for (k, key) in p.design.plan.keys.iter().enumerate() {
        let name = format!("{}{}", pascal(&key.entity), pascal(&key.attribute));
        let func = format!("{}_{}", snake(&key.entity), snake(&key.attribute));
        let fields: Vec<String> = key
            .fields
            .iter()
            .enumerate()
            .map(|(j, f)| format!("{}: {}", rust_field(&f.name), rust_in(&f.kind, &format!("a[{j}]"))))
            .collect();
        let shown: Vec<String> = key
            .fields
            .iter()
            .map(|f| rust_out(&f.kind, &format!("v.{}", rust_field(&f.name))))
            .collect();
        s.push_str(&format!(
            "        (\"E\", {k}) => {{\n            let v = K::{name} {{ {fields} }};\n            match K::encode_{func}(&v) {{\n                Err(_) => \"ERR\".into(),\n                Ok(key) => {{\n                    let shown = match K::decode_{func}(key.as_str()) {{\n                        Ok(v) => Vec::<String>::from([{shown}]).join(\"\\t\"),\n                        Err(_) => \"UNREADABLE\".into(),\n                    }};\n                    format!(\"OK\\t{{}}\\t{{}}\", to_hex(key.as_str()), shown)\n                }}\n            }}\n        }}\n        (\"D\", {k}) => match K::decode_{func}(&from_hex(a[0])) {{\n            Ok(v) => format!(\"OK\\t{{}}\", Vec::<String>::from([{shown}]).join(\"\\t\")),\n            Err(_) => \"ERR\".into(),\n        }},\n",
            fields = fields.join(", "),
            shown = shown.join(", ")
        ));
    }
    s.push_str("        _ => panic!(\"unknown call {op}{k}\"),\n    }\n}\n");
    s
}

fn rust(prepared: &[Prepared], dir: &Path) -> Result<Vec<String>, String> {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut main = String::from("#![allow(clippy::all, unused)]\nuse std::io::Read;\n\n");
    let mut dispatch = String::new();
    for (i, p) in prepared.iter().enumerate() {
        write(&dir.join(format!("src/s{i}.rs")), &p.module)?;
        main.push_str(&format!("mod s{i};\n"));
        dispatch.push_str(&format!("        {i} => design{i}(op, k, &a),\n"));
    }
    main.push_str(
        r#"
fn from_hex(h: &str) -> String {
    let bytes: Vec<u8> = (0..h.len()).step_by(2).map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap()).collect();
    String::from_utf8(bytes).unwrap()
}
fn to_hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}
fn iso_text(ms: &str) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(ms.parse::<i128>().unwrap() * 1_000_000).unwrap();
    format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute(), t.second(), t.millisecond())
}
fn iso_ms(text: &str, keep: usize, offset_ms: i128) -> String {
    let full = format!("{}{}", &text[..keep], &"0000-00-00T00:00:00.000Z"[keep..]);
    let t = time::OffsetDateTime::parse(&full, &time::format_description::well_known::Rfc3339).unwrap();
    (t.unix_timestamp_nanos() / 1_000_000 - offset_ms).to_string()
}

fn main() {
    let which: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for line in input.lines().filter(|l| !l.is_empty()) {
        let parts: Vec<&str> = line.split('\t').collect();
        let (op, k) = (parts[0], parts[1].parse::<usize>().unwrap());
        let a: Vec<&str> = parts[2..].to_vec();
        out.push_str(&match which {
"#,
    );
    main.push_str(&dispatch);
    main.push_str(
        "        _ => panic!(),\n        });\n        out.push('\\n');\n    }\n    print!(\"{out}\");\n}\n\n",
    );
    for (i, p) in prepared.iter().enumerate() {
        main.push_str(&rust_design(p, i));
    }
    write(&dir.join("src/main.rs"), &main)?;
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"keycode-driver\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n[dependencies]\nkeylab = {{ path = {:?} }}\nserde_json = {{ version = \"=1.0.154\", features = [\"preserve_order\"] }}\ntime = {{ version = \"=0.3.55\", default-features = false, features = [\"std\", \"parsing\", \"formatting\"] }}\n",
            core.display().to_string()
        ),
    )?;
    // The workspace's lockfile pins the same versions; its target folder keeps the build.
    std::fs::copy(core.join("../Cargo.lock"), dir.join("Cargo.lock")).map_err(|e| e.to_string())?;
    let target = core.join("../target/keycode-driver");
    let mut build = Command::new(env!("CARGO"));
    build
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", &target)
        .args(["build", "--quiet", "--release", "--offline"]);
    run_command(&mut build, "cargo build (the Rust modules)")?;
    let bin = target.join("release/keycode-driver");
    prepared
        .iter()
        .enumerate()
        .map(|(i, p)| {
            feed(
                Command::new(&bin).arg(i.to_string()),
                &p.input,
                &format!("rust ({})", p.design.name),
            )
        })
        .collect()
}

#[allow(dead_code)]
fn unused(_: &KeyPlan) -> String {
    snake("x")
}
