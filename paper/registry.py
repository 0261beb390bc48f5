"""The paper modules: one per line of experiments/list.txt, in paper order
(``paper/<experiment>.py``). Add an experiment there."""

import importlib
import os
import traceback

LIST_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "experiments", "list.txt")


def experiment_names(path=LIST_FILE):
    """The experiments of experiments/list.txt, one name per line, in order."""
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip()]


MODULE_NAMES = experiment_names()


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
