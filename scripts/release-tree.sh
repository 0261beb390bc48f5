#!/usr/bin/env bash
# The tree a release run's GPU machine commands build: the tagged commit,
# exported into the ignored folder .release/ with the run's finished results,
# so that the project can move on while a release run spans several sessions
# (a GPU machine command sends the whole checkout; .release travels with it
# when named in carry, and the command builds there, never from the checkout).
#
#   scripts/release-tree.sh TAG RESULTS   (RESULTS: the run's directory, results/release/<machine>)
#   RELEASE_TREE=DIR puts the export elsewhere (default .release).
#
# Then, per command (carry [".debs", ".release"]), on the GPU machine:
#   RESULTS=<the same> GS_SOURCE_COMMIT=<sha> BUDGET_S=560 OUT=$OUT bash scripts/release-command.sh
# and here, after it: scripts/release-collect.sh TAG <files_at> RESULTS; commit RESULTS.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=${1:?usage: scripts/release-tree.sh TAG RESULTS}
RESULTS=${2:?usage: scripts/release-tree.sh TAG RESULTS (results/release/<machine>)}
TREE=${RELEASE_TREE:-.release}
SHA=$(git rev-parse --verify "$TAG^{commit}")
rm -rf "$TREE" && mkdir -p "$TREE"
git archive "$SHA" | tar x -C "$TREE"
# The run's results come only from its own commands: a tag whose tree already holds result
# files there (an earlier run's, committed before the tag) would count them as finished.
if [ -n "$(find "$TREE/$RESULTS" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.json' \) 2> /dev/null | head -1)" ]; then
  echo "release-tree.sh: $TAG's tree already holds results in $RESULTS (an earlier run's);" \
    "tag a commit whose tree has none there, or name another RESULTS" >&2
  rm -rf "$TREE"
  exit 2
fi
mkdir -p "$TREE/$RESULTS"
if [ -d "$RESULTS" ]; then
  find "$RESULTS" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.json' \) -exec cp {} "$TREE/$RESULTS/" \;
fi
echo "release tree: $TAG = $SHA in $TREE, source hash $(bash scripts/source-hash.sh "$TREE")"
echo "finished pieces carried: $(find "$TREE/$RESULTS" -name '*.json' ! -name 'reproduce-status.json' | wc -l) result files"
echo "GS_SOURCE_COMMIT=$SHA"
