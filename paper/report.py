"""Writes the claim-vs-reproduced report from a results directory.

    python3 -m paper.report --results DIR [--out REPORT.md] [--figures DIR]

The report goes to ``paper/REPORT.md`` for the committed reference
(``paper.outputs.REFERENCE``) and to ``DIR/paper/REPORT.md`` for any other
results (``paper.outputs``); figures are looked for in ``figures/`` beside it.

Per paper: the original setup and hardware, ours (from the metadata JSONs),
the figures that ``paper.figures`` drew, and one row per claim with the
measured value and the verdict of the claim's rule.  A paper whose results are
absent says "not run" with the reason (from ``reproduce-status.json`` when
``scripts/reproduce.py`` left one, otherwise the loader's message).
Exit status 1 when results are present but malformed, or a module is broken.
"""

import argparse
import json
import os
import sys
import traceback

from paper import claims as claims_mod
from paper import outputs, registry, scope, select, style, tables
from paper.results import ResultsMalformed, ResultsMissing, load, scale_of

STATUS_FILE = "reproduce-status.json"

OURS_KEYS = [
    ("CPU", "cpu_model"),
    ("cores", "cpu_cores"),
    ("RAM", "ram_bytes"),
    ("GPU", "gpu_name"),
    ("GPU driver (CUDA version)", "gpu_driver_cuda_version"),
    ("CUDA runtime", "cuda_runtime_version"),
    ("CUDA compiler", "cuda_compiler_version"),
    ("compiler", "compiler"),
    ("Boost", "boost_version"),
    ("date", "date"),
    ("scale", "scale"),
    ("trials", "trials"),
]


def code_versions(results):
    """The commit each result file names: the one its runner gave (source_commit, for a copy
    of the tree such as the GPU machine's), else the build's own git SHA."""
    return sorted({m.get("source_commit") or m.get("git_sha") or "unknown" for m in results.metas})


def reproduce_status(results_dir):
    """{experiment: [piece entries]} from reproduce.py's status file, or {}."""
    path = os.path.join(results_dir, STATUS_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    out = {}
    for p in data.get("pieces", []):
        out.setdefault(p.get("experiment"), []).append(p)
    return out


def absent_reason(loader_message, status_entries):
    reasons = sorted(
        {
            "%s: %s" % (p["status"], p["reason"]) if p.get("reason") else p["status"]
            for p in status_entries
            if p.get("status") not in ("ran", "done")
        }
    )
    return "; ".join(reasons) if reasons else loader_message


def fmt_meta(key, values):
    if key == "ram_bytes":
        return ", ".join("%.0f GiB" % (int(v) / 2**30) for v in values)
    if key == "date" and len(values) > 1:
        return "%s .. %s" % (values[0], values[-1])
    return ", ".join(values)


def ours_table(results):
    rows = [[label, fmt_meta(key, results.meta_value(key)) or "–"] for label, key in OURS_KEYS]
    rows.insert(len(OURS_KEYS) - 3, ["code version", ", ".join(code_versions(results))])
    if results.meta_value("gpu_count"):  # a piece over several GPUs says how many the machine had
        rows.insert(4, ["GPUs", fmt_meta("gpu_count", results.meta_value("gpu_count"))])
    rows.append(["result files", ", ".join("`%s`" % f for f in results.files)])
    extra = sorted(
        {
            k
            for m in results.metas
            for k, v in m.items()
            if isinstance(v, (int, float)) and ("_gbs" in k or k.endswith(("_s", "_us")))
        }
    )
    for k in extra:
        rows.append([k, fmt_meta(k, results.meta_value(k))])
    return tables.TableData(["", "this run"], rows, align="ll")


def companion_results(results_dir, experiment):
    """[(directory, results)] of the experiment in the multi-GPU kinds' runs
    beside ``results_dir`` (paper.outputs.multi_gpu_companions) that have it."""
    found = []
    for d in outputs.multi_gpu_companions(results_dir):
        try:
            found.append((d, select.drawable(load(d, experiment))))
        except ResultsMissing:
            continue
    return found


def judge(claim, experiment, results, absent, companions):
    """The claim's outcome on the results; a claim that needs several GPUs and
    is not run there (its machine had fewer) is judged on the first companion
    run that has its data, whose directory its measured text then names; not
    run on any, its reason says why for each."""
    outcome = claims_mod.evaluate(claim, results, absent)
    if outcome.verdict != claims_mod.NOT_RUN or not scope.needs_several_gpus(experiment, claim.id):
        return outcome
    for directory, res in companions:
        there = claims_mod.evaluate(claim, res)
        if there.verdict != claims_mod.NOT_RUN:
            there.measured = "%s (in `%s`)" % (there.measured, directory)
            return there
        outcome.reason += "; in `%s`: %s" % (directory, there.reason)
    needs = getattr(claim.measure, "gpus", None)
    had = [("these results", most_gpus(results))] + [("`%s`" % d, most_gpus(res)) for d, res in companions]
    if needs and max(n for _, n in had) < needs:
        # The hardware, not the run, is why: say it first.
        outcome.lacks_hardware = True
        outcome.reason = "needs %d GPUs of one host, more than any machine with results here had (%s); %s" % (
            needs,
            ", ".join("%s: %d" % (where, n) for where, n in had),
            outcome.reason,
        )
    return outcome


def unjudged_claims(results_dir):
    """[(experiment, claim id, reason)] of every claim the results leave not run
    (or not run at this scale) for a reason other than hardware that no machine
    with results had: what a whole release run at paper scale must not have.
    The multi-GPU runs beside ``results_dir`` count, as in the report."""
    out = []
    for exp, module in registry.load_modules():
        if isinstance(module, registry.BrokenModule):
            out.append((exp, "–", "paper/%s.py does not load" % exp))
            continue
        try:
            results, absent = select.load_drawable(results_dir, exp)
            companions = companion_results(results_dir, exp)
            for c in module.judged:
                o = judge(c, exp, results, absent, companions)
                if not claims_mod.ran(o.verdict) and not o.lacks_hardware:
                    out.append((exp, c.id, o.reason))
        except ResultsMalformed as e:  # judged nothing: every claim of it is in doubt
            out.append((exp, "–", "malformed results: %s" % e))
    return out


def most_gpus(results):
    """The most GPUs any run of the results had: metadata ``gpu_count``, else one
    where a run names its GPU (files that predate the count); 0 without results."""
    if results is None:
        return 0
    return max([int(m.get("gpu_count") or (1 if m.get("gpu_name") else 0)) for m in results.metas] or [0])


def claims_rows(module, results, absent, companions=()):
    rows, counts = [], {v: 0 for v in claims_mod.VERDICTS}
    for c in module.judged:
        o = judge(c, module.experiment, results, absent, companions)
        counts[o.verdict] += 1
        rows.append([c.id, c.statement, o.measured, "**%s**" % o.verdict, o.reason, c.rule.text])
    return (
        tables.TableData(["#", "Paper's claim", "Measured (ours)", "Verdict", "Why", "Rule"], rows, align="llllll"),
        counts,
    )


def not_drawn_reason(figure, results, results_dir):
    """Why a figure has no file: the data it needs is absent (its drawing says
    which), or it was not drawn yet."""
    try:
        style.close(figure.draw(results))
    except ResultsMissing as e:
        return "not drawn: %s." % str(e).rstrip(".")
    return "not drawn yet (run `make figures RESULTS=%s`)." % results_dir


def module_section(module, results_dir, fig_dir, report_dir, status):
    lines = [
        "## %s. %s (`%s`)" % (module.letter, module.title, module.experiment),
        "",
        "*Paper:* %s" % module.citation,
        "",
        "**Original setup and hardware.** %s" % module.original.strip(),
        "",
        "**What the suite runs.** %s" % module.ours.strip(),
        "",
    ]
    try:
        results, absent = select.drawable(load(results_dir, module.experiment)), None
    except ResultsMissing as e:
        results, absent = None, absent_reason(str(e), status.get(module.experiment, []))
    if results is None:
        lines += ["**Ours: not run.** %s" % absent, ""]
    else:
        lines += ["**Ours.**", "", tables.to_markdown(ours_table(results))]
        skipped = [p for p in status.get(module.experiment, []) if p.get("status") not in ("ran", "done")]
        if skipped:
            lines.append(
                "Pieces not in these results: "
                + "; ".join(
                    "`%s` (%s%s)"
                    % (p.get("tag") or p["piece"], p["status"], ": " + p["reason"] if p.get("reason") else "")
                    for p in skipped
                )
            )
            lines.append("")
        figs = []
        for f in module.figures:
            png = os.path.join(fig_dir, module.output_name(f) + ".png")
            if os.path.exists(png):
                rel = os.path.relpath(png, report_dir)
                figs += [
                    "![%s](%s)" % (f.caption, rel),
                    "",
                    "*%s* ([PDF](%s))" % (f.caption, os.path.splitext(rel)[0] + ".pdf"),
                    "",
                ]
            else:
                figs += ["*%s*: %s" % (f.caption, not_drawn_reason(f, results, results_dir)), ""]
        lines += ["**Figures.**", ""] + figs
    table, counts = claims_rows(module, results, absent, companion_results(results_dir, module.experiment))
    lines += ["**Claims.**", "", tables.to_markdown(table)]
    judged = [row[0] for row in table.rows if claims_mod.ran(row[3].strip("*"))]
    return "\n".join(lines), counts, judged


def companions_note(results_dir):
    """Where the claims that need several GPUs were judged, when not on these results alone."""
    companions = outputs.multi_gpu_companions(results_dir)
    if not companions:
        return []
    return [
        "A claim that needs 2 or more GPUs, not run on these results' machine, is judged on the multi-GPU "
        "machines' runs beside them (%s); its measured value names the directory."
        % ", ".join("`%s`" % d for d in companions),
        "",
    ]


def scale_note(scale, judged):
    """What results of a scale other than the papers' can judge, said plainly."""
    if scale == "paper":
        return []
    return [
        '**These results are of %s scale.** A claim judged only at a size the papers name (E7 "at n = 4x10^6", '
        "the targets on the paper-scale graphs) is *not run at this scale*, and its row names the sizes these "
        "results have. The claims a %s run can judge are those about a shape (a speedup that grows, one program "
        "faster than another) and those whose size its pieces run: here %s. docs/PROTOCOL.md compares only "
        "paper-scale results with the papers' claims: a verdict here says that the programs run and show the "
        "shape, not that the papers' numbers reproduce."
        % (scale or "no stated", scale or "such a", ", ".join(judged) or "none"),
        "",
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m paper.report", description=__doc__.split("\n")[0])
    ap.add_argument("--results", required=True, help="results directory (CSV + JSON per experiment piece)")
    ap.add_argument(
        "--out",
        default=None,
        help="report file (default: paper/REPORT.md for %s, else RESULTS/paper/REPORT.md)" % outputs.REFERENCE_REL,
    )
    ap.add_argument(
        "--figures", default=None, help="where paper.figures wrote the figures (default: figures/ beside --out)"
    )
    args = ap.parse_args(argv)
    args.out = args.out or os.path.join(outputs.out_dir(args.results), "REPORT.md")
    report_dir = os.path.dirname(os.path.abspath(args.out))
    fig_dir = args.figures or os.path.join(report_dir, "figures")
    status = reproduce_status(args.results)
    sections, summary, errors, judged_all = [], [], [], []
    for name, module in registry.load_modules():
        if isinstance(module, registry.BrokenModule):
            errors.append("paper/%s.py does not import:\n%s" % (name, module.error))
            summary.append(["–", "`%s`" % name, "module broken", "", "", "", ""])
            continue
        try:
            text, counts, judged = module_section(module, args.results, fig_dir, report_dir, status)
            judged_all += judged
        except ResultsMalformed as e:
            errors.append("%s: %s" % (name, e))
            text, counts = (
                "## %s. %s (`%s`)\n\n**Results malformed:** %s\n" % (module.letter, module.title, name, e),
                None,
            )
        except Exception:
            errors.append("%s: the module failed:\n%s" % (name, traceback.format_exc()))
            text, counts = (
                "## %s. %s (`%s`)\n\n**The module failed** (see the error output).\n"
                % (module.letter, module.title, name),
                None,
            )
        sections.append(text)
        if counts is None:
            summary.append([module.letter, "`%s`" % name, "error", "", "", "", ""])
        else:
            summary.append([module.letter, "`%s`" % name, module.title] + [counts[v] for v in claims_mod.VERDICTS])
    head = [
        "# Claim-vs-reproduced report",
        "",
        # No generation time: the same results give the same report, byte for byte.
        "Generated by `python3 -m paper.report --results %s`. Do not edit: rerun `make paper RESULTS=%s`."
        % (args.results, args.results),
        "",
        "Verdicts come from the rule written next to each claim in `paper/<experiment>.py`: "
        "*reproduced*, *partly*, *not reproduced*, *not run* (the data is absent; the reason says why), or *not "
        "run at this scale* (the claim names a size these results do not have; the reason names the sizes they have).",
        "",
        tables.to_markdown(
            tables.TableData(
                ["", "experiment", "paper"] + list(claims_mod.VERDICTS),
                summary,
                align="lll" + "r" * len(claims_mod.VERDICTS),
            )
        ),
        "",
    ]
    head += companions_note(args.results) + scale_note(scale_of(args.results), judged_all)
    text = "\n".join(head + sections)
    os.makedirs(report_dir, exist_ok=True)
    outputs.write_atomic(args.out, text)
    print("paper.report: wrote %s" % args.out)
    if errors:
        print("ERRORS (%d):" % len(errors), file=sys.stderr)
        for e in errors:
            print("  " + e.rstrip().replace("\n", "\n    "), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
