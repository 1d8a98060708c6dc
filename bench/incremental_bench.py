#!/usr/bin/env python3
"""Measures incremental builds: a full build, then one small edit and the build after it, and prints the pages
each build rendered and its wall and CPU time against the full build's.

Usage: bench/incremental_bench.py [--n 20000] [--pages 10000] [--runs R] [--tally PATH]

Example case: the repository's content, templates and views (copied to .bench/incremental/example-N/) on the
database bench/example_bench.py generates for N organizations (10·N donations), copied so the edits leave it alone.
Edits, each followed by `tally build --explain`: one donation by ada (published) added; the org page's template
(templates/org.mustache) given one more comment line.
Markdown case: bench/generate.py's markdown site of P pages (.bench/incremental/markdown-P/); edit: one page's
body gets one more sentence; and a build with nothing changed (stopped by the build stamp).
Each full build is `tally build --force` into the same output folder; R runs of each edit and build, medians.
"""
import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import measure  # noqa: E402
import example_bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, ".bench", "incremental")


def rendered(stdout):
    """Pages rendered: `Built N pages (R rendered, K kept; …` or, with nothing kept, every page."""
    match = re.search(r"Built (\d+) pages \((?:(\d+) rendered, (\d+) kept; )?", stdout)
    if not match:
        return 0, 0
    total = int(match.group(1))
    return (int(match.group(2)) if match.group(2) else total), total


def reasons(stdout):
    return [line for line in stdout.splitlines() if line.startswith("Rendered ")]


def timed(command, cwd, runs, before=None):
    """Median wall and CPU (user + sys) seconds of `runs` runs, and the last run's output."""
    results = []
    for _ in range(runs):
        if before:
            before()
        results.append(measure(command, cwd))
    return (statistics.median(r["wall"] for r in results), statistics.median(r["cpu"] for r in results)), results[-1]["stdout"]


def report(name, full, times, stdout):
    """Pages rendered, then wall and CPU time, each with its share of the full build's; and the load average, since
    the wall time means little on a shared machine."""
    count, total = rendered(stdout)
    print("%-34s %8d of %-8d %8.2f s wall %6.1f %%  %8.2f s CPU %6.1f %%  (load %.1f)"
          % (name, count, total, times[0], 100 * times[0] / full[0], times[1], 100 * times[1] / full[1], os.getloadavg()[0]),
          flush=True)
    for line in reasons(stdout):
        print("    " + line[:160])


def example_case(n, runs, tally):
    site = os.path.join(FOLDER, "example-%d" % n)
    shutil.rmtree(site, ignore_errors=True)
    os.makedirs(site)
    for name in ("content", "templates", "views", "static"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(site, name))
    shutil.copy(os.path.join(ROOT, "tally.yaml"), site)
    shutil.copytree(os.path.join(ROOT, "data"), os.path.join(site, "data"),
                    ignore=shutil.ignore_patterns("*.sqlite", "*.sqlite-*"))
    database = os.path.join(site, "directory.sqlite")
    shutil.copy(example_bench.database(n, tally), database)
    build = [tally, "build", "--db", database, "--out", "public", "--explain"]
    full, stdout = timed(build + ["--force"], site, runs)
    print("example, N=%d organizations" % n)
    report("full build (--force)", full, full, stdout)
    gift = [0]

    def add_donation():
        gift[0] += 1
        db = sqlite3.connect(database)
        db.execute("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at) "
                   "SELECT u.id, o.id, ?, 'USD', '2025-06-30' FROM users u, organizations o "
                   "WHERE u.username = 'ada' AND o.slug = 'generated-000001'", (1000 + gift[0],))
        db.commit()
        db.close()

    times, stdout = timed(build, site, runs, add_donation)
    report("one donation added", full, times, stdout)
    template = os.path.join(site, "templates", "org.mustache")

    def edit_template():
        with open(template, "a") as f:
            f.write("{{! bench edit }}\n")

    times, stdout = timed(build, site, runs, edit_template)
    report("org.mustache edited", full, times, stdout)


def markdown_case(pages, runs, tally):
    folder = os.path.join(FOLDER, "markdown-%d" % pages)
    if not os.path.isdir(os.path.join(folder, "tally")):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate.py"), "markdown", str(pages), folder,
                        "--tally", tally], check=True, capture_output=True)
    site = os.path.join(folder, "tally")
    build = [tally, "build", "--out", "public", "--explain"]
    full, stdout = timed(build + ["--force"], site, runs)
    print("markdown, %d pages" % pages)
    report("full build (--force)", full, full, stdout)
    times, stdout = timed(build, site, runs)
    report("nothing changed", full, times, stdout)
    content = os.path.join(site, "content")
    page = sorted(os.path.join(base, name) for base, _, names in os.walk(content) for name in names
                  if name.endswith(".md") and not name.startswith(("_", "index")))[len(os.listdir(content)) // 2]

    def edit_page():
        with open(page, "a") as f:
            f.write("\nOne more sentence.\n")

    times, stdout = timed(build, site, runs, edit_page)
    report("one page edited (%s)" % os.path.relpath(page, site), full, times, stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--pages", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    tally = os.path.abspath(args.tally)
    os.makedirs(example_bench.FOLDER, exist_ok=True)
    os.makedirs(FOLDER, exist_ok=True)
    print("%-34s %8s    %-8s %10s %14s" % ("build", "rendered", "pages", "wall", "CPU"))
    if args.n:
        example_case(args.n, args.runs, tally)
    if args.pages:
        markdown_case(args.pages, args.runs, tally)


if __name__ == "__main__":
    main()
