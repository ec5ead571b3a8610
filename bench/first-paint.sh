#!/usr/bin/env bash
# What the first paint needs, measured (the size decision, docs/performance.md section 4):
# the page built without the `deferred` feature, that is without everything a second
# module could load after first paint (the JS API, the snippet renderers, the paste-box
# reader, share links, files, pasted items, six of the seven presets), beside the page
# as it ships. Run after `make build`; the first-paint build goes to target/first-paint.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
[ -d dist ] || { echo "no dist/: run make build first" >&2; exit 1; }
trunk --skip-version-check build --release --no-default-features --dist target/first-paint >/dev/null 2>&1
gz() { gzip -9 -c "$1" | wc -c; }
row() {
  local dir=$1 label=$2 wasm js total=0
  wasm=$(gz "$(ls "$dir"/*.wasm)")
  js=$(gz "$(ls "$dir"/*.js)")
  for f in "$dir"/*.html "$dir"/*.js "$dir"/*.wasm "$dir"/*.css; do total=$((total + $(gz "$f"))); done
  printf '| %s | %d | %d | %d |\n' "$label" "$wasm" "$js" "$total"
  echo "$total" > "target/first-paint-$3.total"
}
echo '| build | wasm gzip | js gzip | first load gzip (html, js, wasm, css) |'
echo '|---|---|---|---|'
row dist "the page as shipped" shipped
row target/first-paint "first paint only (no deferred module)" first
shipped=$(cat target/first-paint-shipped.total); first=$(cat target/first-paint-first.total)
echo
echo "a second module could take $((shipped - first)) bytes gzip off the first load; the first paint would still be $first bytes gzip (goal 200000)"
