"""What each claim is about: the graph or sizes its statement names, in one
table.  A claim is judged only on those rows; where the results have other
sizes only, its verdict is "not run at this scale" with the sizes they have,
never a verdict taken silently from another size.  A claim absent here names
no size (a shape such as "the speedup grows with n", or a program's own
run): it is judged on whatever sizes the results hold.

    SCOPES["dijkstra_deg5"]["E7"] = At("n = 4x10^6", n=4_000_000)

``At(what, **columns)``: the rows whose column has that value (or one of a
list); every listed value must be present.  ``Above`` gives a lower bound
instead ("n > 4096": ``At("n > 4096", n=Above(4096))``).
"""

from paper import measure


def _fmt(v):
    return measure.fmt_size(v) if isinstance(v, int) and not isinstance(v, bool) else str(v)


class Above:
    """A column value above ``bound`` (from it on with ``inclusive``); at least
    one such row must exist."""

    def __init__(self, bound, inclusive=False):
        self.bound, self.inclusive = bound, inclusive

    def __call__(self, v):
        return v is not None and (v >= self.bound if self.inclusive else v > self.bound)

    def __str__(self):
        return "%s %s" % ("≥" if self.inclusive else ">", _fmt(self.bound))


class At:
    """The rows a claim is about: ``what`` in words, ``columns`` {column: value,
    list of values (each needed), or Above(bound)}."""

    def __init__(self, what, **columns):
        self.what, self.columns = what, columns

    def _wanted(self, col):
        want = self.columns[col]
        return want if isinstance(want, (list, tuple)) else [want]

    def select(self, results):
        """(rows, None) or (None, why not): the rows this claim is about, or the
        sentence saying which of its sizes are absent and which are present."""

        def ok(r):
            for col in self.columns:
                wanted = self._wanted(col)
                if not any(w(r.get(col)) if callable(w) else r.get(col) == w for w in wanted):
                    return False
            return True

        sub = results.where(pred=ok)
        absent = []
        for col in self.columns:
            for w in self._wanted(col):
                hit = sub.where(pred=lambda r: w(r.get(col)) if callable(w) else r.get(col) == w)
                if not hit.rows:
                    absent.append("%s %s" % (col, w if callable(w) else "= " + _fmt(w)))
        if not absent:
            return sub, None
        present = "; ".join("%s = %s" % (col, ", ".join(_fmt(v) for v in results.values(col))) for col in self.columns)
        return None, "the claim is about %s; these results have no rows with %s (they have %s)" % (
            self.what,
            " and ".join(absent),
            present or "no rows",
        )


N_4M = At("n = 4x10^6", n=4_000_000)
GRID_2048 = At("the 2048 x 2048 grid", generator="grid", n=2048 * 2048)
EDGES_100M = At("the 100M-edge graph", m=100_000_000)
RMAT_MAIN = At("the main graph (N = 2^25, M = 2^28)", n=2**25, m=2**28)

SCOPES = {
    "prim_gpu": {
        "A2": At("n > 4096", n=Above(4096)),
        "A-T1": At("n = 16384", n=16384),
        "A-T2": At("n = 16384", n=16384),
        "A-T4": At("n = 16384 and n = 2^20", n=[16384, 2**20]),
        "A-T5": At("n = 2^20", n=2**20),
        "A-T6": At("n = 16384", n=16384),
    },
    "sollin_multicore": {
        "B3": At("N = 2500, 5000, 10000", n=[2500, 5000, 10000]),
        "B7": At("N = 10000", n=10000),
        "B8": At("N = 10000", n=10000),
    },
    "kruskal_100m": {c: EDGES_100M for c in ("C1", "C2", "T1", "T2", "T3", "T4", "T5")},
    "hybrid_dfs": {
        "D-T1": RMAT_MAIN,
        "D-T2": RMAT_MAIN,
        "D-T3": RMAT_MAIN,
        "D-T4": RMAT_MAIN,
        "D-T5": At("Fig. 5b's sizes (N = 2^25, M from 2^28)", n=2**25, m=Above(2**28, inclusive=True)),
    },
    "dijkstra_deg5": {
        "E3": N_4M,
        "E4": N_4M,
        "E5": N_4M,
        "E6": N_4M,
        "E7": N_4M,
        "E8": GRID_2048,
        "E9": N_4M,
        "E10": GRID_2048,
        "E11": GRID_2048,
    },
}


def of(experiment, claim_id):
    """The claim's At, or None when it names no size."""
    return SCOPES.get(experiment, {}).get(claim_id)
