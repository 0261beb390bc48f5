"""Paper E: two-kernel GPU shortest paths on degree-5 graphs (docs/PROTOCOL.md, section E).

The paper reports the speedup of its OpenCL two-kernel SSSP over CPU Dijkstra
as the vertex count grows; here: run time and speedup vs n for the OpenCL and
CUDA two-kernel programs, with OpenMP delta-stepping and a near-far GPU SSSP
beyond the paper, an asynchronous bucketed GPU SSSP (ADDS-like) with its
work counters, the copy/kernel split of the GPU programs, and every program on
a high-diameter grid (a road-network stand-in)."""

from paper import measure, plots, programs, scale_out, select, style, tables
from paper.claims import PAPER_FIGURE_SHARE, Check, Claim, Measured, at_least, at_most, check_every, conditions, share
from paper.module import Figure, Module, Table
from paper.results import ResultsMissing
from paper.stats import Summary

# The programs as the executable registers them (paper/programs.json): names, labels, families.
ALGOS = programs.algorithms("dijkstra_deg5")
CLAIMED = (4.73, 9.69)
# The work-efficient GPU programs (the ones with work counters), and every GPU program.
WORK_EFFICIENT = ("near_far_gpu", "async_buckets_gpu")
GPU = ("two_kernel_opencl", "two_kernel_cuda") + WORK_EFFICIENT
ASYNC = "async_buckets_gpu"


def on_gpu_sweep(res):
    """The generated degree-5 sweep (role main), OpenCL on the GPU; the
    extensions (OpenCL on a CPU device such as PoCL, the grid graphs) are other
    runs on other graphs or devices, so that one name means one program on one device."""
    return select.role(res, "main")


def runtime(res):
    return plots.lines(
        on_gpu_sweep(res),
        ALGOS,
        "n",
        scale=1e3,
        xlabel="vertices n (out-degree 5)",
        ylabel="time per source (ms)",
        title="SSSP run time",
        log_x=True,
        log_y=True,
    )


def speedup(res):
    # The paper's speedups are of its two-kernel GPU program: drawn only beside it.
    two_kernel = on_gpu_sweep(res).where(algorithm=["two_kernel_opencl", "two_kernel_cuda"], device="gpu")
    return plots.speedups(
        on_gpu_sweep(res),
        ALGOS,
        "bgl_dijkstra",
        "n",
        xlabel="vertices n (out-degree 5)",
        log_x=True,
        title="Speedup over BGL Dijkstra",
        reference=[(CLAIMED[0], "paper: 4.73x"), (CLAIMED[1], "paper: 9.69x")] if two_kernel.rows else None,
    )


def gpu_phases(res):
    res = on_gpu_sweep(res)
    gpu = {a: ALGOS[a] for a in GPU}
    n = measure.largest(res, "n", algorithm=list(gpu))
    return plots.phase_bars(
        res,
        gpu,
        ["h2d_s", "kernel_s", "d2h_s"],
        n=n,
        title="GPU phases at n = %s" % measure.fmt_size(n),
        phase_labels={"h2d_s": "host→device", "kernel_s": "kernels", "d2h_s": "device→host"},
        total_label="timed seconds (kernels; copies excluded)",
    )


def opencl_cpu_speedup(res):
    """The paper's program where there is no GPU: OpenCL on a CPU device (PoCL),
    against BGL Dijkstra on the same graphs in the same run."""
    return plots.speedups(
        on_cpu_device(res),
        ALGOS,
        "bgl_dijkstra",
        "n",
        xlabel="vertices n (out-degree 5)",
        log_x=True,
        title="OpenCL on a CPU device: speedup over BGL Dijkstra",
    )


def on_grid(res):
    """The grid piece: every program on a square 4-neighbour grid (a road-network stand-in)."""
    rows = select.role(res, "extension").where(generator="grid")
    if not rows.rows:
        raise ResultsMissing("dijkstra_deg5: no grid rows (piece grid)")
    return rows


def grid_runtime(res):
    grid = on_grid(res)
    return plots.bars(
        grid,
        ALGOS,
        group="graph",
        scale=1e3,
        ylabel="time per source (ms)",
        log_y=True,
        title="SSSP on the grid (high diameter)",
    )


def work_efficiency(res):
    """Arcs relaxed per arc (Dijkstra: one per reachable arc) of the work-efficient GPU programs vs n."""
    return plots.lines(
        on_gpu_sweep(res),
        {a: ALGOS[a] for a in WORK_EFFICIENT},
        "n",
        value="relax_per_arc",
        xlabel="vertices n (out-degree 5)",
        ylabel="arcs relaxed per arc",
        title="Work of the work-efficient GPU programs",
        log_x=True,
        log_y=False,
        what="relax_per_arc",
    )


def async_time_and_waiting(res):
    """async_buckets_gpu's time per source beside the time its workers waited for work, vs n."""
    rows = on_gpu_sweep(res).where(algorithm=ASYNC)
    parts = [("seconds", "time per source", 0), ("wait_s", "waiting for work (mean per worker)", 1)]
    fig, ax = style.new_figure("Asynchronous buckets: time and waiting")
    xs = []
    for column, label, index in parts:
        pts = measure.series(rows, "n", column)
        if pts:
            ms = [(n, Summary([v * 1e3 for v in s.values])) for n, s in pts]
            style.plot_series(ax, style.Algo(label, "beyond", index), ms, label=label)
            xs += [n for n, _ in pts]
    if not xs:
        style.close(fig)
        raise ResultsMissing("dijkstra_deg5: no rows of %s with wait_s" % ASYNC)
    ax.set_xlabel("vertices n (out-degree 5)")
    ax.set_ylabel("ms")
    style.log_axes(ax, x=True, y=False, values_x=xs)
    style.legend(ax)
    return fig


def grid_work(res):
    """Arcs relaxed per arc on the grid, per work-efficient GPU program."""
    return plots.bars(
        on_grid(res),
        {a: ALGOS[a] for a in WORK_EFFICIENT},
        value="relax_per_arc",
        group="graph",
        ylabel="arcs relaxed per arc",
        log_y=False,
        title="Work on the grid",
    )


def speedup_table(res):
    res = on_gpu_sweep(res)
    sizes = res.where(algorithm="bgl_dijkstra").values("n")
    if not sizes:
        raise ResultsMissing("dijkstra_deg5: no rows for bgl_dijkstra")
    cols = [a for a in ALGOS if a != "bgl_dijkstra" and res.where(algorithm=a).rows]
    rows = []
    for n in sizes:
        base = measure.median_seconds(res, "bgl_dijkstra", algorithm="bgl_dijkstra", n=n)
        row = [measure.fmt_size(n), base * 1e3]
        for a in cols:
            sub = res.where(algorithm=a, n=n)
            row.append(base / measure.median_seconds(sub, a) if sub.rows else None)
        rows.append(row)
    return tables.TableData(
        ["n", "BGL Dijkstra (ms)"] + ["%s speedup" % ALGOS[a].label for a in cols],
        rows,
        caption="Median time of BGL Dijkstra and the speedup of each program over it",
    )


def _work_row(rows, graph_label, algo):
    """One row of the work table: the time beside the program's counters (medians
    over its trials), or None when ``algo`` has no rows there."""
    sub = rows.where(algorithm=algo)
    if not sub.rows:
        return None

    def median(column):
        vals = [v for v in (r.num(column) for r in sub.rows) if v is not None]
        return Summary(vals).median if vals else None

    ms = median("seconds") * 1e3
    wait = median("wait_s")
    buckets = median("buckets")
    return [
        graph_label,
        ALGOS[algo].label,
        ms,
        median("relax_per_arc"),
        None if buckets is None else int(round(buckets)),
        None if wait is None else wait * 1e3,
        None if wait is None else 100 * wait * 1e3 / ms,
    ]


def work_table(res):
    """Time and work counters of the work-efficient GPU programs at the sweep's
    largest n and on each grid."""
    places = []
    sweep = on_gpu_sweep(res).where(algorithm=list(WORK_EFFICIENT))
    if sweep.rows:
        n = sweep.values("n")[-1]
        places.append(("n = %s, degree 5" % measure.fmt_size(n), sweep.where(n=n)))
    grid = select.role(res, "extension").where(generator="grid", algorithm=list(WORK_EFFICIENT))
    for g in grid.values("graph"):
        places.append((g, grid.where(graph=g)))
    rows = [r for label, sub in places for r in (_work_row(sub, label, a) for a in WORK_EFFICIENT) if r]
    if not rows:
        raise ResultsMissing("dijkstra_deg5: no rows of %s" % ", ".join(WORK_EFFICIENT))
    return tables.TableData(
        ["graph", "program", "time (ms)", "arcs relaxed per arc", "buckets", "waiting (ms)", "waiting (% of time)"],
        rows,
        caption="Median time per source beside the work counters: arcs relaxed per arc (Dijkstra: 1), "
        "distance buckets (near-far: bands) processed, and the mean time a worker block waited for work",
        align="llrrrrr",
    )


def on_cpu_device(res):
    """The opencl-cpu piece: the paper's OpenCL program on a CPU OpenCL device
    (PoCL) beside BGL Dijkstra on the same generated graphs."""
    return select.role(res, "extension").where(pred=lambda r: r["generator"] != "grid")


def _paper_speedups(res):
    """(program, [(n, median speedup over BGL)], where) for the paper's OpenCL
    program on the GPU; its CUDA twin when OpenCL did not run on the GPU; the
    OpenCL program on a CPU device (a machine without a GPU) when neither did."""
    for rows, algo, where in (
        (on_gpu_sweep(res), "two_kernel_opencl", "GPU"),
        (on_gpu_sweep(res), "two_kernel_cuda", "GPU"),
        (on_cpu_device(res), "two_kernel_opencl", "CPU OpenCL device"),
    ):
        pts = measure.speedup_series(rows, "bgl_dijkstra", algo, x="n")
        if pts:
            return algo, [(n, s.median) for n, s in pts], where
    raise ResultsMissing("dijkstra_deg5: no two-kernel program with BGL Dijkstra at the same n")


# The paper's range, widened by its figure share either way: the papers ran on
# other hardware, so the range is a scale, not bounds to meet exactly.
RANGE = (PAPER_FIGURE_SHARE * CLAIMED[0], CLAIMED[1] / PAPER_FIGURE_SHARE)


def speedup_range(res):
    algo, pts, where = _paper_speedups(res)
    lo, hi = min(s for _, s in pts), max(s for _, s in pts)
    text = "%s on the %s: %.3gx .. %.3gx over n = %s..%s" % (
        algo,
        where,
        lo,
        hi,
        measure.fmt_size(pts[0][0]),
        measure.fmt_size(pts[-1][0]),
    )
    speedups = dict(pts)
    inside = "speedup %%.3gx, outside %.3g..%.3gx" % RANGE
    return Measured(
        {
            "smallest speedup in %.3g..%.3gx" % RANGE: Check(RANGE[0] <= lo <= RANGE[1], "smallest " + inside % lo),
            "largest speedup in %.3g..%.3gx" % RANGE: Check(RANGE[0] <= hi <= RANGE[1], "largest " + inside % hi),
            "faster than BGL at every n": check_every(
                sorted(speedups), lambda n: speedups[n] > 1.0, "not faster than BGL at n = %s"
            ),
        },
        text,
    )


def speedup_grows(res):
    algo, pts, where = _paper_speedups(res)
    if len(pts) < 2:
        raise ResultsMissing("dijkstra_deg5: speedup at two or more n needed")
    ups = sum(1 for (_, a), (_, b) in zip(pts, pts[1:]) if b > a)
    return Measured(
        (ups, len(pts) - 1), "%s on the %s: speedup %s" % (algo, where, " → ".join("%.3g" % s for _, s in pts))
    )


def _speedups_at_largest(res):
    """n = the largest size with BGL rows, BGL's median there, and a function giving
    any program's median speedup over it at that n (the speed targets are at 4x10^6)."""
    res = on_gpu_sweep(res)
    n = measure.largest(res, "n", algorithm="bgl_dijkstra")
    base = measure.median_seconds(res, "bgl_dijkstra", algorithm="bgl_dijkstra", n=n)

    def speedup(algo):
        return base / measure.median_seconds(res, algo, algorithm=algo, n=n)

    return n, speedup


def target(algo):
    def measure_it(res):
        n, speedup = _speedups_at_largest(res)
        s = speedup(algo)
        return Measured(s, "%s: %.3gx over BGL Dijkstra at n = %s" % (algo, s, measure.fmt_size(n)))

    return measure_it


def opencl_vs_cuda(res):
    n, speedup = _speedups_at_largest(res)
    ratio = speedup("two_kernel_cuda") / speedup("two_kernel_opencl")  # = t_opencl / t_cuda
    return Measured(
        ratio, "two_kernel_opencl takes %.3gx the time of two_kernel_cuda at n = %s" % (ratio, measure.fmt_size(n))
    )


def best_gpu(res):
    n, speedup = _speedups_at_largest(res)
    got = {}
    for algo in GPU:
        try:
            got[algo] = speedup(algo)
        except ResultsMissing:
            pass
    if not got:
        raise ResultsMissing("dijkstra_deg5: no GPU program at the largest n")
    algo = max(got, key=got.get)
    return Measured(got[algo], "best GPU program %s: %.3gx at n = %s" % (algo, got[algo], measure.fmt_size(n)))


def _median_ms(res, algo, **filters):
    return measure.median_seconds(res, algo, algorithm=algo, **filters) * 1e3


def time_at_largest(algo):
    """The program's median time per source at the sweep's largest n (4x10^6 at paper scale), in ms."""

    def measure_it(res):
        res = on_gpu_sweep(res)
        n = measure.largest(res, "n", algorithm=algo)
        t = _median_ms(res, algo, n=n)
        return Measured(t, "%s: median %.3g ms per source at n = %s" % (algo, t, measure.fmt_size(n)))

    return measure_it


def _require(rows, algo):
    """A target about the best of several programs is not judged without ``algo``'s
    rows: the best of the others would stand in for a program that did not run."""
    if algo and not rows.where(algorithm=algo).rows:
        raise ResultsMissing("dijkstra_deg5: no rows of %s, which the target compares" % algo)


def best_time_at_largest(algos, require=None):
    """The fastest of ``algos`` (median time per source) at the sweep's largest n, in ms;
    ``require``: a program without whose rows the target is not judged."""

    def measure_it(res):
        res = on_gpu_sweep(res)
        _require(res, require)
        got = {}
        for algo in algos:
            if res.where(algorithm=algo).rows:
                n = measure.largest(res, "n", algorithm=algo)
                got[algo] = (_median_ms(res, algo, n=n), n)
        if not got:
            raise ResultsMissing("dijkstra_deg5: none of %s ran" % ", ".join(algos))
        n = max(n for _, n in got.values())
        at_n = {a: t for a, (t, m) in got.items() if m == n}
        best = min(at_n, key=at_n.get)
        return Measured(at_n[best], "%s: median %.3g ms per source at n = %s" % (best, at_n[best], measure.fmt_size(n)))

    return measure_it


def time_on_grid(algo):
    def measure_it(res):
        grid = on_grid(res)
        g = grid.where(algorithm=algo).values("graph")
        if not g:
            raise ResultsMissing("dijkstra_deg5: no grid rows of %s" % algo)
        t = _median_ms(grid, algo, graph=g[-1])
        return Measured(t, "%s: median %.3g ms per source on %s" % (algo, t, g[-1]))

    return measure_it


def _best_on_grid(grid, algos):
    """(program, median ms, graph): the fastest of ``algos`` on the largest grid any of them ran on."""
    graphs = grid.where(algorithm=list(algos)).values("graph")
    if not graphs:
        raise ResultsMissing("dijkstra_deg5: no grid rows of %s" % ", ".join(algos))
    g = graphs[-1]
    times = {a: _median_ms(grid, a, graph=g) for a in algos if grid.where(algorithm=a, graph=g).rows}
    best = min(times, key=times.get)
    return best, times[best], g


def grid_speedup_over_two_kernel(res):
    grid = on_grid(res)
    _require(grid, ASYNC)
    best, t, g = _best_on_grid(grid, WORK_EFFICIENT)
    tk = _median_ms(grid, "two_kernel_cuda", graph=g)
    return Measured(tk / t, "%s %.3g ms vs two_kernel_cuda %.3g ms on %s: %.3gx" % (best, t, tk, g, tk / t))


def best_gpu_on_grid(res):
    """The fastest GPU program on the grid."""
    grid = on_grid(res)
    _require(grid, ASYNC)
    best, t, g = _best_on_grid(grid, GPU)
    return Measured(t, "%s: median %.3g ms per source on %s" % (best, t, g))


# Beyond the paper: PBGL's distributed delta-stepping at 1..16 MPI ranks on the
# largest degree-5 graph, against the fastest program at the same n.
SCALE_OUT = scale_out.ScaleOut(
    "dijkstra_deg5",
    "pbgl_delta_stepping",
    "PBGL delta-stepping (MPI)",
    ("main",),
    ALGOS,
    "E-S1",
    "one source",
    "SSSP",
    sequential="bgl_dijkstra",
    edge_word="arcs",
)


MODULE = Module(
    experiment="dijkstra_deg5",
    letter="E",
    title="Two-kernel GPU shortest paths on degree-5 graphs",
    citation='Yang Baoguo, "Realization of Dijkstra graph algorithms based on OpenCL", Experimental Science and '
    "Technology, 2017.",
    original="Graphs where every vertex has degree 5, vertex counts swept (the values of the paper's Table 1 are "
    "lost). The Harish & Narayanan two-kernel SSSP in OpenCL against CPU Dijkstra. Hardware: i5 2.67 GHz, "
    "NVIDIA GT 360.",
    ours="5 out-arcs per vertex to uniform random targets, float weights in [1, 1000), n = 10^4 .. 4x10^6; BGL "
    "`dijkstra_shortest_paths`, the two-kernel SSSP in OpenCL (NVIDIA OpenCL on the GPU machine, PoCL on a "
    "CPU) and in CUDA with an atomic-min relaxation, OpenMP delta-stepping, a near-far GPU SSSP and an "
    "asynchronous bucketed GPU SSSP (persistent workers, tens of device-side buckets, adaptive width), with the "
    "work counters `relax_per_arc`, `buckets` and `wait_s` (beside the median time in "
    "[tables/dijkstra_deg5_work.md](tables/dijkstra_deg5_work.md)). Copies (`h2d_s`, `d2h_s`) and kernels (`kernel_s`) "
    "are separate columns. " + SCALE_OUT.describe("the n = 4x10^6 graph"),
    figures=[
        Figure("runtime", "SSSP time per source vs n (median, min..max)", runtime),
        Figure("speedup", "Speedup over BGL Dijkstra vs n, with the paper's 4.73x and 9.69x", speedup),
        Figure("gpu_phases", "Copies and kernels of the GPU programs at the largest n", gpu_phases),
        Figure("grid", "Beyond the paper: every program on the 2048 x 2048 grid (median, min..max)", grid_runtime),
        Figure("work", "Arcs relaxed per arc by the work-efficient GPU programs vs n (median)", work_efficiency),
        Figure(
            "async_wait", "async_buckets_gpu: time per source and time waiting for work vs n", async_time_and_waiting
        ),
        Figure("grid_work", "Arcs relaxed per arc on the grid by the work-efficient GPU programs", grid_work),
        Figure(
            "opencl_cpu",
            "The paper's OpenCL program on a CPU OpenCL device (PoCL) beside OpenMP delta-stepping: speedup over "
            "BGL Dijkstra vs n",
            opencl_cpu_speedup,
        ),
        SCALE_OUT.figure_item(),
    ],
    tables=[
        Table("speedups", "BGL time and speedups per n", speedup_table),
        Table("work", "Time and work counters of the work-efficient GPU programs", work_table),
        SCALE_OUT.table_item(),
    ],
    claims=[
        Claim(
            "E1",
            "Speedup 4.73x .. 9.69x over CPU Dijkstra (the range, within %g of its ends either way)"
            % PAPER_FIGURE_SHARE,
            speedup_range,
            conditions(),
        ),
        Claim("E2", "The speedup grows with the vertex count", speedup_grows, share(partly=0.5)),
    ],
    # Speed targets of this suite (not claims of the paper), at the largest n (4x10^6 at paper scale).
    targets=[
        Claim(
            "E3",
            "Target: two-kernel CUDA ≥ 200x faster than BGL Dijkstra at n = 4x10^6",
            target("two_kernel_cuda"),
            at_least(200, partly=100, unit="x"),
        ),
        Claim(
            "E4",
            "Target: two-kernel OpenCL within 2x of the CUDA one at n = 4x10^6",
            opencl_vs_cuda,
            at_most(2.0, partly=3.0, unit="x"),
        ),
        Claim(
            "E5",
            "Target: best GPU program ≥ 500x faster than BGL Dijkstra at n = 4x10^6",
            best_gpu,
            at_least(500, partly=250, unit="x"),
        ),
        Claim(
            "E6",
            "Target: delta-stepping (16 threads) ≥ 15x faster than BGL Dijkstra at n = 4x10^6",
            target("delta_stepping_omp"),
            at_least(15, partly=7.5, unit="x"),
        ),
        Claim(
            "E7",
            "Target: best work-efficient GPU SSSP (near_far_gpu, async_buckets_gpu) at most 0.8 ms per source at "
            "n = 4x10^6",
            best_time_at_largest(WORK_EFFICIENT, require=ASYNC),
            at_most(0.8, partly=1.5, unit=" ms"),
        ),
        Claim(
            "E8",
            "Target: best work-efficient GPU SSSP ≥ 10x faster than two_kernel_cuda on the 2048 x 2048 grid",
            grid_speedup_over_two_kernel,
            at_least(10, partly=2, unit="x"),
        ),
        Claim(
            "E9",
            "Target: delta-stepping (16 threads) at most 60 ms per source at n = 4x10^6",
            time_at_largest("delta_stepping_omp"),
            at_most(60, partly=90, unit=" ms"),
        ),
        Claim(
            "E10",
            "Target: delta-stepping (16 threads) at most 100 ms per source on the 2048 x 2048 grid",
            time_on_grid("delta_stepping_omp"),
            at_most(100, partly=200, unit=" ms"),
        ),
        Claim(
            "E11",
            "Target: best GPU SSSP at most 6 ms per source on the 2048 x 2048 grid",
            best_gpu_on_grid,
            at_most(6, partly=12, unit=" ms"),
        ),
        SCALE_OUT.target_item(),
    ],
)
