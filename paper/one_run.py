"""Programs that ran in one of two runs only, and the reason the other run gave.

A run records every program it skipped in its metadata's ``skipped_programs``
(common/harness/session.hpp): "PIECE PROGRAM: WHY" for a program left out of
a piece (no GPU, no OpenCL device, ...), "PIECE PROGRAM on GRAPH: WHY" for one
left out of one graph, joined by "; ".  A program is counted per device (the
paper's OpenCL program on the GPU and on a CPU device are two), as the rows
say it ran.

    find(reference, rerun)         [OneRun]: each program (on a device) with rows in one run only
    without(results, once)         the results without the rows of those programs
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


def _programs(results):
    return {(r["algorithm"], r["device"]) for r in results.rows}


def find(reference, rerun):
    """[OneRun] of the programs with rows in one of the two Results only."""
    ref, new = _programs(reference), _programs(rerun)
    return [OneRun(p, d, REFERENCE, reason(rerun, p)) for p, d in sorted(ref - new)] + [
        OneRun(p, d, RERUN, reason(reference, p)) for p, d in sorted(new - ref)
    ]


def without(results, once):
    """``results`` without the rows of the programs in ``once``."""
    return results.where(pred=lambda r: not any(o.matches(r) for o in once))
