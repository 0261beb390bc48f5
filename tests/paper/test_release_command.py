"""scripts/release-command.sh: a release command refuses to run without the
tag's commit or without the export, and otherwise runs the export's own
gpu-machine.sh (the driver on the results directory, or the pieces given)
with the carried packages linked in."""

import os
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(REPO, "scripts", "release-command.sh")

# Stands in for the export's scripts/gpu-machine.sh: prints what it was given.
FAKE_MACHINE = """#!/usr/bin/env bash
echo "cwd=$PWD"
echo "commit=$GS_SOURCE_COMMIT budget=$BUDGET_S ctest=$CTEST_REGEX results=${REPRODUCE_RESULTS:-none}"
echo "args=$*"
"""


class ReleaseCommand(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.tree = os.path.join(self.tmp.name, "tree")

    def tearDown(self):
        self.tmp.cleanup()

    def run_script(self, *args, **env):
        full = dict(os.environ, RELEASE_TREE=self.tree)
        full.pop("REPRODUCE_RESULTS", None)
        full.pop("RESULTS", None)
        full.update(env)
        return subprocess.run(["bash", SCRIPT, *args], capture_output=True, text=True, env=full)

    def make_tree(self):
        os.makedirs(os.path.join(self.tree, "scripts"))
        with open(os.path.join(self.tree, "scripts", "gpu-machine.sh"), "w") as f:
            f.write(FAKE_MACHINE)

    def test_refuses_without_the_commit(self):
        self.make_tree()
        r = self.run_script(GS_SOURCE_COMMIT="")
        self.assertEqual(r.returncode, 2)
        self.assertIn("GS_SOURCE_COMMIT", r.stderr)

    def test_refuses_without_the_export(self):
        r = self.run_script(GS_SOURCE_COMMIT="abc")
        self.assertEqual(r.returncode, 2)
        self.assertIn("release-tree.sh", r.stderr)

    def test_refuses_the_driver_without_the_results_directory(self):
        self.make_tree()
        r = self.run_script(GS_SOURCE_COMMIT="abc")
        self.assertEqual(r.returncode, 2)
        self.assertIn("RESULTS", r.stderr)
        self.assertNotIn("commit=", r.stdout)

    def test_runs_the_driver_on_the_release_results(self):
        self.make_tree()
        r = self.run_script(GS_SOURCE_COMMIT="abc", BUDGET_S="300", RESULTS="results/release/h200")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("cwd=" + os.path.realpath(self.tree), r.stdout)
        self.assertIn("commit=abc budget=300 ctest=none results=results/release/h200", r.stdout)
        self.assertIn("args=\n", r.stdout + "\n")

    def test_runs_the_pieces_given_without_the_driver(self):
        self.make_tree()
        r = self.run_script("hybrid_dfs:scale-out", GS_SOURCE_COMMIT="abc")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("budget=560 ctest=none results=none", r.stdout)
        self.assertIn("args=hybrid_dfs:scale-out", r.stdout)


if __name__ == "__main__":
    unittest.main()
