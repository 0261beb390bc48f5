#!/usr/bin/env bash
# Here, after one GPU machine command of a release run: puts the pieces it
# finished into RESULTS and exports the tag again with them (release-tree.sh),
# ready for the next command. Quick, so that the next command still finds the
# machine warm with its build.
#
#   scripts/release-collect.sh TAG FILES_AT RESULTS   (RESULTS: the run's directory, results/release/<machine>)
#
# FILES_AT: the folder the command's files came back in: reproduce.tar.gz from
# the driver, results.tar.gz from pieces run alone (their logs stay out). A
# piece cut off at the budget leaves a .partial file, removed here so that it
# runs again, and the files of a piece the driver's status calls failed are left
# out. A result file that names another commit than TAG's stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=${1:?usage: scripts/release-collect.sh TAG FILES_AT RESULTS}
FILES_AT=${2:?usage: scripts/release-collect.sh TAG FILES_AT RESULTS}
RESULTS=${3:?usage: scripts/release-collect.sh TAG FILES_AT RESULTS (results/release/<machine>)}
SHA=$(git rev-parse --verify "$TAG^{commit}")
found=0
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
for archive in reproduce.tar.gz results.tar.gz; do
  [ -f "$FILES_AT/$archive" ] || continue
  found=1
  tar xzf "$FILES_AT/$archive" --exclude '*.log' --exclude './logs' -C "$staging"
done
[ "$found" = 1 ] || { echo "release-collect: no reproduce.tar.gz or results.tar.gz in $FILES_AT" >&2; exit 2; }
find "$staging" -name '*.partial' -delete
# The driver's failed pieces: a program may write its rows and then fail (a crash
# at exit), and a driver older than the one that sets such files aside left them.
if [ -f "$staging/reproduce-status.json" ]; then
  while IFS= read -r stem; do
    for f in "$staging/$stem.csv" "$staging/$stem.json"; do
      [ -e "$f" ] && rm "$f" && echo "release-collect: $(basename "$f") left out: its piece failed"
    done
  done < <(python3 -c '
import sys
sys.path.insert(0, "scripts")
from reproduce import failed_stems
print("\n".join(failed_stems(sys.argv[1])))
' "$staging/reproduce-status.json")
fi
for json in "$staging"/*.json; do
  [ -e "$json" ] || continue
  [ "$(basename "$json")" = reproduce-status.json ] && continue
  if ! grep -q "\"source_commit\": *\"$SHA\"" "$json"; then
    echo "release-collect: $(basename "$json") does not name $TAG ($SHA) as its source_commit: not collected" >&2
    exit 1
  fi
done
mkdir -p "$RESULTS"
new=$(find "$staging" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.json' \) ! -name reproduce-status.json | wc -l)
find "$staging" -maxdepth 1 -type f \( -name '*.csv' -o -name '*.json' \) -exec cp {} "$RESULTS/" \;
echo "collected from $FILES_AT: $new result files into $RESULTS"
bash scripts/release-tree.sh "$TAG" "$RESULTS"
