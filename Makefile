# The two commands a newcomer runs: `make run` and `make test`. Both install the C libraries
# first when pkg-config cannot find them (Debian; run as root).

SWIFT ?= swift
# Text: Pango (with HarfBuzz and fontconfig) and its faces: Inter for the system font's glyphs,
# Droid Sans Fallback for CJK, Noto Color Emoji for emoji. Images: PNG through cairo's libpng,
# JPEG through libjpeg-turbo's TurboJPEG API.
APT_PACKAGES := libevent-dev libcairo2-dev zlib1g-dev pkg-config libpango1.0-dev libturbojpeg0-dev fonts-inter fonts-droid-fallback fonts-noto-color-emoji
FONT_FILES := /usr/share/fonts/opentype/inter/Inter-Regular.otf /usr/share/fonts/opentype/inter/InterDisplay-Regular.otf \
	/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

TRACE ?= Traces/wetab-taps.evemu
OUT ?= out/wetab-taps-feed

.PHONY: deps build release run test examples report-check fuzz bench bench-check bench-thresholds clean

deps:
	@if pkg-config --exists libevent cairo zlib pangocairo libturbojpeg 2>/dev/null && ls $(FONT_FILES) >/dev/null 2>&1; then \
		echo "deps: libevent, cairo, zlib, pango and libturbojpeg found by pkg-config, the fonts installed"; \
	else \
		echo "deps: installing $(APT_PACKAGES)"; \
		export DEBIAN_FRONTEND=noninteractive; \
		apt-get update && apt-get install -y $(APT_PACKAGES); \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product uisim

# Replays the bundled real recording on the default scene; prints the summary and the
# report's path.
run: release
	"$$($(SWIFT) build -c release --show-bin-path)/uisim" replay $(TRACE) --out $(OUT)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) examples

# The example app (Examples/Inbox, a package of its own that depends on uisim by path): builds it,
# runs its tests, replays its traces with its own command line and checks them against its
# committed baseline, as the app's CI job would (Examples/Inbox/README.md). Times may grow ×4
# over the baseline's: it was made on another machine. Its command line is a release build, as a
# profile should be: hitches come from measured times, and a debug build's heaviest frame (a row
# measured by its constraints) came within a few ms of the 16.7 ms budget, so the exact hitch gate
# flaked with the machine's load.
EXAMPLE := Examples/Inbox
examples: deps
	$(SWIFT) build --package-path $(EXAMPLE) --build-tests
	$(SWIFT) test --package-path $(EXAMPLE) --skip-build
	$(SWIFT) build --package-path $(EXAMPLE) -c release --product inbox-sim
	cd $(EXAMPLE) && bin="$$($(SWIFT) build -c release --show-bin-path)" && rm -rf out/ci && \
		"$$bin/inbox-sim" replay Traces --scene inbox --clock fixed --snapshots none --quiet --out out/ci && \
		"$$bin/inbox-sim" check out/ci --baseline Baselines/inbox.json --time-tolerance 4 --junit out/ci/junit.xml && \
		rm -rf out/ci-mailbox && \
		"$$bin/inbox-sim" replay Traces/mailbox --scene mailbox --clock fixed --snapshots none --quiet --out out/ci-mailbox && \
		"$$bin/inbox-sim" check out/ci-mailbox --baseline Baselines/mailbox.json --time-tolerance 4 --junit out/ci-mailbox/junit.xml && \
		rm -rf out/ci-threads && \
		"$$bin/inbox-sim" replay Traces/threads --scene threads --clock fixed --snapshots none --quiet --out out/ci-threads && \
		"$$bin/inbox-sim" check out/ci-threads --baseline Baselines/threads.json --time-tolerance 4 --junit out/ci-threads/junit.xml

# Opens the report in headless Chromium and saves a screenshot to look at (not part of
# `make test`: it needs a browser).
report-check: run
	@command -v chromium >/dev/null 2>&1 || { export DEBIAN_FRONTEND=noninteractive; apt-get update && apt-get install -y chromium; }
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
		--screenshot="$(OUT)/report.png" "file://$(abspath $(OUT))/report.html"
	@echo "screenshot: $(OUT)/report.png"

# Runs the benchmarks (package-benchmark, release build): every figure with its target in its
# name, ratios measured in one run. BENCH_FILTER picks some (a regular expression).
# Benchmarks/README.md has the figures and how to read them.
BENCH_FILTER ?= .*
bench: deps
	$(SWIFT) package --allow-writing-to-package-directory benchmark --filter ".*($(BENCH_FILTER)).*" --no-progress

# Compares a new run with the thresholds kept in Benchmarks/Thresholds (p90 of each metric,
# within package-benchmark's default tolerances); bench-thresholds records them anew.
bench-check: deps
	$(SWIFT) package --allow-writing-to-package-directory benchmark thresholds check --path Benchmarks/Thresholds --no-progress

bench-thresholds: deps
	$(SWIFT) package --allow-writing-to-package-directory benchmark thresholds update --path Benchmarks/Thresholds --no-progress

# Fuzzes each trace reader with libFuzzer for FUZZ_SECONDS (default 120 s each, 12 minutes in
# all; the native reader twice, once on key lines of any bytes), seeded with the bundled traces, the test fixtures and the seeds each harness generates
# (`--write-seeds`: WebDriver pause/duration grids, integer extremes). A crash, a hang (FUZZ_TIMEOUT s on
# one input) or more than 2 GB of memory is a finding: it is saved under .build-fuzz/findings/
# and the target fails. See Fuzz/README.md.
FUZZ_SECONDS ?= 120
FUZZ_TIMEOUT ?= 10
FUZZ_READERS := Native:trace NativeKeys:keys Evemu:evemu Getevent:getevent LibinputRecord:yml WebDriverActions:json
FUZZ_FLAGS := -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc FUZZING \
	-Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz: deps
	@set -e; bin="$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)"; found=0; \
	for pair in $(FUZZ_READERS); do \
		reader=$${pair%%:*}; ext=$${pair##*:}; \
		echo "fuzz: building Fuzz$$reader"; \
		$(SWIFT) build $(FUZZ_FLAGS) --product Fuzz$$reader 2>&1 | grep -E "error|Compiling Fuzz" || true; \
		test -x "$$bin/Fuzz$$reader" || { echo "fuzz: Fuzz$$reader did not build"; exit 1; }; \
		corpus=.build-fuzz/corpus/$$reader; findings=.build-fuzz/findings/$$reader; mkdir -p $$corpus $$findings .build-fuzz/logs; \
		find Traces Tests/TracesTests/Fixtures -name "*.$$ext" -exec cp {} $$corpus/ \; ; \
		"$$bin/Fuzz$$reader" --write-seeds $$corpus; \
		echo "fuzz: Fuzz$$reader for $(FUZZ_SECONDS) s (log: .build-fuzz/logs/$$reader.log)"; \
		if "$$bin/Fuzz$$reader" $$corpus -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 \
			-max_len=65536 -artifact_prefix=$$findings/ -print_final_stats=1 > .build-fuzz/logs/$$reader.log 2>&1; then \
			grep -E "^Done [0-9]+ runs" .build-fuzz/logs/$$reader.log | sed "s/^/fuzz: $$reader: /"; \
		else \
			found=1; echo "fuzz: $$reader: FINDING in $$findings/ (see .build-fuzz/logs/$$reader.log)"; ls $$findings; \
		fi; \
	done; \
	if [ $$found = 1 ]; then echo "fuzz: replay a finding with: $$bin/Fuzz<Reader> FILE, then add it to Tests/TracesTests/Fixtures/fuzz/"; exit 1; fi; \
	echo "fuzz: no finding"

clean:
	rm -rf .build .build-fuzz out
