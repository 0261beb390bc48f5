#!/bin/bash
# What paper B's device calls ran, from the repository root on the GPU machine:
#   experiments/sollin_multicore/run_on_gpu_machine.sh OUTDIR [PIECE ...]
# Builds only paper B's targets in a pruned copy of the tree (other parts of
# the suite may be mid-edit in the working tree), runs the tests, then the
# quick scale and the given paper-scale pieces (default: all). Logs and a
# tarball of every CSV/JSON go to OUTDIR.
set -u -o pipefail
out=${1:?usage: run_on_gpu_machine.sh OUTDIR [PIECE ...]}
shift
pieces=("$@")
[ ${#pieces[@]} -eq 0 ] && pieces=(gpu fig2-threads fig1 ext20000)
root=$(pwd)
# The pruned copy has no .git: name the commit for the metadata JSON (the caller
# may set GS_SOURCE_COMMIT where the tree arrives without .git either).
export GS_SOURCE_COMMIT=${GS_SOURCE_COMMIT:-$(git -C "$root" rev-parse HEAD 2>/dev/null)}
src=/tmp/paperB-src
res=/tmp/paperB-results
rm -rf "$src" "$res" && mkdir -p "$src" "$res"
tar --exclude=./build --exclude=./.git -cf - . | tar -C "$src" -xf -
cd "$src"
for d in algorithms/*/ algorithms/mst/*/ experiments/*/ tests/*/; do
  case "$d" in
    algorithms/mst/ | algorithms/mst/sollin/ | algorithms/mst/boruvka_dense_gpu/ | experiments/sollin_multicore/ | tests/sollin_multicore/) ;;
    *) rm -rf "$d" ;;
  esac
done
{ cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90 &&
  cmake --build build/default --target sollin_multicore test_sollin_multicore test_boruvka_dense_gpu -j16; } >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; exit 1; }
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv >"$out/tests.log" 2>&1
lscpu | grep -E "Model name|^CPU\(s\)|L3" >>"$out/tests.log"
build/default/tests/test_sollin_multicore >>"$out/tests.log" 2>&1; echo "test_sollin_multicore rc=$?" | tee -a "$out/tests.log"
build/default/tests/test_boruvka_dense_gpu >>"$out/tests.log" 2>&1; echo "test_boruvka_dense_gpu rc=$?" | tee -a "$out/tests.log"
exp=build/default/bin/sollin_multicore
common=(--bandwidth-mib 1024 --trials 5)
timeout 60 $exp --scale quick --out "$res/quick" "${common[@]}" >>"$out/run.tsv" 2>>"$out/run.log"
echo "quick rc=$? at ${SECONDS}s" | tee -a "$out/run.log"
# The device call is limited to 420 s: a piece starts only while there is time
# left, and the tarball is refreshed after each piece so that a cut-off run
# still brings back the finished pieces.
budget=${PAPERB_BUDGET_S:-400}
for p in "${pieces[@]}"; do
  left=$((budget - SECONDS - 10))
  if [ $left -lt 30 ]; then echo "piece $p not started: ${left}s left" | tee -a "$out/run.log"; continue; fi
  timeout $left $exp --scale paper --piece "$p" --out "$res/paper" --baseline-trials 1 "${common[@]}" >>"$out/run.tsv" 2>>"$out/run.log"
  echo "piece $p rc=$? at ${SECONDS}s" | tee -a "$out/run.log"
  tar -C "$res" -cf "$out/results.tar" .
done
tar -C "$res" -cf "$out/results.tar" .
cut -f2- "$out/run.tsv" | tail -70
