#!/bin/bash
# Builds and runs experiment dijkstra_deg5 on the GPU machine (the `run` tool),
# writing logs and results under $OUT. Usage (from the repository root):
#   experiments/dijkstra_deg5/run_on_gpu_machine.sh check      # build, tests, OpenCL check, quick run, tuning probe
#   experiments/dijkstra_deg5/run_on_gpu_machine.sh reference  # the paper-scale pieces
# Only paper E's targets are built, from a copy of the tree without the other
# experiments' folders, so that their work in progress cannot break this build.
set -u
MODE=${1:-check}
OUT=${OUT:-/tmp/out}
mkdir -p "$OUT"
LOG="$OUT/log.txt"
exec > >(tee -a "$LOG") 2>&1
T0=$(date +%s)
stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }

stamp "OpenCL platforms"
clinfo -l
ls -l /etc/OpenCL/vendors/ 2>&1; cat /etc/OpenCL/vendors/*.icd 2>&1
NV=$(ls /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 /usr/local/nvidia/lib/libnvidia-opencl.so.1 2>/dev/null | head -1)
[ -z "$NV" ] && NV=$(find / -xdev -name 'libnvidia-opencl.so.1' 2>/dev/null | head -1)
echo "libnvidia-opencl.so.1: ${NV:-not found}"
if [ -n "$NV" ] && ! clinfo -l 2>/dev/null | grep -qi nvidia; then
  mkdir -p /tmp/icd
  cp /etc/OpenCL/vendors/*.icd /tmp/icd/ 2>/dev/null
  echo "$NV" > /tmp/icd/nvidia.icd
  export OCL_ICD_VENDORS=/tmp/icd
  echo "registered NVIDIA ICD via OCL_ICD_VENDORS=/tmp/icd"
  clinfo -l
fi

stamp "copy and configure"
SRC=/tmp/gs-src
rm -rf $SRC && mkdir -p $SRC && tar cf - --exclude=./build --exclude=./.git . | (cd $SRC && tar xf -)
cd $SRC
for d in algorithms/*/; do [ "$d" = "algorithms/sssp/" ] || rm -rf "$d"; done
for d in experiments/*/; do [ "$d" = "experiments/dijkstra_deg5/" ] || rm -rf "$d"; done
for d in tests/*/; do case "$d" in tests/common/|tests/dijkstra_deg5/) ;; *) rm -rf "$d";; esac; done
LOGS=$OUT; [ "$MODE" = check ] || LOGS=/tmp   # reference mode: keep $OUT for results (8 files come back)
cmake --preset default -DCMAKE_CUDA_ARCHITECTURES=90 > $LOGS/configure.txt 2>&1 || { tail -30 $LOGS/configure.txt; exit 1; }
stamp "build"
TARGETS="dijkstra_deg5 test_sssp_cpu test_two_kernel_opencl test_sssp_gpu"
if ! cmake --build build/default --target $TARGETS -j16 > $LOGS/build.txt 2>&1; then
  grep -E "error|FAILED" $LOGS/build.txt | head -20
  exit 1
fi
B=build/default
export GS_GRAPH_CACHE=/tmp/graph-cache

if [ "$MODE" = check ]; then
  stamp "tests"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  $B/tests/test_sssp_gpu; echo "test_sssp_gpu rc=$?"
  GS_OPENCL_DEVICE=gpu $B/tests/test_two_kernel_opencl; echo "test_two_kernel_opencl (gpu) rc=$?"
  GS_OPENCL_DEVICE=cpu $B/tests/test_two_kernel_opencl; echo "test_two_kernel_opencl (cpu/PoCL) rc=$?"
  $B/tests/test_sssp_cpu --gtest_brief=1; echo "test_sssp_cpu rc=$?"
  stamp "quick experiment"
  mkdir -p $OUT/r
  $B/bin/dijkstra_deg5 --scale quick --out $OUT/r/quick; echo "quick rc=$?"
  stamp "probe at n=4e6 (delta factors)"
  for f in 1 4 16; do
    $B/bin/dijkstra_deg5 --sizes 4000000 --piece sweep --num-sources 2 --trials 3 \
      --algorithms two_kernel_cuda,two_kernel_opencl,near_far_gpu,delta_stepping_omp \
      --cpu-delta-factor $f --gpu-delta-factor $f --tag probe-f$f --out $OUT/r/probe; echo "probe f=$f rc=$?"
  done
  stamp "bgl at 4e6, one source"
  $B/bin/dijkstra_deg5 --sizes 4000000 --piece sweep --num-sources 1 --trials 1 --algorithms bgl_dijkstra --tag probe-bgl --out $OUT/r/probe; echo "bgl rc=$?"
else
  # Written straight to $OUT/h100 (CSV + JSON per piece), so that a piece
  # finished before a time limit still comes back.
  stamp "reference run"
  $B/bin/dijkstra_deg5 --scale paper --piece sweep --trials 3 --out $OUT/h100; echo "sweep rc=$?"
  stamp "sweep-large"
  $B/bin/dijkstra_deg5 --scale paper --piece sweep-large --trials ${LARGE_TRIALS:-2} --out $OUT/h100; echo "sweep-large rc=$?"
  stamp "opencl-cpu"
  $B/bin/dijkstra_deg5 --scale paper --piece opencl-cpu --trials 2 --out $OUT/h100; echo "opencl-cpu rc=$?"
fi
stamp "done"
if [ -d $OUT/r ]; then cd $OUT/r && tar czf $OUT/results.tar.gz . && rm -rf $OUT/r; fi
