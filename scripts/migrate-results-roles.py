#!/usr/bin/env python3
"""Adds the contract's piece, role and run_id columns to result files written
before the experiments wrote them (one-off migration of committed results).

    scripts/migrate-results-roles.py results/reference/h100 [--check]

For every ``<experiment>[-<tag>].csv`` with its JSON directly in DIR (not in
subfolders): ``piece`` is the piece the file was run as (``--piece`` of the
JSON's command line, else its tag), ``role`` follows from the piece (the table
below, the same as the experiments' declarations), and ``run_id`` is one id per
file, from the JSON's date and the file's stem; the JSON gains ``run_id`` (and
its ``columns`` list the new header); its ``rows`` count stays. The three
columns go after ``verified``, before the extra columns. A file that already
has them is left alone. ``--check`` changes nothing and exits 1 if any file
still needs migrating.
"""

import argparse
import csv
import glob
import hashlib
import json
import os
import re
import sys

OLD_FIXED = [
    "experiment",
    "graph",
    "generator",
    "n",
    "m",
    "seed",
    "algorithm",
    "threads",
    "device",
    "trial",
    "seconds",
    "answer",
    "verified",
]
NEW = ["piece", "role", "run_id"]

# The role of every piece the experiments had when these files were written.
ROLES = {
    "prim_gpu": {"paper": "main", "extended": "extension", "input": "input"},
    "sollin_multicore": {
        "fig1": "main",
        "fig1-bgl": "main",
        "fig2-threads": "thread-sweep",
        "gpu": "extension",
        "ext20000": "extension",
        "input": "input",
    },
    "kruskal_100m": {
        "main": "main",
        "sweep-edges": "size-sweep",
        "sweep-edges-200m": "size-sweep",
        "threads": "thread-sweep",
        "input": "input",
    },
    "hybrid_dfs": {
        "table1": "main",
        "fig3": "thread-sweep",
        "fig4": "main",
        "fig5a": "size-sweep",
        "fig5b": "size-sweep",
        "input": "input",
    },
    "dijkstra_deg5": {
        "sweep": "main",
        "sweep-large": "main",
        "opencl-cpu": "extension",
        "grid": "extension",
        "road": "input",
        "input": "input",
    },
}


class MigrationError(Exception):
    pass


def piece_of(meta, stem):
    """The piece a file was run as: ``--piece X`` of its command line, else its tag."""
    m = re.search(r"--piece[ =](\S+)", str(meta.get("command_line", "")))
    if m:
        return m.group(1)
    if meta.get("input"):
        return "input"
    tag = meta.get("tag")
    if not tag:
        raise MigrationError("%s.json: no --piece in command_line and no tag" % stem)
    return str(tag)


def run_id_of(meta, stem):
    """<date as 20261122T110624Z>-<6 hex digits of the file's stem>: one id per file."""
    date = str(meta.get("date", ""))
    compact = re.sub(r"[-:]", "", date)
    if not re.fullmatch(r"\d{8}T\d{6}Z", compact):
        raise MigrationError("%s.json: date %r is not YYYY-MM-DDTHH:MM:SSZ" % (stem, date))
    return "%s-%s" % (compact, hashlib.sha1(os.path.basename(stem).encode()).hexdigest()[:6])


def with_key(meta, key, value):
    """meta with key added: in sorted place when the keys are sorted (as the experiments write them)."""
    keys = list(meta)
    if keys == sorted(keys):
        keys = sorted(keys + [key])
    else:
        keys.append(key)
    return {k: value if k == key else meta[k] for k in keys}


def one_line_per_key(meta):
    return (
        "{\n"
        + ",\n".join(
            "  %s: %s" % (json.dumps(k, ensure_ascii=False), json.dumps(v, ensure_ascii=False)) for k, v in meta.items()
        )
        + "\n}\n"
    )


def dump_like(meta, original):
    """meta in the layout of the original file (the experiments' one key per line, else indented JSON),
    so that the diff shows only what changed."""
    if one_line_per_key(json.loads(original)) == original:
        return one_line_per_key(meta)
    return json.dumps(meta, indent=2, ensure_ascii=False) + ("\n" if original.endswith("\n") else "")


def migrate(stem, check=False):
    """Migrates one piece; returns True when it changed (or, with check, would change)."""
    csv_path, json_path = stem + ".csv", stem + ".json"
    with open(json_path, encoding="utf-8") as f:
        text = f.read()
    meta = json.loads(text)
    with open(csv_path, newline="", encoding="utf-8") as f:
        table = list(csv.reader(f))
    if not table:
        raise MigrationError("%s: empty" % csv_path)
    header, rows = table[0], [r for r in table[1:] if r]
    if header[len(OLD_FIXED) : len(OLD_FIXED) + len(NEW)] == NEW:
        return False
    if header[: len(OLD_FIXED)] != OLD_FIXED:
        raise MigrationError("%s: header starts %s" % (csv_path, ",".join(header[: len(OLD_FIXED)])))
    if len(rows) != meta.get("rows"):
        raise MigrationError("%s: %d rows, its JSON says %s" % (csv_path, len(rows), meta.get("rows")))
    experiment = meta.get("experiment") or rows[0][0]
    piece = piece_of(meta, stem)
    role = ROLES.get(experiment, {}).get(piece)
    if role is None:
        raise MigrationError("%s: no role for piece %r of %s" % (csv_path, piece, experiment))
    run_id = run_id_of(meta, stem)
    if check:
        return True
    at = len(OLD_FIXED)
    out = [header[:at] + NEW + header[at:]] + [r[:at] + [piece, role, run_id] + r[at:] for r in rows]
    tmp = csv_path + ".partial"
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows(out)
    os.replace(tmp, csv_path)
    if isinstance(meta.get("columns"), list):
        meta["columns"] = out[0]
    with open(json_path + ".partial", "w", encoding="utf-8") as f:
        f.write(dump_like(with_key(meta, "run_id", run_id), text))
    os.replace(json_path + ".partial", json_path)
    print("%s: piece %s, role %s, run_id %s" % (os.path.basename(csv_path), piece, role, run_id))
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", help="results directory (its CSV + JSON pairs; subfolders are not touched)")
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file needs migrating")
    args = ap.parse_args(argv)
    stems = sorted(os.path.splitext(p)[0] for p in glob.glob(os.path.join(glob.escape(args.results), "*.csv")))
    if not stems:
        print("no CSV files in %s" % args.results, file=sys.stderr)
        return 2
    try:
        changed = [s for s in stems if migrate(s, args.check)]
    except (MigrationError, OSError, ValueError) as e:
        print("migrate-results-roles: error: %s" % e, file=sys.stderr)
        return 2
    if args.check:
        for s in changed:
            print("needs migrating: %s.csv" % s)
        return 1 if changed else 0
    print("migrated %d of %d files in %s" % (len(changed), len(stems), args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
