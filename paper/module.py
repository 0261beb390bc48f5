"""What a paper module declares: its figures, tables and claims.

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
    suite runs, Markdown), ``figures``, ``tables``, ``claims``."""

    def __init__(self, experiment, letter, title, citation, original, ours, figures=(), tables=(), claims=()):
        self.experiment, self.letter, self.title, self.citation = experiment, letter, title, citation
        self.original, self.ours = original, ours
        self.figures, self.tables, self.claims = list(figures), list(tables), list(claims)
        for kind, items in (("figure", self.figures), ("table", self.tables), ("claim", self.claims)):
            names = [getattr(i, "name", None) or i.id for i in items]
            dup = {n for n in names if names.count(n) > 1}
            if dup:
                raise ValueError("%s: duplicate %s names %s" % (experiment, kind, sorted(dup)))

    def output_name(self, item):
        return "%s_%s" % (self.experiment, item.name)
