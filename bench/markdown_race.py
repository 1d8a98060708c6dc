#!/usr/bin/env python3
"""Builds Markdown sites many times on every core and compares each page with the `cmark-gfm` command.

Usage: bench/markdown_race.py [--builds 50] [--tally PATH]

Three sites are written under .bench/markdown-race/:
- race: 16 long pages full of autolinks and strikethrough, and 2,000 one-line pages that finish beside them,
  the shape that lost links at random while cmark-gfm's inline pass ran in parallel (github/cmark-gfm#176);
- spec-safe and spec-raw: every example of the GFM spec that Debian's cmark-gfm ships, one page each, with
  `raw_html: false` and `true`.

Each page's expected HTML is what `cmark-gfm` prints for its body with Tally's options. Every site is then built
`--builds` times with `tally build --force` (every page rendered on all cores) and every page compared. It prints
the pages that differed per build and exits 1 if any did. The layout is `{{{content}}}` alone, so a page's file
is exactly its body's HTML.
"""
import argparse
import concurrent.futures
import gzip
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = "/usr/share/doc/cmark-gfm/spec.txt.gz"
EXTENSIONS = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]


def race_pages():
    pages = {}
    for page in range(16):
        pages["long-%d" % page] = "".join(
            "Line %d of page %d: see www.example%d.org/search?q=Markup+(business) and ~~old~~ new text, "
            "or https://example.org/%d/%d and ~~gone~~ **kept**.\n" % (line, page, line, page, line)
            for line in range(300))
    for page in range(2000):
        pages["short/%d" % page] = "Short page %d, ~~draft~~ at www.short%d.org.\n" % (page, page)
    return pages


def spec_pages():
    fence = "`" * 32
    pages, markdown, in_html = {}, None, False
    for line in gzip.open(SPEC, "rt", encoding="utf-8").read().split("\n"):
        if line.startswith(fence + " example"):
            markdown, in_html = [], False
        elif markdown is not None and not in_html and line == ".":
            in_html = True
        elif markdown is not None and not in_html:
            markdown.append(line)
        elif markdown is not None and line == fence:
            pages["spec/%d" % (len(pages) + 1)] = "".join(l + "\n" for l in markdown).replace("→", "\t")
            markdown = None
    return pages


def reference(body, raw_html):
    options = ["--table-prefer-style-attributes"] + [a for e in EXTENSIONS for a in ("-e", e)]
    options += ["--unsafe"] if raw_html else []
    return subprocess.run(["cmark-gfm"] + options, input=body.encode(), capture_output=True, check=True).stdout


def write_site(directory, pages, raw_html, tally):
    os.makedirs(os.path.join(directory, "templates"), exist_ok=True)
    with open(os.path.join(directory, "tally.yaml"), "w") as f:
        f.write("title: Race\ndatabase: site.sqlite\nraw_html: %s\n" % ("true" if raw_html else "false"))
    with open(os.path.join(directory, "templates", "default.mustache"), "w") as f:
        f.write("{{{content}}}")
    for name, body in pages.items():
        path = os.path.join(directory, "content", name + ".md")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("---\ntitle: %s\n---\n%s" % (name, body))
    database = os.path.join(directory, "site.sqlite")
    if not os.path.exists(database):
        subprocess.run([tally, "migrate", database], check=True, capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--builds", type=int, default=50)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    sites = [("race", race_pages(), False), ("spec-safe", spec_pages(), False), ("spec-raw", spec_pages(), True)]
    failed = 0
    for name, pages, raw_html in sites:
        directory = os.path.join(ROOT, ".bench", "markdown-race", name)
        write_site(directory, pages, raw_html, args.tally)
        with concurrent.futures.ThreadPoolExecutor() as pool:
            expected = dict(zip(pages, pool.map(lambda body: reference(body, raw_html), pages.values())))
        wrong_builds = 0
        for build in range(1, args.builds + 1):
            subprocess.run([args.tally, "build", "--force"], cwd=directory, check=True, capture_output=True)
            wrong = [page for page, html in expected.items()
                     if open(os.path.join(directory, "public", page, "index.html"), "rb").read() != html]
            if wrong:
                wrong_builds += 1
                print("%s build %d: %d of %d pages differ, e.g. %s" % (name, build, len(wrong), len(pages), wrong[:3]))
        print("%s: %d pages, %d builds, %d with a differing page" % (name, len(pages), args.builds, wrong_builds))
        failed += wrong_builds
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
