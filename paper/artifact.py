"""Writes the artifact appendix from a results directory.

    python3 -m paper.artifact --results DIR [--out FILE]

The appendix goes to ``docs/ARTIFACT.md`` for the committed reference
(``paper.outputs.REFERENCE``; without --out, it also rewrites the README's
block of reference times, the measured blocks of docs/SCALE-OUT.md,
paper.scale_out_doc, and the lines that name the reference machine,
paper.reference_doc) and to ``DIR/paper/ARTIFACT.md`` for any other results
(the rule of ``paper.outputs``).  For the committed reference, when the
earlier reference machine's results are committed
(``paper.outputs.EARLIER_MACHINE``), the appendix also says what ``make
compare`` finds between the two machines (``paper.earlier_doc``).  Its prose
is written here; every number in it comes from the results: the machine and
the software versions (the metadata), how long each piece took (the
metadata's ``wall_seconds``: the whole piece, generation and verification
included), the code versions the files name, the claims' verdicts (the rules
of ``paper/<experiment>.py``) and the tolerances within which ``make
compare`` calls a rerun agreeing (``paper/tolerances.py``).  The same results
give the same file, byte for byte.
"""

import argparse
import os
import re
import sys

from paper import claims as claims_mod
from paper import (
    bounds,
    earlier_doc,
    outputs,
    reference_doc,
    registry,
    rerun_doc,
    scale_out_doc,
    select,
    tables,
    tolerances,
)
from paper.report import claims_rows
from paper.results import ResultsMissing, commit_of, load, piece_stems, read_metadata

# (label, metadata key) of the machine and software table.
MACHINE_KEYS = [
    ("CPU", "cpu_model"),
    ("CPU cores", "cpu_cores"),
    ("host memory", "ram_bytes"),
    ("GPU", "gpu_name"),
    ("GPU memory", "gpu_memory_bytes"),
    ("GPU driver (CUDA version)", "gpu_driver_cuda_version"),
    ("CUDA runtime", "cuda_runtime_version"),
    ("CUDA compiler", "cuda_compiler_version"),
    ("C++ compiler", "compiler"),
    ("Boost", "boost_version"),
    ("OpenMP environment", "openmp_env"),
]


class PieceTime:
    def __init__(self, experiment, stem, meta):
        self.experiment = experiment
        self.meta = meta
        self.file = os.path.basename(stem)
        self.rows = meta.get("rows")
        self.wall = meta.get("wall_seconds")
        self.ranks = meta.get("ranks", 1)
        self.commit = commit_of(meta)
        # make reproduce names an mpi piece's files <exp>-<piece>-p<P> (scripts/reproduce.py).
        self.scale_out = re.search(r"-p[0-9]+$", self.file) is not None


def piece_times(results_dir):
    """One PieceTime per result file (CSV with its JSON) of every experiment, in list order."""
    out = []
    for exp in registry.experiment_names():
        for stem in piece_stems(results_dir, exp):
            if not (os.path.exists(stem + ".csv") and os.path.exists(stem + ".json")):
                continue
            out.append(PieceTime(exp, stem, read_metadata(stem + ".json")))
    return out


def fmt_duration(seconds):
    if seconds is None:
        return "not recorded"
    s = float(seconds)
    return "%.0f s" % s if s < 600 else "%.0f s (%.1f min)" % (s, s / 60)


def times_table(times):
    rows = [
        ["`%s`" % t.experiment, "`%s`" % t.file, str(t.rows), str(t.ranks), fmt_duration(t.wall), "`%s`" % t.commit]
        for t in times
    ]
    return tables.TableData(
        ["experiment", "result file", "rows", "ranks", "wall time", "code version"], rows, align="llrrrl"
    )


SKIP_SCALE_OUT = "`make reproduce SKIP_KINDS=mpi` leaves them out"


def scale_out_text(times):
    """'; <what the MPI scale-out pieces, beyond the papers, took of the run's time>', or ''."""
    total, n, _ = totals([t for t in times if t.scale_out])
    if not n:
        return ""
    return "; %s of it in the %d MPI scale-out pieces, beyond the papers (%s)" % (
        fmt_duration(total),
        n,
        SKIP_SCALE_OUT,
    )


def totals(times):
    """(seconds over the files that recorded it, how many did, how many did not)."""
    recorded = [float(t.wall) for t in times if t.wall is not None]
    return sum(recorded), len(recorded), len(times) - len(recorded)


# Rows that are not graphs: Table 1's bandwidth arrays (n counts 8-byte words).
NOT_GRAPHS = {"bandwidth"}


def needs_table(results_dir):
    """Per experiment, from its rows: the largest graph, the devices and the most
    threads and ranks that the reference run used."""
    rows = []
    for exp in registry.experiment_names():
        try:
            res = load(results_dir, exp)
        except ResultsMissing:
            rows.append(["`%s`" % exp, "–", "–", "not run", "–", "–"])
            continue
        graphs = [r for r in res.rows if r.get("generator") not in NOT_GRAPHS] or [{"n": 0, "m": 0}]
        n = max(int(r["n"]) for r in graphs)
        m = max(int(r["m"]) for r in graphs)
        devices = sorted({str(r["device"]) for r in res.rows})
        threads = max(int(r["threads"]) for r in res.rows)
        ranks = max([int(r.num("ranks")) for r in res.rows if r.num("ranks")] or [1])
        rows.append(["`%s`" % exp, "%d" % n, "%d" % m, ", ".join(devices), str(threads), str(ranks)])
    return tables.TableData(
        ["experiment", "largest n", "largest m", "devices", "most threads", "most ranks"], rows, align="lrrlrr"
    )


def verdicts(results_dir):
    """[[letter, experiment, counts...]] of the claims' verdicts, as the report counts them."""
    rows = []
    for name, module in registry.load_modules():
        if isinstance(module, registry.BrokenModule):
            rows.append(["–", "`%s`" % name] + ["module broken"] + [""] * (len(claims_mod.VERDICTS) - 1))
            continue
        results, absent = select.load_drawable(results_dir, module.experiment)
        _, counts = claims_rows(module, results, absent)
        rows.append([module.letter, "`%s`" % name] + [str(counts[v]) for v in claims_mod.VERDICTS])
    return tables.TableData(
        ["", "experiment"] + list(claims_mod.VERDICTS), rows, align="ll" + "r" * len(claims_mod.VERDICTS)
    )


def render(results_dir, earlier_dir=None):
    """The appendix's text; ``earlier_dir``: the earlier reference machine's
    results, compared in a section of their own (None: no such section)."""
    times = piece_times(results_dir)
    metas = [t.meta for t in times]
    commits = sorted({t.commit for t in times})
    total, n_recorded, n_missing = totals(times)
    machine = tables.TableData(
        ["", "reference run"],
        [[label, ", ".join(reference_doc.distinct_values(metas, key)) or "–"] for label, key in MACHINE_KEYS],
        align="ll",
    )
    one_commit = len(commits) == 1
    hashes = sorted({str(m["source_hash"]) for m in metas if m.get("source_hash")})
    hash_text = (
        ""
        if not hashes
        else " Their source trees' content hash (`scripts/source-hash.sh`, in %d of %d files): %s; the same "
        "script over `git archive` of the commit gives it when the run built exactly that commit."
        % (sum(1 for m in metas if m.get("source_hash")), len(metas), ", ".join("`%s`" % h for h in hashes))
    )
    lines = (
        [
            "# Artifact appendix",
            "",
            "Generated by `python3 -m paper.artifact --results %s` (`make artifact`). Do not edit: the prose is in "
            "`paper/artifact.py`, every number comes from the result files." % results_dir,
            "",
            "## Abstract",
            "",
            "graphsuite re-creates the tables and figures of five papers on parallel graph algorithms (GPU Prim, "
            "multicore and GPU Sollin, Kruskal on 100M edges, hybrid BFS/DFS, GPU shortest paths) with the papers' "
            "own programs, the Boost Graph Library as the baseline, programs beyond the papers, and distributed "
            "versions on MPI with the Parallel BGL. Every result row is verified against an independent answer in "
            "the same run. `make reproduce` runs everything; `paper/REPORT.md` says, claim by claim, what reproduced "
            "on the reference machine below.",
            "",
            "## Artifact check-list",
            "",
            "- **Algorithms:** Prim, Boruvka/Sollin, Kruskal and filter-Kruskal, BFS/DFS hybrids and "
            "direction-optimising BFS, Dijkstra, Bellman-Ford-style two-kernel SSSP, delta-stepping and near-far SSSP.",
            "- **Programs:** C++20, CUDA, OpenMP, OpenCL, MPI (one executable per experiment, `experiments/list.txt`).",
            "- **Data sets:** generated in the run from seeds (GTgraph-style random, RMAT, fixed degree, complete, "
            'path plus random, 2D grid); any user graph through `--input` (README, "Running on your own graph").',
            "- **Run-time environment:** Debian 12 or similar Linux; `scripts/deps.sh` installs the packages.",
            "- **Hardware:** the table below; any x86-64 machine runs the CPU programs, an NVIDIA GPU the CUDA "
            "ones, an OpenCL driver the OpenCL ones.",
            "- **Output:** per piece a CSV of verified rows and a metadata JSON (docs/DESIGN.md, results contract); "
            "figures, tables and `REPORT.md` from them.",
            "- **Experiments:** `make reproduce SCALE=paper` (all), `SCALE=quick` (minutes, any machine).",
            "- **Time:** %s in all for the %d result files that recorded it (table below)%s%s."
            % (
                fmt_duration(total),
                n_recorded,
                "; %d older files did not record their time" % n_missing if n_missing else "",
                scale_out_text(times),
            ),
            "- **Publicly available:** yes, under the MIT license (LICENSE); cite with CITATION.cff.",
            "",
            "## Hardware and software of the reference run",
            "",
            "From the result files' metadata (where they differ, every value).",
            "",
            tables.to_markdown(machine),
            "**What each experiment ran on it** (from the rows: the largest graph, vertices n and edges or arcs m, "
            "graphs only; "
            "the devices of the `device` column; the most OpenMP threads and MPI ranks):",
            "",
            tables.to_markdown(needs_table(results_dir)),
            "**Memory.** Every piece checks host and GPU memory before it allocates a graph and skips a size that "
            "does not fit with exit status 3 and the reason; `make reproduce` records it and goes on. The paper-scale "
            "pieces were sized for 125 GiB of host memory and an 80 GB GPU; a smaller machine runs fewer sizes, "
            "which the report then marks as not run.",
            "",
            "## Installation",
            "",
            "```sh",
            "scripts/deps.sh      # the Debian packages (compilers, Boost, OpenCL, MPI); CUDA is used where nvcc is installed",
            "make build           # CMake preset default: Release, every program this machine can build",
            "make test            # unit, integration and paper tests (GPU tests skip without a GPU)",
            "```",
            "",
            "## Experiment workflow",
            "",
            "```sh",
            "make reproduce SCALE=paper RESULTS=results/mine   # resumable: rerun to continue after a stop",
            "make figures RESULTS=results/mine && make paper RESULTS=results/mine",
            "make compare RESULTS=results/mine                 # against the reference below",
            "```",
            "",
            "`make reproduce` runs each experiment piece by piece (`<experiment> --list-pieces`); a finished piece is "
            "never rerun, an interrupted one is. `BUDGET=<seconds>` stops before a piece that would not fit, so the "
            "run can be split over several sessions of a time-limited machine. Distributed pieces run under "
            "`mpirun` at P = 1, 2, 4, 8, 16 ranks, never more than the cores.",
            "",
            "## Time of each piece on the reference machine",
            "",
            "Wall time of each result file's run (metadata `wall_seconds`: the whole piece, graph generation and "
            "verification included). A run split over several commands of a lent machine may land on different "
            "hosts of the same kind, and one piece's time differs between such hosts; a rerun's times are a guide, "
            "most claims compare programs within one piece.",
            "",
            tables.to_markdown(times_table(times)),
            "## Code versions",
            "",
            (
                ("Every result file names the same commit: `%s`." % commits[0])
                if one_commit
                else (
                    "The result files name %d code versions: %s. A release run makes this one commit."
                    % (len(commits), ", ".join("`%s`" % c for c in commits))
                )
            )
            + hash_text,
            "",
            "## Expected results",
            "",
            "The verdicts of the claims on the reference results (rules and values in `paper/REPORT.md`):",
            "",
            tables.to_markdown(verdicts(results_dir)),
            "## Checking a rerun",
            "",
            "`make compare RESULTS=<dir>` compares a run with the committed reference of its own scale "
            "(`%s` for paper scale, `%s` for quick; `REFERENCE=` "
            "chooses another and a scale or device mismatch is said as such) claim by claim and figure point by "
            "figure point, and prints where they agree within the tolerances below and by how much they differ "
            "elsewhere (`STRICT=1`: exit 1 on any difference that a program or graph run in one run only does "
            "not explain). Every run records a short characterisation of its host (CPU sequential and random read bandwidth at its thread counts, one-thread dependent-read "
            "latency, GPU read bandwidth; docs/DESIGN.md). A claim that differs is classified from the ratio of "
            "the two hosts' characterisations and the resource that bounds its programs (one table, "
            "`python3 -m paper.compare --bounds`): *differ as the machines predict* or *differ beyond the "
            "machines*; a claim that differs because it reads a program that ran in one run only (with the "
            "reason the other run recorded for skipping it) or a graph that only one run measured is *a "
            "program or graph ran in one run only*. A claim that names a "
            "size is judged only at that size; a run without it shows *not run at this scale* with the sizes it "
            "has." % (outputs.REFERENCE_REL, outputs.QUICK_REFERENCE_REL),
            "",
            "Tolerances (`paper/tolerances.py`): the largest relative difference |rerun − reference| / |reference| at "
            "which two values still agree.",
            "",
        ]
        + tolerances.table_lines()
        + [
            "",
            "What bounds each claim's programs (`paper/bounds.py`, `python3 -m paper.compare --bounds`): the value "
            "scales as the product of the resources marked × over those marked ÷; `paper/hosts.py` names them "
            "(`cpu_seq@T`, `cpu_rand@T`: CPU sequential and random read bandwidth at T threads, `max` the run's; "
            "`cpu_latency`: one thread's dependent reads; `gpu_seq`, `gpu_rand`: the GPU's read bandwidth).",
            "",
        ]
        + bounds.table_lines()
        + [""]
        + rerun_doc.section_lines(results_dir)
        + (earlier_doc.section_lines(results_dir, earlier_dir) if earlier_dir else [])
    )
    return "\n".join(lines)


# The README's block of reference times, one of paper.reference_doc's family of blocks.
README_BLOCK = (reference_doc.MARKERS, "times")


def readme_block(results_dir):
    """The README's lines on the reference run's time: per experiment, the wall
    time its result files recorded, and the total."""
    times = piece_times(results_dir)
    rows = []
    for exp in registry.experiment_names():
        mine = [t for t in times if t.experiment == exp]
        total, n, missing = totals(mine)
        rows.append(
            ["`%s`" % exp, fmt_duration(total) if n else "–", "%d of %d" % (n, len(mine)) if mine else "not run"]
        )
    total, n, missing = totals(times)
    rows.append(["all", fmt_duration(total) if n else "–", "%d of %d" % (n, len(times))])
    scale_out = [t for t in times if t.scale_out]
    if scale_out:
        total, n, _ = totals(scale_out)
        rows.append(
            [
                "of it, the MPI scale-out pieces (%s)" % SKIP_SCALE_OUT,
                fmt_duration(total) if n else "–",
                "%d of %d" % (n, len(scale_out)),
            ]
        )
    return outputs.generated_block(
        *README_BLOCK,
        [
            "Measured on the reference machine (`%s`, metadata `wall_seconds` of each result file;"
            " per piece in [docs/ARTIFACT.md](docs/ARTIFACT.md)):" % outputs.REFERENCE_REL,
            "",
            tables.to_markdown(
                tables.TableData(["experiment", "wall time", "files that recorded it"], rows, align="lrr")
            ).rstrip("\n"),
        ],
    )


def update_readme(path, results_dir):
    """Replaces the README's reference-times block; False if the README has none."""
    return outputs.replace_marked_block(path, *outputs.generated_markers(*README_BLOCK), readme_block(results_dir))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m paper.artifact", description=__doc__.split("\n")[0])
    ap.add_argument("--results", required=True, help="results directory (CSV + JSON per experiment piece)")
    ap.add_argument(
        "--out",
        default=None,
        help="default: docs/ARTIFACT.md for %s, else RESULTS/paper/ARTIFACT.md" % outputs.REFERENCE_REL,
    )
    args = ap.parse_args(argv)
    if not os.path.isdir(args.results):
        print("paper.artifact: results directory %s does not exist" % args.results, file=sys.stderr)
        return 2
    # The README's and the guide's blocks follow the committed appendix only: an
    # appendix written elsewhere (--out) leaves the repository's files alone.
    committed = args.out is None and outputs.is_reference(args.results)
    if args.out is None:
        args.out = (
            os.path.join(outputs.REPO, "docs", "ARTIFACT.md")
            if committed
            else os.path.join(args.results, "paper", "ARTIFACT.md")
        )
    # The earlier machine is compared with the committed reference only (whatever --out).
    text = render(args.results, outputs.earlier_reference() if outputs.is_reference(args.results) else None)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    outputs.write_atomic(args.out, text)
    print("paper.artifact: wrote %s" % args.out)
    if committed:
        readme = os.path.join(outputs.REPO, "README.md")
        if update_readme(readme, args.results):
            print("paper.artifact: updated the reference times in %s" % readme)
        guide = os.path.join(outputs.REPO, "docs", "SCALE-OUT.md")
        missing = scale_out_doc.update_guide(guide, args.results)
        print(
            "paper.artifact: updated the measured blocks of %s%s"
            % (guide, " (no markers for: %s)" % ", ".join(missing) if missing else "")
        )
        missing = reference_doc.update_docs(args.results)
        print(
            "paper.artifact: updated the blocks that name the reference machine%s"
            % (" (no markers for: %s)" % ", ".join(missing) if missing else "")
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
