# The two commands a newcomer runs: `make run` and `make test`. Both install the C libraries
# first when pkg-config cannot find them (Debian; run as root).

SWIFT ?= swift
APT_PACKAGES := libevent-dev libcairo2-dev pkg-config

.PHONY: deps build release run test clean

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

run: release
	"$$($(SWIFT) build -c release --show-bin-path)/uisim" demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --no-parallel

clean:
	rm -rf .build out
