"""paper/select.py and the loader's piece/role/run_id columns: rows are chosen
by what they say they are for, from one run, each threaded program at its most
threads; --input rows are never drawn."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from paper import select
from paper.results import Results, ResultsMalformed, ResultsMissing, Row, load
from tests.paper.fixture_copy import PrimPaperCopy

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
COMPLETE = os.path.join(HERE, "fixtures", "complete")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def row(algo="a", role="main", run="r1", threads=1, n=10, seconds=1.0):
    return Row(
        experiment="x",
        graph="g",
        generator="gen",
        n=n,
        m=2 * n,
        seed=1,
        algorithm=algo,
        threads=threads,
        device="cpu",
        trial=0,
        seconds=seconds,
        answer="",
        verified=True,
        piece="p-" + run,
        role=role,
        run_id=run,
        _file="/r/x-%s.csv" % run,
        _line=2,
    )


def results(rows, dates):
    """Results whose runs have the given JSON dates ({run_id: date})."""
    runs = sorted(dates)
    return Results(
        "x", rows, [{"run_id": r, "date": dates[r], "tag": "p-" + r} for r in runs], ["x-%s.csv" % r for r in runs]
    )


class SelectTest(unittest.TestCase):
    def test_role_keeps_only_the_roles_asked_for(self):
        res = results(
            [row(role="main"), row(role="thread-sweep", run="r2"), row(role="extension", run="r3")],
            {"r1": "1", "r2": "2", "r3": "3"},
        )
        self.assertEqual({r["role"] for r in select.role(res, "main").rows}, {"main"})
        self.assertEqual({r["role"] for r in select.role(res, "main", "extension").rows}, {"main", "extension"})
        self.assertEqual(select.role(res, "size-sweep").rows, [])

    def test_runs_are_ordered_by_their_json_date_not_their_id(self):
        res = results(
            [row(run="a"), row(run="b"), row(run="c")],
            {"a": "2026-03-01T00:00:00Z", "b": "2026-01-01T00:00:00Z", "c": "2026-02-01T00:00:00Z"},
        )
        self.assertEqual(select.runs(res), ["a", "c", "b"])

    def test_newest_run_is_one_run_that_has_every_program(self):
        res = results(
            [
                row("seq", run="old", seconds=4.0),
                row("par", run="old", seconds=1.0),
                row("seq", run="new", seconds=2.0),
            ],
            {"old": "2026-01-01T00:00:00Z", "new": "2026-02-01T00:00:00Z"},
        )
        self.assertEqual(select.newest_run(res, "seq").values("run_id"), ["new"])
        both = select.newest_run(res, "seq", "par")
        self.assertEqual(both.values("run_id"), ["old"])  # the only run with both: never a mix
        self.assertEqual(sorted(r["seconds"] for r in both.rows), [1.0, 4.0])
        with self.assertRaises(ResultsMissing):
            select.newest_run(res, "seq", "other")

    def test_first_role_prefers_the_earlier_role_over_a_newer_run(self):
        res = results(
            [
                row("a", role="main", run="m"),
                row("a", role="thread-sweep", run="t"),
                row("b", role="thread-sweep", run="t"),
            ],
            {"m": "2026-01-01T00:00:00Z", "t": "2026-02-01T00:00:00Z"},
        )
        self.assertEqual(select.first_role(res, ("main", "thread-sweep"), "a").values("run_id"), ["m"])
        self.assertEqual(select.first_role(res, ("main", "thread-sweep"), "b").values("run_id"), ["t"])
        with self.assertRaises(ResultsMissing):
            select.first_role(res, ("main",), "b")

    def test_each_threaded_program_at_its_most_threads(self):
        res = results(
            [row("omp", threads=t) for t in (1, 2, 16)]
            + [row("omp2", threads=t) for t in (1, 8)]
            + [row("seq", threads=1), row("gpu", threads=1)],
            {"r1": "1"},
        )
        self.assertEqual(
            select.most_threads(res, ["omp", "omp2", "absent"]), {"omp": {"threads": 16}, "omp2": {"threads": 8}}
        )
        kept = select.at_most_threads(res, ["omp", "omp2"])
        self.assertEqual(
            sorted((r["algorithm"], r["threads"]) for r in kept.rows),
            [("gpu", 1), ("omp", 16), ("omp2", 8), ("seq", 1)],
        )
        self.assertEqual(select.most_threads(res, ["omp"], n=99), {})

    def test_drawable_leaves_out_input_rows_and_their_files(self):
        res = results([row(run="r1"), row(role="input", run="r2", seconds=99.0)], {"r1": "1", "r2": "2"})
        d = select.drawable(res)
        self.assertEqual([r["role"] for r in d.rows], ["main"])
        self.assertEqual(d.files, ["x-r1.csv"])
        self.assertEqual([m["run_id"] for m in d.metas], ["r1"])
        with self.assertRaisesRegex(ResultsMissing, "input"):
            select.drawable(results([row(role="input")], {"r1": "1"}))


class LoaderColumnsTest(PrimPaperCopy):
    def setUp(self):
        super().setUp()
        with open(self.csv) as f:
            self.lines = f.read().splitlines()

    def write(self, lines):
        with open(self.csv, "w") as f:
            f.write("\n".join(lines) + "\n")

    def test_rows_carry_piece_role_and_run_id(self):
        res = load(self.dir, "prim_gpu")
        self.assertEqual(res.values("piece"), ["paper"])
        self.assertEqual(res.values("role"), ["main"])
        self.assertEqual(len(res.values("run_id")), 1)

    def test_a_csv_without_the_columns_names_the_migration(self):
        def drop(line):
            f = line.split(",")
            return ",".join(f[:13] + f[16:])

        self.write([drop(l) for l in self.lines])
        with self.assertRaisesRegex(ResultsMalformed, "migrate-results-roles.py"):
            load(self.dir, "prim_gpu")

    def test_an_unknown_role_is_malformed(self):
        self.write([self.lines[0], self.lines[1].replace(",main,", ",headline,")] + self.lines[2:])
        with self.assertRaisesRegex(ResultsMalformed, "line 2: role is 'headline'"):
            load(self.dir, "prim_gpu")

    def test_two_run_ids_in_one_file_are_malformed(self):
        f = self.lines[1].split(",")
        f[15] = "another-run"
        self.write([self.lines[0], ",".join(f)] + self.lines[2:])
        with self.assertRaisesRegex(ResultsMalformed, "more than one run_id"):
            load(self.dir, "prim_gpu")


class InputRowsTest(unittest.TestCase):
    """An --input run written into the same directory changes no figure, table or claim."""

    def test_input_rows_are_never_drawn(self):
        with tempfile.TemporaryDirectory() as tmp:
            plain, mixed = os.path.join(tmp, "plain"), os.path.join(tmp, "mixed")
            shutil.copytree(COMPLETE, plain)
            shutil.copytree(COMPLETE, mixed)
            # The main run again, newer, 100x faster and marked as a user's --input graph.
            with open(os.path.join(COMPLETE, "hybrid_dfs-fig4.csv")) as f:
                lines = f.read().splitlines()
            head = lines[0].split(",")
            col = {c: i for i, c in enumerate(head)}
            out = [lines[0]]
            for line in lines[1:]:
                f = line.split(",")
                f[col["role"]], f[col["piece"]], f[col["run_id"]] = "input", "input", "20990101T000000Z-000000"
                f[col["teps"]] = "%g" % (100 * float(f[col["teps"]]))
                f[col["threads"]] = str(2 * int(f[col["threads"]]))  # more threads than any run the paper draws
                f[col["seconds"]] = "%g" % (float(f[col["seconds"]]) / 100)
                out.append(",".join(f))
            with open(os.path.join(mixed, "hybrid_dfs-input.csv"), "w") as f:
                f.write("\n".join(out) + "\n")
            with open(os.path.join(mixed, "hybrid_dfs-input.json"), "w") as f:
                f.write(
                    '{"experiment": "hybrid_dfs", "rows": %d, "tag": "input", "date": "2099-01-01T00:00:00Z", '
                    '"run_id": "20990101T000000Z-000000"}' % (len(out) - 1)
                )
            self.assertIn("input", load(mixed, "hybrid_dfs").values("role"))  # the loader keeps them ...
            texts = {}
            for name, d in (("plain", plain), ("mixed", mixed)):
                o = os.path.join(tmp, "out-" + name)
                for mod, args in (
                    ("paper.figures", ["--out", o, "--only", "hybrid_dfs"]),
                    ("paper.report", ["--out", os.path.join(o, "REPORT.md")]),
                ):
                    r = subprocess.run(
                        [sys.executable, "-m", mod, "--results", d] + args,
                        cwd=REPO,
                        capture_output=True,
                        text=True,
                        timeout=300,
                    )
                    self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
                texts[name] = [
                    read(os.path.join(o, "tables", t)) for t in ("hybrid_dfs_claims.md", "hybrid_dfs_teps.md")
                ]
                texts[name].append(read(os.path.join(o, "REPORT.md")).split("## D.")[1].split("## E.")[0])
            self.assertEqual(texts["plain"], texts["mixed"])  # ... the paper does not draw them
            self.assertNotIn("hybrid_dfs-input.csv", texts["mixed"][2])


if __name__ == "__main__":
    unittest.main()
