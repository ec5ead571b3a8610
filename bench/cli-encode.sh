#!/usr/bin/env bash
# `keylab encode` on N generated items (default 1,000,000): items per second of CPU
# time, and peak memory, for 1x and 3x the input (memory must not grow with it).
# A benchmark, not a test: run it by hand and record the figures in
# docs/performance.md §5.
set -euo pipefail
n=${1:-1000000}
cd "$(dirname "$0")/.."
cargo build --release -q -p keylab-cli
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/design.json" <<'JSON'
{"version": 1, "separator": "#",
 "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
 "entities": [{"name": "Run",
   "fields": {"season": {"kind": "text", "case": "upper", "maxLength": 32}, "score": {"kind": "uint", "width": 10, "order": "desc"}},
   "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}]}}]}
JSON
python3 - "$n" "$dir/items.jsonl" <<'PY'
import json, random, sys
n, path = int(sys.argv[1]), sys.argv[2]
random.seed(1)
with open(path, "w") as f:
    for i in range(n):
        f.write(json.dumps({"entity": "Run", "values": {"season": "S%d" % (i % 50), "score": random.randint(0, 10**9)}}) + "\n")
PY
for copies in 1 3; do
  for _ in $(seq "$copies"); do cat "$dir/items.jsonl"; done > "$dir/in.jsonl"
  /usr/bin/time -f "%U %M" -o "$dir/time" target/release/keylab encode --schema "$dir/design.json" < "$dir/in.jsonl" > /dev/null
  read -r user kb < "$dir/time"
  python3 -c "import sys; n=$n*$copies; u=float('$user'); print(f'{n:,} items: {u:.2f} s CPU, {n/u:,.0f} items/s, peak {int(\"$kb\"):,} KB')"
done
