"""paper.reference_doc: the lines of the README, PROTOCOL and SCALE-OUT that
name the reference machine, checked against the metadata and rows they come
from (the machine in words, the host profile beside the earlier machine's, the
multi-GPU targets and phases of each multi-GPU kind's run), the marker-block
rewrite, and that the committed blocks are what the committed reference gives."""

import json
import os
import statistics
import tempfile
import unittest
from unittest import mock

from paper import claims, hybrid_dfs, outputs, reference_doc, select
from paper.results import load
from tests.paper import make_fixtures

HERE = os.path.dirname(os.path.abspath(__file__))
COMPLETE = os.path.join(HERE, "fixtures", "complete")


def write_meta(directory, name, **meta):
    base = {"experiment": "kruskal_100m", "run_id": name}
    base.update(meta)
    with open(os.path.join(directory, name + ".json"), "w", encoding="utf-8") as f:
        json.dump(base, f)


class Hardware(unittest.TestCase):
    def test_the_machine_in_words(self):
        metas = [
            {"gpu_name": "GPU X", "gpu_count": 2, "gpu_memory_bytes": 80 * 2**30, "cpu_cores": 32,
             "cpu_model": "CPU Y", "ram_bytes": 252 * 2**30}
        ]  # fmt: skip
        self.assertEqual(reference_doc.hardware(metas), "2 x GPU X (80 GiB) beside a 32-core CPU Y with 252 GiB of RAM")

    def test_files_that_differ_show_every_value(self):
        metas = [
            {"gpu_name": "GPU X", "gpu_memory_bytes": 80 * 2**30, "cpu_cores": 16, "cpu_model": "A", "ram_bytes": 2**37},
            {"gpu_name": "GPU Z", "gpu_memory_bytes": 96 * 2**30, "cpu_cores": 16, "cpu_model": "B", "ram_bytes": 2**37},
        ]  # fmt: skip
        text = reference_doc.hardware(metas)
        self.assertIn("one GPU X (80 GiB) / one GPU Z (96 GiB)", text)
        self.assertIn("16-core A / B with 128 GiB", text)

    def test_the_drivers_status_file_is_not_a_run(self):
        with tempfile.TemporaryDirectory() as d:
            write_meta(d, "a", cpu_cores=8)
            with open(os.path.join(d, "reproduce-status.json"), "w", encoding="utf-8") as f:
                json.dump({"pieces": []}, f)
            self.assertEqual([m["run_id"] for m in reference_doc.run_metas(d)], ["a"])


class SummaryBlock(unittest.TestCase):
    def test_a_multi_gpu_kind_without_a_run_is_named(self):
        with tempfile.TemporaryDirectory() as tmp:
            ref = os.path.join(tmp, "m")
            for d in (ref, ref + "-x2"):
                os.mkdir(d)
                write_meta(d, "r", gpu_name="G", gpu_count=2 if d.endswith("x2") else 1, cpu_cores=16)
            with mock.patch.object(outputs, "multi_gpu_companions", lambda _: [ref + "-x2"]):
                text = reference_doc.summary_block(ref)
                # the directory as a user may type it names the same companions
                self.assertNotIn("2-GPU host", reference_doc.summary_block(ref + os.sep))
        self.assertIn("(2 x G)", text)
        self.assertIn(
            "No run of a 4-GPU host (`%s/`) is committed beside it"
            % outputs.reference_rel(outputs.REFERENCE_MACHINE, "x4"),
            text,
        )
        self.assertNotIn("2-GPU host", text)


class MachineBlock(unittest.TestCase):
    def test_profile_beside_the_earlier_machines(self):
        with tempfile.TemporaryDirectory() as ref, tempfile.TemporaryDirectory() as old:
            write_meta(ref, "r1", threads=16, host_gpu_seq_read_gbs=3800.0, host_cpu_seq_read_gbs_t16=80.0,
                       host_cpu_dependent_read_ns=200.0, gpu_name="New GPU", compiler="g++ 13")  # fmt: skip
            write_meta(ref, "r2", threads=16, host_gpu_seq_read_gbs=3900.0, host_cpu_seq_read_gbs_t16=90.0,
                       host_cpu_dependent_read_ns=100.0, gpu_name="New GPU", compiler="g++ 13")  # fmt: skip
            write_meta(old, "o1", threads=16, host_gpu_seq_read_gbs=2900.0, gpu_name="Old GPU")
            with mock.patch.object(outputs, "earlier_reference", lambda: old), mock.patch.object(
                outputs, "EARLIER_MACHINE", "old"
            ):
                text = reference_doc.machine_block(ref)
        rows = {line.split("|")[1].strip(): line.split("|")[2:4] for line in text.splitlines() if line.startswith("| ")}
        self.assertEqual(rows["GPU sequential read (GB/s)"][0].strip(), "%.0f" % statistics.median([3800, 3900]))
        self.assertEqual(rows["GPU sequential read (GB/s)"][1].strip(), "2900")
        self.assertEqual(rows["CPU sequential read, all the run's threads (GB/s)"][0].strip(), "85")
        self.assertEqual(rows["CPU sequential read, all the run's threads (GB/s)"][1].strip(), "not measured")
        # 1e9 / median(1e9/200, 1e9/100) ns: the median of the rates, said as a latency
        self.assertEqual(rows["one thread's dependent read, apart (ns)"][0].strip(), "133")
        self.assertIn("one New GPU", text)
        self.assertIn("beside the earlier reference machine's (one Old GPU", text)
        self.assertIn("`results/reference/old`", text)
        begin, end = outputs.generated_markers(reference_doc.MARKERS, "machine")
        self.assertTrue(text.startswith(begin))
        self.assertTrue(text.endswith(end))


class MultiGpuBlock(unittest.TestCase):
    def test_targets_and_phases_of_each_kind(self):
        with tempfile.TemporaryDirectory() as d:
            x4 = os.path.join(d, "m-x4")
            os.mkdir(x4)
            make_fixtures.hybrid_dfs_multi_gpu(out=x4)
            with mock.patch.object(outputs, "multi_gpu_companions", lambda _: [x4]):
                text = reference_doc.multi_gpu_block(d)
            res = select.drawable(load(x4, "hybrid_dfs"))
        for cid in ("D-T10", "D-T11", "D-T12"):
            outcome = claims.evaluate(next(c for c in hybrid_dfs.MODULE.judged if c.id == cid), res)
            self.assertIn("- %s, *" % cid, text)
            self.assertIn("%s; **%s**" % (outcome.measured, outcome.verdict), text)
        # the phases on the largest graph with a one-GPU line, from the rows themselves
        largest = max(r["m"] for r in res.where(algorithm="dobfs_gpu").rows)
        at4 = [r for r in res.where(algorithm="dobfs_mgpu").rows if r["m"] == largest and int(r.num("gpus")) == 4]
        compute = statistics.median(r.num("compute_s") for r in at4) * 1e3
        phases = next(line for line in text.splitlines() if line.startswith("Where `dobfs_mgpu`'s time went"))
        self.assertIn("at G = 1 / 2 / 4", phases)
        self.assertIn(" / %.3g ms, the exchanges" % compute, phases)

    def test_without_a_multi_gpu_run_it_says_so(self):
        with tempfile.TemporaryDirectory() as d, mock.patch.object(outputs, "multi_gpu_companions", lambda _: []):
            self.assertIn("are not run", reference_doc.multi_gpu_block(d))


class Rewrite(unittest.TestCase):
    def test_replaces_between_markers_and_names_a_file_without(self):
        with tempfile.TemporaryDirectory() as root:
            os.mkdir(os.path.join(root, "docs"))
            for name, rel in reference_doc.BLOCKS.items():
                with open(os.path.join(root, rel), "a", encoding="utf-8") as f:
                    if name == "machine":
                        f.write("PROTOCOL without its markers\n")
                        continue
                    f.write(
                        "before\n%s\nSTALE TEXT\n%s\nafter\n" % outputs.generated_markers(reference_doc.MARKERS, name)
                    )
            missing = reference_doc.update_docs(COMPLETE, root)
            self.assertEqual(missing, ["%s (machine)" % reference_doc.BLOCKS["machine"]])
            with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
                readme = f.read()
        self.assertNotIn("STALE TEXT", readme)
        self.assertTrue(readme.startswith("before\n") and readme.endswith("after\n"))
        self.assertIn("Fixture GPU", readme)


class CommittedDocs(unittest.TestCase):
    def test_blocks_are_the_reference_results(self):
        for name, text in reference_doc.blocks(outputs.REFERENCE).items():
            with open(os.path.join(outputs.REPO, reference_doc.BLOCKS[name]), encoding="utf-8") as f:
                self.assertIn(
                    text,
                    f.read(),
                    "%s's %s block is stale: run make artifact RESULTS=%s"
                    % (reference_doc.BLOCKS[name], name, outputs.REFERENCE_REL),
                )


if __name__ == "__main__":
    unittest.main()
