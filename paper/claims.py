"""Claims: the paper's statement, how to measure it from our data, and the rule
that turns the measurement into a verdict, written side by side.

    Claim("A3", "maximum speedup over BGL about 2x",
          measure=max_speedup,                  # Results -> Measured(value, text)
          rule=reaches(2.0, partly=1.0, unit="x"))

A module declares the paper's claims and the suite's own targets in separate
lists (``Module(claims=..., targets=...)``); both are judged the same way.

``measure`` raises ``ResultsMissing`` (or returns ``None``) when the data it
needs is absent: the verdict is then NOT_RUN with that reason.  A claim that
names a size (``paper.scope``) sees only those rows; without them its verdict
is NOT_AT_SCALE, naming the sizes the results have (NOT_RUN where the rows it
measures are absent at every size).  Rules return
(verdict, reason); ``rule.text`` says the rule in words for the report.  A
reason that comes with a failed verdict says what was false ("0.5x < 1x",
"not faster than BGL at n = 8192, 16384"), never the condition that failed
in words that read as if it held.
"""

from paper import scope
from paper.results import ResultsMissing

REPRODUCED = "reproduced"
PARTLY = "partly"
NOT_REPRODUCED = "not reproduced"
NOT_RUN = "not run"
# The results hold other sizes than the one the claim names (``paper.scope``).
NOT_AT_SCALE = "not run at this scale"
VERDICTS = (REPRODUCED, PARTLY, NOT_REPRODUCED, NOT_RUN, NOT_AT_SCALE)


def ran(verdict):
    """Whether an outcome was judged (not absent data, not another size)."""
    return verdict not in (NOT_RUN, NOT_AT_SCALE)


# A figure the paper states (a speedup, a ratio) counts as reproduced from this
# share of it on: the papers ran on other hardware, so the figure is a scale,
# not a value to meet exactly.
PAPER_FIGURE_SHARE = 0.7
# "About x" for a ratio: reproduced within this factor of x either way.
ABOUT_FACTOR = 1.5


class Measured:
    """A measured value for a rule plus the text shown in the report."""

    def __init__(self, value, text):
        self.value, self.text = value, text


class Check:
    """One condition of a ``conditions()`` rule: ``ok`` whether it holds, and
    ``false_text``, what was false when it does not, said as false ("not
    faster than BGL at n = 8192, 16384"): the report's reason."""

    def __init__(self, ok, false_text):
        self.ok, self.false_text = bool(ok), false_text

    def __bool__(self):
        return self.ok

    def __repr__(self):
        return "Check(%r, %r)" % (self.ok, self.false_text)


def check_every(cases, holds, false_text):
    """A Check that ``holds(case)`` for every case; ``false_text % cases`` names
    the cases where it does not, joined by ", "."""
    failing = [c for c in cases if not holds(c)]
    return Check(not failing, false_text % ", ".join(str(c) for c in failing))


def false_text(condition, ok):
    """What was false of a failed condition: its Check's text, or for a plain
    bool the condition itself marked as not holding."""
    if isinstance(ok, Check) and ok.false_text:
        return ok.false_text
    return "not the case: %s" % condition


def plain(value):
    """``value`` with every Check as its bool: what ``paper.compare`` compares."""
    if isinstance(value, dict):
        return {k: bool(v) if isinstance(v, Check) else v for k, v in value.items()}
    return value


class Rule:
    """``judge(value) -> (verdict, reason)``; ``text`` describes the rule;
    ``unit`` is the unit of the value it judges ("x", " ms", ...; "" for none)."""

    def __init__(self, text, judge, unit=""):
        self.text, self.judge, self.unit = text, judge, unit

    def __call__(self, value):
        verdict, reason = self.judge(value)
        if verdict not in VERDICTS:
            raise ValueError("rule %r gave unknown verdict %r" % (self.text, verdict))
        return verdict, reason


def _fmt(x, unit):
    return ("%.3g" % x) + unit


def at_least(reproduced, partly=None, unit=""):
    """value >= reproduced: reproduced; >= partly: partly; else not reproduced."""
    text = "reproduced if ≥ %s" % _fmt(reproduced, unit)
    if partly is not None:
        text += "; partly if ≥ %s" % _fmt(partly, unit)

    def judge(v):
        if v >= reproduced:
            return REPRODUCED, "%s ≥ %s" % (_fmt(v, unit), _fmt(reproduced, unit))
        if partly is not None and v >= partly:
            return PARTLY, "%s is below %s but ≥ %s" % (_fmt(v, unit), _fmt(reproduced, unit), _fmt(partly, unit))
        return NOT_REPRODUCED, "%s < %s" % (_fmt(v, unit), _fmt(partly if partly is not None else reproduced, unit))

    return Rule(text, judge, unit)


def reaches(figure, partly=None, unit=""):
    """The paper's ``figure`` (a speedup, "x-fold"): reproduced from
    ``PAPER_FIGURE_SHARE`` of it on; ``partly`` as in ``at_least``."""
    return at_least(figure * PAPER_FIGURE_SHARE, partly=partly, unit=unit)


def about(figure, partly=None, unit=""):
    """The paper's "about ``figure``": reproduced within ``ABOUT_FACTOR`` of it
    either way; ``partly`` as in ``within``."""
    return within(figure / ABOUT_FACTOR, figure * ABOUT_FACTOR, partly=partly, unit=unit)


def at_most(reproduced, partly=None, unit=""):
    """value <= reproduced: reproduced; <= partly: partly; else not reproduced."""
    text = "reproduced if ≤ %s" % _fmt(reproduced, unit)
    if partly is not None:
        text += "; partly if ≤ %s" % _fmt(partly, unit)

    def judge(v):
        if v <= reproduced:
            return REPRODUCED, "%s ≤ %s" % (_fmt(v, unit), _fmt(reproduced, unit))
        if partly is not None and v <= partly:
            return PARTLY, "%s is above %s but ≤ %s" % (_fmt(v, unit), _fmt(reproduced, unit), _fmt(partly, unit))
        return NOT_REPRODUCED, "%s > %s" % (_fmt(v, unit), _fmt(partly if partly is not None else reproduced, unit))

    return Rule(text, judge, unit)


def within(lo, hi, partly=None, unit=""):
    """lo <= value <= hi: reproduced; inside ``partly=(plo, phi)``: partly; else not."""
    text = "reproduced if in [%s, %s]" % (_fmt(lo, unit), _fmt(hi, unit))
    if partly:
        text += "; partly if in [%s, %s]" % (_fmt(partly[0], unit), _fmt(partly[1], unit))

    def judge(v):
        if lo <= v <= hi:
            return REPRODUCED, "%s in [%s, %s]" % (_fmt(v, unit), _fmt(lo, unit), _fmt(hi, unit))
        if partly and partly[0] <= v <= partly[1]:
            return PARTLY, "%s outside [%s, %s] but in [%s, %s]" % (
                _fmt(v, unit),
                _fmt(lo, unit),
                _fmt(hi, unit),
                _fmt(partly[0], unit),
                _fmt(partly[1], unit),
            )
        return NOT_REPRODUCED, "%s outside [%s, %s]" % (_fmt(v, unit), _fmt(lo, unit), _fmt(hi, unit))

    return Rule(text, judge, unit)


def share(partly=0.5):
    """The value is (k, total): k of total cases hold. All: reproduced; at least
    ``partly`` of them: partly (None: no partly, a claim about every case); else
    not reproduced."""
    if partly is None:
        text = "reproduced if in every case; otherwise not reproduced"
    else:
        text = "reproduced if in every case; partly if in at least %d%%" % round(100 * partly)

    def judge(v):
        k, total = v
        if total and k == total:
            return REPRODUCED, "holds in all %d cases" % total
        if not total:
            return NOT_REPRODUCED, "no case to judge"
        if partly is not None and k >= partly * total:
            return PARTLY, "does not hold in %d of %d cases" % (total - k, total)
        return NOT_REPRODUCED, "does not hold in %d of %d cases" % (total - k, total)

    return Rule(text, judge)


def conditions(partly_min=1):
    """The value is an ordered {condition text: Check (or bool)}: all hold ->
    reproduced; at least ``partly_min`` hold -> partly; else not reproduced.
    The reason says what was false of each condition that fails."""
    text = "reproduced if every condition holds; partly if at least %d does" % partly_min

    def judge(v):
        failed = [k for k, ok in v.items() if not ok]
        held = len(v) - len(failed)
        if not failed:
            return REPRODUCED, "all hold: " + "; ".join(v)
        verdict = PARTLY if held >= partly_min else NOT_REPRODUCED
        return verdict, "; ".join(false_text(k, v[k]) for k in failed)

    return Rule(text, judge)


class Claim:
    """One row of the claim-vs-reproduced table. ``tolerance`` (a fraction, e.g.
    0.3) overrides how far a rerun's measured value may stray from the
    reference's before ``paper.compare`` calls them different; None: the
    default of the value's kind (``paper.tolerances``)."""

    def __init__(self, id, statement, measure, rule, note="", tolerance=None):
        self.id, self.statement, self.measure, self.rule, self.note = id, statement, measure, rule, note
        self.tolerance = tolerance


class Outcome:
    """``measured`` is the text shown, ``value`` what the rule judged (None when not run);
    ``lacks_hardware``: not run because no machine with results had what it needs."""

    def __init__(self, claim, verdict, measured, reason, value=None):
        self.claim, self.verdict, self.measured, self.reason, self.value = claim, verdict, measured, reason, value
        self.lacks_hardware = False


def evaluate(claim, results, absent_reason=None):
    """The claim's Outcome on ``results`` (None: the experiment did not run, and
    ``absent_reason`` says why). ResultsMalformed propagates: it is an error."""
    if results is None:
        return Outcome(claim, NOT_RUN, "–", absent_reason or "no results")
    about = scope.of(results.experiment, claim.id)
    try:
        if about is not None:
            results, why_not = about.select(results)
            if results is None:
                return Outcome(claim, NOT_AT_SCALE, "–", why_not)
        m = claim.measure(results)
    except ResultsMissing as e:
        return Outcome(claim, NOT_RUN, "–", str(e))
    if m is None:
        return Outcome(claim, NOT_RUN, "–", "the data this claim needs is absent")
    verdict, reason = claim.rule(m.value)
    return Outcome(claim, verdict, m.text, reason, plain(m.value))
