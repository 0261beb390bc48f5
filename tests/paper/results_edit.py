"""Edits of a copied results directory, for tests of what another run writes
differently: a newer executable's columns, a program a machine skipped, a
slower program, a piece under another name.  Each edit keeps a piece's CSV
and its metadata JSON in step (the row count, the column list)."""

import csv
import glob
import json
import os
import shutil


def copy_pieces(dest, source, *prefixes):
    """Copies each results file of ``source`` whose name starts with one of ``prefixes``."""
    for prefix in prefixes:
        for path in glob.glob(os.path.join(source, prefix + "*")):
            shutil.copy(path, dest)


def two_runs(parent, source, *prefixes):
    """(reference, rerun): two new directories under ``parent``, each holding a copy
    of ``source``'s results files that start with one of ``prefixes``."""
    dirs = []
    for side in ("reference", "rerun"):
        d = os.path.join(parent, side)
        os.makedirs(d)
        copy_pieces(d, source, *prefixes)
        dirs.append(d)
    return tuple(dirs)


def _meta(stem):
    with open(stem + ".json", encoding="utf-8") as f:
        return json.load(f)


def _write_meta(stem, meta):
    with open(stem + ".json", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1, sort_keys=True)


def set_meta(stem, **values):
    meta = _meta(stem)
    meta.update(values)
    _write_meta(stem, meta)


def edit_rows(stem, edit):
    """Rewrites ``stem``.csv with ``edit(header, rows)`` -> (header, rows), each
    row a {column: text} dict, and its JSON's ``rows`` and ``columns`` to match."""
    with open(stem + ".csv", newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        rows = [dict(zip(header, r)) for r in reader if r]
    header, rows = edit(header, rows)
    with open(stem + ".csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows([r.get(c, "") for c in header] for r in rows)
    meta = _meta(stem)
    meta["rows"] = len(rows)
    if "columns" in meta:
        meta["columns"] = header
    _write_meta(stem, meta)


def add_gpu_count(stem):
    """The ``gpus`` column as hybrid_dfs writes it since its multi-GPU program came:
    1 on every row of a GPU program (algorithms/traversal/traversal_gpu_programs.cpp),
    empty on the CPU programs' rows."""

    def edit(header, rows):
        for r in rows:
            r["gpus"] = "1" if "gpu" in r["device"] else ""
        return header + ["gpus"], rows

    edit_rows(stem, edit)


def drop_rows(stem, **equal):
    """Removes the rows whose columns have the given values."""
    edit_rows(stem, lambda h, rows: (h, [r for r in rows if any(r[c] != v for c, v in equal.items())]))


def scale_seconds(stem, factor, **equal):
    """Multiplies ``seconds`` of the rows whose columns have the given values."""

    def edit(header, rows):
        for r in rows:
            if all(r[c] == v for c, v in equal.items()):
                r["seconds"] = repr(float(r["seconds"]) * factor)
        return header, rows

    edit_rows(stem, edit)


def rename_piece(stem, piece):
    """Files the piece's rows under ``piece`` (column, file name and tag); returns the new stem."""

    def edit(header, rows):
        for r in rows:
            r["piece"] = piece
        return header, rows

    edit_rows(stem, edit)
    new = os.path.join(os.path.dirname(stem), "%s-%s" % (os.path.basename(stem).split("-")[0], piece))
    for ext in (".csv", ".json"):
        os.rename(stem + ext, new + ext)
    set_meta(new, tag=piece)
    return new
