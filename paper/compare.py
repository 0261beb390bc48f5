"""Compares a rerun's results with the reference, claim by claim and figure
data point by point.

    python3 -m paper.compare --results DIR [--reference results/reference/h100] [--strict]
    python3 -m paper.compare --tolerances

Per experiment: every claim's measured value and verdict on both sides, and
whether they agree (the same verdict and every number within the claim's
tolerance, ``paper.tolerances``); then per piece the figure data points
(``paper.points``) both sides have, how many lie within tolerance, the worst
deviations, and the points only one side has.  A final summary counts both
and names each side's machine.

Exit status: 0 when the comparison ran (agreeing or not); 1 with --strict when
a claim or a point disagrees (claims not run and missing points are listed,
not failures), or when a paper module does not import; 2 when a results
directory is missing, holds no results, or holds malformed ones (the message
names the file).
"""

import argparse
import os
import sys

from paper import agreement, points, registry, report, select, tolerances
from paper import claims as claims_mod
from paper.results import ResultsMalformed, ResultsMissing, load

DEFAULT_REFERENCE = os.path.join("results", "reference", "h100")
WORST = 3  # deviations listed per piece
MACHINE_KEYS = (("CPU", "cpu_model"), ("GPU", "gpu_name"))

AGREE, DIFFER = "agree", "DIFFER"
NOT_RUN_HERE, NOT_RUN_REF, NOT_RUN_EITHER = "not run here", "not run in the reference", "not run in either"


class CompareError(Exception):
    """A results directory that cannot be compared (missing, empty, malformed)."""


class ClaimComparison:
    """``ref`` and ``new``: the claim's Outcome on each side; ``status`` one of
    AGREE, DIFFER, NOT_RUN_*; ``diffs``: [agreement.Difference]."""

    def __init__(self, claim, ref, new):
        self.claim, self.ref, self.new = claim, ref, new
        self.kind, self.tolerance, self.diffs = None, None, []
        ref_ran, new_ran = ref.verdict != claims_mod.NOT_RUN, new.verdict != claims_mod.NOT_RUN
        if not (ref_ran and new_ran):
            self.status = {(True, False): NOT_RUN_HERE, (False, True): NOT_RUN_REF}.get(
                (ref_ran, new_ran), NOT_RUN_EITHER
            )
            return
        self.kind, self.tolerance = tolerances.for_claim(claim, ref.value)
        self.diffs = agreement.differences(ref.value, new.value, self.tolerance)
        same = ref.verdict == new.verdict and all(d.ok for d in self.diffs)
        self.status = AGREE if same else DIFFER


class PieceComparison:
    """The figure data points of one piece: ``compared`` [(key, ref, new, rel, ok)],
    ``missing`` (keys only in the reference), ``extra`` (keys only here)."""

    def __init__(self, piece, ref, new, tolerance):
        self.piece, self.tolerance = piece, tolerance
        ref, new = ref or {}, new or {}
        self.compared = []
        for k in sorted(set(ref) & set(new)):
            rel = agreement.relative(ref[k], new[k])
            self.compared.append((k, ref[k], new[k], rel, abs(rel) <= tolerance))
        self.missing = sorted(set(ref) - set(new))
        self.extra = sorted(set(new) - set(ref))

    @property
    def within(self):
        return sum(1 for c in self.compared if c[4])

    @property
    def out(self):
        return [c for c in self.compared if not c[4]]

    def worst(self, k=WORST):
        return sorted(self.compared, key=lambda c: -abs(c[3]))[:k]


class ExperimentComparison:
    def __init__(self, name, module, claims, pieces, ref_absent, new_absent):
        self.name, self.module, self.claims, self.pieces = name, module, claims, pieces
        self.ref_absent, self.new_absent = ref_absent, new_absent


class Comparison:
    """Everything compared; ``machines[side]`` = {label: [values]} for side "reference", "rerun"."""

    def __init__(self, results_dir, reference_dir, experiments, machines, broken):
        self.results_dir, self.reference_dir = results_dir, reference_dir
        self.experiments, self.machines, self.broken = experiments, machines, broken

    def claims(self, status=None):
        return [c for e in self.experiments for c in e.claims if status is None or c.status == status]

    def pieces(self):
        return [p for e in self.experiments for p in e.pieces]

    def disagrees(self):
        return bool(self.claims(DIFFER)) or any(p.out for p in self.pieces())


def _load_side(results_dir, experiment, status):
    """(drawable Results or None, reason when None); CompareError when malformed."""
    try:
        return select.drawable(load(results_dir, experiment)), None
    except ResultsMissing as e:
        return None, report.absent_reason(str(e), status.get(experiment, []))
    except ResultsMalformed as e:
        raise CompareError(str(e)) from None


def _check_dir(results_dir, what):
    if not os.path.isdir(results_dir):
        raise CompareError("%s results directory %s does not exist" % (what, results_dir))


def compare(results_dir, reference_dir=DEFAULT_REFERENCE):
    """The Comparison of ``results_dir`` (the rerun) with ``reference_dir``."""
    _check_dir(results_dir, "the rerun's")
    _check_dir(reference_dir, "the reference")
    status = {"reference": report.reproduce_status(reference_dir), "rerun": report.reproduce_status(results_dir)}
    experiments, broken = [], []
    machines = {"reference": {}, "rerun": {}}
    found = {"reference": False, "rerun": False}
    tol = tolerances.point_tolerance()
    for name, module in registry.load_modules():
        if isinstance(module, registry.BrokenModule):
            broken.append((name, module.error))
            continue
        loaded = {}
        for side, d in (("reference", reference_dir), ("rerun", results_dir)):
            loaded[side] = _load_side(d, name, status[side])
            res = loaded[side][0]
            if res is not None:
                found[side] = True
                for label, key in MACHINE_KEYS:
                    values = machines[side].setdefault(label, [])
                    values += [v for v in res.meta_value(key) if v not in values]
        (ref, ref_absent), (new, new_absent) = loaded["reference"], loaded["rerun"]
        try:
            claims = [
                ClaimComparison(c, claims_mod.evaluate(c, ref, ref_absent), claims_mod.evaluate(c, new, new_absent))
                for c in module.judged
            ]
        except ResultsMalformed as e:  # a column a claim reads is broken: the loader's kind of error
            raise CompareError(str(e)) from None
        ref_pts = points.medians(ref) if ref is not None else {}
        new_pts = points.medians(new) if new is not None else {}
        pieces = [PieceComparison(p, ref_pts.get(p), new_pts.get(p), tol) for p in sorted(set(ref_pts) | set(new_pts))]
        experiments.append(ExperimentComparison(name, module, claims, pieces, ref_absent, new_absent))
    for side, d in (("reference", reference_dir), ("rerun", results_dir)):
        if not found[side] and not broken:
            raise CompareError("%s: no results of any experiment (%s) in it" % (d, ", ".join(registry.MODULE_NAMES)))
    return Comparison(results_dir, reference_dir, experiments, machines, broken)


# --- text ---------------------------------------------------------------------

CLAIM_HEAD = "  %-6s %-16s %-10s %-15s | %-10s %-15s %s"


def _claim_parts(c):
    """What differs (or the relative difference of a single number), in words."""
    ref, new = c.ref, c.new
    parts = ["verdict %s → %s" % (ref.verdict, new.verdict)] if ref.verdict != new.verdict else []
    tol = "tolerance %s" % tolerances.fmt_tolerance(c.tolerance)
    if c.kind == "count":
        if not all(d.ok for d in c.diffs):
            parts.append("%s → %s (%s)" % (agreement.fmt_value(ref.value), agreement.fmt_value(new.value), tol))
        return parts or ["the same count"]
    if len(c.diffs) == 1 and c.diffs[0].rel is not None and not c.diffs[0].where:
        return parts + ["%s (%s)" % (c.diffs[0].text, tol)]
    for d in c.diffs:
        if not d.ok:
            parts.append("%s: %s%s" % (d.where or "value", d.text, " (%s)" % tol if d.rel is not None else ""))
    return parts or ["the same %s" % ("conditions" if c.kind == "condition" else "values, within %s" % tol)]


def _claim_lines(c, experiment_absent=(None, None)):
    """One line per claim; a reason the experiment's heading already gave is not repeated."""
    ref, new = c.ref, c.new
    if c.status == NOT_RUN_HERE:
        parts = ["not run here" + ("" if new.reason == experiment_absent[1] else " (%s)" % new.reason)]
    elif c.status == NOT_RUN_REF:
        parts = ["not run in the reference" + ("" if ref.reason == experiment_absent[0] else " (%s)" % ref.reason)]
    elif c.status == NOT_RUN_EITHER:
        parts = ["not run in either"]
    else:
        parts = _claim_parts(c)
    return [
        CLAIM_HEAD
        % (
            c.claim.id,
            c.status,
            agreement.fmt_value(ref.value),
            ref.verdict,
            agreement.fmt_value(new.value),
            new.verdict,
            "; ".join(parts),
        )
    ]


def _point_text(c):
    key, ref, new, rel, _ = c
    return "%s %s (%.3g s → %.3g s)" % (agreement.fmt_relative(rel), points.label(key), ref, new)


def _piece_lines(p):
    tol = tolerances.fmt_tolerance(p.tolerance)
    if not p.compared:
        side = "missing here (only in the reference)" if p.missing else "only here (not in the reference)"
        return ["  %-18s %s: %d points" % (p.piece, side, len(p.missing) + len(p.extra))]
    lines = [
        "  %-18s %d/%d points within %s%s"
        % (p.piece, p.within, len(p.compared), tol, " (%d out)" % len(p.out) if p.out else "")
    ]
    worst = [c for c in p.worst() if c[3] != 0]
    if worst:
        lines.append("      worst: " + "; ".join(_point_text(c) for c in worst))
    for what, keys in (("missing here", p.missing), ("only here", p.extra)):
        if keys:
            shown = ", ".join(points.label(k) for k in keys[:WORST])
            lines.append("      %d %s: %s%s" % (len(keys), what, shown, ", ..." if len(keys) > WORST else ""))
    return lines


def _machine(side_machines):
    return "; ".join("%s %s" % (label, ", ".join(v) or "–") for label, v in side_machines.items()) or "no metadata"


def render(cmp):
    lines = [
        "Comparing %s (here) with the reference %s" % (cmp.results_dir, cmp.reference_dir),
        "A claim agrees when both verdicts are the same and every number is within its tolerance "
        "(python3 -m paper.compare --tolerances).",
        "",
    ]
    for e in cmp.experiments:
        lines.append("== %s. %s (%s)" % (e.module.letter, e.module.title, e.name))
        if e.new_absent and e.ref_absent:
            lines.append("  not run here (%s) nor in the reference (%s)" % (e.new_absent, e.ref_absent))
        elif e.new_absent:
            lines.append("  not run here: %s" % e.new_absent)
        elif e.ref_absent:
            lines.append("  not run in the reference: %s" % e.ref_absent)
        lines.append("Claims:")
        lines.append(CLAIM_HEAD % ("id", "", "reference", "", "here", "", "difference"))
        for c in e.claims:
            lines += _claim_lines(c, (e.ref_absent, e.new_absent))
        if e.pieces:
            lines.append("Figure data (median seconds per graph, program, threads, device; per piece):")
            if e.new_absent or e.ref_absent:
                lines.append(
                    "  %d points of %s: %s"
                    % (
                        sum(len(p.missing) + len(p.extra) for p in e.pieces),
                        ", ".join(p.piece for p in e.pieces),
                        "missing here" if e.new_absent else "only here",
                    )
                )
            else:
                for p in e.pieces:
                    lines += _piece_lines(p)
        lines.append("")
    for name, _ in cmp.broken:
        lines.append("== %s: paper/%s.py does not import (see the error output); not compared" % (name, name))
    claims, pieces = cmp.claims(), cmp.pieces()
    compared = sum(len(p.compared) for p in pieces)
    lines += [
        "Summary",
        "  claims agreeing: %d/%d (%d differ, %d not run here, %d not run in the reference, %d in neither)"
        % (
            len(cmp.claims(AGREE)),
            len(claims),
            len(cmp.claims(DIFFER)),
            len(cmp.claims(NOT_RUN_HERE)),
            len(cmp.claims(NOT_RUN_REF)),
            len(cmp.claims(NOT_RUN_EITHER)),
        ),
        "  figure data points within tolerance: %d/%d (%d missing here, %d only here)"
        % (
            sum(p.within for p in pieces),
            compared,
            sum(len(p.missing) for p in pieces),
            sum(len(p.extra) for p in pieces),
        ),
        "  reference machine: %s" % _machine(cmp.machines["reference"]),
        "  this machine:      %s" % _machine(cmp.machines["rerun"]),
    ]
    if cmp.machines["reference"] != cmp.machines["rerun"]:
        lines.append(
            "  The machines differ: on another machine timings, and the verdicts of claims about speed, "
            "may differ; the comparison above says by how much."
        )
    else:
        lines.append(
            "  The same machine model: differences beyond tolerance come from the code, the build or "
            "the setup, or from noise beyond the tolerance."
        )
    return "\n".join(lines)


def tolerance_text():
    lines = [
        "Tolerances (paper/tolerances.py): the largest relative difference |here - reference| / |reference| "
        "at which two values still agree.",
        "",
    ] + tolerances.table_lines()
    own = []
    for name, module in registry.load_modules():
        if not isinstance(module, registry.BrokenModule):
            own += [
                "%s %s: %s" % (name, c.id, tolerances.fmt_tolerance(c.tolerance))
                for c in module.judged
                if c.tolerance is not None
            ]
    lines += ["", "Claims with their own tolerance: " + ("; ".join(own) if own else "none")]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m paper.compare", description=__doc__.split("\n")[0])
    ap.add_argument("--results", help="the rerun's results directory")
    ap.add_argument("--reference", default=DEFAULT_REFERENCE, help="the reference (default %(default)s)")
    ap.add_argument("--strict", action="store_true", help="exit 1 when a claim or a figure data point disagrees")
    ap.add_argument("--tolerances", action="store_true", help="print the tolerance table and exit")
    args = ap.parse_args(argv)
    if args.tolerances:
        print(tolerance_text())
        return 0
    if not args.results:
        ap.error("--results DIR is required (or --tolerances)")
    try:
        cmp = compare(args.results, args.reference)
    except CompareError as e:
        print("paper.compare: %s" % e, file=sys.stderr)
        return 2
    print(render(cmp))
    for name, error in cmp.broken:
        print("paper/%s.py does not import:\n%s" % (name, error), file=sys.stderr)
    if cmp.broken:
        return 1
    return 1 if args.strict and cmp.disagrees() else 0


if __name__ == "__main__":
    sys.exit(main())
