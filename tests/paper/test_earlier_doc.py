"""paper.earlier_doc: where the appendix finds why a claim moved beyond what
the two hosts predict (a "Beyond the hosts" section of its NOTES.md)."""

import os
import tempfile
import unittest
from types import SimpleNamespace

from paper import compare, earlier_doc

NOTES = """# notes

## Beyond the hosts: an older pair of machines
D-T2 got faster: the degree-ordered copy.

## Some other measurement
D2 is mentioned here, outside any such section.

## Beyond the hosts: the newest pair
D-T2 again, the later word. B4 as well.
"""


def claim(cid, machines):
    return SimpleNamespace(claim=SimpleNamespace(id=cid), machines=machines)


class ExplainingSection(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        os.makedirs(os.path.join(self.tmp.name, "experiments", "exp"))
        with open(earlier_doc.notes_path("exp", self.tmp.name), "w", encoding="utf-8") as f:
            f.write(NOTES)

    def tearDown(self):
        self.tmp.cleanup()

    def test_the_last_section_that_names_the_claim(self):
        self.assertEqual(
            earlier_doc.explaining_section("exp", "D-T2", self.tmp.name), "Beyond the hosts: the newest pair"
        )

    def test_a_claim_named_only_elsewhere_or_inside_another_id_is_not_explained(self):
        self.assertIsNone(earlier_doc.explaining_section("exp", "D2", self.tmp.name))  # "D-T2" is not "D2"
        self.assertIsNone(earlier_doc.explaining_section("exp", "T2", self.tmp.name))
        self.assertIsNone(earlier_doc.explaining_section("no-such-experiment", "B4", self.tmp.name))

    def test_the_line_names_each_place_and_what_nobody_looked_into(self):
        cmp = SimpleNamespace(
            experiments=[
                SimpleNamespace(
                    name="exp",
                    claims=[
                        claim("D-T2", compare.BEYOND),
                        claim("B4", compare.BEYOND),
                        claim("D2", compare.BEYOND),
                        claim("D7", compare.AS_PREDICTED),
                    ],
                )
            ]
        )
        text = earlier_doc.explained_text(cmp, self.tmp.name)
        self.assertEqual(
            text,
            "Why the claims that differ beyond the machines moved: D-T2, B4: `experiments/exp/NOTES.md`, "
            '"Beyond the hosts: the newest pair"; not looked into: D2.',
        )

    def test_nothing_when_no_claim_differs_beyond_the_machines(self):
        cmp = SimpleNamespace(experiments=[SimpleNamespace(name="exp", claims=[claim("D7", compare.AS_PREDICTED)])])
        self.assertEqual(earlier_doc.explained_text(cmp, self.tmp.name), "")


if __name__ == "__main__":
    unittest.main()
