// A program's factory where this build compiles its library, else an Absent
// entry that says why (program_table.hpp): the one place the build's optional
// libraries decide which programs exist. Use in a family's registration:
//
//   {{.name = "boruvka_gpu", ...}, GS_NEEDS_CUDA(make_boruvka_gpu)}
//
// In a build without the library the factory is never compiled, so it may name
// code that only that library defines.
#pragma once

#include "common/harness/program_table.hpp"

#if GS_HAVE_CUDA
#define GS_NEEDS_CUDA(...) (__VA_ARGS__)
#else
#define GS_NEEDS_CUDA(...) (::gs::harness::Absent{"built without CUDA"})
#endif

#if GS_HAVE_NCCL
#define GS_NEEDS_NCCL(...) (__VA_ARGS__)
#elif GS_HAVE_CUDA
#define GS_NEEDS_NCCL(...) (::gs::harness::Absent{"built without NCCL (no NCCL found at configure time)"})
#else
#define GS_NEEDS_NCCL(...) (::gs::harness::Absent{"built without CUDA"})
#endif

#if GS_HAVE_OPENCL
#define GS_NEEDS_OPENCL(...) (__VA_ARGS__)
#else
#define GS_NEEDS_OPENCL(...) \
  (::gs::harness::Absent{"built without OpenCL (no OpenCL headers and loader at configure time)"})
#endif

// CombBLAS comes with MPI and the Parallel BGL (algorithms/distributed); its
// programs are distributed ones, run by the experiment's run_distributed.
#if GS_HAVE_COMBBLAS
#define GS_NEEDS_COMBBLAS(...) (__VA_ARGS__)
#else
#define GS_NEEDS_COMBBLAS(...) \
  (::gs::harness::Absent{"built without CombBLAS (not found with MPI and the Parallel BGL)"})
#endif
