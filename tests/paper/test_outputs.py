"""Where figures, tables, REPORT.md and ARTIFACT.md go: the committed paper/
(and docs/ARTIFACT.md, README.md's reference times) only for the
committed reference (outputs.REFERENCE); any other results directory writes RESULTS/paper and
leaves them untouched (paper.figures, paper.report, paper.artifact, make
figures/paper/artifact, scripts/reproduce.py)."""

import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from paper import outputs

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
COMPLETE = os.path.join(HERE, "fixtures", "complete")
PAPER = os.path.join(REPO, "paper")


def paper_outputs():
    """{path: (sha1 of the content)} of the committed outputs under paper/ (None when absent)."""
    paths = glob.glob(os.path.join(PAPER, "figures", "*")) + glob.glob(os.path.join(PAPER, "tables", "*"))
    out = {}
    for p in paths + [
        os.path.join(PAPER, "REPORT.md"),
        os.path.join(REPO, "docs", "ARTIFACT.md"),
        os.path.join(REPO, "README.md"),
    ]:
        if os.path.isfile(p):
            with open(p, "rb") as f:
                out[p] = hashlib.sha1(f.read()).hexdigest()
        else:
            out[p] = None
    return out


class RuleTest(unittest.TestCase):
    def test_reference_results_write_the_committed_paper(self):
        self.assertEqual(outputs.out_dir(os.path.join(REPO, "results", "reference", outputs.REFERENCE_MACHINE)), PAPER)
        self.assertEqual(outputs.out_dir(os.path.relpath(outputs.REFERENCE)), PAPER)

    def test_any_other_results_write_beside_them(self):
        for d in (
            os.path.join(REPO, "results", "local", "quick"),
            os.path.join(REPO, "results", "reference"),
            os.path.join(REPO, "results", "diagnostics", outputs.REFERENCE_MACHINE),
            os.path.join("/tmp", outputs.REFERENCE_REL),
            outputs.QUICK_REFERENCE,
        ):
            self.assertEqual(outputs.out_dir(d), os.path.join(d, "paper"), d)


class LocalRunTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.results = os.path.join(self.tmp.name, "results")
        os.makedirs(self.results)
        for f in glob.glob(os.path.join(COMPLETE, "prim_gpu-*")):
            shutil.copy(f, self.results)
        self.before = paper_outputs()

    def tearDown(self):
        self.tmp.cleanup()

    def check(self, *cmds):
        for cmd in cmds:
            r = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, " ".join(cmd) + "\n" + r.stdout + r.stderr)
        out = os.path.join(self.results, "paper")
        self.assertTrue(os.path.exists(os.path.join(out, "figures", "prim_gpu_fig5_runtime.png")))
        self.assertTrue(os.path.exists(os.path.join(out, "tables", "prim_gpu_claims.md")))
        with open(os.path.join(out, "REPORT.md"), encoding="utf-8") as f:
            report = f.read()
        self.assertIn("](figures/prim_gpu_fig5_runtime.png)", report)  # the figures beside it
        self.assertEqual(paper_outputs(), self.before)

    def test_paper_modules_write_under_results(self):
        self.check(
            [sys.executable, "-m", "paper.figures", "--results", self.results, "--only", "prim_gpu"],
            [sys.executable, "-m", "paper.report", "--results", self.results],
        )

    def test_artifact_writes_under_results(self):
        r = subprocess.run(
            [sys.executable, "-m", "paper.artifact", "--results", self.results],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=300,
        )
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertTrue(os.path.exists(os.path.join(self.results, "paper", "ARTIFACT.md")))
        self.assertEqual(paper_outputs(), self.before)

    @unittest.skipUnless(shutil.which("make"), "no make")
    def test_make_figures_and_paper_write_under_results(self):
        self.check(
            ["make", "-s", "figures", "RESULTS=" + self.results], ["make", "-s", "paper", "RESULTS=" + self.results]
        )

    def test_reproduce_writes_under_results(self):
        build = os.path.join(self.tmp.name, "build")  # no executables: every experiment is "not implemented"
        os.makedirs(os.path.join(build, "bin"))
        self.check(
            [
                sys.executable,
                os.path.join(REPO, "scripts", "reproduce.py"),
                "--build",
                build,
                "--scale",
                "quick",
                "--results",
                self.results,
                "--quiet",
                "--no-gpu",
            ]
        )


if __name__ == "__main__":
    unittest.main()
