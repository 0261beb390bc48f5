#!/usr/bin/env python3
"""The largest graph each generator admits on this machine, found by asking.

gen refuses a size that does not fit before it allocates anything (exit 3, "needs X
of host memory, but only Y is available"). This probes each generator's size
parameter by bisection: a run that has not refused within --grace seconds has been
admitted, and is killed (gen writes its output atomically, so nothing is left).
Prints, per generator, the largest admitted and the smallest refused size with the
refusal line. Uses no GPU and writes nothing but a temporary folder.

    scripts/admission-limits.py --bin build/default/bin [--grace 1.0]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

# generator -> (size option, fixed options, smallest size to start from, output extension)
PROBES = {
    "gtgraph-random": ("--m", ["--n", "1000000"], 1 << 20, ".gsc"),
    "complete": ("--n", [], 1 << 10, ".gsc"),
    "path-random": ("--m", ["--n", "100000"], 1 << 20, ".gsc"),
    "rmat": ("--m", ["--scale", "25"], 1 << 20, ".gsc"),
    "fixed-degree": ("--n", [], 1 << 20, ".gsc"),
}


def admitted(gen, name, option, fixed, size, out, grace):
    """(True, '') when gen is still running after `grace` s; (False, refusal line) otherwise."""
    p = subprocess.Popen(
        [gen, name, option, str(size)] + fixed + ["--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and p.poll() is None:
        time.sleep(0.02)
    if p.poll() is None:
        p.kill()
        p.wait()
        return True, ""
    err = p.stderr.read().decode(errors="replace").strip().splitlines()
    if p.returncode == 0:
        return True, ""
    if p.returncode != 3:
        raise RuntimeError(f"gen {name} {option} {size}: exit {p.returncode}: {' | '.join(err[-2:])}")
    return False, err[-1] if err else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--grace", type=float, default=1.0, help="seconds after which a run counts as admitted")
    args = ap.parse_args()
    gen = os.path.join(args.bin, "gen")
    with open("/proc/meminfo") as f:
        meminfo = dict(line.split(":", 1) for line in f)
    print(f"host: MemTotal {meminfo['MemTotal'].strip()}, MemAvailable {meminfo['MemAvailable'].strip()}")
    print(f"{'generator':16} {'size':>6} {'largest admitted':>18} {'smallest refused':>18}  refusal")
    with tempfile.TemporaryDirectory(prefix="gs-admission-limits-") as tmp:
        for name, (option, fixed, start, ext) in PROBES.items():
            out = os.path.join(tmp, name + ext)
            lo, hi, line = start, start, ""
            ok, _ = admitted(gen, name, option, fixed, lo, out, args.grace)
            if not ok:
                print(f"{name:16} {option:>6} {'-':>18} {lo:>18}  even the smallest probe is refused")
                continue
            while True:  # double until refused
                hi *= 2
                ok, line = admitted(gen, name, option, fixed, hi, out, args.grace)
                if not ok:
                    break
                lo = hi
            while hi - lo > max(1, lo // 100):  # to within 1%
                mid = (lo + hi) // 2
                ok, msg = admitted(gen, name, option, fixed, mid, out, args.grace)
                if ok:
                    lo = mid
                else:
                    hi, line = mid, msg
            print(f"{name:16} {option:>6} {lo:>18} {hi:>18}  {line.split(': ', 1)[-1][:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
