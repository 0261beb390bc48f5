"""Paper D: hybrid CPU/GPU level-synchronous traversal on RMAT ("hybrid DFS";
docs/PROTOCOL.md, section D).  The paper calls it DFS; it is a level-synchronous
traversal in BFS order.  Metric: traversed edges per second (TEPS, column
``teps``: undirected edges in the traversed component / seconds, as Graph500),
mean over random roots; figures show the median over roots and trials with
min..max bars.

Figures after the paper: Fig. 3 (CPU methods vs threads), Fig. 4 (GPU, CPU+GPU
hybrid, best CPU), Fig. 5a (vary N at M = 8N), Fig. 5b (vary M at the main N),
Table 1 (sequential and random read bandwidth: rows whose algorithm starts with
``bw_``, e.g. ``bw_seq_cpu``, with the GB/s in column ``gbs``)."""

import os

from paper import measure, multi_gpu, plots, programs, scale_out, select, style, tables
from paper.claims import Check, Claim, Measured, about, at_least, at_most, conditions, share, within
from paper.module import Figure, Module, Table
from paper.results import Results, ResultsMissing
from paper.stats import Summary

# The programs as the executable registers them (paper/programs.json): names, labels, families.
ALGOS = programs.algorithms("hybrid_dfs")
CPU_PAPER = ("stack_omp", "read_omp", "hybrid_omp")
CPU = CPU_PAPER + ("dobfs_omp",)
GPU = ("read_gpu", "hybrid_cpu_gpu", "dobfs_gpu")
BANDWIDTH = {
    "bw_seq_cpu": "CPU sequential read",
    "bw_rand_cpu": "CPU random read",
    "bw_seq_gpu": "GPU sequential read",
    "bw_rand_gpu": "GPU random read",
}


def traversals(res):
    return res.where(pred=lambda r: not r["algorithm"].startswith("bw_"))


def main_graph(res):
    """(n, m) of the main graph: the graph of the traversal rows of role main
    (the newest main run's when runs disagree)."""
    main = traversals(select.role(res, "main"))
    if not main.rows:
        raise ResultsMissing("hybrid_dfs: no traversal rows of role main (the main graph)")
    run = main.where(run_id=select.runs(main)[0])
    return max({(r["n"], r["m"]) for r in run.rows}, key=lambda g: (len(run.where(n=g[0], m=g[1]).rows), g))


def main_graph_threads(res, algo):
    """The thread count whose rows stand for ``algo`` on the main graph: its most
    threads there (the GPU-only programs record 1, the CPU+GPU hybrid its CPU threads)."""
    n, m = main_graph(res)
    per = select.most_threads(res, [algo], n=n, m=m)
    if not per:
        raise ResultsMissing("hybrid_dfs: no rows for %s on the main graph" % algo)
    return per[algo]["threads"]


def teps(res, algo, **f):
    return measure.median_of(res, "teps", what=algo, algorithm=algo, **f)


def _file(r):
    return os.path.basename(r["_file"])


# The main graph's figures of merit: the main run (every program, the most
# roots), else the thread sweep for the thread counts only it measured.
MAIN_GRAPH_ROLES = ("main", "thread-sweep")


def main_graph_run(res, *algos, **f):
    """Rows on the main graph (under f) of one run that has every one of algos:
    the newest of role main, else of the thread sweep."""
    n, m = main_graph(res)
    return select.first_role(res, MAIN_GRAPH_ROLES, *algos, n=n, m=m, **f)


def fig3_cpu_threads(res):
    n, m = main_graph(res)
    sweep = select.role(res, "thread-sweep")
    fig = plots.lines(
        sweep,
        {a: ALGOS[a] for a in CPU},
        "threads",
        "teps",
        scale=1e-9,
        xlabel="threads",
        ylabel="GTEPS",
        title="Fig. 3: CPU methods, N = %s, M = %s" % (measure.fmt_size(n), measure.fmt_size(m)),
        n=n,
        m=m,
        log_x=True,
        log_y="auto",
    )
    bgl = sweep.where(algorithm="bgl_bfs", n=n, m=m)
    if bgl.rows:
        ax = fig.axes[0]
        ax.axhline(
            teps(bgl, "bgl_bfs") * 1e-9, color=ALGOS["bgl_bfs"].colour, linestyle=":", label=ALGOS["bgl_bfs"].label
        )
        style.legend(ax)
    return fig


def fig4_gpu(res):
    """Every program on the main graph at its most threads, each from one run
    (the main run, else the thread sweep for the CPU programs only it has)."""
    n, m = main_graph(res)
    on_main = select.role(res, *MAIN_GRAPH_ROLES).where(n=n, m=m)
    rows = []
    for a in GPU + CPU:
        if on_main.where(algorithm=a).rows:
            th = main_graph_threads(res, a)
            rows += main_graph_run(res, a, threads=th).where(algorithm=a).rows
    rows = Results(res.experiment, rows, res.metas, res.files)
    # The title names the devices drawn, and only those (a machine without a GPU draws the CPU alone).
    devices = [label for dev, label in FIG4_DEVICES if rows.where(device=dev).rows]
    drawn = " and ".join([", ".join(devices[:-1]), devices[-1]] if len(devices) > 1 else devices)
    return plots.bars(
        rows,
        {a: ALGOS[a] for a in CPU + GPU},
        "teps",
        scale=1e-9,
        ylabel="GTEPS",
        title="Fig. 4: %s (max threads)" % drawn,
    )


FIG4_DEVICES = (("gpu", "GPU"), ("cpu+gpu", "CPU+GPU"), ("cpu", "CPU"))


def size_sweep(res):
    """Figs. 5a and 5b: the size sweeps, each CPU program at its most threads."""
    return select.at_most_threads(traversals(select.role(res, "size-sweep")), CPU)


def fig5a_vary_n(res):
    return plots.lines(
        size_sweep(res),
        {a: ALGOS[a] for a in CPU + GPU},
        "n",
        "teps",
        scale=1e-9,
        xlabel="vertices N (M = 8N)",
        ylabel="GTEPS",
        title="Fig. 5a: effect of N",
        log_x=True,
        log_y="auto",
        pred=lambda r: r["m"] == 8 * r["n"],
    )


def fig5b_vary_m(res):
    n, _ = main_graph(res)
    return plots.lines(
        size_sweep(res),
        {a: ALGOS[a] for a in CPU + GPU},
        "m",
        "teps",
        scale=1e-9,
        xlabel="edges M (N = %s)" % measure.fmt_size(n),
        ylabel="GTEPS",
        title="Fig. 5b: effect of M",
        log_x=True,
        log_y="auto",
        n=n,
    )


def bandwidth(res, algo):
    return measure.median_of(
        select.role(res, "main"), "gbs", what=algo + " (bandwidth micro-benchmark)", algorithm=algo
    )


def table1_bandwidth(res):
    rows = []
    for algo, label in BANDWIDTH.items():
        if select.role(res, "main").where(algorithm=algo).rows:
            rows.append([label, bandwidth(res, algo)])
    if not rows:
        raise ResultsMissing("hybrid_dfs: no bandwidth rows of role main (%s)" % ", ".join(BANDWIDTH))
    for dev in ("cpu", "gpu"):
        s, r = "bw_seq_" + dev, "bw_rand_" + dev
        if res.where(algorithm=s).rows and res.where(algorithm=r).rows:
            rows.append(["%s sequential / random" % dev.upper(), bandwidth(res, s) / bandwidth(res, r)])
    return tables.TableData(["measurement", "GB/s (ratio)"], rows, caption="Table 1: read bandwidth of this machine")


def teps_table(res):
    """Every program on the main graph at every thread count measured there:
    median, mean and spread over roots x trials, from one run each."""
    n, m = main_graph(res)
    rows = []
    on_main = select.role(res, *MAIN_GRAPH_ROLES).where(n=n, m=m)
    for a, algo in ALGOS.items():
        for th in on_main.where(algorithm=a).values("threads"):
            sub = main_graph_run(res, a, threads=th).where(algorithm=a)
            s = Summary(r.num("teps") for r in sub.rows)
            roots = len(set(sub.values("source")))
            rows.append(
                [
                    algo.label,
                    th,
                    s.median * 1e-9,
                    s.mean * 1e-9,
                    s.min * 1e-9,
                    s.max * 1e-9,
                    roots,
                    s.count,
                    _file(sub.rows[0]),
                ]
            )
    return tables.TableData(
        ["program", "threads", "GTEPS median", "mean", "min", "max", "roots", "runs", "file"],
        rows,
        caption="Throughput on the main graph N = %s, M = %s (runs = roots x trials; each row "
        "from one run: the main run, else the thread sweep)" % (measure.fmt_size(n), measure.fmt_size(m)),
    )


# --- claims -------------------------------------------------------------------


def _main_at_max(res, algo):
    """(median TEPS, threads, file) of algo on the main graph at its most threads, from one run."""
    th = main_graph_threads(res, algo)
    sub = main_graph_run(res, algo, threads=th)
    return teps(sub, algo), th, _file(sub.where(algorithm=algo).rows[0])


def read_beats_stack(res):
    n, m = main_graph(res)
    sub = select.newest_run(select.role(res, "thread-sweep"), "read_omp", "stack_omp", n=n, m=m)
    threads = sorted(
        set(sub.where(algorithm="read_omp").values("threads")) & set(sub.where(algorithm="stack_omp").values("threads"))
    )
    if not threads:
        raise ResultsMissing("hybrid_dfs: read_omp and stack_omp at a common thread count")
    wins = [t for t in threads if teps(sub, "read_omp", threads=t) > teps(sub, "stack_omp", threads=t)]
    return Measured(
        (len(wins), len(threads)),
        "read-based faster at %d of %d thread counts (%s)" % (len(wins), len(threads), ", ".join(map(str, threads))),
    )


def ratio_claim(algo, other, what):
    """The ratio from one run holding both programs on the main graph at their
    most threads (the main run, else the thread sweep), else each from its own run."""

    def measure_it(res):
        n, m = main_graph(res)
        ta, tb = main_graph_threads(res, algo), main_graph_threads(res, other)
        pool = res.where(pred=lambda r: (r["algorithm"], r["threads"]) in ((algo, ta), (other, tb)))
        try:
            sub = select.first_role(pool, MAIN_GRAPH_ROLES, algo, other, n=n, m=m)
            a, b = teps(sub, algo, threads=ta), teps(sub, other, threads=tb)
            runs = "same run, " + _file(sub.rows[0])
        except ResultsMissing:
            (a, _, _), (b, _, _) = _main_at_max(res, algo), _main_at_max(res, other)
            runs = "different runs"
        return Measured(a / b, "%s %.3g vs %s %.3g GTEPS (%.3gx; %s)" % (algo, a * 1e-9, other, b * 1e-9, a / b, runs))

    measure_it.__doc__ = what
    return measure_it


def gpu_beats_best_cpu(res):
    g = _main_at_max(res, "read_gpu")[0]
    cpu = [(_main_at_max(res, a)[0], a) for a in CPU_PAPER if res.where(algorithm=a).rows]
    if not cpu:
        raise ResultsMissing(
            "hybrid_dfs: no CPU program of the paper (%s) to compare read_gpu with" % ", ".join(CPU_PAPER)
        )
    best, name = max(cpu)
    return Measured(g / best, "GPU %.3g vs best CPU (%s) %.3g GTEPS: %.3gx" % (g * 1e-9, name, best * 1e-9, g / best))


# "About constant" GPU throughput over N: its largest / smallest at most this.
GPU_FLAT_SPREAD = 2.0
# CPU throughput "drops": at the largest N below this share of the smallest N's.
CPU_DROP_SHARE = 0.8
# "Slightly beats": the ratio of throughputs in this range (partly in the wider one).
SLIGHTLY_BEATS = within(1.0, 1.3, partly=(0.95, 2.0), unit="x")


def gpu_constant_cpu_drops(res):
    """Judged on the one size-sweep run with read_gpu at the most N (M = 8N), so
    that code changes between runs do not enter the trend."""
    sweep = size_sweep(res).where(pred=lambda r: r["m"] == 8 * r["n"])
    found = [(len(run.where(algorithm="read_gpu").values("n")), run) for _, run in select.by_run(sweep)]
    found = [(k, run) for k, run in found if k]
    if not found:
        raise ResultsMissing("hybrid_dfs: Fig. 5a needs read_gpu at M = 8N")
    sub = max(found, key=lambda kr: kr[0])[1]
    gpu = [(n, teps(sub, "read_gpu", n=n)) for n in sub.where(algorithm="read_gpu").values("n")]
    cpu_algo = "hybrid_omp"
    cpu = [(n, teps(sub, cpu_algo, n=n)) for n in sub.where(algorithm=cpu_algo).values("n")]
    if len(gpu) < 2 or len(cpu) < 2:
        raise ResultsMissing("hybrid_dfs: Fig. 5a needs read_gpu and hybrid_omp at two or more N with M = 8N")
    th = select.most_threads(sub, [cpu_algo])[cpu_algo]["threads"]
    gv = [v for _, v in gpu]
    spread = max(gv) / min(gv)
    drop = cpu[-1][1] / cpu[0][1]
    flat = Check(spread <= GPU_FLAT_SPREAD, "GPU TEPS vary %.3gx over N, more than %gx" % (spread, GPU_FLAT_SPREAD))
    drops = Check(
        drop < CPU_DROP_SHARE, "CPU TEPS at the largest N %.3gx the smallest, not below %gx" % (drop, CPU_DROP_SHARE)
    )
    return Measured(
        {
            "GPU TEPS within %gx over N" % GPU_FLAT_SPREAD: flat,
            "CPU TEPS at the largest N below %gx the smallest" % CPU_DROP_SHARE: drops,
        },
        "GPU max/min %.3g over N = %s..%s; CPU (hybrid, %d threads) largest/smallest N %.3g"
        % (spread, measure.fmt_size(gpu[0][0]), measure.fmt_size(gpu[-1][0]), th, drop),
    )


def gap_widens_with_m(res):
    """GPU (read_gpu) / CPU (hybrid_omp, most threads) TEPS per M at the main N,
    over the main run and the size sweeps; each ratio from one run (holding both
    programs at that M), so that code changes between runs do not enter the
    ratio; runs disagreeing at one M are combined by the median of their ratios."""
    n, _ = main_graph(res)
    sub = select.at_most_threads(select.role(res, "main", "size-sweep").where(n=n), ["hybrid_omp"])
    per_m = {}
    for _, here in select.by_run(sub):
        for m in set(here.where(algorithm="read_gpu").values("m")) & set(
            here.where(algorithm="hybrid_omp").values("m")
        ):
            per_m.setdefault(m, []).append(teps(here, "read_gpu", m=m) / teps(here, "hybrid_omp", m=m))
    ms = sorted(per_m)
    if len(ms) < 2:
        raise ResultsMissing("hybrid_dfs: Fig. 5b needs read_gpu and hybrid_omp measured in one run at two or more M")
    gap = [Summary(per_m[m]).median for m in ms]
    widening = sum(1 for a, b in zip(gap, gap[1:]) if b > a)
    return Measured(
        (widening, len(gap) - 1),
        "GPU/CPU TEPS ratio (each from one run) %s over M = %s..%s"
        % (" → ".join("%.3g" % g for g in gap), measure.fmt_size(ms[0]), measure.fmt_size(ms[-1])),
    )


def main_graph_teps(algo):
    def measure_it(res):
        v, th, name = _main_at_max(res, algo)
        n, m = main_graph(res)
        # A GPU-only program's threads column counts no CPU threads.
        gpu_only = set(res.where(algorithm=algo).values("device")) == {"gpu"}
        threads = "" if gpu_only else ", %s thread%s" % (th, "" if th == 1 else "s")
        return Measured(
            v * 1e-9,
            "%s on N = %s, M = %s%s: median %.3g GTEPS (%s)"
            % (algo, measure.fmt_size(n), measure.fmt_size(m), threads, v * 1e-9, name),
        )

    measure_it.__doc__ = "median GTEPS of %s on the main graph" % algo
    return measure_it


def fig5b_largest_wall(res):
    """Wall time of the size-sweep run with the largest M at the main N
    (metadata ``wall_seconds``: the whole piece, generation included)."""
    n, main_m = main_graph(res)
    best = None
    for run_id, run in select.by_run(select.role(res, "size-sweep").where(n=n)):
        meta = res.run_meta(run_id)
        ms = run.values("m")
        if "wall_seconds" in meta and (best is None or ms[-1] > best[0]):
            best = (ms[-1], float(meta["wall_seconds"]), _file(run.rows[0]))
    if best is None or best[0] <= main_m:
        raise ResultsMissing("hybrid_dfs: no size-sweep run (wall_seconds) with an M above the main graph's")
    m, wall, name = best
    return Measured(
        wall,
        "M = %s at N = %s: %.0f s for the whole command (%s)" % (measure.fmt_size(m), measure.fmt_size(n), wall, name),
    )


# The graphs the traversal targets name: the main RMAT graph (N = 2^25, M = 2^28)
# and the road piece's grids, each as a row filter.
MAIN_RMAT = {"generator": "rmat", "n": 2**25, "m": 2**28}
GRID_2048 = {"graph": "grid-2048x2048"}
ROAD_GRAPHS = ("grid-2048x2048", "grid-4096x4096")


def per_source_ms(algo, graph, label):
    """A target measure: median milliseconds per source of ``algo`` on the graph
    that ``graph`` (a row filter) selects, at its most threads; judged there only."""

    def measure_it(res):
        rows = traversals(res).where(algorithm=algo, **graph)
        if not rows.rows:
            raise ResultsMissing("hybrid_dfs: no %s rows on %s" % (algo, label))
        th = max(rows.values("threads"))
        sub = rows.where(threads=th)
        v = Summary([r["seconds"] for r in sub.rows]).median * 1e3
        gpu_only = set(sub.values("device")) == {"gpu"}
        threads = "" if gpu_only else ", %d thread%s" % (th, "" if th == 1 else "s")
        return Measured(v, "%s on %s%s: median %.3g ms per source (%s)" % (algo, label, threads, v, _file(sub.rows[0])))

    measure_it.__doc__ = "median ms per source of %s on %s" % (algo, label)
    return measure_it


# Bandwidth floors: bytes a traversal had to read (column bytes_read) over the
# device's measured sequential read bandwidth: the run's own host profile
# (metadata host_gpu_seq_read_gbs, host_cpu_seq_read_gbs_t<threads>), else
# table1's micro-benchmark in the same results.
FLOOR_BANDWIDTH = {"gpu": "bw_seq_gpu", "cpu": "bw_seq_cpu"}


def floor_bandwidth(res, r, table1):
    """GB/s that row r's bytes are read at, at best."""
    meta = res.run_meta(r["run_id"]) if r.get("run_id") else {}
    device = "gpu" if r["device"] == "gpu" else "cpu"
    key = "host_gpu_seq_read_gbs" if device == "gpu" else "host_cpu_seq_read_gbs_t%d" % r["threads"]
    try:
        return float(meta[key])
    except (KeyError, TypeError, ValueError):
        return table1.get(device)


def floor_rows(res):
    """Traversal rows with bytes_read, each with ``floor_fraction``: the time the
    bytes take at the device's sequential read bandwidth / the measured time."""
    table1 = {}
    for device, algo in FLOOR_BANDWIDTH.items():
        try:
            table1[device] = bandwidth(res, algo)
        except ResultsMissing:
            pass
    rows = []
    for r in traversals(res).rows:
        bytes_read, gbs = r.num("bytes_read"), floor_bandwidth(res, r, table1)
        if bytes_read and gbs and r["seconds"] > 0:
            rows.append(type(r)({**r, "floor_fraction": str(bytes_read / (gbs * 1e9) / r["seconds"])}))
    if not rows:
        raise ResultsMissing("hybrid_dfs: no rows with bytes_read beside a read-bandwidth measurement")
    return Results(res.experiment, rows, res.metas, res.files)


def fraction_of_floor(res):
    def drawn(r):
        on_graph = r["graph"] in ROAD_GRAPHS or all(r[k] == v for k, v in MAIN_RMAT.items())
        return on_graph and r["threads"] in (1, max_threads(res, r["algorithm"]))

    rows = floor_rows(res).where(pred=drawn)
    return plots.bars(
        rows,
        {a: ALGOS[a] for a in ("stack_omp", "dobfs_omp", "read_gpu", "dobfs_gpu")},
        "floor_fraction",
        group="graph",
        ylabel="bandwidth floor / measured time",
        title="Fraction of the bandwidth floor (bytes read at sequential read bandwidth)",
        log_y=True,
    )


def max_threads(res, algo):
    return max(traversals(res).where(algorithm=algo).values("threads"))


# Beyond the paper: two distributed BFS engines, the Parallel BGL's and CombBLAS's
# direction-optimising one (square rank counts only), at 1..16 MPI ranks. The scale-out
# graph is the main one at quick scale and fig5a's N = 2^22 one at paper scale.
SCALE_OUT = scale_out.ScaleOut(
    "hybrid_dfs",
    ("pbgl_bfs", "combblas_bfs"),
    ("PBGL BFS (MPI)", "CombBLAS BFS (MPI)"),
    MAIN_GRAPH_ROLES + ("size-sweep",),
    ALGOS,
    "D-S1",
    "one traversal, median over roots and trials",
    "BFS",
    sequential="bgl_bfs",
    build_column="setup_s",
    exclude=lambda r: r["algorithm"].startswith("bw_"),
    engine="the Parallel BGL; CombBLAS, direction-optimising; MPI",
)


def random_vs_sequential(res):
    s, r = bandwidth(res, "bw_seq_cpu"), bandwidth(res, "bw_rand_cpu")
    return Measured(s / r, "CPU sequential %.3g GB/s, random %.3g GB/s: %.3gx" % (s, r, s / r))


MODULE = Module(
    experiment="hybrid_dfs",
    letter="D",
    title='Hybrid CPU/GPU level-synchronous traversal on RMAT ("hybrid DFS")',
    citation='Yu Ying, Li Kenli, "Parallel depth first search algorithm on multicore-CPU and GPU", Application Research '
    "of Computers 31(10), 2014 (after Hong, Oguntebi, Olukotun, PACT 2011).",
    original="SNAP RMAT graphs (a, b, c) = (0.45, 0.25, 0.15), main graph N = 32M, M = 256M; Fig. 5a N = 1M..64M at "
    "M = 8N; Fig. 5b M = 256M..2B at N = 32M. Stack-based (Alg. 1), read-based (Alg. 2) and hybrid "
    "read+stack CPU traversals, a GPU read-based traversal and a CPU+GPU hybrid; 10 random roots, TEPS. "
    "Despite the name the traversal is level-synchronous (BFS order), not depth-first.",
    ours="The same programs (edges treated as undirected), plus BGL `breadth_first_search`, direction-optimizing "
    "traversals on CPU and GPU, every traversal verified (Graph500-style validation of each root's first answer, "
    "later answers from the same root by equal levels), and TEPS counted as undirected "
    "edges in the traversed component. GPU time excludes the graph upload (column `upload_s`) and includes "
    "initialising the branch array and copying the levels back to the host, 4 bits per vertex plus the "
    "vertices deeper than 13 or found after the copy started with their exact levels (exact at any depth), "
    "the copy started on a second stream once the branches shrink. Main graph and every graph of Fig. 5a "
    "and 5b: 10 random roots in the giant component. "
    + SCALE_OUT.describe(
        "Fig. 5a's N = 4M, M = 32M graph (on the main graph one rank count would not fit a " "10-minute command)"
    )
    + " Beyond one GPU: `dobfs_mgpu`, one traversal over G GPUs of one host (the graph's degree-ordered copy, "
    "its words of 32 vertices dealt to the GPUs in turn, the frontier exchanged with NCCL), at G = 1, 2, 4 (as many as the machine has) beside `dobfs_gpu` on one "
    "GPU of the same run, on RMAT N = 2^26, M = 2^30 and N = 2^27, M = 2^31 (strong scaling) and a weak-scaling "
    "series at 2^29 edges per GPU from N = 2^25, M = 2^29 (piece `multi-gpu`, run only where there are 2 or more "
    "GPUs; docs/SCALE-OUT.md); piece `multi-gpu-large` adds N = 2^28, M = 2^32 on all the host's GPUs, the top of "
    "a series at 2^30 edges per GPU.",
    figures=[
        Figure("fig3_cpu_threads", "Fig. 3: CPU methods vs threads (GTEPS)", fig3_cpu_threads),
        Figure("fig4_gpu", "Fig. 4: GPU, CPU+GPU hybrid and the CPU methods (GTEPS)", fig4_gpu),
        Figure("fig5a_vary_n", "Fig. 5a: throughput vs N at M = 8N", fig5a_vary_n),
        Figure("fig5b_vary_m", "Fig. 5b: throughput vs M", fig5b_vary_m),
        SCALE_OUT.figure_item(),
        Figure(
            "fraction_of_floor",
            "Traversals against their bandwidth floor (main graph and road grids)",
            fraction_of_floor,
        ),
    ]
    + multi_gpu.FIGURES,
    tables=[
        Table("table1_bandwidth", "Table 1: read bandwidth", table1_bandwidth),
        Table("teps", "Throughput on the main graph", teps_table),
        SCALE_OUT.table_item(),
    ]
    + multi_gpu.TABLES,
    claims=[
        Claim("D1", "Read-based beats stack-based on the CPU (bandwidth)", read_beats_stack, share(partly=0.5)),
        Claim(
            "D2",
            "The hybrid slightly beats read-based",
            ratio_claim("hybrid_omp", "read_omp", "hybrid vs read"),
            SLIGHTLY_BEATS,
        ),
        Claim("D3", "The GPU beats the best CPU method", gpu_beats_best_cpu, at_least(1.0, partly=0.9, unit="x")),
        Claim(
            "D4",
            "The CPU+GPU hybrid slightly beats the pure GPU",
            ratio_claim("hybrid_cpu_gpu", "read_gpu", "CPU+GPU vs GPU"),
            SLIGHTLY_BEATS,
        ),
        Claim(
            "D5",
            "GPU throughput stays about constant as N grows while CPU throughput drops",
            gpu_constant_cpu_drops,
            conditions(),
        ),
        Claim("D6", "The GPU-CPU gap widens with more edges", gap_widens_with_m, share(partly=0.5)),
        Claim(
            "D7",
            "Random read bandwidth is ~9x below sequential on CPUs",
            random_vs_sequential,
            about(9, partly=(1.5, 100), unit="x"),
        ),
    ],
    # Speed targets of this re-creation (not claims of the paper).
    targets=[
        Claim(
            "D-T1",
            "Target: CPU read+stack hybrid at least 2 GTEPS on the main graph (16 threads)",
            main_graph_teps("hybrid_omp"),
            at_least(2.0, unit=" GTEPS"),
        ),
        Claim(
            "D-T2",
            "Target: direction-optimizing CPU traversal at least 5 GTEPS on the main graph",
            main_graph_teps("dobfs_omp"),
            at_least(5.0, unit=" GTEPS"),
        ),
        Claim(
            "D-T3",
            "Target: GPU read-based traversal at least 20 GTEPS on the main graph",
            main_graph_teps("read_gpu"),
            at_least(20.0, unit=" GTEPS"),
        ),
        Claim(
            "D-T4",
            "Target: direction-optimizing GPU traversal at least 100 GTEPS on the main graph",
            main_graph_teps("dobfs_gpu"),
            at_least(100.0, unit=" GTEPS"),
        ),
        Claim(
            "D-T5",
            "Target: Fig. 5b's largest admitted size completes within one 10-minute command, generation included",
            fig5b_largest_wall,
            at_most(600.0, unit=" s"),
        ),
        Claim(
            "D-T6",
            "Target: direction-optimizing GPU traversal at most 1.0 ms per root on the main graph",
            per_source_ms("dobfs_gpu", MAIN_RMAT, "the main graph N = 2^25, M = 2^28"),
            at_most(1.0, unit=" ms"),
        ),
        Claim(
            "D-T7",
            "Target: direction-optimizing GPU traversal at most 8 ms per source on the 2048 x 2048 grid",
            per_source_ms("dobfs_gpu", GRID_2048, "the 2048 x 2048 grid"),
            at_most(8.0, unit=" ms"),
        ),
        Claim(
            "D-T8",
            "Target: direction-optimizing CPU traversal at most 40 ms per source on the 2048 x 2048 grid",
            per_source_ms("dobfs_omp", GRID_2048, "the 2048 x 2048 grid"),
            at_most(40.0, unit=" ms"),
        ),
        Claim(
            "D-T9",
            "Target: direction-optimizing CPU traversal at most 50 ms per root on the main graph",
            per_source_ms("dobfs_omp", MAIN_RMAT, "the main graph N = 2^25, M = 2^28"),
            at_most(50.0, unit=" ms"),
        ),
        SCALE_OUT.target_item(),
        Claim(
            "D-T10",
            "Target: on N = 2^27, M = 2^31, dobfs_mgpu on 2 GPUs at least 1.8x dobfs_gpu on one GPU of the same run",
            multi_gpu.speedup_over_one_gpu(2),
            at_least(1.8, unit="x"),
        ),
        Claim(
            "D-T11",
            "Target: on N = 2^27, M = 2^31, dobfs_mgpu on 4 GPUs at least 3.2x dobfs_gpu on one GPU of the same run",
            multi_gpu.speedup_over_one_gpu(4),
            at_least(3.2, unit="x"),
        ),
        Claim(
            "D-T12",
            "Target: weak scaling at 2^29 edges per GPU: dobfs_mgpu's GTEPS per GPU at G = 4 (N = 2^27) at least "
            "80% of G = 1's (N = 2^25)",
            multi_gpu.weak_efficiency(4),
            at_least(80.0, unit="%"),
        ),
    ],
)
