#!/usr/bin/env python3
"""Builds the example site's own content on a generated directory of N organizations and prints ms per page.

Usage: bench/example_bench.py [--n 1000,5000,20000,100000] [--runs R] [--tally PATH] [--keep]

For each N it makes .bench/example/directory-N.sqlite: the example database (data/example.sql) plus N generated
organizations (8 tags, one to three each; 500 cities in 60 countries; some without a cost or a country) and
10·N donations by ada, a published user, in USD with every tenth in EUR. It then builds the repository's content,
templates and views unchanged (`tally build --db … --out …`) under /usr/bin/time -v, R times, and prints the
medians of wall time, CPU time, peak RSS, the page count and milliseconds per page. The database depends only on
N (fixed seed), and is made again only when this file changes.
"""
import argparse
import hashlib
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import measure  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, ".bench", "example")
TAGS = ("health", "malaria", "cash-transfers", "education", "nutrition", "deworming", "vision", "water")
UNITS = ("bed net", "treatment", "child vaccinated", "household reached", "surgery")


def places(rng):
    """500 (city, region, country) triples in 60 countries; city names repeat across countries, as real ones do."""
    countries = ["Country %02d" % i for i in range(60)]
    result = []
    for i in range(500):
        country = countries[i % 60]
        result.append(("City %03d" % (i % 420), "Region %d" % (i % 7), country))
    rng.shuffle(result)
    return result


def generate(path, n, tally):
    if os.path.exists(path):
        os.remove(path)
    subprocess.run([tally, "migrate", path, "--seed", os.path.join(ROOT, "data", "example.sql")], check=True,
                   capture_output=True)
    rng = random.Random(n)
    cities = places(rng)
    db = sqlite3.connect(path)
    ada = db.execute("SELECT id FROM users WHERE username = 'ada'").fetchone()[0]
    first = db.execute("SELECT coalesce(max(id), 0) + 1 FROM organizations").fetchone()[0]
    organizations, tags = [], []
    for i in range(n):
        org_id = first + i
        city, region, country = cities[rng.randrange(len(cities))]
        if i % 50 == 0:
            city = region = country = None  # no location, as many registers have
        cost = None if i % 7 == 0 else rng.randrange(50, 500_000)
        organizations.append((org_id, "generated-%06d" % i, "Generated Organization %d" % i,
                              "Works on %s in %s." % (TAGS[i % 8], country or "several places"),
                              city, region, country, round(rng.uniform(1, 4), 1) if i % 3 else None,
                              1 if i % 4 == 0 else 0, UNITS[i % len(UNITS)], cost, "2024-01-01"))
        for tag in rng.sample(TAGS, rng.randint(1, 3)):
            tags.append((org_id, tag))
    db.executemany("INSERT INTO organizations (id, slug, name, mission, city, region, country, rating, verified, "
                   "impact_unit, cost_per_unit_cents, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", organizations)
    db.executemany("INSERT INTO organization_tags (organization_id, tag) VALUES (?, ?)", tags)
    donations = []
    for i in range(10 * n):
        currency = "EUR" if i % 10 == 0 else "USD"
        donations.append((ada, first + rng.randrange(n), rng.randrange(500, 50_000), currency,
                          "%04d-%02d-%02d" % (2019 + i % 6, 1 + i % 12, 1 + i % 28), "generated"))
    db.executemany("INSERT INTO donations (user_id, organization_id, amount_cents, currency, donated_at, note) "
                   "VALUES (?,?,?,?,?,?)", donations)
    db.commit()
    db.close()


def database(n, tally):
    path = os.path.join(FOLDER, "directory-%d.sqlite" % n)
    # The example's own rows are part of every generated database, so a change to them makes it stale too, and so
    # does a new migration (an index the pages' queries rely on, as version 6's).
    stamp = hashlib.sha256(open(__file__, "rb").read() +
                           open(os.path.join(ROOT, "data", "example.sql"), "rb").read() +
                           open(os.path.join(ROOT, "Sources", "TallyStore", "DatabaseMigrations.swift"), "rb").read()).hexdigest()
    stamp_file = path + ".generator"
    if not os.path.exists(stamp_file) or open(stamp_file).read() != stamp:
        print("generating N=%d …" % n, file=sys.stderr, flush=True)
        generate(path, n, tally)
        with open(stamp_file, "w") as f:
            f.write(stamp)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", default="1000,5000,20000,100000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    parser.add_argument("--keep", action="store_true", help="keep the last output folder of each N")
    args = parser.parse_args()
    tally = os.path.abspath(args.tally)
    os.makedirs(FOLDER, exist_ok=True)
    print("%8s %8s %9s %9s %9s %8s" % ("N", "pages", "wall s", "CPU s", "RSS MiB", "ms/page"))
    for n in (int(part) for part in args.n.split(",")):
        path = database(n, tally)
        runs = []
        for run in range(args.runs):
            output = os.path.join(FOLDER, "public-%d" % n)
            shutil.rmtree(output, ignore_errors=True)
            result = measure([tally, "build", "--db", path, "--out", output], ROOT)
            pages = int(result["stdout"].split("Built ")[1].split(" pages")[0])
            runs.append((result["wall"], result["cpu"], result["rss"], pages))
            if not args.keep or run < args.runs - 1:
                shutil.rmtree(output, ignore_errors=True)
        wall, cpu, rss = (statistics.median(r[i] for r in runs) for i in range(3))
        pages = runs[-1][3]
        print("%8d %8d %9.2f %9.2f %9.0f %8.2f" % (n, pages, wall, cpu, rss, 1000 * wall / pages), flush=True)


if __name__ == "__main__":
    main()
