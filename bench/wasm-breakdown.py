#!/usr/bin/env python3
"""Where the page's wasm bytes go: code size by part, as in docs/performance.md.

twiggy cannot read a wasm-opt output, and the wasm before wasm-opt is not what ships, so
this builds the shipped wasm again with its function names kept (`wasm-opt -Oz
--debuginfo`, the same passes as Trunk's), then sums each function body's size by the
crate its name belongs to. Run after `make build`:

    python3 bench/wasm-breakdown.py            # the table
    python3 bench/wasm-breakdown.py --top 40   # and the 40 largest functions
    python3 bench/wasm-breakdown.py --second   # the second module
"""

import argparse
import collections
import gzip
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FEATURES = [
    "--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
    "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue",
]
# First match wins: component views are inlined into Yew's generic `view`, so they
# are told apart from the rest of Yew by that name.
PARTS = [
    ("the components' html! views", r"CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::view|CreateRunner<COMP>"),
    ("keylab-app: state, saving, links", r"keylab_app"),
    ("keylab: codec, schema, query engine, snippets", r"(^|<|as )keylab::"),
    ("yew and gloo runtime", r"yew|gloo|implicit_clone"),
    ("serde, serde_json, indexmap", r"serde|indexmap|zmij|itoa"),
    ("wasm-bindgen glue and shims", r"wasm_bindgen|js_sys|web_sys|externref|shim"),
    ("miniz_oxide", r"miniz"),
    ("time", r"(^|<|as )time::"),
    ("Rust std and the rest", r""),
]


def leb(data, i):
    result = shift = 0
    while True:
        byte = data[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def limits(data, i):
    """Skips a table's or memory's limits: flags, a minimum, and a maximum if flagged."""
    flags = data[i]
    _, i = leb(data, i + 1)
    if flags & 1:
        _, i = leb(data, i)
    return i


def sections(data):
    i = 8
    while i < len(data):
        sid = data[i]
        size, i = leb(data, i + 1)
        yield sid, data[i:i + size]
        i += size


def functions(data):
    """(name, body size) of every defined function."""
    imported, bodies, names = 0, [], {}
    for sid, body in sections(data):
        if sid == 2:  # imports: functions among them take the first indices
            count, j = leb(body, 0)
            for _ in range(count):
                for _ in range(2):
                    n, j = leb(body, j)
                    j += n
                kind = body[j]
                j += 1
                if kind == 0:
                    _, j = leb(body, j)
                    imported += 1
                elif kind in (1, 2):  # a table (its element type, then limits) or a memory
                    j = limits(body, j + (kind == 1))
                elif kind == 3:
                    j += 2
        elif sid == 10:
            count, j = leb(body, 0)
            for _ in range(count):
                size, j = leb(body, j)
                bodies.append(size)
                j += size
        elif sid == 0:
            n, j = leb(body, 0)
            if body[j:j + n] == b"name":
                j += n
                while j < len(body):
                    sub = body[j]
                    size, j = leb(body, j + 1)
                    end = j + size
                    if sub == 1:
                        count, k = leb(body, j)
                        for _ in range(count):
                            index, k = leb(body, k)
                            n, k = leb(body, k)
                            names[index] = body[k:k + n].decode("utf-8", "replace")
                            k += n
                    j = end
    return [(names.get(imported + i, "?"), size) for i, size in enumerate(bodies)]


def main():
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--top", type=int, default=0, help="also list the N largest functions")
    args.add_argument("--second", action="store_true", help="the second module (js/ with `page`) instead of the first")
    opts = args.parse_args()
    top = opts.top
    module = "keylab_js.wasm" if opts.second else "keylab-app.wasm"
    raw = os.path.join(ROOT, "target/wasm32-unknown-unknown/release", module)
    if not os.path.exists(raw):
        sys.exit("no release wasm: run `make build` first")
    bins = os.path.join(ROOT, "node_modules/.bin")
    env = dict(os.environ, PATH=bins + os.pathsep + os.environ["PATH"])
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(["wasm-bindgen", "--target", "web", "--keep-debug", "--out-dir", out, raw], check=True, env=env)
        named = os.path.join(out, "named.wasm")
        shipped = os.path.join(out, "shipped.wasm")
        source = os.path.join(out, module.removesuffix(".wasm") + "_bg.wasm")
        subprocess.run(["wasm-opt", "-Oz", "--debuginfo", *FEATURES, source, "-o", named], check=True, env=env)
        subprocess.run(["wasm-opt", "-Oz", "--strip-debug", *FEATURES, source, "-o", shipped], check=True, env=env)
        with open(named, "rb") as f:
            funcs = functions(f.read())
        with open(shipped, "rb") as f:
            plain = f.read()
    for sid, label in [(10, "code"), (11, "data")]:
        body = next((b for s, b in sections(plain) if s == sid), b"")
        print(f"{label}: {len(body) / 1000:.0f} KB raw, {len(gzip.compress(body, 9)) / 1000:.0f} KB gzip")
    by_part = collections.Counter()
    for name, size in funcs:
        part = next(label for label, pattern in PARTS if re.search(pattern, name))
        by_part[part] += size
    total = sum(by_part.values())
    print("\n| part | code | share |\n|---|---|---|")
    for part, size in by_part.most_common():
        print(f"| {part} | {size / 1000:.0f} KB | {100 * size / total:.0f}% |")
    if top:
        print()
        for name, size in sorted(funcs, key=lambda f: -f[1])[:top]:
            print(f"{size:7d} {name[:150]}")


if __name__ == "__main__":
    main()
