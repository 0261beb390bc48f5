#!/usr/bin/env python3
"""A stand-in for mpirun (installed on PATH as ``mpirun`` by the tests): takes
Open MPI's ``--allow-run-as-root`` and ``-np P``, refuses anything else before
the program (a test that reproduce.py adds no other flag, such as
--oversubscribe), appends "mpirun -np P [flags] OMP_NUM_THREADS=T" to FAKE_LOG and runs the
program once with FAKE_RANKS=P (one process stands for the P ranks)."""

import os
import sys


def main(argv):
    args, flags = argv[1:], []
    while args and args[0].startswith("-"):
        if args[0] == "--allow-run-as-root":
            flags.append(args.pop(0))
        elif args[0] == "-np" and len(args) > 1:
            ranks = args[1]
            args = args[2:]
        else:
            print("fake mpirun: unexpected option %s" % args[0], file=sys.stderr)
            return 2
    if os.environ.get("FAKE_LOG"):
        with open(os.environ["FAKE_LOG"], "a") as f:
            f.write(
                "mpirun -np %s%s OMP_NUM_THREADS=%s\n"
                % (ranks, "".join(" " + x for x in flags), os.environ.get("OMP_NUM_THREADS", ""))
            )
    env = dict(os.environ, FAKE_RANKS=ranks)
    os.execve(args[0], args, env)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
