"""Summaries of repeated measurements: the median with min/max and quartiles
(docs/DESIGN.md: report the median, keep every trial)."""

import statistics
from collections import OrderedDict


class Summary:
    """Median, min, max and quartiles of a list of numbers."""

    def __init__(self, values):
        values = sorted(v for v in values if v is not None)
        if not values:
            raise ValueError("Summary of no values")
        self.values = values
        self.count = len(values)
        self.median = statistics.median(values)
        self.min = values[0]
        self.max = values[-1]
        if len(values) >= 2:
            q = statistics.quantiles(values, n=4, method="inclusive")
            self.q1, self.q3 = q[0], q[2]
        else:
            self.q1 = self.q3 = values[0]
        self.mean = statistics.fmean(values)

    def __repr__(self):
        return "Summary(median=%g, min=%g, max=%g, n=%d)" % (self.median, self.min, self.max, self.count)


def summarize(results, key, value):
    """Groups rows by ``key(row)`` (a column name or a function) and summarises
    ``value(row)`` (a column name or a function) per group: an ordered dict
    key -> Summary, keys sorted."""
    key_fn = key if callable(key) else (lambda r: r[key])
    value_fn = value if callable(value) else (lambda r: r[value] if value in ("seconds",) else r.num(value))
    groups = {}
    for r in results.rows:
        v = value_fn(r)
        if v is None:
            continue
        groups.setdefault(key_fn(r), []).append(v)
    return OrderedDict((k, Summary(vs)) for k, vs in sorted(groups.items(), key=lambda kv: kv[0]))
