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
# What only the tests use: the Prometheus text parser the metrics tests check
# with; python3-venv for ObsPy, the FDSN client the FDSN service is tested with;
# tzdata for quakectl's local times (the C library's, not ICU's: docs/cli.md).
TEST_DEBIAN_PACKAGES := python3-prometheus-client python3-venv curl tzdata postgresql-15
# ObsPy from PyPI in its own virtual environment; the tests that run it are
# skipped, with a message, when it cannot be installed (no network).
OBSPY_VENV := .build/obspy-venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT_FLAGS ?=

.PHONY: all deps toolchain build release lint format test ha-trials run demo bench bench-scale bench-shared bench-peers bench-smoke completions clean \
	release-static install install-files uninstall deb deb-test deps-deb

all: build

toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || { \
	  echo "error: swift not found on PATH. Install the Swift 6 toolchain"; \
	  echo "       (https://www.swift.org/install/linux/) and run make again."; exit 1; }

# Installs the Debian packages named in $(1) that are not installed yet.
define install-missing
	@missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps: toolchain
	$(call install-missing,$(DEBIAN_PACKAGES))

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
	$(call install-missing,$(TEST_DEBIAN_PACKAGES))
	@[ -x $(OBSPY_VENV)/bin/python ] && $(OBSPY_VENV)/bin/python -c 'import obspy' 2>/dev/null || \
	  { rm -rf $(OBSPY_VENV) && /usr/bin/python3 -m venv $(OBSPY_VENV) && $(OBSPY_VENV)/bin/pip install -q obspy; } || \
	  echo "test: ObsPy could not be installed from PyPI; the ObsPy client tests will be skipped"
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)
	$(MAKE) --no-print-directory bench-smoke
	$(MAKE) --no-print-directory deb-test

# Issue 35's failure scenarios on a shared PostgreSQL store, HA_TRIALS (20)
# trials each, in one run (make test runs one of each): about 50 minutes.
HA_TRIALS ?= 20
ha-trials: deps
	$(call install-missing,$(TEST_DEBIAN_PACKAGES))
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	QUAKES_HA_TRIALS=$(HA_TRIALS) $(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter DaemonSharedStoreTests

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
# make bench: release build, quakesd and quakectl measured as the package ships
# them (make release-static), the peers from PyPI into .build/bench-venv
# (python3-venv), every comparison at full size; writes docs/benchmarks.md.
BENCH_VENV := .build/bench-venv
BENCH_PEERS := geojson-to-sqlite==1.1.1 sqlite-utils==4.2.1 datasette==0.65.5 orjson==3.13.0
# Hummingbird 2 sending a file's bytes: the FDSN floor beside quakesd's own listener.
HUMMINGBIRD_FLOOR := Tests/Peers/hummingbird-floor

bench: release release-static bench-peers
	@bin=$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" suite --peers $(BENCH_VENV)/bin --programs $(STATIC_BIN) --output docs/benchmarks.md --analysis docs/benchmarks-analysis.md $(ARGS)
	$(MAKE) --no-print-directory bench-shared
	$(MAKE) --no-print-directory bench-scale

# Issue 35's goals for a store shared on PostgreSQL (docs/benchmarks-shared.md):
# a leader's write beside SQLite's, a follower's lag, its queries beside the
# leader's; on a throwaway cluster of Debian's postgresql-15.
bench-shared: release
	$(call install-missing,postgresql-15)
	@bin=$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" shared --output docs/benchmarks-shared.md $(ARGS)

# Issue 32's goals at history scale, beside the sqlite3 shell on the same file
# (docs/benchmarks-scale.md): a catalogue of QUAKES (1,000,000) written once
# into .build/bench-scale and kept for the next run. make bench-scale QUAKES=10000000
# for the larger goal.
QUAKES ?= 1000000
bench-scale: release bench-peers
	@bin=$$($(SWIFT) build -c release $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" scale --quakes $(QUAKES) --keep .build/bench-scale --peers $(BENCH_VENV)/bin --output docs/benchmarks-scale.md $(ARGS)

bench-peers:
	$(call install-missing,python3-venv)
	@[ -x $(BENCH_VENV)/bin/geojson-to-sqlite ] || { python3 -m venv $(BENCH_VENV) && \
	  $(BENCH_VENV)/bin/pip install -q $(BENCH_PEERS); }
	@floor=$(BENCH_VENV)/bin/hummingbird-floor; \
	[ -x $$floor ] && [ -z "$$(find $(HUMMINGBIRD_FLOOR) -name '*.swift' -newer $$(readlink -f $$floor))" ] || { \
	  $(SWIFT) build -c release $(SWIFT_FLAGS) --package-path $(HUMMINGBIRD_FLOOR) --scratch-path .build/hummingbird-floor && \
	  ln -sf "$$($(SWIFT) build -c release $(SWIFT_FLAGS) --package-path $(HUMMINGBIRD_FLOOR) --scratch-path .build/hummingbird-floor --show-bin-path)/hummingbird-floor" $$floor; }

# Every comparison at tiny sizes on the debug build, so the harness cannot rot
# (make test runs it). With the peers when make bench installed them.
bench-smoke: build
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); \
	"$$bin/quakes-bench" suite --smoke --peers $(BENCH_VENV)/bin --output .build/bench-smoke.md >.build/bench-smoke.log 2>&1 \
	  && "$$bin/quakes-bench" scale --quakes 3000 --rounds 2 --keep .build/bench-scale-smoke --peers $(BENCH_VENV)/bin >>.build/bench-smoke.log 2>&1 \
	  && { [ ! -x /usr/lib/postgresql/15/bin/initdb ] || "$$bin/quakes-bench" shared --rounds 2 --batch 100 >>.build/bench-smoke.log 2>&1; } \
	  && echo "bench-smoke: every comparison ran (report in .build/bench-smoke.md)" \
	  || { tail -n 40 .build/bench-smoke.log; echo "bench-smoke failed (whole log: .build/bench-smoke.log)"; exit 1; }

# Installing, for a distribution without the Debian package (docs/packaging.md):
#   make release-static; make install [PREFIX=/usr/local] [DESTDIR=…]
#   make uninstall [PREFIX=…] [DESTDIR=…]           removes what install installed,
#                                                   the configuration file aside
# The version, from its one source: QuakesdProduct.version.
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/QuakesModel/Release/QuakesdProduct.swift)
PREFIX ?= /usr/local
SBINDIR ?= $(PREFIX)/sbin
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/quakesd
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
SYSCONFDIR ?= /etc
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/vendor-completions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d
UNITS := quakesd.service quakesd.socket quakesd-query.socket
INSTALLED := $(SBINDIR)/quakesd $(BINDIR)/quakectl $(addprefix $(UNITDIR)/,$(UNITS)) \
	$(SYSUSERSDIR)/quakesd.conf $(MANDIR)/man1/quakectl.1 $(MANDIR)/man5/quakesd.conf.5 $(MANDIR)/man8/quakesd.8 \
	$(BASHCOMPDIR)/quakectl $(ZSHCOMPDIR)/_quakectl $(FISHCOMPDIR)/quakectl.fish $(DOCDIR)/README.md

# make install installs what the package ships: the static build, made
# beforehand as yourself (`make release-static`), so that a `sudo make
# install` builds nothing as root and needs no toolchain on root's PATH.
install:
	@$(MAKE) --no-print-directory install-files BIN="$(STATIC_BIN)"

# The files alone, from the binaries in BIN (the Debian package's rules call this).
install-files:
	@for program in quakesd quakectl; do [ -x "$(BIN)/$$program" ] || { echo "error: no $$program in $(BIN): build it first, as yourself: make release-static"; exit 1; }; done
	@# Two binaries: quakectl links neither ICU nor libcurl, and starts in a quarter of the time (docs/packaging.md).
	install -D -m 0755 "$(BIN)/quakesd" "$(DESTDIR)$(SBINDIR)/quakesd"
	install -D -m 0755 "$(BIN)/quakectl" "$(DESTDIR)$(BINDIR)/quakectl"
	install -d "$(DESTDIR)$(UNITDIR)"
	for unit in $(UNITS); do \
	  sed -e 's|^ExecStart=/usr/sbin/quakesd|ExecStart=$(SBINDIR)/quakesd|' \
	    -e 's|^ExecReload=/usr/bin/quakectl|ExecReload=$(BINDIR)/quakectl|' systemd/$$unit >"$(DESTDIR)$(UNITDIR)/$$unit" && \
	  chmod 0644 "$(DESTDIR)$(UNITDIR)/$$unit"; \
	done
	install -D -m 0644 systemd/quakesd.sysusers "$(DESTDIR)$(SYSUSERSDIR)/quakesd.conf"
	install -D -m 0644 man/quakectl.1 "$(DESTDIR)$(MANDIR)/man1/quakectl.1"
	install -D -m 0644 man/quakesd.conf.5 "$(DESTDIR)$(MANDIR)/man5/quakesd.conf.5"
	install -D -m 0644 man/quakesd.8 "$(DESTDIR)$(MANDIR)/man8/quakesd.8"
	install -d "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	@# bash-completion sources the file: no #! line (lintian: bash-completion-with-hashbang).
	"$(DESTDIR)$(BINDIR)/quakectl" --generate-completion-script bash | sed '1{/^#!/d}' >"$(DESTDIR)$(BASHCOMPDIR)/quakectl"
	"$(DESTDIR)$(BINDIR)/quakectl" --generate-completion-script zsh >"$(DESTDIR)$(ZSHCOMPDIR)/_quakectl"
	"$(DESTDIR)$(BINDIR)/quakectl" --generate-completion-script fish >"$(DESTDIR)$(FISHCOMPDIR)/quakectl.fish"
	chmod 0644 "$(DESTDIR)$(BASHCOMPDIR)/quakectl" "$(DESTDIR)$(ZSHCOMPDIR)/_quakectl" "$(DESTDIR)$(FISHCOMPDIR)/quakectl.fish"
	install -D -m 0644 README.md "$(DESTDIR)$(DOCDIR)/README.md"
	@# The configuration: every key commented out; an existing one is kept.
	@if [ ! -e "$(DESTDIR)$(SYSCONFDIR)/quakesd/quakesd.conf" ]; then \
	  install -D -m 0644 packaging/quakesd.conf "$(DESTDIR)$(SYSCONFDIR)/quakesd/quakesd.conf"; \
	else echo "kept $(SYSCONFDIR)/quakesd/quakesd.conf"; fi

uninstall:
	rm -f $(addprefix "$(DESTDIR),$(addsuffix ",$(INSTALLED)))
	-rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null
	@echo "left $(SYSCONFDIR)/quakesd/quakesd.conf and the state in /var/lib/quakesd; remove them by hand if you want"
	@echo "(stop and disable the units before uninstalling: systemctl disable --now quakesd.service quakesd.socket quakesd-query.socket)"

# The Debian package (docs/packaging.md): quakesd_VERSION_ARCH.deb in .build-deb/.
# The binaries link the Swift runtime statically, so the package depends on
# Debian libraries only; their build has a folder of its own.
DEB_TOOLS := dpkg-dev debhelper fakeroot lintian
DEB_VERSION := $(subst -,~,$(VERSION))
DEB_DIR := .build-deb
DEB_TREE := $(DEB_DIR)/quakesd-$(DEB_VERSION)
# -z now: the hardening Debian builds C programs with (lintian: hardening-no-bindnow).
STATIC_FLAGS := -c release --static-swift-stdlib --scratch-path .build-static -Xlinker -z -Xlinker now
STATIC_BIN := .build-static/release

deps-deb:
	$(call install-missing,$(DEB_TOOLS))

release-static: deps
	$(SWIFT) build $(STATIC_FLAGS) --product quakesd
	$(SWIFT) build $(STATIC_FLAGS) --product quakectl

deb: deps-deb release-static
	rm -rf "$(DEB_TREE)" && mkdir -p "$(DEB_TREE)"
	cp -R packaging/debian "$(DEB_TREE)/debian"
	cp systemd/quakesd.sysusers "$(DEB_TREE)/debian/quakesd.sysusers"
	@{ echo "quakesd ($(DEB_VERSION)) unstable; urgency=medium"; echo; \
	  echo "  * Built from $$(git describe --always --dirty 2>/dev/null || echo 'a source tree'); see the project's history."; \
	  echo; echo " -- quakesd developers <quakesd@packages.invalid>  $$(git log -1 --format=%aD 2>/dev/null || date -R)"; \
	} >"$(DEB_TREE)/debian/changelog"
	cd "$(DEB_TREE)" && QUAKESD_SOURCE="$(CURDIR)" dpkg-buildpackage -b -us -uc -d
	@ls -l $(DEB_DIR)/quakesd_$(DEB_VERSION)_*.deb

# Builds the package and checks it: lintian, then install, run and purge in a
# throwaway root (packaging/test-deb.sh); then make install and uninstall
# (packaging/test-install.sh). make test runs it where dpkg is.
deb-test:
	@if command -v dpkg-deb >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory deb && packaging/test-deb.sh $(DEB_DIR)/quakesd_$(DEB_VERSION)_*.deb "$(VERSION)" \
	    && packaging/test-install.sh; \
	else echo "deb-test: skipped, dpkg is not on this machine (the package is Debian's)"; fi

clean:
	rm -rf .build .build-static .build-deb
