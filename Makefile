# quakesd — two commands on a fresh Debian machine:
#   make run    install what is missing, build, run the daemon
#   make test   install what is missing, build, run every test
# and, without a network:
#   make demo   run the daemon against a local stand-in serving sample feeds
#
# Debian packages are installed with apt-get (through sudo when not root).
# The Swift 6 toolchain must be on PATH (https://www.swift.org/install/linux/).

SWIFT ?= swift
DEBIAN_PACKAGES := libsqlite3-dev libcurl4-openssl-dev libsystemd-dev pkg-config sqlite3 systemd groff-base
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT_FLAGS ?=

.PHONY: all deps toolchain build release lint format test run demo bench bench-peers bench-smoke completions clean

all: build

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: swift not found on PATH. Install the Swift 6 toolchain"; \
	  echo "       (https://www.swift.org/install/linux/) and run make again."; exit 1; }

deps: toolchain
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

# The style check: .swift-format, with the formatter that ships with the
# toolchain. `make format` rewrites the files to pass it.
SWIFT_SOURCES := Sources Tests Package.swift

lint: toolchain
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_SOURCES)

format: toolchain
	$(SWIFT) format format --in-place --recursive --parallel $(SWIFT_SOURCES)

test: deps lint
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory bench-smoke

run: build
	$(SWIFT) run $(SWIFT_FLAGS) quakesd $(ARGS)

# The offline demo: usgs-standin serves a made-up catalogue (a new quake
# every minute) on 127.0.0.1, and quakesd polls it. Ctrl-C stops both.
demo: build
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); \
	out=$$(mktemp); \
	"$$bin/usgs-standin" --sample >"$$out" & standin=$$!; \
	trap 'kill $$standin 2>/dev/null; rm -f "$$out"' EXIT INT TERM; \
	for _ in $$(seq 50); do [ -s "$$out" ] && break; sleep 0.1; done; \
	url=$$(head -n 1 "$$out"); \
	echo "demo: sample feeds at $$url"; \
	"$$bin/quakesd" --state-dir "$(CURDIR)/.build/demo-state" --feed-base-url "$$url" --feed all_hour=1m --feed all_day=1m --feed all_week=1m --feed all_month $(ARGS)

# Shell completions for quakectl, in .build/completions/ (docs/cli.md says where to install them).
completions: build
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); mkdir -p .build/completions; \
	"$$bin/quakectl" --generate-completion-script bash >.build/completions/quakectl.bash; \
	"$$bin/quakectl" --generate-completion-script zsh >.build/completions/_quakectl; \
	"$$bin/quakectl" --generate-completion-script fish >.build/completions/quakectl.fish; \
	echo "completions in .build/completions/"

# The benchmarks against the tools a user would pick instead (docs/benchmarks.md).
# make bench: release build, the peers from PyPI into .build/bench-venv
# (python3-venv), every comparison at full size; writes docs/benchmarks.md.
BENCH_VENV := .build/bench-venv
BENCH_PEERS := geojson-to-sqlite==1.1.1 sqlite-utils==4.2.1 datasette==0.65.5 orjson==3.13.0

bench: release bench-peers
	@bin=$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" suite --peers $(BENCH_VENV)/bin --output docs/benchmarks.md --analysis docs/benchmarks-analysis.md $(ARGS)

bench-peers:
	@dpkg-query -W -f='$${Status}' python3-venv 2>/dev/null | grep -q "install ok installed" || { \
	  echo "installing Debian packages: python3-venv"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends python3-venv; }
	@[ -x $(BENCH_VENV)/bin/geojson-to-sqlite ] || { python3 -m venv $(BENCH_VENV) && \
	  $(BENCH_VENV)/bin/pip install -q $(BENCH_PEERS); }

# Every comparison at tiny sizes on the debug build, so the harness cannot rot
# (make test runs it). With the peers when make bench installed them.
bench-smoke: build
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" suite --smoke --peers $(BENCH_VENV)/bin --output .build/bench-smoke.md >.build/bench-smoke.log 2>&1 \
	  && echo "bench-smoke: every comparison ran (report in .build/bench-smoke.md)" \
	  || { tail -n 40 .build/bench-smoke.log; echo "bench-smoke failed (whole log: .build/bench-smoke.log)"; exit 1; }

clean:
	rm -rf .build
