#!/bin/sh
# Runs a program under the MPI launcher and checks that every rank, not only
# the one the launcher reports, ended with the expected exit code, and
# (optionally) that the output matches a pattern.
# Usage: mpi_run.sh EXPECT NP PATTERN LAUNCHER NP_FLAG "PREFLAGS" PROGRAM [ARGS...]
#   PATTERN: extended regex that stdout+stderr must match ("" for none)
set -u
expect=$1 np=$2 pattern=$3 launcher=$4 np_flag=$5 preflags=$6
shift 6
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
# shellcheck disable=SC2086 # PREFLAGS is a list of flags
GS_RANK_STATUS_DIR=$dir $launcher $preflags $np_flag "$np" "$@" >"$dir/out" 2>&1
rc=$?
cat "$dir/out"
fail() { echo "mpi_run.sh: FAILED: $*" >&2; exit 1; }
[ "$rc" -eq "$expect" ] || fail "the launcher exited $rc, expected $expect"
r=0
while [ "$r" -lt "$np" ]; do
  [ -f "$dir/rank-$r" ] || fail "rank $r wrote no exit status (did it end?)"
  code=$(cat "$dir/rank-$r")
  [ "$code" -eq "$expect" ] || fail "rank $r exited $code, expected $expect"
  r=$((r + 1))
done
if [ -n "$pattern" ]; then
  grep -Eq "$pattern" "$dir/out" || fail "the output does not match /$pattern/"
fi
echo "mpi_run.sh: all $np ranks exited $expect"
