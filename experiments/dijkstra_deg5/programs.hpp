// The programs of experiment dijkstra_deg5 as harness programs
// (common/harness/program.hpp): one source's distances, its phases as typed columns.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::dijkstra_deg5 {

struct ProgramOptions {
  sssp::OpenClDeviceKind opencl_device = sssp::OpenClDeviceKind::gpu;
  float cpu_delta_factor = 1.0f;   // x default_delta for delta_stepping_omp
  float gpu_delta_factor = 16.0f;  // x default_delta for near_far_gpu (measurements: NOTES.md)
  sssp::NearFarTuning near_far;
  float async_width_factor = 4.0f;  // x default_delta: async_buckets_gpu's first bucket width
  sssp::AsyncBucketsTuning async_buckets;
};

// A program answers a source with its distances.
using SsspProgram = harness::Program<Csr<float>, std::vector<float>, vid_t>;

// The extra CSV columns in order: the source, then what the programs measure (absent: empty).
const std::vector<harness::Column>& columns();

// What the CSV's `seconds` means (also in --help and the metadata JSON).
inline constexpr const char* kSecondsDefinition =
    "CPU programs: the shortest-path computation alone (graph structures built beforehand). GPU programs "
    "(two_kernel_opencl, two_kernel_cuda, near_far_gpu, async_buckets_gpu): the initialisation kernel plus every "
    "iteration's kernels "
    "and its small read-back of the continue flag (the paper's per-iteration mask check); excluded and recorded "
    "separately: graph upload h2d_s (once per graph), distance read-back d2h_s, OpenCL program build build_s. "
    "End-to-end GPU time = h2d_s + kernel_s + d2h_s (+ build_s).";

// The program names, written once: the table, the pieces and the messages use these.
inline constexpr const char* kBglDijkstra = "bgl_dijkstra";
inline constexpr const char* kTwoKernelOpenCl = "two_kernel_opencl";
inline constexpr const char* kTwoKernelCuda = "two_kernel_cuda";
inline constexpr const char* kDeltaSteppingOmp = "delta_stepping_omp";
inline constexpr const char* kNearFarGpu = "near_far_gpu";
inline constexpr const char* kAsyncBucketsGpu = "async_buckets_gpu";
// The distributed program (Device::mpi), made and run by scale_out.cpp on the ranks of an MPI job.
inline constexpr const char* kPbglDeltaStepping = "pbgl_delta_stepping";

// Every program of this experiment: name, description, device, threads, factory.
const harness::ProgramTable<SsspProgram, ProgramOptions>& program_table();

}  // namespace gs::dijkstra_deg5
