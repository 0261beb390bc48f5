"""Programs and graphs that ran in one of two runs only, and the reason the
other run gave.

A run records every program it skipped in its metadata's ``skipped_programs``
(common/harness/session.hpp): "PIECE PROGRAM: WHY" for a program left out of
a piece (no GPU, no OpenCL device, ...), "PIECE PROGRAM on GRAPH: WHY" for one
left out of one graph, joined by "; ".  A program is counted per device (the
paper's OpenCL program on the GPU and on a CPU device are two), as the rows
say it ran.

A graph is in one run only when the other ran none of its pieces (a rerun of
some pieces, a piece that ran out of time): a claim that counts over graphs
then counts over others, which is not the machines' doing either.

    find(reference, rerun)         [OneRun, OneRunGraph]: each program (on a device), then
                                   each graph, with rows in one run only
    without(results, once)         the results without the rows of those programs and graphs
    reason(results, program, g)    why the run skipped ``program`` (on graph g), or None
"""

import re

REFERENCE, RERUN = "reference", "rerun"
SKIP_LINE = re.compile(r"^(?P<piece>\S+) (?P<program>\S+)(?: on (?P<graph>\S+))?: (?P<why>.+)$")


def skips(results):
    """[(program, graph or None, why)] of every line of the runs' ``skipped_programs``."""
    out = []
    for meta in results.metas:
        for line in str(meta.get("skipped_programs") or "").split("; "):
            m = SKIP_LINE.match(line.strip())
            if m:
                out.append((m.group("program"), m.group("graph"), m.group("why")))
    return out


def reason(results, program, graph=None):
    """Why the runs skipped ``program``: with ``graph``, the lines about that graph,
    else those about whole pieces; without, every line about the program. The
    distinct reasons joined by "; ", or None when no line says."""
    mine = [(g, why) for p, g, why in skips(results) if p == program]
    if graph is not None:
        texts = [why for g, why in mine if g == graph] or [why for g, why in mine if g is None]
    else:
        texts = [why if g is None else "on %s: %s" % (g, why) for g, why in mine]
    return "; ".join(dict.fromkeys(texts)) or None


class OneRun:
    """``program`` on ``device`` has rows in the run ``side`` (REFERENCE or RERUN)
    only; ``why``: the reason the other run recorded for skipping it, or None."""

    def __init__(self, program, device, side, why):
        self.program, self.device, self.side, self.why = program, device, side, why

    def other(self):
        return "here" if self.side == REFERENCE else "in the reference"

    def text(self):
        where = "the reference" if self.side == REFERENCE else "this run"
        because = "skipped %s: %s" % (self.other(), self.why) if self.why else "no reason recorded %s" % self.other()
        return "%s on %s ran in %s only (%s)" % (self.program, self.device, where, because)

    def matches(self, row):
        return (row["algorithm"], row["device"]) == (self.program, self.device)

    def covers(self, point):
        """Whether the figure data point (``points.Point``) is of this program."""
        return (point.algorithm, point.device) == (self.program, self.device)


class OneRunGraph:
    """``graph`` has rows in the run ``side`` only; ``pieces``: the pieces that
    measured it there (the other run has none of its rows: ``why`` is None)."""

    why = None

    def __init__(self, graph, pieces, side):
        self.graph, self.pieces, self.side = graph, pieces, side

    def text(self):
        where, other = ("the reference", "here") if self.side == REFERENCE else ("this run", "in the reference")
        return "graph %s ran in %s only (piece %s, no rows of it %s)" % (
            self.graph,
            where,
            ", ".join(self.pieces),
            other,
        )

    def matches(self, row):
        return row["graph"] == self.graph

    def covers(self, point):
        return point.graph == self.graph


def _programs(results):
    return {(r["algorithm"], r["device"]) for r in results.rows}


def _graphs(results):
    """{graph: [the pieces that measured it]}."""
    out = {}
    for r in results.rows:
        if not r.get("graph"):
            continue
        pieces = out.setdefault(r["graph"], [])
        if r.get("piece") and r["piece"] not in pieces:
            pieces.append(r["piece"])
    return out


def find(reference, rerun):
    """[OneRun] of the programs with rows in one of the two Results only, then
    [OneRunGraph] of the graphs."""
    ref, new = _programs(reference), _programs(rerun)
    programs = [OneRun(p, d, REFERENCE, reason(rerun, p)) for p, d in sorted(ref - new)] + [
        OneRun(p, d, RERUN, reason(reference, p)) for p, d in sorted(new - ref)
    ]
    ref_graphs, new_graphs = _graphs(reference), _graphs(rerun)
    graphs = [OneRunGraph(g, ref_graphs[g], REFERENCE) for g in sorted(set(ref_graphs) - set(new_graphs))] + [
        OneRunGraph(g, new_graphs[g], RERUN) for g in sorted(set(new_graphs) - set(ref_graphs))
    ]
    return programs + graphs


def without(results, once):
    """``results`` without the rows of the programs and graphs in ``once``."""
    return results.where(pred=lambda r: not any(o.matches(r) for o in once))
