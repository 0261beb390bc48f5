"""scripts/check-release.py: a results directory is one release run only if
every file is complete, names the same clean commit of this history, and
carries that commit's own source hash where it carries one."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from paper import outputs

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SCRIPT = os.path.join(REPO, "scripts", "check-release.py")


def head():
    return subprocess.run(
        ["git", "-C", REPO, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()


def head_hash():
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", REPO, "archive", "HEAD"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "x", "-C", tmp], input=archive, check=True)
        return subprocess.run(
            ["bash", os.path.join(REPO, "scripts", "source-hash.sh"), tmp], capture_output=True, text=True, check=True
        ).stdout.strip()


@unittest.skipUnless(os.path.isdir(os.path.join(REPO, ".git")), "not a git checkout")
class CheckRelease(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def piece(self, name, csv=True, **meta):
        meta.setdefault("rows", 0)
        with open(os.path.join(self.dir, name + ".json"), "w") as f:
            json.dump(meta, f)
        if csv:
            with open(os.path.join(self.dir, name + ".csv"), "w") as f:
                f.write("experiment\n")

    def check(self):
        r = subprocess.run([sys.executable, SCRIPT, "--results", self.dir], capture_output=True, text=True, timeout=120)
        return r.returncode, r.stdout + r.stderr

    def test_one_commit_of_this_history_with_its_own_hash_passes(self):
        sha, own = head(), head_hash()
        self.piece("a-x", source_commit=sha, git_sha=sha + "-given", source_hash=own)
        self.piece("b-y", source_commit=sha, git_sha=sha + "-given", source_hash=own)
        rc, out = self.check()
        self.assertEqual(rc, 0, out)
        self.assertIn("is one release run", out)

    def test_the_drivers_status_file_is_not_a_result(self):
        sha, own = head(), head_hash()
        self.piece("a-x", source_commit=sha, source_hash=own)
        with open(os.path.join(self.dir, "reproduce-status.json"), "w") as f:
            json.dump({"pieces": []}, f)
        rc, out = self.check()
        self.assertEqual(rc, 0, out)
        self.assertNotIn("reproduce-status", out)

    def test_another_tree_than_the_commit_is_refused(self):
        sha = head()
        self.piece("a-x", source_commit=sha, source_hash="0" * 40)
        rc, out = self.check()
        self.assertEqual(rc, 1)
        self.assertIn("is not %s's own" % sha, out)

    def test_several_commits_dirty_trees_and_missing_files_are_named(self):
        sha = head()
        self.piece("a-x", git_sha=sha)
        self.piece("b-y", git_sha=sha + "-dirty")
        self.piece("c-z", csv=False, git_sha=sha)
        self.piece("d-w", git_sha="f" * 40)
        rc, out = self.check()
        self.assertEqual(rc, 1)
        self.assertIn("3 commits", out)
        self.assertIn("-dirty: not a clean commit", out)
        self.assertIn("not in this repository's history", out)
        self.assertIn("c-z: JSON without its CSV", out)

    def fake_build(self, pieces="main:1:cpu,scale-out:1:mpi"):
        """A build/bin of fake experiments, each with a cpu piece and an mpi piece (or `pieces`)."""
        build = os.path.join(self.dir, "build")
        os.makedirs(os.path.join(build, "bin"))
        with open(os.path.join(REPO, "experiments", "list.txt")) as f:
            experiments = [line.strip() for line in f if line.strip()]
        for exp in experiments:
            exe = os.path.join(build, "bin", exp)
            with open(exe, "w") as f:
                f.write(
                    '#!/bin/sh\nFAKE_PIECES=%s exec "%s" "%s" "$@"\n'
                    % (pieces, sys.executable, os.path.join(HERE, "fake_experiment.py"))
                )
            os.chmod(exe, 0o755)
        return build, experiments

    @staticmethod
    def protocol_env(exp, tag):
        """What the fake build's pieces record when run as the protocol says."""
        return "OMP_WAIT_POLICY=active" if (exp, tag) == ("hybrid_dfs", "main") else "default"

    def test_with_a_build_thread_pieces_must_record_the_protocols_environment(self):
        sha, own = head(), head_hash()
        build, experiments = self.fake_build()
        self.assertIn("hybrid_dfs", experiments)
        results = self.dir = os.path.join(self.dir, "results")
        os.makedirs(results)
        for exp in experiments:
            for tag in ["main"] + ["scale-out-p%d" % p for p in (1, 2, 4, 8, 16)]:
                self.piece(
                    "%s-%s" % (exp, tag),
                    source_commit=sha,
                    source_hash=own,
                    openmp_env="default" if exp == "hybrid_dfs" else self.protocol_env(exp, tag),
                )
        r = subprocess.run(
            [sys.executable, SCRIPT, "--results", results, "--build", build],
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(
            r.stdout.strip().splitlines(),
            [
                "check-release: hybrid_dfs: piece main ran without the protocol's OMP_WAIT_POLICY=active "
                "(its openmp_env: default)"
            ],
        )

    def test_with_a_build_every_piece_and_rank_count_must_be_there(self):
        sha, own = head(), head_hash()
        build, experiments = self.fake_build()
        results = self.dir = os.path.join(self.dir, "results")  # self.piece writes here
        os.makedirs(results)
        for exp in experiments:
            for tag in ["main"] + ["scale-out-p%d" % p for p in (1, 2, 4, 8, 16)]:
                if (exp, tag) != (experiments[-1], "scale-out-p4"):
                    self.piece(
                        "%s-%s" % (exp, tag), source_commit=sha, source_hash=own, openmp_env=self.protocol_env(exp, tag)
                    )
        r = subprocess.run(
            [sys.executable, SCRIPT, "--results", results, "--build", build],
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(
            r.stdout.strip().splitlines(),
            [
                "check-release: %s: piece scale-out-p4 not in the run (no %s-scale-out-p4.csv and .json)"
                % (experiments[-1], experiments[-1])
            ],
        )
        self.piece("%s-scale-out-p4" % experiments[-1], source_commit=sha, source_hash=own)
        r = subprocess.run(
            [sys.executable, SCRIPT, "--results", results, "--build", build],
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("every piece of", r.stdout)

    def test_a_multi_gpu_piece_is_wanted_only_from_a_host_with_two_gpus(self):
        sha, own = head(), head_hash()
        build, experiments = self.fake_build("main:1:cpu,multi-gpu:1:mgpu")
        results = self.dir = os.path.join(self.dir, "results")
        os.makedirs(results)

        def run():
            r = subprocess.run(
                [sys.executable, SCRIPT, "--results", results, "--build", build],
                capture_output=True,
                text=True,
                timeout=120,
            )
            return r.returncode, r.stdout

        for gpu_count in (1, 2):
            for exp in experiments:
                self.piece(
                    "%s-main" % exp,
                    source_commit=sha,
                    source_hash=own,
                    gpu_count=gpu_count,
                    openmp_env=self.protocol_env(exp, "main"),
                )
            rc, out = run()
            if gpu_count == 1:  # a one-GPU host's release has no multi-GPU piece
                self.assertEqual(rc, 0, out)
            else:
                self.assertEqual(rc, 1, out)
                self.assertIn("piece multi-gpu not in the run", out)

    def test_a_multi_gpu_machines_reference_is_checked_for_its_own_pieces(self):
        sha, own = head(), head_hash()
        build, experiments = self.fake_build("main:1:cpu,multi-gpu:1:mgpu")
        results = self.dir = os.path.join(self.dir, "results")
        os.makedirs(results)
        for exp in experiments:  # the multi-GPU machine ran the multi-GPU piece alone
            env = self.protocol_env(exp, "main")  # what a thread piece of exp records
            self.piece("%s-multi-gpu" % exp, source_commit=sha, source_hash=own, gpu_count=2, openmp_env=env)

        def run(*extra):
            r = subprocess.run(
                [sys.executable, SCRIPT, "--results", results, "--build", build, *extra],
                capture_output=True,
                text=True,
                timeout=120,
            )
            return r.returncode, r.stdout + r.stderr

        rc, out = run()
        self.assertEqual(rc, 1, out)
        self.assertIn("piece main not in the run", out)
        rc, out = run("--kind", "mgpu")
        self.assertEqual(rc, 0, out)
        self.assertIn("every mgpu piece of", out)
        os.remove(os.path.join(results, "%s-multi-gpu.csv" % experiments[0]))
        os.remove(os.path.join(results, "%s-multi-gpu.json" % experiments[0]))
        rc, out = run("--kind", "mgpu")
        self.assertEqual(rc, 1, out)
        self.assertIn("%s: piece multi-gpu not in the run" % experiments[0], out)

    def test_kind_without_a_build_is_a_usage_error(self):
        r = subprocess.run(
            [sys.executable, SCRIPT, "--results", self.dir, "--kind", "mgpu"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertEqual(r.returncode, 2)
        self.assertIn("--kind needs --build", r.stderr)

    def copy_reference(self, prefix):
        """The committed reference's result files whose names start with ``prefix``, into the directory checked."""
        for f in os.listdir(outputs.REFERENCE):
            if f.startswith(prefix):
                shutil.copy2(os.path.join(outputs.REFERENCE, f), self.dir)

    def check_claims(self):
        return subprocess.run(
            [sys.executable, SCRIPT, "--results", self.dir, "--claims"],
            capture_output=True,
            text=True,
            timeout=300,
            cwd=REPO,
        )

    def test_with_claims_every_claim_must_be_judged_but_for_want_of_gpus(self):
        # The reference's hybrid_dfs files alone, from a one-GPU host, with no
        # multi-GPU run beside them: the claims that need 2 or 4 GPUs are excused,
        # every other experiment's claims are not judged.
        self.copy_reference("hybrid_dfs-")
        r = self.check_claims()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        unjudged = re.findall(r"^check-release: claim (\S+) \((\w+)\) not judged", r.stdout, flags=re.M)
        self.assertIn(("A1", "prim_gpu"), unjudged)
        self.assertIn(("E-S1", "dijkstra_deg5"), unjudged)
        for cid in ("D-T10", "D-T11", "D-T12", "D1", "D-T4"):
            self.assertNotIn((cid, "hybrid_dfs"), unjudged)

    def test_with_claims_malformed_results_are_named_not_a_crash(self):
        self.copy_reference("prim_gpu-paper.")
        with open(os.path.join(self.dir, "prim_gpu-paper.csv"), "a") as f:
            f.write("garbage\n")
        r = self.check_claims()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertRegex(r.stdout, r"check-release: claim – \(prim_gpu\) not judged: malformed results: .*line \d+")
        self.assertNotIn("Traceback", r.stderr)

    def test_a_missing_directory_is_a_usage_error(self):
        r = subprocess.run(
            [sys.executable, SCRIPT, "--results", os.path.join(self.dir, "nope")],
            capture_output=True,
            text=True,
            timeout=60,
        )
        self.assertEqual(r.returncode, 2)


if __name__ == "__main__":
    unittest.main()
