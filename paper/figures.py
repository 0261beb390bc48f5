"""Redraws every figure and table from a results directory, running nothing.

    python3 -m paper.figures --results DIR [--out OUT] [--only prim_gpu,hybrid_dfs]

Writes ``<OUT>/figures/<experiment>_<figure>.pdf|.png`` and
``<OUT>/tables/<experiment>_<table>.md|.tex`` (plus ``<experiment>_claims``);
OUT is ``paper/`` for the committed reference (``paper.outputs.REFERENCE``)
and ``DIR/paper`` for any other results (``paper.outputs``).  Rows of --input
runs are never drawn.  Draws what it can and lists what it could not, with the
reason.  Exit status 1 only when something present was malformed (or a module
is broken); absent results are not an error.
"""

import argparse
import os
import sys
import time
import traceback

from paper import claims as claims_mod
from paper import outputs, registry, select, style, tables
from paper.results import ResultsMalformed, ResultsMissing, load


def remove_outputs(paths):
    for p in paths:
        if os.path.exists(p):
            os.remove(p)


def claims_table(module, results, absent_reason=None):
    rows = []
    for c in module.judged:
        o = claims_mod.evaluate(c, results, absent_reason)
        rows.append([c.id, c.statement, o.measured, o.verdict, o.reason])
    return tables.TableData(
        ["#", "Paper's claim", "Measured", "Verdict", "Why"],
        rows,
        caption="%s (%s): claims vs. reproduced" % (module.title, module.experiment),
        align="lllll",
    )


class Outcome:
    """What happened to every item: drawn paths, not drawn (reason), errors."""

    def __init__(self):
        self.drawn, self.skipped, self.errors = [], [], []


def draw_module(module, results_dir, fig_dir, tab_dir, outcome):
    try:
        results = select.drawable(load(results_dir, module.experiment))
        absent = None
    except ResultsMissing as e:
        results, absent = None, str(e)
    except ResultsMalformed as e:
        outcome.errors.append("%s: %s" % (module.experiment, e))
        return
    items = [(f, fig_dir, ("pdf", "png")) for f in module.figures] + [
        (t, tab_dir, ("md", "tex")) for t in module.tables
    ]
    for item, out_dir, exts in items:
        name = module.output_name(item)
        stale = [os.path.join(out_dir, "%s.%s" % (name, e)) for e in exts]
        if results is None:
            remove_outputs(stale)
            outcome.skipped.append((name, absent))
            continue
        try:
            if exts[0] == "pdf":
                fig = item.draw(results)
                outcome.drawn += style.save_figure(fig, name, out_dir)
            else:
                outcome.drawn += tables.write_table(item.build(results), name, out_dir)
        except ResultsMissing as e:
            remove_outputs(stale)
            outcome.skipped.append((name, str(e)))
        except ResultsMalformed as e:
            outcome.errors.append("%s: %s" % (name, e))
        except Exception:
            outcome.errors.append("%s: the module failed:\n%s" % (name, traceback.format_exc()))
        finally:
            style.plt.close("all")
    try:
        outcome.drawn += tables.write_table(
            claims_table(module, results, absent), module.experiment + "_claims", tab_dir
        )
    except ResultsMalformed as e:
        outcome.errors.append("%s claims: %s" % (module.experiment, e))
    except Exception:
        outcome.errors.append("%s claims: the module failed:\n%s" % (module.experiment, traceback.format_exc()))


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m paper.figures", description=__doc__.split("\n")[0])
    ap.add_argument("--results", required=True, help="results directory (CSV + JSON per experiment piece)")
    ap.add_argument(
        "--out",
        default=None,
        help="writes figures/ and tables/ under it (default: paper/ for %s, else RESULTS/paper)"
        % outputs.REFERENCE_REL,
    )
    ap.add_argument("--only", default="", help="comma-separated experiments (default: all)")
    args = ap.parse_args(argv)
    only = [s for s in args.only.split(",") if s] or None
    if only:
        unknown = [s for s in only if s not in registry.MODULE_NAMES]
        if unknown:
            ap.error("unknown experiment(s) %s; known: %s" % (", ".join(unknown), ", ".join(registry.MODULE_NAMES)))
    out = args.out or outputs.out_dir(args.results)
    fig_dir, tab_dir = os.path.join(out, "figures"), os.path.join(out, "tables")
    start = time.time()
    outcome = Outcome()
    for name, module in registry.load_modules(only):
        if isinstance(module, registry.BrokenModule):
            outcome.errors.append("paper/%s.py does not import:\n%s" % (name, module.error))
            continue
        draw_module(module, args.results, fig_dir, tab_dir, outcome)
    n_fig = sum(1 for p in outcome.drawn if p.endswith(".pdf"))
    n_tab = sum(1 for p in outcome.drawn if p.endswith(".md"))
    print(
        "paper.figures: %d figures (PDF+PNG) in %s, %d tables (md+tex) in %s, from %s in %.1f s"
        % (n_fig, fig_dir, n_tab, tab_dir, args.results, time.time() - start)
    )
    if outcome.skipped:
        print("not drawn (%d):" % len(outcome.skipped))
        for name, why in outcome.skipped:
            print("  %-40s %s" % (name, why))
    if outcome.errors:
        print("ERRORS (%d): results present but malformed, or a module failed:" % len(outcome.errors), file=sys.stderr)
        for e in outcome.errors:
            print("  " + e.rstrip().replace("\n", "\n    "), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
