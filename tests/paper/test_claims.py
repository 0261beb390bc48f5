"""Verdict rules: a claim that holds, one that does not, partial and absent data;
the reason of a failed verdict says what was false; claims and targets in
separate lists."""

import os
import unittest

from paper import claims, outputs, registry, select
from paper.claims import (
    Check,
    Claim,
    Measured,
    about,
    at_least,
    at_most,
    check_every,
    conditions,
    evaluate,
    reaches,
    share,
    within,
)
from paper.module import Module
from paper.results import Results, ResultsMissing, Row, load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFERENCES = [outputs.REFERENCE, outputs.QUICK_REFERENCE]
FIXTURES = os.path.join(ROOT, "tests", "paper", "fixtures", "complete")


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

    def test_share_says_how_many_cases_fail(self):
        self.assertEqual(share(partly=0.5)((2, 3)), (claims.PARTLY, "does not hold in 1 of 3 cases"))
        self.assertEqual(share(partly=0.5)((1, 4)), (claims.NOT_REPRODUCED, "does not hold in 3 of 4 cases"))

    def test_paper_figures_scale_by_the_named_share(self):
        self.assertEqual(reaches(2.0, unit="x")(2.0 * claims.PAPER_FIGURE_SHARE)[0], claims.REPRODUCED)
        self.assertEqual(reaches(2.0, unit="x")(0.99 * 2.0 * claims.PAPER_FIGURE_SHARE)[0], claims.NOT_REPRODUCED)
        rule = about(9, unit="x")
        self.assertEqual(rule(9 / claims.ABOUT_FACTOR)[0], claims.REPRODUCED)
        self.assertEqual(rule(9 * claims.ABOUT_FACTOR)[0], claims.REPRODUCED)
        self.assertEqual(rule(1.01 * 9 * claims.ABOUT_FACTOR)[0], claims.NOT_REPRODUCED)


class FailedReasonTest(unittest.TestCase):
    """A failed verdict's reason says what was false, not the condition that failed."""

    def test_a_failed_condition_gives_its_false_text(self):
        value = {
            "faster than BGL at every n": check_every(
                [4096, 8192, 16384], lambda n: n < 8192, "not faster than BGL at n = %s"
            ),
            "exact": Check(True, "never shown"),
        }
        verdict, reason = conditions()(value)
        self.assertEqual(verdict, claims.PARTLY)
        self.assertEqual(reason, "not faster than BGL at n = 8192, 16384")

    def test_every_failed_condition_is_named_in_order(self):
        verdict, reason = conditions()({"a": Check(False, "a was false"), "b": Check(False, "b was false")})
        self.assertEqual((verdict, reason), (claims.NOT_REPRODUCED, "a was false; b was false"))

    def test_a_plain_false_is_marked_as_not_holding(self):
        self.assertEqual(conditions()({"a": True, "b": False})[1], "not the case: b")

    def test_holding_conditions_say_so(self):
        self.assertEqual(conditions()({"a": Check(True, "x"), "b": True}), (claims.REPRODUCED, "all hold: a; b"))

    def test_the_outcome_value_is_plain_booleans(self):
        # paper.compare compares whether each condition holds, not the words.
        claim = Claim("X", "x", lambda res: Measured({"a": Check(False, "a was false")}, "t"), conditions())
        self.assertEqual(evaluate(claim, rows(("x", 1, 1.0))).value, {"a": False})

    def test_no_failed_reason_reads_as_if_it_held(self):
        # Over the committed results and the fixtures: every condition a module
        # measures carries what was false, and no failed reason is a bare condition.
        checked = 0
        for results_dir in REFERENCES + [FIXTURES]:
            for name, module in registry.load_modules():
                try:
                    res = select.drawable(load(results_dir, name))
                except ResultsMissing:
                    continue
                for c in module.judged:
                    o = evaluate(c, res)
                    if o.verdict in (claims.PARTLY, claims.NOT_REPRODUCED):
                        checked += 1
                        where = "%s %s on %s: %r" % (name, c.id, results_dir, o.reason)
                        self.assertNotIn("not the case:", o.reason, where)
                        self.assertFalse(o.reason.startswith("fails:"), where)
        self.assertGreater(checked, 10)


class ClaimsAndTargetsTest(unittest.TestCase):
    """The paper's claims and the suite's targets are separate lists, judged alike."""

    def test_a_module_keeps_them_apart_and_judges_claims_first(self):
        a, b, t = (Claim(i, i, None, at_least(1)) for i in ("A1", "A2", "A-T1"))
        m = Module("x", "X", "t", "c", "o", "u", claims=[a, b], targets=[t])
        self.assertEqual((m.claims, m.targets, m.judged), ([a, b], [t], [a, b, t]))

    def test_an_id_is_used_once_over_both_lists(self):
        with self.assertRaises(ValueError):
            Module(
                "x",
                "X",
                "t",
                "c",
                "o",
                "u",
                claims=[Claim("A1", "a", None, at_least(1))],
                targets=[Claim("A1", "t", None, at_least(1))],
            )

    def test_every_module_lists_its_targets_apart_from_the_papers_claims(self):
        for name, module in registry.load_modules():
            self.assertTrue(module.claims, name)
            self.assertTrue(module.targets, name)
            for c in module.claims:
                self.assertNotIn("target", c.statement.lower(), "%s %s is a target among the claims" % (name, c.id))
            for c in module.targets:
                self.assertIn("target", c.statement.lower(), "%s %s is a claim among the targets" % (name, c.id))


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

    def test_the_maximum_ignores_sizes_below_the_noise(self):
        # A 10x "speedup" at n = 128, where BGL takes 0.1 ms, is not taken as the maximum.
        res = self.sweep(lambda n: 20.0)
        res.rows += rows(("bgl_prim", 128, 1e-4), ("prim_minreduce_gpu", 128, 1e-5)).rows
        self.assertEqual(self.verdicts(res)["A3"], claims.NOT_REPRODUCED)

    def test_the_reason_names_the_sizes_where_it_was_not_faster(self):
        from paper import prim_gpu

        a2 = next(c for c in prim_gpu.MODULE.claims if c.id == "A2")
        o = evaluate(a2, self.sweep(lambda n: 20.0 if n == 16384 else 0.5))
        self.assertEqual((o.verdict, o.reason), (claims.PARTLY, "not faster than BGL at n = 16384"))


if __name__ == "__main__":
    unittest.main()
