#!/usr/bin/env python3
"""Runs axe-core on pages of a built site, at given widths and colour schemes, in Chromium or WebKitGTK, and
fails on any violation, whatever its impact.

Usage: axe_check.py SITE_DIR [--setting ENGINE:WIDTH:SCHEME]... (--all | PAGE...)

SITE_DIR is a build output folder, served on a free loopback port for the run. Each PAGE is a site path such as
/orgs/; a segment `*` stands for the first page in sorted order that matches, so /bills/*/ checks one bill.
`--all` checks every HTML file of the site. A setting such as `chromium:375:dark` is an engine (chromium, or
webkit, which needs an X display: run it under xvfb-run), a viewport width in CSS pixels and a colour scheme
(light or dark); the default is chromium:1280:light. Each page is loaded once per engine and scheme and checked
at each width. See site_browser.py for how each engine is set up.

The rules are axe's WCAG 2.0, 2.1 and 2.2 level A and AA rules and its best practices. axe-core itself is the
axe.min.js that PyPI's axe-playwright-python ships, injected into each page through selenium (the package is
installed without its Playwright dependency and never imported: make gate-deps).
"""
import argparse
import concurrent.futures
import importlib.util
import itertools
import pathlib
import sys
import time

import site_browser

AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]},
    "resultTypes": ["violations"],
}
RUN_AXE = """
const done = arguments[arguments.length - 1];
axe.run(document, arguments[0]).then(done, error => done({error: String(error)}));
"""


def axe_source() -> str:
    """The text of axe.min.js from the installed axe-playwright-python, found without importing the package."""
    spec = importlib.util.find_spec("axe_playwright_python")
    script = spec and pathlib.Path(next(iter(spec.submodule_search_locations))) / "axe.min.js"
    if not script or not script.is_file():
        sys.exit("axe: axe.min.js not found: install PyPI's axe-playwright-python without dependencies (make gate-deps)")
    return script.read_text(encoding="utf-8")


def report(setting: site_browser.Setting, page: str, violations: list) -> list[str]:
    lines = []
    for violation in violations:
        lines.append(f"axe: {setting}: {page}: {violation['impact']}: {violation['id']}: {violation['help']} "
                     f"({violation['helpUrl']})")
        lines += [f"    {' '.join(map(str, node['target']))}: {node['html'][:160]}" for node in violation["nodes"][:5]]
    return lines


def check(engine: str, scheme: str, widths: list[int], pages: list[str], port: int, axe_script: str) -> dict:
    """Runs axe on `pages` in one browser: each page loaded once, then checked at each width.
    Returns the report's lines and the violation count by page, and the axe-core version."""
    found = {}
    browser = site_browser.Browser(engine, scheme)
    try:
        # Chromium runs axe.min.js in every page it loads; WebKit is handed it (half a megabyte) per page.
        if engine == "chromium":
            browser.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": axe_script})
        for page in pages:
            browser.driver.get(f"http://127.0.0.1:{port}{page}")
            if engine != "chromium":
                browser.driver.execute_script(axe_script)
            lines, count = [], 0
            for width in widths:
                setting = site_browser.Setting(engine, width, scheme)
                browser.set_width(width)
                browser.check_setting(setting)
                results = browser.driver.execute_async_script(RUN_AXE, AXE_OPTIONS)
                if "error" in results:
                    sys.exit(f"axe: {setting}: {page}: axe.run failed: {results['error']}")
                count += len(results["violations"])
                lines += report(setting, page, results["violations"])
            found[page] = (lines, count)
        return {"found": found, "version": browser.driver.execute_script("return axe.version") if pages else "?"}
    finally:
        browser.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--setting", action="append", type=site_browser.Setting.parse, dest="settings")
    parser.add_argument("--all", action="store_true", help="every HTML file of the site")
    parser.add_argument("--jobs", type=int, default=1, help="browsers checking pages side by side (default 1)")
    parser.add_argument("pages", nargs="*")
    arguments = parser.parse_intermixed_args()
    site = arguments.site.resolve()
    if arguments.all == bool(arguments.pages):
        parser.error("give either --all or site paths")
    pages = site_browser.every_page(site) if arguments.all else [site_browser.resolve(site, p) for p in arguments.pages]
    settings = arguments.settings or [site_browser.Setting("chromium", 1280, "light")]
    jobs = max(1, min(arguments.jobs, len(pages)))
    axe_script = axe_source()
    server = site_browser.serve(site)
    failures = 0
    version = "?"
    try:
        by_browser = itertools.groupby(sorted(settings, key=lambda s: (s.engine, s.scheme, s.width)),
                                       key=lambda s: (s.engine, s.scheme))
        for (engine, scheme), group in by_browser:
            widths = [setting.width for setting in group]
            start = time.monotonic()
            # Each browser takes every jobs-th page; the report keeps the pages' order.
            with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
                runs = list(pool.map(lambda share: check(engine, scheme, widths, share, server.server_port, axe_script),
                                     [pages[index::jobs] for index in range(jobs)]))
            found = {page: result for run in runs for page, result in run["found"].items()}
            for page in pages:
                lines, count = found[page]
                if lines:
                    print("\n".join(lines))
                failures += count
            version = runs[0]["version"]
            names = ", ".join(f"{width}px" for width in widths)
            print(f"axe: {engine} {scheme} at {names}: {len(pages)} page(s) in {time.monotonic() - start:.0f} s")
    finally:
        server.shutdown()
    if failures:
        print(f"axe: {failures} violation(s)")
        return 1
    print(f"axe: no violations on {len(pages)} page(s) in {len(settings)} setting(s), axe-core {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
