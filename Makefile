# keylab: `make serve` to use it, `make test` to prove it. Both install what is missing
# first (scripts/bootstrap.sh: pinned versions, skipped when already present).

SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
TRUNK := trunk --skip-version-check
WASM_RUNNER := CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner CHROMEDRIVER=/usr/bin/chromedriver

# The zones every generated program and export is run under (make test-interop,
# test-keycode, test-migrate): 0 keys may differ between them.
TIME_ZONES := UTC America/New_York Asia/Kolkata
comma := ,
empty :=
space := $(empty) $(empty)

.PHONY: serve build package test bootstrap bootstrap-test lint test-native test-core-wasm test-wasm test-package test-keycode test-e2e test-snippets test-interop test-migrate test-moto fuzz-smoke fuzz bundle clean

serve: bootstrap
	$(TRUNK) serve --release --open=false

build: bootstrap
	$(TRUNK) build --release

# The npm package (packages/keylab): the JS API for Node and bundlers.
package: bootstrap
	scripts/package.sh

bootstrap:
	@scripts/bootstrap.sh build

bootstrap-test:
	@scripts/bootstrap.sh test

# Every test layer, in the order a failure is cheapest to find.
test: bootstrap-test lint test-native test-core-wasm test-wasm test-package test-keycode test-e2e test-snippets test-interop test-migrate test-moto fuzz-smoke bundle
	@echo "make test: every layer passed"

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo clippy -p keylab-app --target wasm32-unknown-unknown --all-targets -- -D warnings
	# The page's second module is the JS API with its `page` services.
	cargo clippy -p keylab-js --target wasm32-unknown-unknown --features page -- -D warnings

test-native:
	cargo test --workspace

# The core must stay pure: it builds for wasm32 with none of the browser crates.
test-core-wasm:
	cargo build -p keylab --target wasm32-unknown-unknown
	@if cargo tree -p keylab -e normal --target wasm32-unknown-unknown --prefix none | grep -E '^(yew|web-sys|wasm-bindgen|js-sys|gloo)( |-)'; then \
	  echo "core/ must not depend on the crates above" >&2; exit 1; fi
	@echo "core: pure (no yew, web-sys, wasm-bindgen, js-sys or gloo)"

test-wasm:
	$(WASM_RUNNER) cargo test -p keylab-app --target wasm32-unknown-unknown --test web

# The package in Node, and its declarations compiled by tsc against a typed program.
test-package: package
	cd packages/keylab && node --test test/package.test.mjs && tsc -p test/tsconfig.json

# The Key code tab's six languages, each compiled and run by its real toolchain on the
# presets and random designs, equal to the codec (core/examples/keycode_diff); a
# missing toolchain is skipped with a message.
test-keycode:
	cargo run --quiet --release -p keylab --example keycode_diff -- --time-zones $(subst $(space),$(comma),$(TIME_ZONES))

# tests/e2e/package.spec.mjs compares the package with the page, so both are built.
# item_lines.spec.mjs runs the CLI: built here, before the browser's clock starts.
test-e2e: build package
	cargo build -q -p keylab-cli
	npx playwright test

# Every SDK snippet, run for real against dynalite (see tests/snippets/run.mjs).
test-snippets:
	cargo build -p keylab --example snippets
	node tests/snippets/run.mjs

# The tools keylab imports from, run for real: the keys keylab writes for a design it
# read from their files equal the keys their own libraries write (tests/interop/).
test-interop:
	cargo build -q -p keylab-cli
	node tests/interop/run.mjs
	# Generated code must write the same keys in every time zone: UTC, one with a
	# daylight-saving change and one with a :30 offset.
	for tz in $(TIME_ZONES); do TZ=$$tz node tests/interop/exports.mjs || exit 1; done

# keylab migrate's outputs used for real: --emit items and batch loaded into dynalite
# and queried with the new design's access patterns; --emit checks' SQL run in DuckDB
# (pinned in .venv), equal to migrate's own checks (see tests/migrate/run.mjs).
test-migrate:
	cargo build -q -p keylab-cli
	for tz in $(TIME_ZONES); do TZ=$$tz node tests/migrate/run.mjs || exit 1; done

# Multi-attribute GSI queries, built and pasted, against moto (in-process, pinned in
# .venv), page by page equal to keylab's evaluator (see tests/moto/run.py).
test-moto:
	.venv/bin/python tests/moto/run.py

# A few seconds of fuzzing per target when nightly is installed (scripts/fuzz-smoke.sh).
fuzz-smoke:
	scripts/fuzz-smoke.sh

# A long run of one target: make fuzz TARGET=decode_key RUNS=10000000
fuzz:
	scripts/bootstrap.sh fuzz
	[ -d fuzz/corpus/$(TARGET) ] || scripts/fuzz-corpus.sh unpack $(TARGET)
	cd fuzz && cargo +nightly fuzz run -O $(TARGET) -- -runs=$(RUNS) -print_final_stats=1

# Two ratchets: the whole page (every file in dist), and the first load as the browser
# fetches it before the first key is on screen (bench/first-load.mjs). Each is today's
# size; splitting the first load (issue 25) is where the second comes down.
FIRST_LOAD_BUDGET := 627700
bundle: build
	@scripts/bundle-size.sh dist
	@node bench/first-load.mjs --budget $(FIRST_LOAD_BUDGET)

clean:
	cargo clean
	rm -rf dist test-results
