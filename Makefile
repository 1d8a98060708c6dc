# Tally's two Quick start commands: `make site` builds the example site, `make test` runs the tests.
# Both install the Debian packages Tally needs when they are missing (apt-get; sudo when not root).

SWIFT ?= swift
DEBIAN_PACKAGES = libcmark-gfm-dev libcmark-gfm-extensions-dev libsqlite3-dev pkg-config
TALLY = .build/release/tally

.PHONY: site test deps release example-db clean

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

clean:
	rm -rf .build public/* data/example.sqlite
