"""Tables as Markdown (for the report and the web) and as LaTeX booktabs
fragments (``\\input`` into a paper; needs ``\\usepackage{booktabs}``)."""

import os

from paper import outputs


class TableData:
    """A header, rows of cells (strings or numbers) and a caption. Numbers are
    formatted by ``fmt_cell``; ``align`` is one of l/r/c per column (default:
    first column left, others right)."""

    def __init__(self, header, rows, caption="", align=None):
        self.header = list(header)
        self.rows = [list(r) for r in rows]
        for i, r in enumerate(self.rows):
            if len(r) != len(self.header):
                raise ValueError("table row %d has %d cells, header has %d" % (i, len(r), len(self.header)))
        self.caption = caption
        self.align = align or ("l" + "r" * (len(self.header) - 1))


def fmt_cell(v):
    if v is None:
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v == 0:
            return "0"
        a = abs(v)
        if a >= 1e5 or a < 1e-3:
            return "%.3g" % v
        if a >= 100:
            return "%.0f" % v
        if a >= 10:
            return "%.1f" % v
        return "%.3g" % v
    return str(v)


def to_markdown(t):
    def esc(s):
        return fmt_cell(s).replace("|", "\\|").replace("\n", " ")

    sep = {"l": ":---", "r": "---:", "c": ":---:"}
    lines = ["| " + " | ".join(esc(h) for h in t.header) + " |", "| " + " | ".join(sep[a] for a in t.align) + " |"]
    lines += ["| " + " | ".join(esc(c) for c in r) + " |" for r in t.rows]
    return "\n".join(lines) + "\n"


_TEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "–": "--",
    "≥": r"$\geq$",
    "≤": r"$\leq$",
    "×": r"$\times$",
    "→": r"$\to$",
    "≈": r"$\approx$",
}


def tex_escape(s):
    return "".join(_TEX_SPECIAL.get(ch, ch) for ch in s)


def to_latex(t, label=None):
    lines = [
        r"\begin{tabular}{%s}" % t.align,
        r"\toprule",
        " & ".join(tex_escape(fmt_cell(h)) for h in t.header) + r" \\",
        r"\midrule",
    ]
    lines += [" & ".join(tex_escape(fmt_cell(c)) for c in r) + r" \\" for r in t.rows]
    lines += [r"\bottomrule", r"\end{tabular}"]
    head = "%% %s\n" % t.caption.replace("\n", " ") if t.caption else ""
    if label:
        head += "%% label: %s\n" % label
    return head + "\n".join(lines) + "\n"


def write_table(t, name, out_dir):
    """Writes ``<out_dir>/<name>.md`` (caption above the table) and ``.tex``; returns the paths."""
    os.makedirs(out_dir, exist_ok=True)
    md = os.path.join(out_dir, name + ".md")
    tex = os.path.join(out_dir, name + ".tex")
    outputs.write_atomic(md, ("**%s**\n\n" % t.caption if t.caption else "") + to_markdown(t))
    outputs.write_atomic(tex, to_latex(t, label="tab:" + name))
    return [md, tex]


def median_table(
    res, algos, x, xlabel, value="seconds", scale=1.0, unit="", per_algo=None, caption="", x_format=str, **filters
):
    """Rows: each ``x`` value; columns: each algorithm (label), cells: the median
    of ``value`` times ``scale`` (``–`` where not measured). Raises
    ResultsMissing when no algorithm has rows."""
    from paper import measure
    from paper.results import ResultsMissing

    cols, data = [], {}
    for name, algo in algos.items():
        pts = measure.series(res, x, value, **dict(filters, algorithm=name, **(per_algo or {}).get(name, {})))
        if pts:
            cols.append(name)
            data[name] = {xv: s.median * scale for xv, s in pts}
    if not cols:
        raise ResultsMissing("%s: no rows for the table %r" % (res.experiment, caption))
    xs = sorted({xv for d in data.values() for xv in d})
    header = [xlabel] + ["%s%s" % (algos[c].label, " (%s)" % unit if unit else "") for c in cols]
    rows = [[x_format(xv)] + [data[c].get(xv) for c in cols] for xv in xs]
    return TableData(header, rows, caption=caption)
