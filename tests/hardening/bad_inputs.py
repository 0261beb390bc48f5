#!/usr/bin/env python3
"""Hostile inputs through the real executables.

Every malformed file of tests/data/io/bad and tests/data/hardening/bad goes to
each experiment as --input; every run must refuse cleanly (harness.py): exit 2
(3 for sizes that cannot fit), one error line naming FILE:LINE: and the
problem, no crash, no hang, no sanitizer report, and nothing in --out that
looks like a result. Bad command lines of the experiments and of gen must give
exit 2 with one error line.

    tests/hardening/bad_inputs.py --bin build/<preset>/bin [--jobs 2]
"""
import argparse
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
IO_BAD = os.path.join(ROOT, "tests", "data", "io", "bad")
HARDENING_BAD = os.path.join(ROOT, "tests", "data", "hardening", "bad")

# The weight type each experiment reads --input as (its main.cpp); a manifest
# row's message fragment is checked where the row was written for that type.
# Rows whose value is bad only for the row's weight type (1.5 is a fine float).
TYPE_SPECIFIC = ("is not an integer", "does not fit the weight type")
# Programs that do not read weight values: hybrid_dfs ignores them and the spanning
# forests rank them (harness/input_weights.hpp), so a file bad only in its weights
# (named *-weight*) must merely not crash there.
WEIGHT_VALUES_UNUSED = {"hybrid_dfs", "prim_gpu", "sollin_multicore", "kruskal_100m"}
# Files whose only damage is in weight fields, though their names do not say so.
WEIGHT_FIELD_DAMAGE = {"gr-binary-garbage.gr", "mtx-nan-value.mtx"}
# SNAP ids are compacted by default (--relabel auto): ids beyond 32 bits are valid.
VALID_WHEN_COMPACTED = {"txt-id-above-32-bits.txt"}
READ_WEIGHT = {"prim_gpu": "u32", "sollin_multicore": "u32", "kruskal_100m": "u32", "dijkstra_deg5": "f32", "hybrid_dfs": "u32"}


def corpus():
    """(path, expected exit or None for 'any clean answer', line, fragment or None, weight or None)."""
    cases = []
    for file, weight, options, error, line, fragment in harness.read_manifest(os.path.join(IO_BAD, "MANIFEST.tsv")):
        # Rows that need reader options the experiments do not set, or whose values fit
        # the wider weight types the experiments read, are bad only for the io tests:
        # here they must merely not crash.
        lenient = options != "-" or weight == "u16"
        expected = None if lenient else (harness.EXIT_NO_RESOURCES if error == "resource" else harness.EXIT_BAD_INPUT)
        cases.append((os.path.join(IO_BAD, file), expected, line, fragment, weight))
        # The .gsc damage is checked after the weight type, which the damaged caches
        # share (u32): a float reader refuses them for the type first.
    for file, error, line, fragment in harness.read_manifest(os.path.join(HARDENING_BAD, "MANIFEST.tsv")):
        expected = harness.EXIT_NO_RESOURCES if error == "resource" else harness.EXIT_BAD_INPUT
        weight = "u32" if file.endswith(".gsc") else None
        cases.append((os.path.join(HARDENING_BAD, file), expected, line, fragment, weight))
    return cases


def leftover_results(out_dir):
    return sorted(f for f in os.listdir(out_dir) if f.endswith((".csv", ".json"))) if os.path.isdir(out_dir) else []


def check_file(bin_dir, program, case, tmp):
    path, expected, line, fragment, weight = case
    rel = os.path.relpath(path, ROOT)
    out_dir = os.path.join(tmp, program + "-" + os.path.basename(path))
    cmd = [os.path.join(bin_dir, program), "--input", path, "--trials", "1", "--out", out_dir] + harness.FAST_ARGS.get(program, [])
    out = harness.run(cmd, timeout=60)
    same_type = weight is None or weight == READ_WEIGHT.get(program)
    if not same_type and any(words in fragment for words in TYPE_SPECIFIC):
        expected = None
    name = os.path.basename(path)
    weight_damage = "-weight" in name or name in WEIGHT_FIELD_DAMAGE
    if (program == "hybrid_dfs" and weight_damage) or (program in WEIGHT_VALUES_UNUSED and "-weight" in name) \
            or name in VALID_WHEN_COMPACTED:
        expected = None
    if expected is None:
        problems = harness.crash_problems(out)
        if not problems and out.rc not in (0, harness.EXIT_BAD_INPUT, harness.EXIT_NO_RESOURCES):
            problems.append(f"exit {out.rc}, expected 0, 2 or 3")
        if out.rc != 0 and len(out.error_lines(program)) != 1:
            problems.append(f"{len(out.error_lines(program))} error lines on stderr, expected 1")
    else:
        # The line and the words are the row's where the program reads the row's
        # weight type; another type may stop earlier (e.g. at a weight it cannot hold).
        must = [f"{path}:{line}: ", fragment] if same_type else [f"{path}:"]
        problems = harness.clean_failure_problems(out, program, expected, must)
        left = leftover_results(out_dir)
        if left:
            problems.append("a refused run left result files: " + ", ".join(left))
    return (f"{program} --input {rel}", problems)


def bad_command_lines(tmp):
    exp = [
        (["--no-such-option"], "unknown option"),
        (["--scale", "gigantic"], "bad --scale"),
        (["--trials", "0"], "--trials 0"),
        (["--trials", "many"], "non-numeric --trials"),
        (["--threads", "-4"], "negative --threads"),
        (["--algorithms", "no_such_algorithm"], "unknown algorithm"),
        (["--piece", "no_such_piece"], "unknown piece"),
        (["--input"], "--input without a value"),
        (["--input", os.path.join(tmp, "missing", "graph.gr")], "missing input file"),
    ]
    gen_out = os.path.join(tmp, "gen-out")
    gen = [
        ([], "no generator name"),
        (["no-such-generator", "--n", "10", "--out", gen_out + ".gr"], "unknown generator"),
        (["gtgraph-random", "--n", "10"], "missing --out"),
        (["gtgraph-random", "--n", "ten", "--out", gen_out + ".gr"], "non-numeric --n"),
        (["gtgraph-random", "--n", "10", "--out", gen_out + ".graph"], "unknown output extension"),
        (["gtgraph-random", "--n", "10", "--out", gen_out + ".el"], "weighted graph into an unweighted format"),
        (["rmat", "--n", "1000", "--out", gen_out + ".el"], "rmat --n not a power of two"),
        (["complete", "--n", "-3", "--out", gen_out + ".gsc"], "negative --n"),
        (["fixed-degree", "--n", "10", "--scale", "3", "--out", gen_out + ".gr"], "option of another generator"),
    ]
    cases = [(p, args, why) for p in harness.EXPERIMENTS for args, why in exp]
    cases += [("gen", args, why) for args, why in gen]
    return cases


def check_command_line(bin_dir, program, args, why, tmp):
    out_dir = os.path.join(tmp, "cli-" + program)
    extra = [] if program == "gen" else ["--out", out_dir] + harness.FAST_ARGS.get(program, [])
    out = harness.run([os.path.join(bin_dir, program)] + args + extra, timeout=60)
    problems = harness.clean_failure_problems(out, program, harness.EXIT_BAD_INPUT)
    return (f"{program} {' '.join(args)} ({why})", problems)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="folder with the executables (build/<preset>/bin)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--programs", default=",".join(harness.EXPERIMENTS), help="experiments to feed the corpus")
    args = ap.parse_args()
    programs = args.programs.split(",")
    cases = corpus()
    with tempfile.TemporaryDirectory(prefix="gs-hardening-") as tmp, ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(check_file, args.bin, p, c, tmp) for p in programs for c in cases]
        jobs += [pool.submit(check_command_line, args.bin, p, a, why, tmp) for p, a, why in bad_command_lines(tmp)
                 if p == "gen" or p in programs]
        results = [j.result() for j in jobs]
    failures = [(what, problems) for what, problems in results if problems]
    print(f"{len(cases)} malformed files x {len(programs)} experiments, plus bad command lines")
    return harness.report("bad inputs", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
