#!/bin/bash
# Builds paper D's targets on the GPU machine and runs tests and pieces.
# The shared working tree may hold other engineers' unfinished CMake files, so
# the build uses a copy with only what hybrid_dfs needs.
#   experiments/hybrid_dfs/run_on_gpu_machine.sh OUT "--scale paper --roots 3" table1 fig4 ...
set -u
OUT=$1; ARGS=$2; shift 2
SRC=/tmp/hd-src
rm -rf $SRC && mkdir -p $SRC/algorithms $SRC/experiments $SRC/tests
cp -r CMakeLists.txt CMakePresets.json cmake common baselines generators $SRC/
cp algorithms/CMakeLists.txt $SRC/algorithms/ && cp -r algorithms/traversal $SRC/algorithms/
cp experiments/CMakeLists.txt $SRC/experiments/ && cp -r experiments/hybrid_dfs $SRC/experiments/
cp tests/CMakeLists.txt tests/gpu_test_main.cpp $SRC/tests/ && cp -r tests/hybrid_dfs $SRC/tests/
T0=$(date +%s)
BUDGET=${HD_BUDGET_S:-400}  # seconds for the whole script: each piece gets what is left
(cd $SRC && cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90 > /tmp/hd-build.log 2>&1 &&
  cmake --build build/default --target hybrid_dfs test_hybrid_dfs_cpu test_hybrid_dfs_gpu -j16 >> /tmp/hd-build.log 2>&1) ||
  { echo "BUILD FAILED"; tail -40 /tmp/hd-build.log; exit 1; }
echo "build: $(( $(date +%s) - T0 )) s"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
$SRC/build/default/tests/test_hybrid_dfs_cpu > $OUT/tests.log 2>&1; echo "cpu tests rc=$?"
$SRC/build/default/tests/test_hybrid_dfs_gpu >> $OUT/tests.log 2>&1; echo "gpu tests rc=$?"
grep -E "PASSED|FAILED|OK \]" $OUT/tests.log | tail -20
export GS_GRAPH_CACHE=/tmp/hd-graph-cache
for P in "$@"; do
  T1=$(date +%s)
  LEFT=$(( T0 + BUDGET - T1 ))
  [ $LEFT -lt 10 ] && { echo "piece $P not run: out of time"; continue; }
  timeout $LEFT $SRC/build/default/bin/hybrid_dfs $ARGS --piece $P --out $OUT >> $OUT/run.log 2>&1
  echo "piece $P rc=$? $(( $(date +%s) - T1 )) s"
done
grep -E "median|refused|error|FAIL|generated" $OUT/run.log | tail -60
