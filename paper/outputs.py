"""Where figures, tables and REPORT.md go (one rule for paper.figures,
paper.report, the Makefile and scripts/reproduce.py), and which machine's
results are the committed reference.

``REFERENCE_MACHINE`` names the reference machine, once for the whole suite:
results under ``results/reference/<REFERENCE_MACHINE>`` are the committed
reference, whose figures, tables and report are the committed
``paper/figures``, ``paper/tables`` and ``paper/REPORT.md``;
``<machine>-quick`` is its quick-scale run and ``<machine>-x2``, ``-x4`` its
multi-GPU kinds' (``make compare`` chooses among them, docs/ARTIFACT.md,
the README's reference times and docs/SCALE-OUT.md's measured blocks quote
them).  ``EARLIER_MACHINE`` names the previous reference machine, kept in
``results/reference/<EARLIER_MACHINE>`` for comparison (docs/ARTIFACT.md's
"The earlier machine"); None while there is none.  Switching the reference
is changing these two names, then regenerating (docs/DESIGN.md).

Any other results directory (a local or quick run, or another committed set
such as the quick-scale reference) writes its figures, tables and report to
``<results>/paper/``, so that no other run touches the committed paper."""

import os

PAPER_DIR = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(PAPER_DIR)

# The machine whose results are the committed reference; to switch, change it
# (and EARLIER_MACHINE to the machine it replaces), then regenerate (docs/DESIGN.md).
REFERENCE_MACHINE = "h200"
# The previous reference machine, kept in results/reference/<it> for comparison; None while there is none.
EARLIER_MACHINE = "h100"
# The multi-GPU machine kinds that have a reference of their own (<machine>-<kind>).
MULTI_GPU_KINDS = ("x2", "x4")


def with_variant(name, variant=""):
    """<name>[-<variant>]: how a machine's quick and multi-GPU runs are named beside its own."""
    return name + ("-" + variant if variant else "")


def reference_rel(machine, variant=""):
    """results/reference/<machine>[-<variant>], relative to the repository."""
    return os.path.join("results", "reference", with_variant(machine, variant))


# Relative to the repository (as the Makefile, the docs and the tests name them) ...
REFERENCE_REL = reference_rel(REFERENCE_MACHINE)
QUICK_REFERENCE_REL = reference_rel(REFERENCE_MACHINE, "quick")
MULTI_GPU_REFERENCES_REL = tuple(reference_rel(REFERENCE_MACHINE, k) for k in MULTI_GPU_KINDS)
# ... and absolute.
REFERENCE = os.path.join(REPO, REFERENCE_REL)
QUICK_REFERENCE = os.path.join(REPO, QUICK_REFERENCE_REL)
MULTI_GPU_REFERENCES = tuple(os.path.join(REPO, r) for r in MULTI_GPU_REFERENCES_REL)


def multi_gpu_companions(results_dir):
    """The multi-GPU machine kinds' runs beside a results directory,
    ``<results_dir>-x2`` and ``-x4`` where present (the reference's
    ``h200-x2``, ...): a claim that needs more GPUs than the directory's own
    machine had is judged on them (paper.report)."""
    found = [with_variant(os.path.normpath(results_dir), k) for k in MULTI_GPU_KINDS]
    return [d for d in found if os.path.isdir(d)]


def is_reference(results_dir):
    """True for the committed reference (REFERENCE) of this repository (symbolic links resolved)."""
    return os.path.realpath(results_dir) == os.path.realpath(REFERENCE)


def earlier_reference(machine=None):
    """The earlier machine's paper-scale results (``machine``, default
    EARLIER_MACHINE), relative to the working directory, when it is named and
    committed; None otherwise."""
    machine = EARLIER_MACHINE if machine is None else machine
    if not machine:
        return None
    path = os.path.join(REPO, reference_rel(machine))
    return os.path.relpath(path) if os.path.isdir(path) else None


def out_dir(results_dir):
    """The directory that holds figures/, tables/ and REPORT.md for these results."""
    return PAPER_DIR if is_reference(results_dir) else os.path.join(results_dir, "paper")


def generated_markers(family, name):
    """(begin, end): the lines between which make artifact writes the block
    ``family-name`` of a doc. Free of the machine's name, so that switching the
    reference machine still finds them."""
    return (
        "<!-- %s-%s: written by make artifact from the committed reference -->" % (family, name),
        "<!-- %s-%s end -->" % (family, name),
    )


def generated_block(family, name, lines):
    """The block's text: ``lines`` between its markers."""
    begin, end = generated_markers(family, name)
    return "\n".join([begin] + list(lines) + [end])


def replace_generated_blocks(family, texts, path_of):
    """Rewrites each block of ``texts`` ({name: text, markers included}) in the
    file ``path_of(name)``; the names of the blocks whose file has no markers."""
    missing = []
    for name, text in texts.items():
        if not replace_marked_block(path_of(name), *generated_markers(family, name), text):
            missing.append(name)
    return missing


def replace_marked_block(path, begin, end, block):
    """Replaces the text from the line ``begin`` to the line ``end`` (both
    included) of the file with ``block`` (markers included), atomically;
    False if the file has no such pair of markers."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start, stop = text.find(begin), text.find(end)
    if start < 0 or stop < start:
        return False
    write_atomic(path, text[:start] + block + text[stop + len(end) :])
    return True


def write_atomic(path, text):
    """Writes the file whole or not at all: a reader never sees half of it."""
    tmp = path + ".partial"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
