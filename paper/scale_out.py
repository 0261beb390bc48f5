"""Strong scaling of an experiment's distributed programs (MPI; rows of role
``scale-out``, world size in the CSV's ``ranks`` column) against the best
single-node program of the same experiment on the same graph
(docs/SCALE-OUT.md). An experiment may have several distributed engines for
its problem (hybrid_dfs: the Parallel BGL's and CombBLAS's BFS): the figure
draws each, the table lists each, and the claim takes the best of them.

One ``ScaleOut`` per experiment gives its module a figure (time vs ranks,
log-log, with the single-node best as a horizontal line), a table (P, median
seconds, speedup over P = 1, parallel efficiency, time over the single-node
best) and a claim, all computed from the rows:

    times(res)          {P: Summary of seconds}, each P from the newest run at that P
    single_node(res)    the fastest non-distributed program on the scale-out graph

The claim's rule (``wins_or_scales``): reproduced if a distributed program,
at its best P, is faster than the best single-node program; partly if one at
least scales (speedup over its own P = 1 of at least P/2 at some P >= 4: at
P = 2 that would be no slowdown at all, too little to call scaling); not
reproduced otherwise.  Missing rows: not run, with the reason.
"""

from paper import measure, select, style, tables
from paper.claims import NOT_REPRODUCED, PARTLY, REPRODUCED, Claim, Measured, Rule
from paper.module import Figure, Table
from paper.results import ResultsMissing
from paper.stats import Summary

ROLE = "scale-out"
DEVICE = "mpi"
# The conditions of the claim's value, in the rule's order.
WINS = "at its best P faster than the best single-node program"
SCALES = "speedup over P = 1 at least P/2 at some P ≥ 4"
SCALES_FROM = 4
SINGLE_NODE = style.Algo("best single node", "baseline")
IDEAL = style.Algo("ideal: t(1)/P", "baseline", 2)


def _rule():
    def judge(v):
        if v[WINS]:
            return REPRODUCED, "the distributed program beats the best single-node program"
        if v[SCALES]:
            return PARTLY, "it scales (%s) but never beats the best single-node program" % SCALES
        return NOT_REPRODUCED, "it neither beats the best single-node program nor reaches a speedup of P/2"

    return Rule(
        "reproduced if, at its best P, faster than the best single-node program on the same graph; "
        "partly if its speedup over P = 1 reaches P/2 at some P ≥ %d; otherwise not reproduced" % SCALES_FROM,
        judge,
    )


wins_or_scales = _rule()


def ranks_of(row):
    """The row's MPI world size (column ``ranks``)."""
    return row.count("ranks", "a scale-out row without a rank count", ResultsMissing)


class ScaleOut:
    """The scale-out items of one experiment.

    ``program``: the distributed program (its ``algorithm``), or a tuple of
    them (one engine each; the first is the one named where one is);
    ``label``: how it is named (a tuple beside a tuple); ``engine``: the
    library or libraries behind them, for the module's text; ``single_roles``: the roles whose rows on the same graph hold the
    single-node programs; ``labels``: the module's {algorithm: style.Algo}
    (for naming the single-node best); ``exclude``: rows that are not programs
    (e.g. micro-benchmarks); ``claim_id``, ``figure_name`` as in the module;
    ``unit_note``: what one row's seconds time (e.g. one traversal);
    ``problem``: the problem's short name (BFS, SSSP, MST); ``sequential``:
    the experiment's sequential BGL program; ``build_column``: the column
    that times building the distributed graph, if the rows have one;
    ``edge_word``: what the graph's m counts (edges, arcs)."""

    def __init__(
        self,
        experiment,
        program,
        label,
        single_roles,
        labels,
        claim_id,
        unit_note,
        problem,
        sequential,
        build_column=None,
        edge_word="edges",
        exclude=None,
        engine="Parallel BGL, MPI",
    ):
        programs = (program,) if isinstance(program, str) else tuple(program)
        names = (label,) if isinstance(label, str) else tuple(label)
        self.experiment, self.programs, self.program, self.engine = experiment, programs, programs[0], engine
        self.algos = {p: style.Algo(l, "beyond", k) for k, (p, l) in enumerate(zip(programs, names))}
        self.algo = self.algos[self.program]
        self.single_roles, self.labels, self.claim_id = tuple(single_roles), labels, claim_id
        self.unit_note, self.exclude = unit_note, exclude or (lambda r: False)
        self.problem, self.sequential = problem, sequential
        self.build_column, self.edge_word = build_column, edge_word

    def describe(self, graph_note):
        """A sentence for the module's "what the suite runs": the distributed
        program and which graph it runs on (``graph_note``)."""
        return (
            "Beyond one host: the distributed %s (%s) on %s, one rank per core at 1 to 16 "
            "ranks, against the best single-node program on the same graph (docs/SCALE-OUT.md)."
            % (self.names(), self.engine, graph_note)
        )

    def names(self):
        """ "`a`" or "`a` and `b`": the distributed programs."""
        return " and ".join("`%s`" % p for p in self.programs)

    # --- data ---------------------------------------------------------------
    def rows(self, res, program=None):
        """The scale-out rows of ``program``, or of every distributed program (None)."""
        wanted = self.programs if program is None else (program,)
        sub = select.role(res, ROLE).where(pred=lambda r: r["algorithm"] in wanted)
        if not sub.rows:
            raise ResultsMissing(
                "%s: no scale-out rows of %s (role %s; run the piece scale-out under mpirun)"
                % (self.experiment, " or ".join(wanted), ROLE)
            )
        return sub

    def present(self, res):
        """The distributed programs with rows on the scale-out graph, in order."""
        g = self.graph(res)
        sub = self.rows(res).where(generator=g[0], n=g[1], m=g[2])
        return [p for p in self.programs if sub.where(algorithm=p).rows]

    def graph(self, res):
        """(generator, n, m) of the scale-out graph: the one measured at the most
        rank counts (then the largest)."""
        sub = self.rows(res)
        graphs = {(r["generator"], r["n"], r["m"]) for r in sub.rows}
        return max(
            graphs,
            key=lambda g: (len({ranks_of(r) for r in sub.where(generator=g[0], n=g[1], m=g[2]).rows}), g[1], g[2]),
        )

    def rows_by_ranks(self, res, program=None):
        """(graph, {P: rows}) of ``program`` (default: the first): at each P the
        rows of the newest run at that P."""
        g = self.graph(res)
        sub = self.rows(res, program or self.program).where(generator=g[0], n=g[1], m=g[2])
        out = {}
        for _, run in select.by_run(sub):  # newest first
            for p in sorted({ranks_of(r) for r in run.rows}):
                if p not in out:
                    out[p] = [r for r in run.rows if ranks_of(r) == p]
        return g, dict(sorted(out.items()))

    def times(self, res, program=None):
        """(graph, {P: Summary of seconds}) of ``program`` (default: the first): at
        each P the trials of the newest run at that P."""
        g, by_p = self.rows_by_ranks(res, program)
        return g, {p: Summary(r["seconds"] for r in rows) for p, rows in by_p.items()}

    def single_node(self, res, g=None, pred=None):
        """(median seconds, algorithm, threads) of the fastest non-distributed
        program on the scale-out graph (among those ``pred(row)`` keeps), each
        (program, threads) from the newest run that has it."""
        g = g or self.graph(res)
        pool = select.role(res, *self.single_roles).where(
            generator=g[0],
            n=g[1],
            m=g[2],
            pred=lambda r: r["device"] != DEVICE and not self.exclude(r) and (pred is None or pred(r)),
        )
        best = None
        for a in pool.algorithms():
            for th in pool.where(algorithm=a).values("threads"):
                run = select.newest_run(pool.where(threads=th), a)
                t = measure.median_seconds(run, a, algorithm=a)
                if best is None or t < best[0]:
                    best = (t, a, th)
        if best is None:
            raise ResultsMissing(
                "%s: no single-node program (roles %s) on the scale-out graph %s n = %s, m = %s"
                % (self.experiment, ", ".join(self.single_roles), g[0], measure.fmt_size(g[1]), measure.fmt_size(g[2]))
            )
        return best

    def single_label(self, best, res):
        t, a, th = best
        name = self.labels[a].label if a in self.labels else a
        if not self.on_cpu_alone(a, res):
            return name  # a GPU program's threads column counts no CPU threads
        return "%s, %d thread%s" % (name, th, "" if th == 1 else "s")

    def on_cpu_alone(self, algorithm, res):
        """Whether the program runs on the CPU only (its rows say device cpu)."""
        devices = set(res.where(algorithm=algorithm).values("device"))
        return devices <= {"cpu"}

    def graph_text(self, g):
        return "%s n = %s, m = %s" % (g[0], measure.fmt_size(g[1]), measure.fmt_size(g[2]))

    # --- figure, table, claim --------------------------------------------------
    def draw(self, res):
        g = self.graph(res)
        fig, ax = style.new_figure("%s, %s" % (", ".join(self.present(res)), self.graph_text(g)))
        ys, ps = [], set()
        for program in self.present(res):
            _, ts = self.times(res, program)
            style.plot_series(ax, self.algos[program], list(ts.items()))
            ys += [s.median for s in ts.values()]
            ps |= set(ts)
            if 1 in ts:
                ideal = [(p, ts[1].median / p) for p in ts]
                ax.plot(
                    [p for p, _ in ideal],
                    [y for _, y in ideal],
                    color=IDEAL.colour,
                    linestyle=":",
                    linewidth=0.8,
                    label=IDEAL.label if len(self.programs) == 1 else "%s (%s)" % (IDEAL.label, program),
                )
                ys += [y for _, y in ideal]
        try:
            best = self.single_node(res, g)
            ax.axhline(
                best[0],
                color=SINGLE_NODE.colour,
                linestyle="--",
                linewidth=0.9,
                label="best single node: " + self.single_label(best, res),
            )
            ys.append(best[0])
        except ResultsMissing:
            pass  # the curves alone; the table and the claim say what is missing
        ps = sorted(ps)
        ax.set_xlabel("MPI ranks P")
        ax.set_ylabel("seconds")  # what they time: the table's caption (unit_note)
        style.log_axes(ax, x=True, y=True, values_x=ps)
        ax.set_xticks(ps)
        ax.set_xticklabels([str(p) for p in ps])
        style.legend(ax)
        return fig

    def table(self, res):
        g = self.graph(res)
        try:
            best = self.single_node(res, g)
            best_text = "best single-node program %s: %.4g s" % (self.single_label(best, res), best[0])
        except ResultsMissing as e:
            best, best_text = None, "no single-node program on this graph (%s)" % e
        several = len(self.programs) > 1  # a program column, then each program's rows
        rows = []
        for program in self.present(res):
            _, ts = self.times(res, program)
            t1 = ts[1].median if 1 in ts else None
            for p, s in ts.items():
                sp = t1 / s.median if t1 and s.median > 0 else None
                rows.append(
                    ([program] if several else [])
                    + [
                        p,
                        s.median,
                        s.count,
                        sp,
                        sp / p if sp is not None else None,
                        s.median / best[0] if best and best[0] > 0 else None,
                    ]
                )
        return tables.TableData(
            (["program"] if several else [])
            + ["ranks P", "median (s)", "trials", "speedup vs P = 1", "parallel efficiency", "time / single-node best"],
            rows,
            caption="%s on %s (seconds: %s); %s"
            % (", ".join(self.present(res)), self.graph_text(g), self.unit_note, best_text),
        )

    def measure_claim(self, res):
        g = self.graph(res)
        best = self.single_node(res, g)
        wins = scales = False
        parts = []
        for program in self.present(res):
            _, ts = self.times(res, program)
            p_best = min(ts, key=lambda p: ts[p].median)
            t1 = ts.get(1)
            wins = wins or ts[p_best].median < best[0]
            scales = scales or (
                t1 is not None
                and any(t1.median / s.median >= p / 2 for p, s in ts.items() if p >= SCALES_FROM and s.median > 0)
            )
            sp_text = ""
            if t1 is not None and len(ts) > 1:
                sp_text = "; speedup over P = 1: " + ", ".join(
                    "P=%d %.3gx" % (p, t1.median / s.median) for p, s in ts.items() if p > 1 and s.median > 0
                )
            elif t1 is None:
                sp_text = "; no P = 1 run, so no speedup"
            parts.append(
                "%s best at P = %d: %.4g s vs %s %.4g s (%.3gx)%s"
                % (
                    program,
                    p_best,
                    ts[p_best].median,
                    self.single_label(best, res),
                    best[0],
                    best[0] / ts[p_best].median,
                    sp_text,
                )
            )
        parts += ["%s: no scale-out rows" % p for p in self.programs if p not in self.present(res)]
        return Measured({WINS: wins, SCALES: scales}, "%s; %s" % ("; ".join(parts), self.graph_text(g)))

    def figure_item(self):
        return Figure(
            "scale_out",
            "Time vs MPI ranks of %s (log-log), with the best single-node program" % " and ".join(self.programs),
            self.draw,
        )

    def table_item(self):
        return Table(
            "scale_out", "%s: strong scaling and the single-node best" % " and ".join(self.programs), self.table
        )

    def target_item(self):
        return Claim(
            self.claim_id,
            "Target: where the distributed engine wins: %s (%s) beats the best "
            "single-node program on the same graph" % (" or ".join(self.programs), self.engine),
            self.measure_claim,
            wins_or_scales,
        )
