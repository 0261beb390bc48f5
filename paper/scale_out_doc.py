"""The measured parts of docs/SCALE-OUT.md, from a results directory.

paper.artifact writes them for the committed reference between marker lines
of the guide, so that the guide quotes the reference results and nothing
else; a test checks that the committed blocks are what the reference gives.

    rates    each distributed program at each rank count P: median, speedup
             over P = 1, the rate per rank (m / P / median) and the time to
             build the distributed graph
    wins     the distributed program at its best P against the experiment's
             sequential BGL program, the best single-node CPU program and the
             best GPU program on the same graph
    bounds   the time per traversal (per source) at RMAT scale 30, from the
             fastest and the slowest per-rank rate measured

The experiments with a distributed program are those whose paper module has
a ``SCALE_OUT`` (paper/scale_out.py), in experiments/list.txt order; each of
its distributed programs (engines) has its own rows.
"""

import importlib

from paper import outputs, registry, select, tables
from paper.results import ResultsError, ResultsMissing, load
from paper.stats import Summary

# Edges (arcs) per rank at RMAT scale 30 when a host's memory is shared by one
# rank per core: docs/SCALE-OUT.md works them out ("Memory per rank", "RMAT
# scale 30 and 32"); the programs not named here cannot run at that scale.
SCALE30_SHARE = {"pbgl_bfs": 2.0e7, "combblas_bfs": 5.3e7, "pbgl_delta_stepping": 2.3e7}

BLOCKS = ("rates", "wins", "bounds")


MARKERS = "scale-out"  # the family of its blocks' marker lines (paper.outputs.generated_markers)


def scale_outs():
    """[ScaleOut] of the paper modules that have one, in experiments/list.txt order."""
    out = []
    for name in registry.MODULE_NAMES:
        try:
            mod = importlib.import_module("paper." + name)
        except ModuleNotFoundError as e:
            if e.name != "paper." + name:
                raise
            continue  # no paper module for this experiment
        if hasattr(mod, "SCALE_OUT"):
            out.append(mod.SCALE_OUT)
    return out


def _sec(t):
    return "%.3g s" % t if t >= 1 else "%.3g ms" % (t * 1e3)


def _times(r):
    """A ratio: three digits, whole numbers from 100 up."""
    return "%.3gx" % r if r < 100 else "%.0fx" % r


def _power10(v):
    """2.3x10^7 style."""
    e = len(str(int(v))) - 1
    return "%.1fx10^%d" % (v / 10**e, e)


def _rate(v, word):
    return "%.3g M %s/s" % (v / 1e6, word)


class DistributedRuns:
    """One distributed program's rows in a results directory (``program``, by
    default the ScaleOut's first): ``by_p`` {P: rows of the newest run at P},
    ``graph`` (generator, n, m), or ``missing`` (why not)."""

    def __init__(self, so, results_dir, program=None):
        self.so, self.missing, self.res, self.graph, self.by_p = so, None, None, None, {}
        self.program = program or so.program
        try:
            self.res = select.drawable(load(results_dir, so.experiment))
            self.graph, self.by_p = so.rows_by_ranks(self.res, self.program)
        except ResultsError as e:
            self.missing = str(e)

    def median(self, p, column="seconds"):
        vals = [r.num(column) for r in self.by_p[p] if r.num(column) is not None]
        return Summary(vals).median if vals else None

    def per_rank(self, p, seconds):
        """Edges per second per rank: the graph's m over P ranks in ``seconds``."""
        return self.graph[2] / p / seconds if seconds else None

    def best_p(self):
        return min(self.by_p, key=lambda p: self.median(p))

    def rate_range(self):
        """((P, rate), (P, rate)): the fastest and the slowest per-rank rate and where."""
        rates = [(p, self.per_rank(p, self.median(p))) for p in self.by_p]
        return max(rates, key=lambda x: x[1]), min(rates, key=lambda x: x[1])


def rates_table(measured):
    rows = []
    for m in measured:
        so = m.so
        if m.missing:
            rows.append(["`%s`" % m.program, "not in these results: %s" % m.missing] + ["–"] * 5)
            continue
        t1 = m.median(1) if 1 in m.by_p else None
        first = True
        for p in m.by_p:
            t = m.median(p)
            build = m.median(p, so.build_column) if so.build_column else None
            rows.append(
                [
                    "`%s`" % m.program if first else "",
                    so.graph_text(m.graph) if first else "",
                    p,
                    _sec(t),
                    _times(t1 / t) if t1 else "–",
                    _rate(m.per_rank(p, t), so.edge_word),
                    "%s: %s" % (_sec(build), _rate(m.per_rank(p, build), so.edge_word)) if build else "–",
                ]
            )
            first = False
    return tables.TableData(
        ["program", "graph", "P", "median", "speedup vs P = 1", "per rank", "building the graph: per rank"],
        rows,
        align="llrrrrr",
    )


def _against(pbgl_t, other, label):
    """'`prog` 6.88 s (2.9x slower)' for another program's (seconds, name) against PBGL's best."""
    t, name = other
    ratio = _times(t / pbgl_t) + " slower" if t > pbgl_t else _times(pbgl_t / t) + " faster"
    return "`%s`%s: %s (%s)" % (name, label, _sec(t), ratio)


def wins(measured):
    """(TableData, {column: [problems where PBGL at its best P is faster]})."""
    columns = [
        ("sequential BGL", lambda so: (lambda r: r["algorithm"] == so.sequential)),
        (
            "best single-node CPU program",
            lambda so: (lambda r: r["device"] == "cpu" and r["algorithm"] != so.sequential),
        ),
        ("best GPU program", lambda so: (lambda r: "gpu" in r["device"])),
    ]
    rows, faster = [], {c: [] for c, _ in columns}
    for m in measured:
        so = m.so
        if m.missing:
            rows.append([so.problem, "`%s` not in these results" % m.program, "–"] + ["–"] * len(columns))
            continue
        p = m.best_p()
        t = m.median(p)
        row = [so.problem, so.graph_text(m.graph), "`%s` at P = %d: %s" % (m.program, p, _sec(t))]
        for col, pred in columns:
            try:
                bt, algo, th = so.single_node(m.res, m.graph, pred(so))
            except ResultsMissing:
                row.append("–")
                continue
            threads = " (%d threads)" % th if col.endswith("CPU program") and th and th > 1 else ""
            row.append(_against(t, (bt, algo), threads))
            if t < bt and so.problem not in faster[col]:
                faster[col].append(so.problem)
        rows.append(row)
    header = ["problem", "graph", "distributed, best P"] + [c for c, _ in columns]
    return tables.TableData(header, rows, align="l" * len(header)), faster


def bounds_table(measured):
    rows = []
    for m in measured:
        share = SCALE30_SHARE.get(m.program)
        if share is None or m.missing:
            continue
        (pf, rf), (ps, rs) = m.rate_range()
        build = []
        if m.so.build_column:
            brates = [m.per_rank(p, m.median(p, m.so.build_column)) for p in m.by_p]
            brates = [b for b in brates if b]
            if brates:
                build = ["%.2g to %.2g s" % (share / max(brates), share / min(brates))]
        rows.append(
            [
                "`%s`" % m.program,
                "%s %s" % (_power10(share), m.so.edge_word),
                "%.2g s (P = %d rate)" % (share / rf, pf),
                "%.2g s (P = %d rate)" % (share / rs, ps),
            ]
            + (build or ["–"])
        )
    return tables.TableData(
        [
            "program",
            "per rank at scale 30",
            "per traversal or source, fastest rate",
            "slowest rate",
            "building the graph",
        ],
        rows,
        align="lrrrr",
    )


def blocks(results_dir):
    """{block name: its markdown, markers included}."""
    measured = [DistributedRuns(so, results_dir, p) for so in scale_outs() for p in so.programs]
    wins_table, faster = wins(measured)
    absent = ["`%s` (%s)" % (m.program, m.so.problem) for m in measured if m.missing]
    verdict = [
        "",
        "At its best P the distributed program is faster than: "
        + "; ".join("the %s in %s" % (col, ", ".join(probs) or "no problem") for col, probs in faster.items())
        + "."
        + (" Not in these results: %s." % ", ".join(absent) if absent else ""),
    ]
    body = {
        "rates": [tables.to_markdown(rates_table(measured)).rstrip("\n")],
        "wins": [tables.to_markdown(wins_table).rstrip("\n")] + verdict,
        "bounds": [tables.to_markdown(bounds_table(measured)).rstrip("\n")],
    }
    return {name: outputs.generated_block(MARKERS, name, body[name]) for name in BLOCKS}


def update_guide(path, results_dir):
    """Rewrites the guide's blocks; the names of the blocks it has no markers for."""
    return outputs.replace_generated_blocks(MARKERS, blocks(results_dir), lambda name: path)
