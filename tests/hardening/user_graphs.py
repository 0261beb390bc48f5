#!/usr/bin/env python3
"""Graphs the suite did not make, through the five executables:

  - sparse ids: a SNAP .txt whose ids lie beyond 2^32 is compacted by
    default; --sources and the source column use the file's ids, and every
    answer equals a run on the densely numbered copy (--relabel no);
    a source the file lacks is exit 2 naming the file and the id;
  - weight types: a float-weight .gsc from `gen grid` (for sollin_multicore,
    which takes complete graphs only, the 1 x 2 grid and a real-valued complete
    Matrix Market graph) is answered by all five (exit 0, verified rows); the spanning-forest answers agree;
  - weights a traversal does not use: a real Matrix Market file with
    fractional and negative weights, answered by hybrid_dfs;
  - the empty graph: zero vertices is refused by all five (exit 2,
    "FILE:0: the graph has no vertices");
  - --sources given to a spanning-forest executable: exit 2, saying so.

    tests/hardening/user_graphs.py --bin build/<preset>/bin
"""
import argparse
import glob
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

MST = ["prim_gpu", "sollin_multicore", "kruskal_100m"]
WITH_SOURCES = ["hybrid_dfs", "dijkstra_deg5"]


def run_rows(bin_dir, program, args, out_dir):
    """Runs program on args; returns (problems, rows, metadata)."""
    cmd = [os.path.join(bin_dir, program), "--trials", "1", "--warmups", "0", "--threads", "2", "--out", out_dir]
    out = harness.run(cmd + args + harness.FAST_ARGS.get(program, []), timeout=120)
    return harness.answered_rows(out, out_dir)


def answers(rows):
    """{(algorithm, source): answer}; every row of a pair must agree."""
    out = {}
    for r in rows:
        out.setdefault((r["algorithm"], r.get("source", "")), set()).add(r["answer"])
    return out


def refused(bin_dir, program, args, must_contain, tmp):
    cmd = [os.path.join(bin_dir, program), "--out", os.path.join(tmp, "refused")] + args
    out = harness.run(cmd + harness.FAST_ARGS.get(program, []), timeout=60)
    problems = harness.clean_failure_problems(out, program, harness.EXIT_BAD_INPUT, must_contain)
    if glob.glob(os.path.join(tmp, "refused", "*.csv")):
        problems.append("a refused run left a results CSV")
    return problems


def write_graph(path, edges, header=""):
    with open(path, "w") as f:
        f.write(header)
        for e in edges:
            f.write(" ".join(map(str, e)) + "\n")


def sparse_ids(bin_dir, tmp, checks):
    rng = random.Random(7)
    n = 60
    sparse_graph = [(i, i + 1) for i in range(n - 1)] + [(rng.randrange(n), rng.randrange(n)) for _ in range(120)]
    complete = [(i, j) for i in range(n) for j in range(i)]  # sollin_multicore takes complete graphs only
    # An increasing map keeps the order, so compacting gives back the dense ids.
    file_id = [1_000_003 * i * i + 4_000_000_000 + i for i in range(n)]
    paths = {}
    for name, edges in (("path", sparse_graph), ("complete", complete)):
        header = "# Undirected graph\n% a comment\n"
        paths[name] = (os.path.join(tmp, name + "-sparse.txt"), os.path.join(tmp, name + "-dense.txt"))
        write_graph(paths[name][0], [(file_id[u], file_id[v]) for u, v in edges], header)
        write_graph(paths[name][1], edges, header)
    for program in WITH_SOURCES + MST:
        src = [] if program in MST else ["--sources", f"{file_id[5]},{file_id[n - 1]}"]
        dsrc = [] if program in MST else ["--sources", f"5,{n - 1}"]
        label = f"{program}: sparse-id SNAP file"
        sparse_path, dense_path = paths["complete" if program == "sollin_multicore" else "path"]
        p1, rows_s, meta = run_rows(bin_dir, program, ["--input", sparse_path] + src, os.path.join(tmp, program + "-s"))
        p2, rows_d, _ = run_rows(bin_dir, program, ["--input", dense_path, "--relabel", "no"] + dsrc, os.path.join(tmp, program + "-d"))
        problems = p1 + p2
        if not problems:
            if not str(meta.get("input_ids", "")).startswith(f"compacted: {n} distinct ids"):
                problems.append(f"input_ids metadata {meta.get('input_ids')!r}")
            if program in WITH_SOURCES:
                got = sorted({r["source"] for r in rows_s})
                if got != sorted({str(file_id[5]), str(file_id[n - 1])}):
                    problems.append(f"source column {got}, expected the file's ids")
                to_file = {str(i): str(file_id[i]) for i in range(n)}
                dense_answers = {(a, to_file[s]): v for (a, s), v in answers(rows_d).items()}
            else:
                dense_answers = answers(rows_d)
            if answers(rows_s) != dense_answers:
                problems.append(f"answers differ from the dense copy's: {answers(rows_s)} vs {dense_answers}")
        checks.append((label, problems))
    for program in WITH_SOURCES:
        checks.append((f"{program}: a source the file lacks",
                       refused(bin_dir, program, ["--input", paths["path"][0], "--sources", "12345"],
                               [paths["path"][0], "12345"], tmp)))


def write_complete_mtx(path, n, rng):
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix coordinate real symmetric\n")
        f.write(f"{n} {n} {n * (n - 1) // 2}\n")
        for i in range(n):
            for j in range(i):
                f.write(f"{i + 1} {j + 1} {rng.uniform(1, 100):.6f}\n")


def float_weights(bin_dir, tmp, checks):
    grid = os.path.join(tmp, "grid.gsc")
    out = harness.run([os.path.join(bin_dir, "gen"), "grid", "--rows", "12", "--cols", "12", "--out", grid], timeout=60)
    if out.rc != 0:
        checks.append(("gen grid", [f"exit {out.rc}: {out.stderr.strip()[-300:]}"]))
        return
    # sollin_multicore takes complete graphs: the 1 x 2 grid (K2, float weights) as .gsc,
    # and a real-valued complete graph as Matrix Market text.
    k2 = os.path.join(tmp, "k2.gsc")
    out = harness.run([os.path.join(bin_dir, "gen"), "grid", "--rows", "1", "--cols", "2", "--out", k2], timeout=60)
    if out.rc != 0:
        checks.append(("gen grid 1 x 2", [f"exit {out.rc}: {out.stderr.strip()[-300:]}"]))
        return
    complete = os.path.join(tmp, "complete.mtx")
    write_complete_mtx(complete, 12, random.Random(3))
    forest = {}
    runs = [(p, grid) for p in WITH_SOURCES + MST if p != "sollin_multicore"]
    runs += [("sollin_multicore", k2), ("sollin_multicore", complete)]
    for program, path in runs:
        problems, rows, meta = run_rows(bin_dir, program, ["--input", path], os.path.join(tmp, program + "-" + os.path.basename(path)))
        rule = str(meta.get("input_weights", ""))
        expected = {"hybrid_dfs": "ignored:", "dijkstra_deg5": "file:"}.get(program, "ranked:")
        if not problems and not rule.startswith(expected):
            problems.append(f"input_weights {rule!r}, expected {expected}...")
        if program in ("prim_gpu", "kruskal_100m"):
            forest[program] = {r["answer"] for r in rows}
        checks.append((f"{program}: float-weight {os.path.basename(path)}", problems))
    if len(forest) == 2:
        every = set().union(*forest.values())
        checks.append(("prim_gpu and kruskal_100m agree on the grid's forest",
                       [] if len(every) == 1 else [f"answers {forest}"]))


def ignored_weights(bin_dir, tmp, checks):
    path = os.path.join(tmp, "real.mtx")
    write_graph(path, [(1, 2, 4.5), (2, 3, -1.25), (3, 1, 0.5), (4, 3, -7)],
                "%%MatrixMarket matrix coordinate real symmetric\n4 4 4\n")
    problems, rows, meta = run_rows(bin_dir, "hybrid_dfs", ["--input", path, "--sources", "0"],
                                    os.path.join(tmp, "hybrid-real"))
    if not problems and {r["answer"].split(";")[0] for r in rows} != {"reached=4"}:
        problems.append(f"answers {answers(rows)}, expected 4 vertices reached")
    if not problems and not all(float(r.get("load_s") or 0) > 0 for r in rows):
        problems.append("a row without the graph's load time (load_s)")
    checks.append(("hybrid_dfs: real Matrix Market with fractional and negative weights", problems))


def empty_graph(bin_dir, tmp, checks):
    path = os.path.join(tmp, "empty.mtx")
    write_graph(path, [], "%%MatrixMarket matrix coordinate pattern symmetric\n0 0 0\n")
    for program in WITH_SOURCES + MST:
        checks.append((f"{program}: zero vertices",
                       refused(bin_dir, program, ["--input", path], [path + ":0: the graph has no vertices"], tmp)))


def sources_on_mst(bin_dir, tmp, checks):
    for program in MST:
        checks.append((f"{program} --sources",
                       refused(bin_dir, program, ["--sources", "1"], ["have no source vertex", "hybrid_dfs"], tmp)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    checks = []
    with tempfile.TemporaryDirectory(prefix="gs-user-graphs-") as tmp:
        for part in (sparse_ids, float_weights, ignored_weights, empty_graph, sources_on_mst):
            part(args.bin, tmp, checks)
    failures = [(w, p) for w, p in checks if p]
    return harness.report("user graphs", failures, len(checks))


if __name__ == "__main__":
    sys.exit(main())
