#!/usr/bin/env bash
# On the GPU machine: one command of a release run, built from the tag's export
# that scripts/release-tree.sh made here (carry [".debs", ".release"]).
#
#   RESULTS=results/release/<machine> GS_SOURCE_COMMIT=<sha of the tag> scripts/release-command.sh
#                                                       the resumable driver
#   GS_SOURCE_COMMIT=<sha of the tag> scripts/release-command.sh EXP:PIECE   one piece alone
#
# Without pieces it runs make reproduce's driver on RESULTS (the directory
# that release-tree.sh named, which the export carries) within BUDGET_S
# (default 560) and leaves $OUT/reproduce.tar.gz; with pieces it runs them
# (RANKS for mpi pieces) and leaves $OUT/results.tar.gz. Either goes into
# RESULTS here before the next command. RELEASE_TREE: the export (default .release).
set -u
cd "$(dirname "$0")/.." || exit 1
TREE=${RELEASE_TREE:-.release}
[ -n "${GS_SOURCE_COMMIT:-}" ] || { echo "release-command: set GS_SOURCE_COMMIT to the tag's commit" >&2; exit 2; }
[ -f "$TREE/scripts/gpu-machine.sh" ] || {
  echo "release-command: no release tree in $TREE: run scripts/release-tree.sh TAG here and carry $TREE" >&2
  exit 2
}
[ -d .debs ] && ln -sfn "$PWD/.debs" "$TREE/.debs"
cd "$TREE" || exit 1
export GS_SOURCE_COMMIT CTEST_REGEX=${CTEST_REGEX:-none} BUDGET_S=${BUDGET_S:-560}
if [ $# -eq 0 ]; then
  [ -n "${RESULTS:-}" ] || {
    echo "release-command: set RESULTS to the run's results directory (the one release-tree.sh named)" >&2
    exit 2
  }
  REPRODUCE_RESULTS=$RESULTS exec bash scripts/gpu-machine.sh
fi
exec env -u REPRODUCE_RESULTS bash scripts/gpu-machine.sh "$@"
