#!/usr/bin/env python3
"""A stand-in for build/<preset>/bin/<experiment> that keeps the executable
contract (--list-pieces, --piece NAME --out DIR, results renamed into place
when complete) so that scripts/reproduce.py can be tested without C++.

Driven by environment variables:
  FAKE_EXPERIMENT  experiment name (default: the basename of argv[0])
  FAKE_PIECES      "name:est:kind,..." (default "a:1:cpu,b:1:cpu")
  FAKE_LOG         file to which each --piece run appends "<experiment> <piece>"
  FAKE_HANG        piece that writes a partial CSV and then sleeps (to be killed)
  FAKE_EXIT        "piece=code,...": exit with that code (3 prints a resource message)
  FAKE_CRASH       piece that writes its complete files and then dies of SIGSEGV
  FAKE_GPU         "1" when a GPU is present; a gpu or mgpu piece without it exits 3
  FAKE_ALGORITHMS  what --list-algorithms prints, lines separated by "|"
                   (default: one cpu program and one "[mpi]" program)
  FAKE_NOTHING     "1": every piece says "nothing to run here" and writes nothing
  FAKE_RANKS       the MPI world size (set by fake_mpirun.py); rows of an mpi
                   piece carry it in their ranks column
  FAKE_WALL        seconds written as the metadata's wall_seconds
"""

import json
import os
import signal
import sys
import time

HEADER = "experiment,graph,generator,n,m,seed,algorithm,threads,device,trial,seconds,answer,verified,piece,role,run_id"


def opt(argv, name, default=None):
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv):
    exp = os.environ.get("FAKE_EXPERIMENT") or os.path.basename(argv[0])
    pieces = [p.split(":") for p in os.environ.get("FAKE_PIECES", "a:1:cpu,b:1:cpu").split(",")]
    if "--list-algorithms" in argv:
        text = os.environ.get("FAKE_ALGORITHMS", "algo\tserial program|pbgl_algo\t[mpi] distributed program")
        for line in text.split("|"):
            print(line)
        return 0
    if "--list-pieces" in argv:
        for name, est, kind in pieces:
            print("%s\t%s\t%s" % (name, est, kind))
        return 0
    piece, out = opt(argv, "--piece"), opt(argv, "--out", ".")
    kinds = {p[0]: p[2] for p in pieces}
    if piece not in kinds:
        print("%s: unknown piece %r" % (exp, piece), file=sys.stderr)
        return 2
    tag = opt(argv, "--tag", piece)
    if os.environ.get("FAKE_LOG"):
        with open(os.environ["FAKE_LOG"], "a") as f:
            f.write("%s %s\n" % (exp, tag))
    codes = dict(kv.split("=") for kv in os.environ.get("FAKE_EXIT", "").split(",") if kv)
    if kinds[piece] in ("gpu", "mgpu") and os.environ.get("FAKE_GPU") != "1":
        print("%s: piece %s needs a GPU: no CUDA device" % (exp, piece), file=sys.stderr)
        return 3
    if piece in codes:
        print("%s: piece %s fails on purpose" % (exp, piece), file=sys.stderr)
        return int(codes[piece])
    if os.environ.get("FAKE_NOTHING") == "1":
        print(
            "[%s] nothing to run here: no selected program of piece %s can run on this machine; no results written"
            % (exp, piece),
            file=sys.stderr,
        )
        return 0
    stem = os.path.join(out, "%s-%s" % (exp, tag))
    run_id = "20250101T000000Z-%06x" % os.getpid()
    mpi = kinds[piece] == "mpi"
    role, device, algo = ("scale-out", "mpi", "pbgl_algo") if mpi else ("main", "cpu", "algo")
    ranks = "," + os.environ.get("FAKE_RANKS", "1") if mpi else ""
    rows = [
        "%s,g%d,fake,%d,%d,1,%s,1,%s,%d,0.5,weight=%d;edges=%d,true,%s,%s,%s%s"
        % (exp, i, 10 * i, 20 * i, algo, device, t, i, i, piece, role, run_id, ranks)
        for i in range(1, 4)
        for t in range(2)
    ]
    with open(stem + ".csv.partial", "w") as f:
        f.write(HEADER + (",ranks" if mpi else "") + "\n")
        f.write("\n".join(rows[:2]) + "\n")
        f.flush()
        print("%s: piece %s running" % (exp, piece), file=sys.stderr, flush=True)
        if os.environ.get("FAKE_HANG") == piece:
            time.sleep(3600)
        f.write("\n".join(rows[2:]) + "\n")
    with open(stem + ".json.partial", "w") as f:
        meta = {"experiment": exp, "tag": piece, "rows": len(rows), "scale": opt(argv, "--scale"), "run_id": run_id}
        # As common/results.cpp records it: the OpenMP settings the piece ran with.
        omp = " ".join(
            "%s=%s" % (v, os.environ[v])
            for v in ("OMP_WAIT_POLICY", "OMP_PROC_BIND", "OMP_PLACES", "GOMP_SPINCOUNT")
            if v in os.environ
        )
        meta["openmp_env"] = omp or "default"
        if os.environ.get("FAKE_WALL"):
            meta["wall_seconds"] = float(os.environ["FAKE_WALL"])
        json.dump(meta, f)
    os.replace(stem + ".json.partial", stem + ".json")
    os.replace(stem + ".csv.partial", stem + ".csv")
    if os.environ.get("FAKE_CRASH") == piece:
        os.kill(os.getpid(), signal.SIGSEGV)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
