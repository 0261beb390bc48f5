"""Whether two measured values agree: numbers relatively (within a tolerance),
booleans exactly, strings not at all; tuples element by element, dicts key by
key (the same keys).  Used by ``paper.compare`` on claims' measured values."""

import math
import numbers


def relative(ref, new):
    """(new - ref) / |ref|; 0 when both are 0, infinite when only ref is."""
    if ref == new:
        return 0.0
    if ref == 0:
        return math.copysign(math.inf, new - ref)
    return (new - ref) / abs(ref)


def fmt_relative(d):
    if math.isinf(d):
        return "%sinf" % ("+" if d > 0 else "-")
    pct = 100 * d
    return "%+.0f%%" % pct if abs(pct) >= 1 or pct == 0 else "%+.2g%%" % pct


class Difference:
    """One compared part of a value: ``where`` (a path such as ``[0]`` or a
    condition's text, "" for the value itself), ``rel`` (relative difference
    of a number, None otherwise), ``ok`` and ``text``."""

    def __init__(self, where, ok, text, rel=None):
        self.where, self.ok, self.text, self.rel = where, ok, text, rel


def _is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def differences(ref, new, tolerance, where=""):
    """[Difference] over every comparable part of ``ref`` and ``new``."""
    if isinstance(ref, bool) and isinstance(new, bool):
        return [Difference(where, ref == new, "same (%s)" % ref if ref == new else "%s → %s" % (ref, new))]
    if _is_number(ref) and _is_number(new):
        d = relative(ref, new)
        return [Difference(where, abs(d) <= tolerance, fmt_relative(d), d)]
    if isinstance(ref, str) and isinstance(new, str):
        return []
    if isinstance(ref, (tuple, list)) and isinstance(new, (tuple, list)):
        if len(ref) != len(new):
            return [Difference(where, False, "%d parts → %d" % (len(ref), len(new)))]
        out = []
        for i, (a, b) in enumerate(zip(ref, new)):
            out += differences(a, b, tolerance, "%s[%d]" % (where, i))
        return out
    if isinstance(ref, dict) and isinstance(new, dict):
        out = []
        for k in ref:
            if k in new:
                out += differences(ref[k], new[k], tolerance, "%s%s" % (where + ": " if where else "", k))
            else:
                out.append(Difference(k, False, "only in the reference"))
        out += [Difference(k, False, "only here") for k in new if k not in ref]
        return out
    return [Difference(where, False, "%s → %s (different shapes)" % (type(ref).__name__, type(new).__name__))]


def fmt_value(v):
    """A measured value in a few characters: numbers %.3g, (k, total) as k/total,
    conditions as 'k/n hold'."""
    if isinstance(v, bool):
        return str(v)
    if _is_number(v):
        return "%.3g" % v
    if isinstance(v, (tuple, list)):
        if len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            return "%d/%d" % tuple(v)
        return "(" + ", ".join(fmt_value(x) for x in v) + ")"
    if isinstance(v, dict):
        if all(isinstance(x, bool) for x in v.values()):
            return "%d/%d hold" % (sum(1 for x in v.values() if x), len(v))
        return "{" + ", ".join(fmt_value(x) for x in v.values()) + "}"
    if v is None:
        return "–"
    return str(v)
