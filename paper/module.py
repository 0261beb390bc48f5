"""What a paper module declares: its figures, tables, claims and targets.

Each ``paper/<experiment>.py`` defines ``MODULE = Module(...)``; ``paper.registry``
lists the modules.  Drawing and building functions take the experiment's
``Results`` (see ``paper.results``) and raise ``ResultsMissing`` when the rows
they need are absent (the item is then listed as not drawn, with the reason) or
``ResultsMalformed`` when the rows break the contract (an error).
"""


class Figure:
    """``draw(results) -> matplotlib Figure``; written as ``<experiment>_<name>.pdf/.png``."""

    def __init__(self, name, caption, draw):
        self.name, self.caption, self.draw = name, caption, draw


class Table:
    """``build(results) -> paper.tables.TableData``; written as ``<experiment>_<name>.md/.tex``."""

    def __init__(self, name, caption, build):
        self.name, self.caption, self.build = name, caption, build


class Module:
    """One paper: ``letter`` (A-E as in docs/PROTOCOL.md), ``title``, ``citation``,
    ``original`` (the paper's setup and hardware, Markdown), ``ours`` (what the
    suite runs, Markdown), ``figures``, ``tables``, ``claims`` (the paper's own
    statements) and ``targets`` (the suite's speed targets, beyond the paper).
    Claims and targets are judged alike; ``judged`` is both, claims first."""

    def __init__(
        self, experiment, letter, title, citation, original, ours, figures=(), tables=(), claims=(), targets=()
    ):
        self.experiment, self.letter, self.title, self.citation = experiment, letter, title, citation
        self.original, self.ours = original, ours
        self.figures, self.tables = list(figures), list(tables)
        self.claims, self.targets = list(claims), list(targets)
        for kind, items in (("figure", self.figures), ("table", self.tables), ("claim or target", self.judged)):
            names = [getattr(i, "name", None) or i.id for i in items]
            dup = {n for n in names if names.count(n) > 1}
            if dup:
                raise ValueError("%s: duplicate %s names %s" % (experiment, kind, sorted(dup)))

    @property
    def judged(self):
        """The paper's claims, then the suite's targets: the rows of the claims table."""
        return self.claims + self.targets

    def output_name(self, item):
        return "%s_%s" % (self.experiment, item.name)
