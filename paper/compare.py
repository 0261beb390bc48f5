"""Compares a rerun's results with the reference, claim by claim and figure
data point by point.

    python3 -m paper.compare --results DIR [--reference DIR] [--strict]
    python3 -m paper.compare --tolerances | --bounds

The reference is by default the committed one of the same scale as the
results (``REFERENCES``: paper -> results/reference/<machine>, quick ->
results/reference/<machine>-quick, the machine ``paper.outputs.REFERENCE_MACHINE``);
the output says which it chose, and a scale or device that differs between the
two is said as such.

Per experiment: every claim's measured value and verdict on both sides, and
whether they agree (the same verdict and every number within the claim's
tolerance, ``paper.tolerances``).  A claim that differs because it reads a
program that ran in one run only (``paper.one_run``: skipped in the other, for
the reason that run recorded), or a graph that only one run measured, is "a
program or graph ran in one run only", with what the claim says without them
in either run.  Any other claim that
differs is classified by the two hosts' measured characterisations
(``paper.hosts``) and what bounds its programs (``paper.bounds``): "differ as
the machines predict" when the difference goes the way the hosts' ratios
predict and is no larger, "differ beyond the machines" otherwise.  Then per
piece the figure data points (``paper.points``: graph, program, threads,
device, GPU and rank counts, whatever piece each run filed them under) both
sides have, how many lie within tolerance, the worst deviations, and the
points only one side has, with the reason the other run gave for skipping
their program.  A final summary counts both and names each side's machine
and host ratios.

Exit status: 0 when the comparison ran (agreeing or not); 1 with --strict when
a claim or a point disagrees (claims not run, missing points, and claims that
differ only by a program one run lacks are listed, not failures), or when a
paper module does not import; 2 when a results directory is missing, holds no
results, or holds malformed ones (the message names the file).
"""

import argparse
import os
import sys
from collections import Counter, namedtuple

from paper import agreement, bounds, hosts, one_run, outputs, points, registry, report, select, tolerances
from paper import claims as claims_mod
from paper.results import ResultsMalformed, ResultsMissing, load, scale_of

# The committed reference of each scale: a run is compared with the one of its own scale.
REFERENCES = {
    "paper": outputs.REFERENCE_REL,
    "quick": outputs.QUICK_REFERENCE_REL,
}
DEFAULT_REFERENCE = REFERENCES["paper"]
WORST = 3  # deviations listed per piece
MACHINE_KEYS = (("CPU", "cpu_model"), ("GPU", "gpu_name"))

AGREE, DIFFER = "agree", "DIFFER"
NOT_RUN_HERE, NOT_RUN_REF, NOT_RUN_EITHER = "not run here", "not run in the reference", "not run in either"
# What the hosts say of a claim that differs.
AS_PREDICTED = "differ as the machines predict"
BEYOND = "differ beyond the machines"
UNCLASSIFIED = "differ, not classified"
OTHER_SCALE = "differ, other scale"
OTHER_DEVICE = "differ, other device"
# A claim that reads a program or a graph only one run ran (paper.one_run): not the machines' doing.
ONE_RUN = "a program or graph ran in one run only"
MACHINE_CLASSES = (AS_PREDICTED, BEYOND, ONE_RUN, UNCLASSIFIED, OTHER_SCALE, OTHER_DEVICE)
# A point out of tolerance is in both runs, on both sides' devices: never "other device" nor "one run only".
POINT_CLASSES = (AS_PREDICTED, BEYOND, UNCLASSIFIED, OTHER_SCALE)
# Two hosts whose rates differ by less than this measure alike (one host's repeat runs vary by a few percent).
HOST_NOISE = 0.10


class CompareError(Exception):
    """A results directory that cannot be compared (missing, empty, malformed)."""


class ClaimComparison:
    """``ref`` and ``new``: the claim's Outcome on each side; ``status`` one of
    AGREE, DIFFER, NOT_RUN_*; ``diffs``: [agreement.Difference]; ``once``: the
    programs it reads that ran in one run only (``paper.one_run``), and ``common``
    the claim compared without them in either run."""

    def __init__(self, claim, ref, new):
        self.claim, self.ref, self.new = claim, ref, new
        self.kind, self.tolerance, self.diffs = None, None, []
        self.machines, self.machines_text = None, ""
        self.once, self.common = [], None
        ref_ran, new_ran = claims_mod.ran(ref.verdict), claims_mod.ran(new.verdict)
        if not (ref_ran and new_ran):
            self.status = {(True, False): NOT_RUN_HERE, (False, True): NOT_RUN_REF}.get(
                (ref_ran, new_ran), NOT_RUN_EITHER
            )
            return
        self.kind, self.tolerance = tolerances.for_claim(claim, ref.value)
        self.diffs = agreement.differences(ref.value, new.value, self.tolerance)
        same = ref.verdict == new.verdict and all(d.ok for d in self.diffs)
        self.status = AGREE if same else DIFFER

    def trace_programs(self, once, reference, rerun):
        """Sets ``once`` and ``common`` from the programs that ran in one of the
        two Results only: the claim reads one when its outcome in the run that has
        it changes without its rows (the verdict, the value, or what was measured:
        a claim that falls back to another program may come to the same value)."""
        if self.status in (AGREE, NOT_RUN_EITHER) or not once:
            return
        sides = {one_run.REFERENCE: (reference, self.ref), one_run.RERUN: (rerun, self.new)}
        for o in once:
            results, outcome = sides[o.side]
            without = claims_mod.evaluate(self.claim, one_run.without(results, [o]))
            if (without.verdict, without.value, without.measured) != (outcome.verdict, outcome.value, outcome.measured):
                self.once.append(o)
        if self.once:
            self.common = ClaimComparison(
                self.claim,
                claims_mod.evaluate(self.claim, one_run.without(reference, self.once)),
                claims_mod.evaluate(self.claim, one_run.without(rerun, self.once)),
            )

    def once_text(self):
        return "; ".join(o.text() for o in self.once)

    def disagrees(self):
        """Differs, and not only by a program one run lacks."""
        return self.status == DIFFER and (not self.once or self.common.status == DIFFER)

    def classify(self, experiment, here, reference, same_scale=True, gpu_both=True):
        """Sets ``machines`` (one of MACHINE_CLASSES) and ``machines_text`` for a
        claim that differs: what differs between the whole runs first (scale, a
        GPU), then a program one run lacks, then the two host characterisations."""
        if self.status != DIFFER:
            return
        if not same_scale:
            self.machines, self.machines_text = OTHER_SCALE, "the two runs are of different scales"
            return
        bound = bounds.of(experiment, self.claim.id)
        if not gpu_both and bound is not None and any(r.startswith("gpu") for r in bound.resources):
            self.machines, self.machines_text = OTHER_DEVICE, (
                "its programs are bound by the GPU and one side has none: the claim was judged on other devices"
            )
            return
        if self.once:
            self.common.classify(experiment, here, reference, same_scale, gpu_both)
            self.machines, self.machines_text = ONE_RUN, "%s; without %s in either run %s" % (
                self.once_text(),
                "it" if len(self.once) == 1 else "them",
                _common_text(self.common),
            )
            return
        if bound is None:
            self.machines, self.machines_text = UNCLASSIFIED, "paper/bounds.py names no bound for this claim"
            return
        pred = bounds.predicted(bound, here, reference, self.tolerance)
        if pred.factor is None:
            self.machines, self.machines_text = UNCLASSIFIED, pred.text
            return
        self.machines, self.machines_text = classify(self.diffs, pred, self.tolerance, bound)


def _common_text(c):
    """What the comparison of a claim without the programs one run lacks says, in words."""
    if c.status == AGREE:
        return "the claim agrees"
    if c.status == DIFFER:
        return "it differs: %s (%s)" % (c.machines, c.machines_text)
    return "it is %s" % c.status


def classify(diffs, pred, tolerance, bound):
    """(class, text): whether the differing parts are what the Prediction allows.
    A number is predicted when its factor here / reference lies between 1 and
    the predicted factor, widened by the tolerance; a finding (a count, a
    condition) when the hosts differ at all in what bounds it."""
    lo, hi = min(1.0, pred.factor) / (1 + tolerance), max(1.0, pred.factor) * (1 + tolerance)
    observed, findings = [], False
    for d in diffs:
        if d.rel is not None:
            observed.append(1 + d.rel)
        elif not d.ok:
            findings = True
    beyond = [f for f in observed if not lo <= f <= hi]
    shown = ", ".join("%.2fx" % f for f in observed)
    pred_text = "the machines predict %.2fx (%s)" % (pred.factor, "; ".join(t for t in (bound.text(), pred.text) if t))
    if beyond:
        return BEYOND, "here / reference %s; %s" % (shown, pred_text)
    if findings and not pred.moves:
        return BEYOND, "a finding changed while the hosts measure alike in what bounds it: %s" % pred_text
    if findings:
        return AS_PREDICTED, "a finding changed, and the hosts differ in what bounds it: %s" % pred_text
    return AS_PREDICTED, "here / reference %s, within %.2f .. %.2fx; %s" % (
        shown,
        min(1.0, pred.factor),
        max(1.0, pred.factor),
        pred_text,
    )


class Absence(namedtuple("Absence", "text one_run recorded")):
    """Why a point is in one run only: ``text``; ``one_run``: its program ran in
    that run only; ``recorded``: the other run said why it skipped it."""


class PieceComparison:
    """The figure data points (``points.Point``) of one piece: ``compared`` [(key,
    ref, new, rel, ok)], ``missing`` (keys only in the reference), ``extra`` (keys
    only here); ``moved`` {key: the reference's piece} of the points the reference
    filed under another piece."""

    def __init__(self, piece, ref, new, ref_spread=None, new_spread=None, experiment=None, moved=None):
        self.piece, self.experiment, self.moved = piece, experiment, moved or {}
        ref, new = ref or {}, new or {}
        self.compared, self.tolerances, self.classes, self.absent = [], {}, {}, {}
        for k in sorted(set(ref) & set(new)):
            rel = agreement.relative(ref[k], new[k])
            tol = tolerances.point_tolerance((ref_spread or {}).get(k, 0.0), (new_spread or {}).get(k, 0.0))
            self.tolerances[k] = tol
            self.compared.append((k, ref[k], new[k], rel, abs(rel) <= tol))
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

    def classify(self, here, reference, same_scale=True):
        """``classes[key]`` = (machine class, text) of every point out of tolerance."""
        for key, _, _, rel, ok in self.compared:
            if ok:
                continue
            if not same_scale:
                self.classes[key] = (OTHER_SCALE, "the two runs are of different scales")
                continue
            bound = bounds.point_bound(self.experiment, key.threads, key.device, key.algorithm)
            if bound is None:
                self.classes[key] = (UNCLASSIFIED, "no bound for a %s point" % key.device)
                continue
            pred = bounds.predicted(bound, here, reference, self.tolerances[key])
            if pred.factor is None:
                self.classes[key] = (UNCLASSIFIED, pred.text)
                continue
            diff = agreement.Difference("", False, "", rel)
            self.classes[key] = classify([diff], pred, self.tolerances[key], bound)

    def explain_absent(self, once, reference, rerun):
        """``absent[key]``, an Absence, of each point one run lacks for a reason:
        its program ran in the other run only (``once``), or the run skipped it on
        that graph; ``reference`` and ``rerun`` are the two Results."""
        sides = (
            (self.missing, one_run.REFERENCE, rerun, "here"),
            (self.extra, one_run.RERUN, reference, "in the reference"),
        )
        for keys, side, lacking, where in sides:
            for key in keys:
                program = [o for o in once if o.side == side and o.covers(key)]
                why = one_run.reason(lacking, key.algorithm, key.graph)
                if program:
                    self.absent[key] = Absence(program[0].text(), True, program[0].why is not None)
                elif why:
                    self.absent[key] = Absence("%s skipped %s: %s" % (key.algorithm, where, why), False, True)

    def out_by_class(self):
        out = {}
        for cls, _ in self.classes.values():
            out[cls] = out.get(cls, 0) + 1
        return out


class ExperimentComparison:
    def __init__(self, name, module, claims, pieces, ref_absent, new_absent):
        self.name, self.module, self.claims, self.pieces = name, module, claims, pieces
        self.ref_absent, self.new_absent = ref_absent, new_absent


class Comparison:
    """Everything compared; ``machines[side]`` = {label: [values]} for side "reference", "rerun"."""

    def __init__(self, results_dir, reference_dir, experiments, machines, broken):
        self.results_dir, self.reference_dir = results_dir, reference_dir
        self.experiments, self.machines, self.broken = experiments, machines, broken
        self.reference_chosen = ""  # why this reference, when compare() chose it
        self.scales = {}  # side -> scale of its runs
        self.hosts = {}  # side -> paper.hosts.characterise

    def claims(self, status=None):
        return [c for e in self.experiments for c in e.claims if status is None or c.status == status]

    def pieces(self):
        return [p for e in self.experiments for p in e.pieces]

    def disagrees(self):
        return any(c.disagrees() for c in self.claims()) or any(p.out for p in self.pieces())


def _pieces(experiment, ref, new):
    """[PieceComparison] of two Results (None: that side has none), the points
    matched by what they measure and shown under the rerun's piece names."""
    ref_pts, ref_spr = (points.medians(ref), points.spreads(ref)) if ref is not None else ({}, {})
    new_pts, new_spr = (points.medians(new), points.spreads(new)) if new is not None else ({}, {})
    moves = points.moved(ref_pts, new_pts)
    ref_pts, ref_spr = points.refile(ref_pts, moves), points.refile(ref_spr, moves)
    return [
        PieceComparison(
            p,
            ref_pts.get(p),
            new_pts.get(p),
            ref_spr.get(p),
            new_spr.get(p),
            experiment,
            {k: old for (old, k), new_piece in moves.items() if new_piece == p},
        )
        for p in sorted(set(ref_pts) | set(new_pts))
    ]


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


def _has_gpu(side_machines):
    return any(g != "none" for g in side_machines.get("GPU", []))


def choose_reference(results_dir):
    """(reference directory, the sentence saying why): the committed reference of the results' scale."""
    scale = scale_of(results_dir)
    if scale in REFERENCES:
        return REFERENCES[scale], "the committed reference of the same scale (%s); REFERENCE=DIR to choose" % scale
    return DEFAULT_REFERENCE, "the paper-scale reference (these results are of %s scale); REFERENCE=DIR to choose" % (
        scale or "no stated"
    )


def compare(results_dir, reference_dir=None):
    """The Comparison of ``results_dir`` (the rerun) with ``reference_dir``
    (None: the committed reference of the same scale)."""
    _check_dir(results_dir, "the rerun's")
    chosen = ""
    if reference_dir is None:
        reference_dir, chosen = choose_reference(results_dir)
    _check_dir(reference_dir, "the reference")
    status = {"reference": report.reproduce_status(reference_dir), "rerun": report.reproduce_status(results_dir)}
    experiments, broken = [], []
    machines = {"reference": {}, "rerun": {}}
    found = {"reference": False, "rerun": False}
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
            pieces = _pieces(name, ref, new)
            if ref is not None and new is not None:
                once = one_run.find(ref, new)
                for c in claims:
                    c.trace_programs(once, ref, new)
                for p in pieces:
                    p.explain_absent(once, ref, new)
        except ResultsMalformed as e:  # a column a claim or a point reads is broken: the loader's kind of error
            raise CompareError(str(e)) from None
        experiments.append(ExperimentComparison(name, module, claims, pieces, ref_absent, new_absent))
    for side, d in (("reference", reference_dir), ("rerun", results_dir)):
        if not found[side] and not broken:
            raise CompareError("%s: no results of any experiment (%s) in it" % (d, ", ".join(registry.MODULE_NAMES)))
    cmp = Comparison(results_dir, reference_dir, experiments, machines, broken)
    cmp.reference_chosen = chosen
    cmp.scales = {"reference": scale_of(reference_dir), "rerun": scale_of(results_dir)}
    cmp.hosts = {"reference": hosts.characterise(reference_dir), "rerun": hosts.characterise(results_dir)}
    same_scale = cmp.scales["reference"] == cmp.scales["rerun"]
    gpu_both = all(_has_gpu(machines[side]) for side in machines)
    for e in experiments:
        for c in e.claims:
            c.classify(e.name, cmp.hosts["rerun"], cmp.hosts["reference"], same_scale, gpu_both)
        for p in e.pieces:
            p.classify(cmp.hosts["rerun"], cmp.hosts["reference"], same_scale)
    return cmp


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
        parts = ["%s here" % new.verdict + ("" if new.reason == experiment_absent[1] else " (%s)" % new.reason)]
    elif c.status == NOT_RUN_REF:
        parts = [
            "%s in the reference" % ref.verdict + ("" if ref.reason == experiment_absent[0] else " (%s)" % ref.reason)
        ]
    elif c.status == NOT_RUN_EITHER:
        parts = ["not run in either"]
    else:
        parts = _claim_parts(c)
    extra = ["         %s: %s" % (c.machines, c.machines_text)] if c.machines else []
    if c.once and not c.machines:  # a claim not run in one run: the program it lacks, and why
        extra.append("         %s: %s" % (ONE_RUN, c.once_text()))
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
    ] + extra


def _point_text(c, p):
    key, ref, new, rel, _ = c
    cls = p.classes.get(key)
    return "%s %s (%.3g s → %.3g s, tolerance %s%s)" % (
        agreement.fmt_relative(rel),
        points.label(key),
        ref,
        new,
        tolerances.fmt_tolerance(p.tolerances[key]),
        ": " + cls[0] if cls else "",
    )


def _piece_lines(p):
    tols = sorted(p.tolerances.values())
    tol = (
        tolerances.fmt_tolerance(tols[0])
        if tols and tols[0] == tols[-1]
        else "each point's tolerance (%s .. %s)"
        % (tolerances.fmt_tolerance(tols[0]), tolerances.fmt_tolerance(tols[-1]))
        if tols
        else ""
    )
    if not p.compared:
        side = "missing here (only in the reference)" if p.missing else "only here (not in the reference)"
        return ["  %-18s %s: %d points" % (p.piece, side, len(p.missing) + len(p.extra))] + _absent_lines(p, False)
    by_class = p.out_by_class()
    out_text = (
        " (%d out: %s)" % (len(p.out), ", ".join("%d %s" % (n, cls) for cls, n in sorted(by_class.items())))
        if p.out
        else ""
    )
    lines = ["  %-18s %d/%d points within %s%s" % (p.piece, p.within, len(p.compared), tol, out_text)]
    worst = [c for c in p.worst() if c[3] != 0]
    if worst:
        lines.append("      worst: " + "; ".join(_point_text(c, p) for c in worst))
    for old, n in sorted(Counter(p.moved.values()).items()):
        lines.append("      %d of them filed in the reference under piece %s" % (n, old))
    return lines + _absent_lines(p, True)


def _labels(keys):
    return ", ".join(points.label(k) for k in keys[:WORST]) + (", ..." if len(keys) > WORST else "")


def _absent_lines(p, every):
    """The points one run lacks, one line per reason; ``every``: also the points
    without one, else only those of which the run lacking them recorded why (a
    piece that one run lacks whole is said in a line already)."""
    lines = []
    for what, keys in (("missing here", p.missing), ("only here", p.extra)):
        by_reason = {}
        for k in keys:
            absence = p.absent.get(k, Absence("", False, False))
            if every or absence.recorded:
                by_reason.setdefault(absence.text, []).append(k)
        for why, group in sorted(by_reason.items()):
            lines.append("      %d %s%s: %s" % (len(group), what, ", " + why if why else "", _labels(group)))
    return lines


def _machine(side_machines):
    return "; ".join("%s %s" % (label, ", ".join(v) or "–") for label, v in side_machines.items()) or "no metadata"


def _host_lines(cmp):
    """The ratio here / reference of every resource both sides measured, and the
    ones only one side did (a claim bound by one of those uses a stand-in, said in its line)."""
    here, ref = cmp.hosts.get("rerun", {}), cmp.hosts.get("reference", {})
    names = sorted(set(here) | set(ref), key=lambda r: (r.split("@")[0], r.split("@")[-1].zfill(4)))
    if not names:
        return ["  neither side recorded a host characterisation"]
    lines = ["  " + hosts.ratio(r, here, ref).text for r in names if r in here and r in ref]
    for side, have, lack in (("here", here, ref), ("in the reference", ref, here)):
        only = [hosts.describe(r) for r in names if r in have and r not in lack]
        if only:
            lines.append("  measured only %s: %s" % (side, "; ".join(only)))
    return lines


def _setting_lines(cmp):
    """Which reference, and a scale or device that differs between the sides."""
    lines = []
    if cmp.reference_chosen:
        lines.append("Reference: %s, %s." % (cmp.reference_dir, cmp.reference_chosen))
    s_ref, s_new = cmp.scales.get("reference"), cmp.scales.get("rerun")
    if s_ref != s_new:
        lines.append(
            "SCALE MISMATCH: these results are of %s scale, the reference of %s scale: claims and points differ "
            "by problem size, not only by machine; compare with the reference of the same scale (REFERENCE=%s)."
            % (s_new or "no stated", s_ref or "no stated", REFERENCES.get(s_new, "DIR"))
        )
    gpus = {side: [g for g in cmp.machines[side].get("GPU", []) if g != "none"] for side in cmp.machines}
    if bool(gpus.get("reference")) != bool(gpus.get("rerun")):
        has, lacks = ("the reference", "this machine") if gpus.get("reference") else ("this machine", "the reference")
        lines.append(
            "DEVICE MISMATCH: %s has a GPU (%s), %s none: the GPU programs' claims and points are on one side only."
            % (has, ", ".join(gpus.get("reference") or gpus.get("rerun")), lacks)
        )
    return lines


def render(cmp):
    lines = (
        [
            "Comparing %s (here) with the reference %s" % (cmp.results_dir, cmp.reference_dir),
        ]
        + _setting_lines(cmp)
        + [
            "A claim agrees when both verdicts are the same and every number is within its tolerance "
            "(python3 -m paper.compare --tolerances). A claim that differs is classified by the hosts' measured "
            "ratios (below) and what bounds its programs (python3 -m paper.compare --bounds).",
            "Hosts, here / reference:",
        ]
        + _host_lines(cmp)
        + [
            "",
        ]
    )
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
        "  claims that differ: %s"
        % (", ".join("%d %s" % (len([c for c in cmp.claims(DIFFER) if c.machines == k]), k) for k in MACHINE_CLASSES)),
        "  figure data points out of tolerance: %s"
        % ", ".join("%d %s" % (sum(p.out_by_class().get(k, 0) for p in pieces), k) for k in POINT_CLASSES),
        "  figure data points within tolerance: %d/%d (%d missing here, %d only here; %d of a program or graph "
        "that ran in one run only)"
        % (
            sum(p.within for p in pieces),
            compared,
            sum(len(p.missing) for p in pieces),
            sum(len(p.extra) for p in pieces),
            sum(1 for p in pieces for a in p.absent.values() if a.one_run),
        ),
        "  reference machine: %s" % _machine(cmp.machines["reference"]),
        "  this machine:      %s" % _machine(cmp.machines["rerun"]),
    ]
    here, ref = cmp.hosts.get("rerun", {}), cmp.hosts.get("reference", {})
    moved = [r for r in sorted(set(here) & set(ref)) if abs((hosts.ratio(r, here, ref).value or 1) - 1) > HOST_NOISE]
    if moved:
        lines.append(
            "  The hosts measure differently in %s (ratios above): timings bound by those differ by as much, "
            "and the claims that differ say whether the machines explain them." % ", ".join(moved)
        )
    elif cmp.machines["reference"] != cmp.machines["rerun"]:
        lines.append(
            "  The machines differ: on another machine timings, and the verdicts of claims about speed, "
            "may differ; the comparison above says by how much."
        )
    else:
        lines.append(
            "  The same machine model, and the hosts measure alike: differences beyond tolerance come from "
            "the code, the build or the setup, or from noise beyond the tolerance."
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


def bounds_text():
    lines = [
        "What bounds each claim's programs (paper/bounds.py): the value scales as the product of the resources "
        "marked × over those marked ÷ (paper/hosts.py names them).",
        "",
    ] + bounds.table_lines()
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m paper.compare", description=__doc__.split("\n")[0])
    ap.add_argument("--results", help="the rerun's results directory")
    ap.add_argument(
        "--reference",
        default=None,
        help="the reference (default: the committed one of the results' scale: %s)"
        % ", ".join("%s %s" % kv for kv in REFERENCES.items()),
    )
    ap.add_argument("--strict", action="store_true", help="exit 1 when a claim or a figure data point disagrees")
    ap.add_argument("--tolerances", action="store_true", help="print the tolerance table and exit")
    ap.add_argument("--bounds", action="store_true", help="print what bounds each claim's programs and exit")
    args = ap.parse_args(argv)
    if args.tolerances:
        print(tolerance_text())
        return 0
    if args.bounds:
        print(bounds_text())
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
