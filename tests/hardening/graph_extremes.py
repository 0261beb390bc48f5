#!/usr/bin/env python3
"""Graphs at the extremes a user may bring, end to end through the executables:

* 10^6 vertex ids and 10^4 edges (most ids isolated): every minimum-spanning-
  forest experiment's CPU programs answer in seconds and agree on the forest
  (sollin_multicore refuses at once: not a complete graph);
* a path whose weights are 2^32-1 (valid uint32): bgl_prim and kruskal_100m
  answer 4 (2^32-1) with 4 edges;
* float weights near FLT_MAX: dijkstra_deg5 refuses a path whose distance
  passes the float maximum (exit 2, with the reason) and answers one that stays
  below it;
* a .gsc header with n = 2^32-1 and no edges: refused up front (exit 3) under
  GS_HOST_MEMORY_LIMIT above what the reader needs, before anything grows.

    tests/hardening/graph_extremes.py --bin build/<preset>/bin
"""
import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

SPARSE_IDS, SPARSE_EDGES = 1_000_000, 10_000
SECONDS = 60  # a program that needs longer on a 2-core machine is a finding (it took minutes before)
MAX_U32 = 2**32 - 1


def answered(bin_dir, program, path, tmp, extra=(), expect=None):
    """Runs `program --input path`; problems unless it exits 0 within SECONDS with only
    verified rows, all with one answer (`expect` when given). Returns (problems, answer)."""
    out_dir = os.path.join(tmp, program + "-" + os.path.basename(path))
    cmd = [os.path.join(bin_dir, program), "--input", path, "--trials", "1", "--warmups", "0", "--out", out_dir,
           *harness.FAST_ARGS.get(program, []), *extra]
    start = time.monotonic()
    out = harness.run(cmd, timeout=SECONDS)
    took = time.monotonic() - start
    problems, rows, _ = harness.answered_rows(out, out_dir)
    if not rows:
        return problems, None
    answers = {r["answer"] for r in rows}
    if len(answers) != 1:
        problems.append(f"programs disagree: {sorted(answers)}")
    elif expect is not None and answers != {expect}:
        problems.append(f"answer {answers.pop()}, expected {expect}")
    print(f"  {program} --input {os.path.basename(path)}: {len(rows)} rows in {took:.1f} s")
    return problems, (answers.pop() if len(answers) == 1 else None)


def refused(bin_dir, program, path, tmp, rc, words, env=None):
    out_dir = os.path.join(tmp, program + "-refused-" + os.path.basename(path))
    cmd = [os.path.join(bin_dir, program), "--input", path, "--trials", "1", "--out", out_dir,
           *harness.FAST_ARGS.get(program, [])]
    start = time.monotonic()
    out = harness.run(cmd, timeout=SECONDS, env_extra=env)
    took = time.monotonic() - start
    problems = harness.clean_failure_problems(out, program, rc, words)
    if not problems:
        print(f"  {program} --input {os.path.basename(path)}: refused (exit {rc}) in {took:.1f} s")
    return problems


def write_sparse(path):
    r = random.Random(28)
    with open(path, "w") as f:
        for _ in range(SPARSE_EDGES - 1):
            f.write(f"{r.randrange(SPARSE_IDS)} {r.randrange(SPARSE_IDS)} {r.randint(1, 1000)}\n")
        f.write(f"{SPARSE_IDS - 1} 0 5\n")  # the largest id fixes n


def write_huge_header(bin_dir, path, tmp):
    """A valid .gsc of one vertex and no edges with n patched to 2^32-1 (the
    checksum covers the payload only, which stays empty)."""
    one = os.path.join(tmp, "one.gsc")
    subprocess.run([os.path.join(bin_dir, "gen"), "gtgraph-random", "--n", "1", "--m", "0", "--out", one],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    data = bytearray(open(one, "rb").read())
    if struct.unpack_from("<Q", data, 24)[0] != 1:
        raise RuntimeError("unexpected .gsc layout (n is not at offset 24)")
    struct.pack_into("<Q", data, 24, MAX_U32)
    with open(path, "wb") as f:
        f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory(prefix="gs-extremes-") as tmp:
        sparse = os.path.join(tmp, "sparse-ids.wel")
        write_sparse(sparse)
        answers = {}
        for program in ("prim_gpu", "kruskal_100m"):
            problems, answers[program] = answered(args.bin, program, sparse, tmp)
            results.append((f"{program} on 10^6 ids, 10^4 edges", problems))
        if answers["prim_gpu"] and answers["kruskal_100m"] and answers["prim_gpu"] != answers["kruskal_100m"]:
            results.append(("prim_gpu and kruskal_100m on 10^6 ids", [f"answers differ: {answers}"]))
        results.append(("sollin_multicore on 10^6 ids, 10^4 edges",
                        refused(args.bin, "sollin_multicore", sparse, tmp, harness.EXIT_BAD_INPUT,
                                ["not a complete graph"])))

        path = os.path.join(tmp, "max-u32-path.wel")
        with open(path, "w") as f:
            f.writelines(f"{x} {x + 1} {MAX_U32}\n" for x in range(4))
        for program, extra in (("prim_gpu", ["--algorithms", "bgl_prim"]), ("kruskal_100m", [])):
            problems, _ = answered(args.bin, program, path, tmp, extra, expect=f"weight={4 * MAX_U32};edges=4")
            results.append((f"{program} on a path of weights 2^32-1", problems))

        over = os.path.join(tmp, "float-over.wel")
        with open(over, "w") as f:
            f.write("0 1 2e38\n1 2 2e38\n")  # 4e38 from 0 to 2: past FLT_MAX
        results.append(("dijkstra_deg5 on distances past FLT_MAX",
                        refused(args.bin, "dijkstra_deg5", over, tmp, harness.EXIT_BAD_INPUT, ["float maximum"])))
        under = os.path.join(tmp, "float-under.wel")
        with open(under, "w") as f:
            f.write("0 1 3e38\n1 2 1\n")
        problems, _ = answered(args.bin, "dijkstra_deg5", under, tmp, ["--sources", "0"])
        results.append(("dijkstra_deg5 on a weight of 3e38", problems))

        huge = os.path.join(tmp, "n-2to32-minus-1.gsc")
        write_huge_header(args.bin, huge, tmp)
        # Above the reader's own estimate for n vertices, below what the run holds.
        env = {"GS_HOST_MEMORY_LIMIT": str(40 * 10**9)}
        for program in ("kruskal_100m", "prim_gpu"):
            results.append((f"{program} on a .gsc header with n = 2^32-1",
                            refused(args.bin, program, huge, tmp, harness.EXIT_NO_RESOURCES, ["host memory"], env)))
    failures = [(w, p) for w, p in results if p]
    return harness.report("graph extremes", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
