#!/usr/bin/env python3
"""Measures `tally serve`'s whole rebuild after one content file is edited: serve starts on a free port and builds
once, then, for each edit, one more sentence is appended to the file's body and the time to serve's "Built" line is
taken, with the CPU time serve spent meanwhile (user + sys from /proc).

Usage: bench/serve_edit_bench.py --site .bench/markdown-10000/tally [--file content/posts/page-00001.md] [--edits 3]
                                 [--tally PATH]

The site folder is written to (its public/ and the edited file): point it at a copy. Printed for each edit: serve's
own "Built … in X s", the wall time from the write to that line, serve's CPU time over it, and the load average.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_bench import start_serve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", required=True)
    parser.add_argument("--file", default="content/posts/page-00001.md")
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    server, lines = start_serve(args.tally, args.site)
    try:
        path = os.path.join(args.site, args.file)
        for edit in range(1, args.edits + 1):
            time.sleep(1)
            seen = len(lines)
            cpu = cpu_seconds(server.pid)
            start = time.monotonic()
            with open(path, "a") as file:
                file.write("\nOne more sentence, edit %d at %f.\n" % (edit, time.time()))
            while not any(line.startswith(("Built", "Build failed")) for _, line in lines[seen:]):
                time.sleep(0.02)
                if time.monotonic() - start > 900:
                    sys.exit("no build in 900 s")
            when, built = next((when, line) for when, line in lines[seen:] if line.startswith(("Built", "Build failed")))
            print("edit %d: %s | %.2f s from the write, serve's CPU %.2f s (load %.1f)"
                  % (edit, built, when - start, cpu_seconds(server.pid) - cpu, os.getloadavg()[0]), flush=True)
    finally:
        server.terminate()
        server.wait(60)


if __name__ == "__main__":
    main()
