"""What each claim is about: the graph or sizes its statement names, in one
table.  A claim is judged only on those rows; where the results have other
sizes only, its verdict is "not run at this scale" with the sizes they have,
never a verdict taken silently from another size.  A claim absent here names
no size (a shape such as "the speedup grows with n", or a program's own
run): it is judged on whatever sizes the results hold.

    SCOPES["dijkstra_deg5"]["E7"] = At("n = 4x10^6", n=4_000_000)

``At(what, **columns)``: the rows whose column has that value (or one of a
list); every listed value must be present.  ``Above`` gives a lower bound
instead ("n > 4096": ``At("n > 4096", n=Above(4096))``).  ``needs=Needs(...)``
names the rows the claim measures at all (a piece that runs only on some
machines): without any, the verdict is "not run" with its reason, not "not
run at this scale".
"""

from paper import measure
from paper.results import ResultsMissing


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


class Needs:
    """Rows a claim measures (``columns`` {column: value} as in ``Results.where``)
    and ``why`` they may be absent."""

    def __init__(self, why, **columns):
        self.why, self.columns = why, columns

    def check(self, results):
        """Raises ResultsMissing (the claim is not run) when no row matches."""
        if not results.where(**self.columns).rows:
            raise ResultsMissing(
                "%s: no rows with %s: %s"
                % (results.experiment, ", ".join("%s = %s" % kv for kv in self.columns.items()), self.why)
            )


class At:
    """The rows a claim is about: ``what`` in words, ``columns`` {column: value,
    list of values (each needed), or Above(bound)}; ``needs``: a Needs, or None."""

    def __init__(self, what, needs=None, **columns):
        self.what, self.needs, self.columns = what, needs, columns

    def _wanted(self, col):
        want = self.columns[col]
        return want if isinstance(want, (list, tuple)) else [want]

    def select(self, results):
        """(rows, None) or (None, why not): the rows this claim is about, or the
        sentence saying which of its sizes are absent and which are present.
        Raises ResultsMissing when the rows it ``needs`` are absent."""
        if self.needs is not None:
            self.needs.check(results)

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
# hybrid_dfs's multi-gpu piece: dobfs_mgpu rows exist only where a machine had two or more GPUs.
MULTI_GPU = Needs("the piece multi-gpu runs only on a machine with 2 or more GPUs", algorithm="dobfs_mgpu")
MGPU_STRONG = At("N = 2^27, M = 2^31", needs=MULTI_GPU, generator="rmat", n=2**27, m=2**31)
MGPU_WEAK = At(
    "the weak-scaling series from N = 2^25, M = 2^29 (1 GPU) to N = 2^27, M = 2^31 (4 GPUs)",
    needs=MULTI_GPU,
    generator="rmat",
    n=[2**25, 2**27],
    m=[2**29, 2**31],
)

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
        "D-T10": MGPU_STRONG,
        "D-T11": MGPU_STRONG,
        "D-T12": MGPU_WEAK,
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


def needs_several_gpus(experiment, claim_id):
    """Whether the claim measures rows that only a machine with 2 or more GPUs
    writes (MULTI_GPU): paper.report judges it on the multi-GPU kinds' runs
    where the results' own machine had fewer."""
    about = of(experiment, claim_id)
    return about is not None and about.needs is MULTI_GPU
