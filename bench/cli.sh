#!/usr/bin/env bash
# `keylab encode` and `keylab migrate` on N generated items (default 1,000,000): items
# per second of CPU time, and peak memory, for 1x and 3x the input (memory must not
# grow with it). A benchmark, not a test: run it by hand and record the figures in
# docs/performance.md §5. `bench/cli.sh N encode` or `bench/cli.sh N migrate` runs one;
# `bench/cli.sh N floor` only the ratios of migrate to a bare serde_json read and write
# of the same lines, on the one-entity and the three-entity (mixed) table.
set -euo pipefail
n=${1:-1000000}
only=${2:-}
cd "$(dirname "$0")/.."
cargo build --release -q -p keylab-cli --bin keylab --example json_floor
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
# The mixed table of issue 26: organisations, their users, and devices' readings under
# `#READING#n`; the migration re-keys readings to an inverted, wider number.
mixed() {
  local width=$1 order=$2
  cat <<JSON
{"version": 1, "separator": "#",
 "table": {"name": "T", "attributes": {"PK": "S", "SK": "S"}, "primary": {"partition": "PK", "sort": "SK"}},
 "entities": [
  {"name": "Org", "fields": {"org": {"kind": "text", "maxLength": 40}},
   "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}], "SK": [{"literal": "ORG"}, {"field": "org"}]}},
  {"name": "User", "fields": {"org": {"kind": "text", "maxLength": 40}, "user": {"kind": "text", "maxLength": 40}},
   "keys": {"PK": [{"literal": "ORG"}, {"field": "org"}], "SK": [{"literal": "USER"}, {"field": "user"}]}},
  {"name": "Reading", "fields": {"device": {"kind": "text", "maxLength": 40}, "n": {"kind": "uint", "width": $width, "order": "$order"}},
   "keys": {"PK": [{"literal": "DEVICE"}, {"field": "device"}], "SK": [{"literal": "#READING"}, {"field": "n"}]}}]}
JSON
}
mixed 10 asc > "$dir/mixed.json"
mixed 12 desc > "$dir/mixed-new.json"
python3 - "$n" "$dir" <<'PY'
import json, random, sys
n, d = int(sys.argv[1]), sys.argv[2]
random.seed(1)
with open(d + "/mixed.jsonl", "w") as mixed:
    for i in range(n):
        kind = i % 10
        if kind == 0:
            item = {"PK": {"S": "ORG#o%d" % i}, "SK": {"S": "ORG#o%d" % i}, "name": {"S": "Org %d" % i}}
        elif kind < 4:
            org = "o%d" % (i - i % 10)
            item = {"PK": {"S": "ORG#" + org}, "SK": {"S": "USER#u%d" % i}, "email": {"S": "u%d@example.com" % i}}
        else:
            n_ = random.randint(0, 10**9)
            item = {"PK": {"S": "DEVICE#d%d" % (i % 5000)}, "SK": {"S": "#READING#%010d" % n_}, "value": {"N": "%d.5" % (i % 100)}}
        mixed.write(json.dumps({"Item": item}) + "\n")
with open(d + "/items.jsonl", "w") as items, open(d + "/export.jsonl", "w") as export:
    for i in range(n):
        season, score = "S%d" % (i % 50), random.randint(0, 10**9)
        items.write(json.dumps({"entity": "Run", "values": {"season": season, "score": score}}) + "\n")
        # An export line as DynamoDB's export to S3 writes it.
        export.write(json.dumps({"Item": {"PK": {"S": "SEASON#" + season}, "SK": {"S": "%010d" % (9999999999 - score)},
                                          "player": {"S": "p_%d" % i}, "score": {"N": str(score)}}}) + "\n")
PY
# measure NAME INPUT COPIES PROGRAM ARGS...: prints the rate, and leaves it in $rate.
measure() {
  local name=$1 input=$2 copies=$3; shift 3
  for _ in $(seq "$copies"); do cat "$dir/$input"; done > "$dir/in.jsonl"
  /usr/bin/time -f "%U %M" -o "$dir/time" "$@" < "$dir/in.jsonl" > /dev/null 2> "$dir/err" || { echo "$name failed:"; head -c 600 "$dir/err"; exit 1; }
  read -r user kb < "$dir/time"
  rate=$(python3 -c "print(round($n*$copies/max(float('$user'), 0.001)))")
  python3 -c "n=$n*$copies; u=float('$user'); print(f'$name {n:,} items: {u:.2f} s CPU, {n/u:,.0f} items/s, peak {int(\"$kb\"):,} KB')"
}
keylab=target/release/keylab
# migrate against the floor, on one input: both ratios (keys only, every check).
against_floor() {
  local name=$1 input=$2 from=$3 to=$4
  measure "floor: serde_json read and write ($name)" "$input" 1 target/release/examples/json_floor; local floor=$rate
  measure "migrate --check-limit 0 ($name)" "$input" 1 $keylab migrate --from "$from" --to "$to" --check-limit 0; local keys=$rate
  measure "migrate, every check ($name)" "$input" 1 $keylab migrate --from "$from" --to "$to"; local all=$rate
  python3 -c "print(f'  $name: floor / keys only = {$floor/$keys:.2f}x (goal <= 2), floor / every check = {$floor/$all:.2f}x (goal <= 3)')"
}
if [ "$only" != migrate ] && [ "$only" != floor ]; then
  for copies in 1 3; do measure encode items.jsonl "$copies" $keylab encode --schema "$dir/design.json"; done
fi
if [ "$only" != encode ] && [ "$only" != floor ]; then
  for copies in 1 3; do
    measure migrate export.jsonl "$copies" $keylab migrate --from "$dir/design.json" --to "$dir/new.json"
    measure "migrate (keys only, --check-limit 0)" export.jsonl "$copies" $keylab migrate --from "$dir/design.json" --to "$dir/new.json" --check-limit 0
  done
fi
if [ "$only" != encode ]; then
  against_floor "one entity" export.jsonl "$dir/design.json" "$dir/new.json"
  against_floor "three entities" mixed.jsonl "$dir/mixed.json" "$dir/mixed-new.json"
fi
