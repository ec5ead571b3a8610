#!/usr/bin/env bash
# A few seconds of fuzzing per target (FUZZ_SECONDS, default 5) when the nightly
# toolchain is installed, starting from the committed seeds (fuzz/seeds, unpacked to
# target/fuzz-seeds). New inputs go to target/fuzz-smoke, never into the seeds, which
# run on stable in `make test-native` either way.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-5}
targets=(schema_json encode_values encode_order decode_key query_parse evaluate saved_state)

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  echo "fuzz-smoke: skipped, no nightly toolchain (the committed seeds still ran in test-native)"
  exit 0
fi
scripts/bootstrap.sh fuzz
# The seeds unpack outside fuzz/corpus, which may hold a corpus being grown by hand.
seeds_dir=$PWD/target/fuzz-seeds
rm -rf "$seeds_dir"
FUZZ_CORPUS_DIR=$seeds_dir scripts/fuzz-corpus.sh unpack >/dev/null
for t in "${targets[@]}"; do
  out=target/fuzz-smoke/$t
  rm -rf "$out" && mkdir -p "$out"
  if ! (cd fuzz && cargo +nightly fuzz run -O "$t" "../$out" "$seeds_dir/$t" -- \
        -max_total_time="$seconds" -print_final_stats=1) >"$out.log" 2>&1; then
    tail -n 40 "$out.log"
    echo "fuzz-smoke: $t found a failure; the input is under fuzz/artifacts/$t" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out.log")
  echo "fuzz-smoke: $t ran $runs inputs in ${seconds} s, no finding"
done
