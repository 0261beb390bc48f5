// The shortest-path family as harness programs (common/harness/program.hpp):
// a program answers one source with its distances. Its options (bound to the
// command line here, their defaults written once), its entries in the order
// dijkstra_deg5 lists them, and the factories of the GPU and OpenCL programs,
// which their libraries define (sssp_gpu_programs.cpp in gs_sssp_cuda,
// sssp_opencl_program.cpp in gs_sssp_opencl). The CPU programs are BGL's
// Dijkstra (baselines/bgl.hpp) and delta_stepping_omp; the distributed
// pbgl_delta_stepping is an entry without a factory, run by the experiment
// on the ranks of an MPI job.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/cli.hpp"
#include "common/graph.hpp"
#include "common/harness/program.hpp"
#include "common/harness/program_table.hpp"

namespace gs::sssp {

// A program answers a source with its distances.
using SsspProgram = harness::Program<Csr<float>, std::vector<float>, vid_t>;

struct SsspOptions {
  std::string opencl_device = "gpu";  // two_kernel_opencl's device: gpu, cpu or any (opencl_device_kind())
  float cpu_delta_factor = 1.0f;      // x default_delta for delta_stepping_omp
  float gpu_delta_factor = 16.0f;     // x default_delta for near_far_gpu (measurements: NOTES.md)
  NearFarTuning near_far;
  float async_width_factor = AsyncBucketsGpu::kDefaultWidthFactor;  // x default_delta: the first bucket width
  AsyncBucketsTuning async_buckets;

  OpenClDeviceKind opencl_device_kind() const { return parse_opencl_device_kind(opencl_device); }
};

// The family's options on the command line (--opencl-device, --cpu/gpu-delta-factor,
// --near-far-*, --async-*), bound to `o`.
void bind_options(Cli& cli, SsspOptions& o);
// Their checks (InputError on misuse). PoCL's CPU threads follow --threads (`threads` > 0):
// set here, before any OpenCL call.
void check_options(const SsspOptions& o, int threads);

// Why `program` cannot run with `o` on this machine beyond what the harness checks
// (two_kernel_opencl: no OpenCL device of the kind asked for); "" = it can.
std::string unavailable(const harness::ProgramInfo& program, const SsspOptions& o);

// The extra CSV columns of these programs' rows, in order: the source, then what the
// programs measure (a row without it: empty).
const std::vector<harness::Column>& sssp_columns();

// What the CSV's `seconds` means for these programs (also in --help and the metadata JSON).
inline constexpr const char* kSecondsDefinition =
    "CPU programs: the shortest-path computation alone (graph structures built beforehand). GPU programs "
    "(two_kernel_opencl, two_kernel_cuda, near_far_gpu, async_buckets_gpu): the initialisation kernel plus every "
    "iteration's kernels "
    "and its small read-back of the continue flag (the paper's per-iteration mask check); excluded and recorded "
    "separately: graph upload h2d_s (once per graph), distance read-back d2h_s, OpenCL program build build_s. "
    "End-to-end GPU time = h2d_s + kernel_s + d2h_s (+ build_s).";

// The program names, written once: the entries, the pieces and the messages use these.
inline constexpr const char* kBglDijkstra = "bgl_dijkstra";
inline constexpr const char* kTwoKernelOpenCl = "two_kernel_opencl";
inline constexpr const char* kTwoKernelCuda = "two_kernel_cuda";
inline constexpr const char* kDeltaSteppingOmp = "delta_stepping_omp";
inline constexpr const char* kNearFarGpu = "near_far_gpu";
inline constexpr const char* kAsyncBucketsGpu = "async_buckets_gpu";
// The distributed program (Device::mpi), made and run by the experiment on the ranks of an MPI job.
inline constexpr const char* kPbglDeltaStepping = "pbgl_delta_stepping";

// Every program of the family, in dijkstra_deg5's order.
harness::ProgramEntries<SsspProgram, SsspOptions> sssp_programs();

// The OpenCL program (gs_sssp_opencl): rows name the device it ran on.
std::unique_ptr<SsspProgram> make_two_kernel_opencl(const SsspOptions& o);
// Why no OpenCL device of the kind `o` asks for exists ("" = one does) (gs_sssp_opencl).
std::string opencl_device_missing(const SsspOptions& o);
// The CUDA programs (gs_sssp_cuda).
std::unique_ptr<SsspProgram> make_two_kernel_cuda(const SsspOptions& o);
std::unique_ptr<SsspProgram> make_near_far_gpu(const SsspOptions& o);
std::unique_ptr<SsspProgram> make_async_buckets_gpu(const SsspOptions& o);

}  // namespace gs::sssp
