"""paper/programs.py: the figures take each experiment's programs from
paper/programs.json (what the executables register), ordered by family; every
program that the reference results name is there."""

import json
import os
import tempfile
import unittest

from paper import outputs, programs, registry
from paper.results import load

REFERENCE = outputs.REFERENCE


class ProgramsFile(unittest.TestCase):
    def test_every_experiment_and_program_is_described(self):
        table = programs.load()
        self.assertEqual(list(table), registry.experiment_names())
        for experiment, listed in table.items():
            names = [p["name"] for p in listed]
            self.assertEqual(len(names), len(set(names)), experiment)
            for p in listed:
                self.assertIn(p["family"], programs.FAMILY_ORDER, (experiment, p["name"]))
                self.assertTrue(p["label"], (experiment, p["name"]))

    def test_reference_results_name_only_registered_programs(self):
        for experiment in registry.experiment_names():
            known = {p["name"] for p in programs.programs(experiment)}
            ran = set(load(REFERENCE, experiment).algorithms())
            self.assertTrue(ran, experiment)
            self.assertLessEqual(ran, known, experiment)


class Order(unittest.TestCase):
    def test_baselines_then_the_papers_programs_then_the_rest_each_in_table_order(self):
        listed = [
            {"name": "mine", "label": "Mine", "family": "beyond"},
            {"name": "theirs", "label": "Theirs", "family": "paper"},
            {"name": "bgl", "label": "BGL", "family": "baseline"},
            {"name": "also_theirs", "label": "Also", "family": "paper"},
        ]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "programs.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump({"x": listed}, f)
            algos = programs.algorithms("x", path)
        self.assertEqual(list(algos), ["bgl", "theirs", "also_theirs", "mine"])
        self.assertEqual(algos["also_theirs"].label, "Also")
        self.assertEqual((algos["theirs"].index, algos["also_theirs"].index), (0, 1))


if __name__ == "__main__":
    unittest.main()
