"""scripts/release-tree.sh: the export that a release run's GPU machine
commands build is the tagged commit (its own source hash) plus the run's
finished result files, and nothing else of the checkout."""

import os
import shutil
import subprocess
import tempfile
import unittest

from paper import outputs
from tests.paper.test_check_release import REPO, head, head_hash

SCRIPT = os.path.join(REPO, "scripts", "release-tree.sh")


@unittest.skipUnless(os.path.isdir(os.path.join(REPO, ".git")), "not a git checkout")
class ReleaseTree(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.tree = os.path.join(self.tmp.name, "tree")
        self.results = os.path.join("results", "local", "release-tree-test-%d" % os.getpid())
        os.makedirs(os.path.join(REPO, self.results))
        for name in ("exp-piece.csv", "exp-piece.json", "notes.txt"):
            with open(os.path.join(REPO, self.results, name), "w") as f:
                f.write(name)

    def tearDown(self):
        shutil.rmtree(os.path.join(REPO, self.results), ignore_errors=True)
        self.tmp.cleanup()

    def run_script(self, *args):
        return subprocess.run(
            ["bash", SCRIPT, *args], capture_output=True, text=True, env=dict(os.environ, RELEASE_TREE=self.tree)
        )

    def test_exports_the_commit_with_the_finished_results(self):
        r = self.run_script("HEAD", self.results)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("source hash " + head_hash(), r.stdout)
        self.assertIn("GS_SOURCE_COMMIT=" + head(), r.stdout)
        self.assertTrue(os.path.isfile(os.path.join(self.tree, "scripts", "gpu-machine.sh")))
        copied = sorted(os.listdir(os.path.join(self.tree, self.results)))
        self.assertEqual(copied, ["exp-piece.csv", "exp-piece.json"])
        self.assertFalse(os.path.exists(os.path.join(self.tree, ".git")))

    def test_a_tree_that_already_holds_results_there_is_refused(self):
        committed = outputs.REFERENCE_REL  # result files in HEAD's own tree
        r = self.run_script("HEAD", committed)
        self.assertEqual(r.returncode, 2, r.stdout)
        self.assertIn("already holds results in " + committed, r.stderr)
        self.assertFalse(os.path.exists(self.tree))

    def test_an_unknown_tag_is_refused(self):
        r = self.run_script("no-such-release-tag", self.results)
        self.assertNotEqual(r.returncode, 0)
        self.assertFalse(os.path.exists(os.path.join(self.tree, "README.md")))


if __name__ == "__main__":
    unittest.main()
