"""The lines of the README, docs/PROTOCOL.md and docs/SCALE-OUT.md that say
which machine the committed reference ran on and what it measured there.

paper.artifact writes them between marker lines for the committed reference
(``paper.outputs.REFERENCE_MACHINE``), so that switching the reference
machine rewrites them with the rest of ``make artifact``, from the results
and nothing else:

    summary      README: the reference's directories (paper scale, quick, the
                 multi-GPU kinds', the earlier machine's) and its hardware
    machine      docs/PROTOCOL.md: the hardware and software, and what the
                 host profile measured of it beside the earlier machine's
    multi-gpu    docs/SCALE-OUT.md: the multi-GPU kinds' runs, their machines
                 and commits, and the multi-GPU targets judged on each

A test checks that the committed blocks are what the reference gives.
"""

import os

from paper import claims as claims_mod
from paper import hosts, multi_gpu, outputs, registry, scope, select, tables
from paper.results import ResultsMissing, commit_of, load, metadata_files

# (file relative to the repository, block name) of each block.
BLOCKS = {
    "summary": "README.md",
    "machine": os.path.join("docs", "PROTOCOL.md"),
    "multi-gpu": os.path.join("docs", "SCALE-OUT.md"),
}

# The host profile's rows of the machine table: (resource of paper.hosts, label, unit).
PROFILE_ROWS = [
    ("gpu_seq", "GPU sequential read", "GB/s"),
    ("gpu_rand", "GPU random read", "GB/s"),
    ("cpu_seq@1", "CPU sequential read, 1 thread", "GB/s"),
    ("cpu_seq@max", "CPU sequential read, all the run's threads", "GB/s"),
    ("cpu_rand@1", "CPU random read, 1 thread", "GB/s"),
    ("cpu_rand@max", "CPU random read, all the run's threads", "GB/s"),
    ("cpu_latency", "one thread's dependent read, apart", "ns"),
]


MARKERS = "reference"  # the family of its blocks' marker lines (paper.outputs.generated_markers)


def run_metas(results_dir):
    """The metadata of the directory's result files (not the driver's status file)."""
    return [m for _, m in metadata_files(results_dir) if m.get("experiment") and m.get("run_id")]


def distinct_values(metas, key):
    """Distinct values of a metadata key, in a stable order, bytes as GiB."""
    out = set()
    for m in metas:
        v = m.get(key)
        if v in (None, ""):
            continue
        out.add("%.0f GiB" % (int(v) / 2**30) if key.endswith("_bytes") else str(v))
    return sorted(out)


def hardware(metas):
    """The machine in words: its GPUs beside its CPU (every value where the files differ)."""
    gpus = []
    for m in metas:
        if m.get("gpu_name"):
            count = int(m.get("gpu_count") or 1)
            memory = int(m.get("gpu_memory_bytes") or 0)
            gpus.append(
                "%s%s%s"
                % (
                    "%d x " % count if count > 1 else "one ",
                    m["gpu_name"],
                    " (%.0f GiB)" % (memory / 2**30) if memory else "",
                )
            )
    gpu_text = " / ".join(sorted(set(gpus))) or "no GPU"
    cores = " / ".join(distinct_values(metas, "cpu_cores")) or "?"
    return "%s beside a %s-core %s with %s of RAM" % (
        gpu_text,
        cores,
        " / ".join(distinct_values(metas, "cpu_model")) or "CPU",
        " / ".join(distinct_values(metas, "ram_bytes")) or "? GiB",
    )


def most_ranks(metas):
    return max([int(m.get("ranks") or 1) for m in metas] or [1])


def summary_block(results_dir):
    """README: where the reference's results are and what ran them."""
    ref = outputs.REFERENCE_REL
    quick = outputs.QUICK_REFERENCE_REL
    lines = [
        "What reproduced and what did not on today's hardware (the reference machine: %s), claim by claim "
        "with the measured value and the rule behind each verdict: `paper/REPORT.md`, generated from the "
        "committed results in `%s/`." % (hardware(run_metas(results_dir)), ref)
    ]
    if os.path.isdir(os.path.join(outputs.REPO, quick)):
        ranks = most_ranks(run_metas(os.path.join(outputs.REPO, quick)))
        lines.append(
            "`%s/` holds a quick-scale run of the same machine%s; its report, with %sverdicts, is `%s/paper/REPORT.md`."
            % (
                quick,
                " with the distributed (MPI) programs at 1-%d ranks" % ranks if ranks > 1 else "",
                "the scale-out figures, tables and " if ranks > 1 else "",
                quick,
            )
        )
    companions = outputs.multi_gpu_companions(results_dir)
    if companions:
        lines.append(
            "The multi-GPU piece ran on %s; the report judges the targets that need several GPUs there "
            '(docs/SCALE-OUT.md, "Measured scaling").'
            % " and ".join(
                "`%s/` (%s)" % (os.path.relpath(d, outputs.REPO), hardware(run_metas(d)).split(" beside ")[0])
                for d in companions
            )
        )
    missing = [
        k for k in outputs.MULTI_GPU_KINDS if outputs.with_variant(os.path.normpath(results_dir), k) not in companions
    ]
    for k in missing:
        gpus = k.lstrip("x")  # a kind names its GPU count: x4 is a 4-GPU host
        lines.append(
            "No run of a %s-GPU host (`%s/`) is committed beside it: the targets that need %s GPUs of one host "
            "are not run (`paper/REPORT.md` says which)."
            % (gpus, outputs.reference_rel(outputs.REFERENCE_MACHINE, k), gpus)
        )
    earlier = outputs.earlier_reference()
    if earlier:
        lines.append(
            "The earlier reference machine's results stay in `%s/` (%s); docs/ARTIFACT.md, \"The earlier "
            'machine", says which claims moved between the two and why.'
            % (outputs.reference_rel(outputs.EARLIER_MACHINE), hardware(run_metas(earlier)))
        )
    return outputs.generated_block(MARKERS, "summary", lines)


def profile_value(characterised, resource):
    """The measurement of ``resource`` in words: from the host profile where the
    runs have it, else the first source of paper.hosts that has it (named)."""
    by_source = characterised.get(resource, {})
    for source in hosts.SOURCES:
        if source in by_source:
            v = 1e9 / by_source[source] if resource == "cpu_latency" else by_source[source]
            text = "%.0f" % v if v >= 100 else "%.3g" % v
            return text if source == hosts.HOST_PROFILE else "%s (%s)" % (text, source)
    return "not measured"


def machine_block(results_dir):
    """docs/PROTOCOL.md: the reference's hardware and software, and its host
    characterisation beside the earlier machine's."""
    metas = run_metas(results_dir)
    software = []
    for label, key in (
        ("", "compiler"),
        ("CUDA ", "cuda_runtime_version"),
        ("driver for CUDA ", "gpu_driver_cuda_version"),
        ("Boost ", "boost_version"),
    ):
        if distinct_values(metas, key):
            software.append(label + " / ".join(distinct_values(metas, key)))
    earlier = outputs.earlier_reference()
    columns = [("the reference", results_dir, outputs.REFERENCE_REL)]
    if earlier:
        columns.append(("the earlier machine", earlier, outputs.reference_rel(outputs.EARLIER_MACHINE)))
    characterised = [hosts.characterise(d) for _, d, _ in columns]
    rows = [
        [label + " (%s)" % unit] + [profile_value(c, resource) for c in characterised]
        for resource, label, unit in PROFILE_ROWS
    ]
    table = tables.TableData(
        [""] + ["%s, `%s`" % (name, rel) for name, _, rel in columns], rows, align="l" + "r" * len(columns)
    )
    lines = [
        "The committed results in `%s/` come from one machine: %s; %s (docs/ARTIFACT.md has the whole table). "
        "What its runs measured of it (the host profile of every result file, docs/DESIGN.md, medians over "
        "the files; where a run predates the profile, the bandwidths that `hybrid_dfs`'s Table 1 or "
        "`sollin_multicore`'s floor measured, named)%s:"
        % (
            outputs.REFERENCE_REL,
            hardware(metas),
            ", ".join(software) or "software not recorded",
            ", beside the earlier reference machine's (%s)" % hardware(run_metas(earlier)) if earlier else "",
        ),
        "",
        tables.to_markdown(table).rstrip("\n"),
    ]
    return outputs.generated_block(MARKERS, "machine", lines)


def several_gpu_claims():
    """[(experiment, Claim)] of the claims judged only on several GPUs (paper.scope.MULTI_GPU)."""
    out = []
    for name, module in registry.load_modules():
        if isinstance(module, registry.BrokenModule):
            raise RuntimeError("paper.%s does not import:\n%s" % (name, module.error))
        out += [(name, c) for c in getattr(module, "judged", []) if scope.needs_several_gpus(name, c.id)]
    return out


def phases_lines(directory):
    """Where dobfs_mgpu's time went at each G on the largest graph with a one-GPU
    line (the speed-up targets' graph), medians over roots x trials."""
    try:
        res = select.drawable(load(directory, "hybrid_dfs"))
        with_one = [
            g for g in multi_gpu.graphs(res) if multi_gpu.on_graph(res, g).where(algorithm=multi_gpu.ONE_GPU).rows
        ]
        if not with_one:
            return []
        g = with_one[-1]
        per_g = multi_gpu.by_gpus(multi_gpu.run_on(res, g))
    except ResultsMissing:
        return []

    def ms(rows, column):
        v = multi_gpu.median_column(rows, column)
        return "–" if v is None else "%.3g" % (v * 1e3)

    counts = sorted(per_g)
    imbalance = [multi_gpu.median_column(per_g[n], "imbalance") for n in counts]
    return [
        "",
        "Where `%s`'s time went on %s at G = %s: in all %s ms, the slowest GPU's compute %s ms, the exchanges %s ms "
        "(summed over levels); the imbalance (per-level max over mean compute, summed over levels) %s."
        % (
            multi_gpu.PROGRAM,
            multi_gpu.graph_text(g),
            " / ".join(map(str, counts)),
            " / ".join(ms(per_g[n], "seconds") for n in counts),
            " / ".join(ms(per_g[n], "compute_s") for n in counts),
            " / ".join(ms(per_g[n], "comm_s") for n in counts),
            " / ".join("–" if v is None else "%.3g" % v for v in imbalance),
        ),
    ]


def multi_gpu_block(results_dir):
    """docs/SCALE-OUT.md: each multi-GPU kind's run beside the reference, its
    machine and commit, and the targets that need several GPUs judged there."""
    lines = []
    claims = several_gpu_claims()
    for d in outputs.multi_gpu_companions(results_dir):
        metas = run_metas(d)
        rel = os.path.relpath(d, outputs.REPO)
        commits = sorted({commit_of(m) for m in metas})
        lines.append(
            "On `%s/` (%s; commit%s %s):"
            % (rel, hardware(metas), "s" if len(commits) > 1 else "", ", ".join("`%s`" % c[:12] for c in commits))
        )
        lines.append("")
        for experiment, claim in claims:
            res, why = select.load_drawable(d, experiment)
            outcome = claims_mod.evaluate(claim, res, why)
            lines.append(
                "- %s, *%s*: %s; **%s**%s."
                % (
                    claim.id,
                    claim.statement.replace("Target: ", ""),
                    outcome.measured,
                    outcome.verdict,
                    " (%s)" % outcome.reason if outcome.reason else "",
                )
            )
        lines += phases_lines(d)
        lines.append("")
    if not lines:
        lines = [
            "No multi-GPU kind's run beside `%s/`: the targets that need several GPUs are not run."
            % outputs.REFERENCE_REL,
            "",
        ]
    lines.append(
        "Every graph and G, with the shares of compute and exchange: each directory's "
        "`paper/tables/hybrid_dfs_multi_gpu.md` (`make figures RESULTS=<directory>`)."
    )
    return outputs.generated_block(MARKERS, "multi-gpu", lines)


def blocks(results_dir):
    """{block name: its text, markers included}."""
    return {
        "summary": summary_block(results_dir),
        "machine": machine_block(results_dir),
        "multi-gpu": multi_gpu_block(results_dir),
    }


def update_docs(results_dir, root=outputs.REPO):
    """Rewrites each file's block (the files under ``root``); the files that have no markers for theirs."""
    missing = outputs.replace_generated_blocks(
        MARKERS, blocks(results_dir), lambda name: os.path.join(root, BLOCKS[name])
    )
    return ["%s (%s)" % (BLOCKS[name], name) for name in missing]
