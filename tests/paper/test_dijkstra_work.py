"""Paper E's work-efficient GPU programs: their counters (relax_per_arc,
buckets, wait_s) drawn beside the time, and the targets that compare
async_buckets_gpu judged only where it ran."""

import glob
import os
import tempfile
import unittest

from paper import claims, dijkstra_deg5, select, style
from paper.results import ResultsMissing, load
from paper.stats import Summary
from tests.paper.results_edit import copy_pieces, drop_rows, edit_rows

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "tests", "paper", "fixtures", "complete")
ASYNC_TARGETS = ("E7", "E8", "E11")


def results(where):
    return select.drawable(load(where, "dijkstra_deg5"))


COUNTERS = ("relax_per_arc", "buckets", "wait_s")


def without_async_buckets(test, counters=True):
    """The fixtures' paper E results without any async_buckets_gpu row (a run
    from before the program, or one that skipped it); counters=False also
    empties the work counters (a run from before they were recorded)."""
    tmp = tempfile.TemporaryDirectory()
    test.addCleanup(tmp.cleanup)
    copy_pieces(tmp.name, FIXTURES, "dijkstra_deg5-")

    def blank(header, rows):
        for r in rows:
            r.update({c: "" for c in COUNTERS if c in r})
        return header, rows

    for path in glob.glob(os.path.join(tmp.name, "*.csv")):
        stem = path[: -len(".csv")]
        drop_rows(stem, algorithm="async_buckets_gpu")
        if not counters:
            edit_rows(stem, blank)
    return results(tmp.name)


def outcome(cid, res):
    return claims.evaluate(next(c for c in dijkstra_deg5.MODULE.judged if c.id == cid), res)


def median(rows, column):
    return Summary([r.num(column) for r in rows.rows]).median


class WorkTable(unittest.TestCase):
    def setUp(self):
        self.res = results(FIXTURES)
        self.table = dijkstra_deg5.work_table(self.res)
        self.col = {h: i for i, h in enumerate(self.table.header)}

    def row(self, graph_prefix, algo):
        label = dijkstra_deg5.ALGOS[algo].label
        hits = [r for r in self.table.rows if r[0].startswith(graph_prefix) and r[1] == label]
        self.assertEqual(len(hits), 1, (graph_prefix, algo))
        return hits[0]

    def test_every_counter_stands_beside_the_time(self):
        for column in ("time (ms)", "arcs relaxed per arc", "buckets", "waiting (ms)", "waiting (% of time)"):
            self.assertIn(column, self.col)
        # Both programs at the sweep's largest n and on the grid.
        self.assertEqual(len(self.table.rows), 4)

    def test_values_are_the_medians_of_the_rows(self):
        for prefix, rows in (
            ("n = 4M", dijkstra_deg5.on_gpu_sweep(self.res).where(n=4 * 10**6)),
            ("grid-2048x2048", dijkstra_deg5.on_grid(self.res)),
        ):
            for algo in dijkstra_deg5.WORK_EFFICIENT:
                sub = rows.where(algorithm=algo)
                row = self.row(prefix, algo)
                self.assertAlmostEqual(row[self.col["time (ms)"]], median(sub, "seconds") * 1e3)
                self.assertAlmostEqual(row[self.col["arcs relaxed per arc"]], median(sub, "relax_per_arc"))
                self.assertEqual(row[self.col["buckets"]], round(median(sub, "buckets")))

    def test_waiting_is_async_buckets_only_and_a_share_of_its_time(self):
        nf = self.row("n = 4M", "near_far_gpu")
        self.assertIsNone(nf[self.col["waiting (ms)"]])
        ab = self.row("n = 4M", "async_buckets_gpu")
        wait, ms = ab[self.col["waiting (ms)"]], ab[self.col["time (ms)"]]
        self.assertGreater(wait, 0)
        self.assertAlmostEqual(ab[self.col["waiting (% of time)"]], 100 * wait / ms)
        self.assertLess(wait, ms)

    def test_results_without_counters_show_the_time_and_dashes(self):
        table = dijkstra_deg5.work_table(without_async_buckets(self, counters=False))
        self.assertTrue(table.rows)
        for r in table.rows:
            self.assertEqual(r[1], dijkstra_deg5.ALGOS["near_far_gpu"].label)
            self.assertGreater(r[2], 0)
            self.assertEqual(r[3:], [None] * 4)

    def test_without_either_program_the_table_is_missing(self):
        res = self.res.where(pred=lambda r: r["algorithm"] not in dijkstra_deg5.WORK_EFFICIENT)
        with self.assertRaises(ResultsMissing):
            dijkstra_deg5.work_table(res)


class WorkFigures(unittest.TestCase):
    def draw(self, name, res):
        fig = next(f for f in dijkstra_deg5.MODULE.figures if f.name == name).draw(res)
        self.addCleanup(style.close, fig)
        return fig.axes[0]

    def test_the_counter_figures_draw_both_programs(self):
        res = results(FIXTURES)
        work = self.draw("work", res).get_legend().get_texts()  # a line per program
        grid = self.draw("grid_work", res).get_xticklabels()  # a bar per program
        for name, texts in (("work", work), ("grid_work", grid)):
            labels = [t.get_text() for t in texts]
            for algo in dijkstra_deg5.WORK_EFFICIENT:
                self.assertIn(dijkstra_deg5.ALGOS[algo].label, labels, name)

    def test_waiting_is_drawn_beside_the_time(self):
        ax = self.draw("async_wait", results(FIXTURES))
        labels = [t.get_text() for t in ax.get_legend().get_texts()]
        self.assertEqual(len(labels), 2)
        self.assertTrue(any("waiting" in t for t in labels))
        self.assertTrue(any("time per source" in t for t in labels))

    def test_without_async_rows_the_waiting_figure_is_missing(self):
        with self.assertRaises(ResultsMissing):
            dijkstra_deg5.async_time_and_waiting(without_async_buckets(self))


class TargetsComparingAsyncBuckets(unittest.TestCase):
    def test_not_run_without_async_buckets_rows(self):
        for cid in ASYNC_TARGETS:
            o = outcome(cid, without_async_buckets(self))
            self.assertEqual(o.verdict, claims.NOT_RUN, cid)
            self.assertIn("async_buckets_gpu", o.reason)

    def test_judged_on_the_best_program_where_both_ran(self):
        res = results(FIXTURES)
        for cid in ASYNC_TARGETS:
            self.assertTrue(claims.ran(outcome(cid, res).verdict), cid)
        # The fixtures: near-far faster on the degree-5 graph, async_buckets_gpu on the grid.
        self.assertTrue(outcome("E7", res).measured.startswith("near_far_gpu"))
        self.assertTrue(outcome("E8", res).measured.startswith("async_buckets_gpu"))
        e11 = outcome("E11", res)
        self.assertTrue(e11.measured.startswith("async_buckets_gpu"))
        self.assertEqual(e11.verdict, claims.REPRODUCED)  # the fixtures' grid rows are under 6 ms

    def test_without_its_grid_rows_only_the_grid_targets_are_not_run(self):
        slow = results(FIXTURES).where(
            pred=lambda r: not (r["algorithm"] == "async_buckets_gpu" and r["generator"] == "grid")
        )
        # Without its grid rows E11 is not judged, rather than judged on near-far alone.
        self.assertEqual(outcome("E11", slow).verdict, claims.NOT_RUN)
        self.assertEqual(outcome("E8", slow).verdict, claims.NOT_RUN)
        self.assertTrue(claims.ran(outcome("E7", slow).verdict))

    def test_e11_names_the_grid(self):
        sweep_only = results(FIXTURES).where(pred=lambda r: r["generator"] != "grid")
        self.assertEqual(outcome("E11", sweep_only).verdict, claims.NOT_AT_SCALE)


if __name__ == "__main__":
    unittest.main()
