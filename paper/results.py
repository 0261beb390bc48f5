"""Loading an experiment's results (docs/DESIGN.md, "Results").

An experiment writes one or more pieces into a results directory:
``<experiment>.csv`` or ``<experiment>-<piece>.csv``, each with a metadata JSON
of the same stem.  A piece counts only when both files are there, the JSON
parses, the CSV starts with the contract's fixed columns and holds exactly the
JSON's ``rows`` data rows.  Every row says what produced it and what it is for:
``piece``, ``role`` (one of ``ROLES``) and ``run_id`` (one per invocation of
the experiment, the same for every row of a file and in its JSON); figures
and claims select rows by these through ``paper.select``.  ``*.partial`` and ``*.csv.failed`` files are never
read.  Problems raise ``ResultsMissing`` (nothing there: a reason to skip) or
``ResultsMalformed`` (something there is wrong: always an error), each naming
the file and what is wrong.
"""

import csv
import glob
import json
import math
import os

FIXED_COLUMNS = [
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
    "piece",
    "role",
    "run_id",
]
INT_COLUMNS = ("n", "m", "seed", "threads", "trial")
# What a row is for (the experiment's declaration of each piece says it);
# scale-out: a distributed program at P ranks (the CSV's ranks column).
ROLES = ("main", "thread-sweep", "size-sweep", "extension", "input", "scale-out")
MIGRATE = "scripts/migrate-results-roles.py"


class ResultsError(Exception):
    """Base of the loader's errors; the message names the file."""


class ResultsMissing(ResultsError):
    """No (complete) results for an experiment or for what a figure needs."""


class ResultsMalformed(ResultsError):
    """Results are present but break the contract."""


class Row(dict):
    """One CSV row: fixed columns typed (ints, seconds float, verified bool), extra
    columns kept as strings; ``num(col)`` converts an extra column on demand."""

    def num(self, col):
        value = self.get(col, "")
        if value in ("", None):
            return None
        try:
            return float(value)
        except ValueError:
            raise ResultsMalformed(
                "%s line %s: column %r is %r, not a number" % (self.get("_file"), self.get("_line"), col, value)
            ) from None

    def count(self, col, missing, error=None):
        """The positive whole number in ``col`` (a rank or GPU count); else
        ``error`` (ResultsMalformed by default) naming the file, the line and
        ``missing``, what such a row lacks."""
        v = self.num(col)
        if v is None or v < 1 or v != int(v):
            raise (error or ResultsMalformed)(
                "%s line %s: %s (column %s)" % (self.get("_file"), self.get("_line"), missing, col)
            )
        return int(v)

    def answer_value(self, key):
        """A field of the ``answer`` column (``weight=W;edges=K``), or None."""
        for part in self.get("answer", "").split(";"):
            k, _, v = part.partition("=")
            if k == key:
                return v
        return None


def piece_stems(results_dir, experiment):
    """Stems (path without extension) of the experiment's result files, sorted."""
    stems = set()
    for pattern in (experiment + ".csv", experiment + "-*.csv", experiment + ".json", experiment + "-*.json"):
        for path in glob.glob(os.path.join(glob.escape(results_dir), pattern)):
            stems.add(os.path.splitext(path)[0])
    return sorted(stems)


def read_metadata(json_path):
    try:
        with open(json_path, encoding="utf-8") as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        raise ResultsMalformed("%s: metadata is not valid JSON (%s)" % (json_path, e)) from None
    if not isinstance(meta, dict):
        raise ResultsMalformed("%s: metadata is not a JSON object" % json_path)
    if not isinstance(meta.get("rows"), int) or meta["rows"] < 0:
        raise ResultsMalformed("%s: metadata has no integer 'rows' count" % json_path)
    return meta


def _typed_row(raw, header, csv_path, line, experiment):
    if len(raw) != len(header):
        raise ResultsMalformed("%s line %d: %d fields, the header has %d" % (csv_path, line, len(raw), len(header)))
    row = Row(zip(header, raw))
    row["_file"], row["_line"] = csv_path, line
    if row["experiment"] != experiment:
        raise ResultsMalformed(
            "%s line %d: experiment is %r, expected %r" % (csv_path, line, row["experiment"], experiment)
        )
    for col in INT_COLUMNS:
        try:
            row[col] = int(row[col])
        except ValueError:
            raise ResultsMalformed(
                "%s line %d: column %r is %r, not an integer" % (csv_path, line, col, row[col])
            ) from None
    try:
        row["seconds"] = float(row["seconds"])
    except ValueError:
        raise ResultsMalformed(
            "%s line %d: column 'seconds' is %r, not a number" % (csv_path, line, row["seconds"])
        ) from None
    if not math.isfinite(row["seconds"]) or row["seconds"] < 0:
        raise ResultsMalformed(
            "%s line %d: seconds %r is not a finite non-negative time" % (csv_path, line, row["seconds"])
        )
    if row["verified"] not in ("true", "false"):
        raise ResultsMalformed("%s line %d: verified is %r, expected true or false" % (csv_path, line, row["verified"]))
    row["verified"] = row["verified"] == "true"
    if row["role"] not in ROLES:
        raise ResultsMalformed(
            "%s line %d: role is %r, expected one of %s" % (csv_path, line, row["role"], ", ".join(ROLES))
        )
    for col in ("piece", "run_id"):
        if not row[col]:
            raise ResultsMalformed("%s line %d: empty %s" % (csv_path, line, col))
    return row


def read_piece(stem, experiment):
    """(rows, metadata) of one complete piece; raises ResultsMalformed otherwise."""
    csv_path, json_path = stem + ".csv", stem + ".json"
    if not os.path.exists(csv_path):
        raise ResultsMissing("%s: metadata without its CSV (an interrupted piece); rerun it" % json_path)
    if not os.path.exists(json_path):
        raise ResultsMalformed("%s: no metadata JSON beside it (%s)" % (csv_path, os.path.basename(json_path)))
    meta = read_metadata(json_path)
    rows = []
    with open(csv_path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header is None:
            raise ResultsMalformed("%s: empty file, expected a header line" % csv_path)
        if header[: len(FIXED_COLUMNS)] != FIXED_COLUMNS:
            hint = ""
            if header[: len(FIXED_COLUMNS) - 3] == FIXED_COLUMNS[:-3]:
                hint = (
                    " (written before rows carried piece, role and run_id: rebuild the experiment, or migrate "
                    "existing results with %s %s)" % (MIGRATE, os.path.dirname(csv_path) or ".")
                )
            raise ResultsMalformed(
                "%s: header starts %s, expected %s%s"
                % (csv_path, ",".join(header[: len(FIXED_COLUMNS)]), ",".join(FIXED_COLUMNS), hint)
            )
        for raw in reader:
            if not raw:
                continue
            rows.append(_typed_row(raw, header, csv_path, reader.line_num, experiment))
    if len(rows) != meta["rows"]:
        raise ResultsMalformed(
            "%s: %d data rows, but %s says rows=%d (truncated or mixed files)"
            % (csv_path, len(rows), os.path.basename(json_path), meta["rows"])
        )
    unverified = [r for r in rows if not r["verified"]]
    if unverified:
        raise ResultsMalformed(
            "%s line %d: an unverified row (verified=false) in a results file" % (csv_path, unverified[0]["_line"])
        )
    runs = {r["run_id"] for r in rows} | ({str(meta["run_id"])} if meta.get("run_id") else set())
    if len(runs) > 1:
        raise ResultsMalformed(
            "%s: rows (and %s) of more than one run_id: %s (one file is one invocation)"
            % (csv_path, os.path.basename(json_path), ", ".join(sorted(runs)))
        )
    return rows, meta


class Results:
    """The rows of one experiment (all its pieces), with filtering helpers.
    ``metas`` and ``files`` are the pieces' metadata and CSV names, in step."""

    def __init__(self, experiment, rows, metas, files=()):
        self.experiment = experiment
        self.rows = rows
        self.metas = metas
        self.files = list(files)

    def run_meta(self, run_id):
        """The metadata of the run (its JSON ``run_id``, else the file its rows came from), or {}."""
        for meta in self.metas:
            if str(meta.get("run_id", "")) == run_id:
                return meta
        names = {os.path.basename(r["_file"]) for r in self.rows if r.get("run_id") == run_id and r.get("_file")}
        for meta, name in zip(self.metas, self.files):
            if name in names:
                return meta
        return {}

    def __len__(self):
        return len(self.rows)

    def where(self, pred=None, **equal):
        """Rows matching every column=value (a list/tuple/set value means 'one of'),
        and ``pred(row)`` if given."""

        def ok(r):
            for col, want in equal.items():
                have = r.get(col)
                if isinstance(want, (list, tuple, set, frozenset)):
                    if have not in want:
                        return False
                elif have != want:
                    return False
            return pred is None or pred(r)

        return Results(self.experiment, [r for r in self.rows if ok(r)], self.metas, self.files)

    def values(self, col):
        """Sorted distinct values of a column."""
        return sorted({r.get(col) for r in self.rows if r.get(col) not in (None, "")})

    def algorithms(self):
        return self.values("algorithm")

    def require(self, what, **equal):
        """Like where(), but raises ResultsMissing naming ``what`` when nothing matches."""
        sub = self.where(**equal)
        if not sub.rows:
            raise ResultsMissing(
                "%s: no rows for %s (%s)"
                % (self.experiment, what, ", ".join("%s=%s" % kv for kv in equal.items()) or "any")
            )
        return sub

    def meta_value(self, key):
        """Distinct values of a metadata key over the pieces (sorted strings)."""
        return sorted({str(m[key]) for m in self.metas if key in m and m[key] not in ("", None)})


def load(results_dir, experiment):
    """All complete pieces of ``experiment`` in ``results_dir``.

    Raises ResultsMissing if there is none, ResultsMalformed if any present piece
    is broken (the first problem found, naming the file)."""
    if not os.path.isdir(results_dir):
        raise ResultsMissing("results directory %s does not exist" % results_dir)
    rows, metas, files = [], [], []
    for stem in piece_stems(results_dir, experiment):
        name = os.path.basename(stem)
        try:
            piece_rows, meta = read_piece(stem, experiment)
        except ResultsMissing:
            continue  # an interrupted piece (JSON without CSV): not a result, not an error
        if meta.get("experiment") not in (None, experiment):
            raise ResultsMalformed(
                "%s.json: experiment is %r, expected %r" % (stem, meta.get("experiment"), experiment)
            )
        rows.extend(piece_rows)
        metas.append(meta)
        files.append(name + ".csv")
    if not files:
        raise ResultsMissing(
            "no results for %s in %s (expected %s-<piece>.csv with its .json)" % (experiment, results_dir, experiment)
        )
    return Results(experiment, rows, metas, files)


def metadata_files(results_dir):
    """[(file name, metadata)] of every readable JSON object in the results
    directory, in name order (unreadable files are passed over)."""
    out = []
    for path in sorted(glob.glob(os.path.join(results_dir, "*.json"))):
        try:
            with open(path, encoding="utf-8") as f:
                meta = json.load(f)
        except (OSError, ValueError):
            continue
        if isinstance(meta, dict):
            out.append((os.path.basename(path), meta))
    return out


def commit_of(meta):
    """The commit a result file names (``-given``: passed in by the runner of a tree
    without .git, the same commit), shortened to 12 hex digits."""
    c = str(meta.get("source_commit") or meta.get("git_sha") or "unknown")
    if c.endswith("-given"):
        c = c[: -len("-given")]
    head, sep, tail = c.partition("-")
    plus = head.partition("+")
    return plus[0][:12] + plus[1] + plus[2] + sep + tail


def scale_of(results_dir):
    """The scale the results' metadata names ("paper", "quick", or "mixed"), or
    None when no metadata names one."""
    scales = set()
    for _, meta in metadata_files(results_dir):
        if meta.get("scale"):
            scales.add(str(meta["scale"]))
    if not scales:
        return None
    return scales.pop() if len(scales) == 1 else "mixed"
