"""The committed paper/REPORT.md is exactly what paper.report writes from the
committed reference results: a rerun of `make paper RESULTS=results/reference/h100`
changes no byte (no generation time, no order that depends on the file system)."""

import contextlib
import io
import os
import tempfile
import unittest

from paper import outputs, report

REFERENCE = "results/reference/h100"


class ReferenceReportTest(unittest.TestCase):
    def test_committed_report_regenerates_byte_for_byte(self):
        cwd = os.getcwd()
        os.chdir(outputs.REPO)  # the report names the results directory as given, relative to the repository
        try:
            with tempfile.TemporaryDirectory() as tmp:
                out = os.path.join(tmp, "REPORT.md")
                figures = os.path.join(outputs.PAPER_DIR, "figures")
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    report.main(["--results", REFERENCE, "--out", out, "--figures", figures])
                with open(out, encoding="utf-8") as f:
                    # Figure links are relative to the report: written elsewhere, they point back here.
                    fresh = f.read().replace(os.path.relpath(figures, tmp), "figures")
        finally:
            os.chdir(cwd)
        with open(os.path.join(outputs.PAPER_DIR, "REPORT.md"), encoding="utf-8") as f:
            committed = f.read()
        self.assertEqual(fresh, committed, "paper/REPORT.md is stale: run make paper RESULTS=%s" % REFERENCE)


if __name__ == "__main__":
    unittest.main()
