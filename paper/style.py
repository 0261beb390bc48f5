"""The one look of every figure: fonts, one colour family per kind of program,
log axes where sizes span decades, error bars from the trials, PDF + PNG output.

Families: ``baseline`` (library baselines such as BGL: greys), ``paper`` (the
paper's own programs: blues), ``beyond`` (programs added beyond the paper:
oranges/reds/greens).  A module names each algorithm's label and family in an
``Algo`` table; colours and markers follow from the family and the position.
"""

import os

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter, NullLocator  # noqa: E402

FAMILY_COLOURS = {
    "baseline": ["#333333", "#7f7f7f", "#b0b0b0"],
    "paper": ["#1f4e9c", "#3a8fd1", "#6baed6", "#08306b", "#4292c6"],
    "beyond": ["#d95f02", "#c51b7d", "#1b9e77", "#e6ab02", "#7570b3", "#a6761d"],
}
FAMILY_LINES = {"baseline": ":", "paper": "-", "beyond": "--"}
FAMILY_NAMES = {"baseline": "library baseline", "paper": "the paper's programs", "beyond": "beyond the paper"}
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]

RC = {
    "font.family": "DejaVu Sans",
    "font.size": 8,
    "axes.titlesize": 9,
    "axes.labelsize": 8,
    "legend.fontsize": 7,
    "xtick.labelsize": 7,
    "ytick.labelsize": 7,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "grid.linewidth": 0.5,
    "lines.linewidth": 1.2,
    "lines.markersize": 4,
    "errorbar.capsize": 2,
    "savefig.dpi": 150,
    "savefig.bbox": "tight",
    "pdf.fonttype": 42,  # TrueType in PDFs: editable text, accepted by publishers
    "figure.figsize": (4.0, 2.8),
}


class Algo:
    """How one algorithm appears: its label, family and position within the family."""

    def __init__(self, label, family, index=0):
        if family not in FAMILY_COLOURS:
            raise ValueError("unknown family %r (baseline, paper, beyond)" % family)
        self.label, self.family, self.index = label, family, index

    @property
    def colour(self):
        c = FAMILY_COLOURS[self.family]
        return c[self.index % len(c)]

    @property
    def linestyle(self):
        return FAMILY_LINES[self.family]

    @property
    def marker(self):
        return MARKERS[self.index % len(MARKERS)]


def algorithms(table):
    """Builds {name: Algo} from {name: (label, family)}, numbering within families."""
    counters, out = {}, {}
    for name, (label, family) in table.items():
        out[name] = Algo(label, family, counters.get(family, 0))
        counters[family] = counters.get(family, 0) + 1
    return out


def new_figure(title=None, size=None):
    plt.rcParams.update(RC)
    fig, ax = plt.subplots(figsize=size or RC["figure.figsize"])
    if title:
        ax.set_title(title)
    return fig, ax


def log_axes(ax, x=True, y=True, values_x=None):
    """Log scales; base 2 on x when the x values are powers of two."""
    if x:
        if values_x and all(v > 0 and (int(v) & (int(v) - 1)) == 0 and v == int(v) for v in values_x):
            ax.set_xscale("log", base=2)
        else:
            ax.set_xscale("log")
    if y:
        ax.set_yscale("log")
        ax.yaxis.set_minor_locator(LogLocator(subs="auto"))
        ax.yaxis.set_minor_formatter(NullFormatter())


def fmt_tick(v):
    """A tick label: 2^k for powers of two from 1024 on, else 1.5M style."""
    v = float(v)
    if v == int(v) and v >= 1024 and (int(v) & (int(v) - 1)) == 0:
        return "$2^{%d}$" % (int(v).bit_length() - 1)
    for unit, div in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if v >= div:
            return "%g%s" % (v / div, unit)
    return "%g" % v


# A log axis with at most this many distinct x values gets one labelled tick per value.
MAX_VALUE_TICKS = 12


def label_ticks(ax, xs=None):
    """Labelled ticks on every log axis: a tick per x value where there are few,
    and on a y axis spanning under two decades, ticks at 1, 2 and 5 of each
    decade (a single decade would otherwise show one label or none)."""
    if ax.get_xscale() == "log" and xs:
        values = sorted(set(xs))
        if len(values) <= MAX_VALUE_TICKS:
            ax.set_xticks(values)
            ax.set_xticklabels([fmt_tick(v) for v in values])
            ax.xaxis.set_minor_locator(NullLocator())
    if ax.get_yscale() == "log":
        lo, hi = ax.get_ylim()
        if lo > 0 and hi / lo < 100:
            ax.yaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%g" % v))
            ax.yaxis.set_minor_formatter(NullFormatter())


def spans_decades(values, decades=1.5):
    values = [v for v in values if v and v > 0]
    return bool(values) and max(values) / min(values) >= 10**decades


def plot_series(ax, algo, points, label=None, spread="minmax"):
    """Draws one algorithm: ``points`` is a list of (x, Summary); the line goes
    through the medians, error bars span min..max (``spread='minmax'``) or the
    quartiles (``'quartiles'``)."""
    if not points:
        return
    xs = [p[0] for p in points]
    med = [p[1].median for p in points]
    if spread == "quartiles":
        lo = [p[1].median - p[1].q1 for p in points]
        hi = [p[1].q3 - p[1].median for p in points]
    else:
        lo = [p[1].median - p[1].min for p in points]
        hi = [p[1].max - p[1].median for p in points]
    if any(lo) or any(hi):
        ax.gs_spread = spread
    ax.errorbar(
        xs,
        med,
        yerr=[lo, hi],
        label=label or algo.label,
        color=algo.colour,
        linestyle=algo.linestyle,
        marker=algo.marker,
        markerfacecolor="white" if algo.family == "beyond" else algo.colour,
    )


def bar_groups(ax, groups, series, algos, value_label=None, dots=False):
    """Grouped bars: ``groups`` are x categories, ``series`` maps an algorithm
    name to {group: Summary}; bars at the median with min..max error bars
    (``dots``: a marker at the median instead of a bar, for a log axis, where a
    bar's length means nothing). Returns {name: [x of its bars]}."""
    names = [a for a in series if series[a]]
    width = 0.8 / max(1, len(names))
    positions = {}
    for i, name in enumerate(names):
        algo = algos[name]
        xs, med, lo, hi = [], [], [], []
        for g, group in enumerate(groups):
            s = series[name].get(group)
            if s is None:
                continue
            xs.append(g - 0.4 + width * (i + 0.5))
            med.append(s.median)
            lo.append(s.median - s.min)
            hi.append(s.max - s.median)
        positions[name] = xs
        if any(lo) or any(hi):
            ax.gs_spread = "minmax"
        if dots:
            ax.errorbar(
                xs,
                med,
                yerr=[lo, hi],
                color=algo.colour,
                label=algo.label,
                marker=algo.marker,
                linestyle="none",
                markerfacecolor="white" if algo.family == "beyond" else algo.colour,
            )
            continue
        ax.bar(
            xs,
            med,
            width=width * 0.9,
            yerr=[lo, hi],
            color=algo.colour,
            label=algo.label,
            hatch="//" if algo.family == "beyond" else None,
            edgecolor="white" if algo.family != "beyond" else algo.colour,
            error_kw={"elinewidth": 0.8, "capsize": 2},
        )
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels([str(g) for g in groups])
    if value_label:
        ax.set_ylabel(value_label)
    return positions


SPREAD_NOTES = {"minmax": "error bars: min..max\nof the trials", "quartiles": "error bars: quartiles\nof the trials"}


def legend(ax, **kw):
    """The legend outside the axes, on the right, so that it never covers data;
    below it, what the error bars are when the figure has any."""
    kw.pop("loc", None)
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, **kw)
    legend_note(ax)


def legend_note(ax):
    """What the error bars are, at the lower right outside the axes (figures without a legend too)."""
    spread = getattr(ax, "gs_spread", None)
    if spread and not getattr(ax, "gs_noted", False):
        ax.gs_noted = True
        ax.annotate(
            SPREAD_NOTES[spread],
            (1.02, 0.0),
            xycoords="axes fraction",
            fontsize=6,
            color="#555555",
            va="bottom",
        )


def save_figure(fig, name, out_dir):
    """Writes ``<out_dir>/<name>.pdf`` and ``.png`` atomically; returns the two paths."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for ext in ("pdf", "png"):
        path = os.path.join(out_dir, "%s.%s" % (name, ext))
        tmp = path + ".partial"
        # No creation date: redrawing the same results gives the same bytes (no churn in git).
        meta = {"CreationDate": None} if ext == "pdf" else {"Software": None}
        fig.savefig(tmp, format=ext, metadata=meta)
        os.replace(tmp, path)
        paths.append(path)
    plt.close(fig)
    return paths


def close(fig):
    plt.close(fig)
