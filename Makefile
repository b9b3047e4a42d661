# Slidelab. `make help` lists the targets.
#
# Targets that build the Fyne app (cgo, GLFW) first install missing Debian
# packages with scripts/debian-deps.sh (apt-get as root, else sudo, else it
# prints the package list and stops).

.DEFAULT_GOAL := build

# Go from PATH, else the usual tarball location. Override: make GO=/path/to/go
GO ?= $(or $(shell command -v go 2>/dev/null),$(wildcard /usr/local/go/bin/go),go)
GO := $(GO)
GOFMT ?= $(shell $(GO) env GOROOT 2>/dev/null)/bin/gofmt
# Tools that run `go` themselves (go tool fyne) must find the same one.
GO_DIR := $(patsubst %/,%,$(dir $(GO)))
ifneq ($(GO_DIR),.)
export PATH := $(GO_DIR):$(PATH)
endif

BIN := bin
DIST := dist
BENCHFLAGS ?=

.PHONY: help deps modules build visualizer slidelab run test fmt-check vet vet-web vet-windows bench bench78 bench6666 test-full \
	package icon clean screenshots fuzz web web-test windows windows-test windows-unit

help:
	@echo "make run         install Debian build packages if missing, build and run the visualizer"
	@echo "make test        install Debian build packages if missing; gofmt check, go vet (also for js/wasm and windows), go test -race"
	@echo "make test-short  go test -short ./... without -race: the quick check while editing (about a minute warm)"
	@echo "make test-full   the full test matrices without -race (SLIDELAB_FULL=1: exhaustive checks, big tables); CI runs it"
	@echo "make lint        go vet and staticcheck $(STATICCHECK_VERSION)"
	@echo "make build       $(BIN)/visualizer (Fyne, cgo) and $(BIN)/slidelab (CGO_ENABLED=0)"
	@echo "make bench       benchmarks of ./core/... (BENCHFLAGS=-benchmem for allocations)"
	@echo "make bench78     build (1.2 GB, about 20 s), load and search with the 7-8 pattern databases"
	@echo "make bench6666   build (0.6 GB, about 15 s), load and check the 24-puzzle's 6-6-6-6 databases (cache: PDB6666_CACHE)"
	@echo "make fuzz        run every fuzz target for FUZZTIME each (default $(FUZZTIME))"
	@echo "make package     Linux desktop package $(DIST)/Slidelab.tar.xz via the fyne tool"
	@echo "make windows     $(DIST)/Slidelab.exe (fyne tool, MinGW-w64) and $(DIST)/cli/slidelab.exe"
	@echo "make windows-test  make windows, then start Slidelab.exe under Wine and Xvfb (screenshot in docs/)"
	@echo "make windows-unit  the tests of every cgo-free package, cross-compiled and run under Wine"
	@echo "make icon        regenerate Icon.png with tools/icongen"
	@echo "make screenshots PNGs of every view in docs/ (the app under Xvfb)"
	@echo "make web         the app for browsers: a static folder $(WEB)/ for any web server"
	@echo "make web-test    serve $(WEB)/, open it in headless Chromium, press Step, check the board changed, open a link"
	@echo "make clean       remove $(BIN)/ and $(DIST)/"
	@echo "make examples    run every shell example of README.md and docs/ (tools/doccheck)"
	@echo "make version     print the version (internal/version) of bin/slidelab"
	@echo "make dist        release archives and SHA256SUMS in $(RELEASE)/ (Linux, Windows, web; minutes)"
	@echo "make dist-cli    only the Linux command-line archive and SHA256SUMS (seconds)"
	@echo "using GO=$(GO)"

deps:
	@scripts/debian-deps.sh build

modules:
	$(GO) mod download

build: visualizer slidelab

# A development build reads FyneApp.toml (ID, version, [Migrations]) from
# the executable's directory, so a copy goes next to the binary, with the
# icon path made absolute (Fyne resolves it against the working directory).
visualizer: deps modules
	@mkdir -p $(BIN)
	@if [ ! -x $(BIN)/visualizer ]; then echo "building the app: the first build compiles GLFW (C, cgo) and takes about 4-8 minutes; later builds take seconds ..."; fi
	$(GO) build -o $(BIN)/visualizer ./cmd/visualizer
	@sed 's|^\( *Icon *= *\)"Icon.png"|\1"$(CURDIR)/Icon.png"|' FyneApp.toml >$(BIN)/FyneApp.toml

slidelab: modules
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -o $(BIN)/slidelab ./cmd/slidelab

run: visualizer
	./$(BIN)/visualizer

# Tests. Each step prints its wall and CPU time (scripts/timed.sh).
#
# make test runs every package under the race detector, in its race form:
# checks about goroutines (background jobs, parallel workers, cancellation,
# progress) at full strength; repetitions of them over algorithms, boards,
# zooms and screens, and checks that are not about goroutines (layout,
# drawing, exhaustive consistency, the largest reference builds), as a
# sample. Without -race (make test-short) and with SLIDELAB_FULL=1 (make
# test-full, internal/testfull; CI runs it after make test) every test runs
# its whole matrix. docs/testing.md says what each race form keeps and
# where the time went. Every package fits Go's default limit of 10 minutes
# a test binary; TEST_TIMEOUT leaves room for a run beside other CPU-heavy
# work (a load of 6 on 2 cores slows a package three to four times) and
# still stops a hung test.
.PHONY: test-short test-full lint staticcheck

TIMED := scripts/timed.sh
TEST_TIMEOUT ?= 45m
TESTFLAGS ?=

# The race runtime sleeps a second before each test binary exits, so that
# other threads can finish printing a report; 50 ms is ample for that and
# saves about half a minute over the 48 test binaries (2 at a time).
GORACE ?= atexit_sleep_ms=50

# go test runs the packages in the order given, two at a time: the ones
# whose race run takes longest (each mostly on one core) go first, so that
# the two cores stay busy to the end instead of one waiting for a long
# package begun last. ./... adds the rest (go test lists a package once).
SLOW_FIRST := ./gui ./gui/internal/searchview ./gui/internal/pdbview ./core/search \
	./cmd/slidelab ./core/pdb ./internal/render

test: deps fmt-check vet vet-web vet-windows
	@$(TIMED) test env GORACE="$(GORACE)" $(GO) test -race -timeout $(TEST_TIMEOUT) $(TESTFLAGS) $(SLOW_FIRST) ./...

# The edit-test loop: no race detector, long checks skipped (testing.Short).
test-short:
	@$(TIMED) test-short $(GO) test -short $(TESTFLAGS) ./...

test-full:
	@$(TIMED) test-full env SLIDELAB_FULL=1 $(GO) test -timeout $(TEST_TIMEOUT) $(TESTFLAGS) ./...

fmt-check:
	@$(TIMED) fmt-check env GOFMT="$(GOFMT)" scripts/gofmt-check.sh

vet: deps
	@$(TIMED) vet $(GO) vet ./...

# The browser build (make web) has files of its own (*_js.go): vet them
# too, so a change that breaks it fails make test, not a class's web page.
vet-web:
	@$(TIMED) vet-web env GOOS=js GOARCH=wasm $(GO) vet ./cmd/visualizer ./gui/... ./charts/... ./core/... ./internal/...

# Everything but the app's main package builds without cgo, so go vet can
# check it for Windows here, in seconds once cached; make windows builds
# the rest.
vet-windows:
	@$(TIMED) vet-windows env GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) vet $$($(GO) list ./... | grep -v '/cmd/visualizer$$')

# staticcheck at a fixed version, fetched and built by go run (cached after
# the first run; no entry in go.mod, so the app's dependencies stay as they
# are). Version 0.8.x is the one that knows Go 1.26.
STATICCHECK_VERSION ?= v0.8.2
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

lint: vet staticcheck

staticcheck: deps
	@$(TIMED) staticcheck $(STATICCHECK) ./...

bench:
	$(GO) test -run='^$$' -bench=. $(BENCHFLAGS) ./core/...

# The 7-8 pattern databases: build from scratch (about 2.2 GB, minutes), load
# from the cache, and Korf's 100 with them and the reflected lookup.
bench78:
	SLIDELAB_BENCH78=1 $(GO) test -run='^$$' -bench='Build78|Load78' -benchtime=1x $(BENCHFLAGS) ./core/pdb/
	$(GO) test -run='^$$' -bench='IDAPDB78' -benchtime=1x $(BENCHFLAGS) ./core/search/

PDB6666_CACHE ?= /tmp/slidelab-pdb6666
bench6666:
	SLIDELAB_BENCH6666=$(PDB6666_CACHE) $(GO) test -run='^$$' -bench='Build6666|Load6666' -benchtime=1x $(BENCHFLAGS) ./core/pdb/
	SLIDELAB_PDB6666=$(PDB6666_CACHE) $(GO) test -run='TestPDB6666Admissible' -v $(BENCHFLAGS) ./core/search/

# Fuzz targets where input is hostile: typed boards, instance files, table
# files, partitions. One at a time (go test -fuzz takes one target); a short
# minimisation time keeps a run from stalling on a crasher, which Go saves
# under the package's testdata/fuzz/ as a regression seed.
FUZZTIME ?= 2m
FUZZ_TARGETS := core/board:FuzzParse core/board:FuzzReadInstances core/pdb:FuzzDecode core/pdb:FuzzParsePartition
FUZZ_TARGETS += internal/sessionfile:FuzzDecode core/search:FuzzParseHeuristic
FUZZ_TARGETS += core/tracecheck:FuzzParse core/tracecheck:FuzzScan core/tracecheck:FuzzCheck
FUZZ_TARGETS += internal/lesson:FuzzParse internal/lesson:FuzzParseLink internal/lesson:FuzzResolve

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; fn=$${t#*:}; \
		echo "== $$fn in ./$$pkg for $(FUZZTIME)"; \
		CGO_ENABLED=0 $(GO) test ./$$pkg -run='^$$' -fuzz="^$$fn$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=10s; \
	done

# fyne package reads FyneApp.toml and Icon.png from the main package's
# directory and bumps Build in that FyneApp.toml, so it gets copies that are
# removed afterwards; the FyneApp.toml at the root stays as it is.
package: modules
	@scripts/debian-deps.sh package
	@for f in FyneApp.toml Icon.png; do \
		if [ -e cmd/visualizer/$$f ]; then echo "cmd/visualizer/$$f exists; remove it first" >&2; exit 1; fi; \
	done
	@mkdir -p $(DIST)
	@rm -f $(DIST)/Slidelab.tar.xz
	set -e; trap 'rm -f "$(CURDIR)/cmd/visualizer/FyneApp.toml" "$(CURDIR)/cmd/visualizer/Icon.png"' EXIT; \
	cp FyneApp.toml Icon.png cmd/visualizer/; \
	cd $(DIST) && $(GO) tool fyne package --os linux --release --src "$(CURDIR)/cmd/visualizer"
	@scripts/fix-fyne-tarball.sh $(DIST)/Slidelab.tar.xz
	@ls -l $(DIST)/Slidelab.tar.xz

# Windows (amd64), cross-compiled: the app with cgo through the MinGW-w64
# compiler, packed by the fyne tool (icon, version and manifest in the .exe);
# the CLI without cgo, in a folder of its own (Slidelab.exe and
# slidelab.exe are one name to Windows). fyne package --os windows builds visualizer.exe in the
# main package's directory and renames it in the working directory, so it
# runs there, with the same temporary FyneApp.toml and Icon.png as package.
# The tool is built for this machine first (go tool -n prints its path):
# under GOOS=windows, go tool fyne would build a fyne.exe it cannot run.
# A release build compiles C with -fstack-protector-strong and
# -D_FORTIFY_SOURCE=3 but adds the matching link flags for Linux and macOS
# only; MinGW-w64 finds __stack_chk_fail and __chk_fail in libssp, linked
# statically here, so the .exe needs no libssp-0.dll. (-O2 -g is Go's
# default CGO_LDFLAGS. GOFLAGS=-ldflags=-extldflags=... does not work: the
# fyne tool drops GOFLAGS after its first of two builds.)
# Neither target is part of make test (the cold cgo build takes minutes).
WINDOWS_CC ?= x86_64-w64-mingw32-gcc
WINDOWS_JUNK := FyneApp.toml Icon.png visualizer.exe Slidelab.exe fyne.syso FyneApp.ico visualizer.exe.manifest fyne_metadata_init.go

windows: modules
	@scripts/debian-deps.sh windows
	@for f in $(WINDOWS_JUNK); do \
		if [ -e cmd/visualizer/$$f ]; then echo "cmd/visualizer/$$f exists; remove it first" >&2; exit 1; fi; \
	done
	@mkdir -p $(DIST)
	@rm -f $(DIST)/Slidelab.exe $(DIST)/cli/slidelab.exe
	set -e; trap 'cd "$(CURDIR)/cmd/visualizer" && rm -f $(WINDOWS_JUNK)' EXIT; \
	cp FyneApp.toml Icon.png cmd/visualizer/; \
	fyne=$$($(GO) tool -n fyne); \
	cd cmd/visualizer && CC=$(WINDOWS_CC) CGO_ENABLED=1 GOOS=windows GOARCH=amd64 \
		CGO_LDFLAGS="-O2 -g -l:libssp.a" \
		"$$fyne" package --os windows --release; \
	mv Slidelab.exe "$(CURDIR)/$(DIST)/Slidelab.exe"
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 $(GO) build -trimpath -ldflags=-s -o $(DIST)/cli/slidelab.exe ./cmd/slidelab
	@ls -l $(DIST)/Slidelab.exe $(DIST)/cli/slidelab.exe

# Starts dist/Slidelab.exe under Wine on a private Xvfb screen, saves a
# screenshot and checks that the window shows something and takes keys.
windows-test: windows
	@scripts/debian-deps.sh windows-test
	scripts/windows-smoke.sh $(DIST)/Slidelab.exe docs/screenshot-windows-wine.png

# The cgo-free packages' tests, cross-compiled and run under Wine.
windows-unit: modules
	@scripts/debian-deps.sh windows-test
	GO=$(GO) scripts/windows-unit.sh

icon:
	$(GO) run ./tools/icongen -o Icon.png

clean:
	rm -rf $(BIN) $(DIST)

# Screenshots of every view for the README: the real app under Xvfb, each
# view opened in a demo state (SLIDELAB_VIEW, SLIDELAB_DEMO); the app creates
# a file when the state is reached and ImageMagick captures the screen.
# Settings come from a fresh config directory holding only the zoom and the
# window's size, so a teacher's saved zoom, theme or window do not leak in;
# pattern databases come from the usual cache. Each shot is NAME:VIEW:THEME:
# SCREEN:ZOOM.
SHOTS := puzzle:puzzle:light:1280x800:1 search:search:light:1280x800:1 running:running:light:1280x800:1 \
	pdb:pdb:light:1280x800:1 pdb8:pdb8:light:1280x800:1 compare:compare:light:1280x800:1 \
	puzzle-dark:puzzle:dark:1280x800:1 present:present:light:1920x1080:1.5 race:race:light:1920x1080:1.5 \
	tree:tree:light:1920x1080:1.5 pdbstate:pdbstate:light:1920x1080:1.5 \
	predict:predict:light:1920x1080:1.5 code:code:light:1920x1080:1.5 quality:quality:light:1280x800:1 \
	dpdb:dpdb:light:1280x800:1 search5x5:search5x5:light:1920x1080:1.5

screenshots: visualizer
	@scripts/debian-deps.sh screenshots
	@mkdir -p docs
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp" || true' EXIT; \
	shot() { \
		name=$$1; view=$$2; theme=$$3; screen=$$4; zoom=$$5; \
		rm -rf "$$tmp/ready" "$$tmp/config"; mkdir -p "$$tmp/config/fyne/io.slidelab.visualizer"; \
		printf '{"zoom":%s,"window.width":%s,"window.height":%s}\n' $$zoom $${screen%x*} $${screen#*x} \
			>"$$tmp/config/fyne/io.slidelab.visualizer/preferences.json"; \
		XDG_CONFIG_HOME="$$tmp/config" SLIDELAB_VIEW=$$view SLIDELAB_DEMO=1 SLIDELAB_READY="$$tmp/ready" \
		FYNE_THEME=$$theme timeout 300 xvfb-run -a -s "-screen 0 $${screen}x24" sh -c '\
			./$(BIN)/visualizer 2>"$$0/stderr" & app=$$!; \
			i=0; while [ ! -e "$$0/ready" ] && [ $$i -lt 1200 ] && kill -0 $$app 2>/dev/null; do sleep 0.1; i=$$((i+1)); done; \
			if [ ! -e "$$0/ready" ]; then kill $$app 2>/dev/null; cat "$$0/stderr" >&2; echo "screenshot $$1: the view never got ready" >&2; exit 1; fi; \
			j=0; while :; do import -window root "$$1"; \
				[ "$$(convert "$$1" -format "%[fx:standard_deviation>0]" info:)" = 1 ] && break; \
				j=$$((j+1)); if [ $$j -ge 300 ]; then kill $$app; echo "screenshot $$1: the screen stayed one flat colour" >&2; exit 1; fi; sleep 0.2; \
			done; kill $$app; wait $$app 2>/dev/null || true' "$$tmp" "docs/screenshot-$$name.png"; \
		echo "docs/screenshot-$$name.png ($$screen, zoom $$zoom)"; \
	}; \
	for s in $(SHOTS); do IFS=:; set -- $$s; unset IFS; shot "$$@"; done

# The app in a browser: fyne package --os web builds cmd/visualizer for
# GOOS=js GOARCH=wasm (no cgo, no Debian packages) into a static folder
# (index.html, Slidelab.wasm, wasm_exec.js, icons). Like make package it
# gets copies of FyneApp.toml and Icon.png, removed afterwards. fyne writes
# the folder as wasm/ in its working directory; it becomes $(WEB).
WEB := $(DIST)/web
WEBTEST_OUT := $(DIST)/web-test
# Brotli quality of the precompressed Slidelab.wasm.br (0-11): 9 gives 13.3 MB
# in 40 s of CPU, 5 13.8 MB in 3 s, 11 takes many minutes (docs/platforms.md).
BROTLI_Q ?= 9

web: modules
	@scripts/debian-deps.sh web
	@for f in FyneApp.toml Icon.png; do \
		if [ -e cmd/visualizer/$$f ]; then echo "cmd/visualizer/$$f exists; remove it first" >&2; exit 1; fi; \
	done
	@mkdir -p $(DIST)
	@rm -rf $(DIST)/wasm $(WEB)
	set -e; trap 'rm -f "$(CURDIR)/cmd/visualizer/FyneApp.toml" "$(CURDIR)/cmd/visualizer/Icon.png"' EXIT; \
	cp FyneApp.toml Icon.png cmd/visualizer/; \
	cd $(DIST) && $(GO) tool fyne package --os web --release --src "$(CURDIR)/cmd/visualizer"
	@mv $(DIST)/wasm $(WEB)
	@# Fetch the app from the start of the page, not after its onload event
	@# (fyne's index.html starts the download once the icons have loaded).
	@grep -q '<meta charset="utf-8">' $(WEB)/index.html || { echo "web: index.html changed; no preload" >&2; exit 1; }
	sed -i 's|<meta charset="utf-8">|&<link rel="preload" href="Slidelab.wasm" as="fetch" type="application/wasm" crossorigin><link rel="preload" href="wasm_exec.js" as="script">|' $(WEB)/index.html
	@# No animated spinner while the app loads: each of its frames costs the
	@# browser a composite, which on software WebGL (SwiftShader) held back
	@# the app's own GL calls by 50 ms each (docs/performance.md). The page
	@# says what it is doing in words (fyne's "Downloading...", "Starting...").
	@grep -q '<picture>' $(WEB)/index.html || { echo "web: index.html changed; no spinner to drop" >&2; exit 1; }
	perl -0pi -e 's|<picture>.*?</picture>||s' $(WEB)/index.html
	@# Compile the app while the page loads: fyne's page starts compiling
	@# only after its onload event and a WebGL check (a throwaway context:
	@# 0.2 to 0.5 s on software WebGL), one after the other. The head now
	@# starts WebAssembly.compileStreaming at once, and the loader
	@# instantiates that module (the old path when the browser lacks it).
	@grep -q 'WebAssembly.instantiateStreaming(fetch("Slidelab.wasm"), go.importObject).then((result) => {' $(WEB)/index.html || { echo "web: index.html changed; no early compile" >&2; exit 1; }
	perl -0pi -e 's|(<link rel="preload" href="wasm_exec.js" as="script">)|$$1<script>var slidelabModule = typeof WebAssembly === "object" && WebAssembly.compileStreaming ? WebAssembly.compileStreaming(fetch("Slidelab.wasm")) : null; if (slidelabModule) slidelabModule.catch(function () {});</script>|; s|WebAssembly.instantiateStreaming\(fetch\("Slidelab.wasm"\), go.importObject\)\.then\(\(result\) => \{(\s*action.innerHTML = "Starting application.";\s*)go.run\(result.instance\);|(slidelabModule ? slidelabModule.then((m) => WebAssembly.instantiate(m, go.importObject)) : WebAssembly.instantiateStreaming(fetch("Slidelab.wasm"), go.importObject).then((r) => r.instance)).then((instance) => {$$1go.run(instance);|' $(WEB)/index.html
	@grep -q 'go.run(instance)' $(WEB)/index.html || { echo "web: index.html changed; the loader was not rewritten" >&2; exit 1; }
	rm -f $(WEB)/spinner_dark.gif $(WEB)/spinner_light.gif
	$(GO) run ./tools/webtables -out $(WEB)/tables
	gzip -9 -k $(WEB)/Slidelab.wasm
	@if command -v brotli >/dev/null 2>&1; then set -x; brotli -q $(BROTLI_Q) -k $(WEB)/Slidelab.wasm; \
	else echo "web: no brotli; Slidelab.wasm.gz only (apt-get install brotli)"; fi
	@du -sh $(WEB); ls -l $(WEB) $(WEB)/tables

# Serves $(WEB) with tools/webserve on a free port and runs
# tools/webtest/webtest.mjs (playwright-core driving Debian's Chromium):
# waits for the board, for the start-up pattern database to be built in
# the page, presses Step and fails unless the board changed; then opens a
# link naming an 8-puzzle board and checks the page opened and drew it. Screenshots
# and timings go to $(WEBTEST_OUT)/. Several minutes: not part of make test.
web-test: web
	@scripts/debian-deps.sh web-test
	cd tools/webtest && npm ci --no-audit --no-fund --loglevel=error
	@mkdir -p $(BIN) $(WEBTEST_OUT)
	CGO_ENABLED=0 $(GO) build -o $(BIN)/webserve ./tools/webserve
	@set -e; log=$$(mktemp); \
	./$(BIN)/webserve -addr 127.0.0.1:0 -dir $(WEB) >"$$log" 2>&1 & srv=$$!; \
	trap 'kill $$srv 2>/dev/null || true; rm -f "$$log"' EXIT; \
	i=0; while ! grep -q '^serving' "$$log" && [ $$i -lt 100 ]; do sleep 0.1; i=$$((i+1)); done; \
	url=$$(sed -n 's/^serving .* at //p' "$$log"); \
	if [ -z "$$url" ]; then cat "$$log" >&2; echo "web-test: the server did not start" >&2; exit 1; fi; \
	node tools/webtest/webtest.mjs "$$url" "$(WEBTEST_OUT)"

# Docs: every ```sh block of README.md, CONTRIBUTING.md and docs/ runs as
# shown against a slidelab built from this tree (tools/doccheck; blocks
# marked <!-- slow --> are skipped), and every link points to a file.
.PHONY: examples version
examples:
	$(GO) test -count=1 ./tools/doccheck ./docs

version: slidelab
	@./$(BIN)/slidelab version

# Release archives, named from the version in internal/version (through
# slidelab version --short; FyneApp.toml repeats it, checked by a test):
#   slidelab-V-linux-ARCH.tar.xz      the app as fyne packs it (app/: binary,
#                                     .desktop, icon, Makefile for make install)
#                                     and the CLI, with LICENSE, README, CHANGELOG
#   slidelab-V-linux-ARCH-cli.tar.gz  the CLI alone (no cgo: any Linux)
#   slidelab-V-windows-amd64.zip      Slidelab.exe, cli/slidelab.exe
#   slidelab-V-web.zip                the browser folder (make web)
#   SHA256SUMS                        of the archives of version V
# Builds record the commit (-buildvcs=auto, whatever GOFLAGS says); archive
# members are sorted and owned by root (zip members as zip finds them). The
# cold cgo builds take minutes.
RELEASE := $(DIST)/release
RELEASE_DOCS := LICENSE README.md CHANGELOG.md
.PHONY: dist dist-cli dist-linux dist-windows dist-web dist-sums

dist: dist-cli dist-linux dist-windows dist-web
	@$(MAKE) --no-print-directory dist-sums
	@ls -l $(RELEASE)

dist-cli: slidelab
	@scripts/debian-deps.sh dist
	@set -e; v=$$(./$(BIN)/slidelab version --short); arch=$$($(GO) env GOARCH); \
	d=slidelab-$$v-linux-$$arch-cli; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	mkdir -p "$$tmp/$$d" $(RELEASE); \
	CGO_ENABLED=0 GOOS=linux $(GO) build -buildvcs=auto -trimpath -ldflags=-s -o "$$tmp/$$d/slidelab" ./cmd/slidelab; \
	cp $(RELEASE_DOCS) "$$tmp/$$d/"; \
	tar -C "$$tmp" --sort=name --owner=0 --group=0 --numeric-owner -czf $(RELEASE)/$$d.tar.gz $$d; \
	echo "$(RELEASE)/$$d.tar.gz"
	@$(MAKE) --no-print-directory dist-sums

dist-linux: package slidelab
	@scripts/debian-deps.sh dist
	@set -e; v=$$(./$(BIN)/slidelab version --short); arch=$$($(GO) env GOARCH); \
	d=slidelab-$$v-linux-$$arch; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	mkdir -p "$$tmp/$$d/app" $(RELEASE); \
	tar -C "$$tmp/$$d/app" -xJf $(DIST)/Slidelab.tar.xz; \
	CGO_ENABLED=0 GOOS=linux $(GO) build -buildvcs=auto -trimpath -ldflags=-s -o "$$tmp/$$d/slidelab" ./cmd/slidelab; \
	cp $(RELEASE_DOCS) "$$tmp/$$d/"; \
	tar -C "$$tmp" --sort=name --owner=0 --group=0 --numeric-owner -cJf $(RELEASE)/$$d.tar.xz $$d; \
	echo "$(RELEASE)/$$d.tar.xz"

dist-windows: windows slidelab
	@scripts/debian-deps.sh dist
	@set -e; v=$$(./$(BIN)/slidelab version --short); d=slidelab-$$v-windows-amd64; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; mkdir -p "$$tmp/$$d/cli" $(RELEASE); \
	cp $(DIST)/Slidelab.exe "$$tmp/$$d/"; cp $(DIST)/cli/slidelab.exe "$$tmp/$$d/cli/"; \
	cp $(RELEASE_DOCS) "$$tmp/$$d/"; rm -f "$(CURDIR)/$(RELEASE)/$$d.zip"; \
	(cd "$$tmp" && zip -qrX "$(CURDIR)/$(RELEASE)/$$d.zip" $$d); \
	echo "$(RELEASE)/$$d.zip"

dist-web: web slidelab
	@scripts/debian-deps.sh dist
	@set -e; v=$$(./$(BIN)/slidelab version --short); d=slidelab-$$v-web; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; mkdir -p "$$tmp/$$d" $(RELEASE); \
	cp -R $(WEB)/. "$$tmp/$$d/"; cp $(RELEASE_DOCS) "$$tmp/$$d/"; rm -f "$(CURDIR)/$(RELEASE)/$$d.zip"; \
	(cd "$$tmp" && zip -qrX "$(CURDIR)/$(RELEASE)/$$d.zip" $$d); \
	echo "$(RELEASE)/$$d.zip"

# SHA256SUMS lists the archives of the version being built (sha256sum -c
# SHA256SUMS in $(RELEASE) checks them).
dist-sums: slidelab
	@set -e; v=$$(./$(BIN)/slidelab version --short); cd $(RELEASE) && \
	sha256sum $$(ls slidelab-$$v-* | sort) >SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS; \
	echo "$(RELEASE)/SHA256SUMS:"; cat SHA256SUMS
