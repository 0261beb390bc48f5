#!/usr/bin/env python3
"""Runs every experiment piece by piece, resumably, then the figures and the report
(into RESULTS/paper/; only the committed reference's results, results/reference/<the
reference machine>, redraw the committed paper/, see paper/outputs.py).

    scripts/reproduce.py --build build/default --scale quick --results results/local/quick
                         [--only prim_gpu,hybrid_dfs] [--pieces a,b] [--no-figures] [--no-gpu]
                         [--list] [--budget SECONDS] [--piece-timeout SECONDS]
                         [--ranks 1,2,4,8,16] [--max-ranks N] [--skip-kinds mpi,mgpu]

For each experiment, ``<build>/bin/<exp> --scale S --list-pieces`` names its
pieces (``name<TAB>est_seconds<TAB>cpu|gpu|mpi|mgpu``); each piece runs as
``<exp> --scale S --piece NAME --out RESULTS`` and writes
``<exp>-<NAME>.csv`` + ``.json``, renamed into place only when complete.

A piece of kind ``mpi`` (a distributed program, role scale-out) runs once per
rank count P of --ranks, as
``mpirun [--allow-run-as-root] -np P <exp> --scale S --piece NAME --tag NAME-p<P> --out RESULTS``
(files ``<exp>-<NAME>-p<P>.csv`` + ``.json``, each resumable on its own) with
OMP_NUM_THREADS=1 unless set.  Never more ranks than this machine's cores
(--max-ranks, default the cores this process may use): a measurement with
ranks sharing cores says nothing, so a larger P is skipped with the reason, as
are all of them when ``mpirun`` is not on PATH or the executable lists no
distributed program (``[mpi]`` in ``--list-algorithms``; a build without MPI
says so there or answers "nothing to run here").

A piece of kind ``mgpu`` (one program over several GPUs of this host) runs as a
piece of kind ``gpu`` does, but only where ``nvidia-smi -L`` lists at least
``MGPU_MIN`` GPUs; elsewhere it is skipped with the count found.

Resuming: a piece whose CSV and JSON are both there, whose JSON parses and whose
CSV has the contract's header and exactly the JSON's ``rows`` rows is done and is
never rerun.  Anything else left by an interrupted run (``*.partial``, a JSON
without its CSV, a CSV that does not match its JSON) is removed or set aside as
``*.stale`` and the piece reruns.  So Ctrl-C, a kill or a lost machine at any
moment costs at most the piece that was running.

Outcomes: ran, done (earlier), skipped (GPU piece without a GPU; an mgpu piece
with fewer GPUs than it needs; an mpi piece
without mpirun, MPI or enough cores; the executable's exit 3: no device / not
enough memory, or its "nothing to run here"; the --budget; a kind that
--skip-kinds names, e.g. mpi: the distributed scale-out beyond the papers), not
implemented (no executable yet), failed (exit 1/2 or another code, or files
that do not check out; files it wrote are kept as *.failed and it runs again
next time).  Exit status: 0, or 1 if anything failed, 130/143 when
interrupted.  ``RESULTS/reproduce-status.json`` records every piece's outcome;
``RESULTS/logs/`` keeps each piece's stdout and stderr.
"""

import argparse
import datetime
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
from paper.results import ResultsError, read_piece  # noqa: E402  (the same check the figures use)
from paper.registry import experiment_names  # noqa: E402

EXPERIMENTS = experiment_names()  # experiments/list.txt
STATUS_FILE = "reproduce-status.json"
# Environment for an experiment's pieces, unless the user set the variable.
# hybrid_dfs: its CPU traversals run many short parallel regions per traversal;
# with the default policy idle threads sleep and wake between them.
# experiments/hybrid_dfs/README.md has the measurements.
PIECE_ENV = {"hybrid_dfs": {"OMP_WAIT_POLICY": "active"}}
EXIT_RESOURCE = 3  # docs/DESIGN.md: not enough memory / no device for the requested size
KINDS = ("cpu", "gpu", "mpi", "mgpu")
MGPU_MIN = 2  # the GPUs an mgpu piece needs: one is the gpu pieces' measurement
RANKS = (1, 2, 4, 8, 16)  # the rank counts of an mpi piece (strong scaling)
# The experiment's words when every selected program was skipped (exit 0, no files).
NOTHING_TO_RUN = "nothing to run here"


def piece_env(experiment, kind):
    """The protocol's environment for a piece of ``kind``: PIECE_ENV for thread
    pieces; none for mpi pieces, which run one thread per rank (no idle team)."""
    return {} if kind == "mpi" else dict(PIECE_ENV.get(experiment, {}))


class Interrupted(Exception):
    def __init__(self, signum):
        super().__init__("signal %d" % signum)
        self.signum = signum


class Piece:
    def __init__(self, experiment, name, est, kind, exe=None, ranks=None):
        self.experiment, self.name, self.est, self.kind, self.exe = experiment, name, est, kind, exe
        self.ranks = ranks  # mpi pieces: the world size of this run
        self.status, self.reason, self.seconds = "pending", "", None
        self.earlier_seconds = None  # a piece done by an earlier run: its wall_seconds

    @property
    def tag(self):
        """The file tag: the piece's name, plus -p<P> for one rank count of an mpi piece."""
        return "%s-p%d" % (self.name, self.ranks) if self.ranks else self.name

    @property
    def label(self):
        return self.tag or "–"

    @property
    def stem(self):
        return "%s-%s" % (self.experiment, self.tag) if self.name else self.experiment

    def as_dict(self):
        d = {
            "experiment": self.experiment,
            "piece": self.name,
            "kind": self.kind,
            "est_seconds": self.est,
            "status": self.status,
            "reason": self.reason,
            "seconds": self.seconds,
        }
        if self.ranks:
            d["ranks"], d["tag"] = self.ranks, self.tag
        return d


def fmt_duration(s):
    if s is None:
        return "–"
    s = int(round(s))
    if s < 60:
        return "%ds" % s
    if s < 3600:
        return "%dm%02ds" % (s // 60, s % 60)
    return "%dh%02dm" % (s // 3600, s % 3600 // 60)


def log(msg):
    print("[reproduce] " + msg, file=sys.stderr, flush=True)


def gpus_present():
    """(how many GPUs ``nvidia-smi -L`` lists, its first line or why none)."""
    if not shutil.which("nvidia-smi"):
        return 0, "no GPU: nvidia-smi not found"
    try:
        r = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 0, "no GPU: nvidia-smi -L failed (%s)" % e
    # One line per GPU ("GPU 0: NVIDIA H100 ..."); MIG devices are indented lines below their GPU.
    gpus = [line for line in r.stdout.splitlines() if line.startswith("GPU ")]
    if r.returncode == 0 and gpus:
        return len(gpus), gpus[0].strip()
    return 0, "no GPU: nvidia-smi -L found none (exit %d)" % r.returncode


def mgpu_note(count, gpu_note):
    """Why an mgpu piece cannot run with ``count`` GPUs, or "" when it can."""
    if count >= MGPU_MIN:
        return ""
    return "needs %d or more GPUs; %s" % (MGPU_MIN, gpu_note if count == 0 else "1 GPU here (%s)" % gpu_note)


def usable_cores():
    """The cores this process may run on (its affinity mask), else the machine's."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def mpi_launcher():
    """(argv prefix up to the rank count, None) or (None, why mpi pieces cannot run)."""
    mpirun = shutil.which("mpirun")
    if not mpirun:
        return None, "no MPI: mpirun not found on PATH"
    # Open MPI refuses to start as root unless told; a measurement never
    # oversubscribes (P is capped at the cores instead).
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    return [mpirun] + (["--allow-run-as-root"] if root else []) + ["-np"], ""


def distributed_programs(exe):
    """("", names of the executable's [mpi] programs) or (why none can run, [])."""
    try:
        r = subprocess.run([exe, "--list-algorithms"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        return "--list-algorithms failed (%s)" % e, []
    if r.returncode != 0:
        return "--list-algorithms: exit %d: %s" % (r.returncode, last_line(r.stderr)), []
    names, why = [], ""
    for line in r.stdout.splitlines():
        if "[mpi]" not in line:
            continue
        if "built without MPI" in line:
            why = "built without MPI and the Parallel BGL (--list-algorithms)"
            continue
        names.append(line.split("\t")[0].strip())
    if names:
        return "", names
    return why or "no distributed program: --list-algorithms shows none tagged [mpi]", []


def last_line(text):
    lines = [l.strip() for l in text.replace("\r", "\n").splitlines() if l.strip()]
    return lines[-1] if lines else ""


def list_pieces(experiment, exe, scale):
    """The experiment's pieces, or one failed/not-implemented placeholder."""
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        p = Piece(experiment, "", 0.0, "cpu")
        p.status, p.reason = "not implemented", "not yet implemented (no executable %s)" % exe
        return [p]
    try:
        r = subprocess.run([exe, "--scale", scale, "--list-pieces"], capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        r = None
        why = str(e)
    if r is None or r.returncode != 0:
        p = Piece(experiment, "", 0.0, "cpu", exe)
        p.status = "failed"
        p.reason = "--list-pieces: " + (why if r is None else "exit %d: %s" % (r.returncode, last_line(r.stderr)))
        return [p]
    pieces = []
    for i, line in enumerate(r.stdout.splitlines(), 1):
        if not line.strip():
            continue
        f = line.split("\t")
        try:
            if len(f) != 3 or f[2] not in KINDS or not f[0]:
                raise ValueError
            pieces.append(Piece(experiment, f[0], float(f[1]), f[2], exe))
        except ValueError:
            p = Piece(experiment, "", 0.0, "cpu", exe)
            p.status, p.reason = "failed", "--list-pieces line %d is %r, expected name<TAB>seconds<TAB>%s" % (
                i,
                line,
                "|".join(KINDS),
            )
            return [p]
    if not pieces:
        p = Piece(experiment, "", 0.0, "cpu", exe)
        p.status, p.reason = "failed", "--list-pieces printed no pieces"
        return [p]
    return pieces


def remove(path):
    if os.path.lexists(path):
        os.remove(path)
        return True
    return False


def check_done(results, piece):
    """True when the piece's files are complete. Cleans up what an interrupted
    run left: partial files are removed, inconsistent ones set aside as *.stale."""
    stem = os.path.join(results, piece.stem)
    csv_path, json_path = stem + ".csv", stem + ".json"
    for p in (csv_path + ".partial", json_path + ".partial"):
        if remove(p):
            log("removed the half-written %s" % p)
    if os.path.exists(csv_path) and os.path.exists(json_path):
        try:
            _, meta = read_piece(stem, piece.experiment)
            # Its time, where the run recorded it: later budgets learn from it.
            wall = meta.get("wall_seconds")
            piece.earlier_seconds = float(wall) if isinstance(wall, (int, float)) else None
            return True
        except ResultsError as e:
            log("not trusting %s: %s; setting it aside as .stale" % (piece.stem, e))
    for p in (csv_path, json_path):
        if os.path.exists(p):
            os.replace(p, p + ".stale")
    return False


def set_aside_failed(results, piece):
    """A failed piece's files, which a program may write in full before it fails
    (a crash at exit), become *.failed: kept to read, never a finished piece."""
    stem = os.path.join(results, piece.stem)
    for p in (stem + ".csv", stem + ".json"):
        if os.path.exists(p):
            os.replace(p, p + ".failed")
            log("set aside %s as %s.failed: its piece failed" % (p, os.path.basename(p)))


def failed_stems(status_path):
    """The file stems of the pieces a reproduce-status.json calls failed
    (scripts/release-collect.sh leaves their files out)."""
    with open(status_path, encoding="utf-8") as f:
        pieces = json.load(f).get("pieces", [])
    return [
        Piece(p["experiment"], p["piece"], 0, p.get("kind"), ranks=p.get("ranks")).stem
        for p in pieces
        if p.get("status") == "failed"
    ]


class Runner:
    def __init__(self, args):
        self.args = args
        self.results = args.results
        self.pieces = []
        self.child = None
        self.started = time.time()

    # --- status file -------------------------------------------------------
    def write_status(self):
        data = {
            "scale": self.args.scale,
            "build": self.args.build,
            "gpu": self.gpu_note,
            "gpus": self.gpu_count,
            "updated": datetime.datetime.now().isoformat(timespec="seconds"),
            "pieces": [p.as_dict() for p in self.pieces],
        }
        path = os.path.join(self.results, STATUS_FILE)
        with open(path + ".partial", "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
        os.replace(path + ".partial", path)

    # --- planning ----------------------------------------------------------
    def expand_mpi(self, pieces):
        """Each mpi piece becomes one piece per rank count; those that cannot run
        here are skipped with the reason (before anything is checked or run)."""
        out = []
        for p in pieces:
            if p.kind != "mpi" or p.status != "pending":
                out.append(p)
                continue
            why = self.mpi_note
            if not why:
                why, _ = distributed_programs(p.exe)
            for ranks in self.args.ranks:
                q = Piece(p.experiment, p.name, p.est, p.kind, p.exe, ranks)
                if why:
                    q.status, q.reason = "skipped", why
                elif ranks > self.args.max_ranks:
                    q.status, q.reason = "skipped", (
                        "%d ranks > %d cores on this machine (measurements never "
                        "oversubscribe)" % (ranks, self.args.max_ranks)
                    )
                out.append(q)
        return out

    def plan(self):
        a = self.args
        self.gpu_count, self.gpu_note = (0, "no GPU: --no-gpu given") if a.no_gpu else gpus_present()
        self.have_gpu = self.gpu_count > 0
        self.mpirun, self.mpi_note = mpi_launcher()
        gpus = " (%d GPUs)" % self.gpu_count if self.gpu_count > 1 else ""
        log("scale %s, results in %s, %s%s" % (a.scale, self.results, self.gpu_note, gpus))
        bindir = os.path.join(a.build, "bin")
        for exp in a.only:
            pieces = list_pieces(exp, os.path.join(bindir, exp), a.scale)
            if a.pieces:
                pieces = [
                    p
                    for p in pieces
                    if not p.name
                    or p.name in a.pieces
                    or (p.kind == "mpi" and any(x.startswith(p.name + "-p") for x in a.pieces))
                ]
            pieces = self.expand_mpi(pieces)
            if a.pieces:  # scale-out-p4 names one rank count
                pieces = [p for p in pieces if not p.name or p.name in a.pieces or p.tag in a.pieces]
            for p in pieces:
                if p.status != "pending":
                    if p.status == "skipped" and check_done(self.results, p):
                        p.status, p.reason = "done", "complete from an earlier run"
                    continue
                if check_done(self.results, p) and not a.force:
                    p.status, p.reason = "done", "complete from an earlier run"
                elif p.kind in a.skip_kinds:
                    p.status, p.reason = "skipped", "--skip-kinds %s" % ",".join(a.skip_kinds)
                elif p.kind == "gpu" and not self.have_gpu:
                    p.status, p.reason = "skipped", self.gpu_note
                elif p.kind == "mgpu" and mgpu_note(self.gpu_count, self.gpu_note):
                    p.status, p.reason = "skipped", mgpu_note(self.gpu_count, self.gpu_note)
            self.pieces += pieces

    # --- running -----------------------------------------------------------
    def eta(self):
        """(estimated seconds left, measured / estimated over the pieces timed so far),
        pieces finished by earlier runs of the same results included: a run split over
        several commands schedules its first piece with what the earlier ones learnt."""
        timed = [(p.seconds, p.est) for p in self.pieces if p.status == "ran" and p.est > 0]
        timed += [
            (p.earlier_seconds, p.est)
            for p in self.pieces
            if p.status == "done" and p.est > 0 and p.earlier_seconds is not None
        ]
        ratio = sum(t for t, _ in timed) / sum(e for _, e in timed) if timed else 1.0
        left = sum(p.est for p in self.pieces if p.status == "pending")
        return left * ratio, ratio

    def run_piece(self, p, index, total):
        a = self.args
        remaining, ratio = self.eta()
        log(
            "[%d/%d] %s: piece %s (%s, est %s) | elapsed %s, remaining ~%s%s"
            % (
                index,
                total,
                p.experiment,
                p.tag,
                p.kind,
                fmt_duration(p.est),
                fmt_duration(time.time() - self.started),
                fmt_duration(remaining),
                " (estimates x%.2f so far)" % ratio if ratio != 1.0 else "",
            )
        )
        logdir = os.path.join(self.results, "logs")
        os.makedirs(logdir, exist_ok=True)
        cmd = [p.exe, "--scale", a.scale, "--piece", p.name, "--out", self.results]
        if p.ranks:
            cmd = self.mpirun + [str(p.ranks)] + cmd[:-2] + ["--tag", p.tag] + cmd[-2:]
        t0 = time.time()
        tail = b""
        with open(os.path.join(logdir, p.stem + ".out"), "wb") as out, open(
            os.path.join(logdir, p.stem + ".log"), "wb"
        ) as errlog:
            errlog.write(("$ " + " ".join(cmd) + "\n").encode())
            env = dict(os.environ)
            for var, value in piece_env(p.experiment, p.kind).items():
                env.setdefault(var, value)  # a user's own setting wins
            if p.ranks:
                env.setdefault("OMP_NUM_THREADS", "1")  # one core per rank
            self.child = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE, env=env)
            deadline = t0 + a.piece_timeout if a.piece_timeout else None
            fd = self.child.stderr.fileno()
            timed_out = False
            while True:
                if deadline and time.time() > deadline and not timed_out:
                    timed_out = True
                    self.child.terminate()
                ready, _, _ = select.select([fd], [], [], 1.0)
                if not ready:
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                errlog.write(chunk)
                if not a.quiet:
                    sys.stderr.buffer.write(chunk)
                    sys.stderr.flush()
                tail = (tail + chunk)[-4096:]
            rc = self.child.wait()
            self.child = None
        p.seconds = time.time() - t0
        msg = last_line(tail.decode("utf-8", "replace"))
        if timed_out:
            p.status, p.reason = "failed", "timed out after %s (--piece-timeout)" % fmt_duration(a.piece_timeout)
        elif rc == 0:
            if check_done(self.results, p):
                p.status, p.reason = "ran", ""
            elif NOTHING_TO_RUN in tail.decode("utf-8", "replace"):
                p.status, p.reason = "skipped", msg
                self.skip_other_ranks(p, msg)
            else:
                p.status, p.reason = "failed", "exit 0 but %s.csv/.json are missing or do not match" % p.stem
        elif rc == EXIT_RESOURCE:
            p.status, p.reason = "skipped", msg or "exit 3 (no device or not enough memory)"
        elif rc < 0:
            p.status, p.reason = "failed", "killed by signal %d" % -rc
        else:
            p.status, p.reason = "failed", "exit %d: %s" % (rc, msg)
        if p.status == "failed":
            set_aside_failed(self.results, p)
        log(
            "%s/%s: %s in %s%s"
            % (p.experiment, p.tag, p.status, fmt_duration(p.seconds), (" (" + p.reason + ")") if p.reason else "")
        )

    def skip_other_ranks(self, p, why):
        """What one rank count of an mpi piece found nothing to run holds for every other."""
        if not p.ranks:
            return
        for q in self.pieces:
            if q is not p and q.experiment == p.experiment and q.name == p.name and q.status == "pending":
                q.status, q.reason = "skipped", why

    def run(self):
        todo = [p for p in self.pieces if p.status == "pending"]
        est, _ = self.eta()
        counts = {}
        for p in self.pieces:
            counts[p.status] = counts.get(p.status, 0) + 1
        log(
            "plan: %d pieces to run (estimated %s); %s"
            % (
                len(todo),
                fmt_duration(est),
                ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items()) if s != "pending") or "nothing else",
            )
        )
        self.write_status()
        for i, p in enumerate(todo, 1):
            if p.status != "pending":
                continue
            if self.args.budget is not None:
                spent = time.time() - self.started
                # What the timed pieces took may lengthen an estimate, never shorten it: the
                # ratio pools every experiment's pieces, and a piece started on a shortened
                # estimate and cut off at the budget wastes all of its time.
                _, ratio = self.eta()
                ratio = max(ratio, 1.0)
                if spent + p.est * ratio > self.args.budget:
                    if p.est * ratio > self.args.budget:  # a rerun with the same budget would defer it again
                        p.status, p.reason = "skipped", (
                            "deferred: its estimate (%s, estimates x%.2f so far) exceeds the whole --budget %ds; "
                            "run it alone with a larger --budget or none"
                            % (fmt_duration(p.est * ratio), ratio, self.args.budget)
                        )
                    else:
                        p.status, p.reason = (
                            "skipped",
                            "deferred: would exceed --budget %ds; rerun to continue" % self.args.budget,
                        )
                    continue
            self.write_status()
            self.run_piece(p, i, len(todo))
            self.write_status()

    def stop_child(self, signum):
        c = self.child
        if c is None or c.poll() is not None:
            return
        try:
            c.send_signal(signum)
            c.wait(timeout=10)
        except subprocess.TimeoutExpired:
            c.kill()
            c.wait()

    # --- report ------------------------------------------------------------
    def summary(self):
        def time_of(p):  # a pending piece shows its estimate
            return "est " + fmt_duration(p.est) if p.status == "pending" else fmt_duration(p.seconds)

        rows = [(p.experiment, p.label, p.kind, p.status, time_of(p), p.reason) for p in self.pieces]
        head = ("experiment", "piece", "kind", "status", "time", "reason")
        widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(5)]
        print(
            "\nSummary (%s, scale %s, %s):" % (self.results, self.args.scale, fmt_duration(time.time() - self.started))
        )
        for r in [head] + rows:
            print("  " + "  ".join(str(r[i]).ljust(widths[i]) for i in range(5)) + "  " + r[5])
        counts = {}
        for p in self.pieces:
            counts[p.status] = counts.get(p.status, 0) + 1
        print("  " + ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())))
        if counts.get("pending"):
            left, ratio = self.eta()
            print(
                "  pending: about %s by the estimates%s"
                % (
                    fmt_duration(left),
                    " x%.2f (what the timed pieces took against theirs)" % ratio if ratio != 1.0 else "",
                )
            )
        sys.stdout.flush()
        return any(p.status == "failed" for p in self.pieces)


def python_with_matplotlib():
    try:
        out = subprocess.run(
            [os.path.join(REPO, "scripts", "find-python.sh")], capture_output=True, text=True, timeout=60
        )
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except OSError:
        pass
    return sys.executable


def draw(results, only):
    """Figures, the report, then the artifact appendix; returns the names of the steps that failed."""
    py = python_with_matplotlib()
    failed = []
    results = os.path.abspath(results)  # the steps run from the repository root
    if results.startswith(REPO + os.sep):
        results = os.path.relpath(results, REPO)
    steps = [
        ("figures", [py, "-m", "paper.figures", "--results", results]),
        ("report", [py, "-m", "paper.report", "--results", results]),
        ("artifact", [py, "-m", "paper.artifact", "--results", results]),
    ]
    if only:
        steps[0][1].extend(["--only", ",".join(only)])
    for name, cmd in steps:
        log("$ " + " ".join(cmd))
        if subprocess.run(cmd, cwd=REPO).returncode != 0:
            failed.append(name)
    return failed


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True, help="build directory with bin/<experiment> (e.g. build/default)")
    ap.add_argument("--scale", required=True, choices=["quick", "paper"])
    ap.add_argument("--results", required=True, help="results directory (created)")
    ap.add_argument("--only", default="", help="comma-separated experiments (default: all five)")
    ap.add_argument("--pieces", default="", help="comma-separated piece names to run (default: all)")
    ap.add_argument("--no-figures", action="store_true", help="skip the figures and the report")
    ap.add_argument("--no-gpu", action="store_true", help="treat this machine as having no GPU")
    ap.add_argument(
        "--force",
        action="store_true",
        help="rerun the pieces an earlier run completed too (each result is replaced when its rerun finishes)",
    )
    ap.add_argument("--list", action="store_true", help="print the plan (pieces, estimates, done/skipped) and exit")
    ap.add_argument(
        "--budget",
        type=float,
        default=None,
        help="start no piece that would (by its estimate) end after this many seconds; rerun to continue",
    )
    ap.add_argument(
        "--piece-timeout", type=float, default=None, help="stop a piece after this many seconds (a failure)"
    )
    ap.add_argument("--quiet", action="store_true", help="do not echo the pieces' progress (still in RESULTS/logs)")
    ap.add_argument(
        "--ranks", default=",".join(map(str, RANKS)), help="rank counts of the mpi pieces (default %(default)s)"
    )
    ap.add_argument(
        "--max-ranks",
        type=int,
        default=None,
        help="the most ranks an mpi piece may start (default: this machine's cores, %d)" % usable_cores(),
    )
    ap.add_argument(
        "--skip-kinds",
        default="",
        help="comma-separated piece kinds not to run (%s; e.g. mpi: the scale-out pieces)" % "|".join(KINDS),
    )
    a = ap.parse_args(argv)
    a.skip_kinds = [k for k in a.skip_kinds.split(",") if k]
    if any(k not in KINDS for k in a.skip_kinds):
        ap.error("--skip-kinds takes piece kinds (%s), got %s" % ("|".join(KINDS), ",".join(a.skip_kinds)))
    try:
        a.ranks = [int(x) for x in a.ranks.split(",") if x]
        if not a.ranks or min(a.ranks) < 1:
            raise ValueError
    except ValueError:
        ap.error("--ranks takes positive integers, e.g. 1,2,4")
    if a.max_ranks is None:
        a.max_ranks = usable_cores()
    only = [s for s in a.only.split(",") if s]
    unknown = [s for s in only if s not in EXPERIMENTS]
    if unknown:
        ap.error("unknown experiment(s) %s; known: %s" % (", ".join(unknown), ", ".join(EXPERIMENTS)))
    a.only = only or list(EXPERIMENTS)
    a.pieces = [s for s in a.pieces.split(",") if s]
    return a


def main(argv=None):
    args = parse_args(argv)
    os.makedirs(args.results, exist_ok=True)
    runner = Runner(args)

    def on_signal(signum, _frame):
        raise Interrupted(signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    try:
        runner.plan()
        if args.list:
            runner.summary()
            return 0
        runner.run()
    except Interrupted as e:
        # Ctrl-C reaches the child through the terminal's process group; a kill does not: pass it on.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        runner.stop_child(e.signum)
        for p in runner.pieces:
            if p.status == "pending":
                p.status, p.reason = "interrupted", "not run: %s; rerun to resume" % (
                    "Ctrl-C" if e.signum == signal.SIGINT else "killed"
                )
        runner.write_status()
        runner.summary()
        log("interrupted; rerun the same command to resume (finished pieces are kept)")
        return 128 + e.signum
    runner.write_status()
    failed = runner.summary()
    if not args.no_figures:
        bad = draw(args.results, [] if args.only == EXPERIMENTS else args.only)
        if bad:
            log("failed: " + ", ".join(bad))
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
