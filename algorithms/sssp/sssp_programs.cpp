// The shortest-path family's options, its CPU programs and its entries; the
// GPU and OpenCL programs come from their libraries where this build has them.
#include "algorithms/sssp/sssp_programs.hpp"

#include <cstdlib>
#include <optional>
#include <string>

#include "algorithms/sssp/delta_stepping_omp.hpp"
#include "algorithms/sssp/sssp_input.hpp"
#include "baselines/bgl.hpp"
#include "common/errors.hpp"
#include "common/harness/built_with.hpp"
#include "common/timer.hpp"

namespace gs::sssp {

void bind_options(Cli& cli, SsspOptions& o) {
  cli.option("opencl-device", "OpenCL device for two_kernel_opencl: gpu, cpu or any (piece opencl-cpu: always cpu)",
             o.opencl_device);
  cli.option("cpu-delta-factor", "delta_stepping_omp bucket width, times mean weight / mean out-degree",
             o.cpu_delta_factor);
  cli.option("gpu-delta-factor", "near_far_gpu band width, times mean weight / mean out-degree", o.gpu_delta_factor);
  NearFarTuning& t = o.near_far;
  cli.option("near-far-local-steps", "near_far_gpu: steps a block chains its own discoveries per round (0: off)",
             t.local_steps);
  cli.option("near-far-early-steps", "near_far_gpu: the cap on chained steps in the first rounds", t.early_steps);
  cli.option("near-far-chain-max",
             "near_far_gpu: a block chains while it holds at most this many entries (0: one per thread)", t.chain_max);
  cli.option("near-far-blocks-per-sm", "near_far_gpu: resident blocks per multiprocessor (0: as many as fit)",
             t.blocks_per_sm);
  cli.option("near-far-stats", "near_far_gpu: each source's rounds, visits and phase times to stderr", t.print_stats);
  AsyncBucketsTuning& a = o.async_buckets;
  cli.option("async-width-factor", "async_buckets_gpu: first bucket width, times mean weight / mean out-degree",
             o.async_width_factor);
  cli.option("async-lookahead", "async_buckets_gpu: buckets from the lowest unfinished one that workers may take",
             a.lookahead);
  cli.option("async-work-per-block", "async_buckets_gpu: target queued entries per worker block (fewer: wider buckets)",
             a.work_per_block);
  cli.option("async-width-range", "async_buckets_gpu: the width stays within first / this .. first x this",
             a.width_range);
  cli.option("async-local-steps", "async_buckets_gpu: steps a block chains its own bucket's improvements (0: off)",
             a.local_steps);
  cli.option("async-blocks-per-sm", "async_buckets_gpu: resident blocks per multiprocessor (0: as many as fit)",
             a.blocks_per_sm);
  cli.option("async-arc-group", "async_buckets_gpu: arcs a thread relaxes at once (1 or 4)", a.arc_group);
  cli.option("async-stats", "async_buckets_gpu: each source's counters to stderr", a.print_stats);
}

void check_options(const SsspOptions& o, int threads) {
  o.opencl_device_kind();  // InputError for a kind other than gpu, cpu or any
  if (!(o.cpu_delta_factor > 0) || !(o.gpu_delta_factor > 0))
    throw InputError("--cpu/gpu-delta-factor: must be positive");
  if (!(o.async_width_factor > 0)) throw InputError("--async-width-factor: must be positive");
  check_tuning(o.near_far);
  check_tuning(o.async_buckets);
  // PoCL's CPU driver starts one thread per compute unit; --threads caps them. PoCL reads
  // this once, at start-up, so it is set before any OpenCL call; a value the user exported
  // wins. (PoCL 3.x reads the first name, newer ones the second.)
  if (threads > 0)
    for (const char* var : {"POCL_MAX_PTHREAD_COUNT", "POCL_CPU_MAX_CU_COUNT"})
      setenv(var, std::to_string(threads).c_str(), /*overwrite=*/0);
}

const std::vector<harness::Column>& sssp_columns() {
  using harness::Unit;
  static const std::vector<harness::Column> all = {{"source", Unit::text},
                                                   {"h2d_s"},
                                                   {"kernel_s"},
                                                   {"d2h_s"},
                                                   {"build_s"},
                                                   {"iterations", Unit::count},
                                                   {"delta", Unit::number},
                                                   {"opencl_device", Unit::text},
                                                   {"relax_per_arc", Unit::number},
                                                   {"buckets", Unit::count},
                                                   {"wait_s"}};
  return all;
}

namespace {

// Where this build has OpenCL, its device check; else nothing to check (the entry is absent).
template <class Check>
std::string check_device(Check check, const SsspOptions& o) {
  return check(o);
}
[[maybe_unused]] std::string check_device(const harness::Absent&, const SsspOptions&) { return ""; }

using harness::Prepared;
using Outcome = harness::Outcome<std::vector<float>>;

class BglDijkstra final : public SsspProgram {
 public:
  Prepared prepare(const Csr<float>& g, int) override {
    require_nonnegative_weights(g, kBglDijkstra);
    graph_.emplace(g);
    return {};
  }
  Outcome run(const Csr<float>&, const vid_t& source, int) override {
    WallTimer t;
    std::vector<float> dist = bgl::dijkstra(*graph_, source);
    return {.seconds = t.seconds(), .answer = std::move(dist)};
  }
  void release() override { graph_.reset(); }

 private:
  std::optional<bgl::Digraph<float>> graph_;
};

class DeltaSteppingOmp final : public SsspProgram {
 public:
  explicit DeltaSteppingOmp(const SsspOptions& o) : factor_(o.cpu_delta_factor) {}
  Prepared prepare(const Csr<float>& g, int) override {
    require_nonnegative_weights(g, kDeltaSteppingOmp);
    delta_ = default_delta(g, factor_);
    return {.columns = {{"delta", double(delta_)}}};
  }
  Outcome run(const Csr<float>& g, const vid_t& source, int threads) override {
    WallTimer t;
    // Weights were checked in prepare().
    std::vector<float> dist = delta_stepping_omp_prevalidated(g, source, delta_, threads);
    return {.seconds = t.seconds(), .answer = std::move(dist)};
  }

 private:
  float factor_;
  float delta_ = 1;
};

}  // namespace

std::string unavailable(const harness::ProgramInfo& program, const SsspOptions& o) {
  if (program.device != harness::Device::opencl) return "";
  return check_device(GS_NEEDS_OPENCL(&opencl_device_missing), o);
}

harness::ProgramEntries<SsspProgram, SsspOptions> sssp_programs() {
  using harness::Device;
  using harness::Family;
  return {
      {{.name = kBglDijkstra,
        .description = "BGL dijkstra_shortest_paths, binary heap (CPU baseline, the paper's CPU program)",
        .label = "BGL Dijkstra (CPU)",
        .family = Family::baseline},
       [](const SsspOptions&) { return std::make_unique<BglDijkstra>(); }},
      {{.name = kTwoKernelOpenCl,
        .description = "the paper's two-kernel SSSP in OpenCL (device: --opencl-device)",
        .device = Device::opencl,
        .label = "two-kernel OpenCL (paper)",
        .family = Family::paper},
       GS_NEEDS_OPENCL(&make_two_kernel_opencl)},
      {{.name = kTwoKernelCuda,
        .description = "the same two-kernel SSSP in CUDA",
        .device = Device::gpu,
        .label = "two-kernel CUDA",
        .family = Family::paper},
       GS_NEEDS_CUDA(&make_two_kernel_cuda)},
      {{.name = kDeltaSteppingOmp,
        .description = "beyond: parallel delta-stepping, OpenMP (CPU)",
        .device = Device::cpu,
        .threaded = true,
        .label = "delta-stepping (OpenMP)",
        .family = Family::beyond},
       [](const SsspOptions& o) { return std::make_unique<DeltaSteppingOmp>(o); }},
      {{.name = kNearFarGpu,
        .description = "beyond: work-efficient near-far SSSP with frontier queues (CUDA)",
        .device = Device::gpu,
        .label = "near-far GPU",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_near_far_gpu)},
      {{.name = kAsyncBucketsGpu,
        .description =
            "beyond: asynchronous bucketed SSSP, persistent workers, adaptive bucket width (CUDA, ADDS-like)",
        .device = Device::gpu,
        .label = "asynchronous buckets GPU",
        .family = Family::beyond},
       GS_NEEDS_CUDA(&make_async_buckets_gpu)},
      {{.name = kPbglDeltaStepping,
        .description = "beyond: Parallel BGL delta-stepping on the ranks of an MPI job",
        .device = Device::mpi,
        .label = "Parallel BGL delta-stepping (MPI)",
        .family = Family::beyond},
       nullptr},
  };
}

}  // namespace gs::sssp
