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

.PHONY: help deps modules build visualizer slidelab run test fmt-check vet bench bench78 \
	package icon clean screenshots fuzz

help:
	@echo "make run         install Debian build packages if missing, build and run the visualizer"
	@echo "make test        install Debian build packages if missing; gofmt check, go vet, go test -race"
	@echo "make build       $(BIN)/visualizer (Fyne, cgo) and $(BIN)/slidelab (CGO_ENABLED=0)"
	@echo "make bench       benchmarks of ./core/... (BENCHFLAGS=-benchmem for allocations)"
	@echo "make bench78     build (2.2 GB, minutes), load and search with the 7-8 pattern databases"
	@echo "make fuzz        run every fuzz target for FUZZTIME each (default $(FUZZTIME))"
	@echo "make package     Linux desktop package $(DIST)/Slidelab.tar.xz via the fyne tool"
	@echo "make icon        regenerate Icon.png with tools/icongen"
	@echo "make screenshots PNGs of every view in docs/ (the app under Xvfb)"
	@echo "make clean       remove $(BIN)/ and $(DIST)/"
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
	$(GO) build -o $(BIN)/visualizer ./cmd/visualizer
	@sed 's|^\( *Icon *= *\)"Icon.png"|\1"$(CURDIR)/Icon.png"|' FyneApp.toml >$(BIN)/FyneApp.toml

slidelab: modules
	@mkdir -p $(BIN)
	CGO_ENABLED=0 $(GO) build -o $(BIN)/slidelab ./cmd/slidelab

run: visualizer
	./$(BIN)/visualizer

# Go's default of 10 minutes a test binary is too short for the gui and
# cmd/slidelab packages under -race on a machine shared with other work
# (8 minutes seen at a load of 11 on 2 cores).
test: deps fmt-check vet
	$(GO) test -race -timeout 30m ./...

fmt-check:
	@GOFMT="$(GOFMT)" scripts/gofmt-check.sh

vet: deps
	$(GO) vet ./...

bench:
	$(GO) test -run='^$$' -bench=. $(BENCHFLAGS) ./core/...

# The 7-8 pattern databases: build from scratch (about 2.2 GB, minutes), load
# from the cache, and Korf's 100 with them and the reflected lookup.
bench78:
	SLIDELAB_BENCH78=1 $(GO) test -run='^$$' -bench='Build78|Load78' -benchtime=1x $(BENCHFLAGS) ./core/pdb/
	$(GO) test -run='^$$' -bench='IDAPDB78' -benchtime=1x $(BENCHFLAGS) ./core/search/

# Fuzz targets where input is hostile: typed boards, instance files, table
# files, partitions. One at a time (go test -fuzz takes one target); a short
# minimisation time keeps a run from stalling on a crasher, which Go saves
# under the package's testdata/fuzz/ as a regression seed.
FUZZTIME ?= 2m
FUZZ_TARGETS := core/board:FuzzParse core/board:FuzzReadInstances core/pdb:FuzzDecode core/pdb:FuzzParsePartition
FUZZ_TARGETS += internal/sessionfile:FuzzDecode

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
	predict:predict:light:1920x1080:1.5 code:code:light:1920x1080:1.5 quality:quality:light:1280x800:1

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
			import -window root "$$1"; kill $$app; wait $$app 2>/dev/null || true' "$$tmp" "docs/screenshot-$$name.png"; \
		echo "docs/screenshot-$$name.png ($$screen, zoom $$zoom)"; \
	}; \
	for s in $(SHOTS); do IFS=:; set -- $$s; unset IFS; shot "$$@"; done
