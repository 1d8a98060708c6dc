#!/usr/bin/env python3
"""Measures `tally serve` after a saved row: the time from one donation written to the database to its organization's
page served with it, over HTTP, to the live-reload event that reloads open pages, and what serve printed.

Usage: bench/serve_bench.py [--site .bench/incremental/example-20000] [--saves 3] [--tally PATH]

The site is the one bench/incremental_bench.py makes (run it first with --n 20000 --pages 0 --runs 1). Serve starts on
a free port and builds once (a build left by `tally build --out public` is up to date or nearly); then, for each save,
one donation by ada to generated-000001 (as incremental_bench.py's edit), and the page /orgs/generated-000001/ is
fetched every 50 ms until it differs from what it was. The load average is printed beside each figure: the machine
may be shared.
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
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = "/orgs/generated-000001/"


def fetch(base):
    try:
        with urllib.request.urlopen(base + PAGE, timeout=30) as response:
            return response.read()
    except OSError:
        return None


def generation(base, after):
    """The live-reload event's generation once it is past `after` (the endpoint answers within 10 s either way)."""
    with urllib.request.urlopen("%s/__tally/events?after=%d" % (base, after), timeout=60) as response:
        return json.loads(response.read())["generation"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=os.path.join(ROOT, ".bench", "incremental", "example-20000"))
    parser.add_argument("--saves", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    database = os.path.join(args.site, "directory.sqlite")
    server = subprocess.Popen([os.path.abspath(args.tally), "serve", "--db", database, "--port", "0"], cwd=args.site,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    ready = threading.Event()

    def read():
        for line in server.stdout:
            lines.append((time.monotonic(), line.rstrip("\n")))
            if line.startswith("Serving at"):
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not ready.wait(900):
            sys.exit("serve did not start:\n" + "\n".join(line for _, line in lines))
        base = re.search(r"http://127\.0\.0\.1:\d+", [line for _, line in lines if line.startswith("Serving at")][0]).group(0)
        print("started: " + " | ".join(line for _, line in lines), flush=True)
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
            print("save %d: page served with the row after %.2f s, open pages told to reload after %.2f s, build done after "
                  "%.2f s (load %.1f); serve printed: %s" % (save, served, reloaded[0] - start, built, os.getloadavg()[0], printed),
                  flush=True)
    finally:
        server.terminate()
        server.wait(60)


if __name__ == "__main__":
    main()
