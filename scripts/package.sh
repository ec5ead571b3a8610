#!/usr/bin/env bash
# Builds the keylab npm package (packages/keylab) from the keylab-js crate: the same
# JS API the page's wasm exports, for Node (CommonJS, node/) and for bundlers (ES
# modules importing the wasm, bundler/), each wasm shrunk with wasm-opt. The tools are
# the page's (scripts/bootstrap.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
cargo build -q --release --target wasm32-unknown-unknown -p keylab-js
wasm=target/wasm32-unknown-unknown/release/keylab_js.wasm
out=packages/keylab
for target in nodejs bundler; do
  dir=$out/$([ "$target" = nodejs ] && echo node || echo bundler)
  rm -rf "$dir"
  wasm-bindgen --target "$target" --out-dir "$dir" "$wasm"
  # index.d.ts types the API; wasm-bindgen's own declarations say `any` throughout.
  rm -f "$dir"/*.d.ts
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals \
    "$dir/keylab_js_bg.wasm" -o "$dir/keylab_js_bg.wasm"
done
echo "package: $out ($(gzip -9 -c "$out/node/keylab_js_bg.wasm" | wc -c) bytes of wasm, gzip)"
