"""paper.rerun_doc: the appendix's section on a rerun on another host, the
reference machine's own where committed, else the earlier machine's against
its own reference (said as such), else how to make one."""

import os
import tempfile
import unittest
from unittest import mock

from paper import outputs, rerun_doc

HERE = os.path.dirname(os.path.abspath(__file__))
COMPLETE = os.path.join(HERE, "fixtures", "complete")


class Section(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.none = os.path.join(self.tmp.name, "absent")

    def tearDown(self):
        self.tmp.cleanup()

    def test_without_any_rerun_it_says_how_to_make_one(self):
        with mock.patch.object(rerun_doc, "RERUN", self.none), mock.patch.object(
            outputs, "earlier_reference", lambda: None
        ):
            text = "\n".join(rerun_doc.section_lines(COMPLETE))
        self.assertIn("No rerun is committed in `%s` yet" % self.none, text)

    def test_the_earlier_machines_rerun_stands_in_against_its_own_reference(self):
        earlier_rerun = {"old": COMPLETE}
        with mock.patch.object(rerun_doc, "RERUN", self.none), mock.patch.object(
            rerun_doc, "rerun_of", lambda m: earlier_rerun.get(m, self.none)
        ), mock.patch.object(outputs, "EARLIER_MACHINE", "old"), mock.patch.object(
            outputs, "earlier_reference", lambda: COMPLETE
        ), mock.patch.object(
            outputs, "is_reference", lambda d: d == "REF"
        ):
            text = "\n".join(rerun_doc.section_lines("REF"))
        self.assertIn("No rerun of the reference machine is committed yet (`%s`)" % self.none, text)
        self.assertIn("another host of the earlier machine's type into `%s`" % COMPLETE, text)
        self.assertIn("`make compare RESULTS=%s REFERENCE=%s`" % (COMPLETE, COMPLETE), text)
        self.assertIn("**Robust across hosts of this type**", text)

    def test_the_reference_machines_own_rerun_comes_first(self):
        with mock.patch.object(rerun_doc, "RERUN", COMPLETE), mock.patch.object(
            outputs, "earlier_reference", lambda: self.none
        ):
            text = "\n".join(rerun_doc.section_lines(COMPLETE))
        self.assertNotIn("earlier", text)
        self.assertIn("another host of the reference machine's type into `%s`" % COMPLETE, text)
        self.assertIn("`make compare RESULTS=%s` (" % COMPLETE, text)


if __name__ == "__main__":
    unittest.main()
