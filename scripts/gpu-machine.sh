#!/usr/bin/env bash
# One call on the GPU machine: build the whole suite, run every test (GPU ones
# included), then run experiment pieces within a time budget.
#
#   scripts/gpu-machine.sh [EXP:PIECE[:extra args] ...]
#   e.g. GS_SOURCE_COMMIT=$(git rev-parse HEAD) BUDGET_S=540 OUT=/tmp/out \
#        scripts/gpu-machine.sh "prim_gpu:paper:--trials 5" "kruskal_100m:threads:--trials 1"
#
# The device's copy of the tree has no .git: pass the commit in GS_SOURCE_COMMIT
# so that the results' metadata names it. Results of the pieces are packed into
# $OUT/results.tar.gz (the device returns at most 8 files); logs go to $OUT.
#
# To save device time while working on one experiment:
#   TARGETS="sollin_multicore test_boruvka_dense_gpu"  build only these targets
#   CTEST_REGEX=sollin                                  run only the tests matching it
#   CTEST_REGEX=none                                    run no tests
#
# A piece may start with environment settings for that piece alone, ended by
# '@': "OMP_WAIT_POLICY=active@hybrid_dfs:fig4:--tag active".
set -u
OUT=${OUT:-/tmp/gs-out}
BUDGET_S=${BUDGET_S:-540}
SCALE=${SCALE:-paper}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/gpu-machine.log") 2>&1
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }

stamp "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
clinfo -l 2>&1 | head -8

stamp "copy, configure, build (${TARGETS:-everything})"
SRC=/tmp/gs-src
rm -rf "$SRC" && mkdir -p "$SRC"
tar cf - --exclude=./build --exclude=./.git . | (cd "$SRC" && tar xf -)
cd "$SRC"
cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90 > "$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
# shellcheck disable=SC2086
cmake --build --preset default -j "$(nproc)" ${TARGETS:+--target $TARGETS} > "$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -30; exit 1; }

if [ "${CTEST_REGEX:-}" != none ]; then
  stamp "ctest ${CTEST_REGEX:+-R $CTEST_REGEX }(all labels, GPU tests included)"
  ctest --preset default -j 4 --timeout 300 ${CTEST_REGEX:+-R "$CTEST_REGEX"} > "$OUT/ctest.log" 2>&1
  echo "ctest rc=$?"
  grep -E "tests passed|tests failed|Skipped|Failed|\*\*\*" "$OUT/ctest.log" | tail -30
fi

export GS_GRAPH_CACHE=/tmp/gs-graph-cache
mkdir -p "$OUT/r"
k=0
for spec in "$@"; do
  k=$((k + 1))  # the log's prefix: a piece may run twice
  piece_env=""
  if [[ "$spec" == *@* ]]; then piece_env=${spec%%@*}; spec=${spec#*@}; fi
  IFS=: read -r exp piece extra <<< "$spec"
  left=$(( T0 + BUDGET_S - $(date +%s) ))
  if [ "$left" -lt 15 ]; then echo "piece $exp/$piece not run: out of time"; continue; fi
  stamp "${piece_env:+$piece_env }$exp --piece $piece $extra (limit ${left}s)"
  # shellcheck disable=SC2086
  env $piece_env timeout "$left" build/default/bin/"$exp" --scale "$SCALE" --piece "$piece" $extra --out "$OUT/r" > "$OUT/r/$k-$exp-$piece.log" 2>&1
  echo "$exp/$piece rc=$?"
  grep -E "median|skipping|refused|error|FAILED" "$OUT/r/$k-$exp-$piece.log" | tail -25
done
(cd "$OUT/r" && tar czf "$OUT/results.tar.gz" . ) && rm -rf "$OUT/r"
stamp "done"
