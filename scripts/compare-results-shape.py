#!/usr/bin/env python3
"""Whether two results directories have the same shape, timings aside.

For a change that must not change what the experiments write (a refactoring of
the harness): the same results files, each CSV with the same columns in the same
order, the same rows (piece, role, graph, program, threads, device, source,
trial), the same values per row in every column that is not measured (the
answer, verified, storage, counts), and the same cells left empty (an absent
phase stays absent); each JSON with the same metadata keys. Measured values
(seconds, *_s phases, teps, the run id, --ignore's columns) are not compared.

    scripts/compare-results-shape.py BEFORE_DIR AFTER_DIR [--ignore COLUMN ...]

Some columns are measured though they are not times, and vary from run to run:
hybrid_dfs's branch_ms, level_ms and gbs; the work counters of dijkstra_deg5's
asynchronous GPU programs (relax_per_arc, iterations, buckets: which chains run
ahead decides the work). Name them with --ignore where those rows are compared.

Prints each difference; exits 1 if there is one, 0 otherwise.
"""
import argparse
import csv
import json
import os
import sys
from collections import Counter

# What identifies a row; `source` only where the CSV has it.
ROW_KEY = ["piece", "role", "graph", "generator", "n", "m", "seed", "algorithm", "threads", "device", "source", "trial"]
# Measured, so never compared by value (nor is any column ending in _s: a phase's seconds).
MEASURED = {"seconds", "run_id", "teps"}


def results_files(directory):
    return sorted(f for f in os.listdir(directory) if f.endswith(".csv") or f.endswith(".json"))


def read_csv(path):
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        return reader.fieldnames or [], list(reader)


def row_shapes(columns, rows, ignored):
    """Each row as (key, values of the columns not measured, empty cells), counted."""
    key_columns = [c for c in ROW_KEY if c in columns]
    value_columns = [
        c for c in columns if c not in ROW_KEY and c not in MEASURED and c not in ignored and not c.endswith("_s")
    ]
    shapes = Counter()
    for r in rows:
        key = tuple((c, r[c]) for c in key_columns)
        values = tuple((c, r[c]) for c in value_columns)
        empty = tuple(c for c in columns if r[c] == "")
        shapes[(key, values, empty)] += 1
    return shapes


def describe(shape):
    key, values, empty = shape
    return f"{dict(key)} values={dict(values)} empty={list(empty)}"


def compare_csv(before, after, name, ignored):
    problems = []
    before_columns, before_rows = read_csv(before)
    after_columns, after_rows = read_csv(after)
    if before_columns != after_columns:
        return [f"{name}: columns differ:\n  before {before_columns}\n  after  {after_columns}"]
    b, a = row_shapes(before_columns, before_rows, ignored), row_shapes(after_columns, after_rows, ignored)
    for shape in sorted(set(b) | set(a)):
        if b[shape] != a[shape]:
            problems.append(f"{name}: {b[shape]} row(s) before, {a[shape]} after: {describe(shape)}")
    return problems


def compare_json(before, after, name, _ignored):
    with open(before) as f:
        b = set(json.load(f))
    with open(after) as f:
        a = set(json.load(f))
    problems = [f"{name}: metadata key {k} only before" for k in sorted(b - a)]
    return problems + [f"{name}: metadata key {k} only after" for k in sorted(a - b)]


def compare(before_dir, after_dir, ignored=()):
    before, after = results_files(before_dir), results_files(after_dir)
    problems = [f"{f}: only in {before_dir}" for f in before if f not in after]
    problems += [f"{f}: only in {after_dir}" for f in after if f not in before]
    for f in before:
        if f not in after:
            continue
        check = compare_csv if f.endswith(".csv") else compare_json
        problems += check(os.path.join(before_dir, f), os.path.join(after_dir, f), f, set(ignored))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before", help="results directory of the reference run")
    ap.add_argument("after", help="results directory of the run to check")
    ap.add_argument("--ignore", action="append", default=[], metavar="COLUMN", help="another measured column")
    args = ap.parse_args()
    problems = compare(args.before, args.after, args.ignore)
    for p in problems:
        print(p)
    files = len(results_files(args.before))
    print(f"{len(problems)} difference(s) in {files} results file(s)" if problems else f"same shape: {files} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
