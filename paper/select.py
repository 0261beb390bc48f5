"""Which rows a figure, table or claim uses, chosen by what the rows say they
are: their ``role`` (what the experiment declared the piece for), their
``run_id`` (one invocation) and their thread count.  The paper modules select
through these functions only, so that no module guesses from file names,
dates or row counts what the experiment already wrote down.

    drawable(res)                      every row but a user's --input runs (never drawn)
    role(res, "main", "size-sweep")    rows of those roles
    runs(res)                          run ids, newest first (the run's JSON date)
    by_run(res)                        [(run id, its rows)], newest first
    newest_run(res, *algos, **f)       rows (under f) of the newest run that has every algo
    first_role(res, roles, *algos, **f) newest_run in the first role (in order) that has them
    most_threads(res, algos, **f)      {algo: {"threads": T}}: each threaded program's most threads
    at_most_threads(res, algos, **f)   rows with each of algos at its most threads (others kept)
"""

import os

from paper.results import Results, ResultsMissing, load

INPUT = "input"


def drawable(res):
    """The rows the paper may draw: all but role ``input`` (a user's own graph is
    never pooled into a figure or claim), with the metadata of the pieces that
    keep rows. Raises ResultsMissing when only --input runs are there."""
    keep = [r for r in res.rows if r.get("role") != INPUT]
    if res.rows and not keep:
        raise ResultsMissing("%s: only --input runs (role input), which the paper does not draw" % res.experiment)
    roles = {}
    for r in res.rows:
        roles.setdefault(os.path.basename(r.get("_file", "")), set()).add(r.get("role"))
    pairs = [(m, f) for m, f in zip(res.metas, res.files) if roles.get(f) != {INPUT}]
    return Results(res.experiment, keep, [m for m, _ in pairs], [f for _, f in pairs])


def load_drawable(results_dir, experiment):
    """(the drawable results of the experiment in the directory, None), or
    (None, why) where it has none; ResultsMalformed propagates: it is an error."""
    try:
        return drawable(load(results_dir, experiment)), None
    except ResultsMissing as e:
        return None, str(e)


def role(res, *roles):
    """Rows whose role is one of ``roles``."""
    return res.where(role=list(roles))


def runs(res):
    """The run ids of res's rows, newest first: by the run's JSON ``date``, then run id."""
    ids = {r["run_id"] for r in res.rows}
    return sorted(ids, key=lambda i: (str(res.run_meta(i).get("date", "")), i), reverse=True)


def by_run(res):
    """[(run_id, rows of that run)], newest first."""
    return [(i, res.where(run_id=i)) for i in runs(res)]


def newest_run(res, *algorithms, **filters):
    """Rows matching ``filters`` of the newest run that has rows (under the
    filters) for every one of ``algorithms``: figures of merit and ratios come
    from one run of one code version, never a median over runs."""
    sub = res.where(**filters)
    for run_id in runs(sub):
        here = sub.where(run_id=run_id)
        if all(here.where(algorithm=a).rows for a in algorithms):
            return here
    raise ResultsMissing(
        "%s: no run with %s%s"
        % (
            res.experiment,
            " and ".join(algorithms) or "rows",
            (" (%s)" % ", ".join("%s=%s" % kv for kv in filters.items())) if filters else "",
        )
    )


def first_role(res, roles, *algorithms, **filters):
    """newest_run among the rows of the first of ``roles`` (in order) that has them."""
    for r in roles:
        try:
            return newest_run(role(res, r), *algorithms, **filters)
        except ResultsMissing:
            continue
    raise ResultsMissing(
        "%s: no %s run with %s%s"
        % (
            res.experiment,
            " or ".join(roles),
            " and ".join(algorithms) or "rows",
            (" (%s)" % ", ".join("%s=%s" % kv for kv in filters.items())) if filters else "",
        )
    )


def most_threads(res, algorithms, **filters):
    """{algorithm: {"threads": its most threads}} for each of ``algorithms`` with rows (under filters)."""
    out = {}
    for a in algorithms:
        ts = res.where(algorithm=a, **filters).values("threads")
        if ts:
            out[a] = {"threads": ts[-1]}
    return out


def at_most_threads(res, algorithms, **filters):
    """res without the rows of ``algorithms`` below their most threads (every other program's rows kept)."""
    per = most_threads(res, algorithms, **filters)
    return res.where(pred=lambda r: r["algorithm"] not in per or r["threads"] == per[r["algorithm"]]["threads"])
