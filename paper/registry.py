"""The paper modules, in the order of EXPERIMENTS.md. Add a new one here."""

import importlib
import traceback

MODULE_NAMES = ["prim_gpu", "sollin_multicore", "kruskal_100m", "hybrid_dfs", "dijkstra_deg5"]


class BrokenModule:
    """Stands in for a module that failed to import; ``error`` holds the traceback."""

    def __init__(self, experiment, error):
        self.experiment, self.error = experiment, error


def load_modules(only=None):
    """[(experiment, Module or BrokenModule)] for every registered module (or ``only``)."""
    out = []
    for name in MODULE_NAMES:
        if only and name not in only:
            continue
        try:
            out.append((name, importlib.import_module("paper." + name).MODULE))
        except ModuleNotFoundError as e:
            if e.name != "paper." + name:
                out.append((name, BrokenModule(name, traceback.format_exc())))
            # else: no module for this experiment yet; nothing to draw
        except Exception:  # a module's bug must not stop the others from drawing
            out.append((name, BrokenModule(name, traceback.format_exc())))
    return out
