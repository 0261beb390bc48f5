"""Paper D: hybrid CPU/GPU level-synchronous traversal on RMAT ("hybrid DFS";
EXPERIMENTS.md, section D).  The paper calls it DFS; it is a level-synchronous
traversal in BFS order.  Metric: traversed edges per second (TEPS, column
``teps``: undirected edges in the traversed component / seconds, as Graph500),
mean over random roots; figures show the median over roots and trials with
min..max bars.

Figures after the paper: Fig. 3 (CPU methods vs threads), Fig. 4 (GPU, CPU+GPU
hybrid, best CPU), Fig. 5a (vary N at M = 8N), Fig. 5b (vary M at the main N),
Table 1 (sequential and random read bandwidth: rows whose algorithm starts with
``bw_``, e.g. ``bw_seq_cpu``, with the GB/s in column ``gbs``)."""

import os

from paper import measure, plots, style, tables
from paper.claims import Claim, Measured, at_least, at_most, conditions, share, within
from paper.module import Figure, Module, Table
from paper.results import ResultsMissing
from paper.stats import Summary

ALGOS = style.algorithms({
    "bgl_bfs": ("BGL BFS (1 thread)", "baseline"),
    "stack_omp": ("stack-based (Alg. 1)", "paper"),
    "read_omp": ("read-based (Alg. 2)", "paper"),
    "hybrid_omp": ("hybrid read+stack", "paper"),
    "read_gpu": ("GPU read-based", "paper"),
    "hybrid_cpu_gpu": ("CPU+GPU hybrid", "paper"),
    "dobfs_omp": ("direction-optimizing (CPU)", "beyond"),
    "dobfs_gpu": ("direction-optimizing (GPU)", "beyond"),
})
CPU_PAPER = ("stack_omp", "read_omp", "hybrid_omp")
CPU = CPU_PAPER + ("dobfs_omp",)
GPU = ("read_gpu", "hybrid_cpu_gpu", "dobfs_gpu")
BANDWIDTH = {"bw_seq_cpu": "CPU sequential read", "bw_rand_cpu": "CPU random read",
             "bw_seq_gpu": "GPU sequential read", "bw_rand_gpu": "GPU random read"}


def traversals(res):
    return res.where(pred=lambda r: not r["algorithm"].startswith("bw_"))


def main_graph(res):
    """(n, m) of the main graph: the one with the most (program, threads) pairs
    among the traversals (the thread sweep and Fig. 4 run there; the GPU-only
    programs record 1 thread, the CPU+GPU hybrid its CPU threads); ties go to
    a graph with M = 8N (the main graph is also on Fig. 5a's line), then the
    smallest M (Fig. 5b's sizes grow from it)."""
    trav = traversals(res)
    graphs = {(r["n"], r["m"]) for r in trav.rows}
    if not graphs:
        raise ResultsMissing("hybrid_dfs: no traversal rows")

    def key(g):
        pairs = {(r["algorithm"], r["threads"]) for r in trav.where(n=g[0], m=g[1]).rows}
        return (len(pairs), g[1] == 8 * g[0], -g[1])
    return max(graphs, key=key)


def max_threads(res, algo):
    return measure.largest(res, "threads", algorithm=algo)


def cpu_at_max_threads(res):
    return {a: {"threads": max_threads(res, a)} for a in CPU if res.where(algorithm=a).rows}


GPU_ONLY = ("read_gpu", "dobfs_gpu")


def main_graph_threads(res, algo):
    """The thread count whose rows stand for ``algo`` on the main graph: the most
    threads, except for the GPU-only programs, which record 1 thread (rows from
    before that convention recorded the CPU's thread count; they count only
    when no 1-thread rows exist)."""
    n, m = main_graph(res)
    if algo in GPU_ONLY and res.where(algorithm=algo, n=n, m=m, threads=1).rows:
        return 1
    return measure.largest(res, "threads", algorithm=algo, n=n, m=m)


def teps(res, algo, **f):
    return measure.median_of(res, "teps", what=algo, algorithm=algo, **f)


def _file(r):
    return os.path.basename(r["_file"])


# The main graph's reference piece: every program, 10 roots (the other pieces
# that include the main graph use 3). Re-run it whenever the code changes.
MAIN_PIECE = "fig4"


def _newest(res, names):
    """The fig4 file among ``names`` if there is one, else the newest (metadata date)."""
    meta_of = {name: meta for meta, name in zip(res.metas, res.files)}
    def rank(name):
        meta = meta_of.get(name, {})
        return (str(meta.get("tag", "")) == MAIN_PIECE, str(meta.get("date", "")), name)
    return max(names, key=rank)


def newest_file(res, algo, **f):
    """The result file with rows of algo under filters f that main-graph
    figures of merit come from (the fig4 file, else the newest), or None: one
    run of the latest code, not a median over runs of code that changed between
    them."""
    files = {_file(r) for r in res.where(algorithm=algo, **f).rows}
    if not files:
        return None
    return _newest(res, files)


def newest_run(res, algo, **f):
    name = newest_file(res, algo, **f)
    return res.where(algorithm=algo, pred=lambda r: _file(r) == name, **f)


def sweep_rows(res, n, m):
    """Rows of the CPU programs from the result files where a program ran at
    two or more thread counts (thread sweeps), so that a line is one run."""
    def swept(r):
        here = res.where(algorithm=r["algorithm"], n=n, m=m, pred=lambda x: _file(x) == _file(r))
        return len(here.values("threads")) >= 2
    return res.where(n=n, m=m, pred=swept)


def fig3_cpu_threads(res):
    n, m = main_graph(res)
    fig = plots.lines(sweep_rows(res, n, m), {a: ALGOS[a] for a in CPU}, "threads", "teps", scale=1e-9,
                      xlabel="threads", ylabel="GTEPS",
                      title="Fig. 3: CPU methods, N = %s, M = %s" % (measure.fmt_size(n), measure.fmt_size(m)),
                      n=n, m=m, log_x=True, log_y="auto")
    bgl = res.where(algorithm="bgl_bfs", n=n, m=m)
    if bgl.rows:
        ax = fig.axes[0]
        ax.axhline(teps(res, "bgl_bfs", n=n, m=m) * 1e-9, color=ALGOS["bgl_bfs"].colour, linestyle=":",
                   label=ALGOS["bgl_bfs"].label)
        style.legend(ax)
    return fig


def fig4_gpu(res):
    n, m = main_graph(res)
    per = cpu_at_max_threads(res)
    per.update({a: {"threads": main_graph_threads(res, a)} for a in GPU_ONLY if res.where(algorithm=a, n=n, m=m).rows})
    keep = {a: newest_file(res, a, n=n, m=m, **per.get(a, {})) for a in GPU + CPU}
    rows = res.where(n=n, m=m, algorithm=list(GPU) + list(CPU),
                     pred=lambda r: (r["algorithm"] not in per or r["threads"] == per[r["algorithm"]]["threads"])
                     and _file(r) == keep[r["algorithm"]])
    return plots.bars(rows, {a: ALGOS[a] for a in CPU + GPU}, "teps", scale=1e-9, ylabel="GTEPS",
                      title="Fig. 4: GPU, CPU+GPU and CPU (max threads)")


def fig5a_vary_n(res):
    per = cpu_at_max_threads(res)
    return plots.lines(traversals(res), {a: ALGOS[a] for a in CPU + GPU}, "n", "teps", scale=1e-9, per_algo=per,
                       xlabel="vertices N (M = 8N)", ylabel="GTEPS", title="Fig. 5a: effect of N",
                       log_x=True, log_y="auto", pred=lambda r: r["m"] == 8 * r["n"])


def fig5b_vary_m(res):
    n, _ = main_graph(res)
    per = cpu_at_max_threads(res)
    return plots.lines(traversals(res), {a: ALGOS[a] for a in CPU + GPU}, "m", "teps", scale=1e-9, per_algo=per,
                       xlabel="edges M (N = %s)" % measure.fmt_size(n), ylabel="GTEPS", title="Fig. 5b: effect of M",
                       log_x=True, log_y="auto", n=n)


def bandwidth(res, algo):
    return measure.median_of(res, "gbs", what=algo + " (bandwidth micro-benchmark)", algorithm=algo)


def table1_bandwidth(res):
    rows = []
    for algo, label in BANDWIDTH.items():
        if res.where(algorithm=algo).rows:
            rows.append([label, bandwidth(res, algo)])
    if not rows:
        raise ResultsMissing("hybrid_dfs: no bandwidth rows (%s)" % ", ".join(BANDWIDTH))
    for dev in ("cpu", "gpu"):
        s, r = "bw_seq_" + dev, "bw_rand_" + dev
        if res.where(algorithm=s).rows and res.where(algorithm=r).rows:
            rows.append(["%s sequential / random" % dev.upper(), bandwidth(res, s) / bandwidth(res, r)])
    return tables.TableData(["measurement", "GB/s (ratio)"], rows, caption="Table 1: read bandwidth of this machine")


def teps_table(res):
    """Every program on the main graph: median, mean and spread over roots x trials."""
    n, m = main_graph(res)
    rows = []
    for a, algo in ALGOS.items():
        for th in res.where(algorithm=a, n=n, m=m).values("threads"):
            sub = newest_run(res, a, n=n, m=m, threads=th)
            s = Summary(r.num("teps") for r in sub.rows)
            roots = len(set(sub.values("source")))
            rows.append([algo.label, th, s.median * 1e-9, s.mean * 1e-9, s.min * 1e-9, s.max * 1e-9, roots, s.count,
                         _file(sub.rows[0])])
    return tables.TableData(["program", "threads", "GTEPS median", "mean", "min", "max", "roots", "runs", "file"], rows,
                            caption="Throughput on the main graph N = %s, M = %s (runs = roots x trials; each row "
                            "from the newest result file that has it)" % (measure.fmt_size(n), measure.fmt_size(m)))


# --- claims -------------------------------------------------------------------

def _main_at_max(res, algo):
    """Median TEPS of algo on the main graph at its thread count, from the
    newest result file that has it."""
    n, m = main_graph(res)
    th = main_graph_threads(res, algo)
    return teps(newest_run(res, algo, n=n, m=m, threads=th), algo), th


def read_beats_stack(res):
    n, m = main_graph(res)
    threads = sorted(set(res.where(algorithm="read_omp", n=n, m=m).values("threads"))
                     & set(res.where(algorithm="stack_omp", n=n, m=m).values("threads")))
    if not threads:
        raise ResultsMissing("hybrid_dfs: read_omp and stack_omp at a common thread count")
    wins = [t for t in threads if teps(res, "read_omp", n=n, m=m, threads=t) > teps(res, "stack_omp", n=n, m=m, threads=t)]
    return Measured((len(wins), len(threads)), "read-based faster at %d of %d thread counts (%s)"
                    % (len(wins), len(threads), ", ".join(map(str, threads))))


def ratio_claim(algo, other, what):
    """The ratio from one result file holding both programs on the main graph
    (fig4, else the newest such file), else each program from its own file."""
    def measure_it(res):
        n, m = main_graph(res)
        ta, tb = main_graph_threads(res, algo), main_graph_threads(res, other)
        sa = res.where(algorithm=algo, n=n, m=m, threads=ta)
        sb = res.where(algorithm=other, n=n, m=m, threads=tb)
        both = {_file(r) for r in sa.rows} & {_file(r) for r in sb.rows}
        if both:
            f = _newest(res, both)
            a = teps(sa.where(pred=lambda r: _file(r) == f), algo)
            b = teps(sb.where(pred=lambda r: _file(r) == f), other)
            runs = "same run, " + f
        else:
            (a, _), (b, _) = _main_at_max(res, algo), _main_at_max(res, other)
            runs = "different runs"
        return Measured(a / b, "%s %.3g vs %s %.3g GTEPS (%.3gx; %s)" % (algo, a * 1e-9, other, b * 1e-9, a / b, runs))
    measure_it.__doc__ = what
    return measure_it


def gpu_beats_best_cpu(res):
    g, _ = _main_at_max(res, "read_gpu")
    best, name = max((_main_at_max(res, a)[0], a) for a in CPU_PAPER if res.where(algorithm=a).rows)
    return Measured(g / best, "GPU %.3g vs best CPU (%s) %.3g GTEPS: %.3gx" % (g * 1e-9, name, best * 1e-9, g / best))


def gpu_constant_cpu_drops(res):
    """Judged on the one run (result file) with read_gpu at the most N (M = 8N),
    so that code changes between runs do not enter the trend."""
    sweep = res.where(algorithm="read_gpu", pred=lambda r: r["m"] == 8 * r["n"])
    files = {os.path.basename(r["_file"]) for r in sweep.rows}
    if not files:
        raise ResultsMissing("hybrid_dfs: Fig. 5a needs read_gpu at M = 8N")
    best = max(sorted(files), key=lambda f: len(sweep.where(pred=lambda r: os.path.basename(r["_file"]) == f).values("n")))
    sub = res.where(pred=lambda r: r["m"] == 8 * r["n"] and os.path.basename(r["_file"]) == best)
    gpu = [(n, teps(sub, "read_gpu", n=n)) for n in sub.where(algorithm="read_gpu").values("n")]
    cpu_algo = "hybrid_omp"
    th = max_threads(res, cpu_algo)
    cpu = [(n, teps(sub, cpu_algo, n=n, threads=th)) for n in sub.where(algorithm=cpu_algo, threads=th).values("n")]
    if len(gpu) < 2 or len(cpu) < 2:
        raise ResultsMissing("hybrid_dfs: Fig. 5a needs read_gpu and hybrid_omp at two or more N with M = 8N")
    gv = [v for _, v in gpu]
    spread = max(gv) / min(gv)
    drop = cpu[-1][1] / cpu[0][1]
    return Measured({"GPU TEPS within 2x over N": spread <= 2.0, "CPU TEPS at the largest N below 0.8x the smallest": drop < 0.8},
                    "GPU max/min %.3g over N = %s..%s; CPU (hybrid, %d threads) largest/smallest N %.3g"
                    % (spread, measure.fmt_size(gpu[0][0]), measure.fmt_size(gpu[-1][0]), th, drop))


def gap_widens_with_m(res):
    """GPU (read_gpu) / CPU (hybrid_omp, most threads) TEPS per M at the main N,
    each ratio from one run (a result file holding both programs at that M), so
    that code changes between runs do not enter the ratio; files disagreeing
    at one M are combined by the median of their ratios."""
    n, _ = main_graph(res)
    sub = res.where(n=n)
    th = max_threads(res, "hybrid_omp")
    per_m = {}
    for f in {os.path.basename(r["_file"]) for r in sub.rows}:
        here = sub.where(pred=lambda r, f=f: os.path.basename(r["_file"]) == f)
        for m in set(here.where(algorithm="read_gpu").values("m")) & set(here.where(algorithm="hybrid_omp", threads=th).values("m")):
            per_m.setdefault(m, []).append(teps(here, "read_gpu", m=m) / teps(here, "hybrid_omp", m=m, threads=th))
    ms = sorted(per_m)
    if len(ms) < 2:
        raise ResultsMissing("hybrid_dfs: Fig. 5b needs read_gpu and hybrid_omp measured in one run at two or more M")
    gap = [Summary(per_m[m]).median for m in ms]
    widening = sum(1 for a, b in zip(gap, gap[1:]) if b > a)
    return Measured((widening, len(gap) - 1), "GPU/CPU TEPS ratio (each from one run) %s over M = %s..%s"
                    % (" → ".join("%.3g" % g for g in gap), measure.fmt_size(ms[0]), measure.fmt_size(ms[-1])))


def main_graph_teps(algo):
    def measure_it(res):
        v, th = _main_at_max(res, algo)
        n, m = main_graph(res)
        return Measured(v * 1e-9, "%s on N = %s, M = %s, %s thread%s: median %.3g GTEPS (%s)"
                        % (algo, measure.fmt_size(n), measure.fmt_size(m), th, "" if th == 1 else "s", v * 1e-9,
                           newest_file(res, algo, n=n, m=m, threads=th)))
    measure_it.__doc__ = "median GTEPS of %s on the main graph" % algo
    return measure_it


def fig5b_largest_wall(res):
    """Wall time of the command that ran Fig. 5b's largest admitted M at the
    main N (metadata ``wall_seconds``: the whole command, generation included)."""
    n, _ = main_graph(res)
    best = None
    for meta, name in zip(res.metas, res.files):
        ms = [r["m"] for r in res.rows if os.path.basename(r["_file"]) == name and r["n"] == n]
        if ms and "wall_seconds" in meta and (best is None or max(ms) > best[0]):
            best = (max(ms), float(meta["wall_seconds"]), name)
    if best is None or best[0] <= min(res.where(n=n).values("m")):
        raise ResultsMissing("hybrid_dfs: no Fig. 5b command (wall_seconds) with an M above the main graph's")
    m, wall, name = best
    return Measured(wall, "M = %s at N = %s: %.0f s for the whole command (%s)"
                    % (measure.fmt_size(m), measure.fmt_size(n), wall, name))


def random_vs_sequential(res):
    s, r = bandwidth(res, "bw_seq_cpu"), bandwidth(res, "bw_rand_cpu")
    return Measured(s / r, "CPU sequential %.3g GB/s, random %.3g GB/s: %.3gx" % (s, r, s / r))


MODULE = Module(
    experiment="hybrid_dfs", letter="D", title='Hybrid CPU/GPU level-synchronous traversal on RMAT ("hybrid DFS")',
    citation='Yu Ying, Li Kenli, "Parallel depth first search algorithm on multicore-CPU and GPU", Application Research '
             "of Computers 31(10), 2014 (after Hong, Oguntebi, Olukotun, PACT 2011).",
    original="SNAP RMAT graphs (a, b, c) = (0.45, 0.25, 0.15), main graph N = 32M, M = 256M; Fig. 5a N = 1M..64M at "
             "M = 8N; Fig. 5b M = 256M..2B at N = 32M. Stack-based (Alg. 1), read-based (Alg. 2) and hybrid "
             "read+stack CPU traversals, a GPU read-based traversal and a CPU+GPU hybrid; 10 random roots, TEPS. "
             "Despite the name the traversal is level-synchronous (BFS order), not depth-first.",
    ours="The same programs (edges treated as undirected), plus BGL `breadth_first_search`, direction-optimizing "
         "traversals on CPU and GPU, Graph500-style validation of every traversal, and TEPS counted as undirected "
         "edges in the traversed component. GPU time excludes the graph upload (column `upload_s`) and includes "
         "initialising the branch array and copying the levels back to the host, 4 bits per vertex plus the "
         "vertices deeper than 13 or found after the copy started with their exact levels (exact at any depth), "
         "the copy started on a second stream once the branches shrink. Main graph: 10 random roots in the "
         "giant component (Fig. 5a and 5b: 3).",
    figures=[
        Figure("fig3_cpu_threads", "Fig. 3: CPU methods vs threads (GTEPS)", fig3_cpu_threads),
        Figure("fig4_gpu", "Fig. 4: GPU, CPU+GPU hybrid and the CPU methods (GTEPS)", fig4_gpu),
        Figure("fig5a_vary_n", "Fig. 5a: throughput vs N at M = 8N", fig5a_vary_n),
        Figure("fig5b_vary_m", "Fig. 5b: throughput vs M", fig5b_vary_m),
    ],
    tables=[Table("table1_bandwidth", "Table 1: read bandwidth", table1_bandwidth),
            Table("teps", "Throughput on the main graph", teps_table)],
    claims=[
        Claim("D1", "Read-based beats stack-based on the CPU (bandwidth)", read_beats_stack,
              share(partly=0.5)),
        Claim("D2", "The hybrid slightly beats read-based", ratio_claim("hybrid_omp", "read_omp", "hybrid vs read"),
              within(1.0, 1.3, partly=(0.95, 2.0), unit="x")),
        Claim("D3", "The GPU beats the best CPU method", gpu_beats_best_cpu, at_least(1.0, partly=0.9, unit="x")),
        Claim("D4", "The CPU+GPU hybrid slightly beats the pure GPU",
              ratio_claim("hybrid_cpu_gpu", "read_gpu", "CPU+GPU vs GPU"), within(1.0, 1.3, partly=(0.95, 2.0), unit="x")),
        Claim("D5", "GPU throughput stays about constant as N grows while CPU throughput drops",
              gpu_constant_cpu_drops, conditions()),
        Claim("D6", "The GPU-CPU gap widens with more edges", gap_widens_with_m,
              share(partly=0.5)),
        Claim("D7", "Random read bandwidth is ~9x below sequential on CPUs", random_vs_sequential,
              within(9 / 1.5, 9 * 1.5, partly=(1.5, 100), unit="x")),
        # Issue 8's speed targets for this re-creation (not claims of the paper).
        Claim("D-T1", "Target: CPU read+stack hybrid at least 2 GTEPS on the main graph (16 threads)",
              main_graph_teps("hybrid_omp"), at_least(2.0, unit=" GTEPS")),
        Claim("D-T2", "Target: direction-optimizing CPU traversal at least 5 GTEPS on the main graph",
              main_graph_teps("dobfs_omp"), at_least(5.0, unit=" GTEPS")),
        Claim("D-T3", "Target: GPU read-based traversal at least 20 GTEPS on the main graph",
              main_graph_teps("read_gpu"), at_least(20.0, unit=" GTEPS")),
        Claim("D-T4", "Target: direction-optimizing GPU traversal at least 100 GTEPS on the main graph",
              main_graph_teps("dobfs_gpu"), at_least(100.0, unit=" GTEPS")),
        Claim("D-T5", "Target: Fig. 5b's largest admitted size completes within one 10-minute command, "
              "generation included", fig5b_largest_wall, at_most(600.0, unit=" s")),
    ],
)
