"""The appendix's section "What a rerun on another machine shows": a rerun of
some reference pieces on another host of the reference machine's type
(``RERUN``, results/rerun/<reference machine>-subset), compared with the reference by
``paper.compare``: how the two hosts measure, which claims agree, which differ
as the hosts' ratios predict (and on which resource), which differ beyond
them, and how to read such a comparison.  Every number comes from the two
directories.  Where the reference machine has no rerun yet but the earlier
machine (``paper.outputs.EARLIER_MACHINE``) has one, the section shows that
one against the earlier machine's reference, and says so; without either it
says how to make one."""

import os

from paper import bounds, compare, hosts, outputs, tables


def rerun_of(machine):
    """results/rerun/<machine>-subset: a rerun of some of that machine's reference pieces."""
    return os.path.join("results", "rerun", machine + "-subset")


# A rerun belongs to the reference machine: another machine's reference has none until one is made.
RERUN = rerun_of(outputs.REFERENCE_MACHINE)


def _pieces(results_dir):
    return sorted(
        os.path.splitext(f)[0]
        for f in os.listdir(results_dir)
        if f.endswith(".csv") and os.path.exists(os.path.join(results_dir, os.path.splitext(f)[0] + ".json"))
    )


def _host_table(cmp):
    here, ref = cmp.hosts["rerun"], cmp.hosts["reference"]
    rows = []
    for r in sorted(set(here) & set(ref)):
        x = hosts.ratio(r, here, ref)
        rows.append([hosts.describe(r), x.source, "%.2fx" % x.value])
    return tables.TableData(["measured", "source", "rerun / reference"], rows, align="llr")


def _resources(experiment, claim_id):
    b = bounds.of(experiment, claim_id)
    return sorted({r.split("@")[0] for r in b.resources}) if b else []


def _has_pieces(d):
    return os.path.isdir(d) and bool(_pieces(d))


def section_lines(reference_dir, rerun_dir=None):
    lines = ["## What a rerun on another machine shows", ""]
    whose = "the reference machine's"
    compare_args = ""
    if rerun_dir is None:
        rerun_dir = RERUN
        earlier = outputs.earlier_reference()
        if (
            not _has_pieces(rerun_dir)
            and outputs.is_reference(reference_dir)
            and earlier
            and _has_pieces(rerun_of(outputs.EARLIER_MACHINE))
        ):
            lines += [
                "No rerun of the reference machine is committed yet (`%s`). The earlier reference machine's rerun "
                "shows what two hosts of one type differ by, against that machine's reference:" % rerun_dir,
                "",
            ]
            rerun_dir, reference_dir = rerun_of(outputs.EARLIER_MACHINE), earlier
            whose = "the earlier machine's"
            compare_args = " REFERENCE=%s" % earlier
    if not _has_pieces(rerun_dir):
        return lines + [
            "No rerun is committed in `%s` yet. To make one: run some pieces of the reference on another host of the "
            'reference machine\'s type into that directory (README, "On the GPU machine"), then '
            "`make artifact RESULTS=%s`." % (rerun_dir, reference_dir),
            "",
        ]
    cmp = compare.compare(rerun_dir, reference_dir)
    claims = [(e.name, c) for e in cmp.experiments for c in e.claims]
    ran = [(e, c) for e, c in claims if c.status in (compare.AGREE, compare.DIFFER)]
    agree = [(e, c) for e, c in ran if c.status == compare.AGREE]
    by_class = {k: [(e, c) for e, c in ran if c.machines == k] for k in compare.MACHINE_CLASSES}

    def ids(pairs):
        return ", ".join(c.claim.id for _, c in pairs) or "none"

    def with_texts(pairs):
        """The ids, then each claim's classification text."""
        return ids(pairs) + "".join("; %s: %s" % (c.claim.id, c.machines_text) for _, c in pairs)

    cpu_bound = [
        (e, c) for e, c in by_class[compare.AS_PREDICTED] if any(r.startswith("cpu") for r in _resources(e, c.claim.id))
    ]
    lines += [
        "The pieces %s, rerun on another host of %s type into `%s`, compared with its reference by "
        "`make compare RESULTS=%s%s` (%d claims judged on both sides)."
        % (", ".join("`%s`" % p for p in _pieces(rerun_dir)), whose, rerun_dir, rerun_dir, compare_args, len(ran)),
        "",
        "**The two hosts**, as each run measured its own (the host characterisation every run records, "
        "or the reference's Table 1 where it predates it):",
        "",
        tables.to_markdown(_host_table(cmp)),
        "**Robust across hosts of this type** (agree: the same verdict, every number within tolerance): %s."
        % ids(agree),
        "",
        "**Differ as the machines predict** (the difference goes the way the hosts' measured ratios predict for "
        "the resource that bounds the claim's programs, `python3 -m paper.compare --bounds`, and is no larger): "
        "%s; of these, bound by the CPU's memory system: %s." % (ids(by_class[compare.AS_PREDICTED]), ids(cpu_bound)),
        "",
        "**Differ beyond the machines**: %s." % with_texts(by_class[compare.BEYOND]),
        "",
    ]
    if by_class[compare.ONE_RUN]:
        lines += ["**A program or graph ran in one run only**: %s." % with_texts(by_class[compare.ONE_RUN]), ""]
    if by_class[compare.UNCLASSIFIED]:
        lines += ["**Not classified** (a resource neither run measured): %s." % ids(by_class[compare.UNCLASSIFIED]), ""]
    lines += [
        "**How to read a comparison.** Start from the host lines at the top of `make compare`: two hosts of one "
        "type can differ by tens of percent in CPU memory bandwidth while their GPUs measure alike. A claim "
        "about a GPU program, or a ratio of two programs of one run, should then agree; a CPU time moves with "
        'the CPU\'s measured bandwidth, and `make compare` says so ("differ as the machines predict"). Only a '
        "claim that differs beyond the machines points at the code, the build, the setup or noise; claims "
        "not run at this scale were not measured at the size they name and say which sizes the run has.",
        "",
    ]
    return lines
