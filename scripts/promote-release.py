#!/usr/bin/env python3
"""Makes a finished release run the committed reference.

    scripts/promote-release.py MACHINE [--release-root results/release] [--build build/default]

The run's directories are ``<release-root>/MACHINE`` (paper scale, required)
and, where present, its ``-quick`` run and the multi-GPU kinds' runs
(``-x2``, ``-x4``; paper.outputs.MULTI_GPU_KINDS). In order, stopping at the
first step that fails:

1. each directory is checked with scripts/check-release.py: paper scale with
   ``--build`` (every piece a one-GPU host runs) and ``--claims`` (every claim
   judged, but for want of GPUs), the multi-GPU kinds with
   ``--kind mgpu``, the quick run as one commit;
2. ``results/reference/MACHINE[-variant]`` gets the run's result files in
   place of its own (the driver's status file stays behind);
3. paper/outputs.py names MACHINE the reference, and the machine it replaces
   the earlier one (``EARLIER_MACHINE``), when MACHINE is new;
4. ``make figures`` regenerates each variant's figures, tables and report,
   then the reference's: paper/, docs/ARTIFACT.md and the docs' blocks that
   name the machine (paper.artifact, paper.reference_doc).

Then review ``git diff`` and run ``make test``; the tests that name the
reference follow paper.outputs.

Exit 0 when all is done, 1 when a check fails, 2 on bad usage.
"""

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
from paper import outputs  # noqa: E402  (the reference's names and the multi-GPU kinds)

STATUS_FILE = "reproduce-status.json"  # scripts/reproduce.py's record of a run: bookkeeping, not a result


def variants(release_root, machine):
    """[(variant, run directory)] of the run: paper scale first, then the quick and multi-GPU runs found."""
    out = [("", os.path.join(release_root, machine))]
    for v in ("quick",) + tuple(outputs.MULTI_GPU_KINDS):
        d = os.path.join(release_root, outputs.with_variant(machine, v))
        if os.path.isdir(d):
            out.append((v, d))
    return out


def check_command(variant, directory, build):
    """The scripts/check-release.py command line that checks one of the run's directories."""
    cmd = [sys.executable, os.path.join(REPO, "scripts", "check-release.py"), "--results", directory]
    if variant == "":
        cmd += ["--build", build, "--claims"]
    elif variant in outputs.MULTI_GPU_KINDS:
        cmd += ["--build", build, "--kind", "mgpu"]
    return cmd


def result_files(directory):
    return sorted(
        p
        for p in glob.glob(os.path.join(glob.escape(directory), "*"))
        if p.endswith((".csv", ".json")) and os.path.basename(p) != STATUS_FILE
    )


def replace_results(src, dest):
    """dest's result files become src's (dest created where missing; its paper/ kept, to be regenerated)."""
    os.makedirs(dest, exist_ok=True)
    for p in result_files(dest):
        os.remove(p)
    for p in result_files(src):
        shutil.copy2(p, dest)


def set_machines(path, machine, earlier):
    """Rewrites the REFERENCE_MACHINE and EARLIER_MACHINE assignments of paper/outputs.py (``path``)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for name, value in (("REFERENCE_MACHINE", machine), ("EARLIER_MACHINE", earlier)):
        text, n = re.subn(
            r"^%s = .*$" % name, "%s = %s" % (name, '"%s"' % value if value else "None"), text, flags=re.M
        )
        if n != 1:
            raise ValueError("%s: %d assignments of %s, expected one" % (path, n, name))
    outputs.write_atomic(path, text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("machine", help="the machine's name, as in results/release/<machine> (e.g. h200)")
    ap.add_argument("--release-root", default=os.path.join(REPO, "results", "release"))
    ap.add_argument("--build", default=os.path.join(REPO, "build", "default"), help="default: %(default)s")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[a-z0-9][a-z0-9_.]*", args.machine):
        print(
            "promote-release: %r is not a machine name (lower case letters, digits, . and _)" % args.machine,
            file=sys.stderr,
        )
        return 2
    runs = variants(args.release_root, args.machine)
    if not os.path.isdir(runs[0][1]):
        print("promote-release: %s is not a directory (the paper-scale run)" % runs[0][1], file=sys.stderr)
        return 2
    for variant, directory in runs:
        r = subprocess.run(check_command(variant, directory, args.build), cwd=REPO)
        if r.returncode != 0:
            print("promote-release: %s does not pass scripts/check-release.py; nothing changed" % directory)
            return 1
    for variant, directory in runs:
        dest = os.path.join(REPO, outputs.reference_rel(args.machine, variant))
        replace_results(directory, dest)
        print("promote-release: %s -> %s (%d files)" % (directory, dest, len(result_files(dest))))
    if args.machine != outputs.REFERENCE_MACHINE:
        set_machines(os.path.join(REPO, "paper", "outputs.py"), args.machine, outputs.REFERENCE_MACHINE)
        print("promote-release: paper/outputs.py: reference %s, earlier %s" % (args.machine, outputs.REFERENCE_MACHINE))
    # The reference's report reads its multi-GPU companions' results: regenerate them before it.
    for variant, _ in runs[1:] + runs[:1]:
        rel = outputs.reference_rel(args.machine, variant)
        r = subprocess.run(["make", "-s", "figures", "RESULTS=" + rel, "PYTHON=" + sys.executable], cwd=REPO)
        if r.returncode != 0:
            print("promote-release: make figures RESULTS=%s failed" % rel)
            return 1
    print("promote-release: done; review git diff, then make test")
    return 0


if __name__ == "__main__":
    sys.exit(main())
