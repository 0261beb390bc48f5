"""paper/hybrid_dfs.py: which graph is the main one, which run stands for a
program there, and Fig. 5b's wall-time target."""

import unittest

from paper import claims, hybrid_dfs
from paper.claims import evaluate
from paper.results import Results, Row

N = 2**25
MAIN = 2**28
ROLE = {"fig3": "thread-sweep", "fig4": "main", "fig5a": "size-sweep"}


def row(algo, m, threads, teps=1e9, source=1, piece="fig4", run=None, n=N):
    device = "gpu" if algo in ("read_gpu", "dobfs_gpu") else ("cpu+gpu" if algo == "hybrid_cpu_gpu" else "cpu")
    role = ROLE.get(piece.split("-")[0], "size-sweep")
    return Row(
        experiment="hybrid_dfs",
        graph="rmat-m%d" % m,
        generator="rmat",
        n=n,
        m=m,
        seed=1,
        algorithm=algo,
        threads=threads,
        device=device,
        trial=0,
        seconds=m / teps,
        answer="reached=1;levelsum=1",
        verified=True,
        piece=piece.split("-")[0],
        role=role,
        run_id=run or piece,
        teps=str(teps),
        source=str(source),
        _file="/r/hybrid_dfs-%s.csv" % piece,
        _line=2,
    )


def fig4_and_fig5b():
    """Fig. 4 on the main graph and Fig. 5b's three larger M, no thread sweep."""
    rows = []
    for algo in ("read_gpu", "dobfs_gpu"):
        rows.append(row(algo, MAIN, 1))
    for algo in ("hybrid_cpu_gpu", "hybrid_omp", "dobfs_omp"):
        rows.append(row(algo, MAIN, 16))
    for k in (1, 2, 3):
        for algo, th in (("read_gpu", 1), ("dobfs_gpu", 1), ("hybrid_omp", 16)):
            rows.append(row(algo, MAIN << k, th, piece="fig5b-%d" % k))
    metas = [{"tag": "fig4", "run_id": "fig4", "date": "2026-01-01T00:00:00Z"}] + [
        {"tag": "fig5b-%d" % k, "run_id": "fig5b-%d" % k, "wall_seconds": 100.0 * k, "date": "2026-01-02T00:00:00Z"}
        for k in (1, 2, 3)
    ]
    files = ["hybrid_dfs-fig4.csv"] + ["hybrid_dfs-fig5b-%d.csv" % k for k in (1, 2, 3)]
    return Results("hybrid_dfs", rows, metas, files)


def claim(cid):
    return next(c for c in hybrid_dfs.MODULE.judged if c.id == cid)


class MainGraphTest(unittest.TestCase):
    def test_the_main_graph_is_the_main_runs(self):
        self.assertEqual(hybrid_dfs.main_graph(fig4_and_fig5b()), (N, MAIN))

    def test_a_size_sweep_with_more_programs_does_not_move_it(self):
        # The old rule (the graph with the most (program, threads) pairs) would pick this one.
        res = fig4_and_fig5b()
        for th in (1, 2, 4, 8, 16):
            for algo in ("stack_omp", "read_omp"):
                res.rows.append(row(algo, MAIN << 1, th, piece="fig5b-1"))
        self.assertEqual(hybrid_dfs.main_graph(res), (N, MAIN))

    def test_without_main_rows_nothing_is_guessed(self):
        res = fig4_and_fig5b()
        res.rows = [r for r in res.rows if r["role"] != "main"]
        self.assertFalse(claims.ran(evaluate(claim("D-T3"), res).verdict))


class MainRunTest(unittest.TestCase):
    def test_the_main_run_stands_for_the_main_graph_over_a_newer_size_sweep(self):
        # fig5a also holds the main graph, run after fig4: claims keep the main run.
        res = fig4_and_fig5b()
        res.rows.append(row("dobfs_gpu", MAIN, 1, teps=500e9, piece="fig5a"))
        res.metas.append({"tag": "fig5a", "run_id": "fig5a", "date": "2026-02-01T00:00:00Z"})
        res.files.append("hybrid_dfs-fig5a.csv")
        out = evaluate(claim("D-T4"), res)
        self.assertIn("hybrid_dfs-fig4.csv", out.measured)
        self.assertEqual(out.verdict, claims.NOT_REPRODUCED)  # the main run's 1 GTEPS, not fig5a's 500

    def test_the_newest_main_run_counts(self):
        rows = [
            row("dobfs_gpu", MAIN, 1, teps=50e9, piece="fig4-old", run="old"),
            row("dobfs_gpu", MAIN, 1, teps=150e9, piece="fig4-new", run="new"),
        ]
        metas = [{"run_id": "old", "date": "2026-01-01T00:00:00Z"}, {"run_id": "new", "date": "2026-02-01T00:00:00Z"}]
        res = Results("hybrid_dfs", rows, metas, ["hybrid_dfs-fig4-old.csv", "hybrid_dfs-fig4-new.csv"])
        self.assertEqual(evaluate(claim("D-T4"), res).verdict, claims.REPRODUCED)
        # Dates swapped: the 50 GTEPS run is now the newer one.
        res = Results(
            "hybrid_dfs",
            rows,
            [{"run_id": "old", "date": "2026-02-01T00:00:00Z"}, {"run_id": "new", "date": "2026-01-01T00:00:00Z"}],
            res.files,
        )
        self.assertEqual(evaluate(claim("D-T4"), res).verdict, claims.NOT_REPRODUCED)

    def test_the_thread_sweep_stands_in_for_programs_the_main_run_lacks(self):
        res = fig4_and_fig5b()
        res.rows += [row("read_omp", MAIN, th, teps=th * 1e8, piece="fig3") for th in (1, 16)]
        res.metas.append({"run_id": "fig3", "date": "2026-01-01T00:00:00Z"})
        res.files.append("hybrid_dfs-fig3.csv")
        self.assertEqual(hybrid_dfs.main_graph_threads(res, "read_omp"), 16)
        out = evaluate(claim("D3"), res)  # GPU 1 GTEPS vs best CPU: read_omp 1.6 GTEPS from the sweep
        self.assertIn("read_omp", out.measured)
        self.assertIn("0.625x", out.measured)

    def test_without_a_cpu_program_of_the_paper_the_gpu_comparison_is_not_run(self):
        res = fig4_and_fig5b()
        res.rows = [r for r in res.rows if r["algorithm"] not in hybrid_dfs.CPU_PAPER]
        out = evaluate(claim("D3"), res)
        self.assertEqual(out.verdict, claims.NOT_RUN)
        self.assertIn("no CPU program of the paper", out.reason)


class Fig5bWallTimeTest(unittest.TestCase):
    def test_largest_admitted_size_is_judged(self):
        result = evaluate(claim("D-T5"), fig4_and_fig5b())
        self.assertEqual(result.verdict, claims.REPRODUCED)
        self.assertIn("300 s", result.measured)

    def test_over_ten_minutes_is_not_reproduced(self):
        res = fig4_and_fig5b()
        res.metas[-1]["wall_seconds"] = 700.0
        self.assertEqual(evaluate(claim("D-T5"), res).verdict, claims.NOT_REPRODUCED)


if __name__ == "__main__":
    unittest.main()


def graph_row(algo, graph, seconds, threads=1, bytes_read=None):
    r = row(algo, MAIN, threads, piece="road")
    r.update(graph=graph, seconds=seconds, role="extension")
    if bytes_read is not None:
        r["bytes_read"] = str(bytes_read)
    return r


class NamedGraphTargetsTest(unittest.TestCase):
    """D-T6..D-T9 name their graph: judged there, "not run" anywhere else."""

    def test_the_grid_target_is_judged_on_the_2048_grid_only(self):
        small = Results("hybrid_dfs", [graph_row("dobfs_gpu", "grid-256x256", 0.001)], [{"run_id": "road"}], [])
        self.assertEqual(evaluate(claim("D-T7"), small).verdict, claims.NOT_RUN)
        named = Results(
            "hybrid_dfs",
            [graph_row("dobfs_gpu", "grid-2048x2048", s) for s in (0.007, 0.0075, 0.009)],
            [{"run_id": "road"}],
            [],
        )
        outcome = evaluate(claim("D-T7"), named)
        self.assertEqual(outcome.verdict, claims.REPRODUCED)
        self.assertIn("7.5 ms", outcome.measured)
        named.rows = [graph_row("dobfs_gpu", "grid-2048x2048", 0.0126)]
        self.assertEqual(evaluate(claim("D-T7"), named).verdict, claims.NOT_REPRODUCED)

    def test_cpu_targets_take_the_most_threads(self):
        rows = [graph_row("dobfs_omp", "grid-2048x2048", 0.2, threads=1)]
        rows += [graph_row("dobfs_omp", "grid-2048x2048", 0.035, threads=16)]
        outcome = evaluate(claim("D-T8"), Results("hybrid_dfs", rows, [{"run_id": "road"}], []))
        self.assertEqual(outcome.verdict, claims.REPRODUCED)
        self.assertIn("16 threads", outcome.measured)

    def test_the_main_graph_target_needs_the_main_rmat_graph(self):
        quick_row = graph_row("dobfs_gpu", "rmat-s16-m524288", 0.0005)
        quick_row.update(n=2**16, m=2**19, generator="rmat")
        quick = Results("hybrid_dfs", [quick_row], [{"run_id": "fig4"}], [])
        self.assertEqual(evaluate(claim("D-T6"), quick).verdict, claims.NOT_RUN)

    def test_floor_fraction_uses_the_devices_sequential_bandwidth(self):
        bw = row("bw_seq_gpu", MAIN, 1, piece="table1")
        bw.update(algorithm="bw_seq_gpu", gbs="2000", role="main", graph="")
        trav = graph_row("dobfs_gpu", "grid-2048x2048", 0.01, bytes_read=2 * 10**9)
        res = Results("hybrid_dfs", [bw, trav], [{"run_id": "road"}], [])
        (got,) = hybrid_dfs.floor_rows(res).rows
        self.assertAlmostEqual(float(got["floor_fraction"]), 0.1)  # 2 GB at 2000 GB/s = 1 ms of 10 ms
        # The run's own host profile comes first.
        res.metas = [{"run_id": "road", "host_gpu_seq_read_gbs": "4000"}]
        (got,) = hybrid_dfs.floor_rows(res).rows
        self.assertAlmostEqual(float(got["floor_fraction"]), 0.05)
