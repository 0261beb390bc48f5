"""How far a rerun may stray from the reference before ``paper.compare`` calls
a value different: one relative tolerance per kind of value, the one table
that the comparison and the docs (``python3 -m paper.compare --tolerances``)
use.  A claim may set its own (``Claim(..., tolerance=0.3)``).

A claim's kind follows from its measured value and its rule's unit: a number
in seconds is a time, a number in "x" (or unitless) a ratio, GTEPS a
throughput; a (k, total) pair counts cases, a dict holds conditions.  The
figures' data points are medians of ``seconds``, each with a tolerance from
its own trials' spread in both runs (``point_tolerance``).
"""


class Kind:
    def __init__(self, name, tolerance, what, why):
        self.name, self.tolerance, self.what, self.why = name, tolerance, what, why


KINDS = {
    k.name: k
    for k in (
        # Two runs of the same program on machines of the same model differ through
        # clock boost, memory placement, other load and driver or compiler versions;
        # the shortest timings of the suite are a few kernel launches, whose jitter
        # alone is of this order. A quarter still catches a program twice as slow.
        Kind(
            "time",
            0.25,
            "a median time (s, ms, us) a claim measures",
            "separate runs drift together with clocks, placement, load and versions",
        ),
        # Both times of a ratio come from the same run (the modules take ratios
        # from one run), so most of that drift cancels: ratios are steadier.
        Kind(
            "ratio",
            0.15,
            "a speedup or ratio of two times of one run (unit x, %, or none)",
            "both times come from one run, so most drift cancels",
        ),
        # Edges per second: an inverse time, as noisy as one.
        Kind("throughput", 0.25, "a rate such as GTEPS (edges / median time)", "an inverse time, as noisy as a time"),
        # Counts of cases and conditions are findings, not measurements: a change
        # is a change of the finding, however small.
        Kind(
            "count",
            0.0,
            "(k, total): a claim holds in k of total cases",
            "a count of findings: any change is a different finding",
        ),
        Kind("condition", 0.0, "{condition: true/false}", "compared exactly"),
    )
}

UNIT_KINDS = {
    "": "ratio",
    "x": "ratio",
    "%": "ratio",
    " s": "time",
    " ms": "time",
    " us": "time",
    " GTEPS": "throughput",
}


def value_kind(value, unit=""):
    """The kind of a measured value judged by a rule with ``unit``."""
    if isinstance(value, dict):
        return "condition"
    if isinstance(value, (tuple, list)):
        return "count"
    if unit not in UNIT_KINDS:
        raise ValueError("no tolerance kind for unit %r: add it to paper/tolerances.py UNIT_KINDS" % unit)
    return UNIT_KINDS[unit]


def for_claim(claim, value):
    """(kind name, relative tolerance) for ``claim``'s measured ``value``:
    the claim's own tolerance when it sets one, else its kind's."""
    kind = value_kind(value, getattr(claim.rule, "unit", ""))
    if claim.tolerance is not None:
        return kind, claim.tolerance
    return kind, KINDS[kind].tolerance


# A figure data point's tolerance: the spread of its own trials in both runs
# ((max - min) / median, added), never below this floor, since two runs drift
# together by more than one run's trials stray (clocks, placement, load).
POINT_FLOOR = 0.15


def point_tolerance(ref_spread=0.0, new_spread=0.0):
    """The tolerance of one figure data point from its trials' spread in both runs."""
    return max(POINT_FLOOR, ref_spread + new_spread)


def fmt_tolerance(t):
    return "exact" if t == 0 else "%.3g%%" % (100 * t)


def table_lines():
    """The tolerance table in Markdown, with the claims that set their own."""
    lines = ["| kind | tolerance | applies to | why |", "|---|---|---|---|"]
    for k in KINDS.values():
        lines.append("| %s | %s | %s | %s |" % (k.name, fmt_tolerance(k.tolerance), k.what, k.why))
    lines.append(
        "| figure data point | the spread (max - min) / median of its trials in this run plus that in the "
        "reference, at least %s | every median time a figure draws | a point whose trials stray far is held "
        "to no tighter a tolerance than its own noise |" % fmt_tolerance(POINT_FLOOR)
    )
    return lines
