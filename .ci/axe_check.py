#!/usr/bin/env python3
"""Runs axe-core in headless Chromium on pages of a built site and fails on serious or critical violations.

Usage: axe_check.py SITE_DIR PAGE...

SITE_DIR is a build output folder, served on a free loopback port for the run. Each PAGE is a site path such as
/orgs/; a segment `*` stands for the first page in sorted order that matches, so /bills/*/ checks one bill.
The rules are axe's WCAG 2.0 and 2.1 level A and AA rules. Uses Debian's chromium and chromium-driver with PyPI's
selenium; axe-core itself is the axe.min.js that PyPI's axe-playwright-python ships, injected into each page
through selenium (the package is installed without its Playwright dependency and never imported: make gate-deps).
"""
import functools
import http.server
import importlib.util
import pathlib
import shutil
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FAILING_IMPACTS = {"serious", "critical"}
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
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


def resolve(site: pathlib.Path, page: str) -> str:
    """A site path with `*` segments replaced by the first matching folder that holds an index.html."""
    if "*" not in page:
        return page
    matches = sorted(site.glob(page.strip("/") + "/index.html"))
    if not matches:
        sys.exit(f"axe: no page matches {page} in {site}")
    return "/" + str(matches[0].parent.relative_to(site)) + "/"


def serve(site: pathlib.Path) -> http.server.ThreadingHTTPServer:
    class QuietHandler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser() -> webdriver.Chrome:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        sys.exit("axe: chromium and chromedriver must be installed (Debian: chromium chromium-driver; run make gate-deps)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(executable_path=driver), options=options)
    # axe takes seconds on a large page, and much longer on a busy machine: allow for it.
    browser.set_script_timeout(300)
    browser.set_page_load_timeout(120)
    return browser


def main() -> int:
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    site = pathlib.Path(sys.argv[1]).resolve()
    pages = [resolve(site, page) for page in sys.argv[2:]]
    axe_script = axe_source()
    server = serve(site)
    driver = browser()
    failures = 0
    version = "?"
    try:
        for page in pages:
            driver.get(f"http://127.0.0.1:{server.server_port}{page}")
            driver.execute_script(axe_script)
            results = driver.execute_async_script(RUN_AXE, AXE_OPTIONS)
            if "error" in results:
                sys.exit(f"axe: {page}: axe.run failed: {results['error']}")
            version = driver.execute_script("return axe.version")
            violations = [v for v in results["violations"] if v.get("impact") in FAILING_IMPACTS]
            others = sorted(f"{v['id']} ({v.get('impact')})" for v in results["violations"] if v not in violations)
            print(f"axe: {page}: {len(violations)} serious or critical" + (f"; also {', '.join(others)}" if others else ""))
            for violation in violations:
                failures += 1
                print(f"  {violation['impact']}: {violation['id']}: {violation['help']} ({violation['helpUrl']})")
                for node in violation["nodes"][:5]:
                    print(f"    {' '.join(node['target'])}: {node['html'][:160]}")
    finally:
        driver.quit()
        server.shutdown()
    if failures:
        print(f"axe: {failures} serious or critical violation(s) on {len(pages)} page(s)")
        return 1
    print(f"axe: {len(pages)} page(s) passed, axe-core {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
