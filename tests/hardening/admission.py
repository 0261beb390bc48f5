#!/usr/bin/env python3
"""Admission control: under a small GS_HOST_MEMORY_LIMIT (common/memory.cpp),
every experiment and gen must refuse up front with exit 3 and one line naming
what is needed and what is available, both for its own generated graphs (one
CPU piece at quick scale) and for an --input file. Prints what was refused.

    tests/hardening/admission.py --bin build/<preset>/bin
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

NEEDS = re.compile(r"needs ([\d.]+ \w+) of host memory, but only ([\d.]+ \w+) is available")
LIMIT = 4_000_000  # bytes: below every quick-scale CPU piece's graph, above a 1 MiB side buffer

# One CPU piece per experiment whose quick-scale graph exceeds LIMIT.
PIECES = {"sollin_multicore": "fig1", "kruskal_100m": "main", "dijkstra_deg5": "opencl-cpu", "hybrid_dfs": "fig3"}
# prim_gpu's quick sizes (n <= 16384, 10 n edges) fit in LIMIT: refuse at a tighter one.
TIGHT = {"prim_gpu": ("paper", 1000)}

GENERATORS = [
    ["gtgraph-random", "--n", "100000"],
    ["complete", "--n", "5000"],
    ["path-random", "--n", "1000"],
    ["rmat", "--scale", "16"],
    ["fixed-degree", "--n", "1000000"],
]
GEN_EXT = {"gtgraph-random": ".gr", "complete": ".gsc", "path-random": ".wel", "rmat": ".el", "fixed-degree": ".gr"}


def check(label, program, cmd, limit, refusals):
    out = harness.run(cmd, timeout=120, env_extra={"GS_HOST_MEMORY_LIMIT": str(limit)})
    problems = harness.clean_failure_problems(out, program, harness.EXIT_NO_RESOURCES)
    lines = out.error_lines(program)
    if not problems:
        m = NEEDS.search(lines[0])
        if not m:
            problems.append("refusal does not say what is needed and what is available: " + lines[0][:300])
        else:
            refusals.append((label, m.group(1), m.group(2)))
    return (label, problems)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    exe = lambda name: os.path.join(args.bin, name)  # noqa: E731
    results, refusals = [], []
    with tempfile.TemporaryDirectory(prefix="gs-admission-") as tmp:
        # A 200000-edge graph (about 2.5 MiB to hold), refused under 1.5 MB, which still
        # admits side buffers of 1 MiB (sollin_multicore --bandwidth-mib 1).
        graph = os.path.join(tmp, "input.gr")
        made = harness.run([exe("gen"), "gtgraph-random", "--n", "20000", "--m", "200000", "--out", graph])
        if made.rc != 0:
            print("gen could not write the input graph:\n" + made.stderr, file=sys.stderr)
            return 1
        for program in harness.EXPERIMENTS:
            fast = harness.FAST_ARGS.get(program, [])
            piece, limit = TIGHT.get(program, (PIECES.get(program), LIMIT))
            out_dir = os.path.join(tmp, program)
            base = [exe(program), "--scale", "quick", "--trials", "1", "--out", out_dir] + fast
            results.append(check(f"{program} --piece {piece}", program, base + ["--piece", piece], limit, refusals))
            results.append(check(f"{program} --input (200000 edges)", program, base + ["--input", graph], 1_500_000, refusals))
            if os.path.isdir(out_dir) and any(f.endswith(".csv") for f in os.listdir(out_dir)):
                results.append((f"{program} output", ["a refused run wrote a results CSV"]))
        for spec in GENERATORS:
            out_file = os.path.join(tmp, "gen-out" + GEN_EXT[spec[0]])
            results.append(check("gen " + " ".join(spec), "gen", [exe("gen")] + spec + ["--out", out_file], LIMIT, refusals))
            if os.path.exists(out_file):
                results.append((f"gen {spec[0]} output", ["a refused gen left its output file"]))
    print(f"{'refused run':55} {'needs':>12} {'available':>12}")
    for label, needs, avail in refusals:
        print(f"{label:55} {needs:>12} {avail:>12}")
    failures = [(w, p) for w, p in results if p]
    return harness.report("admission control", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
