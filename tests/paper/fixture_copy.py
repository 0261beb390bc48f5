"""A test case that works on a private copy of one fixture piece
(prim_gpu-paper.csv and its JSON), for tests that damage or edit results."""

import glob
import os
import shutil
import tempfile
import unittest

COMPLETE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "complete")


class PrimPaperCopy(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        for f in glob.glob(os.path.join(COMPLETE, "prim_gpu-paper.*")):
            shutil.copy(f, self.dir)
        self.csv = os.path.join(self.dir, "prim_gpu-paper.csv")

    def tearDown(self):
        self.tmp.cleanup()
