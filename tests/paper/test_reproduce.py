"""scripts/reproduce.py against a fake experiment executable: the plan, skips,
failures, and resuming after the run is killed halfway."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
REPRODUCE = os.path.join(REPO, "scripts", "reproduce.py")
FAKE = os.path.join(HERE, "fake_experiment.py")
FAKE_MPIRUN = os.path.join(HERE, "fake_mpirun.py")


class Harness(unittest.TestCase):
    """A temporary build/bin with fake experiments, a results directory and the invocation log."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.build = os.path.join(self.tmp.name, "build")
        self.results = os.path.join(self.tmp.name, "results")
        self.log = os.path.join(self.tmp.name, "invocations.log")
        os.makedirs(os.path.join(self.build, "bin"))

    def tearDown(self):
        self.tmp.cleanup()

    def fake(self, experiment):
        path = os.path.join(self.build, "bin", experiment)
        with open(path, "w") as f:
            f.write('#!/bin/sh\nFAKE_EXPERIMENT=%s exec "%s" "%s" "$@"\n' % (experiment, sys.executable, FAKE))
        os.chmod(path, 0o755)

    def env(self, **kw):
        env = dict(os.environ, FAKE_LOG=self.log, FAKE_GPU="0")
        env.update(kw)
        return env

    def command(self, *extra):
        return [
            sys.executable,
            REPRODUCE,
            "--build",
            self.build,
            "--scale",
            "quick",
            "--results",
            self.results,
            "--no-figures",
            "--quiet",
        ] + list(extra)

    def reproduce(self, *extra, **env):
        return subprocess.run(self.command(*extra), env=self.env(**env), capture_output=True, text=True, timeout=120)

    def status(self):
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            return {(p["experiment"], p["piece"]): p for p in json.load(f)["pieces"]}

    def invocations(self):
        if not os.path.exists(self.log):
            return []
        with open(self.log) as f:
            return f.read().split("\n")[:-1]


class ReproduceTest(Harness):
    def test_runs_pieces_skips_gpu_and_missing_executables(self):
        self.fake("prim_gpu")
        r = self.reproduce("--no-gpu", FAKE_PIECES="a:1:cpu,b:2:cpu,g:1:gpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        st = self.status()
        self.assertEqual(st[("prim_gpu", "a")]["status"], "ran")
        self.assertEqual(st[("prim_gpu", "b")]["status"], "ran")
        self.assertEqual(st[("prim_gpu", "g")]["status"], "skipped")
        self.assertIn("no GPU", st[("prim_gpu", "g")]["reason"])
        self.assertEqual(st[("hybrid_dfs", "")]["status"], "not implemented")
        self.assertEqual(self.invocations(), ["prim_gpu a", "prim_gpu b"])
        for piece in ("a", "b"):
            self.assertTrue(os.path.exists(os.path.join(self.results, "prim_gpu-%s.csv" % piece)))
        self.assertIn("skipped", r.stdout)
        self.assertIn("not implemented", r.stdout)

    def test_exit_3_is_a_skip_with_the_executables_message(self):
        self.fake("dijkstra_deg5")
        r = self.reproduce("--only", "dijkstra_deg5", FAKE_PIECES="a:1:cpu,big:1:cpu", FAKE_EXIT="big=3")
        self.assertEqual(r.returncode, 0, r.stderr)
        st = self.status()
        self.assertEqual(st[("dijkstra_deg5", "big")]["status"], "skipped")
        self.assertIn("fails on purpose", st[("dijkstra_deg5", "big")]["reason"])

    def test_a_failed_piece_is_reported_and_the_rest_runs(self):
        self.fake("kruskal_100m")
        r = self.reproduce("--only", "kruskal_100m", FAKE_PIECES="a:1:cpu,b:1:cpu", FAKE_EXIT="a=1")
        self.assertEqual(r.returncode, 1)
        st = self.status()
        self.assertEqual(st[("kruskal_100m", "a")]["status"], "failed")
        self.assertIn("exit 1", st[("kruskal_100m", "a")]["reason"])
        self.assertEqual(st[("kruskal_100m", "b")]["status"], "ran")
        self.assertIn("failed", r.stdout)

    def test_a_piece_that_fails_after_writing_its_files_is_run_again(self):
        # A program may write every row and then fail (a crash at exit): its files are
        # set aside as *.failed, so that a rerun runs it instead of taking it as done.
        self.fake("kruskal_100m")
        r = self.reproduce("--only", "kruskal_100m", FAKE_PIECES="a:1:cpu", FAKE_CRASH="a")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(self.status()[("kruskal_100m", "a")]["status"], "failed")
        self.assertIn("signal 11", self.status()[("kruskal_100m", "a")]["reason"])
        stem = os.path.join(self.results, "kruskal_100m-a")
        self.assertFalse(os.path.exists(stem + ".csv"))
        self.assertTrue(os.path.exists(stem + ".csv.failed"))
        self.assertTrue(os.path.exists(stem + ".json.failed"))
        r = self.reproduce("--only", "kruskal_100m", FAKE_PIECES="a:1:cpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.status()[("kruskal_100m", "a")]["status"], "ran")
        self.assertEqual(self.invocations(), ["kruskal_100m a", "kruskal_100m a"])

    def wait_for(self, cond, what, timeout=30):
        end = time.time() + timeout
        while time.time() < end:
            if cond():
                return
            time.sleep(0.05)
        self.fail("timed out waiting for " + what)

    def start_and_hang_in_b(self):
        self.fake("sollin_multicore")
        proc = subprocess.Popen(
            self.command("--only", "sollin_multicore"),
            start_new_session=True,
            env=self.env(FAKE_PIECES="a:1:cpu,b:1:cpu,c:1:cpu", FAKE_HANG="b"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        partial = os.path.join(self.results, "sollin_multicore-b.csv.partial")
        self.wait_for(lambda: os.path.exists(partial), "piece b to start writing")
        return proc, partial

    def assert_resumes(self, partial):
        self.assertTrue(os.path.exists(os.path.join(self.results, "sollin_multicore-a.csv")))
        self.assertFalse(os.path.exists(os.path.join(self.results, "sollin_multicore-b.csv")))
        r = self.reproduce("--only", "sollin_multicore", FAKE_PIECES="a:1:cpu,b:1:cpu,c:1:cpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        # a was finished before the kill and is not redone; b reruns from scratch; c runs once.
        self.assertEqual(
            self.invocations(), ["sollin_multicore a", "sollin_multicore b", "sollin_multicore b", "sollin_multicore c"]
        )
        st = self.status()
        self.assertEqual(st[("sollin_multicore", "a")]["status"], "done")
        self.assertEqual(st[("sollin_multicore", "b")]["status"], "ran")
        self.assertEqual(st[("sollin_multicore", "c")]["status"], "ran")
        self.assertFalse(os.path.exists(partial))
        with open(os.path.join(self.results, "sollin_multicore-b.csv")) as f:
            self.assertEqual(len(f.read().splitlines()), 1 + 6)

    def test_force_reruns_pieces_an_earlier_run_completed(self):
        self.fake("prim_gpu")
        pieces = "a:1:cpu,b:1:cpu"
        self.assertEqual(self.reproduce("--only", "prim_gpu", FAKE_PIECES=pieces).returncode, 0)
        self.assertEqual(self.reproduce("--only", "prim_gpu", FAKE_PIECES=pieces).returncode, 0)
        self.assertEqual(self.invocations(), ["prim_gpu a", "prim_gpu b"])  # the second run keeps both
        r = self.reproduce("--only", "prim_gpu", "--pieces", "b", "--force", FAKE_PIECES=pieces)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["prim_gpu a", "prim_gpu b", "prim_gpu b"])
        self.assertEqual(self.status()[("prim_gpu", "b")]["status"], "ran")

    def test_resume_after_the_whole_run_is_killed(self):
        proc, partial = self.start_and_hang_in_b()
        os.killpg(proc.pid, signal.SIGKILL)  # a lost machine: everything dies at once
        proc.wait()
        self.assertTrue(os.path.exists(partial))
        self.assert_resumes(partial)

    def test_resume_after_sigterm(self):
        proc, partial = self.start_and_hang_in_b()
        proc.send_signal(signal.SIGTERM)  # only reproduce.py: it must stop the piece itself
        self.assertEqual(proc.wait(timeout=30), 128 + signal.SIGTERM)
        st = self.status()
        self.assertEqual(st[("sollin_multicore", "b")]["status"], "interrupted")
        self.assertEqual(st[("sollin_multicore", "c")]["status"], "interrupted")
        self.assert_resumes(partial)

    def test_a_csv_that_does_not_match_its_json_is_set_aside_and_rerun(self):
        self.fake("prim_gpu")
        self.assertEqual(self.reproduce("--only", "prim_gpu", FAKE_PIECES="a:1:cpu").returncode, 0)
        csv_path = os.path.join(self.results, "prim_gpu-a.csv")
        with open(csv_path) as f:
            lines = f.read().splitlines()
        with open(csv_path, "w") as f:
            f.write("\n".join(lines[:3]) + "\n")  # truncated: 2 rows, JSON says 6
        r = self.reproduce("--only", "prim_gpu", FAKE_PIECES="a:1:cpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["prim_gpu a", "prim_gpu a"])
        self.assertTrue(os.path.exists(csv_path + ".stale"))
        with open(csv_path) as f:
            self.assertEqual(len(f.read().splitlines()), 7)

    def test_budget_learns_from_pieces_an_earlier_run_timed(self):
        self.fake("prim_gpu")
        pieces = "a:10:cpu,b:10:cpu"
        r = self.reproduce("--only", "prim_gpu", "--pieces", "a", FAKE_PIECES=pieces, FAKE_WALL="100")
        self.assertEqual(r.returncode, 0, r.stderr)
        # a took 10x its estimate: b (est 10) now counts as 100 s, past a budget of 50.
        r = self.reproduce("--only", "prim_gpu", "--budget", "50", FAKE_PIECES=pieces)
        self.assertEqual(r.returncode, 0, r.stderr)
        st = self.status()
        self.assertEqual(st[("prim_gpu", "a")]["status"], "done")
        self.assertEqual(st[("prim_gpu", "b")]["status"], "skipped")
        self.assertIn("deferred", st[("prim_gpu", "b")]["reason"])
        self.assertIn(
            "exceeds the whole --budget 50s", st[("prim_gpu", "b")]["reason"]
        )  # the same budget never runs it
        # Without the earlier timing the same budget runs it.
        os.remove(os.path.join(self.results, "prim_gpu-a.json"))
        os.remove(os.path.join(self.results, "prim_gpu-a.csv"))
        r = self.reproduce("--only", "prim_gpu", "--budget", "50", "--pieces", "b", FAKE_PIECES=pieces)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.status()[("prim_gpu", "b")]["status"], "ran")

    def test_budget_never_shortens_an_estimate(self):
        self.fake("prim_gpu")
        pieces = "a:100:cpu,b:80:cpu"
        r = self.reproduce("--only", "prim_gpu", "--pieces", "a", FAKE_PIECES=pieces, FAKE_WALL="10")
        self.assertEqual(r.returncode, 0, r.stderr)
        # a took a tenth of its estimate; b still counts as 80 s, past a budget of 50.
        r = self.reproduce("--only", "prim_gpu", "--budget", "50", FAKE_PIECES=pieces)
        self.assertEqual(r.returncode, 0, r.stderr)
        st = self.status()
        self.assertEqual(st[("prim_gpu", "b")]["status"], "skipped")
        self.assertIn("exceeds the whole --budget 50s", st[("prim_gpu", "b")]["reason"])
        self.assertEqual(self.invocations(), ["prim_gpu a"])

    def test_list_runs_nothing(self):
        self.fake("prim_gpu")
        r = self.reproduce("--list", FAKE_PIECES="a:1:cpu")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), [])
        self.assertIn("pending", r.stdout)

    def test_list_estimates_what_is_left_from_what_earlier_pieces_took(self):
        self.fake("prim_gpu")
        pieces = "a:10:cpu,b:10:cpu,c:30:cpu"
        r = self.reproduce("--only", "prim_gpu", "--pieces", "a", FAKE_PIECES=pieces, FAKE_WALL="20")
        self.assertEqual(r.returncode, 0, r.stderr)
        r = self.reproduce("--only", "prim_gpu", "--list", FAKE_PIECES=pieces)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertRegex(r.stdout, r"b\s+cpu\s+pending\s+est 10s")
        # a took twice its estimate: b and c (40 s estimated) count as 80 s.
        self.assertIn("pending: about 1m20s by the estimates x2.00", r.stdout)


class ReproduceMpiTest(Harness):
    """Pieces of kind mpi: one run per rank count under mpirun, capped at the cores."""

    PIECES = "a:1:cpu,scale-out:1:mpi"

    def setUp(self):
        super().setUp()
        # PATH holds the fake mpirun only (the real one may be installed here).
        self.path = os.path.join(self.tmp.name, "path")
        os.makedirs(self.path)
        with open(os.path.join(self.path, "mpirun"), "w") as f:
            f.write('#!/bin/sh\nexec "%s" "%s" "$@"\n' % (sys.executable, FAKE_MPIRUN))
        os.chmod(os.path.join(self.path, "mpirun"), 0o755)
        self.fake("hybrid_dfs")

    def env(self, **kw):
        env = super().env(PATH=self.path, FAKE_PIECES=self.PIECES)
        env.pop("OMP_NUM_THREADS", None)
        env.update(kw)
        return env

    def mpi(self, *extra, **env):
        return self.reproduce("--only", "hybrid_dfs", "--max-ranks", "4", *extra, **env)

    def launch(self, ranks):
        root = " --allow-run-as-root" if os.geteuid() == 0 else ""
        return ["mpirun -np %d%s OMP_NUM_THREADS=1" % (ranks, root), "hybrid_dfs scale-out-p%d" % ranks]

    def test_one_run_per_rank_count_up_to_the_cores(self):
        r = self.mpi()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["hybrid_dfs a"] + self.launch(1) + self.launch(2) + self.launch(4))
        by_tag = {}
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            for p in json.load(f)["pieces"]:
                by_tag[(p["piece"], p.get("ranks"))] = p
        for p in (1, 2, 4):
            self.assertEqual(by_tag[("scale-out", p)]["status"], "ran")
            with open(os.path.join(self.results, "hybrid_dfs-scale-out-p%d.csv" % p)) as f:
                lines = f.read().splitlines()
            self.assertTrue(lines[0].endswith(",ranks"))
            self.assertTrue(all(l.endswith(",%d" % p) and ",scale-out," in l for l in lines[1:]))
        self.assertEqual(by_tag[("scale-out", 8)]["tag"], "scale-out-p8")  # what the report names
        for p in (8, 16):
            self.assertEqual(by_tag[("scale-out", p)]["status"], "skipped")
            self.assertIn("%d ranks > 4 cores" % p, by_tag[("scale-out", p)]["reason"])
        self.assertIn("scale-out-p16", r.stdout)
        # Resumable per rank count: nothing reruns; a broken p2 reruns alone.
        csv_path = os.path.join(self.results, "hybrid_dfs-scale-out-p2.csv")
        with open(csv_path) as f:
            lines = f.read().splitlines()
        with open(csv_path, "w") as f:
            f.write("\n".join(lines[:3]) + "\n")
        n = len(self.invocations())
        r = self.mpi()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations()[n:], self.launch(2))

    def openmp_env(self, stem):
        with open(os.path.join(self.results, stem + ".json")) as f:
            return json.load(f)["openmp_env"]

    def test_the_protocols_environment_reaches_thread_pieces_not_ranks(self):
        env = self.env()
        env.pop("OMP_WAIT_POLICY", None)
        r = subprocess.run(
            self.command("--only", "hybrid_dfs", "--max-ranks", "2"),
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.openmp_env("hybrid_dfs-a"), "OMP_WAIT_POLICY=active")
        self.assertEqual(self.openmp_env("hybrid_dfs-scale-out-p2"), "default")  # one thread per rank
        self.results = os.path.join(self.tmp.name, "results-passive")  # a user's own setting wins
        r = self.mpi("--max-ranks", "1", OMP_WAIT_POLICY="passive")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.openmp_env("hybrid_dfs-a"), "OMP_WAIT_POLICY=passive")

    def test_pieces_names_one_rank_count(self):
        r = self.mpi("--pieces", "scale-out-p2")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), self.launch(2))

    def test_no_mpirun_skips_every_rank_count(self):
        os.remove(os.path.join(self.path, "mpirun"))
        r = self.mpi()
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["hybrid_dfs a"])
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            mpi = [p for p in json.load(f)["pieces"] if p["kind"] == "mpi"]
        self.assertEqual(sorted(p["ranks"] for p in mpi), [1, 2, 4, 8, 16])
        for p in mpi:
            self.assertEqual(p["status"], "skipped")
            self.assertIn("mpirun not found", p["reason"])

    def skipped_reasons(self):
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            mpi = [p for p in json.load(f)["pieces"] if p["kind"] == "mpi"]
        self.assertEqual(len(mpi), 5)
        self.assertTrue(all(p["status"] == "skipped" for p in mpi), mpi)
        return {p["reason"] for p in mpi}

    def test_an_executable_without_distributed_programs_is_skipped(self):
        r = self.mpi(FAKE_ALGORITHMS="algo\tserial program")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["hybrid_dfs a"])
        (reason,) = self.skipped_reasons()
        self.assertIn("none tagged [mpi]", reason)

    def test_a_build_without_mpi_is_skipped_with_its_words(self):
        r = self.mpi(FAKE_ALGORITHMS="algo\tserial|pbgl_algo\t[mpi] built without MPI and the Parallel BGL")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["hybrid_dfs a"])
        (reason,) = self.skipped_reasons()
        self.assertIn("built without MPI", reason)

    def test_nothing_to_run_skips_the_other_rank_counts(self):
        r = self.mpi("--pieces", "scale-out", FAKE_NOTHING="1")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), self.launch(1))
        reasons = self.skipped_reasons()
        self.assertTrue(any("nothing to run here" in x for x in reasons), reasons)

    def test_skip_kinds_leaves_the_scale_out_out_and_keeps_what_was_done(self):
        r = self.mpi("--ranks", "1")
        self.assertEqual(r.returncode, 0, r.stderr)
        r = self.mpi("--skip-kinds", "mpi")  # p1 done earlier; p2, p4 never started
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.invocations(), ["hybrid_dfs a"] + self.launch(1))
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            by_ranks = {p["ranks"]: p for p in json.load(f)["pieces"] if p["kind"] == "mpi"}
        self.assertEqual(by_ranks[1]["status"], "done")
        for ranks in (2, 4):
            self.assertEqual(by_ranks[ranks]["status"], "skipped")
            self.assertEqual(by_ranks[ranks]["reason"], "--skip-kinds mpi")

    def test_skip_kinds_takes_only_piece_kinds(self):
        r = self.mpi("--skip-kinds", "mpi,tpu")
        self.assertEqual(r.returncode, 2)
        self.assertIn("--skip-kinds takes piece kinds (cpu|gpu|mpi|mgpu)", r.stderr)
        self.assertEqual(self.invocations(), [])

    def test_an_unknown_kind_is_refused(self):
        r = self.mpi(FAKE_PIECES="a:1:tpu")
        self.assertEqual(r.returncode, 1)
        self.assertIn("cpu|gpu|mpi|mgpu", r.stdout)


class ReproduceMgpuTest(Harness):
    """Pieces of kind mgpu: run only where nvidia-smi -L lists two or more GPUs."""

    PIECES = "a:1:cpu,g:1:gpu,multi-gpu:1:mgpu"

    def setUp(self):
        super().setUp()
        # A fake nvidia-smi ahead of any real one: -L lists FAKE_GPUS GPUs, each with a MIG device below it.
        self.path = os.path.join(self.tmp.name, "path")
        os.makedirs(self.path)
        with open(os.path.join(self.path, "nvidia-smi"), "w") as f:
            f.write(
                '#!/bin/sh\ni=0\nwhile [ "$i" -lt "${FAKE_GPUS:-0}" ]; do\n'
                '  echo "GPU $i: Fake H100 (UUID: GPU-$i)"\n  echo "  MIG 1g.10gb Device 0: (UUID: MIG-$i)"\n'
                "  i=$((i + 1))\ndone\n"
            )
        os.chmod(os.path.join(self.path, "nvidia-smi"), 0o755)
        self.fake("hybrid_dfs")

    def env(self, **kw):
        env = super().env(PATH=self.path + os.pathsep + os.environ["PATH"], FAKE_PIECES=self.PIECES, FAKE_GPU="1")
        env.update(kw)
        return env

    def run_with(self, gpus, *extra):
        r = self.reproduce("--only", "hybrid_dfs", *extra, FAKE_GPUS=str(gpus))
        self.assertEqual(r.returncode, 0, r.stderr)
        return self.status()[("hybrid_dfs", "multi-gpu")]

    def test_two_gpus_run_it(self):
        st = self.run_with(2)
        self.assertEqual(st["status"], "ran")
        self.assertEqual(st["kind"], "mgpu")
        self.assertEqual(self.invocations(), ["hybrid_dfs a", "hybrid_dfs g", "hybrid_dfs multi-gpu"])
        self.assertTrue(os.path.exists(os.path.join(self.results, "hybrid_dfs-multi-gpu.csv")))
        with open(os.path.join(self.results, "reproduce-status.json")) as f:
            self.assertEqual(json.load(f)["gpus"], 2)  # GPUs, not their MIG devices

    def test_one_gpu_skips_it_with_the_count(self):
        st = self.run_with(1)
        self.assertEqual(st["status"], "skipped")
        self.assertIn("needs 2 or more GPUs; 1 GPU here (GPU 0: Fake H100", st["reason"])
        self.assertEqual(self.invocations(), ["hybrid_dfs a", "hybrid_dfs g"])

    def test_no_gpu_skips_it_and_the_gpu_piece(self):
        st = self.run_with(0)
        self.assertEqual(st["status"], "skipped")
        self.assertIn("needs 2 or more GPUs; no GPU: nvidia-smi -L found none", st["reason"])
        self.assertEqual(self.status()[("hybrid_dfs", "g")]["status"], "skipped")
        self.assertEqual(self.invocations(), ["hybrid_dfs a"])

    def test_no_gpu_flag_skips_it_on_a_multi_gpu_machine(self):
        st = self.run_with(4, "--no-gpu")
        self.assertEqual(st["status"], "skipped")
        self.assertIn("--no-gpu given", st["reason"])
        self.assertEqual(self.invocations(), ["hybrid_dfs a"])

    def test_a_skipped_piece_done_earlier_stays_done(self):
        self.run_with(2)
        st = self.run_with(1)
        self.assertEqual(st["status"], "done")
        self.assertEqual(self.invocations(), ["hybrid_dfs a", "hybrid_dfs g", "hybrid_dfs multi-gpu"])


if __name__ == "__main__":
    unittest.main()
