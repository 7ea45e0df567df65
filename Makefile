# schedulerd: the two commands a newcomer needs are `make demo` and `make test`.
SWIFT ?= swift
DEB_PACKAGES := libcurl4-openssl-dev libsqlite3-dev libssl-dev libcairo2-dev libjpeg-dev libxml2-dev
# What the API contract test runs beside the build: a venv for its Python tools, socat to bridge the socket to TCP, curl;
# and the browser test: Debian's Chromium and its driver, with a font to draw the pages in.
TEST_PACKAGES := python3-venv socat curl chromium chromium-driver fonts-dejavu-core
RELEASE_BIN := .build/release

## What --version says (Sources/CBuildInfo through Package.swift): VERSION, `+dirty` when tracked files differ from the
## commit or new files are not ignored, the commit, and today's date (UTC). Exported, so every `swift` run sees the same
## and a plain `swift build` afterwards says "unknown" for commit and date.
VERSION_BASE := $(shell cat VERSION)
GIT_COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
GIT_DIRTY := $(shell [ -z "$$(git status --porcelain 2>/dev/null)" ] || echo +dirty)
export SCHEDULERD_VERSION := $(VERSION_BASE)$(GIT_DIRTY)
export SCHEDULERD_COMMIT := $(GIT_COMMIT)
export SCHEDULERD_BUILD_DATE := $(shell date -u +%Y-%m-%d)

.PHONY: layering-test deps build demo test docs-test install-test install uninstall man dist deb package-test crash-test fault-test cluster-test bench bench-cluster bench-scale bench-memory clean venv api-contract-test browser-test fuzz-fit

## Install the system libraries the build links against, when missing (Debian/Ubuntu);
## python3 runs the HTTP client tests' echo server; postgresql gives the store's tests the binaries (initdb,
## pg_ctl) they start a throwaway server with, and its `postgres` user to run it as when the tests run as root.
deps:
	@pg=""; ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || pg=postgresql; \
	./scripts/install-missing-packages.sh $(DEB_PACKAGES) $(TEST_PACKAGES) python3 $$pg

## The scheduler's targets keep their layers apart (docs/architecture.md) only if a target imports nothing of this package
## it does not depend on: SwiftPM finds every module built so far, so the check is asked for, and an import that
## crosses a layer fails the build instead of compiling by luck of the build order. Every `swift build` below passes it,
## and the API contract and browser tests build as `make test` does (with the tests): a build that differs recompiles
## some modules (Hummingbird's among them, 17 s here) that the other compiled.
IMPORT_CHECK := --explicit-target-dependency-import-check error
## No debug info (DWARF) is compiled: on 2 cores it cost about 100 s of the tests' 650 s build (551 s without it,
## measured in a fresh clone), and nothing reads it: a test's failure names its file and line itself, and a crash's
## backtrace still names its functions. `make DEBUG_INFO= build` compiles it, for lldb.
DEBUG_INFO ?= -Xswiftc -gnone -Xcc -g0
## What every `swift build` below passes, so that no build compiles anything another compiled differently.
BUILD_FLAGS = $(IMPORT_CHECK) $(DEBUG_INFO)

## schedctl and sandboxd are the one program schedulerd by other names (Sources/schedulerd): links beside it in a build
## folder, made after each build that makes it. $(1): the build's options (none for debug).
PROGRAM_LINKS := schedctl sandboxd
## $(1): a folder holding schedulerd.
LINK_PROGRAMS_IN = for p in $(PROGRAM_LINKS); do ln -sfn schedulerd $(1)/$$p || exit 1; done
LINK_PROGRAMS = bin=$$($(SWIFT) build $(1) --show-bin-path) && $(call LINK_PROGRAMS_IN,$$bin)

build: deps
	$(SWIFT) build $(BUILD_FLAGS)
	$(call LINK_PROGRAMS)

## Start the daemon against the sandbox networks, link an account, publish, and list.
demo: build
	./scripts/demo.sh

## Unit, conformance and end-to-end tests (the end-to-end tests start real processes; the control API's routes and the web
## app's pages are driven in process by SchedulerServerTests, in the unit pass). They run in passes,
## because on 2 cores the cooperative pool has 2 threads: the engine's timing tests, its threads' parts among them (and the map tiles' deadline) run alone first (heavy
## tests beside them, such as paging through 250 posts or parsing a run, hold both threads for seconds); the
## 200,000-point run summary measures the process's peak memory, which other tests would inflate; and the
## end-to-end tests wait on child processes. Drawing run cards and reading bad GPS files hold a thread for seconds,
## which the engine and fault-server tests in the unit pass cannot wait through: they run in a pass of their own, with
## the routes and pages driven in process (SchedulerServerTests), whose web users' passwords are hashed with scrypt.
## The end-to-end suites run at most E2E_WIDTH at a time: each starts daemons, sandboxes and PostgreSQL servers, and
## fifty of them at once on two cores leave a daemon seconds from answering its socket (issue 25). The connection storms
## (a thousand slow connections on each listener, issue 46) run last and alone: beside other tests they measure the machine.
E2E_WIDTH ?= 4
## The tests' build, as `make test` makes it; skipped when `make test` calls a target after making it (TESTS_BUILT=1):
## even with nothing to compile, SwiftPM plans for 10 s and relinks what a product build in between touched (20 s).
BUILD_TESTS_UNLESS_BUILT = $(if $(TESTS_BUILT),,$(SWIFT) build --build-tests $(BUILD_FLAGS) && $(call LINK_PROGRAMS))
## The suites that run alone first, in two passes: the engine's timing tests and its wake-ups (and the map tiles'
## deadline), then the other suites that wait on the engine or on a deadline (keyed publishing, network pauses,
## metrics, hook deliveries, idle pages), which beside the first slowed them past their deadlines. Regular
## expressions over the tests' names; the unit pass skips both.
ENGINE_SUITES := SchedulerTests\.(WakeSignal|Engine|UnreachableEngine|EngineRecovery|EngineSettling|EngineClaimAhead|EngineParts|RunMap)Tests
TIMED_SUITES := SchedulerTests\.(EngineKeyed|EngineNetworkPause|EngineMetrics|HookDelivery|IdlePages)Tests
## The suites of later passes, which the unit pass skips.
LATER_SUITES := --skip EndToEndTests --skip LargeFileTests --skip RunCardTests --skip RunSummaryTests --skip SchedulerServerTests
## The unit pass runs at most 8 tests at a time: unbounded, its 1,250 tests all start at once on 2 threads, which takes
## no less time (72 s either way, measured side by side) and left tests with 10 to 20 s deadlines missing them. It is
## watched for a hang by scripts/unit-pass.sh.
UNIT_PASS = $(SWIFT) test --skip-build --skip '$(ENGINE_SUITES)' --skip '$(TIMED_SUITES)' $(LATER_SUITES) --experimental-maximum-parallelization-width 8
test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(call LINK_PROGRAMS)
	$(MAKE) --no-print-directory docs-test
	$(MAKE) --no-print-directory layering-test
	$(SWIFT) test --skip-build --filter '$(ENGINE_SUITES)'
	$(SWIFT) test --skip-build --filter '$(TIMED_SUITES)'
	scripts/unit-pass.sh $(UNIT_PASS)
	$(SWIFT) test --skip-build --filter RunCardTests --filter RunSummaryTests --filter SchedulerServerTests --skip LargeFileTests
	$(SWIFT) test --skip-build --filter LargeFileTests
	$(SWIFT) test --skip-build --filter EndToEndTests --skip ConnectionStormTests --experimental-maximum-parallelization-width $(E2E_WIDTH)
	$(SWIFT) test --skip-build --filter ConnectionStormTests
	$(MAKE) --no-print-directory install-test
	$(MAKE) --no-print-directory api-contract-test TESTS_BUILT=1
	$(MAKE) --no-print-directory browser-test TESTS_BUILT=1

## The layering rules of docs/architecture.md (scripts/layering-test.py): routes name no store, engine or connector;
## schedctl imports no Connectors, OAuth, Scheduler or GRDB; Connectors no GRDB or PostgresNIO; NetworkRules no
## HTTPClient or OAuth; the stores word no refusal themselves; no function over 60 lines. It plants a violation of
## each rule first and fails if one goes unreported.
layering-test:
	python3 scripts/layering-test.py

## The docs' citations: every test suite and test function that README.md and docs/*.md name in backticks
## (`CrashRecoveryTests`, `Suite.function`, a prefix ending in `…`) is declared under Tests/, so a renamed or removed
## test fails here; and every link to a local file or heading resolves. Runs no Swift (scripts/check-doc-test-names.py).
docs-test:
	python3 scripts/check-doc-test-names.py

## `make install` into a scratch DESTDIR with the self-contained debug programs (`make dist BUILD=debug`, which
## `make package-test BUILD=debug` reuses): every file in place with its mode, and nothing else; then `make uninstall`
## removes them (packaging/install-test.sh). Builds nothing in release.
install-test:
	MAKE="$(MAKE)" ./packaging/install-test.sh

## Install under DESTDIR + PREFIX: schedulerd, schedctl and sandboxd, the systemd unit, the schedulerd system user
## (sysusers.d; created only when run as root without DESTDIR), /etc/schedulerd with the example configuration
## (0640) and a secrets directory (0750), completions for bash, zsh and fish, and the man pages, both generated
## from the programs' argument parsers. BUILD=debug installs the debug build as it is instead of building release.
## docs/running.md and docs/install.md; packaging/install.sh does the copying.
PREFIX ?= /usr/local
SYSCONFDIR ?= /etc
DESTDIR ?=
BUILD ?= release
INSTALL_ENV = PREFIX="$(PREFIX)" SYSCONFDIR="$(SYSCONFDIR)" DESTDIR="$(DESTDIR)"

install: man
	$(INSTALL_ENV) BINSRC="$(DIST)" MANSRC="$(MAN_PAGES)" ./packaging/install.sh install

uninstall:
	$(INSTALL_ENV) ./packaging/install.sh uninstall

## The program as installed (one executable, schedulerd; schedctl and sandboxd are links to it): the Swift runtime and
## Foundation (with its ICU data) linked in, no RUNPATH ($$ORIGIN or the toolchain's), stripped; it needs only libraries
## Debian ships (libcurl, libsqlite3, libssl, libcairo, libjpeg, libxml2 for schedctl's GPX reading, and theirs).
## Linked from the objects `swift build -c $(BUILD)` compiled, the same the tests and benchmarks run, by rerunning
## SwiftPM's link with the static runtime (packaging/link-static.sh): no second build of every module (issue 49).
## In $(DIST); `make install` and `make deb` take it from there. BUILD=debug uses the debug build, quicker.
DIST := .build/dist/$(BUILD)
dist: deps
	for p in schedulerd generate-manual; do $(SWIFT) build $(BUILD_FLAGS) -c $(BUILD) --product $$p || exit 1; done
	mkdir -p $(DIST)
	./packaging/link-static.sh $(BUILD) $(DIST)/schedulerd.linked
	strip --strip-unneeded -o $(DIST)/schedulerd $(DIST)/schedulerd.linked && rm $(DIST)/schedulerd.linked
	$(call LINK_PROGRAMS_IN,$(DIST))
	@ls -l $(DIST)

## schedctl(1), sandboxd(1) and schedulerd(8), by swift-argument-parser's generate-manual from the programs just built
## (what its plugin runs, without the plugin's second build of every product), dated by the commit.
MAN_PAGES := .build/man/$(BUILD)
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)
man: dist
	mkdir -p $(MAN_PAGES)
	tool=$$($(SWIFT) build -c $(BUILD) --show-bin-path)/generate-manual; \
	$$tool $(DIST)/schedctl --section 1 --date $(MAN_DATE) -o $(MAN_PAGES) && \
	$$tool $(DIST)/sandboxd --section 1 --date $(MAN_DATE) -o $(MAN_PAGES) && \
	$$tool $(DIST)/schedulerd --section 8 --date $(MAN_DATE) -o $(MAN_PAGES)
	sed -i 's/^$$/.Pp/' $(MAN_PAGES)/schedctl.1 $(MAN_PAGES)/sandboxd.1 $(MAN_PAGES)/schedulerd.8   # mdoc: a blank line is no paragraph
	grep -q '^\.Dt SCHEDULERD 8$$' $(MAN_PAGES)/schedulerd.8

## schedulerd_VERSION_amd64.deb in .build/deb (packaging/deb/build-deb.sh): the programs of `make dist`, the unit,
## sysusers.d and tmpfiles.d entries, /etc/schedulerd/schedulerd.toml as a conffile, man pages and completions, Depends:
## from dpkg-shlibdeps; then lintian, when installed, must find no error. BUILD=debug packages the debug build.
deb: man
	BUILD="$(BUILD)" DIST="$(DIST)" MANSRC="$(MAN_PAGES)" VERSION="$(SCHEDULERD_VERSION)" ./packaging/deb/build-deb.sh

## Installs the .deb into a clean Debian 12 root made by debootstrap (its base cached in .build/package-test), where
## there is no Swift, and uses it there: --version, --check-config, a sandbox post through schedctl as the schedulerd
## user, an upgrade over a running daemon, SIGTERM, purge (packaging/package-test.sh). Prints each step's time.
PACKAGE_TEST_PACKAGES := dpkg-dev debootstrap lintian
package-test: deps
	./scripts/install-missing-packages.sh $(PACKAGE_TEST_PACKAGES)
	$(MAKE) --no-print-directory deb
	BUILD="$(BUILD)" DIST="$(DIST)" MANSRC="$(MAN_PAGES)" VERSION="$(SCHEDULERD_VERSION)" ./packaging/package-test.sh

## The full crash test: 500 posts across the four networks (one in five an X thread, a multi-photo post, a MultiImage
## post or a carousel, with a first comment), SIGKILLed at 10 random moments while publishing, against networks that
## hold requests before committing them, answer 504 after posting, list new posts late and rewrite the text they list,
## with 30% of answers faulted; prints how many posts, thread parts and comments were published once, duplicated,
## missing or left unknown, and how the recoveries went.
crash-test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(call LINK_PROGRAMS)
	CRASH_TEST_POSTS=500 CRASH_TEST_KILLS=10 $(SWIFT) test --skip-build --filter CrashRecoveryTests.sigkillWhilePublishing

## The full fault test: 30% of requests faulted (5xx, 429, slow, dropped, lost answers, expired tokens).
fault-test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(call LINK_PROGRAMS)
	FAULT_TEST_POSTS=200 FAULT_TEST_SEED=random $(SWIFT) test --skip-build --filter FaultInjectionTests

## The full cluster test: three daemons on one throwaway PostgreSQL, 3,000 posts over the four networks due within
## 20 seconds, 30% of answers faulted, one daemon SIGKILLed 10 times and restarted, another killed for good halfway;
## prints how many were published once, duplicated, missing or left unknown.
cluster-test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(call LINK_PROGRAMS)
	CLUSTER_TEST_POSTS=3000 CLUSTER_TEST_KILLS=10 $(SWIFT) test --skip-build --filter SharedStoreClusterTests.threeDaemons

## Release build against the sandbox: 5,000 posts due at one instant over 100 accounts and 2,000 due evenly over one second
## (lateness p50/p99/max, deliveries/s, CPU per delivery), the burst's rate as a share of a raw libcurl loop's on the same
## emulation, resident memory, scheduling rates and what durable claims cost.
bench: deps
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedulerd
	$(call LINK_PROGRAMS,-c release)
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedbench
	$(RELEASE_BIN)/schedbench --bin $(RELEASE_BIN) --posts 5000

## Deliveries per second with one and with three daemons sharing one throwaway PostgreSQL, in one run, and their ratio.
bench-cluster: deps
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedulerd
	$(call LINK_PROGRAMS,-c release)
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedbench
	$(RELEASE_BIN)/schedbench --bin $(RELEASE_BIN) --posts 1000 --cluster

## The idle daemon's resident memory by library in the self-contained build `make dist` packages, keeping its start-up
## pages (the baseline) and handing them back (the default), in one run (scripts/bench-memory.sh; root, for pagemap).
bench-memory: deps
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedulerd
	./packaging/link-static.sh release .build/bench-memory/schedulerd
	./scripts/bench-memory.sh .build/bench-memory/schedulerd

## A million pending posts (SCALE=N for another size) imported through the daemon's batch endpoint, then a restart:
## start to ready, memory, database size, and how long status, list (first and 1,000th page) and show take.
SCALE ?= 1000000
bench-scale: deps
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedulerd
	$(call LINK_PROGRAMS,-c release)
	$(SWIFT) build $(BUILD_FLAGS) -c release --product schedbench
	$(RELEASE_BIN)/schedbench --bin $(RELEASE_BIN) --scale $(SCALE)

## The control API's contract (docs/control-api.md): the OpenAPI document is valid, and a live sandbox daemon, fuzzed
## by schemathesis over a loopback bridge to its socket, answers every operation as the document says.
api-contract-test: deps venv
	$(BUILD_TESTS_UNLESS_BUILT)
	./scripts/api-contract-test.sh

## The web app in a real browser (scripts/browser-test.py, docs/web.md): headless Chromium driven by Selenium against a
## sandbox daemon: X and Facebook linked in the browser, a photo with alt text published to both, an editor's run
## approved by the owner, a hostile text shown as text, refusals (CSRF, a viewer, the sign-in throttle); screenshots of
## every page at 390x844 and 1280x800 in .build/browser-screenshots/.
browser-test: deps venv
	$(BUILD_TESTS_UNLESS_BUILT)
	./scripts/browser-test.sh

## libFuzzer over the FIT decoder (scripts/fuzz-fit.sh): its three files built with -sanitize=fuzzer,address, from a
## seeded corpus, FUZZ_RUNS executions (2,000,000); a crash fails and leaves its input in .build/fuzz-fit/.
fuzz-fit:
	./scripts/fuzz-fit.sh

## .build/venv with the contract test's Python tools, pinned (scripts/api-contract-requirements.txt); remade when that changes.
VENV := .build/venv
venv: deps $(VENV)/.installed
$(VENV)/.installed: scripts/api-contract-requirements.txt
	rm -rf $(VENV)
	/usr/bin/python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check --no-deps -r scripts/api-contract-requirements.txt
	touch $@

clean:
	rm -rf .build
