"""paper/hybrid_dfs.py: which graph is the main one, and Fig. 5b's wall-time target."""

import unittest

from paper import claims, hybrid_dfs
from paper.claims import evaluate
from paper.results import Results, Row

N = 2 ** 25
MAIN = 2 ** 28


def row(algo, m, threads, teps=1e9, source=1, piece="fig4"):
    device = "gpu" if algo in ("read_gpu", "dobfs_gpu") else ("cpu+gpu" if algo == "hybrid_cpu_gpu" else "cpu")
    return Row(experiment="hybrid_dfs", graph="rmat-m%d" % m, generator="rmat", n=N, m=m, seed=1, algorithm=algo,
               threads=threads, device=device, trial=0, seconds=m / teps, answer="reached=1;levelsum=1", verified=True,
               teps=str(teps), source=str(source), _file="/r/hybrid_dfs-%s.csv" % piece, _line=2)


def fig4_and_fig5b(gpu_threads):
    """Fig. 4 on the main graph and Fig. 5b's three larger M, no thread sweep."""
    rows = []
    for algo in ("read_gpu", "dobfs_gpu"):
        rows.append(row(algo, MAIN, gpu_threads))
    for algo in ("hybrid_cpu_gpu", "hybrid_omp", "dobfs_omp"):
        rows.append(row(algo, MAIN, 16))
    for k in (1, 2, 3):
        for algo, th in (("read_gpu", gpu_threads), ("dobfs_gpu", gpu_threads), ("hybrid_omp", 16)):
            rows.append(row(algo, MAIN << k, th, piece="fig5b-%d" % k))
    metas = [{"tag": "fig4"}] + [{"tag": "fig5b-%d" % k, "wall_seconds": 100.0 * k} for k in (1, 2, 3)]
    files = ["hybrid_dfs-fig4.csv"] + ["hybrid_dfs-fig5b-%d.csv" % k for k in (1, 2, 3)]
    return Results("hybrid_dfs", rows, metas, files)


class MainGraphTest(unittest.TestCase):
    def test_main_graph_without_a_thread_sweep(self):
        # GPU-only programs record 1 thread: the main graph still has the most (program, threads) pairs.
        self.assertEqual(hybrid_dfs.main_graph(fig4_and_fig5b(gpu_threads=1)), (N, MAIN))

    def test_ties_go_to_m_equal_8n(self):
        rows = [row("hybrid_omp", m, 16) for m in (MAIN << 2, MAIN, MAIN << 1)]
        self.assertEqual(hybrid_dfs.main_graph(Results("hybrid_dfs", rows, [{}], ["x.csv"])), (N, MAIN))


    def test_gpu_only_rows_of_the_1_thread_convention_win(self):
        # Older files recorded the CPU thread count in GPU rows: they must not stand for the program.
        res = fig4_and_fig5b(gpu_threads=1)
        res.rows.append(row("read_gpu", MAIN, 16, teps=5e9, piece="old"))
        self.assertEqual(hybrid_dfs.main_graph_threads(res, "read_gpu"), 1)
        self.assertEqual(hybrid_dfs.main_graph_threads(res, "hybrid_omp"), 16)
        claim = next(c for c in hybrid_dfs.MODULE.claims if c.id == "D-T3")
        self.assertIn("1 thread:", evaluate(claim, res).measured)


class MainPieceTest(unittest.TestCase):
    def test_fig4_stands_for_the_main_graph_over_a_newer_file(self):
        # fig5a also holds the main graph (3 roots), run after fig4 (10 roots): claims keep fig4's run.
        res = fig4_and_fig5b(gpu_threads=1)
        res.metas[0]["date"] = "2026-01-01T00:00:00Z"
        res.rows.append(row("dobfs_gpu", MAIN, 1, teps=50e9, piece="fig5a"))
        res.metas.append({"tag": "fig5a", "date": "2026-02-01T00:00:00Z"})
        res.files.append("hybrid_dfs-fig5a.csv")
        claim = next(c for c in hybrid_dfs.MODULE.claims if c.id == "D-T4")
        self.assertIn("hybrid_dfs-fig4.csv", evaluate(claim, res).measured)
        self.assertEqual(evaluate(claim, res).verdict, claims.NOT_REPRODUCED)  # fig4's 1 GTEPS, not fig5a's 50

    def test_without_fig4_the_newest_file_counts(self):
        rows = [row("dobfs_gpu", MAIN, 1, teps=50e9, piece="old"), row("dobfs_gpu", MAIN, 1, teps=150e9, piece="new")]
        res = Results("hybrid_dfs", rows, [{"tag": "old", "date": "2026-01-01"}, {"tag": "new", "date": "2026-02-01"}],
                      ["hybrid_dfs-old.csv", "hybrid_dfs-new.csv"])
        claim = next(c for c in hybrid_dfs.MODULE.claims if c.id == "D-T4")
        self.assertEqual(evaluate(claim, res).verdict, claims.REPRODUCED)


class Fig5bWallTimeTest(unittest.TestCase):
    def test_largest_admitted_size_is_judged(self):
        res = fig4_and_fig5b(gpu_threads=1)
        claim = next(c for c in hybrid_dfs.MODULE.claims if c.id == "D-T5")
        result = evaluate(claim, res)
        self.assertEqual(result.verdict, claims.REPRODUCED)
        self.assertIn("300 s", result.measured)

    def test_over_ten_minutes_is_not_reproduced(self):
        res = fig4_and_fig5b(gpu_threads=1)
        res.metas[-1]["wall_seconds"] = 700.0
        claim = next(c for c in hybrid_dfs.MODULE.claims if c.id == "D-T5")
        self.assertEqual(evaluate(claim, res).verdict, claims.NOT_REPRODUCED)


if __name__ == "__main__":
    unittest.main()
