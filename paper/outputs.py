"""Where figures, tables and REPORT.md go (one rule for paper.figures,
paper.report, the Makefile and scripts/reproduce.py).

Results under ``results/reference/h100`` are the committed reference: their
figures, tables and report are the committed ``paper/figures``,
``paper/tables`` and ``paper/REPORT.md``.  Any other results directory (a
local or quick run, or another committed set such as
``results/reference/h100-quick``) writes them to ``<results>/paper/``, so that
no other run touches the committed paper."""

import os

PAPER_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(PAPER_DIR)
REFERENCE = os.path.join(REPO, "results", "reference", "h100")


def is_reference(results_dir):
    """True for results/reference/h100 of this repository (symbolic links resolved)."""
    return os.path.realpath(results_dir) == os.path.realpath(REFERENCE)


def out_dir(results_dir):
    """The directory that holds figures/, tables/ and REPORT.md for these results."""
    return PAPER_DIR if is_reference(results_dir) else os.path.join(results_dir, "paper")


def replace_marked_block(path, begin, end, block):
    """Replaces the text from the line ``begin`` to the line ``end`` (both
    included) of the file with ``block`` (markers included), atomically;
    False if the file has no such pair of markers."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        return False
    text = text[:start] + block + text[stop + len(end) :]
    tmp = path + ".partial"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return True
