#!/usr/bin/env python3
"""Measures `tally serve` after a saved row: the time from one donation written to the database to its organization's
page served with it, over HTTP, to the live-reload event that reloads open pages, and to the end of serve's build.

Usage: bench/serve_bench.py [--site .bench/incremental/example-20000] [--saves 3] [--tally PATH] [--closed]

The site is the one bench/incremental_bench.py makes (run it first with --n 20000 --pages 0 --runs 1). Serve starts on
a free port and builds once (a build left by `tally build --out public` is up to date or nearly); then, for each save,
one donation by ada to generated-000001 (as incremental_bench.py's edit), and the page /orgs/generated-000001/ is
fetched every 50 ms until it differs from what it was. The page is kept open as a browser would keep it: a thread
long-polls the live-reload events with the page's path, as the injected script does, so serve renders it ahead of
the build and serves it from memory (--closed leaves it closed: the page then waits for the whole build). Printed
for each save: the open page served with the row, the open pages told to reload, serve's whole build done (its
"Built" line), and what serve printed, with the load average beside: the machine may be shared.
"""
import argparse
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
import json
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = "/orgs/generated-000001/"


def fetch(base):
    try:
        with urllib.request.urlopen(base + PAGE, timeout=30) as response:
            return response.read()
    except OSError:
        return None


def generation(base, after, page=None):
    """The live-reload event's generation once it is past `after` (the endpoint answers within 10 s either way);
    with `page`, asked as that page's script asks, which tells serve the page is open."""
    query = "after=%d" % after + ("&page=" + urllib.parse.quote(page, safe="") if page else "")
    with urllib.request.urlopen("%s/__tally/events?%s" % (base, query), timeout=60) as response:
        return json.loads(response.read())["generation"]


def keep_open(base, page, stop):
    """Long-polls the events with the page's path until `stop` is set, as the page's script does while it is open."""
    after = generation(base, -1, page)
    while not stop.is_set():
        try:
            after = max(after, generation(base, after, page))
        except OSError:
            time.sleep(0.1)


def start_serve(tally, site, arguments=()):
    """Starts `tally serve` on a free port in the folder `site` and waits until it listens (it builds first); returns
    the process and the list its output lines go to as they are read, each with the time it was read."""
    server = subprocess.Popen([os.path.abspath(tally), "serve", *arguments, "--port", "0"], cwd=site,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    ready = threading.Event()

    def read():
        for line in server.stdout:
            lines.append((time.monotonic(), line.rstrip("\n")))
            if line.startswith("Serving at"):
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(900):
        server.terminate()
        sys.exit("serve did not start:\n" + "\n".join(line for _, line in lines))
    print("started: " + " | ".join(line for _, line in lines), flush=True)
    return server, lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=os.path.join(ROOT, ".bench", "incremental", "example-20000"))
    parser.add_argument("--saves", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    parser.add_argument("--closed", action="store_true", help="do not keep the page open in a (simulated) browser")
    args = parser.parse_args()
    # Absolute: serve resolves --db against the site folder it runs in.
    database = os.path.join(os.path.abspath(args.site), "directory.sqlite")
    server, lines = start_serve(args.tally, args.site, ["--db", database])
    try:
        base = re.search(r"http://127\.0\.0\.1:\d+", [line for _, line in lines if line.startswith("Serving at")][0]).group(0)
        stop = threading.Event()
        if not args.closed:
            threading.Thread(target=keep_open, args=(base, PAGE, stop), daemon=True).start()
            time.sleep(0.5)
        for save in range(1, args.saves + 1):
            before = fetch(base)
            seen = len(lines)
            current = generation(base, -1)
            reloaded = []

            def wait_for_reload():
                while generation(base, current) <= current:
                    pass
                reloaded.append(time.monotonic())

            waiter = threading.Thread(target=wait_for_reload, daemon=True)
            waiter.start()
            with sqlite3.connect(database) as db:
                start = time.monotonic()
                db.execute("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) "
                           "SELECT u.id, o.id, ?, 'USD', '2025-06-30' FROM users u, organizations o "
                           "WHERE u.username = 'ada' AND o.slug = 'generated-000001'", (2000 + save,))
            while fetch(base) == before:
                time.sleep(0.05)
                if time.monotonic() - start > 900:
                    sys.exit("the page did not change in 900 s")
            served = time.monotonic() - start
            waiter.join(900)
            while not any(line.startswith(("Built", "Build failed")) for _, line in lines[seen:]):
                time.sleep(0.05)
            built = next(when for when, line in lines[seen:] if line.startswith(("Built", "Build failed"))) - start
            printed = " | ".join(line for _, line in lines[seen:])
            print("save %d (page %s): page served with the row after %.2f s, open pages told to reload after %.2f s, "
                  "build done after %.2f s (load %.1f); serve printed: %s"
                  % (save, "closed" if args.closed else "open", served, reloaded[0] - start, built, os.getloadavg()[0], printed),
                  flush=True)
        stop.set()
    finally:
        server.terminate()
        server.wait(60)


if __name__ == "__main__":
    main()
