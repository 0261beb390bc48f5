#!/usr/bin/env bash
# Checks (and, as root on Debian/Ubuntu, installs) what the suite needs:
# a C++20 compiler, CMake >= 3.25, Ninja, OpenMP, Boost Graph headers,
# GoogleTest, Python 3 with matplotlib, black, pyflakes and clang-format (make lint),
# OpenCL headers + ICD loader + PoCL,
# MPI (Open MPI) with Boost.MPI, the Parallel BGL and CombBLAS (algorithms/distributed).
# CUDA is optional and never installed here: where nvcc exists it is used.
# Usage: scripts/deps.sh [--check-only]
set -u
check_only=0
[ "${1:-}" = "--check-only" ] && check_only=1

missing_pkgs=()
need() {  # need <description> <debian package> <test command...>
  local what=$1 pkg=$2; shift 2
  if "$@" >/dev/null 2>&1; then return 0; fi
  echo "deps: missing $what (Debian/Ubuntu package $pkg)" >&2
  missing_pkgs+=("$pkg")
}
have_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/local/include/$1" ]; }
cmake_ok() {
  local v; v=$(cmake --version 2>/dev/null | head -1 | awk '{print $3}') || return 1
  [ -n "$v" ] && [ "$(printf '%s\n3.25.0\n' "$v" | sort -V | head -1)" = "3.25.0" ]
}
python_ok() { "$(dirname "$0")/find-python.sh" >/dev/null; }
python_has() { local py; py=$("$(dirname "$0")/find-python.sh" 2>/dev/null) && "$py" -m "$1" --version; }

need "a C++ compiler" g++ command -v g++
need "CMake >= 3.25" cmake cmake_ok
need "Ninja" ninja-build command -v ninja
need "Boost Graph headers" libboost-graph-dev have_header boost/graph/adjacency_list.hpp
need "GoogleTest" libgtest-dev have_header gtest/gtest.h
need "Python 3 with matplotlib" python3-matplotlib python_ok
need "the black formatter" black python_has black
need "pyflakes" python3-pyflakes python_has pyflakes
need "clang-format" clang-format command -v clang-format
need "OpenCL headers" opencl-headers have_header CL/cl.h
need "the OpenCL ICD loader" ocl-icd-opencl-dev sh -c 'ls /usr/lib/*/libOpenCL.so /usr/lib/libOpenCL.so /usr/local/cuda/lib64/libOpenCL.so 2>/dev/null | grep -q .'
need "an OpenCL CPU driver (PoCL)" pocl-opencl-icd sh -c 'ls /etc/OpenCL/vendors/*.icd 2>/dev/null | grep -q .'
need "an MPI launcher (Open MPI)" openmpi-bin sh -c 'command -v mpirun || command -v mpiexec'
need "MPI headers and libraries (Open MPI)" libopenmpi-dev sh -c 'command -v mpicxx'
need "Boost.MPI" libboost-mpi-dev sh -c 'ls /usr/lib/*/libboost_mpi.so /usr/lib/libboost_mpi.so /usr/local/lib/libboost_mpi.so 2>/dev/null | grep -q .'
need "the Parallel BGL" libboost-graph-parallel-dev sh -c 'ls /usr/lib/*/libboost_graph_parallel.so /usr/lib/libboost_graph_parallel.so /usr/local/lib/libboost_graph_parallel.so 2>/dev/null | grep -q .'
need "CombBLAS" libcombblas-dev have_header CombBLAS/CombBLAS.h

if [ ${#missing_pkgs[@]} -eq 0 ]; then
  if command -v nvcc >/dev/null 2>&1; then
    echo "deps: all found; CUDA: $(nvcc --version | tail -1)" >&2
  else
    echo "deps: all found; no nvcc on PATH: the CPU-only suite will be built (GPU programs skipped)" >&2
  fi
  exit 0
fi

cmd="apt-get install -y --no-install-recommends ${missing_pkgs[*]}"
if [ $check_only -eq 1 ] || [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "deps: install them with:  sudo apt-get update && sudo $cmd" >&2
  exit 1
fi
echo "deps: installing ${missing_pkgs[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing_pkgs[@]}" >&2 || {
  echo "deps: apt-get failed; run: $cmd" >&2
  exit 1
}
exec "$0" --check-only
