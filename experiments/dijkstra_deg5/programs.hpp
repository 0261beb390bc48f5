// The programs of experiment dijkstra_deg5 behind one interface, so that
// the driver times, verifies and records them alike.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "algorithms/sssp/async_buckets_gpu.hpp"
#include "algorithms/sssp/near_far_gpu.hpp"
#include "algorithms/sssp/two_kernel_opencl.hpp"
#include "common/graph.hpp"
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

// One source's result. Phases that a program does not have stay negative.
struct ProgramRun {
  std::vector<float> dist;
  double seconds = 0;    // the headline time (see kSecondsDefinition)
  double kernel_s = -1;  // GPU: init kernel + iterations with their per-iteration read-back
  double d2h_s = -1;     // GPU: distances back to the host
  long iterations = -1;
  // The work-efficient GPU programs' counters (negative where a program has none).
  double relax_per_arc = -1;  // arcs relaxed / arcs (Dijkstra: 1 per reachable arc)
  long buckets = -1;          // distance buckets (bands) processed
  double wait_s = -1;         // time a worker spent waiting for work (mean over workers)
};

class SsspProgram {
 public:
  virtual ~SsspProgram() = default;
  // Prepares a graph (BGL graph, device upload), outside any timed region.
  virtual void load(const Csr<float>& g) = 0;
  // `threads`: the row's CPU threads (the OpenMP programs run on exactly that many).
  virtual ProgramRun run(vid_t source, int threads) = 0;
  // Where the program table cannot say it: the OpenCL program's device ("" = the table's),
  // and the threads it runs on a CPU device (0 = the harness's count).
  virtual std::string device() const { return ""; }
  virtual int threads() const { return 0; }
  virtual double h2d_s() const { return -1; }    // graph upload of the last load()
  virtual double build_s() const { return -1; }  // OpenCL program build
  virtual double delta() const { return -1; }    // bucket width, where there is one
  virtual std::string device_name() const { return ""; }
};

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
