#!/usr/bin/env bash
# GPU memory checking: every CUDA program of the suite at small sizes
# under compute-sanitizer's memcheck, racecheck, synccheck and initcheck.
#
#   scripts/gpu-sanitize.sh            (make gpu-sanitize)
#
# What runs, for each tool:
#   * every ctest test labelled `gpu` (the GPU unit tests, their own small sizes);
#   * every experiment's CUDA programs (`--list-algorithms` lines tagged [gpu];
#     CPU and OpenCL programs are left out) on tiny --input graphs written by gen:
#     G(256, 2048) for prim_gpu, kruskal_100m, dijkstra_deg5; complete K48 for
#     sollin_multicore; RMAT 2^10 x 8192 for hybrid_dfs; with memcheck also the
#     one-vertex and disconnected edge cases.
# Exit 0: every run clean, or no GPU here (a printed skip). Exit 1: any finding,
# failure or timeout (the summary table says which; logs in $OUT/logs).
#
# Environment: BUILD (default build/default; configured with the default preset
#   when absent), TOOLS (default "memcheck racecheck synccheck initcheck"),
#   RUN_TIMEOUT seconds per run (default 300), GPU_TESTS=0 to skip the ctest
#   tests, OUT (default $BUILD/gpu-sanitize), CUDA_ARCHITECTURES (e.g. 90) for
#   a fresh configure, JOBS, SAN_JOBS sanitizer runs at once (default 4);
#   SAN_TESTS a ctest -R regex choosing among the GPU tests (default all),
#   SAN_EXPERIMENTS the experiments whose programs run (default
#   experiments/list.txt), SAN_BUDGET seconds for all the sanitizer runs
#   together (default 0: no limit; a run that cannot start within it is listed
#   as NO_TIME and counts as not clean).
#
# Each run gets GS_SANITIZER=<tool> in its environment: a test whose cases are
# too slow under the tools at their usual size shrinks them (saying so in its
# source). Test cases a tool does not run are listed in the summary as N/A,
# each with its reason (EXCLUSIONS below).
#
# Each GPU test binary runs once per test case (RUN_TIMEOUT applies to each),
# and up to SAN_JOBS runs share the GPU at a time: racecheck slows the
# exhaustive test cases down many times over, and one binary in one process would
# take longer than the time a GPU machine call has.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-build/default}
TOOLS=${TOOLS:-memcheck racecheck synccheck initcheck}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}
GPU_TESTS=${GPU_TESTS:-1}
OUT=${OUT:-$BUILD/gpu-sanitize}
JOBS=${JOBS:-$(nproc)}
SAN_JOBS=${SAN_JOBS:-4}
SAN_BUDGET=${SAN_BUDGET:-0}

skip() { echo "gpu-sanitize: SKIPPED: $1"; exit 0; }
command -v nvidia-smi >/dev/null 2>&1 || skip "no nvidia-smi: this machine has no NVIDIA GPU driver"
nvidia-smi -L 2>/dev/null | grep -q '^GPU ' || skip "nvidia-smi lists no GPU"

SANITIZER=$(command -v compute-sanitizer || true)
for c in "${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer" "${CUDA_HOME:-/usr/local/cuda}/compute-sanitizer/compute-sanitizer"; do
  [ -z "$SANITIZER" ] && [ -x "$c" ] && SANITIZER=$c
done
if [ -z "$SANITIZER" ]; then
  echo "gpu-sanitize: a GPU is here but compute-sanitizer is not (it ships with the CUDA toolkit; set CUDA_HOME)" >&2
  exit 1
fi
echo "gpu-sanitize: $("$SANITIZER" --version | tail -1) on $(nvidia-smi -L | head -1)"

# Build the experiments, gen and the GPU tests.
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGS_CUDA=ON \
    ${CUDA_ARCHITECTURES:+-DCMAKE_CUDA_ARCHITECTURES=$CUDA_ARCHITECTURES} >/dev/null || exit 1
fi
# The Python hardening checks labelled gpu (gpu_memory.py) run processes of their own: not here.
mapfile -t GPU_TEST_NAMES < <(ctest --test-dir "$BUILD" -L gpu -LE hardening -N ${SAN_TESTS:+-R "$SAN_TESTS"} 2>/dev/null |
  sed -n 's/^ *Test *#[0-9]*: *//p')
EXPERIMENTS=()
for e in ${SAN_EXPERIMENTS-$(cat experiments/list.txt)}; do
  [ -d "experiments/$e" ] && EXPERIMENTS+=("$e")
done
: >"$BUILD/gpu-sanitize-build.log"
build() { cmake --build "$BUILD" --target "$1" -j "$JOBS" >>"$BUILD/gpu-sanitize-build.log" 2>&1; }
echo "gpu-sanitize: building gen ${EXPERIMENTS[*]} and ${#GPU_TEST_NAMES[@]} GPU tests (log: $BUILD/gpu-sanitize-build.log)"
build gen || { tail -30 "$BUILD/gpu-sanitize-build.log"; echo "gpu-sanitize: gen does not build" >&2; exit 1; }
# A program that does not build is reported in the summary; the others still run.
BUILD_FAILED=()
keep_built() {  # keep_built ARRAY_NAME: drops (and records) the targets that fail to build
  local -n names=$1
  local kept=() t
  for t in "${names[@]}"; do if build "$t"; then kept+=("$t"); else BUILD_FAILED+=("$t"); fi; done
  names=("${kept[@]}")
}
keep_built EXPERIMENTS
if [ "$GPU_TESTS" = 1 ]; then keep_built GPU_TEST_NAMES; else GPU_TEST_NAMES=(); fi
BIN=$BUILD/bin

rm -rf "$OUT"
mkdir -p "$OUT/logs" "$OUT/inputs" "$OUT/results"
gen() { "$BIN/gen" "$@" >/dev/null 2>&1 || { echo "gpu-sanitize: gen $* failed" >&2; exit 1; }; }
gen gtgraph-random --n 256 --m 2048 --out "$OUT/inputs/small.gr"
gen complete --n 48 --out "$OUT/inputs/complete48.gr"
gen rmat --scale 10 --m 8192 --out "$OUT/inputs/rmat10.el"
EDGE=tests/data/hardening/edge

input_for() {
  case $1 in
    sollin_multicore) echo "$OUT/inputs/complete48.gr" ;;
    hybrid_dfs) echo "$OUT/inputs/rmat10.el" ;;
    *) echo "$OUT/inputs/small.gr" ;;
  esac
}
extra_args() { [ "$1" = sollin_multicore ] && echo "--bandwidth-mib 1 --baseline-trials 0"; }
# (A program the experiment cannot run on this machine, e.g. dobfs_mgpu with
# one GPU, is listed "[not here: why]": left out, and recorded with the why.)
gpu_algorithms() {
  "$BIN/$1" --list-algorithms 2>/dev/null | awk -F'\t' '$2 ~ /^\[(cpu\+)?gpu\]/ && $2 !~ /\[not here: / {print $1}' |
    paste -sd, -
}
not_here() { "$BIN/$1" --list-algorithms 2>/dev/null | sed -n 's/^\([^\t]*\)\t.*\[not here: \([^]]*\)\].*/\1\t\2/p'; }
# racecheck, synccheck and initcheck do not support CUDA dynamic parallelism
# ("Warning: CUDA Dynamic Parallelism is not supported by the selected tool",
# counted as an error): kruskal_cdp is checked by memcheck only, and says so.
CDP_PROGRAMS=kruskal_cdp
without_cdp() { echo "$1" | tr ',' '\n' | grep -vxF "$CDP_PROGRAMS" | paste -sd, -; }

# Runs that go through NCCL (the multi-GPU traversal): NCCL's own kernels are
# left out of the check (kns: a substring of the mangled name; they are not the
# suite's code), and so are the CUDA API errors NCCL provokes while it probes
# the machine. The suite's own API calls still stop the run when they fail
# (CUDA_CHECK), so such a run is still judged by its exit status.
NCCL_RUNS='test_mgpu_traversal*|test_traversal_gpu_programs/*Mgpu*|hybrid_dfs-*'
nccl_args() {  # nccl_args NAME: the extra sanitizer options of run NAME
  # shellcheck disable=SC2053
  [[ $1 == @($NCCL_RUNS) ]] && echo "--kernel-name-exclude kns=nccl --report-api-errors no"
}

# The GPU test cases a tool leaves out: "TOOLS<tab>GTEST PATTERNS<tab>WHY", where
# TOOLS is "all", "slow" (every tool but memcheck) or one tool's name. The exhaustive cases are
# memcheck's only: under racecheck, synccheck and initcheck each takes several
# minutes, and their kernels are the ones the lighter cases and the
# experiments' runs below put through every tool.
EXCLUSIONS=(
  # The multi-GPU traversal's kernels are the same at every GPU count; racecheck
  # (shared-memory hazards within a block) checks them at 1, 2 and 3 GPUs; the
  # equal-vertex-count case runs at the most GPUs present.
  $'racecheck\t*MultiGpuLevels.MatchBglLevels/gpus4:*MultiGpuLevels.MatchBglLevels/gpus5:*MultiGpuLevels.MatchBglLevels/gpus6:*MultiGpuLevels.MatchBglLevels/gpus7:*MultiGpuLevels.MatchBglLevels/gpus8:*EqualVertexCountRangesMatchBglLevels\tat 4 GPUs the process died under racecheck (SIGSEGV, cause not found; it passes natively and under the other tools: experiments/hybrid_dfs/NOTES.md); the same kernels are checked at 2 and 3 GPUs'
  $'all\t*OutOfMemory*\tprovokes a CUDA API error on purpose (an impossible cudaMalloc), which the tool reports'
  $'slow\tCdpQuicksort.*:KruskalGpu.AllProgramsAgreeWithVerifier\tlaunches CDP kernels; the tool does not support CUDA dynamic parallelism'
  $'slow\tHybridDfsGpu.EveryProgramMatchesBglLevels:HybridDfsGpu.EveryBottomUpShapeMatchesBglLevels\texhaustive (minutes under the tool); the lighter cases take the same kernels'
  # NearFar keeps three of its twelve (delta factor, local steps) instances for
  # every tool: /4 (factor 1, 8 steps: the fixed-degree path), /5 (factor 1,
  # the default steps) and /11 (factor 1e6: one band).
  $'slow\t*NearFar.*/0:*NearFar.*/1:*NearFar.*/2:*NearFar.*/3:*NearFar.*/6:*NearFar.*/7:*NearFar.*/8:*NearFar.*/9:*NearFar.*/10\tminutes under the tool; /4, /5 and /11 take the same paths'
  $'slow\tNearFarGpu.ManySourcesInOneCallAndAcrossCalls:NearFarGpu.QueueCapacityLimitsFallBackToScans\tthe persistent kernel runs for minutes under the tool; the NearFar instances take the same kernel'
  # AsyncBuckets keeps three of its twelve (width factor, lookahead, local
  # steps) instances for every tool: /3 (factor 0.01, the whole window,
  # chaining: many buckets and far-pile flips), /7 (the defaults) and /10 (one
  # bucket, no chain).
  $'slow\t*AsyncBuckets.*/0:*AsyncBuckets.*/1:*AsyncBuckets.*/2:*AsyncBuckets.*/4:*AsyncBuckets.*/5:*AsyncBuckets.*/6:*AsyncBuckets.*/8:*AsyncBuckets.*/9:*AsyncBuckets.*/11\tminutes under the tool; /3, /7 and /10 span the widths, lookaheads and chaining'
  $'slow\tAsyncBucketsGpu.OneArcAtATime\tthe instances above with one arc per round trip instead of four: the same shared-memory and barrier code'
  # The paper's Prim programs take a kernel launch (or a block barrier) per
  # vertex: their cases on graphs of thousands of vertices run for many minutes
  # under the slow tools. The small cases (TinyGraphs, EqualWeights, MultiEdges,
  # DisconnectedGraphsGiveForests, ResidentKeysInGlobalMemoryOnSmallGraphs) and
  # the experiment's runs put the same kernels and both key paths through them.
  $'slow\tPrimGpuPrograms.RandomGraphsOfThePapersKind:PrimGpuPrograms.RandomGraphsWithSelfLoopsAndWideWeights:PrimGpuPrograms.LargerDisconnectedGraphsGiveForests:PrimGpuPrograms.ResidentKeysInGlobalMemory\ta kernel per vertex on thousands of vertices (many minutes under the tool); the small cases take the same kernels'
)
# The exclusions that apply to TOOL, one "PATTERNS<tab>WHY" per line.
exclusions_for() {
  local e
  for e in "${EXCLUSIONS[@]}"; do
    case ${e%%$'\t'*} in
      all) ;;
      slow) [ "$1" = memcheck ] && continue ;;
      *) [ "$1" = "${e%%$'\t'*}" ] || continue ;;
    esac
    echo "${e#*$'\t'}"
  done
}
test_filter() {  # test_filter TOOL: the negative gtest filter of its exclusions
  echo "-$(exclusions_for "$1" | cut -f1 | paste -sd: -)"
}
excluded_why() {  # excluded_why TOOL CASE: the reason CASE is left out ("" if it is not)
  local patterns why p
  while IFS=$'\t' read -r patterns why; do
    IFS=: read -ra ps <<<"$patterns"
    for p in "${ps[@]}"; do
      # shellcheck disable=SC2053
      [[ $2 == $p ]] && { echo "$why"; return; }
    done
  done < <(exclusions_for "$1")
}

# A row of the summary: TOOL NAME STATUS DETAIL SECONDS.
record() {
  printf '%s\t%s\t%s\t%s\t%ss\n' "$@" >>"$OUT/runs.tsv"
  printf '  %-10s %-40s %-8s %s (%ss)\n' "$@"
}

# One sanitizer run: NAME TOOL CMD...; records "TOOL NAME STATUS DETAIL" in $OUT/runs.tsv.
# With SAN_BUDGET, a run gets at most the time left of it, and none once it is spent.
sanitize() {
  local name=$1 tool=$2; shift 2
  local log="$OUT/logs/$tool-${name//\//_}.log" extra=() limit=$RUN_TIMEOUT
  if [ "$SAN_BUDGET" -gt 0 ]; then
    local left=$((BUDGET_END - SECONDS))
    if [ "$left" -le 0 ]; then record "$tool" "$name" NO_TIME "SAN_BUDGET=${SAN_BUDGET} s spent before it started" 0; return; fi
    [ "$left" -lt "$limit" ] && limit=$left
  fi
  case $tool in
    memcheck) extra=(--leak-check full) ;;
    racecheck) extra=(--racecheck-report hazard) ;;
  esac
  # shellcheck disable=SC2207
  extra+=($(nccl_args "$name"))
  local t0=$SECONDS
  GS_SANITIZER=$tool timeout -k 10 "$limit" "$SANITIZER" --tool "$tool" --error-exitcode 99 --print-limit 50 \
    "${extra[@]}" "$@" >"$log" 2>&1
  local rc=$? status detail
  local errors
  errors=$(grep -o 'ERROR SUMMARY: [0-9]* error' "$log" | tail -1 | grep -o '[0-9]*' || true)
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    status=TIMEOUT detail="over ${limit} s"
    [ "$limit" -lt "$RUN_TIMEOUT" ] && detail+=" (what was left of SAN_BUDGET)"
  elif [ $rc -eq 99 ] || [ "${errors:-0}" -gt 0 ]; then status=FINDING detail="${errors:-?} errors"
  elif [ $rc -eq 77 ]; then status=SKIPPED detail="test skipped itself (no device?)"
  elif [ $rc -ne 0 ]; then status=FAILED detail="exit $rc: $(grep -v '^=========' "$log" | tail -1 | cut -c1-80)"
  else status=clean detail="0 errors"
  fi
  record "$tool" "$name" "$status" "$detail" "$((SECONDS - t0))"
}

# sanitize in the background, at most SAN_JOBS at a time.
sanitize_bg() {
  while [ "$(jobs -rp | wc -l)" -ge "$SAN_JOBS" ]; do wait -n; done
  sanitize "$@" &
}

# The test cases of a gtest binary that FILTER selects, one "Suite.Case" per line.
test_cases() {  # test_cases BINARY FILTER
  "$1" --gtest_list_tests --gtest_filter="$2" 2>/dev/null | awk '
    /^[^ ]/ { suite = $1; next }
    /^  /   { print suite $1 }'
}

: >"$OUT/runs.tsv"
BUDGET_END=$((SECONDS + SAN_BUDGET))
for t in "${BUILD_FAILED[@]}"; do
  printf 'build\t%s\tFAILED\tdoes not compile (see %s)\t0s\n' "$t" "$BUILD/gpu-sanitize-build.log" | tee -a "$OUT/runs.tsv"
done
for tool in $TOOLS; do
  echo "== $tool"
  for t in "${GPU_TEST_NAMES[@]}"; do
    mapfile -t cases < <(test_cases "$BUILD/tests/$t" '*')
    [ "${#cases[@]}" -gt 0 ] || { sanitize_bg "$t" "$tool" "$BUILD/tests/$t" --gtest_filter="$(test_filter "$tool")"; continue; }
    for c in "${cases[@]}"; do
      why=$(excluded_why "$tool" "$c")
      if [ -n "$why" ]; then record "$tool" "$t/$c" N/A "left out: $why" 0; else sanitize_bg "$t/$c" "$tool" "$BUILD/tests/$t" --gtest_filter="$c"; fi
    done
  done
  for e in "${EXPERIMENTS[@]}"; do
    algs=$(gpu_algorithms "$e")
    while IFS=$'\t' read -r prog why; do
      [ -n "$prog" ] && record "$tool" "$e-$prog" N/A "not run on this machine: $why" 0
    done < <(not_here "$e")
    [ -n "$algs" ] || { echo "  $e: no [gpu] programs listed"; continue; }
    if [ "$tool" != memcheck ] && [ "$algs" != "$(without_cdp "$algs")" ]; then
      algs=$(without_cdp "$algs")
      record "$tool" "$e-$CDP_PROGRAMS" N/A "CDP not supported by $tool (memcheck covers it)" 0
    fi
    inputs=("$(input_for "$e")")
    # The edge cases are MST/SSSP inputs; memcheck only (the cheap tool).
    if [ "$tool" = memcheck ] && [ "$e" != sollin_multicore ] && [ "$e" != hybrid_dfs ]; then
      inputs+=("$EDGE/single-vertex.gr" "$EDGE/disconnected.gr")
    fi
    for input in "${inputs[@]}"; do
      # shellcheck disable=SC2046
      sanitize_bg "$e-$(basename "$input")" "$tool" "$BIN/$e" --input "$input" --algorithms "$algs" --trials 1 \
        --out "$OUT/results/$tool/$e-$(basename "$input")" $(extra_args "$e")
    done
  done
done
wait

echo
echo "gpu-sanitize summary ($OUT/summary.txt; logs in $OUT/logs)"
{
  printf '%-10s %-44s %-8s %s\n' tool run status detail
  awk -F'\t' '{printf "%-10s %-44s %-8s %s (%s)\n", $1, $2, $3, $4, $5}' "$OUT/runs.tsv"
} | tee "$OUT/summary.txt"
bad=$(awk -F'\t' '$3 != "clean" && $3 != "SKIPPED" && $3 != "N/A"' "$OUT/runs.tsv" | wc -l)
left_out=$(awk -F'\t' '$3 == "N/A"' "$OUT/runs.tsv" | wc -l)
total=$(wc -l <"$OUT/runs.tsv")
if [ "$bad" -gt 0 ]; then
  echo "gpu-sanitize: $bad of $total runs not clean ($left_out left out, each with its reason above)"
  exit 1
fi
echo "gpu-sanitize: all $((total - left_out)) runs clean ($left_out left out, each with its reason above)"
