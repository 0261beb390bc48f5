"""The distributed programs inside the experiments (label mpi): an experiment
executable under the MPI launcher on NP ranks writes rows whose answers are
the single-process programs' answers on the same graph (the single-process
program runs too, in this test), with ranks = NP, device mpi, the piece's
role, and metadata ranks/hosts/ranks_per_host/oversubscribed/distributed_checks;
a bad input file ends every rank with exit 2 and one message naming file and
line; on more than one rank a single-process program is refused when named and
skipped otherwise; an executable without distributed programs refuses on every
rank (exit 2, one message, no files).

    experiment_rows.py rows EXE NP "LAUNCHER..." CASE [PROGRAMS]
    experiment_rows.py bad-input EXE NP "LAUNCHER..." FILE PATTERN
    experiment_rows.py refuse EXE NP "LAUNCHER..." PROGRAM PIECE
    experiment_rows.py refuse-all EXE NP "LAUNCHER..."

NP 1 with an empty LAUNCHER runs the executable without mpirun. CASE is
"generated" (the scale-out piece), a file of data/, or "gsc": a .gsc written by
the gen tool (environment GS_GEN) in the type the experiment reads. PROGRAMS
(a,b): the distributed programs that must each have rows (on one rank, the
ones an --input run names).
"""
import csv
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

# CASE -> (distributed arguments, single-process arguments, row key columns).
# The same graph, the same roots/sources, fewer trials; the single-process
# program is a plain CPU program of the same experiment.
CASES = {
    "hybrid_dfs": (["--piece", "scale-out", "--roots", "3"],
                   ["--piece", "fig4", "--algorithms", "hybrid_omp", "--roots", "3"], ["graph", "source"]),
    "dijkstra_deg5": (["--piece", "scale-out", "--sizes", "3000", "--num-sources", "3"],
                      ["--piece", "sweep", "--sizes", "3000", "--num-sources", "3", "--algorithms", "bgl_dijkstra"],
                      ["graph", "source"]),
    "kruskal_100m": (["--piece", "scale-out"], ["--piece", "main", "--algorithms", "kruskal_seq"], ["graph"]),
}
INPUT_PROGRAMS = {"hybrid_dfs": ("pbgl_bfs", "read_omp"), "dijkstra_deg5": ("pbgl_delta_stepping", "bgl_dijkstra"),
                  "kruskal_100m": ("pbgl_boruvka", "kruskal_seq")}
QUICK = ["--trials", "1", "--warmups", "0"]
# Input files: two roots/sources are enough to compare, and keep the oversubscribed runs short.
SPARSE_SOURCES = ["--sources", "100,12345,300"]
FEW_SOURCES = {"hybrid_dfs": ["--roots", "2"], "dijkstra_deg5": ["--num-sources", "2"], "kruskal_100m": []}


def fail(msg):
    print(f"experiment_rows.py: FAILED: {msg}", file=sys.stderr)
    sys.exit(1)


def launch(exe, np_, launcher, args, status_dir=None):
    cmd = (shlex.split(launcher) + [str(np_)] if launcher else []) + [exe] + args
    env = dict(os.environ, OMP_NUM_THREADS="1")
    if status_dir:
        env["GS_RANK_STATUS_DIR"] = status_dir
    print("+", " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, timeout=300)
    out = p.stdout.decode(errors="replace")
    print(out)
    return p.returncode, out


def rows_of(directory):
    files = [f for f in os.listdir(directory) if f.endswith(".csv")]
    if len(files) != 1:
        fail(f"{directory}: expected one results file, found {files}")
    path = os.path.join(directory, files[0])
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    with open(path[:-4] + ".json", encoding="utf-8") as f:
        meta = json.load(f)
    return rows, meta


def answers_equal(a, b):
    """key=value answers; distsum (a sum of floats in another order) compared numerically."""
    fa = dict(kv.split("=", 1) for kv in a.split(";"))
    fb = dict(kv.split("=", 1) for kv in b.split(";"))
    if fa.keys() != fb.keys():
        return False
    for k in fa:
        if k == "distsum":
            x, y = float(fa[k]), float(fb[k])
            if not math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9):
                return False
        elif fa[k] != fb[k]:
            return False
    return True


def compare(dist_rows, single_rows, keys, np_, role):
    if not dist_rows or not single_rows:
        fail(f"no rows to compare ({len(dist_rows)} distributed, {len(single_rows)} single-process)")
    single = {}
    for r in single_rows:
        single.setdefault(tuple(r[k] for k in keys), set()).add(r["answer"])
    seen = set()
    for r in dist_rows:
        key = tuple(r[k] for k in keys)
        if r["device"] != "mpi" or r["ranks"] != str(np_) or r["role"] != role or r["verified"] != "true":
            fail(f"row {key}: device {r['device']}, ranks {r['ranks']}, role {r['role']}, verified {r['verified']}; "
                 f"expected mpi, {np_}, {role}, true")
        if key not in single:
            fail(f"row {key}: no single-process row for it (single-process keys {sorted(single)})")
        if not all(answers_equal(r["answer"], a) for a in single[key]):
            fail(f"row {key}: answer {r['answer']}, single-process {sorted(single[key])}")
        seen.add(key)
    if seen != set(single):
        fail(f"keys {sorted(seen)} differ from the single-process keys {sorted(single)}")
    for r in single_rows:
        if r["ranks"] != "":
            fail(f"single-process row with ranks '{r['ranks']}'")
    print(f"experiment_rows.py: {len(dist_rows)} rows on {np_} ranks equal the single-process answers on {sorted(seen)}")


def check_meta(meta, np_):
    if meta.get("ranks") != np_ or not meta.get("hosts"):
        fail(f"metadata ranks {meta.get('ranks')!r} hosts {meta.get('hosts')!r}; expected {np_} and host names")
    # The tests run every rank on this host.
    over = 1 if np_ > os.cpu_count() else 0
    if meta.get("ranks_per_host") != np_ or meta.get("oversubscribed") != over:
        fail(f"metadata ranks_per_host {meta.get('ranks_per_host')!r} oversubscribed {meta.get('oversubscribed')!r}; "
             f"expected {np_} and {over} ({os.cpu_count()} cores here)")
    if "single-process" not in meta.get("distributed_checks", "") or "certificate" not in meta["distributed_checks"]:
        fail(f"metadata distributed_checks {meta.get('distributed_checks')!r}")


def gsc_input(name, tmp):
    """A .gsc in the weight type the experiment's single-process reader takes."""
    gen = os.environ.get("GS_GEN")
    if not gen:
        fail("GS_GEN (the gen tool) is not set")
    path = os.path.join(tmp, "graph.gsc")
    if name == "dijkstra_deg5":  # float weights
        args = ["fixed-degree", "--n", "60", "--seed", "2", "--out", path]
    else:  # uint32 weights
        args = ["convert", os.path.join(DATA, "disconnected.wel"), path]
    p = subprocess.run([gen] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    if p.returncode != 0:
        fail(f"gen {' '.join(args)} exited {p.returncode}: {p.stdout.decode(errors='replace')}")
    return path


def rows_case(exe, np_, launcher, case, programs=None):
    name = os.path.basename(exe)
    with tempfile.TemporaryDirectory() as tmp:
        d, s = os.path.join(tmp, "d"), os.path.join(tmp, "s")
        if case == "generated":
            dist_args, single_args, keys = CASES[name]
            role = "scale-out"
        else:
            path = gsc_input(name, tmp) if case == "gsc" else os.path.join(DATA, case)
            pbgl, plain = INPUT_PROGRAMS[name]
            # One rank runs a distributed program on --input only when it is named.
            # sparse.txt: sources named by their file ids, which both modes take (answers do not
            # depend on how a program numbers the vertices inside).
            few = (SPARSE_SOURCES if case == "sparse.txt" and name != "kruskal_100m" else FEW_SOURCES[name])
            named = ",".join(programs) if programs else pbgl
            dist_args = ["--input", path] + (["--algorithms", named] if np_ == 1 else []) + few
            single_args = ["--input", path, "--algorithms", plain] + few
            keys = CASES[name][2]
            role = "input"
        rc, _ = launch(exe, np_, launcher, dist_args + QUICK + ["--out", d])
        if rc != 0:
            fail(f"the distributed run exited {rc}")
        rc, _ = launch(exe, 1, "", single_args + QUICK + ["--out", s])
        if rc != 0:
            fail(f"the single-process run exited {rc}")
        dist_rows, meta = rows_of(d)
        single_rows, _ = rows_of(s)
        compare(dist_rows, single_rows, keys, np_, role)
        check_meta(meta, np_)
        ran = sorted({r["algorithm"] for r in dist_rows})
        if programs and ran != sorted(programs):
            fail(f"rows of {ran}, expected rows of each of {sorted(programs)}")


def every_rank_exited(status_dir, np_, expect):
    for r in range(np_):
        path = os.path.join(status_dir, f"rank-{r}")
        if not os.path.exists(path):
            fail(f"rank {r} wrote no exit status")
        with open(path, encoding="utf-8") as f:
            code = int(f.read())
        if code != expect:
            fail(f"rank {r} exited {code}, expected {expect}")


def bad_input(exe, np_, launcher, file, pattern):
    name = os.path.basename(exe)
    with tempfile.TemporaryDirectory() as tmp:
        rc, out = launch(exe, np_, launcher, ["--input", os.path.join(DATA, file), "--out", tmp], status_dir=tmp)
        if rc != 2:
            fail(f"exit {rc}, expected 2")
        if launcher:
            every_rank_exited(tmp, np_, 2)
        lines = [l for l in out.splitlines() if l.startswith(f"{name}: error: ") and re.search(pattern, l)]
        if len(lines) != 1:
            fail(f"{len(lines)} error lines matching /{pattern}/, expected 1")
        if any(f.endswith(".csv") for f in os.listdir(tmp)):
            fail("a results file was written")
    print(f"experiment_rows.py: every rank exited 2 with one message")


def refuse(exe, np_, launcher, program, piece):
    reason = "not a distributed program: run it without mpirun"
    with tempfile.TemporaryDirectory() as tmp:
        rc, out = launch(exe, np_, launcher, ["--algorithms", program, "--out", tmp], status_dir=tmp)
        if rc != 3:
            fail(f"--algorithms {program}: exit {rc}, expected 3")
        every_rank_exited(tmp, np_, 3)
        if len([l for l in out.splitlines() if reason in l and "cannot run " + program in l]) != 1:
            fail(f"--algorithms {program}: expected one refusal naming the reason")
        rc, out = launch(exe, np_, launcher, ["--piece", piece, "--out", tmp], status_dir=tmp)
        if rc != 0:
            fail(f"--piece {piece}: exit {rc}, expected 0")
        every_rank_exited(tmp, np_, 0)
        if f"skipping {program} ({reason})" not in out or "nothing to run here" not in out:
            fail(f"--piece {piece}: {program} not skipped with the reason")
        if any(f.endswith(".csv") for f in os.listdir(tmp)):
            fail("a results file was written")
    print("experiment_rows.py: refused when named, skipped otherwise")


def refuse_all(exe, np_, launcher):
    name = os.path.basename(exe)
    reason = f"{name}: error: {name} has no distributed programs: run it without mpirun, or with -np 1"
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = os.path.join(tmp, "out")
        rc, out = launch(exe, np_, launcher, ["--out", out_dir], status_dir=tmp)
        if rc != 2:
            fail(f"exit {rc}, expected 2")
        every_rank_exited(tmp, np_, 2)
        if len([l for l in out.splitlines() if l == reason]) != 1:
            fail(f"expected one line '{reason}'")
        if os.path.exists(out_dir):
            fail(f"{out_dir} was created")
    print(f"experiment_rows.py: every rank refused with exit 2 and one message, no files")


def main():
    mode, exe, np_, launcher = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    if mode == "rows":
        rows_case(exe, np_, launcher, sys.argv[5], sys.argv[6].split(",") if len(sys.argv) > 6 else None)
    elif mode == "bad-input":
        bad_input(exe, np_, launcher, sys.argv[5], sys.argv[6])
    elif mode == "refuse":
        refuse(exe, np_, launcher, sys.argv[5], sys.argv[6])
    elif mode == "refuse-all":
        refuse_all(exe, np_, launcher)
    else:
        fail(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
