#!/usr/bin/env python3
"""CPU time of each view in views/, created in dependency order on a copy of a database, as tables with their
indexes when the file says `-- tally: materialize`: what the build's serial "Opening database" stage spends on them.

    python3 bench/view_times.py .bench/example/directory-20000.sqlite

Tally's SQL functions are stood in for by Python ones of about the same work (`slugify`, `url_segment`,
`convert_cents`, `local_datetime`, `local_date`), so the figures are close to Tally's, not equal to them.
"""
import glob
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import time


def slugify(text):
    return None if text is None else re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")


def convert_cents(amount, source, target, rate):
    if not isinstance(amount, int):
        return None
    if source == target:
        return amount
    return None if rate is None else round(amount * float(rate))


def main(database):
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, "copy.sqlite")
        shutil.copyfile(database, copy)
        db = sqlite3.connect(copy)
        db.create_function("slugify", 1, slugify, deterministic=True)
        db.create_function("url_segment", 1, lambda v: None if v is None else str(v), deterministic=True)
        db.create_function("convert_cents", 4, convert_cents, deterministic=True)
        for arguments in (1, 2):
            db.create_function("local_datetime", arguments, lambda v, *zone: v, deterministic=True)
            db.create_function("local_date", arguments, lambda v, *zone: v and v[:10], deterministic=True)
        pending = {}
        for path in sorted(glob.glob("views/*.sql")):
            text = open(path).read()
            pending[os.path.basename(path)[:-4]] = (text, "tally: materialize" in text,
                                                     re.findall(r"tally: index \((.*)\)", text))
        total = 0.0
        while pending:
            created = False
            for name, (text, materialized, indexes) in list(pending.items()):
                sql = re.sub(r"--.*", "", text).strip().rstrip(";")
                start = time.process_time()
                try:
                    if materialized:
                        db.execute(f'CREATE TABLE "{name}" AS {sql}')
                        for number, columns in enumerate(indexes):
                            db.execute(f'CREATE INDEX "{name}_{number}" ON "{name}" ({columns})')
                    else:
                        db.execute(f'CREATE VIEW "{name}" AS {sql}')
                except sqlite3.OperationalError as error:
                    if "no such" in str(error):
                        continue  # a view it reads comes later in the alphabet
                    raise
                spent = time.process_time() - start
                total += spent
                print(f"{name:28} {'table' if materialized else 'view '} {spent:6.3f} s")
                del pending[name]
                created = True
            if not created:
                sys.exit(f"views that read something missing: {', '.join(pending)}")
        print(f"{'all':28} {'':5} {total:6.3f} s")


if __name__ == "__main__":
    main(sys.argv[1])
