# The two commands a newcomer runs: `make run` and `make test`. Both install the C libraries
# first when pkg-config cannot find them (Debian; run as root).

SWIFT ?= swift
APT_PACKAGES := libevent-dev libcairo2-dev pkg-config

TRACE ?= Traces/wetab-taps.evemu
OUT ?= out/wetab-taps-feed

.PHONY: deps build release run test report-check clean

deps:
	@if pkg-config --exists libevent cairo 2>/dev/null; then \
		echo "deps: libevent and cairo found by pkg-config"; \
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
	$(SWIFT) test --skip-build --no-parallel

# Opens the report in headless Chromium and saves a screenshot to look at (not part of
# `make test`: it needs a browser).
report-check: run
	@command -v chromium >/dev/null 2>&1 || { export DEBIAN_FRONTEND=noninteractive; apt-get update && apt-get install -y chromium; }
	chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400 \
		--screenshot="$(OUT)/report.png" "file://$(abspath $(OUT))/report.html"
	@echo "screenshot: $(OUT)/report.png"

clean:
	rm -rf .build out
