#!/usr/bin/env bash
# The fuzz corpora are kept packed, one file per target (fuzz/seeds/<target>.b64, one
# input per line in base64), instead of thousands of small files. This script moves
# them between that form and the directories cargo fuzz reads and writes.
#
#   scripts/fuzz-corpus.sh unpack [target...]  fuzz/seeds/<t>.b64 -> fuzz/corpus/<t>/
#   scripts/fuzz-corpus.sh pack   [target...]  fuzz/corpus/<t>/   -> fuzz/seeds/<t>.b64
#
# Without targets, every target. FUZZ_CORPUS_DIR moves the directories elsewhere
# (default fuzz/corpus). Packing sorts the inputs, so the same corpus packs to the
# same file.
set -euo pipefail
cd "$(dirname "$0")/.."
all=(schema_json encode_values encode_order decode_key query_parse evaluate saved_state)
what=${1:?usage: scripts/fuzz-corpus.sh pack|unpack [target...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")

for t in "${targets[@]}"; do
  seeds=fuzz/seeds/$t.b64
  dir=${FUZZ_CORPUS_DIR:-fuzz/corpus}/$t
  case "$what" in
    unpack)
      [ -s "$seeds" ] || { echo "fuzz-corpus: $seeds is missing or empty" >&2; exit 1; }
      mkdir -p "$dir"
      n=0
      while IFS= read -r line; do
        printf '%s' "$line" | base64 -d >"$dir/seed-$(printf '%05d' "$n")"
        n=$((n + 1))
      done <"$seeds"
      echo "fuzz-corpus: $n inputs of $t in $dir"
      ;;
    pack)
      [ -d "$dir" ] || { echo "fuzz-corpus: $dir is missing" >&2; exit 1; }
      mkdir -p fuzz/seeds
      find "$dir" -type f -print0 | sort -z | while IFS= read -r -d '' f; do
        base64 -w0 "$f"
        echo
      done | LC_ALL=C sort -u >"$seeds"
      echo "fuzz-corpus: $(wc -l <"$seeds") inputs of $t in $seeds"
      ;;
    *)
      echo "usage: scripts/fuzz-corpus.sh pack|unpack [target...]" >&2
      exit 2
      ;;
  esac
done
