#!/usr/bin/env python3
"""Builds the generated sites with Tally and Hugo, alternating the tools, and prints a table of medians.

Usage: bench/run.py [--n 1000,10000,100000] [--cases markdown,orgs] [--runs R] [--tally PATH]

For each case and N it generates the site under .bench/ (once, reused while the generator is unchanged),
then runs each tool R times in alternating order (Tally first on even runs, Hugo first on odd ones), each
into a new output folder, under /usr/bin/time -v. It then builds again with Tally into its last folder with
nothing changed, twice as `tally build` (the build stamp shows nothing changed: nothing renders) and twice as
`tally build --force` (every page renders and is compared with the file already there; none is written).
Medians are reported; time per page is wall time / N.

No output is deleted between runs: on an ext4 file system without a journal, as on the machine these
figures come from, the kernel skips inodes freed in the last 30 seconds when it allocates new ones, so
creating files just after deleting a tree of 10,000 costs several times more, for either tool. Earlier
outputs are deleted before the runs start, followed by a 35-second pause, and again at the end.
"""
import argparse
import hashlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, ".bench")
GENERATOR = os.path.join(ROOT, "bench", "generate.py")


def measure(command, cwd):
    """Runs `command` under /usr/bin/time -v; returns wall s, CPU s (user + sys), peak RSS MiB and stdout."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(command), result.stdout, result.stderr[-4000:]))
    fields = dict(line.strip().rsplit(": ", 1) for line in result.stderr.splitlines() if ": " in line)
    wall = 0.0
    for part in fields["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":"):
        wall = wall * 60 + float(part)
    cpu = float(fields["User time (seconds)"]) + float(fields["System time (seconds)"])
    rss = int(fields["Maximum resident set size (kbytes)"]) / 1024
    return {"wall": wall, "cpu": cpu, "rss": rss, "stdout": result.stdout + result.stderr}


def generated_site(case, n, tally):
    """The site for (case, n), generated again only when the generator changed."""
    directory = os.path.join(BENCH, "%s-%d" % (case, n))
    with open(GENERATOR, "rb") as f:
        stamp = hashlib.sha256(f.read()).hexdigest()
    stamp_file = os.path.join(directory, ".generator")
    if not os.path.exists(stamp_file) or open(stamp_file).read() != stamp:
        print("generating %s N=%d …" % (case, n), file=sys.stderr, flush=True)
        subprocess.run([sys.executable, GENERATOR, case, str(n), directory, "--tally", tally], check=True)
        with open(stamp_file, "w") as f:
            f.write(stamp)
    return directory


def remove_outputs(site):
    """Deletes the outputs of earlier runs; True when there were any."""
    found = [name for name in os.listdir(site) if name.startswith("out-") or name.startswith(".out-")]
    for name in found:
        path = os.path.join(site, name)
        shutil.rmtree(path, ignore_errors=True) if os.path.isdir(path) else os.remove(path)
    return bool(found)


def run_tool(tool, site, tally, output):
    if tool == "tally":
        return measure([tally, "build", "--out", output], cwd=os.path.join(site, "tally"))
    return measure(["hugo", "--quiet", "--destination", output], cwd=os.path.join(site, "hugo"))


def bench(case, n, runs, tally):
    site = generated_site(case, n, tally)
    if remove_outputs(site):
        time.sleep(35)
    results = {"tally": [], "hugo": []}
    for run in range(runs):
        order = ["tally", "hugo"] if run % 2 == 0 else ["hugo", "tally"]
        for tool in order:
            result = run_tool(tool, site, tally, os.path.join(site, "out-%s-%d" % (tool, run + 1)))
            results[tool].append(result)
            print("  %s N=%d run %d %-5s %6.2f s wall %6.2f s cpu %7.1f MiB" % (
                case, n, run + 1, tool, result["wall"], result["cpu"], result["rss"]), file=sys.stderr, flush=True)
    # Builds with nothing changed, into the last Tally run's folder: every file is kept as it is.
    last = os.path.join(site, "out-tally-%d" % runs)
    again = {"stamp": [], "force": []}
    for kind in ["stamp", "force"] * 2:
        command = [tally, "build", "--out", last] + (["--force"] if kind == "force" else [])
        again[kind].append(measure(command, cwd=os.path.join(site, "tally")))
        print("  %s N=%d no-change rebuild (%s): %6.2f s wall %6.2f s cpu" % (
            case, n, kind, again[kind][-1]["wall"], again[kind][-1]["cpu"]), file=sys.stderr, flush=True)
    written = re.search(r"\((\d+) files? written", again["force"][-1]["stdout"])
    remove_outputs(site)
    return results, again, written.group(1) if written else "?"


def median(results, key):
    return statistics.median(r[key] for r in results)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", default="1000,10000,100000", help="comma-separated page counts")
    parser.add_argument("--cases", default="markdown,orgs")
    parser.add_argument("--runs", type=int, default=0, help="runs per tool (default: 5, or 3 for N ≥ 100,000)")
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    if shutil.which("hugo") is None:
        sys.exit("hugo is not installed: apt-get install hugo (the figures in docs/performance.md use Debian's 0.111)")
    hugo_version = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1]
    started = time.time()
    rows = []
    for case in args.cases.split(","):
        for n in (int(text) for text in args.n.split(",")):
            runs = args.runs or (3 if n >= 100_000 else 5)
            results, again, written = bench(case, n, runs, args.tally)
            tally, hugo = results["tally"], results["hugo"]
            rows.append("| %s | %s | %d | %.2f s | %.2f s | %.0f MiB | %.2f s | %.2f s | %.0f MiB | %.2f | %.2f | %.3f ms | %.2f s (%.0f%%) | %.2f s (%.0f%%), %s written |" % (
                case, format(n, ","), runs,
                median(tally, "wall"), median(tally, "cpu"), median(tally, "rss"),
                median(hugo, "wall"), median(hugo, "cpu"), median(hugo, "rss"),
                median(tally, "wall") / median(hugo, "wall"), median(tally, "rss") / median(hugo, "rss"),
                1000 * median(tally, "wall") / n,
                median(again["stamp"], "wall"), 100 * median(again["stamp"], "wall") / median(tally, "wall"),
                median(again["force"], "wall"), 100 * median(again["force"], "wall") / median(tally, "wall"), written))
    print("Tally (%s) vs Hugo %s, %d cores; medians of the runs; ratios are Tally/Hugo." % (
        os.path.relpath(args.tally, ROOT), hugo_version, os.cpu_count()))
    print()
    print("| case | N | runs | Tally wall | Tally CPU | Tally RSS | Hugo wall | Hugo CPU | Hugo RSS | wall ratio | RSS ratio | Tally per page | no-change rebuild | --force rebuild |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    print("\n".join(rows))
    print()
    print("%.0f s in all." % (time.time() - started))


if __name__ == "__main__":
    main()
