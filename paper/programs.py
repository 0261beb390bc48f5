"""Each experiment's programs as its executable registers them: name, label,
family (baseline, paper, beyond), device, threads and description.

``paper/programs.json`` holds them; ``make programs-json`` writes it from each
executable's ``--list-algorithms --json`` and the ctest ``paper_programs_current``
fails while the file and the build disagree. A program registered in C++ reaches
the figures through this file; no paper module lists program names."""

import argparse
import json
import os
import subprocess
import sys

from paper import registry, style

PROGRAMS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "programs.json")


def load(path=PROGRAMS_FILE):
    """{experiment: [program dict, ...]} in each experiment's table order."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def programs(experiment, path=PROGRAMS_FILE):
    return load(path)[experiment]


# The figures' and tables' order: the baselines, the paper's programs, those beyond it.
FAMILY_ORDER = ("baseline", "paper", "beyond")


def algorithms(experiment, path=PROGRAMS_FILE):
    """{name: style.Algo} for the figures: by family (FAMILY_ORDER), then in table order."""
    listed = sorted(programs(experiment, path), key=lambda p: FAMILY_ORDER.index(p["family"]))
    return style.algorithms({p["name"]: (p["label"], p["family"]) for p in listed})


def export(bin_dir):
    """What the executables in ``bin_dir`` register, as load() returns it."""
    out = {}
    for name in registry.experiment_names():
        exe = os.path.join(bin_dir, name)
        listed = subprocess.run([exe, "--list-algorithms", "--json"], check=True, capture_output=True, text=True)
        out[name] = json.loads(listed.stdout)["programs"]
    return out


def dumps(table):
    return json.dumps(table, indent=1, ensure_ascii=False) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="the build's bin/ folder")
    ap.add_argument("--check", action="store_true", help="fail if paper/programs.json differs from the build")
    args = ap.parse_args(argv)
    text = dumps(export(args.bin))
    if not args.check:
        with open(PROGRAMS_FILE, "w", encoding="utf-8") as f:
            f.write(text)
        return 0
    with open(PROGRAMS_FILE, encoding="utf-8") as f:
        if f.read() == text:
            return 0
    print("paper/programs.json differs from what %s registers: run `make programs-json`" % args.bin, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
