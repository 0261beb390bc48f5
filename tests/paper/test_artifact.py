"""The artifact appendix: docs/ARTIFACT.md is exactly what paper.artifact writes
from the committed reference results, and its numbers come from the result
files (per-piece wall times where recorded, the code versions they name)."""

import contextlib
import io
import json
import os
import shutil
import tempfile
import unittest

from paper import artifact, outputs

REFERENCE = outputs.REFERENCE_REL
FIXTURES = os.path.join(outputs.REPO, "tests", "paper", "fixtures", "complete")


def generate(results, out):
    cwd = os.getcwd()
    os.chdir(outputs.REPO)  # the appendix names the results directory as given, relative to the repository
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            rc = artifact.main(["--results", results, "--out", out])
    finally:
        os.chdir(cwd)
    with open(out, encoding="utf-8") as f:
        return rc, f.read()


class CommittedAppendix(unittest.TestCase):
    def test_committed_appendix_regenerates_byte_for_byte(self):
        with tempfile.TemporaryDirectory() as tmp:
            rc, fresh = generate(REFERENCE, os.path.join(tmp, "ARTIFACT.md"))
        self.assertEqual(rc, 0)
        with open(os.path.join(outputs.REPO, "docs", "ARTIFACT.md"), encoding="utf-8") as f:
            committed = f.read()
        self.assertEqual(fresh, committed, "docs/ARTIFACT.md is stale: run make artifact RESULTS=%s" % REFERENCE)

    def test_readme_times_are_the_reference_runs(self):
        cwd = os.getcwd()
        os.chdir(outputs.REPO)
        try:
            block = artifact.readme_block(REFERENCE)
        finally:
            os.chdir(cwd)
        with open(os.path.join(outputs.REPO, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        self.assertIn(block, readme, "README.md's reference times are stale: run make artifact RESULTS=%s" % REFERENCE)


class AppendixFromResults(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="gs-artifact-")
        self.results = os.path.join(self.tmp, "results")
        os.makedirs(self.results)
        for name in ("prim_gpu-paper", "hybrid_dfs-fig5b"):
            for ext in (".csv", ".json"):
                shutil.copy(os.path.join(FIXTURES, name + ext), self.results)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def set_meta(self, name, **kv):
        path = os.path.join(self.results, name + ".json")
        with open(path, encoding="utf-8") as f:
            meta = json.load(f)
        meta.update(kv)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(meta, f)

    def test_times_versions_and_absent_experiments(self):
        self.set_meta("prim_gpu-paper", source_commit="0123456789abcdef0123-given", source_hash="feedbeef")
        self.set_meta("hybrid_dfs-fig5b", source_commit="0123456789abcdef0123", wall_seconds=754.5)
        rc, text = generate(self.results, os.path.join(self.tmp, "A.md"))
        self.assertEqual(rc, 0)
        self.assertIn("| `hybrid_dfs` | `hybrid_dfs-fig5b` |", text)
        self.assertIn("754 s (12.6 min)", text)  # the recorded wall time
        self.assertIn("| `prim_gpu` | `prim_gpu-paper` |", text)
        self.assertIn("not recorded", text)  # the fixture's prim file has none
        self.assertIn(
            "754 s (12.6 min) in all for the 1 result files that recorded it (table below); 1 older files", text
        )
        # "-given" names the same commit: one version.
        self.assertIn("Every result file names the same commit: `0123456789ab`.", text)
        self.assertIn("content hash (`scripts/source-hash.sh`, in 1 of 2 files): `feedbeef`", text)
        self.assertIn("| `kruskal_100m` | – | – | not run |", text)

    def test_several_versions_are_named(self):
        self.set_meta("prim_gpu-paper", source_commit="aaaaaaaaaaaaaaaa")
        self.set_meta("hybrid_dfs-fig5b", source_commit="bbbbbbbbbbbbbbbb")
        _, text = generate(self.results, os.path.join(self.tmp, "A.md"))
        self.assertIn("The result files name 2 code versions: `aaaaaaaaaaaa`, `bbbbbbbbbbbb`.", text)

    def test_missing_results_directory_is_an_input_error(self):
        with contextlib.redirect_stderr(io.StringIO()) as err:
            rc = artifact.main(["--results", os.path.join(self.tmp, "nope"), "--out", os.path.join(self.tmp, "A.md")])
        self.assertEqual(rc, 2)
        self.assertIn("does not exist", err.getvalue())


if __name__ == "__main__":
    unittest.main()
