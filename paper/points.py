"""The data points behind an experiment's figures, for comparing two results
directories: the median ``seconds`` of one piece's rows per point.  Every
figure draws (a function of) these medians from the rows of its pieces, so
points that agree give figures that agree, without redrawing each plot's own
y quantity.

A ``Point`` is what was measured: graph, program, thread count, device, and
the GPU and rank counts.  It is the same point in two runs whatever piece
each filed it under: ``moved`` pairs the points of a piece one run names
differently (a piece renamed or split since), and ``refile`` files the
reference's points under the rerun's piece names."""

from collections import namedtuple

from paper.stats import Summary


class Point(namedtuple("Point", "graph algorithm threads device gpus ranks")):
    """``gpus``: the GPU count (None on a CPU alone); ``ranks``: the MPI world's size (None outside one)."""


def uses_gpu(device):
    return "gpu" in device


def point(row):
    """The Point a row measures. A GPU row without a ``gpus`` column ran on one
    GPU: the column came with the first program that uses more (hybrid_dfs's
    dobfs_mgpu), so a run from before it is the same point as one with gpus = 1."""
    if row.get("gpus"):
        gpus = row.count("gpus", "a GPU count that is not a whole number")
    else:
        gpus = 1 if uses_gpu(row["device"]) else None
    ranks = row.count("ranks", "a rank count that is not a whole number") if row.get("ranks") else None
    return Point(row["graph"], row["algorithm"], row["threads"], row["device"], gpus, ranks)


def _groups(results):
    groups = {}
    for r in results.rows:
        groups.setdefault(r["piece"], {}).setdefault(point(r), []).append(r["seconds"])
    return groups


def medians(results):
    """{piece: {Point: median seconds}}: a distributed program's rows count per
    rank count, a multi-GPU program's per GPU count (both in the Point)."""
    return {p: {k: Summary(v).median for k, v in g.items()} for p, g in _groups(results).items()}


def spreads(results):
    """{piece: {Point: (max - min) / median of the point's trials}}: how far one
    run's own trials stray, from which ``paper.tolerances`` sets the point's tolerance."""
    out = {}
    for p, g in _groups(results).items():
        out[p] = {}
        for k, v in g.items():
            s = Summary(v)
            out[p][k] = (s.max - s.min) / s.median if s.median > 0 else 0.0
    return out


def _pieces_of(per_piece):
    """{Point: [pieces that hold it]} of one run's {piece: {Point: value}}, pieces sorted."""
    out = {}
    for piece in sorted(per_piece):
        for k in per_piece[piece]:
            out.setdefault(k, []).append(piece)
    return out


def moved(reference, rerun):
    """{(reference piece, Point): rerun piece} for every point the rerun files under
    another piece. A point both runs file under the same piece stays there (one
    run may measure a point in several pieces: hybrid_dfs's fig3 and fig4 share
    the main graph); the others pair in piece order."""
    here = _pieces_of(rerun)
    out = {}
    for k, ref_pieces in _pieces_of(reference).items():
        new_pieces = here.get(k, [])
        ref_left = [p for p in ref_pieces if p not in new_pieces]
        new_left = [p for p in new_pieces if p not in ref_pieces]
        for ref_piece, new_piece in zip(ref_left, new_left):
            out[(ref_piece, k)] = new_piece
    return out


def refile(per_piece, moves):
    """``per_piece`` ({piece: {Point: value}}) with each moved point under its new piece."""
    out = {}
    for piece, values in per_piece.items():
        for k, v in values.items():
            out.setdefault(moves.get((piece, k), piece), {})[k] = v
    return out


def label(key):
    text = "%s %s %dt %s" % (key.graph, key.algorithm, key.threads, key.device)
    if key.gpus and key.gpus > 1:
        text += " %d GPUs" % key.gpus
    if key.ranks:
        text += " %d rank%s" % (key.ranks, "" if key.ranks == 1 else "s")
    return text
