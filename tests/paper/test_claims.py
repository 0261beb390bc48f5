"""Verdict rules: a claim that holds, one that does not, partial and absent data."""

import unittest

from paper import claims
from paper.claims import Claim, Measured, at_least, at_most, conditions, evaluate, share, within
from paper.results import Results, Row


def rows(*specs):
    """Results of prim_gpu rows from (algorithm, n, seconds)."""
    out = []
    for algo, n, sec in specs:
        out.append(
            Row(
                experiment="prim_gpu",
                graph="g%d" % n,
                generator="x",
                n=n,
                m=10 * n,
                seed=1,
                algorithm=algo,
                threads=1,
                device="cpu",
                trial=0,
                seconds=sec,
                answer="weight=1;edges=1",
                verified=True,
                piece="paper",
                role="main",
                run_id="r1",
            )
        )
    return Results("prim_gpu", out, [{}])


class RuleTest(unittest.TestCase):
    def test_at_least(self):
        rule = at_least(2.0, partly=1.0, unit="x")
        self.assertEqual(rule(2.5)[0], claims.REPRODUCED)
        self.assertEqual(rule(1.5)[0], claims.PARTLY)
        self.assertEqual(rule(0.5)[0], claims.NOT_REPRODUCED)
        self.assertIn("0.5x", rule(0.5)[1])

    def test_at_most_and_within(self):
        self.assertEqual(at_most(1.0)(0.9)[0], claims.REPRODUCED)
        self.assertEqual(at_most(1.0)(1.1)[0], claims.NOT_REPRODUCED)
        rule = within(0.5, 0.7, partly=(0.4, 0.9))
        self.assertEqual(rule(0.6)[0], claims.REPRODUCED)
        self.assertEqual(rule(0.8)[0], claims.PARTLY)
        self.assertEqual(rule(0.95)[0], claims.NOT_REPRODUCED)

    def test_conditions_name_the_failing_one(self):
        rule = conditions()
        self.assertEqual(rule({"a": True, "b": True})[0], claims.REPRODUCED)
        verdict, reason = rule({"a": True, "b": False})
        self.assertEqual(verdict, claims.PARTLY)
        self.assertIn("b", reason)
        self.assertEqual(rule({"a": False, "b": False})[0], claims.NOT_REPRODUCED)

    def test_share(self):
        rule = share(partly=0.5)
        self.assertEqual(rule((4, 4))[0], claims.REPRODUCED)
        self.assertEqual(rule((2, 4))[0], claims.PARTLY)
        self.assertEqual(rule((1, 4))[0], claims.NOT_REPRODUCED)
        self.assertEqual(rule((0, 0))[0], claims.NOT_REPRODUCED)


def speedup_of_fast_over_slow(res):
    slow = res.require("slow", algorithm="slow").rows[0]["seconds"]
    fast = res.require("fast", algorithm="fast").rows[0]["seconds"]
    return Measured(slow / fast, "%.3gx" % (slow / fast))


CLAIM = Claim("X1", "fast is 2x faster than slow", speedup_of_fast_over_slow, at_least(1.4, partly=1.0, unit="x"))


class ClaimTest(unittest.TestCase):
    def test_a_claim_that_holds(self):
        o = evaluate(CLAIM, rows(("slow", 100, 2.0), ("fast", 100, 0.5)))
        self.assertEqual(o.verdict, claims.REPRODUCED)
        self.assertEqual(o.measured, "4x")

    def test_a_claim_that_does_not_hold(self):
        o = evaluate(CLAIM, rows(("slow", 100, 1.0), ("fast", 100, 2.0)))
        self.assertEqual(o.verdict, claims.NOT_REPRODUCED)
        self.assertIn("0.5x", o.reason)

    def test_missing_rows_mean_not_run_with_the_reason(self):
        o = evaluate(CLAIM, rows(("slow", 100, 1.0)))
        self.assertEqual(o.verdict, claims.NOT_RUN)
        self.assertIn("fast", o.reason)

    def test_absent_experiment_is_not_run(self):
        o = evaluate(CLAIM, None, "skipped: no GPU")
        self.assertEqual((o.verdict, o.reason), (claims.NOT_RUN, "skipped: no GPU"))

    def test_a_rule_cannot_invent_a_verdict(self):
        bad = claims.Rule("always great", lambda v: ("great", "because"))
        with self.assertRaises(ValueError):
            bad(1)


class PaperClaimsTest(unittest.TestCase):
    """The real prim_gpu claims on data where the paper holds and where it does not."""

    def sweep(self, minreduce_factor):
        specs = []
        for n in (2048, 4096, 8192, 16384):
            bgl = n * 1e-6
            specs += [
                ("bgl_prim", n, bgl),
                ("prim_naive_gpu", n, bgl * 30),
                ("prim_minreduce_gpu", n, bgl * minreduce_factor(n)),
            ]
        return rows(*specs)

    def verdicts(self, res):
        from paper import prim_gpu

        return {c.id: evaluate(c, res).verdict for c in prim_gpu.MODULE.claims}

    def test_paper_shape_is_reproduced(self):
        # min-reduction 2x faster than BGL above 4096, slower below: the paper's curves.
        v = self.verdicts(self.sweep(lambda n: 0.5 if n > 4096 else 1.5))
        self.assertEqual(
            {k: v[k] for k in ("A1", "A2", "A3")},
            {"A1": claims.REPRODUCED, "A2": claims.REPRODUCED, "A3": claims.REPRODUCED},
        )

    def test_launch_bound_gpu_is_not_reproduced(self):
        # min-reduction 20x slower than BGL everywhere (but faster than the naive one).
        v = self.verdicts(self.sweep(lambda n: 20.0))
        self.assertEqual(v["A2"], claims.PARTLY)
        self.assertEqual(v["A3"], claims.NOT_REPRODUCED)


if __name__ == "__main__":
    unittest.main()
