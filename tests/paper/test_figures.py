"""paper.figures / paper.report / the loader on the fixtures: everything draws
from complete results; malformed results fail loudly, naming the file; absent
results are listed, not an error."""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from paper import registry
from paper.results import ResultsMalformed, ResultsMissing, load
from tests.paper.fixture_copy import PrimPaperCopy

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
COMPLETE = os.path.join(HERE, "fixtures", "complete")


def run_module(module, *args):
    return subprocess.run(
        [sys.executable, "-m", module] + list(args), cwd=REPO, capture_output=True, text=True, timeout=300
    )


class LoaderTest(PrimPaperCopy):
    def corrupt(self, line_no, old, new):
        with open(self.csv) as f:
            lines = f.read().splitlines()
        self.assertIn(old, lines[line_no])
        lines[line_no] = lines[line_no].replace(old, new, 1)
        with open(self.csv, "w") as f:
            f.write("\n".join(lines) + "\n")

    def test_loads_typed_rows(self):
        res = load(self.dir, "prim_gpu")
        with open(os.path.join(self.dir, "prim_gpu-paper.json")) as f:
            self.assertEqual(len(res), json.load(f)["rows"])
        self.assertIsInstance(res.rows[0]["n"], int)
        self.assertIsInstance(res.rows[0]["seconds"], float)
        self.assertIn("prim_minreduce_gpu", res.algorithms())

    def test_a_bad_number_names_file_and_line(self):
        with open(self.csv) as f:
            lines = f.read().splitlines()
        fields = lines[5].split(",")
        fields[10] = "fast"
        lines[5] = ",".join(fields)
        with open(self.csv, "w") as f:
            f.write("\n".join(lines) + "\n")
        with self.assertRaises(ResultsMalformed) as e:
            load(self.dir, "prim_gpu")
        self.assertIn("prim_gpu-paper.csv line 6", str(e.exception))
        self.assertIn("seconds", str(e.exception))

    def test_a_truncated_csv_is_malformed(self):
        with open(self.csv) as f:
            lines = f.read().splitlines()
        with open(self.csv, "w") as f:
            f.write("\n".join(lines[:-4]) + "\n")
        with self.assertRaisesRegex(ResultsMalformed, "rows"):
            load(self.dir, "prim_gpu")

    def test_unverified_rows_are_rejected(self):
        self.corrupt(1, ",true", ",false")
        with self.assertRaisesRegex(ResultsMalformed, "unverified"):
            load(self.dir, "prim_gpu")

    def test_partial_and_failed_files_are_never_read(self):
        os.replace(self.csv, self.csv + ".partial")
        shutil.copy(self.csv + ".partial", self.csv + ".failed")
        with self.assertRaises(ResultsMissing):
            load(self.dir, "prim_gpu")


class FiguresTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def test_every_module_draws_everything_from_complete_results(self):
        r = run_module("paper.figures", "--results", COMPLETE, "--out", self.out)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertNotIn("not drawn", r.stdout)
        for name, module in registry.load_modules():
            self.assertNotIsInstance(module, registry.BrokenModule, getattr(module, "error", ""))
            for f in module.figures:
                for ext in ("pdf", "png"):
                    path = os.path.join(self.out, "figures", "%s.%s" % (module.output_name(f), ext))
                    self.assertGreater(os.path.getsize(path), 1000, path)
            for t in module.tables + [type("T", (), {"name": "claims"})()]:
                for ext in ("md", "tex"):
                    self.assertTrue(os.path.exists(os.path.join(self.out, "tables", "%s_%s.%s" % (name, t.name, ext))))
        with open(os.path.join(self.out, "tables", "prim_gpu_runtime.tex")) as f:
            tex = f.read()
        self.assertIn(r"\toprule", tex)
        self.assertIn(r"\bottomrule", tex)

    def test_malformed_results_fail_loudly_and_the_rest_still_draws(self):
        res = os.path.join(self.out, "results")
        shutil.copytree(COMPLETE, res)
        with open(os.path.join(res, "kruskal_100m-main.json"), "w") as f:
            f.write("{ not json")
        r = run_module("paper.figures", "--results", res, "--out", self.out, "--only", "prim_gpu,kruskal_100m")
        self.assertEqual(r.returncode, 1)
        self.assertIn("kruskal_100m-main.json", r.stderr)
        self.assertIn("not valid JSON", r.stderr)
        self.assertTrue(os.path.exists(os.path.join(self.out, "figures", "prim_gpu_fig5_runtime.pdf")))

    def test_a_module_fails_loudly_on_a_missing_column(self):
        res = os.path.join(self.out, "results")
        os.makedirs(res)
        for f in glob.glob(os.path.join(COMPLETE, "hybrid_dfs-table1.*")):
            shutil.copy(f, res)
        csv_path = os.path.join(res, "hybrid_dfs-table1.csv")
        with open(csv_path) as f:
            lines = f.read().splitlines()
        lines = [l.rsplit(",", 1)[0] + ",n/a" if i else l for i, l in enumerate(lines)]  # gbs is not a number
        with open(csv_path, "w") as f:
            f.write("\n".join(lines) + "\n")
        r = run_module("paper.figures", "--results", res, "--out", self.out, "--only", "hybrid_dfs")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("hybrid_dfs-table1.csv line 2", r.stderr)
        self.assertIn("'gbs'", r.stderr)

    def test_absent_results_are_listed_not_an_error(self):
        empty = os.path.join(self.out, "empty")
        os.makedirs(empty)
        r = run_module("paper.figures", "--results", empty, "--out", self.out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("not drawn", r.stdout)
        self.assertIn("no results for dijkstra_deg5", r.stdout)

    def test_report_has_every_paper_and_its_claims(self):
        report = os.path.join(self.out, "REPORT.md")
        empty = os.path.join(self.out, "empty")
        os.makedirs(empty)
        with open(os.path.join(empty, "reproduce-status.json"), "w") as f:
            json.dump(
                {
                    "pieces": [
                        {
                            "experiment": "prim_gpu",
                            "piece": "paper",
                            "status": "skipped",
                            "reason": "no GPU: nvidia-smi not found",
                        }
                    ]
                },
                f,
            )
        r = run_module("paper.report", "--results", empty, "--out", report)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(report) as f:
            text = f.read()
        self.assertIn("**Ours: not run.** skipped: no GPU: nvidia-smi not found", text)
        for cid in ("A1", "B6", "C2", "D7", "E2"):
            self.assertIn("| %s |" % cid, text)
        r = run_module("paper.report", "--results", COMPLETE, "--out", report)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(report) as f:
            text = f.read()
        self.assertIn("Fixture CPU", text)
        self.assertNotIn("**not run**", text)
        self.assertIn("**reproduced**", text)


if __name__ == "__main__":
    unittest.main()
