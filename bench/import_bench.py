#!/usr/bin/env python3
"""Imports one generated CSV of gifts with sqlite3's .import (the floor), sqlite-utils (the peer) and tally import.

Usage: bench/import_bench.py [--rows 1000000] [--runs 3] [--tally PATH]

The CSV (semicolon-separated: Date;Amount;Currency;Organization;Reference;Note, about 66 bytes a row) is written
once under .bench/import/ from a seeded generator. Each tool loads it into a new database, under /usr/bin/time -v:
- sqlite3: `.import` as raw text into a new table, no parsing;
- sqlite-utils: `insert --csv --delimiter ';'`, raw text too (installed with pip when missing);
- tally (id): `tally import csv --table donations` with amounts read into minor units, dates checked and
  organizations resolved, Reference mapped to external_id;
- tally (fingerprint): the same without an id column, so each row is keyed by a fingerprint of its values.
Medians of the runs are printed: wall seconds, CPU seconds (user + system: steadier than wall time when other work
shares the machine) and peak RSS in MiB.
"""
import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys

from run import measure  # bench/run.py: wall, CPU, peak RSS and output under /usr/bin/time -v

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, ".bench", "import")
ORGANIZATIONS = ["Against Malaria Foundation", "GiveDirectly", "Helen Keller International", "Malaria Consortium",
                 "New Incentives", "Evidence Action", "The END Fund", "Sightsavers"]


def write_csv(path, rows):
    rng = random.Random(1)
    with open(path, "w") as f:
        f.write("Date;Amount;Currency;Organization;Reference;Note\n")
        for i in range(rows):
            f.write("%04d-%02d-%02d;%d.%02d;USD;%s;TX%08d;Monthly gift %d\n" % (
                2020 + rng.randrange(6), 1 + rng.randrange(12), 1 + rng.randrange(28), rng.randrange(5, 500),
                rng.randrange(100), rng.choice(ORGANIZATIONS), i, i % 97))


def tally_database(tally, path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    subprocess.run([tally, "migrate", path], check=True, capture_output=True)
    values = ", ".join("('%s', '%s', '2024-01-01')" % (name.lower().replace(" ", "-"), name) for name in ORGANIZATIONS)
    subprocess.run(["sqlite3", path, "INSERT INTO users (username, created_at) VALUES ('ada', '2024-01-01');"
                    "INSERT INTO organizations (slug, name, created_at) VALUES %s;" % values], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    os.makedirs(FOLDER, exist_ok=True)
    csv = os.path.join(FOLDER, "gifts-%d.csv" % args.rows)
    if not os.path.exists(csv):
        write_csv(csv, args.rows)
    if shutil.which("sqlite-utils") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "sqlite-utils"], check=False)
    database = os.path.join(FOLDER, "bench.sqlite")
    mapping = "Date=donated_at,Amount=amount,Organization=organization"
    tools = {
        "sqlite3 .import": lambda: ["sqlite3", database, "-cmd", ".mode csv", "-cmd", ".separator ;", ".import %s gifts" % csv],
        "sqlite-utils insert": lambda: ["sqlite-utils", "insert", database, "gifts", csv, "--csv", "--delimiter", ";"],
        "tally import (id)": lambda: [args.tally, "import", "csv", csv, "--db", database, "--table", "donations", "--user", "ada",
                                      "--map", mapping + ",Reference=external_id"],
        "tally import (fingerprint)": lambda: [args.tally, "import", "csv", csv, "--db", database, "--table", "donations",
                                               "--user", "ada", "--map", mapping + ",Reference="],
    }
    size = os.path.getsize(csv) / 1_000_000
    print("%d rows, %.0f MB, %d runs each, medians" % (args.rows, size, args.runs))
    print("| tool | wall | CPU | peak RSS |\n|---|---:|---:|---:|")
    for name, command in tools.items():
        if name.startswith("sqlite-utils") and shutil.which("sqlite-utils") is None:
            print("| %s | not installed | | |" % name)
            continue
        walls, cpus, memories = [], [], []
        for _ in range(args.runs):
            if name.startswith("tally"):
                tally_database(args.tally, database)
            elif os.path.exists(database):
                os.remove(database)
            run = measure(command(), FOLDER)
            wall, cpu, memory = run["wall"], run["cpu"], run["rss"]
            walls.append(wall)
            cpus.append(cpu)
            memories.append(memory)
        print("| %s | %.2f s | %.2f s | %.0f MiB |" % (name, statistics.median(walls), statistics.median(cpus), statistics.median(memories)),
              flush=True)


if __name__ == "__main__":
    main()
