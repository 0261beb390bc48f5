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
# A piece runs with the environment the protocol sets for it (scripts/reproduce.py's
# piece_env; a variable already set here wins), or with settings for that piece
# alone, ended by '@': "OMP_WAIT_POLICY=passive@hybrid_dfs:fig4:--tag passive".
#
# REPRODUCE_RESULTS=results/release/h100 runs make reproduce's resumable
# driver instead (below: the release run, split over commands).
#
# A piece of kind mpi (--list-pieces; the distributed programs' scale-out)
# runs once per rank count of RANKS (default "1 2 4 8 16", never more than the
# cores) under mpirun, tagged <piece>-p<P>, as scripts/reproduce.py runs it.
#
# MPI and the Parallel BGL: the machine has neither, and no network. Carry
# the Debian packages that scripts/fetch-debs.sh downloads into .debs/
# (run's carry: [".debs"]); they are unpacked into GS_PREFIX (default
# /tmp/gs-prefix) and the whole suite is built against them.
set -u
OUT=${OUT:-/tmp/gs-out}
BUDGET_S=${BUDGET_S:-540}
SCALE=${SCALE:-paper}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/gpu-machine.log") 2>&1
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
# protocol_env EXP KIND: "VAR=value ..." that make reproduce would set for such a piece.
protocol_env() {
  python3 - "$1" "$2" << 'PY'
import os, sys
sys.path.insert(0, "scripts")
from reproduce import piece_env
print(" ".join("%s=%s" % kv for kv in sorted(piece_env(sys.argv[1], sys.argv[2]).items()) if kv[0] not in os.environ))
PY
}
# kept_unless_failed RC MARKER: a piece that failed may have written its rows before
# it failed (a crash at exit): its files from after MARKER become *.failed, which
# scripts/release-collect.sh never takes for a finished piece.
kept_unless_failed() {
  local rc=$1 marker=$2 f
  if [ "$rc" -ne 0 ]; then
    while IFS= read -r f; do
      mv "$f" "$f.failed" && echo "set aside $(basename "$f") as .failed (rc=$rc)"
    done < <(find "$OUT/r" -maxdepth 1 -newer "$marker" \( -name '*.csv' -o -name '*.json' \))
  fi
  rm -f "$marker"
}

stamp "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
clinfo -l 2>&1 | head -8

# MPI and the Parallel BGL from the carried packages: dpkg-deb -x unpacks
# without installing, so no maintainer script runs: the alternatives that
# name mpirun and mpicxx are made here as links, and Open MPI learns where it
# now lives from OPAL_PREFIX (its wrappers, components and help files).
# The whole suite, not only the distributed programs, then builds against
# the prefix's Boost (1.74, the version of the packaged Boost.MPI and PBGL)
# instead of the system's: one Boost version in every executable, so that
# no program mixes headers of one version with libraries of another and the
# results' boost_version is the one every program was built with.
CMAKE_PREFIX_ARGS=()
DEBS=$PWD/.debs
if compgen -G "$DEBS/*.deb" > /dev/null; then
  PREFIX=${GS_PREFIX:-/tmp/gs-prefix}
  debs=("$DEBS"/*.deb)  # a glob, not find: .debs may be a link (scripts/release-command.sh makes one)
  stamp "MPI, Parallel BGL, CombBLAS: unpacking ${#debs[@]} packages of .debs into $PREFIX"
  command -v dpkg-deb > /dev/null || { echo "dpkg-deb not found: cannot unpack .debs"; exit 1; }
  rm -rf "$PREFIX" && mkdir -p "$PREFIX"
  for deb in "${debs[@]}"; do dpkg-deb -x "$deb" "$PREFIX" || { echo "cannot unpack $deb"; exit 1; }; done
  U=$PREFIX/usr
  ARCH=$(gcc -print-multiarch 2> /dev/null || true)
  ARCH=${ARCH:-x86_64-linux-gnu}
  for tool in mpirun mpiexec mpicc mpicxx mpic++; do ln -sf "$tool.openmpi" "$U/bin/$tool"; done
  BOOST_DIR=$(find "$U/lib/$ARCH/cmake" -maxdepth 1 -type d -name 'Boost-*' | head -1)
  [ -n "$BOOST_DIR" ] || { echo "no Boost CMake package in the carried packages"; exit 1; }
  export OPAL_PREFIX=$U
  export PATH=$U/bin:$PATH
  export LD_LIBRARY_PATH=$U/lib/$ARCH:$U/lib/$ARCH/openmpi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export CMAKE_PREFIX_PATH=$U${CMAKE_PREFIX_PATH:+:$CMAKE_PREFIX_PATH}
  export MPI_HOME=$U Boost_ROOT=$U
  # Named outright as well: the system's Boost must not be picked up first.
  CMAKE_PREFIX_ARGS=(-DBoost_DIR="$BOOST_DIR" -DMPI_CXX_COMPILER="$U/bin/mpicxx" -DMPIEXEC_EXECUTABLE="$U/bin/mpirun")
  mpirun --version 2>&1 | head -1
fi

# NCCL (dobfs_mgpu, the multi-GPU traversal): the machine's Python wheel
# (nvidia-nccl-cu13) where GS_NCCL_ROOT is not set; cmake/FindNCCL.cmake also
# looks in the system's and the CUDA toolkit's folders. NVLink SHARP stays off
# for every program started from here (the machines forbid multicast objects).
if [ -z "${GS_NCCL_ROOT:-}" ]; then
  GS_NCCL_ROOT=$(python3 -c "import nvidia.nccl; print(list(nvidia.nccl.__path__)[0])" 2> /dev/null || true)
fi
[ -n "${GS_NCCL_ROOT:-}" ] && export GS_NCCL_ROOT && echo "NCCL from $GS_NCCL_ROOT"
export NCCL_NVLS_ENABLE=0 NVSHMEM_DISABLE_NVLS=1
nvidia-smi topo -m 2> /dev/null | head -6

SRC=/tmp/gs-src
# The source's fingerprint (scripts/source-hash.sh: compare it with the tagged
# commit's after a release run); a machine still warm from an earlier command
# with the same source keeps its build.
SOURCE_HASH=$(bash scripts/source-hash.sh)
echo "source hash: $SOURCE_HASH (GS_SOURCE_COMMIT ${GS_SOURCE_COMMIT:-unset})"
export GS_SOURCE_HASH=$SOURCE_HASH  # into every result's metadata (source_hash)
HASH=$SOURCE_HASH${TARGETS:+-$TARGETS}
if [ -f "$SRC/.gs-source-hash" ] && [ "$(cat "$SRC/.gs-source-hash")" = "$HASH" ] && [ -d "$SRC/build/default/bin" ]; then
  stamp "same source as the last build here: keeping it (results refreshed from the carried tree)"
  rm -rf "$SRC/results" && tar cf - results | (cd "$SRC" && tar xf -)
  cd "$SRC" || exit 1
else
  stamp "copy, configure, build (${TARGETS:-everything})"
  rm -rf "$SRC" && mkdir -p "$SRC"
  tar cf - --exclude=./build --exclude=./.git --exclude=./.debs . | (cd "$SRC" && tar xf -)
  cd "$SRC" || exit 1
  cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90 "${CMAKE_PREFIX_ARGS[@]}" > "$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
  grep -E "graphsuite: (MPI|CombBLAS|NCCL)" "$OUT/configure.log" | head -4
  grep -E "^(Boost_DIR|MPI_CXX_COMPILER|MPIEXEC_EXECUTABLE):" build/default/CMakeCache.txt
  # shellcheck disable=SC2086
  cmake --build --preset default -j "$(nproc)" ${TARGETS:+--target $TARGETS} > "$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -30; exit 1; }
  echo "$HASH" > "$SRC/.gs-source-hash"
fi

if [ "${CTEST_REGEX:-}" != none ]; then
  stamp "ctest ${CTEST_REGEX:+-R $CTEST_REGEX }(all labels, GPU tests included)"
  ctest --preset default -j 4 --timeout 300 --output-on-failure ${CTEST_REGEX:+-R "$CTEST_REGEX"} > "$OUT/ctest.log" 2>&1
  echo "ctest rc=$?"
  grep -E "tests passed|tests failed|Skipped|Failed|\*\*\*" "$OUT/ctest.log" | tail -30
fi

export GS_GRAPH_CACHE=/tmp/gs-graph-cache
mkdir -p "$OUT/r"
# mpi pieces: Open MPI refuses root unless told; one core per rank. Its
# shared-memory transport copies between ranks with process_vm_readv by
# default, which sandboxed containers often forbid: plain copies instead,
# unless set otherwise.
MPIRUN=(mpirun)
[ "$(id -u)" = 0 ] && MPIRUN+=(--allow-run-as-root)
export OMPI_MCA_btl_vader_single_copy_mechanism=${OMPI_MCA_btl_vader_single_copy_mechanism:-none}

# A resumable run of every piece (the release run): make reproduce's driver on
# REPRODUCE_RESULTS, a directory of the carried tree that holds the pieces
# finished by earlier commands, within what is left of BUDGET_S. Its pieces
# come back as $OUT/reproduce.tar.gz: unpack it over the same directory before
# the next command. The driver is stopped (SIGTERM: the running piece is set
# aside, the finished ones stay) before the command's limit can cut the packing.
if [ -n "${REPRODUCE_RESULTS:-}" ]; then
  left=$(( T0 + BUDGET_S - $(date +%s) - 20 ))
  mkdir -p "$REPRODUCE_RESULTS"
  stamp "reproduce --scale $SCALE --results $REPRODUCE_RESULTS --budget $left ${REPRODUCE_ARGS:-}"
  # shellcheck disable=SC2086
  timeout --signal=TERM --kill-after=15 "$left" python3 scripts/reproduce.py --build build/default --scale "$SCALE" \
    --results "$REPRODUCE_RESULTS" --budget "$left" --no-figures ${REPRODUCE_ARGS:-} > "$OUT/reproduce.log" 2>&1
  echo "reproduce rc=$?"
  grep -E "plan:|\] |ran |failed|deferred|skipped" "$OUT/reproduce.log" | tail -40
  tar czf "$OUT/reproduce.tar.gz" -C "$REPRODUCE_RESULTS" --exclude=./logs . && tar czf "$OUT/reproduce-logs.tar.gz" -C "$REPRODUCE_RESULTS" logs
fi
k=0
for spec in "$@"; do
  k=$((k + 1))  # the log's prefix: a piece may run twice
  piece_env=""
  if [[ "$spec" == *@* ]]; then piece_env=${spec%%@*}; spec=${spec#*@}; fi
  IFS=: read -r exp piece extra <<< "$spec"
  left=$(( T0 + BUDGET_S - $(date +%s) ))
  if [ "$left" -lt 15 ]; then echo "piece $exp/$piece not run: out of time"; continue; fi
  kind=$(build/default/bin/"$exp" --scale "$SCALE" --list-pieces 2> /dev/null | awk -F'\t' -v p="$piece" '$1 == p { print $3 }')
  [ -n "$piece_env" ] || piece_env=$(protocol_env "$exp" "$kind")
  if [ "$kind" != mpi ]; then
    stamp "${piece_env:+$piece_env }$exp --piece $piece $extra (limit ${left}s)"
    touch "$OUT/r/.started"
    # shellcheck disable=SC2086
    env $piece_env timeout "$left" build/default/bin/"$exp" --scale "$SCALE" --piece "$piece" $extra --out "$OUT/r" > "$OUT/r/$k-$exp-$piece.log" 2>&1
    rc=$?
    echo "$exp/$piece rc=$rc"
    kept_unless_failed "$rc" "$OUT/r/.started"
    grep -E "median|skipping|refused|error|FAILED" "$OUT/r/$k-$exp-$piece.log" | tail -25
    continue
  fi
  command -v mpirun > /dev/null || { echo "piece $exp/$piece not run: no mpirun (carry .debs)"; continue; }
  for ranks in ${RANKS:-1 2 4 8 16}; do
    left=$(( T0 + BUDGET_S - $(date +%s) ))
    if [ "$ranks" -gt "$(nproc)" ]; then echo "$exp/$piece-p$ranks not run: $ranks ranks > $(nproc) cores"; continue; fi
    if [ "$left" -lt 15 ]; then echo "piece $exp/$piece-p$ranks not run: out of time"; continue; fi
    stamp "${piece_env:+$piece_env }mpirun -np $ranks $exp --piece $piece --tag $piece-p$ranks $extra (limit ${left}s)"
    touch "$OUT/r/.started"
    # shellcheck disable=SC2086
    env OMP_NUM_THREADS=1 $piece_env timeout "$left" "${MPIRUN[@]}" -np "$ranks" build/default/bin/"$exp" --scale "$SCALE" \
      --piece "$piece" --tag "$piece-p$ranks" $extra --out "$OUT/r" > "$OUT/r/$k-$exp-$piece-p$ranks.log" 2>&1
    rc=$?
    echo "$exp/$piece-p$ranks rc=$rc"
    kept_unless_failed "$rc" "$OUT/r/.started"
    grep -E "median|skipping|nothing to run|refused|error|FAILED" "$OUT/r/$k-$exp-$piece-p$ranks.log" | tail -25
  done
done
(cd "$OUT/r" && tar czf "$OUT/results.tar.gz" . ) && rm -rf "$OUT/r"
stamp "done"
