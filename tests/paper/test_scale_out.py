"""paper.scale_out: the time-vs-ranks figure, the strong-scaling table and the
scale-out claim of hybrid_dfs, dijkstra_deg5 and kruskal_100m, on the fixtures
(one file per rank count) and on hand-made rows for each verdict."""

import contextlib
import glob
import io
import json
import os
import shutil
import tempfile
import unittest

from paper import claims, report, scale_out, select
from paper import dijkstra_deg5, hybrid_dfs, kruskal_100m, points
from paper.results import Results, ResultsMissing, Row, load

HERE = os.path.dirname(os.path.abspath(__file__))
COMPLETE = os.path.join(HERE, "fixtures", "complete")
MODULES = {"hybrid_dfs": hybrid_dfs, "dijkstra_deg5": dijkstra_deg5, "kruskal_100m": kruskal_100m}


def fixture(exp):
    return select.drawable(load(COMPLETE, exp))


def row(algorithm, seconds, ranks=None, role="scale-out", threads=1, device="mpi", n=1000, m=8000, run="r1", trial=0):
    r = Row(
        experiment="kruskal_100m",
        graph="g",
        generator="path-random",
        n=n,
        m=m,
        seed=1,
        algorithm=algorithm,
        threads=threads,
        device=device,
        trial=trial,
        seconds=seconds,
        answer="weight=1;edges=1",
        verified=True,
        piece="scale-out" if role == "scale-out" else "main",
        role=role,
        run_id=run,
    )
    if ranks is not None:
        r["ranks"] = str(ranks)
    return r


def results(times, single, **kw):
    """kruskal_100m rows: pbgl_boruvka at {P: seconds} (one run per P) and
    one single-node program at ``single`` seconds on the same graph."""
    rows = [row("pbgl_boruvka", t, p, run="p%d" % p, **kw) for p, t in times.items()]
    if single is not None:
        rows += [row("kruskal_seq", single, role="main", device="cpu", run="main", **kw)]
    return Results("kruskal_100m", rows, [{}])


def verdict(res):
    return claims.evaluate(kruskal_100m.SCALE_OUT.target_item(), res)


class FixtureTest(unittest.TestCase):
    def test_each_experiment_has_figure_table_and_claim(self):
        for exp, mod in MODULES.items():
            so = mod.SCALE_OUT
            self.assertIn(so.claim_id, [c.id for c in mod.MODULE.targets])
            self.assertIn("scale_out", [f.name for f in mod.MODULE.figures])
            self.assertIn("scale_out", [t.name for t in mod.MODULE.tables])
            res = fixture(exp)
            _, ts = so.times(res)
            self.assertEqual(sorted(ts), [1, 2, 4, 8, 16])
            fig = so.draw(res)
            labels = fig.axes[0].get_legend_handles_labels()[1]
            self.assertTrue(any(l.startswith("best single node: ") for l in labels), labels)
            self.assertEqual(fig.axes[0].get_xscale(), "log")
            self.assertEqual(fig.axes[0].get_yscale(), "log")
            scale_out.style.close(fig)

    def test_table_rows_are_the_medians_and_their_ratios(self):
        res = fixture("kruskal_100m")
        so = kruskal_100m.SCALE_OUT
        t = so.table(res)
        self.assertEqual([r[0] for r in t.rows], [1, 2, 4, 8, 16])
        best = so.single_node(res)[0]
        t1 = t.rows[0][1]
        for p, med, trials, speedup, eff, ratio in t.rows:
            want = sorted(r["seconds"] for r in res.where(role="scale-out", ranks=str(p)).rows)
            self.assertEqual(trials, len(want))
            self.assertAlmostEqual(med, want[len(want) // 2])
            self.assertAlmostEqual(speedup, t1 / med)
            self.assertAlmostEqual(eff, t1 / med / p)
            self.assertAlmostEqual(ratio, med / best)

    def test_single_node_best_is_the_fastest_non_distributed_program_on_the_graph(self):
        res = fixture("hybrid_dfs")
        t, algo, threads = hybrid_dfs.SCALE_OUT.single_node(res)
        self.assertEqual((algo, threads), ("dobfs_gpu", 1))  # the fixtures' fastest on the main graph
        self.assertNotIn(algo, ("pbgl_bfs",))
        res = fixture("dijkstra_deg5")
        self.assertEqual(dijkstra_deg5.SCALE_OUT.single_node(res)[1], "near_far_gpu")

    def test_fixture_verdicts(self):
        # Shaped in make_fixtures.py: one of each verdict.
        want = {"hybrid_dfs": claims.PARTLY, "dijkstra_deg5": claims.NOT_REPRODUCED, "kruskal_100m": claims.REPRODUCED}
        for exp, mod in MODULES.items():
            o = claims.evaluate(mod.SCALE_OUT.target_item(), fixture(exp))
            self.assertEqual(o.verdict, want[exp], (exp, o.measured, o.reason))
            self.assertIn("best at P = ", o.measured)

    def test_scale_out_rows_stay_out_of_the_other_items(self):
        # The paper's own figures and claims select their roles: the same
        # outcomes with the scale-out files removed.
        tmp = tempfile.mkdtemp(prefix="gs-scale-out-")
        try:
            for f in glob.glob(os.path.join(COMPLETE, "*")):
                if "-scale-out-" not in f:
                    shutil.copy(f, tmp)
            for exp, mod in MODULES.items():
                with_so, without = fixture(exp), select.drawable(load(tmp, exp))
                for c in mod.MODULE.judged:
                    if c.id == mod.SCALE_OUT.claim_id:
                        self.assertEqual(claims.evaluate(c, without).verdict, claims.NOT_RUN)
                        continue
                    a, b = claims.evaluate(c, with_so), claims.evaluate(c, without)
                    self.assertEqual((a.verdict, a.measured), (b.verdict, b.measured), c.id)
        finally:
            shutil.rmtree(tmp)

    def test_report_names_skipped_rank_counts(self):
        tmp = tempfile.mkdtemp(prefix="gs-scale-out-")
        try:
            for f in glob.glob(os.path.join(COMPLETE, "kruskal_100m-*")):
                if "-scale-out-p16." not in f:
                    shutil.copy(f, tmp)
            status = {
                "pieces": [
                    {
                        "experiment": "kruskal_100m",
                        "piece": "scale-out",
                        "kind": "mpi",
                        "ranks": 16,
                        "tag": "scale-out-p16",
                        "status": "skipped",
                        "reason": "16 ranks > 8 cores on this machine",
                    }
                ]
            }
            with open(os.path.join(tmp, "reproduce-status.json"), "w") as f:
                json.dump(status, f)
            out = os.path.join(tmp, "REPORT.md")
            with contextlib.redirect_stdout(io.StringIO()):
                self.assertEqual(report.main(["--results", tmp, "--out", out]), 0)
            with open(out) as f:
                text = f.read()
            self.assertIn("`scale-out-p16` (skipped: 16 ranks > 8 cores on this machine)", text)
            self.assertIn("| C-S1 |", text)
        finally:
            shutil.rmtree(tmp)

    def test_figure_points_are_per_rank_count(self):
        pts = points.medians(fixture("kruskal_100m"))["scale-out"]
        ranks = sorted(k.ranks for k in pts if k.algorithm == "pbgl_boruvka")
        self.assertEqual(ranks, [1, 2, 4, 8, 16])  # one point per rank count, never pooled
        self.assertGreater(pts[[k for k in pts if k.ranks == 1][0]] / pts[[k for k in pts if k.ranks == 16][0]], 10)


class RuleTest(unittest.TestCase):
    def test_beating_the_single_node_best_is_reproduced(self):
        o = verdict(results({1: 10.0, 2: 6.0, 4: 3.5}, 4.0))
        self.assertEqual(o.verdict, claims.REPRODUCED, o.measured)

    def test_scaling_without_winning_is_partly(self):
        o = verdict(results({1: 10.0, 2: 6.0, 4: 4.9}, 1.0))  # 2.04x at P = 4
        self.assertEqual(o.verdict, claims.PARTLY, o.measured)

    def test_p2_alone_is_not_scaling(self):
        o = verdict(results({1: 10.0, 2: 5.0}, 1.0))  # 2x at P = 2, but no P >= 4
        self.assertEqual(o.verdict, claims.NOT_REPRODUCED, o.measured)

    def test_neither_is_not_reproduced(self):
        o = verdict(results({1: 10.0, 2: 9.0, 4: 8.0, 8: 7.0}, 1.0))
        self.assertEqual(o.verdict, claims.NOT_REPRODUCED, o.measured)
        self.assertIn("P=8 1.43x", o.measured)

    def test_newest_run_per_rank_count(self):
        res = results({1: 10.0, 4: 2.0}, 4.0)
        res.rows.append(row("pbgl_boruvka", 50.0, 4, run="old"))
        res.metas = [{"run_id": "p4", "date": "2026-02"}, {"run_id": "old", "date": "2026-01"}]
        _, ts = kruskal_100m.SCALE_OUT.times(res)
        self.assertEqual(ts[4].median, 2.0)

    def test_missing_data_is_not_run_with_a_reason(self):
        o = verdict(results({}, 1.0))
        self.assertEqual(o.verdict, claims.NOT_RUN)
        self.assertIn("no scale-out rows of pbgl_boruvka", o.reason)
        o = verdict(results({1: 10.0, 2: 6.0}, None))
        self.assertEqual(o.verdict, claims.NOT_RUN)
        self.assertIn("no single-node program", o.reason)
        # A single-node program on another graph does not count.
        res = results({1: 10.0}, None)
        res.rows.append(row("kruskal_seq", 1.0, role="main", device="cpu", m=16000, run="main"))
        self.assertEqual(verdict(res).verdict, claims.NOT_RUN)

    def test_a_row_without_ranks_is_missing_data(self):
        res = results({1: 10.0}, 1.0)
        del res.rows[0]["ranks"]
        self.assertRaises(ResultsMissing, kruskal_100m.SCALE_OUT.times, res)

    def test_table_without_single_node_best_says_so(self):
        t = kruskal_100m.SCALE_OUT.table(results({1: 10.0, 2: 4.0}, None))
        self.assertEqual(t.rows[1][3], 2.5)
        self.assertIsNone(t.rows[1][5])
        self.assertIn("no single-node program", t.caption)


class SeveralEnginesTest(unittest.TestCase):
    """One problem, two distributed engines (as hybrid_dfs's PBGL and CombBLAS BFS):
    each drawn and listed, the claim taken by the better one."""

    so = scale_out.ScaleOut(
        "kruskal_100m",
        ("pbgl_boruvka", "other_msf"),
        ("PBGL", "other"),
        ("main",),
        {},
        "X-S1",
        "one run",
        "MST",
        "kruskal_seq",
        engine="two engines",
    )

    def res(self, other):
        rows = [row("pbgl_boruvka", t, p, run="a%d" % p) for p, t in {1: 10.0, 4: 8.0}.items()]
        rows += [row("other_msf", t, p, run="b%d" % p) for p, t in other.items()]
        rows += [row("kruskal_seq", 1.0, role="main", device="cpu", run="main")]
        return Results("kruskal_100m", rows, [{}])

    def test_the_claim_takes_the_better_engine(self):
        o = claims.evaluate(self.so.target_item(), self.res({1: 10.0, 4: 2.0}))
        self.assertEqual(o.verdict, claims.PARTLY, o.measured)  # other_msf scales, pbgl_boruvka does not
        self.assertIn("pbgl_boruvka best at P = 4", o.measured)
        self.assertIn("other_msf best at P = 4", o.measured)
        o = claims.evaluate(self.so.target_item(), self.res({1: 10.0, 4: 0.5}))
        self.assertEqual(o.verdict, claims.REPRODUCED, o.measured)

    def test_table_and_figure_show_each_engine(self):
        res = self.res({1: 10.0, 4: 2.0})
        t = self.so.table(res)
        self.assertEqual(t.header[0], "program")
        self.assertEqual(
            [(r[0], r[1]) for r in t.rows],
            [("pbgl_boruvka", 1), ("pbgl_boruvka", 4), ("other_msf", 1), ("other_msf", 4)],
        )
        fig = self.so.draw(res)
        labels = fig.axes[0].get_legend_handles_labels()[1]
        self.assertIn("PBGL", labels)
        self.assertIn("other", labels)
        scale_out.style.close(fig)

    def test_an_engine_without_rows_is_named(self):
        o = claims.evaluate(self.so.target_item(), self.res({}))
        self.assertEqual(o.verdict, claims.NOT_REPRODUCED, o.measured)
        self.assertIn("other_msf: no scale-out rows", o.measured)

    def test_the_module_names_both_bfs_engines(self):
        self.assertEqual(hybrid_dfs.SCALE_OUT.programs, ("pbgl_bfs", "combblas_bfs"))
        self.assertIn("`combblas_bfs`", hybrid_dfs.MODULE.ours)


if __name__ == "__main__":
    unittest.main()
