"""The appendix's section "The earlier machine": the committed reference
compared by ``paper.compare`` with the results of the machine that was the
reference before it (``paper.outputs.EARLIER_MACHINE``, kept in
results/reference/<it>), as ``make compare RESULTS=<reference>
REFERENCE=<earlier>`` prints it: the two machines and their hosts' measured
ratios, the code versions each names, how many claims agree and how the others
differ, and every claim that differs with what the hosts' ratios predicted for
it.  Every number comes from the two directories."""

from paper import agreement, compare, tables
from paper.results import commit_of, metadata_files

HEADING = "## The earlier machine"
OTHER_CLASSES = (compare.UNCLASSIFIED, compare.OTHER_SCALE, compare.OTHER_DEVICE)


def _outcome(o):
    return "%s (%s)" % (agreement.fmt_value(o.value), o.verdict)


def differ_table(cmp):
    """Every claim that differs: the earlier machine's outcome (compare's
    reference side), the reference run's (compare's rerun side), the class and
    why (the two runs' ratio against what the hosts' ratios predict)."""
    rows = [
        [
            c.claim.id,
            "`%s`" % e.name,
            _outcome(c.ref),
            _outcome(c.new),
            c.machines or compare.UNCLASSIFIED,
            c.machines_text or "–",
        ]
        for e in cmp.experiments
        for c in e.claims
        if c.status == compare.DIFFER
    ]
    return tables.TableData(
        ["claim", "experiment", "earlier machine", "reference run", "classification", "why"], rows, align="llllll"
    )


def code_versions(results_dir):
    """The commits the directory's result files name (12 hex digits), sorted."""
    return sorted(
        {commit_of(meta) for _, meta in metadata_files(results_dir) if meta.get("source_commit") or meta.get("git_sha")}
    )


def _names(versions):
    return ", ".join("`%s`" % v for v in versions) or "none"


def code_text(reference_dir, earlier_dir):
    """Which code each side ran: a claim that differs beyond the machines may owe
    it to the code between two versions, which no host ratio accounts for."""
    ref, earlier = code_versions(reference_dir), code_versions(earlier_dir)
    if ref == earlier:
        return "Both name the same code (%s): what differs between them is the machines." % _names(ref)
    return (
        "The reference run's files name the code %s, the earlier machine's %s: a claim that differs beyond "
        "the machines may owe it to the code between them as well as to the hosts." % (_names(ref), _names(earlier))
    )


def counts_text(cmp):
    """How many claims agree, differ (by class) and ran on one side only."""
    differ = cmp.claims(compare.DIFFER)
    by_class = {k: sum(1 for c in differ if c.machines == k) for k in compare.MACHINE_CLASSES}
    parts = [
        "%d agree" % len(cmp.claims(compare.AGREE)),
        "%d %s" % (by_class[compare.AS_PREDICTED], compare.AS_PREDICTED),
        "%d %s" % (by_class[compare.BEYOND], compare.BEYOND),
        "%d differ because %s" % (by_class[compare.ONE_RUN], compare.ONE_RUN),
    ]
    # The classes that a difference of the machines alone does not give: said when they occur.
    parts += ["%d %s" % (by_class[k], k) for k in OTHER_CLASSES if by_class[k]]
    one_side = (len(cmp.claims(compare.NOT_RUN_REF)), len(cmp.claims(compare.NOT_RUN_HERE)))
    parts.append(
        "%d not run on one side (%d ran in the reference run only, %d on the earlier machine only)"
        % (sum(one_side), one_side[0], one_side[1])
    )
    parts.append("%d not run on either" % len(cmp.claims(compare.NOT_RUN_EITHER)))
    return "Of the %d claims: %s." % (len(cmp.claims()), "; ".join(parts))


def section_lines(reference_dir, earlier_dir):
    """The section's lines: ``reference_dir`` (the committed reference) compared
    with ``earlier_dir`` (the earlier machine's results) as ``make compare`` does."""
    cmp = compare.compare(reference_dir, earlier_dir)
    differ = differ_table(cmp)
    lines = [
        HEADING,
        "",
        "`make compare RESULTS=%s REFERENCE=%s` compares the reference run (%s) with the results of the machine "
        "that was the reference before it (%s), claim by claim as for any rerun (above). Their hosts, as each run "
        "measured its own, in `make compare`'s words (*here* is the reference run, *the reference* the earlier "
        "machine):"
        % (
            reference_dir,
            earlier_dir,
            compare._machine(cmp.machines["rerun"]),
            compare._machine(cmp.machines["reference"]),
        ),
        "",
    ]
    lines += ["- " + line.strip() for line in compare._host_lines(cmp)]
    lines += ["", code_text(reference_dir, earlier_dir), "", counts_text(cmp), ""]
    if differ.rows:
        lines += ["Every claim that differs:", "", tables.to_markdown(differ)]
    else:
        lines += ["No claim differs.", ""]
    return lines
