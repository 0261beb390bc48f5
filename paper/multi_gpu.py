"""One traversal over several GPUs of one host: hybrid_dfs's piece
``multi-gpu`` (docs/SCALE-OUT.md, "Several GPUs of one host").

``dobfs_mgpu`` runs at G = 1, 2, 4, ... GPUs (column ``gpus``) on every graph
of the piece, and ``dobfs_gpu`` on one GPU in the same run, the line to beat.
Throughput is TEPS (column ``teps``), the median over roots and trials.  The
piece's graphs grow with the edges per GPU fixed: the graph of M = G x the
smallest M is the weak-scaling series' point at G GPUs (the targets'); the
piece ``multi-gpu-large`` adds the top of a larger series, its graph on all the
host's GPUs (dobfs_mgpu alone).

    graphs(res)              (generator, n, m) of the graphs with dobfs_mgpu rows, by size
    run_on(res, g, gpus)     the newest run with dobfs_mgpu (at ``gpus``) and dobfs_gpu on g
    weak_series(res, e)      (edges per GPU, {G: per-GPU TEPS}, {G: run}) along a series
    weak_series_drawn(res)   the targets' series, and the one that fills the GPUs

Figures: GTEPS vs GPUs per graph with dobfs_gpu as a dashed line, and the
weak-scaling series per GPU; a table per graph and G; the targets' measures.
Rows of dobfs_mgpu also carry the level loop's phases: ``compute_s`` (per
level the slowest GPU's compute, summed), ``comm_s`` (the exchanges),
``imbalance`` (per-level max over mean compute, summed over levels).
"""

import os

from paper import measure, scope, select, style, tables
from paper.claims import Measured
from paper.module import Figure, Table
from paper.results import ResultsMissing
from paper.stats import Summary

PROGRAM = "dobfs_mgpu"
ONE_GPU = "dobfs_gpu"
ABSENT = scope.MULTI_GPU.why


class GraphLine(style.Algo):
    """One graph's dobfs_mgpu line: the colours of the programs beyond the
    paper, drawn solid, so that its dobfs_gpu line (same colour) is the dashed one."""

    linestyle = "-"


def gpus_of(row):
    """The row's GPU count (column ``gpus``)."""
    return row.count("gpus", "a multi-GPU row without a GPU count")


def graph_text(g):
    return "N = %s, M = %s" % (measure.fmt_size(g[1]), measure.fmt_size(g[2]))


def on_graph(res, g):
    return res.where(generator=g[0], n=g[1], m=g[2])


def graphs(res):
    """(generator, n, m) of every graph with dobfs_mgpu rows, smallest M first."""
    found = {(r["generator"], r["n"], r["m"]) for r in res.where(algorithm=PROGRAM).rows}
    if not found:
        raise ResultsMissing("%s: no %s rows (%s)" % (res.experiment, PROGRAM, ABSENT))
    return sorted(found, key=lambda g: (g[2], g[1], g[0]))


def run_on(res, g, gpus=None, baseline=True):
    """The rows of both programs on graph g of the newest run that has
    dobfs_mgpu there (at ``gpus`` GPUs, where given) and, with ``baseline``,
    dobfs_gpu; ResultsMissing says which GPU counts the runs have instead."""
    pool = on_graph(res, g).where(algorithm=[PROGRAM, ONE_GPU])
    wanted = pool.where(pred=lambda r: r["algorithm"] == ONE_GPU or gpus is None or gpus_of(r) == gpus)
    try:
        return select.newest_run(wanted, PROGRAM, *([ONE_GPU] if baseline else []))
    except ResultsMissing:
        have = sorted({gpus_of(r) for r in pool.where(algorithm=PROGRAM).rows})
        one = "" if pool.where(algorithm=ONE_GPU).rows else "; no %s rows there" % ONE_GPU
        raise ResultsMissing(
            "%s: no run with %s%s beside %s on %s (%s ran at G = %s%s)"
            % (
                res.experiment,
                PROGRAM,
                "" if gpus is None else " at G = %d" % gpus,
                ONE_GPU,
                graph_text(g),
                PROGRAM,
                ", ".join(map(str, have)) or "none",
                one,
            )
        ) from None


def teps(rows):
    """Summary of the rows' TEPS."""
    vals = [r.num("teps") for r in rows.rows]
    vals = [v for v in vals if v is not None]
    if not vals:
        raise ResultsMissing("hybrid_dfs: column teps is empty for %s" % ", ".join(rows.algorithms()))
    return Summary(vals)


def by_gpus(run):
    """{G: dobfs_mgpu rows at G} of one run's rows, G ascending."""
    mg = run.where(algorithm=PROGRAM)
    return {g: mg.where(pred=lambda r, g=g: gpus_of(r) == g) for g in sorted({gpus_of(r) for r in mg.rows})}


def file_of(run):
    return os.path.basename(run.rows[0]["_file"])


def machine(res, run):
    """The run's GPUs in words, from its metadata (gpu_count, gpu_names)."""
    meta = res.run_meta(run.rows[0]["run_id"])
    count, names = meta.get("gpu_count"), meta.get("gpu_names")
    if isinstance(names, (list, tuple)):
        names = ", ".join(sorted(set(map(str, names))))
    if count and names:
        return "%s GPUs (%s)" % (count, names)
    return "%s GPUs" % count if count else "GPUs not recorded"


def weak_points(res, per_gpu):
    """{G: (Summary of dobfs_mgpu's TEPS per GPU, run)} along the series at
    ``per_gpu`` edges per GPU: at each G the graph of M = G x per_gpu, from the
    newest run with dobfs_mgpu at G there (the series may span pieces: its top
    graph has a piece of its own)."""
    pts = {}
    for g in graphs(res):
        if g[2] % per_gpu:
            continue
        gpus = g[2] // per_gpu
        try:
            run = run_on(res, g, gpus, baseline=False)
        except ResultsMissing:
            continue
        vals = [r.num("teps") / gpus for r in by_gpus(run)[gpus].rows if r.num("teps") is not None]
        if vals:
            pts[gpus] = (Summary(vals), run)
    return dict(sorted(pts.items()))


def weak_series(res, per_gpu=None):
    """(edges per GPU, {G: Summary of TEPS per GPU}, {G: its run}) of dobfs_mgpu
    along the weak-scaling series at ``per_gpu`` edges per GPU (default: the
    smallest graph's M, the series the targets name)."""
    per_gpu = per_gpu or graphs(res)[0][2]
    pts = weak_points(res, per_gpu)
    if not pts:
        raise ResultsMissing("%s: no weak-scaling point (M = G x %s)" % (res.experiment, measure.fmt_size(per_gpu)))
    return per_gpu, {g: s for g, (s, _) in pts.items()}, {g: run for g, (_, run) in pts.items()}


def weak_series_drawn(res):
    """The series the targets name and, where another reaches as many GPUs
    with more edges per GPU (a graph that fills the GPUs, multi-gpu-large),
    the largest such."""
    reach = {}  # edges per GPU -> the GPU counts of its points
    for r in res.where(algorithm=PROGRAM).rows:
        if r["m"] % gpus_of(r) == 0:
            reach.setdefault(r["m"] // gpus_of(r), set()).add(gpus_of(r))
    first = weak_series(res)
    top = max(first[1])
    fill = [e for e, gs in reach.items() if e > first[0] and top in gs and len(gs) >= 2]
    return [first] + ([weak_series(res, max(fill))] if fill else [])


# --- figures and table ---------------------------------------------------------


def draw_strong(res):
    """GTEPS vs GPUs per graph (dobfs_mgpu, solid) with dobfs_gpu's median on one
    GPU of the same run, where it ran, as a dashed line of the graph's colour."""
    fig, ax = style.new_figure()
    xs, ys, dashed = [], [], False
    for i, g in enumerate(graphs(res)):
        run = run_on(res, g, baseline=False)
        line = GraphLine(graph_text(g), "beyond", i)
        pts = [(n, Summary([v * 1e-9 for v in teps(rows).values])) for n, rows in by_gpus(run).items()]
        style.plot_series(ax, line, pts)
        xs += [p[0] for p in pts]
        ys += [p[1].median for p in pts]
        if run.where(algorithm=ONE_GPU).rows:
            one = teps(run.where(algorithm=ONE_GPU)).median * 1e-9
            ax.axhline(one, color=line.colour, linestyle="--", linewidth=0.9, label="%s: %s" % (ONE_GPU, graph_text(g)))
            ys.append(one)
            dashed = True
    ax.set_title("%s vs GPUs%s" % (PROGRAM, ", with %s on one GPU (dashed)" % ONE_GPU if dashed else ""))
    return finish(fig, ax, xs, ys, "GTEPS")


def draw_weak(res):
    """GTEPS per GPU vs G along each weak-scaling series, with dobfs_gpu on each
    series' G = 1 graph where a run has it (dashed)."""
    series = weak_series_drawn(res)
    fig, ax = style.new_figure("Weak scaling: %s edges per GPU" % ", ".join(measure.fmt_size(s[0]) for s in series))
    xs, ys = [], []
    for i, (per_gpu, pts, runs) in enumerate(series):
        line = GraphLine("%s, M = G x %s" % (PROGRAM, measure.fmt_size(per_gpu)), "beyond", i)
        points = [(g, Summary([v * 1e-9 for v in s.values])) for g, s in pts.items()]
        style.plot_series(ax, line, points)
        xs += list(pts)
        ys += [p.median for _, p in points]
        base = runs[min(runs)].where(algorithm=ONE_GPU, m=per_gpu)
        if min(runs) == 1 and base.rows:
            one = teps(base).median * 1e-9
            g1 = (base.rows[0]["generator"], base.rows[0]["n"], per_gpu)
            ax.axhline(
                one, color=line.colour, linestyle="--", linewidth=0.9, label="%s: %s" % (ONE_GPU, graph_text(g1))
            )
            ys.append(one)
    return finish(fig, ax, xs, ys, "GTEPS per GPU")


def finish(fig, ax, xs, ys, ylabel):
    ax.set_xlabel("GPUs G")
    ax.set_ylabel(ylabel)
    style.log_axes(ax, x=True, y=style.spans_decades(ys, 1.0), values_x=xs)
    gs = sorted(set(xs))
    ax.set_xticks(gs)
    ax.set_xticklabels([str(g) for g in gs])
    if ax.get_yscale() == "linear":
        ax.set_ylim(0, max(ys) * 1.1)  # room above the highest line, the dashed ones included
    style.label_ticks(ax)
    style.legend(ax)
    return fig


def share(rows, column):
    """Median over the rows of column / seconds, or None where no row has it."""
    vals = [r.num(column) / r["seconds"] for r in rows.rows if r.num(column) is not None and r["seconds"] > 0]
    return Summary(vals).median if vals else None


def median_column(rows, column):
    vals = [r.num(column) for r in rows.rows]
    vals = [v for v in vals if v is not None]
    return Summary(vals).median if vals else None


def table(res):
    rows, machines = [], set()
    for g in graphs(res):
        run = run_on(res, g, baseline=False)
        machines.add(machine(res, run))
        one = run.where(algorithm=ONE_GPU)
        base = teps(one).median if one.rows else None
        cases = ([(ONE_GPU, 1, one)] if one.rows else []) + [(PROGRAM, n, s) for n, s in by_gpus(run).items()]
        for program, n, sub in cases:
            t = teps(sub).median
            rows.append(
                [
                    sub.rows[0]["graph"],
                    program,
                    n,
                    Summary(r["seconds"] for r in sub.rows).median * 1e3,
                    t * 1e-9,
                    t * 1e-9 / n,
                    t / base if base else None,
                    share(sub, "compute_s"),
                    share(sub, "comm_s"),
                    median_column(sub, "imbalance"),
                ]
            )
    return tables.TableData(
        [
            "graph",
            "program",
            "GPUs",
            "median (ms)",
            "GTEPS",
            "GTEPS per GPU",
            "vs " + ONE_GPU,
            "compute",
            "comm",
            "imbalance",
        ],
        rows,
        caption="%s over G GPUs of one host (%s) and %s on one GPU of the same run: medians over roots x trials; "
        "vs %s: TEPS over %s's; compute, comm: the slowest GPU's compute and the NCCL exchanges, summed over "
        "levels, as shares of the time; imbalance: per-level max over mean compute, summed over levels"
        % (PROGRAM, "; ".join(sorted(machines)), ONE_GPU, ONE_GPU, ONE_GPU),
        align="llrrrrrrrr",
    )


# --- target measures ---------------------------------------------------------------


def speedup_over_one_gpu(gpus):
    """A target measure: dobfs_mgpu's TEPS at ``gpus`` GPUs over dobfs_gpu's in
    the same run, on the largest graph with dobfs_gpu rows (the claim's scope
    names it; multi-gpu-large has no one-GPU line)."""

    def measure_it(res):
        with_one = [g for g in graphs(res) if on_graph(res, g).where(algorithm=ONE_GPU).rows]
        g = (with_one or graphs(res))[-1]
        run = run_on(res, g, gpus)
        mg, one = teps(by_gpus(run)[gpus]).median, teps(run.where(algorithm=ONE_GPU)).median
        return Measured(
            mg / one,
            "%s at G = %d %.3g GTEPS vs %s %.3g GTEPS on %s: %.3gx (same run, %s)"
            % (PROGRAM, gpus, mg * 1e-9, ONE_GPU, one * 1e-9, graph_text(g), mg / one, file_of(run)),
        )

    measure_it.__doc__ = "speed-up of %s at G = %d over %s on one GPU" % (PROGRAM, gpus, ONE_GPU)
    measure_it.gpus = gpus  # the GPUs of one host it needs (paper.report says so where no run had them)
    return measure_it


def weak_efficiency(gpus):
    """A target measure: per-GPU TEPS at ``gpus`` GPUs along the weak-scaling
    series as a percentage of G = 1's, each point from the newest run that has it."""

    def measure_it(res):
        per_gpu, pts, runs = weak_series(res)
        missing = [g for g in (1, gpus) if g not in pts]
        if missing:
            ran = sorted({gpus_of(r) for r in res.where(algorithm=PROGRAM).rows})
            raise ResultsMissing(
                "hybrid_dfs: the weak-scaling series (%s edges per GPU) has no point at G = %s (%s ran at G = %s)"
                % (measure.fmt_size(per_gpu), ", ".join(map(str, missing)), PROGRAM, ", ".join(map(str, ran)))
            )
        a, b = pts[1].median, pts[gpus].median
        return Measured(
            100.0 * b / a,
            "%s per GPU: %.3g GTEPS at G = %d (M = %s), %.3g GTEPS at G = 1 (M = %s): %.3g%% (%s)"
            % (
                PROGRAM,
                b * 1e-9,
                gpus,
                measure.fmt_size(gpus * per_gpu),
                a * 1e-9,
                measure.fmt_size(per_gpu),
                100.0 * b / a,
                ", ".join(sorted({file_of(runs[g]) for g in (1, gpus)})),
            ),
        )

    measure_it.__doc__ = "per-GPU TEPS at G = %d along the weak-scaling series, %% of G = 1" % gpus
    measure_it.gpus = gpus
    return measure_it


FIGURES = [
    Figure("multi_gpu", "One traversal over several GPUs of one host: GTEPS vs GPUs per graph", draw_strong),
    Figure("multi_gpu_weak", "Weak scaling over GPUs: GTEPS per GPU at fixed edges per GPU", draw_weak),
]
TABLES = [Table("multi_gpu", "Several GPUs of one host: time, throughput and the level loop's phases", table)]
