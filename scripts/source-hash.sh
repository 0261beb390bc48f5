#!/usr/bin/env bash
# The fingerprint of a source tree: SHA-1 over its files' contents and paths,
# leaving out what is not source (build outputs, results, carried packages,
# local device scripts, git's own files). The same commit gives the same hash
# in a checkout, in `git archive` output and in the GPU machine's copy (which
# has no .git), so a release run can show that it ran the tagged commit:
#
#   scripts/source-hash.sh [DIR]              (default: the current directory)
#   git archive TAG | (mkdir -p /tmp/t && tar x -C /tmp/t) && scripts/source-hash.sh /tmp/t
set -euo pipefail
cd "${1:-.}"
find . -type f ! -path './build/*' ! -path './.git/*' ! -path './.debs/*' ! -path './.device/*' ! -path './.gl/*' ! -path './.whl/*' \
  ! -path './results/*' ! -name '*.pyc' ! -path '*/__pycache__/*' -print0 |
  LC_ALL=C sort -z | xargs -0 sha1sum | sha1sum | cut -c1-40
