#!/usr/bin/env python3
"""What the Markdown case cannot cost less than: cmark-gfm alone over the pages, and creating the output's files.

Usage: bench/floor.py [--n 10000] [--runs 3]

Needs the site bench/run.py generates (.bench/markdown-N) and a Tally output of it (it builds one into a temporary
folder with .build/release/tally). Then, each run:
  - cmark-gfm: the `cmark-gfm` command (Debian's package) with Tally's extensions over every page's body, all in
    one file, so its start-up is paid once: the parsing and rendering any build of these pages must do;
  - files: the same folders and files as Tally's output, with the same sizes, created by this process (a `mkdir`
    for each page's folder, then open, write and close): the system time any tool pays to write them.
Prints CPU seconds (user and system) for each. Output folders are deleted at the end, after the runs.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTENSIONS = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist",
              "--table-prefer-style-attributes"]


def bodies(site):
    """Every Markdown page's body (the text after its front matter), in one string."""
    posts = os.path.join(site, "tally", "content", "posts")
    parts = []
    for name in sorted(os.listdir(posts)):
        if name.startswith("page-"):
            with open(os.path.join(posts, name), encoding="utf-8") as f:
                parts.append(f.read().split("\n---\n", 1)[1])
    return "\n".join(parts)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime, usage.ru_stime


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def create_tree(files, root):
    """Creates `files` (relative path, size) under `root` as a site generator must; returns (user, system) seconds."""
    filler = b"x" * max(size for _, size in files)
    before = own_cpu()
    for path, size in files:
        full = os.path.join(root, path)
        folder = os.path.dirname(full)
        try:
            os.mkdir(folder)
        except FileExistsError:
            pass
        except FileNotFoundError:
            os.makedirs(folder, exist_ok=True)
        descriptor = os.open(full, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        os.write(descriptor, filler[:size])
        os.close(descriptor)
    after = own_cpu()
    return after[0] - before[0], after[1] - before[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tally", default=os.path.join(ROOT, ".build", "release", "tally"))
    args = parser.parse_args()
    if shutil.which("cmark-gfm") is None:
        sys.exit("cmark-gfm is not installed: apt-get install cmark-gfm")
    site = os.path.join(ROOT, ".bench", "markdown-%d" % args.n)
    if not os.path.isdir(site):
        sys.exit("no site at %s: run bench/run.py --n %d --cases markdown first" % (site, args.n))
    work = tempfile.mkdtemp(prefix="tally-floor-")
    try:
        markdown = os.path.join(work, "bodies.md")
        with open(markdown, "w", encoding="utf-8") as f:
            f.write(bodies(site))
        output = os.path.join(work, "tally", "public")
        subprocess.run([args.tally, "build", "--out", output], cwd=os.path.join(site, "tally"), check=True,
                       capture_output=True)
        files = []
        for folder, _, names in os.walk(output):
            for name in names:
                full = os.path.join(folder, name)
                files.append((os.path.relpath(full, output), os.path.getsize(full)))
        print("N=%d: %d files, %.1f MB of Markdown bodies" % (args.n, len(files), os.path.getsize(markdown) / 1e6))
        for run in range(args.runs):
            before = children_cpu()
            with open(os.devnull, "w") as null:
                subprocess.run(["cmark-gfm"] + EXTENSIONS + [markdown], stdout=null, check=True)
            after = children_cpu()
            print("  run %d cmark-gfm: %.2f s user, %.2f s system" % (run + 1, after[0] - before[0], after[1] - before[1]))
            user, system = create_tree(files, os.path.join(work, "files-%d" % run))
            print("  run %d files:     %.2f s user, %.2f s system (Python's own user time is not the floor)" % (
                run + 1, user, system))
            time.sleep(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
