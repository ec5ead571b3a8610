#!/usr/bin/env bash
# `keylab encode` and `keylab migrate` on N generated items (default 1,000,000): items
# per second of CPU time, and peak memory, for 1x and 3x the input (memory must not
# grow with it). A benchmark, not a test: run it by hand and record the figures in
# docs/performance.md §5. `bench/cli.sh N encode` or `bench/cli.sh N migrate` runs one.
set -euo pipefail
n=${1:-1000000}
only=${2:-}
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
# The migration widens the score and adds the player: the leaderboard's first redesign.
cat > "$dir/new.json" <<'JSON'
{"version": 1, "separator": "#",
 "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
 "entities": [{"name": "Run",
   "fields": {"season": {"kind": "text", "case": "upper", "maxLength": 32}, "score": {"kind": "uint", "width": 12, "order": "desc"},
              "player": {"kind": "text", "maxLength": 40}},
   "keys": {"PK": [{"literal": "SEASON"}, {"field": "season"}], "SK": [{"field": "score"}, {"field": "player"}]}}]}
JSON
python3 - "$n" "$dir" <<'PY'
import json, random, sys
n, d = int(sys.argv[1]), sys.argv[2]
random.seed(1)
with open(d + "/items.jsonl", "w") as items, open(d + "/export.jsonl", "w") as export:
    for i in range(n):
        season, score = "S%d" % (i % 50), random.randint(0, 10**9)
        items.write(json.dumps({"entity": "Run", "values": {"season": season, "score": score}}) + "\n")
        # An export line as DynamoDB's export to S3 writes it.
        export.write(json.dumps({"Item": {"PK": {"S": "SEASON#" + season}, "SK": {"S": "%010d" % (9999999999 - score)},
                                          "player": {"S": "p_%d" % i}, "score": {"N": str(score)}}}) + "\n")
PY
measure() {
  local name=$1 input=$2; shift 2
  for copies in 1 3; do
    for _ in $(seq "$copies"); do cat "$dir/$input"; done > "$dir/in.jsonl"
    /usr/bin/time -f "%U %M" -o "$dir/time" target/release/keylab "$@" < "$dir/in.jsonl" > /dev/null 2> "$dir/err" || { echo "$name failed:"; head -c 600 "$dir/err"; exit 1; }
    read -r user kb < "$dir/time"
    python3 -c "n=$n*$copies; u=float('$user'); print(f'$name {n:,} items: {u:.2f} s CPU, {n/u:,.0f} items/s, peak {int(\"$kb\"):,} KB')"
  done
}
if [ "$only" != migrate ]; then measure encode items.jsonl encode --schema "$dir/design.json"; fi
if [ "$only" != encode ]; then
  measure migrate export.jsonl migrate --from "$dir/design.json" --to "$dir/new.json"
  measure "migrate (keys only, --check-limit 0)" export.jsonl migrate --from "$dir/design.json" --to "$dir/new.json" --check-limit 0
fi
