#!/usr/bin/env python3
"""A whole Congress through tally import and tally build: the example site on about 2,200 roll calls.

Usage: bench/congress_bench.py [--house 1500] [--senate 700] [--runs 3] [--tally PATH]

A Congress is about 1,500 House and 700 Senate roll calls, some 700,000 positions. This writes that many roll-call
files under .bench/congress/files/ in the chambers' layouts (the example's own writers, data/example_data/
congress_files.py), for the example's 535 fictional members, with seeded random positions, in a fictional 116th
Congress (so they sit beside the example's own 25). Then, each under /usr/bin/time -v:

- floor: sqlite3's `.import` of the same rows (roll calls and positions as two CSV files) into raw text tables;
- import: `tally import house-vote` and `senate-vote` of the files into the example database;
- build: `tally build` of the example site on that database, against the example's own build.

Medians of the runs are printed: wall seconds, peak RSS in MiB, pages, and milliseconds per page.
"""
import argparse
import csv
import datetime as dt
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, ".bench", "congress")
sys.path.insert(0, os.path.join(ROOT, "data"))
from example_data.congress_files import HOUSE_VOTE, Members, house_xml, senate_xml  # noqa: E402
from run import measure  # noqa: E402  (bench/run.py: wall, CPU, peak RSS and output under /usr/bin/time -v)

CONGRESS = 116
HOUSE_QUESTIONS = [("On Passage", "YEA-AND-NAY"), ("On Agreeing to the Amendment", "RECORDED VOTE"),
                   ("On Motion to Recommit", "YEA-AND-NAY"), ("On Ordering the Previous Question", "YEA-AND-NAY"),
                   ("On Motion to Suspend the Rules and Pass", "2/3 YEA-AND-NAY"), ("On Agreeing to the Resolution", "YEA-AND-NAY")]


def positions_for(rng, members, lean):
    """Each member's vote: a party line with some crossing over and a few not voting."""
    out = []
    for rid, m in members.items():
        roll = rng.random()
        if roll < 0.03:
            out.append((rid, "absent"))
        else:
            out.append((rid, "yes" if rng.random() < lean[m["party"]] else "no"))
    return out


def write_files(folder, house, senate):
    """The roll-call files and, for the floor, the same rows as CSV. Returns the number of positions."""
    db = sqlite3.connect(os.path.join(ROOT, "data", "example.sqlite"))
    db.row_factory = sqlite3.Row
    reps = [dict(r) for r in db.execute("SELECT id, name, party, state, district, chamber FROM representatives "
                                        "WHERE chamber IN ('house', 'senate') ORDER BY id")]
    members = Members(reps)
    chambers = {c: {m["id"]: m for m in reps if m["chamber"] == c} for c in ("house", "senate")}
    rng = random.Random(116)
    os.makedirs(os.path.join(folder, "files"), exist_ok=True)
    rows, positions = [], []
    start = dt.date(2019, 1, 7)
    for chamber, count in (("house", house), ("senate", senate)):
        for n in range(count):
            session = 1 if n < count // 2 else 2
            number = n + 1 if session == 1 else n + 1 - count // 2
            day = start + dt.timedelta(days=(n * 700) // count)
            while day.weekday() > 4:
                day += dt.timedelta(days=1)
            lean = {"D": rng.random(), "R": rng.random(), "I": rng.random()}
            seated = positions_for(rng, chambers[chamber], lean)
            if chamber == "house":
                question, kind = HOUSE_QUESTIONS[n % len(HOUSE_QUESTIONS)]
                written = [(rid, HOUSE_VOTE[v]) for rid, v in seated]
                yes = sum(1 for _r, w in written if w == "Yea")
                no = sum(1 for _r, w in written if w == "Nay")
                meta = dict(congress=CONGRESS, session=session, number=number, legis=f"H R {1000 + n}", question=question,
                            type=kind, result="Passed" if yes > no else "Failed", day=day, time=(10 + n % 8, n % 60),
                            desc=f"A fictional measure {n}")
                name = f"roll{number:03d}-{session}.xml"
                text = house_xml(members, meta, written)
            else:
                written = [(rid, {"yes": "Yea", "no": "Nay", "absent": "Not Voting"}[v]) for rid, v in seated]
                yes = sum(1 for _r, w in written if w == "Yea")
                no = sum(1 for _r, w in written if w == "Nay")
                result = "Bill Passed" if yes > no else "Bill Defeated"
                meta = dict(congress=CONGRESS, session=session, number=number, day=day, time=(11 + n % 6, n % 60),
                            question_text=f"On Passage of the Bill (S. {2000 + n})", question="On Passage of the Bill",
                            result_text=f"{result} ({yes}-{no})", result=result, majority="1/2", tie_breaker=None,
                            title=f"A fictional bill {n}", vote_title=f"A fictional bill {n}", bill_congress=CONGRESS,
                            document=("S.", "S", str(2000 + n)))
                name = f"vote_{CONGRESS}_{session}_{number:05d}.xml"
                text = senate_xml(members, meta, written)
            with open(os.path.join(folder, "files", name), "w") as f:
                f.write(text)
            rows.append((chamber, CONGRESS, session, number, day.isoformat(), meta.get("question", ""), yes, no, name))
            positions += [(chamber, session, number, rid, w, members.by_id[rid]["party"]) for rid, w in written]
    for name, header, data in (("roll_calls.csv", ["chamber", "congress", "session", "number", "voted_at", "question",
                                                   "yea_count", "nay_count", "source_file"], rows),
                               ("positions.csv", ["chamber", "session", "number", "representative_id", "vote", "party"],
                                positions)):
        with open(os.path.join(folder, name), "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(header)
            writer.writerows(data)
    return len(positions)


def fresh_example(tally, path):
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    subprocess.run([tally, "migrate", path, "--seed", os.path.join(ROOT, "data", "example.sql")], check=True,
                   capture_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--house", type=int, default=1500)
    parser.add_argument("--senate", type=int, default=700)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    tally = os.path.abspath(args.tally)
    if not os.path.exists(os.path.join(ROOT, "data", "example.sqlite")):
        fresh_example(tally, os.path.join(ROOT, "data", "example.sqlite"))
    shutil.rmtree(FOLDER, ignore_errors=True)
    os.makedirs(FOLDER)
    count = write_files(FOLDER, args.house, args.senate)
    files = sorted(os.listdir(os.path.join(FOLDER, "files")))
    house = [os.path.join(FOLDER, "files", f) for f in files if f.startswith("roll")]
    senate = [os.path.join(FOLDER, "files", f) for f in files if f.startswith("vote_")]
    size = sum(os.path.getsize(os.path.join(FOLDER, "files", f)) for f in files) / 2**20
    print(f"{args.house} House and {args.senate} Senate roll calls, {count:,} positions, {size:.0f} MiB of XML")

    results = {"floor": [], "import": [], "build": [], "example": []}
    database = os.path.join(FOLDER, "congress.sqlite")
    for _ in range(args.runs):
        floor = os.path.join(FOLDER, "floor.sqlite")
        if os.path.exists(floor):
            os.remove(floor)
        run = measure(["sqlite3", floor, ".mode csv", f".import {FOLDER}/roll_calls.csv roll_calls",
                       f".import {FOLDER}/positions.csv positions"], ROOT)
        results["floor"].append((run["wall"], run["rss"]))

        fresh_example(tally, database)
        house_run = measure([tally, "import", "house-vote", *house, "--db", database], ROOT)
        senate_run = measure([tally, "import", "senate-vote", *senate, "--db", database], ROOT)
        results["import"].append((house_run["wall"] + senate_run["wall"], max(house_run["rss"], senate_run["rss"])))

        for key, arguments in (("build", ["--db", database, "--out", os.path.join(FOLDER, "public")]),
                               ("example", ["--out", os.path.join(FOLDER, "example-public")])):
            run = measure([tally, "build", *arguments], ROOT)
            results[key].append((run["wall"], run["rss"], int(run["stdout"].split("Built ")[1].split(" pages")[0])))

    def median(rows, i):
        return statistics.median(r[i] for r in rows)
    print(f"sqlite3 .import (floor): {median(results['floor'], 0):.2f} s, {median(results['floor'], 1):.0f} MiB")
    print(f"tally import:            {median(results['import'], 0):.2f} s, {median(results['import'], 1):.0f} MiB "
          f"({median(results['import'], 0) / median(results['floor'], 0):.1f}x the floor)")
    for label, key in (("example site build", "example"), ("whole-Congress build", "build")):
        wall, rss, pages = median(results[key], 0), median(results[key], 1), median(results[key], 2)
        print(f"{label + ':':<24} {pages:.0f} pages in {wall:.2f} s, {rss:.0f} MiB, {1000 * wall / pages:.2f} ms per page")


if __name__ == "__main__":
    main()
