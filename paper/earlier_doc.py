"""The appendix's section "The earlier machine": the committed reference
compared by ``paper.compare`` with the results of the machine that was the
reference before it (``paper.outputs.EARLIER_MACHINE``, kept in
results/reference/<it>), as ``make compare RESULTS=<reference>
REFERENCE=<earlier>`` prints it: the two machines and their hosts' measured
ratios, the code versions each names, how many claims agree and how the others
differ, and every claim that differs with what the hosts' ratios predicted for
it, and, for each claim that differs beyond the machines, where its
experiment's NOTES.md says why (or that nobody looked).  Every number comes
from the two directories."""

import os
import re

from paper import agreement, compare, outputs, tables
from paper.results import commit_of, metadata_files

HEADING = "## The earlier machine"
# An experiment's NOTES.md explains a claim that moved beyond what the hosts
# predict in a section whose heading starts with this and whose text names the claim.
EXPLAINED_HEADING = "## Beyond the hosts"
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


def notes_path(experiment, repo=outputs.REPO):
    return os.path.join(repo, "experiments", experiment, "NOTES.md")


def explaining_section(experiment, claim_id, repo=outputs.REPO):
    """The heading (without "## ") of the last section of the experiment's
    NOTES.md that starts with EXPLAINED_HEADING and names the claim, or None."""
    try:
        with open(notes_path(experiment, repo), encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return None
    named = re.compile(r"(?<![\w-])%s(?![\w-])" % re.escape(claim_id))
    found = None
    for section in re.split(r"^(?=## )", text, flags=re.M):
        heading, _, body = section.partition("\n")
        if heading.startswith(EXPLAINED_HEADING) and named.search(body):
            found = heading[len("## ") :].strip()
    return found


def explained_text(cmp, repo=outputs.REPO):
    """Where each claim that differs beyond the machines is explained, and
    which ones no NOTES.md explains; '' when no claim differs beyond them."""
    beyond = [(e.name, c.claim.id) for e in cmp.experiments for c in e.claims if c.machines == compare.BEYOND]
    if not beyond:
        return ""
    places, unexplained = {}, []
    for exp, cid in beyond:
        heading = explaining_section(exp, cid, repo)
        if heading is None:
            unexplained.append(cid)
        else:
            places.setdefault((exp, heading), []).append(cid)
    parts = [
        '%s: `%s`, "%s"' % (", ".join(ids), os.path.relpath(notes_path(exp, repo), repo), heading)
        for (exp, heading), ids in places.items()
    ]
    if unexplained:
        parts.append("not looked into: %s" % ", ".join(unexplained))
    return "Why the claims that differ beyond the machines moved: %s." % "; ".join(parts)


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
        explained = explained_text(cmp)
        if explained:
            lines += [explained, ""]
    else:
        lines += ["No claim differs.", ""]
    return lines
