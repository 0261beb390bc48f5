"""The data points behind an experiment's figures, for comparing two results
directories: the median ``seconds`` of the rows of one piece per graph,
program, thread count and device.  Every figure draws (a function of) these
medians from the rows of its pieces, so points that agree give figures that
agree, without redrawing each plot's own y quantity."""

from paper.stats import Summary

KEY = ("piece", "graph", "algorithm", "threads", "device")


def medians(results):
    """{piece: {(graph, algorithm, threads, device): median seconds}}; a
    distributed program's rows count per rank count (piece ``scale-out-p4``)."""
    groups = {}
    for r in results.rows:
        piece = r["piece"] + ("-p" + r["ranks"] if r.get("ranks") else "")
        groups.setdefault(piece, {}).setdefault(tuple(r[c] for c in KEY[1:]), []).append(r["seconds"])
    return {p: {k: Summary(v).median for k, v in g.items()} for p, g in groups.items()}


def label(key):
    graph, algorithm, threads, device = key
    return "%s %s %dt %s" % (graph, algorithm, threads, device)
