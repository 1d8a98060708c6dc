# Tally's two Quick start commands: `make site` builds the example site, `make test` runs the tests.
# Both install the Debian packages Tally needs when they are missing (apt-get; sudo when not root).

SWIFT ?= swift
DEBIAN_PACKAGES = libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev pkg-config
TALLY = .build/release/tally

.PHONY: site test deps release example-db bench clean
# `make bench` compares Tally with Hugo for N = 1,000, 10,000 and 100,000 pages (about half an hour; see
# docs/performance.md). `make bench N=1000` is a quick run; RUNS=3 sets the runs per tool.
N ?= 1000,10000,100000
RUNS ?=

site: release example-db
	$(TALLY) build
	@echo "Open $(CURDIR)/public/index.html (or serve it: python3 -m http.server -d public 8000)"

test: deps
	$(SWIFT) test

deps:
	@missing=""; for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing; \
	fi

release: deps
	$(SWIFT) build -c release --product tally

example-db: release
	rm -f data/example.sqlite data/example.sqlite-*
	$(TALLY) migrate data/example.sqlite --seed data/example.sql

bench: release
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES=hugo
	python3 bench/run.py --n $(N) $(if $(RUNS),--runs $(RUNS))

clean:
	rm -rf .build .bench public/* data/example.sqlite
