"""The committed reference is one release run: its result files, and its
quick-scale run's, each name one commit of this history whose own source
hash they carry (scripts/check-release.py), so that every number in
paper/REPORT.md traces to one version of the code. The reference followed
is paper.outputs's."""

import os
import subprocess
import sys
import unittest

from paper import outputs

SCRIPT = os.path.join(outputs.REPO, "scripts", "check-release.py")


def check_release(results):
    r = subprocess.run(
        [sys.executable, SCRIPT, "--results", results], capture_output=True, text=True, timeout=300, cwd=outputs.REPO
    )
    return r.returncode, r.stdout + r.stderr


class ReferenceIsOneRelease(unittest.TestCase):
    def test_the_reference_is_one_release_run(self):
        rc, out = check_release(outputs.REFERENCE_REL)
        self.assertEqual(rc, 0, out)
        self.assertIn("is one release run", out)

    def test_its_quick_run_is_one_release_run(self):
        if not os.path.isdir(outputs.QUICK_REFERENCE):
            self.skipTest("no quick-scale run of %s is committed" % outputs.REFERENCE_MACHINE)
        rc, out = check_release(outputs.QUICK_REFERENCE_REL)
        self.assertEqual(rc, 0, out)


if __name__ == "__main__":
    unittest.main()
