"""Paper A: GPU Prim with a min-reduction primitive (EXPERIMENTS.md, section A).

Figures named after the paper's: Fig. 5 (run time vs n) and Fig. 6 (speedup
over BGL) over the paper's range n = 128 .. 16384; the extended sweep to 2^20
and the GPU phase split are beyond the paper."""

from paper import measure, plots, style, tables
from paper.claims import Claim, Measured, at_least, at_most, conditions, share
from paper.module import Figure, Module, Table
from paper.results import ResultsMissing

PAPER_MAX_N = 16384
ALGOS = style.algorithms({
    "bgl_prim": ("BGL Prim (CPU)", "baseline"),
    "prim_naive_gpu": ("non-primitive CUDA Prim", "paper"),
    "prim_minreduce_gpu": ("min-reduction CUDA Prim", "paper"),
    "prim_resident_gpu": ("device-resident Prim", "beyond"),
    "boruvka_gpu": ("GPU Boruvka", "beyond"),
})


def in_paper_range(r):
    return r["n"] <= PAPER_MAX_N


def fig5_runtime(res):
    return plots.lines(res, ALGOS, "n", scale=1e3, xlabel="vertices n (m = 10n)", ylabel="run time (ms)",
                       title="Fig. 5: MST run time", log_x=True, log_y=True, pred=in_paper_range)


def fig6_speedup(res):
    return plots.speedups(res, ALGOS, "bgl_prim", "n", xlabel="vertices n (m = 10n)", log_x=True,
                          title="Fig. 6: speedup over BGL Prim", reference=[(2.0, "paper: max ~2x")], pred=in_paper_range)


def extended_runtime(res):
    fig = plots.lines(res, ALGOS, "n", scale=1e3, xlabel="vertices n (m = 10n)", ylabel="run time (ms)",
                      title="Beyond: sweep to n = 2^20", log_x=True, log_y=True)
    fig.axes[0].axvline(PAPER_MAX_N, color="#999999", linewidth=0.8, linestyle="-.")
    return fig


def gpu_phases(res):
    gpu = {k: v for k, v in ALGOS.items() if k != "bgl_prim"}
    n = measure.largest(res, "n", algorithm=list(gpu), pred=in_paper_range)
    return plots.phase_bars(res, gpu, ["h2d_s", "compute_s", "d2h_s"], n=n,
                            title="GPU phases at n = %s" % measure.fmt_size(n),
                            phase_labels={"h2d_s": "host→device", "compute_s": "compute", "d2h_s": "device→host"})


def runtime_table(res):
    return tables.median_table(res, ALGOS, "n", "n", scale=1e3, unit="ms",
                               caption="Median MST run time (ms), GTgraph random, m = 10n")


def _paper_sizes(res, *algorithms):
    sizes = None
    for a in algorithms:
        s = set(res.where(algorithm=a, pred=in_paper_range).values("n"))
        if not s:
            raise ResultsMissing("prim_gpu: no rows for %s with n <= %d" % (a, PAPER_MAX_N))
        sizes = s if sizes is None else sizes & s
    return sorted(sizes)


def naive_slower_everywhere(res):
    sizes = _paper_sizes(res, "bgl_prim", "prim_naive_gpu")
    sp = {n: measure.speedup_at(res, "bgl_prim", "prim_naive_gpu", n=n) for n in sizes}
    slower = [n for n in sizes if sp[n] < 1.0]
    worst = max(sizes, key=lambda n: sp[n])
    return Measured((len(slower), len(sizes)), "slower than BGL at %d of %d sizes; best speedup %.3gx (n=%d)"
                    % (len(slower), len(sizes), sp[worst], worst))


def minreduce_leads_above_4096(res):
    sizes = [n for n in _paper_sizes(res, "bgl_prim", "prim_naive_gpu", "prim_minreduce_gpu") if n > 4096]
    if not sizes:
        raise ResultsMissing("prim_gpu: no size above 4096 with all three programs")
    t = {a: {n: measure.median_seconds(res, a, algorithm=a, n=n) for n in sizes}
         for a in ("bgl_prim", "prim_naive_gpu", "prim_minreduce_gpu")}
    beats_bgl = all(t["prim_minreduce_gpu"][n] < t["bgl_prim"][n] for n in sizes)
    beats_naive = all(t["prim_minreduce_gpu"][n] < t["prim_naive_gpu"][n] for n in sizes)
    text = "; ".join("n=%d: %.3g ms vs BGL %.3g, naive %.3g" % (n, 1e3 * t["prim_minreduce_gpu"][n], 1e3 * t["bgl_prim"][n],
                                                               1e3 * t["prim_naive_gpu"][n]) for n in sizes)
    return Measured({"faster than BGL at every n > 4096": beats_bgl,
                     "faster than the non-primitive version at every n > 4096": beats_naive}, text)


def max_speedup(res):
    sizes = _paper_sizes(res, "bgl_prim", "prim_minreduce_gpu")
    sp = {n: measure.speedup_at(res, "bgl_prim", "prim_minreduce_gpu", n=n) for n in sizes}
    best = max(sizes, key=lambda n: sp[n])
    return Measured(sp[best], "max speedup %.3gx at n=%d (n <= %d)" % (sp[best], best, PAPER_MAX_N))


def median_ms_at(algorithm, n):
    def measure_it(res):
        t = measure.median_seconds(res, algorithm, algorithm=algorithm, n=n)
        return Measured(1e3 * t, "%s: median %.4g ms at n=%d" % (algorithm, 1e3 * t, n))
    return measure_it


def resident_beats_bgl_somewhere(res):
    sizes = sorted(set(res.where(algorithm="prim_resident_gpu").values("n")) & set(res.where(algorithm="bgl_prim").values("n")))
    if not sizes:
        raise ResultsMissing("prim_gpu: no size with both prim_resident_gpu and bgl_prim")
    sp = {n: measure.speedup_at(res, "bgl_prim", "prim_resident_gpu", n=n) for n in sizes}
    best = max(sizes, key=lambda n: sp[n])
    wins = [n for n in sizes if sp[n] > 1.0]
    return Measured({"faster than BGL Prim at some n of the sweep": bool(wins)},
                    "best speedup over BGL %.3gx at n=%d; faster at %s" % (sp[best], best, wins or "no n"))


def boruvka_speedups(res):
    out = {}
    text = []
    for n, need in ((16384, 20.0), (1 << 20, 100.0)):
        try:
            sp = measure.speedup_at(res, "bgl_prim", "boruvka_gpu", n=n)
        except ResultsMissing:
            out["n=%d measured" % n] = False
            continue
        out[">= %gx at n=%d" % (need, n)] = sp >= need
        text.append("%.3gx at n=%d" % (sp, n))
    return Measured(out, "; ".join(text) or "no rows")


MODULE = Module(
    experiment="prim_gpu", letter="A", title="GPU Prim with a min-reduction primitive",
    citation='Guo, Wang, Wang, "Design and implementation of GPU-based parallel minimum spanning tree algorithm", '
             "Application Research of Computers 28(5), 2011.",
    original="GTgraph `random` G(n, m) graphs, n = 128 .. 16384 (powers of two), m = 10n, integer weights 1..1000, "
             "CSR. Programs: BGL `prim_minimum_spanning_tree` (CPU), a non-primitive CUDA Prim, the min-reduction "
             "CUDA Prim. Hardware: Pentium 4 3 GHz, NVIDIA GTX 260, CUDA 2.3.",
    ours="The same three programs on the same graph family, plus a device-resident Prim (the loop kept on the GPU) "
         "and a GPU Boruvka, and the sweep extended to n = 2^20. Prim needs n-1 dependent steps: at ~3.5 us per "
         "kernel launch a launch-per-step design costs > 100 ms at n = 16384, while BGL Prim takes milliseconds on "
         "a modern CPU, so the paper's GPU-vs-CPU claims are expected to fail on today's hardware.",
    figures=[
        Figure("fig5_runtime", "Fig. 5: MST run time vs n (median, min..max over trials)", fig5_runtime),
        Figure("fig6_speedup", "Fig. 6: speedup over BGL Prim vs n", fig6_speedup),
        Figure("extended_runtime", "Beyond the paper: run time up to n = 2^20", extended_runtime),
        Figure("gpu_phases", "Beyond the paper: copy and compute phases of the GPU programs", gpu_phases),
    ],
    tables=[Table("runtime", "Median MST run time (ms)", runtime_table)],
    claims=[
        Claim("A1", "The non-primitive CUDA Prim is slower than BGL over the whole range (speedup < 1)",
              naive_slower_everywhere, share(partly=0.5)),
        Claim("A2", "The min-reduction version beats both others for n > 4096 and keeps its lead",
              minreduce_leads_above_4096, conditions(),
              note="Both CUDA Prims issue 2 launches per step (the swap runs as the finder's epilogue). Up to "
                   "16384 candidates the min-reduction is one block of 256 threads comparing 64 values each (the "
                   "paper's condition for skipping kernel2), while the naive kernel spreads them over 64 blocks; "
                   "above 16384 the min-reduction needs kernel2, a third launch per step. On the H100 a launch "
                   "costs ~4-5 us, so both are launch-bound at ~10 us per step."),
        Claim("A3", "Maximum speedup of the min-reduction version over BGL about 2x",
              max_speedup, at_least(2.0 * 0.7, partly=1.0, unit="x")),
        # Issue 5's speed targets for this re-creation (not claims of the paper).
        Claim("A-T1", "Target: min-reduction Prim at n = 16384 within 200 ms (~3 launches per step)",
              median_ms_at("prim_minreduce_gpu", 16384), at_most(200.0, unit=" ms")),
        Claim("A-T2", "Target: device-resident Prim at n = 16384 within 35 ms (~2 us per step)",
              median_ms_at("prim_resident_gpu", 16384), at_most(35.0, unit=" ms")),
        Claim("A-T3", "Target: device-resident Prim faster than BGL Prim at some n of the sweep",
              resident_beats_bgl_somewhere, conditions(),
              note="Prim's n-1 steps are dependent. One resident step (block argmin over n/1024 keys per thread, "
                   "three block barriers, C's ~20 arcs) costs 1.4 us at n = 128 and 2.2 us at n = 16384, and "
                   "grows with n as every step rescans all keys; BGL Prim's heap costs 0.27-0.5 us per vertex "
                   "over the same range. The per-step floor is above BGL's per-vertex cost at every n, so the "
                   "ratio is best at small n (~0.3x) and falls to 0.1x at 2^17: no n exists."),
        Claim("A-T4", "Target: GPU Boruvka >= 20x BGL Prim at n = 16384 and >= 100x at n = 2^20",
              boruvka_speedups, conditions()),
    ],
)
