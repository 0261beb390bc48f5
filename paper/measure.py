"""Numbers the modules' figures, tables and claims share: medians of the trials
and speedups, each raising ResultsMissing (naming what is absent) rather than
guessing."""

from paper.results import ResultsMissing
from paper.stats import Summary, summarize


def median_seconds(res, what=None, **filters):
    """Median ``seconds`` of the rows matching ``filters``."""
    sub = res.require(what or str(filters.get("algorithm", "rows")), **filters)
    return Summary([r["seconds"] for r in sub.rows]).median


def median_of(res, column, what=None, **filters):
    """Median of a numeric extra column (e.g. ``teps``) over the matching rows."""
    sub = res.require(what or column, **filters)
    vals = [r.num(column) for r in sub.rows]
    vals = [v for v in vals if v is not None]
    if not vals:
        raise ResultsMissing("%s: column %r is empty for %s" % (res.experiment, column, filters))
    return Summary(vals).median


def series(res, x, value="seconds", **filters):
    """[(x value, Summary of ``value``)] over the rows matching ``filters``, sorted by x."""
    return list(summarize(res.where(**filters), x, value).items())


def speedup_series(res, baseline, algorithm, x="n", baseline_filters=None, **filters):
    """[(x, Summary)] of the speedup of ``algorithm`` over ``baseline``: the
    baseline's median time divided by each trial's time, at every x both have."""
    base = dict(summarize(res.where(algorithm=baseline, **(baseline_filters or filters)), x, "seconds"))
    out = []
    for xv, s in summarize(res.where(algorithm=algorithm, **filters), x, "seconds").items():
        if xv in base and all(v > 0 for v in s.values):
            out.append((xv, Summary([base[xv].median / v for v in s.values])))
    return out


def speedup_at(res, baseline, algorithm, baseline_filters=None, **filters):
    """Median baseline time / median algorithm time at the given filters."""
    b = median_seconds(res, baseline, **dict(filters, **(baseline_filters or {}), algorithm=baseline))
    a = median_seconds(res, algorithm, **dict(filters, algorithm=algorithm))
    return b / a


def largest(res, column, **filters):
    """The largest value of ``column`` among rows matching ``filters`` (ResultsMissing if none)."""
    vals = res.where(**filters).values(column)
    if not vals:
        raise ResultsMissing("%s: no rows for %s" % (res.experiment, filters or "any"))
    return vals[-1]


def fmt_x(v, unit="x"):
    return "%.3g%s" % (v, unit)


def fmt_size(n):
    """2^k for powers of two, 1.5M style otherwise."""
    n = int(n)
    if n > 0 and n & (n - 1) == 0 and n >= 1024:
        return "2^%d" % (n.bit_length() - 1)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= div:
            return "%g%s" % (n / div, unit)
    return str(n)
