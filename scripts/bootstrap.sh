#!/usr/bin/env bash
# Installs every tool keylab needs, each pinned, each skipped when the pinned version
# is already there. `make serve` and `make test` call this, so a fresh machine with only
# Rust, Node and Python needs nothing installed by hand.
#
#   scripts/bootstrap.sh build    wasm32 target, trunk, wasm-bindgen-cli, npm packages
#   scripts/bootstrap.sh test     all of the above plus Chromium, chromedriver, gofmt and
#                                 a Python venv with the AWS CLI and boto3
set -euo pipefail

TRUNK_VERSION=0.21.14
# Must equal the `wasm-bindgen = "=..."` pin in Cargo.toml: the CLI refuses other versions.
WASM_BINDGEN_VERSION=0.2.130

cd "$(dirname "$0")/.."
what=${1:-build}
say() { printf 'bootstrap: %s\n' "$*"; }

pinned_wasm_bindgen=$( (sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' Cargo.toml 2>/dev/null || true) | head -n1)
if [ -n "$pinned_wasm_bindgen" ] && [ "$pinned_wasm_bindgen" != "$WASM_BINDGEN_VERSION" ]; then
  say "Cargo.toml pins wasm-bindgen $pinned_wasm_bindgen but this script installs $WASM_BINDGEN_VERSION; make them equal" >&2
  exit 1
fi

export PATH="$HOME/.cargo/bin:$PATH"

if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "wasm32-unknown-unknown target present"
else
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  say "trunk $TRUNK_VERSION present"
else
  say "installing trunk $TRUNK_VERSION (several minutes, once)"
  # A thin release profile: trunk is a build tool, its own speed hardly matters.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  say "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
else
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes, once)"
  # Not --locked: its lockfile names a webpki-roots version the registry no longer has.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if [ -f package-lock.json ]; then
  # npm ci is exact but slow; skip it when node_modules already matches the lockfile.
  if [ -f node_modules/.package-lock.json ] && cmp -s <(node -e 'const l=require("./package-lock.json");delete l.name;delete l.version;console.log(JSON.stringify(Object.keys(l.packages).filter(k=>k).sort().map(k=>[k,l.packages[k].version])))') \
       <(node -e 'const l=require("./node_modules/.package-lock.json");console.log(JSON.stringify(Object.keys(l.packages).filter(k=>k).sort().map(k=>[k,l.packages[k].version])))'); then
    say "npm packages match package-lock.json"
  else
    say "installing npm packages from package-lock.json"
    npm ci --no-audit --no-fund
  fi
fi

if [ "$what" = test ]; then
  # The snippet test runs the AWS CLI and boto3 from a venv pinned by requirements.txt.
  requirements=tests/snippets/requirements.txt
  stamp=.venv/.keylab-requirements
  if [ -x .venv/bin/python ] && [ -f "$stamp" ] && cmp -s "$requirements" "$stamp"; then
    say "python venv matches $requirements"
  else
    say "installing the AWS CLI, boto3, moto and DuckDB into .venv"
    python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
  fi

  debian_missing=()
  { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; } || debian_missing+=(chromium chromium-driver)
  command -v gofmt >/dev/null || debian_missing+=(golang-go)
  # migrate's Go runner is built against Debian's AWS SDK for Go v2 (no Go module can
  # be fetched here): tests/migrate/in_place.py.
  [ -d /usr/share/gocode/src/github.com/aws/aws-sdk-go-v2/service/dynamodb ] || debian_missing+=(golang-github-aws-aws-sdk-go-v2-dev)
  if [ ${#debian_missing[@]} -eq 0 ]; then
    say "chromium, chromedriver, gofmt and the AWS SDK for Go v2 present"
  elif [ "$(id -u)" = 0 ]; then
    say "installing ${debian_missing[*]} from Debian"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debian_missing[@]}" >/dev/null
  else
    say "Missing: ${debian_missing[*]}. Install them as root: apt-get install -y ${debian_missing[*]}" >&2
    exit 1
  fi

  # The key code's toolchains (make test-keycode), from Debian when they can be had. A
  # language whose toolchain is still missing is skipped there, saying so. dotnet is
  # not in Debian; Mono's mcs compiles the C# module.
  keycode_missing=()
  command -v javac >/dev/null || keycode_missing+=(default-jdk-headless)
  { command -v mcs >/dev/null && command -v mono >/dev/null; } || keycode_missing+=(mono-mcs)
  if [ ${#keycode_missing[@]} -eq 0 ]; then
    say "javac and mcs present"
  elif [ "$(id -u)" = 0 ]; then
    say "installing ${keycode_missing[*]} from Debian (the key code's Java and C# tests)"
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${keycode_missing[@]}" >/dev/null; } \
      || say "could not install ${keycode_missing[*]}: make test-keycode skips those languages and says so"
  else
    say "Not installed: ${keycode_missing[*]}; make test-keycode skips those languages (apt-get install -y ${keycode_missing[*]})"
  fi
fi

if [ "$what" = fuzz ]; then
  # Fuzzing needs nightly (sanitizers); without it `make fuzz-smoke` skips, so this is
  # only reached when nightly is there.
  CARGO_FUZZ_VERSION=0.13.1
  if cargo fuzz --version 2>/dev/null | grep -qx "cargo-fuzz $CARGO_FUZZ_VERSION"; then
    say "cargo-fuzz $CARGO_FUZZ_VERSION present"
  else
    say "installing cargo-fuzz $CARGO_FUZZ_VERSION (a minute, once)"
    cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
  fi
fi
