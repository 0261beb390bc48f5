"""scripts/release-collect.sh: a GPU machine command's archives go into the
results directory (logs and cut-off pieces left out) and the tag is exported
again with them; a result file of another commit is refused."""

import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import unittest

from tests.paper.test_check_release import REPO, head

SCRIPT = os.path.join(REPO, "scripts", "release-collect.sh")


@unittest.skipUnless(os.path.isdir(os.path.join(REPO, ".git")), "not a git checkout")
class ReleaseCollect(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.tree = os.path.join(self.tmp.name, "tree")
        self.files_at = os.path.join(self.tmp.name, "files")
        os.makedirs(self.files_at)
        self.results = os.path.join("results", "local", "release-collect-test-%d" % os.getpid())

    def tearDown(self):
        shutil.rmtree(os.path.join(REPO, self.results), ignore_errors=True)
        self.tmp.cleanup()

    def archive(self, name, files):
        """files: {name in the archive: text}."""
        src = os.path.join(self.tmp.name, "src-" + name)
        os.makedirs(src)
        with tarfile.open(os.path.join(self.files_at, name), "w:gz") as tar:
            for member, text in files.items():
                path = os.path.join(src, member)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
            tar.add(src, arcname=".")

    def collect(self):
        return subprocess.run(
            ["bash", SCRIPT, "HEAD", self.files_at, self.results],
            capture_output=True,
            text=True,
            env=dict(os.environ, RELEASE_TREE=self.tree),
        )

    def test_collects_finished_pieces_and_exports_the_tag(self):
        meta = json.dumps({"source_commit": head()})
        self.archive(
            "reproduce.tar.gz",
            {"a-x.csv": "rows", "a-x.json": meta, "reproduce-status.json": "{}", "a-y.csv.partial": "cut off"},
        )
        self.archive("results.tar.gz", {"b-z-p2.csv": "rows", "b-z-p2.json": meta, "1-b-z-p2.log": "log"})
        r = self.collect()
        self.assertEqual(r.returncode, 0, r.stderr)
        here = sorted(os.listdir(os.path.join(REPO, self.results)))
        self.assertEqual(here, ["a-x.csv", "a-x.json", "b-z-p2.csv", "b-z-p2.json", "reproduce-status.json"])
        self.assertIn("4 result files", r.stdout)
        self.assertIn("GS_SOURCE_COMMIT=" + head(), r.stdout)
        self.assertEqual(sorted(os.listdir(os.path.join(self.tree, self.results))), here)

    def test_the_files_of_a_failed_piece_are_left_out(self):
        # A program that wrote its rows and then crashed: the driver's status says failed.
        meta = json.dumps({"source_commit": head()})
        status = {
            "pieces": [
                {"experiment": "a", "piece": "x", "status": "ran"},
                {"experiment": "b", "piece": "scale-out", "kind": "mpi", "ranks": 2, "status": "failed"},
            ]
        }
        self.archive(
            "reproduce.tar.gz",
            {
                "a-x.csv": "rows",
                "a-x.json": meta,
                "b-scale-out-p2.csv": "rows",
                "b-scale-out-p2.json": meta,
                "reproduce-status.json": json.dumps(status),
            },
        )
        r = self.collect()
        self.assertEqual(r.returncode, 0, r.stderr)
        here = sorted(os.listdir(os.path.join(REPO, self.results)))
        self.assertEqual(here, ["a-x.csv", "a-x.json", "reproduce-status.json"])
        self.assertIn("b-scale-out-p2.csv left out: its piece failed", r.stdout)

    def test_a_result_of_another_commit_is_refused(self):
        self.archive("reproduce.tar.gz", {"a-x.csv": "rows", "a-x.json": json.dumps({"source_commit": "0" * 40})})
        r = self.collect()
        self.assertEqual(r.returncode, 1)
        self.assertIn("a-x.json does not name HEAD", r.stderr)
        self.assertFalse(os.path.exists(os.path.join(REPO, self.results, "a-x.csv")))

    def test_nothing_to_collect_is_an_error(self):
        r = self.collect()
        self.assertEqual(r.returncode, 2)
        self.assertIn("no reproduce.tar.gz or results.tar.gz", r.stderr)


if __name__ == "__main__":
    unittest.main()
