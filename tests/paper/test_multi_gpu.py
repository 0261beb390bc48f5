"""paper/multi_gpu.py and the targets D-T10..D-T12: verdicts from the
multi-gpu piece's rows (met, not met, not run on a machine with too few
GPUs, not run without the piece, not run at this scale), its table and
figures, and `make figures` on a directory that holds only that piece."""

import contextlib
import csv
import glob
import io
import os
import shutil
import subprocess
import tempfile
import unittest

from paper import claims, hybrid_dfs, multi_gpu, points, report, scope, select, style
from paper.claims import evaluate
from paper.results import ResultsMalformed, load
from tests.paper import make_fixtures

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUICK_GRAPHS = ((16, 2**20), (17, 2**21), (18, 2**22))


def claim(cid):
    return next(c for c in hybrid_dfs.MODULE.judged if c.id == cid)


class Piece(unittest.TestCase):
    """A results directory holding only the multi-gpu piece, written by the fixture generator."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def results(self, **kw):
        make_fixtures.hybrid_dfs_multi_gpu(out=self.dir, **kw)
        return select.drawable(load(self.dir, "hybrid_dfs"))

    def verdicts(self, res):
        return {cid: evaluate(claim(cid), res) for cid in ("D-T10", "D-T11", "D-T12")}


class TargetsTest(Piece):
    def test_four_gpus_meet_the_speedups_and_miss_the_weak_scaling(self):
        out = self.verdicts(self.results())  # efficiency 0.97 at 2, 0.82 at 4: 1.9x, 3.3x, 78% per GPU
        self.assertEqual(out["D-T10"].verdict, claims.REPRODUCED, out["D-T10"].reason)
        self.assertEqual(out["D-T11"].verdict, claims.REPRODUCED, out["D-T11"].reason)
        self.assertEqual(out["D-T12"].verdict, claims.NOT_REPRODUCED, out["D-T12"].reason)
        self.assertIn("on N = 2^27, M = 2^31", out["D-T10"].measured)
        self.assertIn("same run, hybrid_dfs-multi-gpu.csv", out["D-T11"].measured)
        self.assertIn("at G = 4 (M = 2^31)", out["D-T12"].measured)
        self.assertIn("at G = 1 (M = 2^29)", out["D-T12"].measured)
        self.assertLess(out["D-T12"].value, 80.0)
        self.assertGreater(out["D-T12"].value, 70.0)

    def test_the_speedups_missed_and_the_weak_scaling_met(self):
        out = self.verdicts(self.results(efficiency={1: 1.0, 2: 0.85, 4: 0.75}))
        self.assertEqual(out["D-T10"].verdict, claims.NOT_REPRODUCED)  # about 1.7x
        self.assertIn("< 1.8x", out["D-T10"].reason)
        self.assertEqual(out["D-T11"].verdict, claims.NOT_REPRODUCED)  # about 3x
        # Per GPU at G = 4 on the third graph: 0.9 (its dobfs_gpu) x 0.75 of G = 1's 1.0: about 67%.
        self.assertEqual(out["D-T12"].verdict, claims.NOT_REPRODUCED)
        out = self.verdicts(self.results(efficiency={1: 0.9, 2: 0.95, 4: 0.95}))
        self.assertEqual(out["D-T12"].verdict, claims.REPRODUCED)  # 0.9 x 0.95 / 0.9 = 95%

    def test_a_two_gpu_machine_leaves_the_four_gpu_targets_not_run(self):
        out = self.verdicts(self.results(gpus=(1, 2)))
        self.assertEqual(out["D-T10"].verdict, claims.REPRODUCED)
        for cid in ("D-T11", "D-T12"):
            self.assertEqual(out[cid].verdict, claims.NOT_RUN, cid)
            self.assertIn("G = 4", out[cid].reason)
            self.assertIn("dobfs_mgpu ran at G = 1, 2", out[cid].reason)

    def test_results_without_the_piece_say_not_run_with_the_reason(self):
        res = select.drawable(load(os.path.join(REPO, "tests", "paper", "fixtures", "complete"), "hybrid_dfs"))
        res = res.where(pred=lambda r: r["algorithm"] != multi_gpu.PROGRAM)
        for cid, out in self.verdicts(res).items():
            self.assertEqual(out.verdict, claims.NOT_RUN, cid)
            self.assertIn("2 or more GPUs", out.reason)

    def test_quick_scale_is_not_run_at_this_scale(self):
        for cid, out in self.verdicts(self.results(graphs=QUICK_GRAPHS)).items():
            self.assertEqual(out.verdict, claims.NOT_AT_SCALE, cid)
            self.assertIn("2^27", out.reason)

    def test_the_one_gpu_line_comes_from_the_same_run(self):
        res = self.results()
        other = [r for r in res.rows if r["algorithm"] == multi_gpu.ONE_GPU and r["n"] == 2**27]
        for r in other:  # a faster dobfs_gpu in another run: not the line to beat
            res.rows.append(type(r)(r, run_id="other", teps=str(10 * r.num("teps"))))
        self.assertEqual(evaluate(claim("D-T10"), res).verdict, claims.REPRODUCED)
        res.rows = [r for r in res.rows if not (r["algorithm"] == multi_gpu.ONE_GPU and r["run_id"] != "other")]
        out = evaluate(claim("D-T10"), res)
        self.assertEqual(out.verdict, claims.NOT_RUN)
        self.assertIn("beside dobfs_gpu", out.reason)

    def test_the_scope_names_the_program_the_module_measures(self):
        self.assertEqual(scope.MULTI_GPU.columns, {"algorithm": multi_gpu.PROGRAM})


class TableAndFiguresTest(Piece):
    def test_the_table_has_a_row_per_graph_and_gpu_count(self):
        t = multi_gpu.table(self.results(gpus=(1, 2)))
        col = {h: i for i, h in enumerate(t.header)}
        keys = [(r[col["graph"]], r[col["program"]], r[col["GPUs"]]) for r in t.rows]
        expected = []
        for scale, m in make_fixtures.MULTI_GPU_GRAPHS:
            g = "rmat-s%d-m%d" % (scale, m)
            expected += [(g, "dobfs_gpu", 1), (g, "dobfs_mgpu", 1), (g, "dobfs_mgpu", 2)]
        self.assertEqual(keys, expected)
        for r in t.rows:
            self.assertAlmostEqual(r[col["GTEPS per GPU"]] * r[col["GPUs"]], r[col["GTEPS"]])
            if r[col["program"]] == "dobfs_gpu":
                self.assertAlmostEqual(r[col["vs dobfs_gpu"]], 1.0)
                self.assertIsNone(r[col["comm"]])
            else:
                self.assertLessEqual(r[col["compute"]] + r[col["comm"]], 1.0)
                self.assertGreaterEqual(r[col["imbalance"]], 1.0)
        g2 = [r for r in t.rows if r[col["GPUs"]] == 2]
        self.assertTrue(all(1.7 < r[col["vs dobfs_gpu"]] < 2.1 for r in g2), g2)
        self.assertIn("2 GPUs (Fixture GPU)", t.caption)

    def test_the_strong_figure_draws_each_graph_and_its_one_gpu_line_in_one_colour(self):
        fig = multi_gpu.draw_strong(self.results())
        self.addCleanup(style.close, fig)
        ax = fig.axes[0]
        dashed = {l.get_label(): l.get_color() for l in ax.get_lines() if l.get_linestyle() == "--"}
        self.assertEqual(len(dashed), 3)
        self.assertEqual(len(ax.containers), 3)  # one error-bar line per graph
        for c in ax.containers:
            label = c.get_label()
            self.assertEqual(dashed["dobfs_gpu: " + label], c.lines[0].get_color())
            self.assertEqual(c.lines[0].get_linestyle(), "-")
        self.assertEqual([t.get_text() for t in ax.get_xticklabels()], ["1", "2", "4"])

    def test_the_weak_figure_follows_m_equal_g_times_the_edges_per_gpu(self):
        res = self.results()
        per_gpu, pts, _ = multi_gpu.weak_series(res)
        self.assertEqual(per_gpu, 2**29)
        self.assertEqual(sorted(pts), [1, 2, 4])
        fourth = sorted(
            r.num("teps") / 4 for r in res.where(algorithm="dobfs_mgpu", m=2**31).rows if r["gpus"] == "4"
        )
        self.assertEqual(pts[4].values, fourth)
        fig = multi_gpu.draw_weak(res)
        self.addCleanup(style.close, fig)
        self.assertIn("2^29 edges per GPU", fig.axes[0].get_title())

    def test_the_large_piece_tops_a_second_series_and_leaves_the_targets_as_they_were(self):
        alone = self.verdicts(self.results())
        make_fixtures.hybrid_dfs_multi_gpu(
            out=self.dir, gpus=(4,), graphs=((28, 2**32),), piece="multi-gpu-large", one_gpu=False
        )
        res = select.drawable(load(self.dir, "hybrid_dfs"))
        both = self.verdicts(res)
        for cid in ("D-T10", "D-T11", "D-T12"):
            self.assertEqual(both[cid].verdict, alone[cid].verdict, both[cid].reason)
            self.assertAlmostEqual(both[cid].value, alone[cid].value)
        self.assertIn("on N = 2^27, M = 2^31", both["D-T10"].measured)
        drawn = multi_gpu.weak_series_drawn(res)
        self.assertEqual([s[0] for s in drawn], [2**29, 2**30])
        per_gpu, pts, runs = drawn[1]
        self.assertEqual(sorted(pts), [1, 2, 4])
        self.assertEqual(multi_gpu.file_of(runs[4]), "hybrid_dfs-multi-gpu-large.csv")
        self.assertEqual(multi_gpu.file_of(runs[1]), "hybrid_dfs-multi-gpu.csv")
        fig = multi_gpu.draw_weak(res)
        self.addCleanup(style.close, fig)
        self.assertIn("2^29, 2^30 edges per GPU", fig.axes[0].get_title())
        graphs = {r[0] for r in multi_gpu.table(res).rows}
        self.assertIn("rmat-s28-m4294967296", graphs)

    def test_without_dobfs_gpu_the_figure_and_table_draw_and_the_targets_are_not_run(self):
        res = self.results()
        res.rows = [r for r in res.rows if r["algorithm"] != multi_gpu.ONE_GPU]
        fig = multi_gpu.draw_strong(res)
        self.addCleanup(style.close, fig)
        self.assertEqual([l for l in fig.axes[0].get_lines() if l.get_linestyle() == "--"], [])
        self.assertEqual(fig.axes[0].get_title(), "dobfs_mgpu vs GPUs")
        t = multi_gpu.table(res)
        self.assertEqual({r[1] for r in t.rows}, {"dobfs_mgpu"})
        self.assertEqual({r[t.header.index("vs dobfs_gpu")] for r in t.rows}, {None})
        out = evaluate(claim("D-T10"), res)
        self.assertEqual(out.verdict, claims.NOT_RUN)
        self.assertIn("no dobfs_gpu rows there", out.reason)

    def test_a_rerun_is_compared_per_gpu_count(self):
        medians = points.medians(self.results(gpus=(1, 2)))
        self.assertEqual(sorted(medians), ["multi-gpu"])
        piece = medians["multi-gpu"]

        def at(algorithm, gpus):
            return piece[points.Point("rmat-s27-m2147483648", algorithm, 1, "gpu", gpus, None)]

        self.assertGreater(at("dobfs_mgpu", 1) / at("dobfs_mgpu", 2), 1.7)  # G = 2 about twice as fast: never pooled
        self.assertEqual(sorted(k.gpus for k in piece if k.algorithm == "dobfs_mgpu"), [1, 1, 1, 2, 2, 2])
        self.assertIn(points.Point("rmat-s27-m2147483648", "dobfs_gpu", 1, "gpu", 1, None), piece)

    def test_a_row_without_a_gpu_count_is_malformed(self):
        self.results()
        path = os.path.join(self.dir, "hybrid_dfs-multi-gpu.csv")
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        gpus = rows[0].index("gpus")
        bad = next(i for i, r in enumerate(rows) if i and r[6] == "dobfs_mgpu")
        rows[bad][gpus] = ""
        with open(path, "w", newline="") as f:
            csv.writer(f, lineterminator="\n").writerows(rows)
        with self.assertRaisesRegex(ResultsMalformed, "line %d: a multi-GPU row without a GPU count" % (bad + 1)):
            multi_gpu.table(select.drawable(load(self.dir, "hybrid_dfs")))


class CompanionReportTest(unittest.TestCase):
    """A report of a one-GPU machine's results judges the several-GPU targets
    on the multi-GPU machines' runs beside them (<dir>-x2, <dir>-x4), and says so."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.tmp.name, "h")
        os.mkdir(self.dir)
        for f in glob.glob(os.path.join(REPO, "tests", "paper", "fixtures", "complete", "hybrid_dfs-fig4.*")):
            shutil.copy(f, self.dir)

    def tearDown(self):
        self.tmp.cleanup()

    def rows(self):
        out = os.path.join(self.tmp.name, "REPORT.md")
        with contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(report.main(["--results", self.dir, "--out", out]), 0)
        with open(out, encoding="utf-8") as f:
            text = f.read()
        return text, {line.split("|")[1].strip(): line for line in text.splitlines() if line.startswith("| D-T1")}

    def counts(self, text):
        """(reproduced, not run) of hybrid_dfs in the report's summary table."""
        cells = [c.strip() for c in next(l for l in text.splitlines() if l.startswith("| D | `hybrid_dfs`")).split("|")]
        first = cells.index(hybrid_dfs.MODULE.title) + 1
        return int(cells[first]), int(cells[first + 3])

    def test_without_companions_the_targets_are_not_run_for_want_of_gpus(self):
        text, rows = self.rows()
        for cid in ("D-T10", "D-T11", "D-T12"):
            self.assertIn("**not run**", rows[cid])
            self.assertIn("2 or more GPUs", rows[cid])
        self.assertNotIn("multi-GPU machines' runs beside them", text)

    def test_a_two_gpu_companion_judges_its_target_and_names_why_the_others_are_not_run(self):
        alone, _ = self.rows()
        make_fixtures.hybrid_dfs_multi_gpu(out=self.dir + "-x2", gpus=(1, 2))
        text, rows = self.rows()
        self.assertIn("**reproduced**", rows["D-T10"])
        self.assertIn("(in `%s-x2`)" % self.dir, rows["D-T10"])
        for cid in ("D-T11", "D-T12"):
            self.assertIn("**not run**", rows[cid])
            self.assertIn("in `%s-x2`" % self.dir, rows[cid])
            self.assertIn("dobfs_mgpu ran at G = 1, 2", rows[cid])
            # the hardware said first: four GPUs needed, two the most any machine here had
            self.assertIn(
                "needs 4 GPUs of one host, more than any machine with results here had "
                "(these results: 1, `%s-x2`: 2)" % self.dir,
                rows[cid],
            )
        self.assertNotIn("needs 2 GPUs of one host", rows["D-T10"])
        self.assertIn("`%s-x2`" % self.dir, text.split("## A.")[0])
        # The summary counts the companion's verdict: one reproduced more, one not run less.
        (r0, n0), (r1, n1) = (self.counts(t) for t in (alone, text))
        self.assertEqual((r1, n1), (r0 + 1, n0 - 1))

    def test_the_two_gpu_machine_is_asked_first_and_the_four_gpu_one_judges_the_rest(self):
        make_fixtures.hybrid_dfs_multi_gpu(out=self.dir + "-x2", gpus=(1, 2), efficiency={1: 1.0, 2: 0.8})
        make_fixtures.hybrid_dfs_multi_gpu(out=self.dir + "-x4")
        _, rows = self.rows()
        self.assertIn("**not reproduced**", rows["D-T10"])  # the x2 run's 1.6x, not the x4 run's 1.94x
        self.assertIn("`%s-x2`" % self.dir, rows["D-T10"])
        self.assertIn("**reproduced**", rows["D-T11"])
        self.assertIn("`%s-x4`" % self.dir, rows["D-T11"])
        self.assertIn("**not reproduced**", rows["D-T12"])
        self.assertIn("`%s-x4`" % self.dir, rows["D-T12"])
        self.assertNotIn("GPUs of one host, more than", "".join(rows.values()))

    def test_other_claims_are_never_taken_from_a_companion(self):
        make_fixtures.hybrid_dfs_multi_gpu(out=self.dir + "-x4")
        _, rows = self.rows()
        plain = {c.id for c in hybrid_dfs.MODULE.judged if not scope.needs_several_gpus("hybrid_dfs", c.id)}
        self.assertIn("D-T1", plain)
        self.assertEqual(sorted({"D-T10", "D-T11", "D-T12"} & plain), [])
        self.assertNotIn("-x4`", rows["D-T1"])


class MakeFiguresTest(Piece):
    def test_a_directory_of_the_multi_gpu_piece_alone(self):
        self.results(gpus=(1, 2), name="Fixture H100")
        r = subprocess.run(
            ["make", "-s", "figures", "RESULTS=" + self.dir], cwd=REPO, capture_output=True, text=True, timeout=300
        )
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        out = os.path.join(self.dir, "paper")
        for name in ("hybrid_dfs_multi_gpu", "hybrid_dfs_multi_gpu_weak"):
            self.assertGreater(os.path.getsize(os.path.join(out, "figures", name + ".png")), 1000)
        self.assertTrue(os.path.exists(os.path.join(out, "tables", "hybrid_dfs_multi_gpu.md")))
        with open(os.path.join(out, "REPORT.md"), encoding="utf-8") as f:
            report = f.read()
        self.assertIn("figures/hybrid_dfs_multi_gpu.png", report)
        self.assertIn("| D-T10 |", report)
        row = next(line for line in report.splitlines() if line.startswith("| D-T11 |"))
        self.assertIn("**not run**", row)
        self.assertIn("G = 1, 2", row)
        self.assertIn("`hybrid_dfs-multi-gpu.csv`", report)
        self.assertIn("| GPUs | 2 |", report)
        self.assertIn("**Ours: not run.**", report)  # the other experiments
        self.assertTrue(os.path.exists(os.path.join(out, "ARTIFACT.md")))


if __name__ == "__main__":
    unittest.main()
