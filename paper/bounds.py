"""What bounds each claim's programs, in one table: the machine resources
(``paper.hosts``) that make the measured value larger or smaller.  With both
runs' host characterisations, ``predicted(bound, here, reference)`` is the
factor the machines alone predict between the two values, and ``paper.compare``
says whether a difference is within it.

    Bound(up=["gpu_rand"], down=["cpu_latency"])   a GPU program's speedup over a latency-bound CPU one
    time_of("cpu_rand@max")                        a time: inversely as the resource
    rate_of("gpu_rand")                            a throughput: as the resource
    same_run("both programs read the GPU")         the resources cancel: the value should not move

The value is taken to scale as the product of the ``up`` resources over the
product of the ``down`` ones.  That is a model, not a law: a program is
rarely bound by one resource alone, so a difference counts as predicted when
it goes the predicted way and is no larger than predicted (plus the value's
tolerance), not when it equals the prediction.
"""

from paper import hosts


class Bound:
    def __init__(self, up=(), down=(), why=""):
        self.up, self.down, self.why = list(up), list(down), why

    @property
    def resources(self):
        return self.up + [r for r in self.down if r not in self.up]

    def text(self):
        why = " (%s)" % self.why if self.why else ""
        if not self.up and not self.down:
            return "machine-independent" + why
        if self.up == self.down:
            return "cancels: %s on both sides of the ratio" % ", ".join(self.up) + why
        parts = []
        if self.up:
            parts.append("× " + " × ".join(self.up))
        if self.down:
            parts.append("÷ " + " ÷ ".join(self.down))
        return " ".join(parts) + why


def time_of(resource):
    return Bound(down=[resource])


def rate_of(resource):
    return Bound(up=[resource])


def speedup(fast, slow):
    """Time of the program bound by ``slow`` over that of the one bound by ``fast``."""
    return Bound(up=[fast], down=[slow])


def same_run(why):
    return Bound(why=why)


GPU_OVER_BGL_PRIM = speedup("gpu_rand", "cpu_latency")
GPU_OVER_DIJKSTRA = speedup("gpu_rand", "cpu_latency")
# kruskal_thrust, paper C's "CUDA" program, spends its end-to-end time on the host:
# filling its pageable buffers and the driver's staging copies, mostly one thread's
# memory work (its h2d_s + d2h_s are most of its seconds, the Thrust sort a sliver:
# experiments/kruskal_100m/NOTES.md). The GPU's bandwidth does not move it.
THRUST_ON_THE_HOST = "cpu_seq@1"

BOUNDS = {
    "prim_gpu": {
        "A1": GPU_OVER_BGL_PRIM,
        "A2": same_run("GPU programs against each other"),
        "A3": GPU_OVER_BGL_PRIM,
        "A-T1": time_of("gpu_rand"),
        "A-T2": time_of("gpu_rand"),
        "A-T3": GPU_OVER_BGL_PRIM,
        "A-T4": GPU_OVER_BGL_PRIM,
        "A-T5": time_of("gpu_rand"),
        "A-T6": GPU_OVER_BGL_PRIM,
    },
    "sollin_multicore": {
        "B1": same_run("a count of identical answers"),
        "B2": speedup("cpu_seq@1", "cpu_rand@1"),
        "B3": same_run("growth of one program's time with N"),
        "B4": same_run("two one-thread programs reading the same matrix"),
        "B5": speedup("cpu_seq@1", "cpu_seq@2"),
        "B6": speedup("cpu_seq@1", "cpu_seq@4"),
        "B7": same_run("a time over the floor measured in the same run"),
        "B8": time_of("gpu_seq"),
    },
    "kruskal_100m": {
        "C1": speedup("cpu_seq@max", "cpu_seq@1"),
        # kruskal_seq's one-thread quicksort is partly core-bound (its partitions stream
        # well below one core's read bandwidth), so it moves at most as much as
        # kruskal_thrust's host copies.
        "C2": Bound(
            up=[THRUST_ON_THE_HOST],
            why="kruskal_thrust's time is host copies; kruskal_seq's quicksort moves at most as much",
        ),
        "T1": speedup("cpu_seq@max", "cpu_seq@1"),
        "T2": time_of("cpu_seq@max"),
        "T3": time_of("gpu_seq"),
        "T4": time_of("gpu_seq"),
        "T5": same_run("two sorts on the same GPU"),
    },
    "hybrid_dfs": {
        "D1": same_run("two CPU traversals at the same threads"),
        "D2": same_run("two CPU traversals at the same threads"),
        "D3": speedup("gpu_rand", "cpu_rand@max"),
        "D4": same_run("two GPU traversals"),
        "D5": Bound(up=["gpu_rand"], down=["cpu_rand@max"]),
        "D6": speedup("gpu_rand", "cpu_rand@max"),
        "D7": speedup("cpu_seq@max", "cpu_rand@max"),
        "D-T1": rate_of("cpu_rand@max"),
        "D-T2": rate_of("cpu_rand@max"),
        "D-T3": rate_of("gpu_rand"),
        "D-T4": rate_of("gpu_rand"),
        "D-T5": time_of("cpu_seq@max"),
        "D-T6": time_of("gpu_rand"),
        "D-T7": time_of("gpu_rand"),
        "D-T8": time_of("cpu_rand@max"),
        "D-T9": time_of("cpu_rand@max"),
    },
    "dijkstra_deg5": {
        "E1": GPU_OVER_DIJKSTRA,
        "E2": GPU_OVER_DIJKSTRA,
        "E3": GPU_OVER_DIJKSTRA,
        "E4": same_run("two GPU programs"),
        "E5": GPU_OVER_DIJKSTRA,
        "E6": speedup("cpu_rand@max", "cpu_latency"),
        "E7": time_of("gpu_rand"),
        "E8": same_run("two GPU programs"),
        "E9": time_of("cpu_rand@max"),
        "E10": time_of("cpu_rand@max"),
        "E11": time_of("gpu_rand"),
    },
}


# What bounds a figure data point (one program's median time on one device at
# some threads), per experiment: its CPU programs on one thread, on T threads
# ("@T" becomes the point's thread count), and its GPU programs (CPU+GPU ones too);
# PROGRAM_POINT_BOUNDS: a program whose time its device does not bound.
POINT_BOUNDS = {
    "prim_gpu": {"cpu1": "cpu_latency", "cpu": "cpu_rand@T", "gpu": "gpu_rand"},
    "sollin_multicore": {"cpu1": "cpu_seq@1", "cpu": "cpu_seq@T", "gpu": "gpu_seq"},
    "kruskal_100m": {"cpu1": "cpu_seq@1", "cpu": "cpu_seq@T", "gpu": "gpu_seq"},
    "hybrid_dfs": {"cpu1": "cpu_rand@1", "cpu": "cpu_rand@T", "gpu": "gpu_rand"},
    "dijkstra_deg5": {"cpu1": "cpu_latency", "cpu": "cpu_rand@T", "gpu": "gpu_rand"},
}


PROGRAM_POINT_BOUNDS = {"kruskal_100m": {"kruskal_thrust": THRUST_ON_THE_HOST}}


def point_bound(experiment, threads, device, program=None):
    """The Bound of one figure data point's time, or None (a distributed program's:
    several hosts' worth of ranks are not one host's characterisation)."""
    table = POINT_BOUNDS.get(experiment)
    if table is None or device == "mpi":
        return None
    own = PROGRAM_POINT_BOUNDS.get(experiment, {}).get(program)
    if own is not None:
        return time_of(own)
    kind = "gpu" if "gpu" in device else ("cpu1" if threads == 1 else "cpu")
    return time_of(table[kind].replace("@T", "@%d" % threads))


def of(experiment, claim_id):
    """The claim's Bound, or None when the table names none."""
    return BOUNDS.get(experiment, {}).get(claim_id)


class Prediction:
    """``factor`` here / reference that the machines predict (None: unknown),
    ``text`` the ratios it came from, ``moves`` whether any resource differs."""

    def __init__(self, factor, text, moves):
        self.factor, self.text, self.moves = factor, text, moves


def predicted(bound, here, reference, tolerance):
    """The Prediction for ``bound`` between two ``paper.hosts.characterise`` results."""
    if not bound.up and not bound.down:
        return Prediction(1.0, "", False)
    ratios = {r: hosts.ratio(r, here, reference) for r in bound.resources}
    unknown = [x.text for x in ratios.values() if x.value is None]
    if unknown:
        return Prediction(None, "; ".join(unknown), False)
    factor = 1.0
    for r in bound.up:
        factor *= ratios[r].value
    for r in bound.down:
        factor /= ratios[r].value
    moves = any(abs(x.value - 1) > tolerance for x in ratios.values())
    return Prediction(factor, "; ".join(x.text for x in ratios.values()), moves)


def table_lines():
    """The bound table in Markdown: experiment, claim, what moves its value."""
    lines = ["| experiment | claim | value scales as |", "|---|---|---|"]
    for exp, claims in BOUNDS.items():
        for cid, b in claims.items():
            lines.append("| %s | %s | %s |" % (exp, cid, b.text()))
    lines += ["", "| experiment | figure point of | time scales as |", "|---|---|---|"]
    for exp, table in POINT_BOUNDS.items():
        for kind, what in (
            ("cpu1", "a CPU program on 1 thread"),
            ("cpu", "a CPU program on T threads"),
            ("gpu", "a GPU program"),
        ):
            lines.append("| %s | %s | ÷ %s |" % (exp, what, table[kind]))
        for program, what in PROGRAM_POINT_BOUNDS.get(exp, {}).items():
            lines.append("| %s | %s | ÷ %s |" % (exp, program, what))
    return lines
