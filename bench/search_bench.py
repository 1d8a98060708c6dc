#!/usr/bin/env python3
"""Times the example's organization search in headless Chromium: the bytes a first search fetches and the time
from typing to the first result, for the JSON index Tally writes (static/js/search.js reading orgs/search.json)
and, when the built folder has one, for a Pagefind index (`python3 -m pagefind --site FOLDER`).

Usage: bench/search_bench.py FOLDER [--query malaria] [--runs 5] [--port 8150] [--throttle]

FOLDER is a built site (public/ or any --out folder). The script serves it with Python's http.server, opens
/orgs/ in headless Chromium (selenium and chromedriver, as the site gates use), types the query into the
search box and waits for the status line; for Pagefind it loads /pagefind/pagefind.js on a blank page of the
site and awaits the first result's data. --throttle applies Chromium's network emulation at Lighthouse's
"slow 4G" (150 ms round trip, 1.6 Mbit/s down), since on localhost the transfer itself costs nothing.
Each run starts a new browser with an empty cache. Medians are printed.
"""
import argparse
import functools
import http.server
import os
import statistics
import threading

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SLOW_4G = {"latency": 150, "download_throughput": 1_600_000 // 8, "upload_throughput": 750_000 // 8}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder, port):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(throttle):
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    # Debian's driver, named, so selenium does not look for a browser to download.
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    if throttle:
        driver.set_network_conditions(offline=False, **SLOW_4G)
    return driver


TRANSFERRED = """
return performance.getEntriesByType('resource').filter(e => !e.name.endsWith('.css'))
  .reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
"""


def json_search(base, query, throttle):
    driver = browser(throttle)
    try:
        driver.get(base + "/orgs/")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "org-search").is_displayed())
        driver.execute_script("performance.clearResourceTimings()")
        started = driver.execute_script("return performance.now()")
        box = driver.find_element(By.ID, "org-search-input")
        box.send_keys(query)
        WebDriverWait(driver, 120, poll_frequency=0.01).until(
            lambda d: d.find_element(By.ID, "org-search-status").text.strip())
        done = driver.execute_script("return performance.now()")
        results = driver.execute_script("return document.querySelectorAll('#org-search-results li').length")
        return done - started, driver.execute_script(TRANSFERRED), results
    finally:
        driver.quit()


PAGEFIND = """
const done = arguments[arguments.length - 1];
const started = performance.now();
import(arguments[0] + '/pagefind/pagefind.js').then(async pagefind => {
  const search = await pagefind.search(arguments[1]);
  const first = search.results.length ? await search.results[0].data() : null;
  done([performance.now() - started, search.results.length, first ? first.url : '']);
}).catch(error => done([-1, 0, String(error)]));
"""


def pagefind_search(base, query, throttle):
    driver = browser(throttle)
    try:
        driver.set_script_timeout(120)
        driver.get(base + "/robots.txt")
        driver.execute_script("performance.clearResourceTimings()")
        elapsed, results, first = driver.execute_async_script(PAGEFIND, base, query)
        if elapsed < 0:
            raise SystemExit("pagefind failed: " + first)
        return elapsed, driver.execute_script(TRANSFERRED), results
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--query", default="malaria")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--port", type=int, default=8150)
    parser.add_argument("--throttle", action="store_true")
    args = parser.parse_args()
    server = serve(os.path.abspath(args.folder), args.port)
    base = "http://127.0.0.1:%d" % args.port
    kinds = [("orgs/search.json", json_search)]
    if os.path.isdir(os.path.join(args.folder, "pagefind")):
        kinds.append(("pagefind", pagefind_search))
    print("| index | query | results | fetched for the first search | time to first result (median of %d%s) |"
          % (args.runs, ", slow 4G" if args.throttle else ", localhost"))
    print("| --- | --- | ---: | ---: | ---: |")
    for name, run in kinds:
        samples = [run(base, args.query, args.throttle) for _ in range(args.runs)]
        elapsed = statistics.median(sample[0] for sample in samples)
        print("| %s | %s | %d | %.0f KB | %.0f ms |" % (name, args.query, samples[0][2], samples[0][1] / 1000, elapsed))
    server.shutdown()


if __name__ == "__main__":
    main()
