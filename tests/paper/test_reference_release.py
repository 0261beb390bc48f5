"""The committed reference is one release run: its result files, its
quick-scale run's and each multi-GPU kind's each name one commit of this
history whose own source hash they carry (scripts/check-release.py), so that
every number in paper/REPORT.md traces to one version of the code. The
reference judges every claim, except one that needs more GPUs than any
machine lent for the run had (--claims); with a build here, it is also whole:
every piece the build lists at paper scale has its files. The reference
followed is paper.outputs's."""

import os
import subprocess
import sys
import unittest

from paper import outputs

SCRIPT = os.path.join(outputs.REPO, "scripts", "check-release.py")
BUILD = os.path.join(outputs.REPO, "build", "default")


def with_build(*extra):
    """--build (and ``extra``) where this checkout has a build, else nothing."""
    return ["--build", BUILD, *extra] if os.path.isdir(os.path.join(BUILD, "bin")) else []


def check_release(results, *args):
    r = subprocess.run(
        [sys.executable, SCRIPT, "--results", results, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=outputs.REPO,
    )
    return r.returncode, r.stdout + r.stderr


class ReferenceIsOneRelease(unittest.TestCase):
    def test_the_reference_is_one_release_run_that_judges_every_claim(self):
        rc, out = check_release(outputs.REFERENCE_REL, "--claims", *with_build())
        self.assertEqual(rc, 0, out)
        self.assertIn("is one release run", out)

    def test_its_quick_run_is_one_release_run(self):
        if not os.path.isdir(outputs.QUICK_REFERENCE):
            self.skipTest("no quick-scale run of %s is committed" % outputs.REFERENCE_MACHINE)
        rc, out = check_release(outputs.QUICK_REFERENCE_REL)
        self.assertEqual(rc, 0, out)

    def test_each_multi_gpu_run_is_one_release_run_of_its_pieces(self):
        present = [d for d in outputs.MULTI_GPU_REFERENCES_REL if os.path.isdir(os.path.join(outputs.REPO, d))]
        if not present:
            self.skipTest("no multi-GPU run of %s is committed" % outputs.REFERENCE_MACHINE)
        for d in present:
            with self.subTest(results=d):
                rc, out = check_release(d, *with_build("--kind", "mgpu"))
                self.assertEqual(rc, 0, out)


if __name__ == "__main__":
    unittest.main()
