"""Claims judged at the size they name, the reference of the same scale, and
differences classified by the two hosts' measured ratios (paper.scope,
paper.hosts, paper.bounds, paper.compare)."""

import csv
import glob
import json
import os
import shutil
import tempfile
import unittest

from paper import (
    bounds,
    claims,
    compare,
    dijkstra_deg5,
    hosts,
    outputs,
    prim_gpu,
    registry,
    scale_out,
    select,
    sollin_multicore,
)
from paper.results import load

PAPER = outputs.REFERENCE
QUICK = outputs.QUICK_REFERENCE


def copy(dest, source, *stems):
    for stem in stems:
        for path in glob.glob(os.path.join(source, stem + ".*")):
            shutil.copy(path, dest)


def scale_seconds(csv_path, algorithms, factor):
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    sec, algo = rows[0].index("seconds"), rows[0].index("algorithm")
    for r in rows[1:]:
        if r and r[algo] in algorithms:
            r[sec] = repr(float(r[sec]) * factor)
    with open(csv_path, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def edit_meta(json_path, **values):
    with open(json_path, encoding="utf-8") as f:
        meta = json.load(f)
    meta.update(values)
    with open(json_path, "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)


def without_host_profile(results_dir):
    """Drops the host profile (the ``host_*`` metadata) from every JSON of a copy,
    so that what a test sets is all its characterisation sees, whichever
    measurements the reference's files carry."""
    for path in glob.glob(os.path.join(results_dir, "*.json")):
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
        with open(path, "w", encoding="utf-8") as f:
            json.dump({k: v for k, v in meta.items() if not k.startswith("host_")}, f, indent=2)


def outcome(module, cid, res):
    return claims.evaluate(next(c for c in module.MODULE.judged if c.id == cid), res)


class TempDirs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ref = os.path.join(self.tmp.name, "reference")
        self.new = os.path.join(self.tmp.name, "rerun")
        os.makedirs(self.ref)
        os.makedirs(self.new)

    def tearDown(self):
        self.tmp.cleanup()


class JudgedAtTheirSize(TempDirs):
    def test_only_n_1e6_leaves_the_4e6_claims_not_run_at_this_scale(self):
        copy(self.new, PAPER, "dijkstra_deg5-sweep")  # n = 10^4 .. 10^6, no sweep-large
        res = select.drawable(load(self.new, "dijkstra_deg5"))
        for cid in ("E3", "E4", "E5", "E6", "E7", "E9"):
            o = outcome(dijkstra_deg5, cid, res)
            self.assertEqual(o.verdict, claims.NOT_AT_SCALE, cid)
            self.assertIn("n = 4M", o.reason)
            self.assertIn("1M", o.reason)  # the sizes it has
        for cid in ("E8", "E10", "E11"):
            self.assertEqual(outcome(dijkstra_deg5, cid, res).verdict, claims.NOT_AT_SCALE, cid)
        # The shape claims name no size: judged on what is there.
        self.assertTrue(claims.ran(outcome(dijkstra_deg5, "E2", res).verdict))

    def test_with_sweep_large_they_are_judged_at_4e6(self):
        copy(self.new, PAPER, "dijkstra_deg5-sweep", "dijkstra_deg5-sweep-large")
        o = outcome(dijkstra_deg5, "E9", select.drawable(load(self.new, "dijkstra_deg5")))
        self.assertTrue(claims.ran(o.verdict))
        self.assertIn("n = 4M", o.measured)

    def test_a_cpu_only_quick_run_judges_paper_e_from_opencl_on_the_cpu(self):
        copy(self.new, QUICK, "dijkstra_deg5-opencl-cpu")
        res = select.drawable(load(self.new, "dijkstra_deg5"))
        for cid in ("E1", "E2"):
            o = outcome(dijkstra_deg5, cid, res)
            self.assertTrue(claims.ran(o.verdict), (cid, o.reason))
            self.assertIn("two_kernel_opencl on the CPU OpenCL device", o.measured)

    def test_quick_sizes_leave_the_paper_size_targets_not_run(self):
        copy(self.new, QUICK, "prim_gpu-paper", "prim_gpu-extended")
        res = select.drawable(load(self.new, "prim_gpu"))
        for cid in ("A-T1", "A-T2", "A-T4", "A-T5", "A-T6"):
            self.assertEqual(outcome(prim_gpu, cid, res).verdict, claims.NOT_AT_SCALE, cid)


class RulesSayWhatTheClaimSays(unittest.TestCase):
    def test_e1_holds_the_speedups_to_the_papers_range(self):
        o = outcome(dijkstra_deg5, "E1", select.drawable(load(PAPER, "dijkstra_deg5")))
        self.assertEqual(o.verdict, claims.PARTLY)  # 1290x at n = 4x10^6 is not "4.73x .. 9.69x"
        self.assertIn("largest speedup", o.reason)

    def test_b1_has_no_partly(self):
        rule = next(c for c in sollin_multicore.MODULE.judged if c.id == "B1").rule
        self.assertNotIn("partly", rule.text)
        self.assertEqual(rule((3, 4))[0], claims.NOT_REPRODUCED)
        self.assertEqual(rule((4, 4))[0], claims.REPRODUCED)

    def test_a_t4_without_boruvka_rows_is_not_run(self):
        res = select.drawable(load(PAPER, "prim_gpu"))
        res = res.where(pred=lambda r: r["algorithm"] != "boruvka_gpu")
        self.assertEqual(outcome(prim_gpu, "A-T4", res).verdict, claims.NOT_RUN)


class TheReferenceOfTheSameScale(TempDirs):
    def test_a_quick_run_is_compared_with_the_quick_reference(self):
        copy(self.new, QUICK, "prim_gpu-paper")
        cmp = compare.compare(self.new)
        self.assertEqual(cmp.reference_dir, compare.REFERENCES["quick"])
        self.assertIn("same scale (quick)", compare.render(cmp))

    def test_a_scale_mismatch_is_said_and_not_blamed_on_the_machines(self):
        copy(self.new, QUICK, "prim_gpu-paper")
        cmp = compare.compare(self.new, PAPER)
        self.assertIn("SCALE MISMATCH", compare.render(cmp))
        differ = cmp.claims(compare.DIFFER)
        self.assertTrue(differ)
        self.assertEqual({c.machines for c in differ}, {compare.OTHER_SCALE})


class AMachineWithoutAGpu(TempDirs):
    def test_gpu_bound_claims_differ_by_device_and_the_mismatch_is_said(self):
        copy(self.new, QUICK, "dijkstra_deg5-opencl-cpu")
        edit_meta(os.path.join(self.new, "dijkstra_deg5-opencl-cpu.json"), gpu_name="none")
        cmp = compare.compare(self.new)
        self.assertIn("DEVICE MISMATCH", compare.render(cmp))
        got = {c.claim.id: c for c in cmp.claims(compare.DIFFER)}
        self.assertIn("E1", got)
        self.assertEqual(got["E1"].machines, compare.OTHER_DEVICE)


class ClassifiedByTheMachines(TempDirs):
    """A perturbed copy of the reference's prim_gpu paper piece: the GPU programs
    SLOWER times slower; the host characterisation (Table 1's, or the host
    profile's) says the GPU's bandwidth is GPU_RATIO of the reference's or the same."""

    GPU = ("prim_naive_gpu", "prim_minreduce_gpu", "prim_resident_gpu", "boruvka_gpu")

    def perturb(self, slower, gpu_ratio, source="table1"):
        for d in (self.ref, self.new):
            shutil.rmtree(d)
            os.makedirs(d)
            copy(d, PAPER, "prim_gpu-paper", *(("hybrid_dfs-table1",) if source == "table1" else ()))
            without_host_profile(d)
        scale_seconds(os.path.join(self.new, "prim_gpu-paper.csv"), self.GPU, slower)
        if source == "table1":
            path = os.path.join(self.new, "hybrid_dfs-table1.json")
            with open(path, encoding="utf-8") as f:
                meta = json.load(f)
            edit_meta(path, bw_rand_gpu_gbs=meta["bw_rand_gpu_gbs"] * gpu_ratio)
        else:
            profile = {"host_gpu_rand_read_gbs": 400.0, "host_cpu_rand_read_gbs_t16": 7.0, "threads": 16}
            edit_meta(os.path.join(self.ref, "prim_gpu-paper.json"), **profile)
            profile["host_gpu_rand_read_gbs"] *= gpu_ratio
            edit_meta(os.path.join(self.new, "prim_gpu-paper.json"), **profile)
        cmp = compare.compare(self.new, self.ref)
        return {c.claim.id: c for c in cmp.claims()}, cmp

    def test_slower_gpu_host_explains_slower_gpu_programs(self):
        for source in ("table1", "host profile"):
            with self.subTest(source=source):
                got, cmp = self.perturb(1.8, 0.5, source)
                self.assertEqual(got["A-T1"].status, compare.DIFFER)
                self.assertEqual(got["A-T1"].machines, compare.AS_PREDICTED, got["A-T1"].machines_text)
                self.assertIn("GPU random read bandwidth 0.50x", got["A-T1"].machines_text)
                self.assertEqual(got["A3"].machines, compare.AS_PREDICTED, got["A3"].machines_text)
                self.assertIn("differ as the machines predict", compare.render(cmp))
                paper = next(p for p in cmp.pieces() if p.piece == "paper")
                self.assertTrue(paper.classes)  # the slowed GPU programs' points
                self.assertEqual({c for c, _ in paper.classes.values()}, {compare.AS_PREDICTED})

    def test_the_same_gpu_does_not_explain_them(self):
        got, cmp = self.perturb(1.8, 1.0)
        paper = next(p for p in cmp.pieces() if p.piece == "paper")
        self.assertEqual({c for c, _ in paper.classes.values()}, {compare.BEYOND})
        self.assertEqual(got["A-T1"].machines, compare.BEYOND, got["A-T1"].machines_text)
        self.assertEqual(got["A3"].machines, compare.BEYOND)

    def test_more_than_the_host_predicts_is_beyond_it(self):
        got, _ = self.perturb(4.0, 0.5)
        self.assertEqual(got["A-T1"].machines, compare.BEYOND, got["A-T1"].machines_text)

    def test_a_faster_host_does_not_explain_a_slower_program(self):
        got, _ = self.perturb(1.8, 2.0)
        self.assertEqual(got["A-T1"].machines, compare.BEYOND)

    def test_an_agreeing_claim_is_not_classified(self):
        got, _ = self.perturb(1.0, 0.5)
        self.assertEqual(got["A-T1"].status, compare.AGREE)
        self.assertIsNone(got["A-T1"].machines)


class HostRatios(TempDirs):
    def test_a_resource_neither_side_measured_stands_in_by_a_proxy_said_in_the_text(self):
        copy(self.ref, PAPER, "hybrid_dfs-table1")
        without_host_profile(self.ref)  # Table 1 measures no dependent-read latency
        here = hosts.characterise(self.ref)
        r = hosts.ratio("cpu_latency", here, here)
        self.assertAlmostEqual(r.value, 1.0)
        self.assertIn("stands in", r.text)

    def test_unmeasured_is_unknown_not_one(self):
        r = hosts.ratio("gpu_rand", {}, {"gpu_rand": {hosts.TABLE1: 1.0}})
        self.assertIsNone(r.value)
        self.assertIn("not measured in this run", r.text)

    def test_every_bound_names_known_resources(self):
        known = {"cpu_seq", "cpu_rand", "cpu_latency", "gpu_seq", "gpu_rand"}
        for exp, table in bounds.BOUNDS.items():
            for cid, b in table.items():
                for r in b.resources:
                    self.assertIn(r.split("@")[0], known, (exp, cid, r))

    def test_every_claim_of_one_host_has_a_bound(self):
        # Without one, make compare cannot say whether the claim moved as the hosts
        # predict. Left out: the multi-GPU claims (their runs are other machines)
        # and the distributed ones (several hosts' worth of ranks).
        for exp, module in registry.load_modules():
            for c in list(module.claims) + list(module.targets):
                if getattr(c.measure, "gpus", None) or isinstance(
                    getattr(c.measure, "__self__", None), scale_out.ScaleOut
                ):
                    continue
                self.assertIsNotNone(bounds.of(exp, c.id), "%s %s has no entry in paper/bounds.py" % (exp, c.id))


if __name__ == "__main__":
    unittest.main()
