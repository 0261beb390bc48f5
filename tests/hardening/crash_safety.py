#!/usr/bin/env python3
"""Crash-safe runs: kill an experiment piece (SIGKILL / SIGTERM) at random
moments, directly and under scripts/reproduce.py; after every kill no
<exp>-<piece>.csv may exist without a valid matching .json (parsable, same
columns as the CSV header, `rows` equal to the CSV's data rows), so nothing
`make figures` reads looks complete. Then reproduce.py must resume the piece to
completion. About 20 s.

    tests/hardening/crash_safety.py --bin build/<preset>/bin [--seed N]
"""
import argparse
import csv
import glob
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EXPERIMENT, PIECE = "kruskal_100m", "threads"  # a CPU piece of about 2 s at quick scale
KILLS = [signal.SIGKILL, signal.SIGTERM, signal.SIGKILL, signal.SIGTERM, signal.SIGKILL, signal.SIGINT]


def incomplete_results(out_dir):
    """Result CSVs in out_dir that a reader could take for complete but are not."""
    bad = []
    for path in glob.glob(os.path.join(out_dir, "*.csv")):
        meta_path = path[:-4] + ".json"
        try:
            with open(meta_path) as f:
                meta = json.load(f)
            with open(path, newline="") as f:
                rows = list(csv.reader(f))
            if not rows or rows[0] != meta["columns"] or len(rows) - 1 != meta["rows"]:
                bad.append(f"{os.path.basename(path)} does not match its JSON")
        except (OSError, ValueError, KeyError) as e:
            bad.append(f"{os.path.basename(path)} without a valid JSON ({e.__class__.__name__})")
    return bad


def kill_after(cmd, delay, sig, cwd=None):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, start_new_session=True)
    time.sleep(delay)
    finished = p.poll() is not None
    if not finished:
        os.killpg(p.pid, sig)  # the whole group: reproduce.py and the experiment it runs
    p.wait(timeout=60)
    return finished


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"crash safety: seed {args.seed} (rerun with --seed {args.seed} to repeat these kill points)")
    build = os.path.dirname(os.path.abspath(args.bin))
    exe = os.path.join(args.bin, EXPERIMENT)
    failures, checked = [], 0
    with tempfile.TemporaryDirectory(prefix="gs-crash-") as tmp:
        direct = os.path.join(tmp, "direct")
        cmd = [exe, "--scale", "quick", "--trials", "1", "--piece", PIECE, "--out", direct]
        t0 = time.monotonic()
        whole = harness.run(cmd, timeout=120)
        duration = time.monotonic() - t0
        if whole.rc != 0 or incomplete_results(direct):
            print(f"the uninterrupted piece failed (exit {whole.rc}):\n{whole.stderr[-2000:]}", file=sys.stderr)
            return 1
        for sig in KILLS:
            out_dir = os.path.join(tmp, f"kill-{checked}")
            delay = rng.uniform(0.02, duration * 1.05)
            kill_after(cmd[:-1] + [out_dir], delay, sig)
            checked += 1
            bad = incomplete_results(out_dir)
            if bad:
                failures.append((f"{EXPERIMENT} killed by {sig.name} after {delay:.2f} s", bad))
        # reproduce.py killed at random points, then resumed to completion.
        results = os.path.join(tmp, "reproduce")
        repro = [sys.executable, os.path.join(ROOT, "scripts", "reproduce.py"), "--build", build, "--scale", "quick",
                 "--results", results, "--only", EXPERIMENT, "--pieces", PIECE, "--no-figures", "--no-gpu", "--quiet"]
        for sig in (signal.SIGTERM, signal.SIGKILL):
            delay = rng.uniform(0.3, duration + 0.3)
            kill_after(repro, delay, sig, cwd=ROOT)
            checked += 1
            bad = incomplete_results(results)
            if bad:
                failures.append((f"reproduce.py killed by {sig.name} after {delay:.2f} s", bad))
        resumed = harness.run(repro, timeout=300, cwd=ROOT)
        checked += 1
        done = os.path.join(results, f"{EXPERIMENT}-{PIECE}.csv")
        problems = [] if resumed.rc == 0 else [f"resumed reproduce.py exited {resumed.rc}: {resumed.stderr[-500:]}"]
        if not os.path.exists(done):
            problems.append(f"{os.path.basename(done)} missing after the resumed run")
        problems += incomplete_results(results)
        if problems:
            failures.append(("reproduce.py resume", problems))
    print(f"piece {EXPERIMENT} {PIECE}: {duration:.1f} s uninterrupted")
    return harness.report("crash safety", failures, checked)


if __name__ == "__main__":
    sys.exit(main())
