#!/usr/bin/env python3
"""GPU memory, on a machine with a GPU (ctest labels gpu, hardening; exit 77 without one).

1. Admission: under GS_DEVICE_MEMORY_LIMIT=1 MiB every CUDA program of every
   experiment refuses up front: exit 3, one line "... needs X of GPU memory, but
   only Y is free ...", no results file.
2. Out of memory at run time: admission is told the device is huge
   (GS_DEVICE_MEMORY_LIMIT=1 PiB) while gpu_memory_hog holds all but F bytes of the
   device. For each GPU program (OpenCL included) F climbs from 0 by doubling until
   the run succeeds, then is bisected between the last failure and the first
   success, so that the failing allocation moves from context creation to the
   program's last allocation. Every run must either succeed with all rows verified
   or refuse cleanly (exit 3, one error line, no crash or hang, no results CSV);
   each program must fail at least once at run time and succeed at least once.
Prints, per program, the free memory it needed and the failures it went through.

    tests/hardening/gpu_memory.py --bin build/default/bin --hog build/default/tests/gpu_memory_hog
"""
import argparse
import csv
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

MiB = 1 << 20
# (experiment, piece, GPU programs, options that keep the quick piece to a few seconds)
RUNS = [
    ("prim_gpu", "paper", ["prim_naive_gpu", "prim_minreduce_gpu", "prim_resident_gpu", "boruvka_gpu"], []),
    ("sollin_multicore", "gpu", ["boruvka_dense_gpu"], ["--bandwidth-mib", "1"]),
    ("kruskal_100m", "main", ["kruskal_thrust", "kruskal_cdp", "kruskal_cub_gpu"], []),
    ("dijkstra_deg5", "sweep", ["two_kernel_cuda", "near_far_gpu", "async_buckets_gpu", "two_kernel_opencl"],
     ["--sizes", "100000", "--num-sources", "1"]),
    ("hybrid_dfs", "fig4", ["read_gpu", "dobfs_gpu", "hybrid_cpu_gpu"], ["--roots", "1"]),
]
# Programs that size their buffers through OpenCL, not require_device_memory. One
# refused cleanly at every rung is run once alone: if it runs, the table says it ran
# alone only; if it is refused alone too, this machine's OpenCL has no GPU for it
# (the harness's "cannot run here"), and the table says it was skipped and why.
NOT_CUDA_ADMITTED = {"two_kernel_opencl"}
BISECTION_STEPS = 4
LARGEST_FREE = 16 << 30


class Hog:
    """gpu_memory_hog holding all but `leave` bytes until closed."""

    def __init__(self, exe, leave):
        self.p = subprocess.Popen([exe, "--leave", str(leave)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        line = self.p.stdout.readline().decode()
        m = re.match(r"held (\d+) free (\d+)", line)
        if not m:
            self.close()
            raise RuntimeError(f"gpu_memory_hog did not start: {line.strip()!r} (exit {self.p.returncode})")
        self.free = int(m.group(2))

    def close(self):
        if self.p.stdin:
            self.p.stdin.close()
        self.p.wait(timeout=60)


def run_program(bin_dir, exp, piece, program, extra, out_dir, env):
    shutil.rmtree(out_dir, ignore_errors=True)
    cmd = [os.path.join(bin_dir, exp), "--scale", "quick", "--piece", piece, "--algorithms", program,
           "--trials", "1", "--out", out_dir] + extra
    return harness.run(cmd, timeout=300, env_extra=env)


def result_csvs(out_dir):
    return glob.glob(os.path.join(out_dir, "*.csv"))


def success_problems(out, out_dir):
    problems = harness.crash_problems(out)
    csvs = result_csvs(out_dir)
    if len(csvs) != 1:
        return problems + [f"exit 0 but {len(csvs)} results CSVs"]
    with open(csvs[0], newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows or any(r["verified"] != "true" for r in rows):
        problems.append("exit 0 but not every row is verified")
    return problems


def refusal_problems(out, exp, out_dir, must_contain=()):
    problems = harness.clean_failure_problems(out, exp, harness.EXIT_NO_RESOURCES, must_contain)
    if result_csvs(out_dir):
        problems.append("a refused run left a results CSV")
    return problems


def admission(bin_dir, tmp):
    results = []
    for exp, piece, programs, extra in RUNS:
        for program in programs:
            if program in NOT_CUDA_ADMITTED:
                continue
            out_dir = os.path.join(tmp, f"adm-{program}")
            out = run_program(bin_dir, exp, piece, program, extra, out_dir, {"GS_DEVICE_MEMORY_LIMIT": str(MiB)})
            results.append((f"admission {exp} {program}", refusal_problems(out, exp, out_dir, ("of GPU memory",))))
    return results


def oom_ladder(bin_dir, hog_exe, exp, piece, program, extra, tmp):
    """Runs `program` with F bytes left free; returns (problems, needed F, failure lines)."""
    env = {"GS_DEVICE_MEMORY_LIMIT": str(1 << 50)}
    out_dir = os.path.join(tmp, f"oom-{program}")
    problems, failures = [], []

    def attempt(leave):
        hog = Hog(hog_exe, leave)
        try:
            out = run_program(bin_dir, exp, piece, program, extra, out_dir, env)
        finally:
            hog.close()
        if out.rc == 0:
            problems.extend(f"free {hog.free // MiB} MiB: {p}" for p in success_problems(out, out_dir))
            return True
        problems.extend(f"free {hog.free // MiB} MiB: {p}" for p in refusal_problems(out, exp, out_dir))
        lines = out.error_lines(exp)
        failures.append((hog.free, lines[0] if lines else out.stderr.strip()[-200:]))
        return False

    leave, fail, ok = 0, None, None
    while leave <= LARGEST_FREE:
        if attempt(leave):
            ok = leave
            break
        fail = leave
        leave = max(64 * MiB, 2 * leave)
    if ok is None and program in NOT_CUDA_ADMITTED and not problems:
        out = run_program(bin_dir, exp, piece, program, extra, out_dir, env)
        if out.rc == 0:
            problems.extend(f"alone: {p}" for p in success_problems(out, out_dir))
            failures.append((None, "ran alone, never beside the hog"))
            return problems, None, failures
        refused = refusal_problems(out, exp, out_dir, ("cannot run",))
        if not refused:
            lines = out.error_lines(exp)
            failures.append((None, "skipped, refused alone too: " + (lines[0] if lines else "")))
            return [], None, failures
        problems.extend(f"alone: {p}" for p in refused)
    if ok is None:
        return problems + [f"never ran with up to {LARGEST_FREE // MiB} MiB free"], None, failures
    if fail is None:
        return problems + ["never ran out of memory, even with the device full"], ok, failures
    for _ in range(BISECTION_STEPS):
        mid = (fail + ok) // 2
        if attempt(mid):
            ok = mid
        else:
            fail = mid
    return problems, ok, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--hog", required=True, help="the gpu_memory_hog executable")
    ap.add_argument("--only", default="", help="comma-separated programs to check (default: all)")
    args = ap.parse_args()
    probe = subprocess.run([args.hog, "--leave", str(1 << 60)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
    if probe.returncode == 77:
        print(probe.stdout.decode().strip() or "SKIPPED: no GPU")
        return 77
    only = set(filter(None, args.only.split(",")))
    runs = [(e, p, [g for g in progs if not only or g in only], x) for e, p, progs, x in RUNS]
    results, table = [], []
    with tempfile.TemporaryDirectory(prefix="gs-gpu-memory-") as tmp:
        results += admission(args.bin, tmp) if not only else []
        for exp, piece, programs, extra in runs:
            for program in programs:
                problems, needed, failures = oom_ladder(args.bin, args.hog, exp, piece, program, extra, tmp)
                results.append((f"out of memory {exp} {program}", problems))
                table.append((exp, program, needed, failures))
    print(f"{'program':32} {'needed free':>12}  failures (free MiB: first words of the error line)")
    for exp, program, needed, failures in table:
        shown = "; ".join(f"{'-' if free is None else free // MiB}: {line.split(': ', 2)[-1][:70]}"
                          for free, line in failures[-3:])
        print(f"{exp + ' ' + program:32} {'-' if needed is None else str(needed // MiB) + ' MiB':>12}  {len(failures)} x, {shown}")
    failures = [(w, p) for w, p in results if p]
    return harness.report("gpu memory", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
