"""Where figures, tables and REPORT.md go (one rule for paper.figures,
paper.report, the Makefile and scripts/reproduce.py).

Results under ``results/reference/<machine>`` are the committed reference:
their figures, tables and report are the committed ``paper/figures``,
``paper/tables`` and ``paper/REPORT.md``.  Any other results directory (a
local or quick run) writes them to ``<results>/paper/``, so that a local run
never touches the committed paper."""

import os

PAPER_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(PAPER_DIR)
REFERENCE = os.path.join(REPO, "results", "reference")


def is_reference(results_dir):
    """True for results/reference/<machine> of this repository (symbolic links resolved)."""
    return os.path.dirname(os.path.realpath(results_dir)) == os.path.realpath(REFERENCE)


def out_dir(results_dir):
    """The directory that holds figures/, tables/ and REPORT.md for these results."""
    return PAPER_DIR if is_reference(results_dir) else os.path.join(results_dir, "paper")
