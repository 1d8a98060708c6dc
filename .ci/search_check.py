#!/usr/bin/env python3
"""The directory's search in headless Chromium: types a query into /orgs/'s search box, waits for the status line,
and checks that the results link to the organization expected, through the index expected.

Usage: .ci/search_check.py SITE --expect pagefind|json [--base /repo/] [--query malaria]
       [--finds /orgs/against-malaria-foundation/]

SITE is a built folder. --base serves it under a sub-path (a build made for https://user.github.io/repo/), so the
check covers how static/js/search.js finds its index and writes its links there. --expect names the index the
search must have read: `pagefind` (the folder holds pagefind/, written by `make search`) or `json`
(orgs/search.json, when it does not). Prints one line; exits non-zero with the reason on failure.
"""
import argparse
import pathlib
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from site_browser import Browser, serve

# Which files each index reads, as the page's resource timings name them.
INDEX_FILES = {"pagefind": "/pagefind/pagefind.js", "json": "/orgs/search.json"}


def check(site: pathlib.Path, base: str, expect: str, query: str, finds: str) -> str:
    with tempfile.TemporaryDirectory() as root:
        served = pathlib.Path(root)
        # A sub-path is a folder of that name linking to the site: the server's root then holds nothing else.
        if base != "/":
            (served / base.strip("/")).symlink_to(site.resolve(), target_is_directory=True)
        else:
            served = site
        server = serve(served)
        browser = Browser("chromium", "light")
        try:
            origin = f"http://127.0.0.1:{server.server_address[1]}"
            driver = browser.driver
            driver.get(origin + base + "orgs/")
            WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "org-search").is_displayed())
            driver.find_element(By.ID, "org-search-input").send_keys(query)
            WebDriverWait(driver, 60, poll_frequency=0.05).until(
                lambda d: d.find_element(By.ID, "org-search-status").text.strip())
            status = driver.find_element(By.ID, "org-search-status").text.strip()
            links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "#org-search-results a")]
            read = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        finally:
            browser.quit()
            server.shutdown()
    if not status.split()[0].isdigit() or status.startswith("0 "):
        sys.exit(f"search: {base}orgs/ `{query}`: the status line says {status!r}")
    wanted = origin + base + finds.lstrip("/")
    if wanted not in links:
        sys.exit(f"search: {base}orgs/ `{query}`: no result links to {wanted}; results: {links}")
    # Without pagefind/, the page asks for pagefind.js too (and gets a 404) before it reads the JSON file.
    used = [name for name, file in INDEX_FILES.items() if any(url.endswith(base.rstrip("/") + file) for url in read)]
    if expect not in used or (expect == "pagefind" and "json" in used):
        sys.exit(f"search: {base}orgs/ `{query}`: expected the {expect} index alone, but the page read {used or 'neither'}")
    return f"search: {base}orgs/ `{query}` through {expect}: {status} ({len(links)} listed, {finds} among them)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--expect", choices=sorted(INDEX_FILES), required=True)
    parser.add_argument("--base", default="/")
    parser.add_argument("--query", default="malaria")
    parser.add_argument("--finds", default="/orgs/against-malaria-foundation/")
    args = parser.parse_args()
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    print(check(args.site, base, args.expect, args.query, args.finds))


if __name__ == "__main__":
    main()
