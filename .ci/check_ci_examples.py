#!/usr/bin/env python3
"""Checks the CI recipes in docs/examples/ and their copies in docs/ci.md.

Usage: check_ci_examples.py [FILE...]

With no FILE, checks every file in docs/examples/ and that docs/ci.md shows each one, byte for byte, in the
fenced block after its `<!-- included: examples/NAME -->` marker. A FILE given is linted alone (the gates'
self-test lints broken copies this way). Lints:
- a workflow (.yml): the GitHub workflow JSON schema (PyPI check-jsonschema, `--builtin-schema
  vendor.github-workflows`); every `steps.ID` an expression names is an earlier step of the same job and every
  `needs` names a job; each `run:` script passes ShellCheck as the bash script the runner makes of it;
- a shell script (.sh): ShellCheck (Debian shellcheck).
Exits 1 and prints each problem otherwise.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

from ruamel.yaml import YAML

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
GUIDE = ROOT / "docs" / "ci.md"
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)
# What a step's `run:` becomes on a Linux runner: GitHub runs it with `bash -e {0}`.
RUN_PROLOGUE = "#!/usr/bin/env bash\nset -e\n"


def included_blocks(guide: str) -> dict[str, str]:
    """Each `<!-- included: examples/NAME -->` marker's NAME and the text of the fenced block right after it."""
    blocks = {}
    pattern = re.compile(r"^<!-- included: examples/(\S+) -->\n(`{3,})[^\n]*\n(.*?)^\2$", re.M | re.S)
    for match in pattern.finditer(guide):
        blocks[match.group(1)] = match.group(3)
    return blocks


def shellcheck(name: str, script: str, prologue: str = "") -> list[str]:
    """ShellCheck's findings in `script` run after `prologue`, as `name:line:column: …` with lines of `script`."""
    with tempfile.NamedTemporaryFile("w", suffix=".sh") as file:
        file.write(prologue + script)
        file.flush()
        # SC1091: a sourced file that is not there to read, such as the env.sh an installer writes.
        result = subprocess.run(["shellcheck", "--format=gcc", "--shell=bash", "--exclude=SC1091", file.name],
                                capture_output=True, text=True)
    problems = []
    for finding in result.stdout.splitlines():
        _, line, rest = finding.split(":", 2)
        problems.append(f"{name}:{int(line) - prologue.count(chr(10))}:{rest}")
    return problems


def lint_workflow(path: pathlib.Path) -> list[str]:
    result = subprocess.run(["check-jsonschema", "--builtin-schema", "vendor.github-workflows", str(path)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        # Its report starts with the whole failing object on one line: keep the errors under "Best Match".
        report = (result.stdout + result.stderr).partition("Best Match:")[2] or result.stdout + result.stderr
        return [f"{path.name}: does not match the GitHub workflow schema: {report.strip()}"]
    problems = []
    workflow = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    jobs = workflow["jobs"]
    for job_name, job in jobs.items():
        needs = job.get("needs", [])
        needs = [needs] if isinstance(needs, str) else needs
        problems += [f"{path.name}: job {job_name} needs {need}, which is not a job" for need in needs if need not in jobs]
        seen_ids = set()
        for number, step in enumerate(job.get("steps", []), start=1):
            where = f"{path.name}: job {job_name}, step {number} ({step.get('name') or step.get('uses') or step.get('id')})"
            # `if:` is an expression even without ${{ }}.
            for expression in EXPRESSION.findall(strings_in(step)) + [str(step.get("if", ""))]:
                for step_id in re.findall(r"\bsteps\.([A-Za-z_][\w-]*)", expression):
                    if step_id not in seen_ids:
                        problems.append(f"{where}: steps.{step_id} is not an earlier step's id")
                for need in re.findall(r"\bneeds\.([A-Za-z_][\w-]*)", expression):
                    if need not in needs:
                        problems.append(f"{where}: needs.{need} is not in the job's needs")
            if "run" in step:
                problems += shellcheck(where, EXPRESSION.sub("EXPRESSION", step["run"]), prologue=RUN_PROLOGUE)
            if "id" in step:
                seen_ids.add(step["id"])
    return problems


def strings_in(value) -> str:
    """Every string in a parsed YAML value, joined: where expressions can appear."""
    if isinstance(value, dict):
        return "\n".join(strings_in(item) for item in value.values())
    if isinstance(value, list):
        return "\n".join(strings_in(item) for item in value)
    return str(value) if value is not None else ""


def lint(path: pathlib.Path) -> list[str]:
    if path.suffix in {".yml", ".yaml"}:
        return lint_workflow(path)
    if path.suffix == ".sh":
        return shellcheck(path.name, path.read_text(encoding="utf-8"))
    return [f"{path.name}: no linter for this kind of file"]


def main() -> int:
    if len(sys.argv) > 1:
        files = [pathlib.Path(argument) for argument in sys.argv[1:]]
        problems = []
    else:
        files = sorted(EXAMPLES.iterdir())
        blocks = included_blocks(GUIDE.read_text(encoding="utf-8"))
        problems = [f"docs/ci.md includes examples/{name}, which does not exist" for name in blocks
                    if not (EXAMPLES / name).is_file()]
        for file in files:
            shown = blocks.get(file.name)
            if shown is None:
                problems.append(f"docs/ci.md does not show {file.relative_to(ROOT)} "
                                f"(a fenced block after `<!-- included: examples/{file.name} -->`)")
            elif shown != file.read_text(encoding="utf-8"):
                problems.append(f"docs/ci.md shows a different {file.relative_to(ROOT)}: copy the file into its block")
    for file in files:
        problems += lint(file)
    for problem in problems:
        print("ci-examples: " + problem)
    if problems:
        print(f"ci-examples: {len(problems)} problem(s)")
        return 1
    print(f"ci-examples: {', '.join(file.name for file in files)} pass their linters (check-jsonschema, ShellCheck)"
          + ("" if len(sys.argv) > 1 else "; docs/ci.md shows each as it is"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
