// The options of experiment dijkstra_deg5: bound to Config, then checked.
#include <cstdlib>
#include <string>

#include "algorithms/sssp/sssp_input.hpp"
#include "common/errors.hpp"
#include "experiments/dijkstra_deg5/config.hpp"

namespace gs::dijkstra_deg5 {

void declare_options(Cli& cli, Config& c) {
  cli.option("num-sources", "random sources per graph when --sources is not given", c.num_sources);
  cli.option(
      "sizes",
      "comma-separated vertex counts replacing the scale's sizes (pieces sweep, opencl-cpu; scale-out: the largest)",
      c.sizes);
  cli.option("opencl-device", "OpenCL device for two_kernel_opencl: gpu, cpu or any (piece opencl-cpu: always cpu)",
             c.opencl_device);
  cli.option("cpu-delta-factor", "delta_stepping_omp bucket width, times mean weight / mean out-degree",
             c.programs.cpu_delta_factor);
  cli.option("gpu-delta-factor", "near_far_gpu band width, times mean weight / mean out-degree",
             c.programs.gpu_delta_factor);
  sssp::NearFarTuning& t = c.programs.near_far;
  cli.option("near-far-local-steps", "near_far_gpu: steps a block chains its own discoveries per round (0: off)",
             t.local_steps);
  cli.option("near-far-early-steps", "near_far_gpu: the cap on chained steps in the first rounds", t.early_steps);
  cli.option("near-far-chain-max",
             "near_far_gpu: a block chains while it holds at most this many entries (0: one per thread)", t.chain_max);
  cli.option("near-far-blocks-per-sm", "near_far_gpu: resident blocks per multiprocessor (0: as many as fit)",
             t.blocks_per_sm);
  cli.option("near-far-stats", "near_far_gpu: each source's rounds, visits and phase times to stderr", t.print_stats);
  sssp::AsyncBucketsTuning& a = c.programs.async_buckets;
  cli.option("async-width-factor", "async_buckets_gpu: first bucket width, times mean weight / mean out-degree",
             c.programs.async_width_factor);
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

void check_options(Config& c, const CommonOptions& opt) {
  if (c.num_sources < 1) throw InputError("--num-sources: must be at least 1");
  for (std::int64_t n : c.sizes)
    if (n < 1 || n > std::int64_t(kNoVertex - 1))
      throw InputError("--sizes: " + std::to_string(n) + " is not a vertex count");
  c.programs.opencl_device = sssp::parse_opencl_device_kind(c.opencl_device);
  if (!(c.programs.cpu_delta_factor > 0) || !(c.programs.gpu_delta_factor > 0))
    throw InputError("--cpu/gpu-delta-factor: must be positive");
  if (!(c.programs.async_width_factor > 0)) throw InputError("--async-width-factor: must be positive");
  sssp::check_tuning(c.programs.near_far);
  sssp::check_tuning(c.programs.async_buckets);
  // PoCL's CPU driver starts one thread per compute unit; --threads caps them. PoCL reads
  // this once, at start-up, so it is set before any OpenCL call; a value the user exported
  // wins. (PoCL 3.x reads the first name, newer ones the second.)
  if (opt.threads > 0)
    for (const char* var : {"POCL_MAX_PTHREAD_COUNT", "POCL_CPU_MAX_CU_COUNT"})
      setenv(var, std::to_string(opt.threads).c_str(), /*overwrite=*/0);
}

}  // namespace gs::dijkstra_deg5
