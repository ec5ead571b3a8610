#!/usr/bin/env bash
# What the page cannot weigh less than: builds, with the page's release profile and
# wasm-opt, (1) a Yew page with one component, a button and an input, and (2) keylab's
# JS API alone (the codec, the query engine and the snippets, without any page), and
# prints the gzip size of each. See docs/performance.md, section 4.
#
#   make build && bench/size-floor.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$root/node_modules/.bin:$PATH"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
profile='[profile.release]
opt-level = "z"
lto = true
codegen-units = 1
panic = "abort"'
features="--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue"

measure() { # crate-dir wasm-name label
  (cd "$1" && cp "$root/Cargo.lock" . && mkdir -p .cargo && cp "$root/.cargo/config.toml" .cargo/ &&
    cargo build --release --target wasm32-unknown-unknown --offline -q)
  wasm-bindgen --target web --out-dir "$1/out" "$1/target/wasm32-unknown-unknown/release/$2.wasm"
  wasm-opt -Oz $features "$1/out/$2_bg.wasm" -o "$1/out/opt.wasm"
  local wasm js
  wasm=$(gzip -9 -c "$1/out/opt.wasm" | wc -c)
  js=$(gzip -9 -c "$1/out/$2.js" | wc -c)
  echo "$3: wasm $wasm + js $js = $((wasm + js)) bytes gzip"
}

mkdir -p "$work/yew/src"
cat > "$work/yew/Cargo.toml" <<TOML
[package]
name = "yewfloor"
version = "0.1.0"
edition = "2021"
[dependencies]
yew = { version = "=0.23.0", features = ["csr"] }
wasm-bindgen = "=0.2.130"
web-sys = { version = "=0.3.107", features = ["HtmlInputElement"] }
$profile
TOML
cat > "$work/yew/src/main.rs" <<'RS'
use yew::prelude::*;
#[function_component]
fn App() -> Html {
    let n = use_state(|| 0);
    let text = use_state(String::new);
    let onclick = { let n = n.clone(); Callback::from(move |_| n.set(*n + 1)) };
    let oninput = { let text = text.clone(); Callback::from(move |e: InputEvent| {
        let i: web_sys::HtmlInputElement = e.target_unchecked_into(); text.set(i.value()) }) };
    html! { <main><button {onclick}>{ format!("clicked {}", *n) }</button>
        <input {oninput} value={(*text).clone()} /><p>{ (*text).clone() }</p></main> }
}
fn main() { yew::Renderer::<App>::new().render(); }
RS
measure "$work/yew" yewfloor "a one-component Yew page"

mkdir -p "$work/api/src"
cat > "$work/api/Cargo.toml" <<TOML
[package]
name = "apionly"
version = "0.1.0"
edition = "2021"
[lib]
crate-type = ["cdylib"]
[dependencies]
keylab-app = { path = "$root" }
$profile
TOML
echo 'pub use keylab_app::api::*;' > "$work/api/src/lib.rs"
measure "$work/api" apionly "keylab's JS API alone (no page)"
