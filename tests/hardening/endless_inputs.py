#!/usr/bin/env python3
"""Input that never ends, through the five experiments:

  - /dev/zero behind each text format's name (.gr .mtx .el .wel .txt): exit 2
    at once, "FILE:1: a NUL byte ...";
  - /dev/zero behind a .gsc name: exit 2, "FILE:0: not a regular file";
  - an endless pipe of valid lines (a .gr header then "a 1 2 3" forever, SNAP
    "0<TAB>1" forever) under GS_HOST_MEMORY_LIMIT: exit 3 once the stream
    has delivered what admission allows, "FILE:LINE: the stream read so far ...".

Each run must refuse cleanly (harness.py: one error line, no signal, no
sanitizer report) within SECONDS, and leave nothing in --out.

    tests/hardening/endless_inputs.py --bin build/<preset>/bin [--jobs 2]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

TEXT_EXTENSIONS = [".gr", ".mtx", ".el", ".wel", ".txt"]
# A refusal takes well under a second; this much leaves room for a loaded CI machine and sanitizers.
SECONDS = 10
# What admission allows the endless pipes: small, so that the pipe delivers it in a moment.
MEMORY_LIMIT = 32 << 20
# (name, head, line repeated forever)
ENDLESS_PIPES = [("endless.gr", "p sp 4 4\n", "a 1 2 3"), ("endless.txt", "# Undirected graph\n", "0\t1")]


def endless_writer(fifo, head, line):
    """A process that writes head, then line forever, into fifo; it ends when the reader closes (SIGPIPE)."""
    script = 'exec >"$1"; printf "%s" "$2"; exec yes "$3"'
    return subprocess.Popen(["sh", "-c", script, "sh", fifo, head, line], stderr=subprocess.DEVNULL)


def check(bin_dir, program, path, expected_rc, must_contain, tmp, env_extra=None, writer=None):
    out_dir = os.path.join(tmp, "out-" + program + "-" + os.path.basename(path))
    cmd = [os.path.join(bin_dir, program), "--input", path, "--trials", "1", "--out", out_dir]
    start = time.monotonic()
    try:
        out = harness.run(cmd + harness.FAST_ARGS.get(program, []), timeout=4 * SECONDS, env_extra=env_extra)
    finally:
        if writer:
            writer.kill()
            writer.wait()
    seconds = time.monotonic() - start
    problems = harness.clean_failure_problems(out, program, expected_rc, must_contain)
    if seconds > SECONDS:
        problems.append(f"took {seconds:.1f} s, more than {SECONDS} s")
    left = os.listdir(out_dir) if os.path.isdir(out_dir) else []
    if left:
        problems.append("a refused run left files in --out: " + ", ".join(sorted(left)))
    return (f"{program} --input {os.path.basename(path)}", problems)


def endless_pipe(bin_dir, program, name, head, line, tmp):
    fifo = os.path.join(tmp, program + "-" + name)
    os.mkfifo(fifo)
    writer = endless_writer(fifo, head, line)
    # "FIFO:LINE: the stream read so far (...) needs X of host memory, but only 32.0 MiB is available"
    return check(bin_dir, program, fifo, harness.EXIT_NO_RESOURCES, [f"{fifo}:", ": the stream read so far ("], tmp,
                 env_extra={"GS_HOST_MEMORY_LIMIT": str(MEMORY_LIMIT)}, writer=writer)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="folder with the executables (build/<preset>/bin)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="gs-endless-") as tmp, ThreadPoolExecutor(args.jobs) as pool:
        jobs = []
        for ext in TEXT_EXTENSIONS + [".gsc"]:
            link = os.path.join(tmp, "zero" + ext)
            os.symlink("/dev/zero", link)
            expected = [f"{link}:0: not a regular file"] if ext == ".gsc" else [f"{link}:1: a NUL byte"]
            jobs += [pool.submit(check, args.bin, p, link, harness.EXIT_BAD_INPUT, expected, tmp)
                     for p in harness.EXPERIMENTS]
        jobs += [pool.submit(endless_pipe, args.bin, p, name, head, line, tmp)
                 for p in harness.EXPERIMENTS for name, head, line in ENDLESS_PIPES]
        results = [j.result() for j in jobs]
    failures = [(what, problems) for what, problems in results if problems]
    return harness.report("endless inputs", failures, len(results))


if __name__ == "__main__":
    sys.exit(main())
