#!/usr/bin/env bash
# Prints the gzip size of what a first visit downloads: the html, js, wasm and css.
set -euo pipefail
dist=${1:-dist}
total=0
for f in "$dist"/*.html "$dist"/*.js "$dist"/*.wasm "$dist"/*.css; do
  [ -f "$f" ] || continue
  total=$((total + $(gzip -9 -c "$f" | wc -c)))
done
echo "bundle: $total bytes gzip"
