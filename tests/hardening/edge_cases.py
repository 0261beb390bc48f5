#!/usr/bin/env python3
"""Edge cases across the experiments: tiny --input graphs (tests/data/hardening/edge)
with one vertex, no edges, self loops, parallel edges, equal weights, zero
weights, several components. Each run must exit 0 with a results CSV whose rows
are all verified (and, for the spanning-forest experiments, report the known
forest weight and edge count), or refuse with exit 2 in the way the program
documents (sollin_multicore takes complete graphs only).

    tests/hardening/edge_cases.py --bin build/<preset>/bin
"""
import argparse
import glob
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

EDGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "hardening", "edge")

# Minimum spanning forest of each file, worked out by hand: (weight, edges).
MSF = {
    "single-vertex.gr": (0, 0),
    "no-edges.gr": (0, 0),
    "self-loops.gr": (7, 2),
    "multi-edges.gr": (6, 2),
    "equal-weights.gr": (4, 4),
    "disconnected.gr": (12, 3),
    "complete-k2-zero-weight.gr": (0, 1),
    "complete-equal-weights.gr": (21, 3),
    "complete-multi-edge-self-loop.gr": (7, 2),
}
MST_EXPERIMENTS = {"prim_gpu", "sollin_multicore", "kruskal_100m"}
# Documented refusals (exit 2): program -> (file-name prefixes it accepts, words the refusal of
# any other file must use). One vertex is trivially a complete graph.
REFUSALS = {"sollin_multicore": (("complete-", "single-vertex"), ("not a complete graph", "needs edge weights"))}


def check(bin_dir, program, path, tmp):
    name = os.path.basename(path)
    out_dir = os.path.join(tmp, program + "-" + name)
    cmd = [os.path.join(bin_dir, program), "--input", path, "--trials", "1", "--out", out_dir] + harness.FAST_ARGS.get(program, [])
    out = harness.run(cmd, timeout=120)
    label = f"{program} --input {name}"
    problems = harness.crash_problems(out)
    if problems:
        return label, problems
    refusal = REFUSALS.get(program)
    if refusal and not name.startswith(refusal[0]):
        lines = out.error_lines(program)
        if out.rc != harness.EXIT_BAD_INPUT or len(lines) != 1 or not any(w in lines[0] for w in refusal[1]):
            problems.append(f"expected the documented refusal (exit 2, one of {refusal[1]}), got exit {out.rc}: "
                            + " | ".join(out.stderr.strip().splitlines()[-2:])[:300])
        return label, problems
    problems, rows, _ = harness.answered_rows(out, out_dir)
    for r in rows:
        if program in MST_EXPERIMENTS:
            weight, edges = MSF[name]
            if r["answer"] != f"weight={weight};edges={edges}":
                problems.append(f"{r['algorithm']}: answer {r['answer']}, expected weight={weight};edges={edges}")
    return label, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    files = sorted(glob.glob(os.path.join(EDGE, "*.gr")))
    if sorted(map(os.path.basename, files)) != sorted(MSF):
        print("tests/data/hardening/edge and the MSF table disagree", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="gs-edge-") as tmp:
        results = [check(args.bin, p, f, tmp) for p in harness.EXPERIMENTS for f in files]
    failures = [(w, p) for w, p in results if p]
    return harness.report("edge cases", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
