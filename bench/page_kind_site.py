#!/usr/bin/env python3
"""A site of one kind of the example's pages, for callgrind: instructions per page of that kind alone.

Usage: bench/page_kind_site.py KIND PAGES FOLDER [--db PATH]

KIND is roll-call, member or organization. FOLDER gets the repository's templates, views and static files and
the one content file that makes that kind of page (content/roll-calls/[session]/[number].md,
content/representatives/[id].md or content/orgs/[slug].md), its `pages` query cut to the first PAGES rows, and a
tally.yaml without feeds that reads the database at --db (by default the whole Congress that
bench/congress_bench.py imports, or for organizations the 1,000-organization directory of bench/example_bench.py).
"""
import argparse
import os
import re
import shutil

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KINDS = {
    "roll-call": ("roll-calls/[session]/[number].md", ".bench/congress/congress.sqlite"),
    "member": ("representatives/[id].md", ".bench/congress/congress.sqlite"),
    "organization": ("orgs/[slug].md", ".bench/example/directory-1000.sqlite"),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=sorted(KINDS))
    parser.add_argument("pages", type=int)
    parser.add_argument("folder")
    parser.add_argument("--db")
    args = parser.parse_args()
    content, database = KINDS[args.kind]
    database = os.path.abspath(args.db or os.path.join(ROOT, database))
    shutil.rmtree(args.folder, ignore_errors=True)
    for name in ("templates", "views", "static"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(args.folder, name))
    text = open(os.path.join(ROOT, "content", content)).read()
    front, body = text[4:].split("\n---\n", 1)
    lines = front.split("\n")
    # The `pages` query ends at the first line after it that is not indented (a block or a one-line value).
    start = next(i for i, line in enumerate(lines) if line.startswith("pages:"))
    end = start + 1
    while end < len(lines) and lines[end].startswith(" "):
        end += 1
    lines[end - 1] += " LIMIT %d" % args.pages
    target = os.path.join(args.folder, "content", content)
    os.makedirs(os.path.dirname(target))
    with open(target, "w") as f:
        f.write("---\n" + "\n".join(lines) + "\n---\n" + body)
    config = open(os.path.join(ROOT, "tally.yaml")).read()
    config = re.sub(r"(?m)^database: .*$", "database: " + database, config)
    config = re.sub(r"(?ms)^feeds:.*?(?=^content_dir:)", "", config)
    with open(os.path.join(args.folder, "tally.yaml"), "w") as f:
        f.write(config)


if __name__ == "__main__":
    main()
