"""The committed paper/REPORT.md is exactly what paper.report writes from the
committed reference results: a rerun of `make paper RESULTS=<the reference>`
(paper.outputs.REFERENCE_REL) changes no byte (no generation time, no order that
depends on the file system).  The same for the quick-scale reference's
<quick reference>/paper/REPORT.md and for the multi-GPU machine kinds' references
(<reference>-x2, -x4: the multi-gpu piece alone)."""

import contextlib
import io
import os
import tempfile
import unittest

from paper import outputs, report

REFERENCE = outputs.REFERENCE_REL
QUICK_REFERENCE = outputs.QUICK_REFERENCE_REL
MULTI_GPU_REFERENCES = outputs.MULTI_GPU_REFERENCES_REL


def regenerate(results, report_dir):
    """The report paper.report writes from ``results`` with the figures of ``report_dir``."""
    cwd = os.getcwd()
    os.chdir(outputs.REPO)  # the report names the results directory as given, relative to the repository
    try:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "REPORT.md")
            figures = os.path.join(report_dir, "figures")
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                report.main(["--results", results, "--out", out, "--figures", figures])
            with open(out, encoding="utf-8") as f:
                # Figure links are relative to the report: written elsewhere, they point back here.
                return f.read().replace(os.path.relpath(figures, tmp), "figures")
    finally:
        os.chdir(cwd)


class ReferenceReportTest(unittest.TestCase):
    def check(self, results, report_dir):
        fresh = regenerate(results, report_dir)
        with open(os.path.join(report_dir, "REPORT.md"), encoding="utf-8") as f:
            committed = f.read()
        self.assertEqual(fresh, committed, "%s/REPORT.md is stale: run make figures RESULTS=%s" % (report_dir, results))

    def test_committed_report_regenerates_byte_for_byte(self):
        self.check(REFERENCE, outputs.PAPER_DIR)

    def test_committed_quick_report_regenerates_byte_for_byte(self):
        self.check(QUICK_REFERENCE, os.path.join(outputs.REPO, QUICK_REFERENCE, "paper"))

    def test_committed_multi_gpu_reports_regenerate_byte_for_byte(self):
        present = [r for r in MULTI_GPU_REFERENCES if os.path.isdir(os.path.join(outputs.REPO, r))]
        if not present:
            self.skipTest("no multi-GPU reference of %s is committed" % outputs.REFERENCE_MACHINE)
        for results in present:
            with self.subTest(results=results):
                self.check(results, os.path.join(outputs.REPO, results, "paper"))


if __name__ == "__main__":
    unittest.main()
