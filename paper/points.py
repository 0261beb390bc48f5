"""The data points behind an experiment's figures, for comparing two results
directories: the median ``seconds`` of the rows of one piece per graph,
program, thread count and device.  Every figure draws (a function of) these
medians from the rows of its pieces, so points that agree give figures that
agree, without redrawing each plot's own y quantity."""

from paper.stats import Summary

KEY = ("piece", "graph", "algorithm", "threads", "device")


def _groups(results):
    groups = {}
    for r in results.rows:
        piece = r["piece"] + ("-p" + r["ranks"] if r.get("ranks") else "") + ("-g" + r["gpus"] if r.get("gpus") else "")
        groups.setdefault(piece, {}).setdefault(tuple(r[c] for c in KEY[1:]), []).append(r["seconds"])
    return groups


def medians(results):
    """{piece: {(graph, algorithm, threads, device): median seconds}}; a
    distributed program's rows count per rank count (piece ``scale-out-p4``),
    a multi-GPU program's per GPU count (piece ``multi-gpu-g2``)."""
    return {p: {k: Summary(v).median for k, v in g.items()} for p, g in _groups(results).items()}


def spreads(results):
    """{piece: {key: (max - min) / median of the point's trials}}: how far one
    run's own trials stray, from which ``paper.tolerances`` sets the point's tolerance."""
    out = {}
    for p, g in _groups(results).items():
        out[p] = {}
        for k, v in g.items():
            s = Summary(v)
            out[p][k] = (s.max - s.min) / s.median if s.median > 0 else 0.0
    return out


def label(key):
    graph, algorithm, threads, device = key
    return "%s %s %dt %s" % (graph, algorithm, threads, device)
