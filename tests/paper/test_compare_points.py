"""paper.compare matches figure data points by what they measure (graph,
program, threads, device, GPU and rank counts), whatever piece each run filed
them under: a reference written before hybrid_dfs's rows had a GPU count, or
with a piece named otherwise, against a run of today."""

import os
import tempfile
import unittest

from paper import compare, points
from paper.results import Row, load
from tests.paper import results_edit
from tests.paper.fixture_copy import COMPLETE

# The committed fixture's hybrid_dfs pieces predate the gpus column: their GPU rows
# carry the piece name alone, as results/reference/h100's fig4 does.
PIECES = ("hybrid_dfs-fig4", "hybrid_dfs-road")
GPU_PROGRAMS = {"read_gpu", "hybrid_cpu_gpu", "dobfs_gpu"}


def pieces_by_name(cmp):
    return {p.piece: p for p in cmp.pieces()}


class GpuCountAddedSince(unittest.TestCase):
    """The reference without a gpus column; the rerun as hybrid_dfs writes today."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.ref, cls.new = results_edit.two_runs(cls.tmp.name, COMPLETE, *(p + "." for p in PIECES))
        for piece in PIECES:
            results_edit.add_gpu_count(os.path.join(cls.new, piece))
        cls.cmp = compare.compare(cls.new, cls.ref)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_rerun_has_the_gpu_count_and_the_reference_not(self):
        new, ref = load(self.new, "hybrid_dfs"), load(self.ref, "hybrid_dfs")
        self.assertEqual({r["gpus"] for r in new.rows if r["algorithm"] in GPU_PROGRAMS}, {"1"})
        self.assertTrue(all("gpus" not in r for r in ref.rows))

    def test_every_point_is_compared_under_its_piece(self):
        by_name = pieces_by_name(self.cmp)
        self.assertEqual(sorted(by_name), ["fig4", "road"])
        for p in by_name.values():
            self.assertEqual((p.missing, p.extra, p.moved), ([], [], {}), p.piece)
            self.assertEqual(p.within, len(p.compared), p.piece)
        fig4 = {k.algorithm for k, *_ in by_name["fig4"].compared}
        self.assertEqual(fig4, GPU_PROGRAMS)
        self.assertEqual({k.gpus for k, *_ in by_name["fig4"].compared}, {1})

    def test_the_text_shows_no_point_on_one_side_only(self):
        out = compare.render(self.cmp)
        self.assertIn("fig4               3/3 points within", out)
        self.assertNotIn("fig4-g1", out)
        self.assertRegex(out, r"points within tolerance: \d+/\d+ \(0 missing here, 0 only here")


class PieceRenamed(unittest.TestCase):
    """The rerun files fig4's rows under another piece name (and GPU count)."""

    def test_points_follow_their_identity_into_the_new_piece(self):
        with tempfile.TemporaryDirectory() as tmp:
            ref, new = results_edit.two_runs(tmp, COMPLETE, "hybrid_dfs-fig4.")
            stem = results_edit.rename_piece(os.path.join(new, "hybrid_dfs-fig4"), "fig4-g1")
            results_edit.add_gpu_count(stem)
            cmp = compare.compare(new, ref)
        by_name = pieces_by_name(cmp)
        self.assertEqual(sorted(by_name), ["fig4-g1"])
        p = by_name["fig4-g1"]
        self.assertEqual((len(p.compared), p.missing, p.extra), (3, [], []))
        self.assertEqual(set(p.moved.values()), {"fig4"})
        self.assertIn("3 of them filed in the reference under piece fig4", compare.render(cmp))


class Identity(unittest.TestCase):
    def row(self, **extra):
        return Row(dict(dict(graph="g", algorithm="a", threads=1, device="gpu", _file="x.csv", _line=2), **extra))

    def test_a_gpu_row_without_the_column_ran_on_one_gpu(self):
        self.assertEqual(points.point(self.row()).gpus, 1)
        self.assertEqual(points.point(self.row(gpus="1")), points.point(self.row()))
        self.assertNotEqual(points.point(self.row(gpus="2")), points.point(self.row()))
        self.assertIsNone(points.point(self.row(device="cpu", gpus="")).gpus)

    def test_rank_counts_are_separate_points(self):
        one, four = points.point(self.row(device="mpi", ranks="1")), points.point(self.row(device="mpi", ranks="4"))
        self.assertEqual((one.ranks, four.ranks), (1, 4))
        self.assertIn("4 ranks", points.label(four))

    def test_a_point_in_two_pieces_of_both_runs_stays_in_each(self):
        k = points.Point("g", "a", 16, "cpu", None, None)
        ref = {"fig3": {k: 1.0}, "fig4": {k: 2.0}}
        self.assertEqual(points.moved(ref, {"fig3": {k: 1.1}, "fig4": {k: 2.1}}), {})
        # The rerun names fig4 otherwise: only that one moves, fig3 keeps its own.
        moves = points.moved(ref, {"fig3": {k: 1.1}, "main": {k: 2.1}})
        self.assertEqual(moves, {("fig4", k): "main"})
        self.assertEqual(points.refile(ref, moves), {"fig3": {k: 1.0}, "main": {k: 2.0}})


if __name__ == "__main__":
    unittest.main()
