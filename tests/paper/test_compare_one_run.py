"""paper.compare when a program ran in one run only: the rerun skipped the
paper's OpenCL program (no OpenCL GPU device, as on the multi-GPU machines'
images) and says so in its metadata, as the harness writes it."""

import contextlib
import io
import os
import tempfile
import unittest

from paper import compare, one_run, results
from paper.results import Results
from tests.paper import results_edit
from tests.paper.fixture_copy import COMPLETE

WHY = "no OpenCL gpu device on 1 platform(s)"
OPENCL = "two_kernel_opencl"
LARGEST = "4000000"


def skip_opencl(results_dir):
    """What a machine without an OpenCL GPU writes: no rows of the OpenCL program on
    the GPU, and the driver's line for each piece (common/harness/driver.cpp)."""
    for piece in ("sweep", "grid"):
        stem = os.path.join(results_dir, "dijkstra_deg5-" + piece)
        results_edit.drop_rows(stem, algorithm=OPENCL, device="gpu")
        results_edit.set_meta(stem, skipped_programs="%s %s: %s" % (piece, OPENCL, WHY))


class Sides(unittest.TestCase):
    """A reference of every dijkstra_deg5 program and a rerun without the OpenCL
    one; ``slow_cuda``: the rerun's CUDA twin also twice as slow at the largest n."""

    slow_cuda = False

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.ref, cls.new = results_edit.two_runs(cls.tmp.name, COMPLETE, "dijkstra_deg5-sweep.", "dijkstra_deg5-grid.")
        skip_opencl(cls.new)
        if cls.slow_cuda:
            results_edit.scale_seconds(
                os.path.join(cls.new, "dijkstra_deg5-sweep"), 2.0, algorithm="two_kernel_cuda", n=LARGEST
            )
        cls.cmp = compare.compare(cls.new, cls.ref)
        cls.claims = {c.claim.id: c for c in cls.cmp.claims()}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_main(self, *argv):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = compare.main(list(argv))
        return rc, out.getvalue()

    def assert_opencl_once(self, c):
        self.assertEqual([(o.program, o.device, o.side, o.why) for o in c.once], [(OPENCL, "gpu", "reference", WHY)])


class OnlyTheProgramDiffers(Sides):
    def test_a_claim_that_falls_back_to_the_cuda_twin_is_one_run_only(self):
        # E1 judges the OpenCL program's speedups, or CUDA's where OpenCL did not run:
        # the fixture's CUDA program is inside the paper's range where OpenCL is not.
        e1 = self.claims["E1"]
        self.assertEqual(e1.status, compare.DIFFER)
        self.assertEqual(e1.machines, compare.ONE_RUN)
        self.assert_opencl_once(e1)
        self.assertEqual(e1.common.status, compare.AGREE)
        self.assertIn("skipped here: " + WHY, e1.machines_text)
        self.assertTrue(e1.machines_text.endswith("without it in either run the claim agrees"), e1.machines_text)

    def test_a_claim_that_needs_the_program_says_why_it_did_not_run(self):
        e4 = self.claims["E4"]  # OpenCL within 2x of CUDA
        self.assertEqual(e4.status, compare.NOT_RUN_HERE)
        self.assert_opencl_once(e4)
        self.assertIsNone(e4.machines)

    def test_claims_that_do_not_read_it_are_not_traced_to_it(self):
        for cid in ("E3", "E5", "E6"):  # CUDA, the best GPU program (near-far), delta-stepping
            self.assertEqual((self.claims[cid].status, self.claims[cid].once), (compare.AGREE, []), cid)

    def test_its_points_are_reported_with_the_reason(self):
        by_name = {p.piece: p for p in self.cmp.pieces()}
        for piece, sizes in (("sweep", 4), ("grid", 1)):
            p = by_name[piece]
            self.assertEqual(len(p.missing), sizes, piece)
            self.assertEqual({k.algorithm for k in p.missing}, {OPENCL})
            self.assertEqual({(a.one_run, a.recorded) for a in p.absent.values()}, {(True, True)})
        rc, out = self.run_main("--results", self.new, "--reference", self.ref, "--strict")
        self.assertIn(
            "4 missing here, %s on gpu ran in the reference only (skipped here: %s): fixed-degree5-n" % (OPENCL, WHY),
            out,
        )
        self.assertIn("a program or graph ran in one run only: %s on gpu ran in the reference only" % OPENCL, out)
        self.assertIn("(5 missing here, 0 only here; 5 of a program or graph that ran in one run only)", out)
        self.assertIn("0 differ beyond the machines, 1 a program or graph ran in one run only", out)
        self.assertEqual(rc, 0)  # a program one run lacks is listed, not a failure

    def test_the_other_way_round_the_program_ran_here_only(self):
        cmp = compare.compare(self.ref, self.new)
        e1 = next(c for c in cmp.claims() if c.claim.id == "E1")
        self.assertEqual([(o.side, o.why) for o in e1.once], [("rerun", WHY)])
        self.assertIn("ran in this run only (skipped in the reference: %s)" % WHY, e1.machines_text)


class TheProgramAndMore(Sides):
    slow_cuda = True

    def test_without_the_program_the_claim_is_classified_as_any_other(self):
        e2 = self.claims["E2"]  # the speedup grows with n: CUDA's no longer does at the largest n
        self.assertEqual(e2.machines, compare.ONE_RUN)
        self.assert_opencl_once(e2)
        self.assertEqual(e2.common.status, compare.DIFFER)
        self.assertEqual(e2.common.machines, compare.UNCLASSIFIED)  # the fixtures measure no host
        self.assertIn("without it in either run it differs: %s" % compare.UNCLASSIFIED, e2.machines_text)

    def test_a_claim_on_the_cuda_program_alone_is_not_traced_to_opencl(self):
        e3 = self.claims["E3"]
        self.assertEqual((e3.status, e3.once), (compare.DIFFER, []))
        self.assertNotEqual(e3.machines, compare.ONE_RUN)

    def test_strict_fails_on_what_differs_beyond_the_missing_program(self):
        self.assertEqual(self.run_main("--results", self.new, "--reference", self.ref, "--strict")[0], 1)
        self.assertTrue(self.claims["E2"].disagrees())
        self.assertFalse(self.claims["E1"].disagrees())


class SkippedOnOneGraph(unittest.TestCase):
    """A program left out of one graph (Session::skip_on_graph) still ran: its other points compare."""

    def test_the_missing_point_carries_the_graph_s_reason(self):
        why = "estimated work 2.7e+11 above --prim-max-work 1e+11"
        graph = "gtgraph-random-n16384"
        with tempfile.TemporaryDirectory() as tmp:
            ref, new = results_edit.two_runs(tmp, COMPLETE, "prim_gpu-paper.")
            stem = os.path.join(new, "prim_gpu-paper")
            results_edit.drop_rows(stem, algorithm="prim_naive_gpu", graph=graph)
            results_edit.set_meta(stem, skipped_programs="paper prim_naive_gpu on %s: %s" % (graph, why))
            cmp = compare.compare(new, ref)
        (p,) = cmp.pieces()
        self.assertEqual([(k.algorithm, k.graph) for k in p.missing], [("prim_naive_gpu", graph)])
        absence = p.absent[p.missing[0]]
        self.assertEqual((absence.one_run, absence.recorded), (False, True))
        self.assertEqual(absence.text, "prim_naive_gpu skipped here: " + why)
        self.assertEqual([c.once for c in cmp.claims() if c.once], [])


class Reasons(unittest.TestCase):
    def results(self, *lines):
        return Results("x", [], [{"skipped_programs": "; ".join(lines)}, {"rows": 0}])

    def test_piece_and_graph_lines(self):
        res = self.results("sweep ocl: no device", "grid ocl: no device", "paper naive on g1: too slow: 3 s")
        self.assertEqual(one_run.skips(res)[2], ("naive", "g1", "too slow: 3 s"))
        self.assertEqual(one_run.reason(res, "ocl"), "no device")  # one reason, said once
        self.assertEqual(one_run.reason(res, "naive", "g1"), "too slow: 3 s")
        self.assertIsNone(one_run.reason(res, "naive", "g2"))
        self.assertEqual(one_run.reason(res, "naive"), "on g1: too slow: 3 s")
        self.assertIsNone(one_run.reason(res, "other"))

    def test_find_names_each_side(self):
        ref = Results("x", [{"algorithm": "a", "device": "gpu"}, {"algorithm": "b", "device": "cpu"}], [])
        new = Results("x", [{"algorithm": "b", "device": "cpu"}, {"algorithm": "a", "device": "cpu"}], [])
        found = [(o.program, o.device, o.side) for o in one_run.find(ref, new)]
        self.assertEqual(found, [("a", "gpu", "reference"), ("a", "cpu", "rerun")])
        self.assertEqual(one_run.without(ref, one_run.find(ref, new)).rows, [{"algorithm": "b", "device": "cpu"}])


if __name__ == "__main__":
    unittest.main()


class AGraphOneRunDidNotMeasure(unittest.TestCase):
    """A rerun without the largest graph (its piece not run there, as in a rerun of
    some pieces): a claim that counts over the graphs counts over fewer, which is
    not the machines' doing."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.ref, cls.new = results_edit.two_runs(cls.tmp.name, COMPLETE, "dijkstra_deg5-sweep.", "dijkstra_deg5-grid.")
        results_edit.drop_rows(os.path.join(cls.new, "dijkstra_deg5-sweep"), n=LARGEST)
        cls.cmp = compare.compare(cls.new, cls.ref)
        cls.claims = {c.claim.id: c for c in cls.cmp.claims()}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_a_count_over_graphs_is_one_run_only(self):
        e2 = self.claims["E2"]  # the speedup grows with n: counted over the sizes each run has
        self.assertEqual(e2.status, compare.DIFFER)
        self.assertEqual(e2.machines, compare.ONE_RUN)
        self.assertEqual([(o.graph, o.side) for o in e2.once], [("fixed-degree5-n" + LARGEST, one_run.REFERENCE)])
        self.assertIn("ran in the reference only (piece sweep, no rows of it here)", e2.machines_text)
        self.assertEqual(e2.common.status, compare.AGREE)

    def test_its_points_are_missing_for_that_reason(self):
        sweep = {p.piece: p for p in self.cmp.pieces()}["sweep"]
        self.assertTrue(sweep.missing)
        self.assertEqual({k.graph for k in sweep.missing}, {"fixed-degree5-n" + LARGEST})
        self.assertEqual({(a.one_run, a.recorded) for a in sweep.absent.values()}, {(True, False)})

    def test_only_the_graph_is_once(self):
        found = one_run.find(results.load(self.ref, "dijkstra_deg5"), results.load(self.new, "dijkstra_deg5"))
        self.assertEqual([type(o).__name__ for o in found], ["OneRunGraph"])
