"""paper.bounds: what each correction of the bound model rests on, checked on the
committed reference, and what it changes in paper.compare's classification."""

import statistics
import unittest

from paper import bounds, compare, kruskal_100m, select
from paper.claims import evaluate
from paper.results import Results, Row, load
from tests.paper.test_compare import REFERENCE

HOST_PROFILE = "host profile"


def main_rows(algorithm):
    res = select.drawable(load(REFERENCE, "kruskal_100m"))
    return res.where(piece="main", algorithm=algorithm, m=10**8).rows


def median(rows, column):
    return statistics.median(float(r[column]) for r in rows)


def host(cpu_seq_1=1.0, gpu_seq=1.0):
    """A host characterisation (paper.hosts.characterise) this many times the reference's below."""
    return {"cpu_seq@1": {HOST_PROFILE: 15.0 * cpu_seq_1}, "gpu_seq": {HOST_PROFILE: 2934.0 * gpu_seq}}


def claim(cid):
    return next(c for c in kruskal_100m.MODULE.judged if c.id == cid)


class KruskalThrustOnTheHost(unittest.TestCase):
    def test_its_time_in_the_reference_is_host_copies(self):
        # The premise of C2's bound and of kruskal_thrust's points: if a new reference
        # moves this time onto the GPU, paper/bounds.py's THRUST_ON_THE_HOST is wrong.
        rows = main_rows("kruskal_thrust")
        seconds = median(rows, "seconds")
        self.assertGreater((median(rows, "h2d_s") + median(rows, "d2h_s")) / seconds, 0.9)
        self.assertLess(median(rows, "sort_s") / seconds, 0.05)

    def test_c2_moves_with_the_host_not_the_gpu(self):
        c2 = bounds.of("kruskal_100m", "C2")
        self.assertFalse([r for r in c2.resources if r.startswith("gpu")])
        faster_gpu = bounds.predicted(c2, host(gpu_seq=1.3), host(), 0.15)
        self.assertEqual((faster_gpu.factor, faster_gpu.moves), (1.0, False))
        self.assertAlmostEqual(bounds.predicted(c2, host(cpu_seq_1=0.6), host(), 0.15).factor, 0.6)

    def test_its_points_are_bound_by_the_host(self):
        self.assertEqual(bounds.point_bound("kruskal_100m", 16, "gpu", "kruskal_thrust").down, ["cpu_seq@1"])
        self.assertEqual(bounds.point_bound("kruskal_100m", 1, "gpu", "kruskal_cub_gpu").down, ["gpu_seq"])


class SimulatedH200(unittest.TestCase):
    """The reference's main piece as a host whose one thread reads 0.7x as fast and
    whose GPU reads 1.3x as fast would run it: kruskal_thrust's host phases 1/0.7
    as long, its sort 1/1.3; kruskal_seq's core-bound quicksort as before."""

    HOST, GPU = 0.7, 1.3

    def rerun(self):
        rows = []
        for r in select.drawable(load(REFERENCE, "kruskal_100m")).where(piece="main").rows:
            if r["algorithm"] == "kruskal_thrust":
                sort = float(r["sort_s"])
                r = Row(r, seconds=(r["seconds"] - sort) / self.HOST + sort / self.GPU)
            rows.append(r)
        return Results("kruskal_100m", rows, [])

    def test_c2_differs_as_the_machines_predict(self):
        ref = select.drawable(load(REFERENCE, "kruskal_100m")).where(piece="main")
        c = compare.ClaimComparison(claim("C2"), evaluate(claim("C2"), ref), evaluate(claim("C2"), self.rerun()))
        self.assertEqual(c.status, compare.DIFFER)
        self.assertAlmostEqual(1 + c.diffs[0].rel, self.HOST, delta=0.02)  # the copies' slowdown, nearly all of it
        here, reference = host(self.HOST, self.GPU), host()
        c.classify("kruskal_100m", here, reference)
        self.assertEqual(c.machines, compare.AS_PREDICTED, c.machines_text)
        # The bound before the correction (the GPU's bandwidth over one thread's) called it beyond.
        old = bounds.speedup("gpu_seq", "cpu_seq@1")
        pred = bounds.predicted(old, here, reference, c.tolerance)
        self.assertEqual(compare.classify(c.diffs, pred, c.tolerance, old)[0], compare.BEYOND)


if __name__ == "__main__":
    unittest.main()
