#!/usr/bin/env python3
"""Checks that a results directory is one release run: every result file
complete (CSV with its JSON), every JSON naming the same commit, that commit
in this repository's history, no file from a dirty or patched tree, and,
where the files carry ``source_hash`` (scripts/gpu-machine.sh sets it), that
the hash is the commit's own (scripts/source-hash.sh over ``git archive``).
With ``--build``, also that the run is whole: every piece that the build's
experiments list at paper scale (``--list-pieces``; an mpi piece at each rank
count of make reproduce) has its files, and ran with the environment the
protocol sets for it (scripts/reproduce.py's ``piece_env``, as its metadata's
``openmp_env`` records it). ``--kind`` narrows that to the pieces of one kind:
a multi-GPU machine kind's reference holds only the multi-GPU pieces
(``--kind mgpu``). With ``--claims``, also that the run judges every claim
(with the multi-GPU runs beside it, as paper/REPORT.md does), except one that
needs more GPUs than any of those machines had (``paper.report.unjudged_claims``).

    scripts/check-release.py [--results DIR] [--build build/default [--kind KIND]] [--claims]

(--results default: the committed reference, paper.outputs.REFERENCE.)

Exit 0 when all holds, 1 with one line per problem otherwise, 2 on bad usage.
"""

import argparse
import glob
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
from paper import outputs  # noqa: E402  (which machine's results are the committed reference)

# The driver's record of which pieces ran (scripts/reproduce.py): bookkeeping, not a result.
STATUS_FILE = "reproduce-status.json"


def commit_named(meta):
    """The commit a JSON names: the runner's (a tree without .git) or the build's."""
    c = str(meta.get("source_commit") or meta.get("git_sha") or "unknown")
    return c[: -len("-given")] if c.endswith("-given") else c


def in_history(commit):
    r = subprocess.run(["git", "-C", REPO, "cat-file", "-e", commit + "^{commit}"], capture_output=True)
    return r.returncode == 0


def archive_hash(commit):
    with tempfile.TemporaryDirectory(prefix="gs-release-") as tmp:
        archive = subprocess.run(["git", "-C", REPO, "archive", commit], capture_output=True, check=True).stdout
        subprocess.run(["tar", "x", "-C", tmp], input=archive, check=True)
        out = subprocess.run(
            ["bash", os.path.join(REPO, "scripts", "source-hash.sh"), tmp], capture_output=True, text=True, check=True
        )
        return out.stdout.strip()


def reproduce_module():
    """scripts/reproduce.py, imported: its piece lists and file names are the driver's own."""
    spec = importlib.util.spec_from_file_location("gs_reproduce", os.path.join(REPO, "scripts", "reproduce.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def recorded_env(json_path):
    """The OpenMP settings a result file ran with, as {variable: value}
    (common/results.cpp writes "VAR=value ..." or "default")."""
    with open(json_path, encoding="utf-8") as f:
        text = str(json.load(f).get("openmp_env", "default"))
    return {} if text == "default" else dict(w.split("=", 1) for w in text.split() if "=" in w)


def gpus_of_run(results):
    """The most GPUs any result file of ``results`` says its host had (metadata
    ``gpu_count``; 1 where no file says: runs before it was recorded)."""
    most = 0
    for path in glob.glob(os.path.join(results, "*.json")):
        try:
            with open(path, encoding="utf-8") as f:
                most = max(most, int(json.load(f).get("gpu_count", 0)))
        except (OSError, ValueError, TypeError, AttributeError):
            continue  # check() names an unreadable file
    return most or 1


def piece_problems(results, build, scale="paper", kind=None):
    """One line per piece of the build's experiments (of ``kind`` alone when
    given) without its files in ``results`` or run without the protocol's
    environment (or per experiment whose pieces cannot be listed). A multi-GPU
    piece (kind mgpu) belongs only to a run on a host with enough GPUs, as make
    reproduce runs it."""
    rp = reproduce_module()
    problems = []
    gpus = gpus_of_run(results)
    for exp in rp.EXPERIMENTS:
        for p in rp.list_pieces(exp, os.path.join(build, "bin", exp), scale):
            if p.status != "pending":
                problems.append("%s: cannot list its pieces: %s" % (exp, p.reason))
                continue
            if (kind and p.kind != kind) or (p.kind == "mgpu" and gpus < rp.MGPU_MIN):
                continue
            for q in [rp.Piece(exp, p.name, p.est, p.kind, p.exe, r) for r in rp.RANKS] if p.kind == "mpi" else [p]:
                stem = os.path.join(results, q.stem)
                if not (os.path.isfile(stem + ".csv") and os.path.isfile(stem + ".json")):
                    problems.append("%s: piece %s not in the run (no %s.csv and .json)" % (exp, q.tag, q.stem))
                    continue
                want = rp.piece_env(exp, q.kind)
                try:
                    have = recorded_env(stem + ".json")
                except (OSError, ValueError):
                    continue  # check() names an unreadable file
                wrong = ["%s=%s" % (v, x) for v, x in sorted(want.items()) if have.get(v) != x]
                if wrong:
                    problems.append(
                        "%s: piece %s ran without the protocol's %s (its openmp_env: %s)"
                        % (
                            exp,
                            q.tag,
                            " ".join(wrong),
                            " ".join("%s=%s" % kv for kv in sorted(have.items())) or "default",
                        )
                    )
    return problems


def check(results):
    problems = []
    csvs = {os.path.splitext(p)[0] for p in glob.glob(os.path.join(glob.escape(results), "*.csv"))}
    jsons = {
        os.path.splitext(p)[0]
        for p in glob.glob(os.path.join(glob.escape(results), "*.json"))
        if os.path.basename(p) != STATUS_FILE
    }
    for stem in sorted(csvs ^ jsons):
        problems.append(
            "%s: %s without its %s"
            % (os.path.basename(stem), "CSV" if stem in csvs else "JSON", "JSON" if stem in csvs else "CSV")
        )
    if not jsons:
        return ["%s: no result files" % results]
    commits, hashes, no_hash = {}, {}, []
    for stem in sorted(jsons):
        name = os.path.basename(stem) + ".json"
        try:
            with open(stem + ".json", encoding="utf-8") as f:
                meta = json.load(f)
        except (OSError, ValueError) as e:
            problems.append("%s: not readable JSON (%s)" % (name, e))
            continue
        commits.setdefault(commit_named(meta), []).append(name)
        if meta.get("source_hash"):
            hashes.setdefault(str(meta["source_hash"]), []).append(name)
        else:
            no_hash.append(name)
    if len(commits) > 1:
        problems.append(
            "%d commits: %s"
            % (
                len(commits),
                "; ".join("%s (%d files, e.g. %s)" % (c, len(f), f[0]) for c, f in sorted(commits.items())),
            )
        )
    for c, files in sorted(commits.items()):
        if c == "unknown" or "-dirty" in c or "+" in c:
            problems.append("%s: not a clean commit (%s)" % (c, ", ".join(files[:3])))
        elif not in_history(c):
            problems.append("%s: not in this repository's history (%s)" % (c, ", ".join(files[:3])))
    if len(hashes) > 1:
        problems.append("%d source hashes: %s" % (len(hashes), ", ".join(sorted(hashes))))
    if hashes and no_hash:
        problems.append("%d files without source_hash, e.g. %s" % (len(no_hash), no_hash[0]))
    if len(commits) == 1 and len(hashes) == 1 and not problems:
        commit, (hash_given,) = next(iter(commits)), hashes
        own = archive_hash(commit)
        if own != hash_given:
            problems.append(
                "source_hash %s is not %s's own (%s): the run built another tree" % (hash_given, commit, own)
            )
    return problems


def claim_problems(results):
    """One line per claim the run leaves unjudged without a hardware reason."""
    from paper import report  # matplotlib and the paper modules: only when asked

    return ["claim %s (%s) not judged: %s" % (cid, exp, why) for exp, cid, why in report.unjudged_claims(results)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default=outputs.REFERENCE, help="default: %(default)s")
    ap.add_argument(
        "--build",
        help="also check that every piece of this build's experiments is there, run with the protocol's environment",
    )
    ap.add_argument("--kind", help="with --build: only the pieces of this kind (mgpu: a multi-GPU machine's reference)")
    ap.add_argument(
        "--claims", action="store_true", help="also check that every claim is judged, except for want of GPUs"
    )
    args = ap.parse_args(argv)
    if args.kind and not args.build:
        print("check-release: --kind needs --build (the build lists the pieces and their kinds)", file=sys.stderr)
        return 2
    if not os.path.isdir(args.results):
        print("check-release: %s is not a directory" % args.results, file=sys.stderr)
        return 2
    if args.build and not os.path.isdir(os.path.join(args.build, "bin")):
        print("check-release: %s has no bin/ (build it first, e.g. make build)" % args.build, file=sys.stderr)
        return 2
    problems = check(args.results)
    if args.build:
        problems += piece_problems(args.results, args.build, kind=args.kind)
    if args.claims:
        problems += claim_problems(args.results)
    for p in problems:
        print("check-release: " + p)
    if problems:
        return 1
    print(
        "check-release: %s is one release run%s"
        % (
            args.results,
            (", every %spiece of %s" % (args.kind + " " if args.kind else "", args.build) if args.build else "")
            + (", every claim judged" if args.claims else ""),
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
