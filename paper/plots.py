"""Figure builders the paper modules share: a value against a size or thread
count per algorithm, speedups over a baseline, stacked phase bars.  Each takes
the experiment's Results and a {name: style.Algo} table, draws the algorithms
that have rows and raises ResultsMissing when none has."""

from paper import measure, style
from paper.results import ResultsMissing
from paper.stats import Summary


def _finish(fig, ax, xs, ys, xlabel, ylabel, log_x, log_y):
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    lx = style.spans_decades(xs, 1.0) if log_x == "auto" else log_x
    ly = style.spans_decades(ys, 1.0) if log_y == "auto" else log_y
    style.log_axes(ax, x=lx, y=ly, values_x=xs)
    style.label_ticks(ax, xs)
    style.legend(ax)
    return fig


def lines(
    res,
    algos,
    x,
    value="seconds",
    xlabel="",
    ylabel="",
    title=None,
    log_x="auto",
    log_y="auto",
    per_algo=None,
    scale=1.0,
    what="",
    **filters
):
    """One line per algorithm: ``value`` (median, min..max bars) against ``x``.
    ``per_algo`` maps a name to extra filters (e.g. {"kruskal_omp": {"threads": 16}});
    ``scale`` multiplies values (e.g. 1e3 for ms)."""
    fig, ax = style.new_figure(title)
    xs, ys = [], []
    for name, algo in algos.items():
        f = dict(filters, algorithm=name, **(per_algo or {}).get(name, {}))
        pts = measure.series(res, x, value, **f)
        if not pts:
            continue
        pts = [(xv, Summary([v * scale for v in s.values])) for xv, s in pts]
        style.plot_series(ax, algo, pts)
        xs += [p[0] for p in pts]
        ys += [p[1].median for p in pts]
    if not xs:
        style.close(fig)
        raise ResultsMissing("%s: no rows for %s (%s)" % (res.experiment, what or title or value, ", ".join(algos)))
    return _finish(fig, ax, xs, ys, xlabel, ylabel, log_x, log_y)


def speedups(
    res,
    algos,
    baseline,
    x,
    xlabel="",
    title=None,
    log_x="auto",
    baseline_filters=None,
    per_algo=None,
    reference=None,
    **filters
):
    """Speedup of each algorithm over ``baseline`` against ``x``, with a line at 1
    and optional ``reference`` lines [(y, label)] (e.g. the paper's claimed speedup)."""
    fig, ax = style.new_figure(title)
    xs, ys = [], []
    for name, algo in algos.items():
        if name == baseline:
            continue
        f = dict(filters, **(per_algo or {}).get(name, {}))
        pts = measure.speedup_series(res, baseline, name, x=x, baseline_filters=baseline_filters, **f)
        if pts:
            style.plot_series(ax, algo, pts)
            xs += [p[0] for p in pts]
            ys += [p[1].median for p in pts]
    if not xs:
        style.close(fig)
        raise ResultsMissing(
            "%s: no speedups over %s (need both %s and another program at the same %s)"
            % (res.experiment, baseline, baseline, x)
        )
    ax.axhline(1.0, color="black", linewidth=0.8)
    for i, (y, label) in enumerate(reference or []):
        # In the legend, not written on the plot, where it would cover data.
        ax.axhline(y, color="#888888", linewidth=0.9, linestyle=("-.", ":", "--")[i % 3], label=label)
        ys.append(y)
    return _finish(
        fig,
        ax,
        xs,
        ys + [1.0],
        xlabel,
        "speedup over %s" % algos[baseline].label if baseline in algos else "speedup over " + baseline,
        log_x,
        "auto",
    )


def phase_bars(
    res, algos, phases, title=None, ylabel="seconds", phase_labels=None, total_label="total (seconds)", **filters
):
    """Stacked bars: per algorithm, the median of each phase column; the
    ``seconds`` column as a marker labelled ``total_label``: on top of the bars
    where the phases make up the timed seconds (untimed gaps show), inside them
    where the phases go beyond it (copies the timed seconds exclude: say so
    in the label)."""
    fig, ax = style.new_figure(title, size=(4.6, 2.8))
    names, bottoms = [], []
    colours = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3"]
    for name in algos:
        sub = res.where(algorithm=name, **filters)
        if not sub.rows:
            continue
        names.append(name)
    if not names:
        style.close(fig)
        raise ResultsMissing("%s: no rows for the phase breakdown (%s)" % (res.experiment, ", ".join(algos)))
    bottoms = [0.0] * len(names)
    for pi, ph in enumerate(phases):
        heights = []
        for name in names:
            vals = [r.num(ph) for r in res.where(algorithm=name, **filters).rows]
            vals = [v for v in vals if v is not None]
            heights.append(Summary(vals).median if vals else 0.0)
        if any(heights):
            ax.bar(
                range(len(names)),
                heights,
                bottom=bottoms,
                color=colours[pi % len(colours)],
                label=(phase_labels or {}).get(ph, ph),
                width=0.6,
            )
            bottoms = [b + h for b, h in zip(bottoms, heights)]
    totals = [measure.median_seconds(res, n, **dict(filters, algorithm=n)) for n in names]
    ax.scatter(range(len(names)), totals, marker="_", s=200, color="black", label=total_label, zorder=3)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels([algos[n].label for n in names], rotation=30, ha="right")
    ax.set_ylabel(ylabel)
    if max(totals) / max(min(t for t in totals if t > 0), 1e-12) > 30:
        ax.set_yscale("log")
        style.label_ticks(ax)
    style.legend(ax, fontsize=6)
    return fig


def bars(res, algos, value="seconds", group=None, title=None, ylabel="", scale=1.0, log_y="auto", **filters):
    """Grouped bars: median ``value`` (min..max bars) per algorithm, one group per
    distinct ``group`` column value (or a single group)."""
    fig, ax = style.new_figure(title)
    series, groups = {}, set()
    for name in algos:
        sub = res.where(algorithm=name, **filters)
        per = {}
        for r in sub.rows:
            v = r["seconds"] if value == "seconds" else r.num(value)
            if v is not None:
                per.setdefault(r[group] if group else "", []).append(v * scale)
        if per:
            series[name] = {g: Summary(vs) for g, vs in per.items()}
            groups |= set(per)
    if not series:
        style.close(fig)
        raise ResultsMissing("%s: no rows for %s (%s)" % (res.experiment, title or value, ", ".join(algos)))
    groups = sorted(groups)
    ys = [s.median for per in series.values() for s in per.values()]
    log = (log_y == "auto" and style.spans_decades(ys, 1.0)) or log_y is True
    positions = style.bar_groups(ax, groups, series, algos, ylabel, dots=log)
    if len(groups) == 1:
        # One group: each bar is labelled by its program on the x axis, and the group names the axis.
        names = list(positions)
        ax.set_xticks([positions[n][0] for n in names])
        ax.set_xticklabels([algos[n].label for n in names], rotation=30, ha="right")
        if groups[0] != "":
            ax.set_xlabel(str(groups[0]))
    if log:
        ax.set_yscale("log")
        style.label_ticks(ax)
    if len(groups) > 1:
        style.legend(ax, fontsize=6)
    else:
        style.legend_note(ax)
    return fig
