"""The artifact appendix: docs/ARTIFACT.md is exactly what paper.artifact writes
from the committed reference results, and its numbers come from the result
files (per-piece wall times where recorded, the code versions they name)."""

import contextlib
import io
import json
import os
import shutil
import re
import tempfile
import unittest
from unittest import mock

from paper import artifact, earlier_doc, outputs
from tests.paper import results_edit

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

    def test_the_scale_out_pieces_time_is_said_apart(self):
        for name in ("kruskal_100m-scale-out-p1", "kruskal_100m-scale-out-p16"):
            for ext in (".csv", ".json"):
                shutil.copy(os.path.join(FIXTURES, name + ext), self.results)
        self.set_meta("kruskal_100m-scale-out-p1", wall_seconds=100.0)
        self.set_meta("kruskal_100m-scale-out-p16", wall_seconds=20.0)
        self.set_meta("hybrid_dfs-fig5b", wall_seconds=700.0)
        times = artifact.piece_times(self.results)
        self.assertEqual(
            sorted(t.file for t in times if t.scale_out), ["kruskal_100m-scale-out-p1", "kruskal_100m-scale-out-p16"]
        )
        text = artifact.render(self.results)
        self.assertIn("- **Time:** 820 s (13.7 min) in all", text)
        self.assertIn(
            "; 120 s of it in the 2 MPI scale-out pieces, beyond the papers (`make reproduce SKIP_KINDS=mpi`", text
        )
        block = artifact.readme_block(self.results)
        self.assertIn(
            "| of it, the MPI scale-out pieces (`make reproduce SKIP_KINDS=mpi` leaves them out) | 120 s | 2 of 2 |",
            block,
        )

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


class EarlierMachine(unittest.TestCase):
    """The section on the earlier machine: a reference run and an earlier machine's
    run of prim_gpu and hybrid_dfs (the earlier GPU half as fast by its host
    characterisation, its min-reduction Prim twice as slow); kruskal_100m in the
    reference run only."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.earlier, cls.ref = results_edit.two_runs(cls.tmp.name, FIXTURES, "prim_gpu-paper.", "hybrid_dfs-fig5b.")
        results_edit.copy_pieces(cls.ref, FIXTURES, "kruskal_100m-main.")
        for side, gbs, names in (
            (cls.earlier, 1000.0, {"cpu_model": "Earlier CPU", "gpu_name": "Earlier GPU", "source_commit": "e" * 40}),
            (cls.ref, 2000.0, {"source_commit": "f" * 40}),
        ):
            for f in os.listdir(side):
                if f.endswith(".json"):
                    stem = os.path.join(side, f[: -len(".json")])
                    results_edit.set_meta(stem, host_gpu_seq_read_gbs=gbs, host_gpu_rand_read_gbs=gbs / 10, **names)
        results_edit.scale_seconds(os.path.join(cls.earlier, "prim_gpu-paper"), 2.0, algorithm="prim_minreduce_gpu")
        cls.text = artifact.render(cls.ref, cls.earlier)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_the_two_machines_and_their_hosts(self):
        self.assertIn(earlier_doc.HEADING, self.text)
        self.assertIn("`make compare RESULTS=%s REFERENCE=%s`" % (self.ref, self.earlier), self.text)
        self.assertIn("the reference run (CPU Fixture CPU @ 3.0GHz; GPU Fixture GPU)", self.text)
        self.assertIn("the reference before it (CPU Earlier CPU; GPU Earlier GPU)", self.text)
        self.assertIn("- GPU random read bandwidth 2.00x the reference's (both from host profile)", self.text)

    def test_counts(self):
        counts = re.search(r"Of the \d+ claims: (.*)\.\n", self.text).group(1).split("; ")
        self.assertIn("1 differ as the machines predict", counts)
        self.assertIn("1 differ beyond the machines", counts)
        self.assertIn("0 differ because a program or graph ran in one run only", counts)
        one_side = [c for c in counts if "not run on one side" in c]
        self.assertEqual(len(one_side), 1)
        n = re.match(r"(\d+) not run on one side \((\d+) ran in the reference run only, 0 on the earlier", one_side[0])
        self.assertTrue(n and n.group(1) == n.group(2) and int(n.group(1)) > 0, one_side)  # kruskal_100m's claims

    def test_the_code_each_side_ran(self):
        self.assertIn("name the code `ffffffffffff`, the earlier machine's `eeeeeeeeeeee`", self.text)
        self.assertEqual(earlier_doc.code_versions(self.ref), ["f" * 12])
        same = earlier_doc.code_text(self.ref, self.ref)
        self.assertIn("Both name the same code (`ffffffffffff`)", same)

    def test_every_differing_claim_is_in_the_table(self):
        section = self.text.split(earlier_doc.HEADING)[1]
        self.assertIn(
            "| A-T1 | `prim_gpu` | 292 (not reproduced) | 146 (reproduced) | differ as the machines predict | "
            "here / reference 0.50x, within 0.50 .. 1.00x; the machines predict 0.50x",
            section,
        )
        self.assertRegex(
            section,
            r"\| A2 \| `prim_gpu` \| .* \| differ beyond the machines \| a finding changed .*the machines predict 1.00x",
        )
        self.assertNotRegex(section, r"\| `kruskal_100m`")  # ran on one side only: not a difference

    def test_absent_without_an_earlier_machine(self):
        self.assertNotIn(earlier_doc.HEADING, artifact.render(self.ref))
        if outputs.EARLIER_MACHINE is None:
            self.assertIsNone(outputs.earlier_reference())
            with open(os.path.join(outputs.REPO, "docs", "ARTIFACT.md"), encoding="utf-8") as f:
                self.assertNotIn(earlier_doc.HEADING, f.read())
        self.assertIsNone(outputs.earlier_reference("no-such-machine"))

    def test_the_committed_reference_gets_it_when_the_earlier_machine_is_named(self):
        # The reference itself standing for the earlier machine: every claim agrees.
        with mock.patch.object(outputs, "EARLIER_MACHINE", outputs.REFERENCE_MACHINE):
            _, text = generate(REFERENCE, os.path.join(self.tmp.name, "A.md"))
            _, other = generate(self.ref, os.path.join(self.tmp.name, "B.md"))
        self.assertIn("`make compare RESULTS=%s REFERENCE=%s`" % (REFERENCE, outputs.REFERENCE_REL), text)
        self.assertIn("No claim differs.", text)
        self.assertNotIn(earlier_doc.HEADING, other)  # any other results: no such section


if __name__ == "__main__":
    unittest.main()
