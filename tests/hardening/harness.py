"""Shared pieces of the hardening checks: run a suite executable with a time
limit and judge how it failed.

A clean failure (DESIGN.md): the expected exit status, no signal, no hang, no
sanitizer report, and exactly one error line on stderr of the form
"PROGRAM: error: ..." (exit 2) or "PROGRAM: not enough resources: ..." (exit 3).
Progress lines ("[PROGRAM] ...") may come before it.
"""
import csv
import glob
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass

EXIT_BAD_INPUT = 2
EXIT_NO_RESOURCES = 3

# The experiment executables (experiments/list.txt, the one list) and the tool every check runs.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "experiments", "list.txt"),
          encoding="utf-8") as _f:
    EXPERIMENTS = [_line.strip() for _line in _f if _line.strip()]
TOOLS = ["gen"]

# Options that keep a run small where a program spends time before reading its
# input (sollin_multicore measures read bandwidth on a 2 GiB buffer first).
FAST_ARGS = {"sollin_multicore": ["--bandwidth-mib", "1"]}

SANITIZER_MARKERS = ("ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "runtime error:", "ERROR: ThreadSanitizer")


@dataclass
class Outcome:
    rc: int          # exit status; negative: killed by that signal; None: timed out
    stdout: str
    stderr: str

    def error_lines(self, program):
        pattern = re.compile(rf"^{re.escape(program)}: (error|not enough resources|internal error|VERIFICATION FAILED): ")
        return [line for line in self.stderr.splitlines() if pattern.match(line)]


def run(cmd, timeout=60, env_extra=None, cwd=None):
    env = dict(os.environ)
    env.update(env_extra or {})
    # Sanitized builds: report, do not hang in a debugger hook; leaks are findings.
    env.setdefault("ASAN_OPTIONS", "abort_on_error=0:detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, env=env, cwd=cwd)
        return Outcome(p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"))
    except subprocess.TimeoutExpired as e:
        return Outcome(None, (e.stdout or b"").decode(errors="replace"), (e.stderr or b"").decode(errors="replace"))


def crash_problems(out):
    """What makes a run a crash rather than an answer, whatever its exit status."""
    problems = []
    if out.rc is None:
        problems.append("hung (killed at the time limit)")
    elif out.rc < 0 or out.rc >= 128:
        problems.append(f"died with status {out.rc} (signal)")
    for marker in SANITIZER_MARKERS:
        if marker in out.stderr:
            problems.append(f"sanitizer report '{marker}'")
    return problems


def clean_failure_problems(out, program, expected_rc, must_contain=()):
    """Problems with a run that should have refused cleanly with expected_rc."""
    problems = crash_problems(out)
    if problems:
        return problems
    if out.rc != expected_rc:
        problems.append(f"exit {out.rc}, expected {expected_rc}")
    lines = out.error_lines(program)
    if len(lines) != 1:
        problems.append(f"{len(lines)} error lines on stderr, expected 1")
    else:
        for text in must_contain:
            if text not in lines[0]:
                problems.append(f"error line lacks '{text}'")
    if problems:
        problems.append("stderr tail: " + " | ".join(out.stderr.strip().splitlines()[-3:])[:400])
    return problems


def answered_rows(out, out_dir):
    """A run that should have answered: (problems, rows, metadata). Problems unless it
    exited 0 and wrote one results CSV whose rows are all verified and counted by its JSON."""
    problems = crash_problems(out)
    if problems:
        return problems, [], {}
    if out.rc != 0:
        return [f"exit {out.rc}: " + " | ".join(out.stderr.strip().splitlines()[-2:])[:300]], [], {}
    csvs = glob.glob(os.path.join(out_dir, "*.csv"))
    if len(csvs) != 1:
        return [f"expected one results CSV, found {csvs}"], [], {}
    with open(csvs[0], newline="") as f:
        rows = list(csv.DictReader(f))
    with open(csvs[0][:-4] + ".json") as f:
        meta = json.load(f)
    if not rows:
        problems.append("no result rows")
    if meta.get("rows") != len(rows):
        problems.append(f"metadata says {meta.get('rows')} rows, the CSV has {len(rows)}")
    problems += [f"{r['algorithm']}: row not verified" for r in rows if r["verified"] != "true"]
    return problems, rows, meta


def report(title, failures, checked):
    """Prints the verdict and returns the process exit status."""
    if failures:
        print(f"{title}: {len(failures)} of {checked} checks FAILED", file=sys.stderr)
        for what, problems in failures:
            print(f"  {what}:", file=sys.stderr)
            for p in problems:
                print(f"    - {p}", file=sys.stderr)
        return 1
    print(f"{title}: all {checked} checks passed")
    return 0


def read_manifest(path):
    """Rows of a tab-separated manifest, '#' lines skipped."""
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
