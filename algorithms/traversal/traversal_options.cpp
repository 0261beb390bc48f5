// The traversal family's options (traversal_programs.hpp): bound to the
// command line, checked, recorded; and what its programs share on a graph.
#include <algorithm>
#include <cmath>
#include <limits>

#include "algorithms/traversal/ordered_copy.hpp"
#include "algorithms/traversal/traversal_programs.hpp"
#include "common/errors.hpp"
#include "common/system_info.hpp"

namespace gs::traversal {

namespace {

// Binds `field` through the CLI's signed integers; `convert` checks a given value.
template <class Field, class Convert>
void bind_integer(Cli& cli, TraversalOptions& o, const std::string& name, const std::string& help, Field& field,
                  Convert convert) {
  TraversalOptions::IntegerForm& form = o.integers.emplace_back();
  form.value = std::int64_t(field);
  form.store = [&field, convert](std::int64_t v) { field = Field(convert(v)); };
  cli.option(name, help, form.value);
}

auto non_negative(const std::string& option) {
  return [option](std::int64_t v) {
    if (v < 0) throw InputError("--" + option + ": must be >= 0");
    return v;
  };
}

}  // namespace

void bind_options(Cli& cli, TraversalOptions& o) {
  HybridOptions& h = o.hybrid;
  cli.option("gpu-early-copy", "GPU: 1 = copy the levels back while the last small branches run, 0 = after",
             o.gpu.early_copy);
  cli.option(
      "gpu-degree-order",
      "dobfs_gpu, dobfs_mgpu: 1 = traverse a copy relabelled by decreasing degree, built untimed (relabel_s), 0 = "
      "the graph itself",
      o.gpu.degree_order);
  cli.option(
      "cpu-degree-order",
      "dobfs_omp: 1 = traverse a copy relabelled by decreasing degree, built untimed (relabel_s), 0 = the graph itself",
      o.cpu_degree_order);
  o.gpu_bottom_up = std::to_string(o.gpu.bottom_up_words) + "/" + std::to_string(o.gpu.bottom_up_arcs);
  cli.option("gpu-bottom-up", "dobfs_gpu: W/A = bitmap words per warp / arcs per search round (1/1, 2/2, 4/1, 4/2)",
             o.gpu_bottom_up);
  bind_integer(cli, o, "gpu-small-levels",
               "dobfs_gpu: consecutive small top-down branches in one persistent launch of N blocks per "
               "multiprocessor; 0 = a launch per branch",
               o.gpu.small_level_blocks_per_sm, [](std::int64_t v) {
                 if (v < 0 || v > 32) throw InputError("--gpu-small-levels: 0 .. 32");
                 return v;
               });
  cli.option("gpu-counts",
             "dobfs_mgpu: the GPU counts it runs at, e.g. 1,2,4 (default: 1, 2, 4, ... up to the GPUs present)",
             o.gpu_counts);
  cli.option("mgpu-arc-weight",
             "dobfs_mgpu: its GPUs' vertex ranges balance vertices + W x arcs (1: both alike; 0: equal vertex "
             "counts)",
             o.mgpu_arc_weight);
  cli.option("mgpu-word-strided",
             "dobfs_mgpu on the degree-ordered copy: 1 = deal its words of 32 vertices out to the GPUs in turn, "
             "so that each holds every G-th by degree; 0 = contiguous ranges by --mgpu-arc-weight",
             o.mgpu_word_strided);
  bind_integer(cli, o, "t1", "hybrid: sequential -> stack above this branch size", h.thresholds.t1, non_negative("t1"));
  bind_integer(cli, o, "t2", "hybrid: stack -> read above this branch size; 0 = max(2^18, 0.01 N)", h.thresholds.t2,
               non_negative("t2"));
  bind_integer(cli, o, "t3", "hybrid: stack -> read above this size when growing by > alpha", h.thresholds.t3,
               non_negative("t3"));
  cli.option("alpha", "hybrid: exponential growth factor (stack -> read)", h.thresholds.alpha);
  cli.option("beta", "hybrid: growth factor below which read -> stack (read entered by growth)", h.thresholds.beta);
  bind_integer(cli, o, "t4", "hybrid_cpu_gpu: move to the GPU above this branch size when growing by > alpha", o.t4,
               non_negative("t4"));
  bind_integer(cli, o, "local-stack", "Alg. 1 THRESHOLD: local stack entries per bulk push", h.local_threshold,
               [](std::int64_t v) { return std::max<std::int64_t>(1, v); });
  cli.option("do-alpha", "direction-optimising: top-down -> bottom-up when frontier arcs > unexplored / alpha",
             o.direction.alpha);
  bind_integer(cli, o, "do-serial-arcs",
               "dobfs_omp: top-down branches with fewer frontier arcs run on one thread (no parallel region); "
               "-1 = 16384 / (threads - 1), 0 = none",
               o.direction.serial_branch_arcs, [](std::int64_t v) {
                 if (v < -1) throw InputError("--do-serial-arcs: -1 (by the thread count) or >= 0");
                 return v;
               });
  cli.option("do-beta", "direction-optimising: bottom-up -> top-down when frontier < N / beta", o.direction.beta);
  bind_integer(cli, o, "defer-claims-from",
               "CPU programs: branches of at least this many vertices defer their claims (bucketed, no locked OR); "
               "0 = all, -1 = none",
               h.defer_claims_from, [](std::int64_t v) {
                 if (v < -1) throw InputError("--defer-claims-from: -1 (never) or >= 0");
                 return v < 0 ? std::numeric_limits<std::uint64_t>::max() : std::uint64_t(v);
               });
  cli.option("defer-claims-test",
             "CPU programs with options (hybrid_omp, dobfs_omp): 1 = a deferred branch tests the visited bit "
             "before filing a neighbour, 0 = files every neighbour",
             h.deferred_test_first);
}

void check_options(TraversalOptions& o) {
  for (const TraversalOptions::IntegerForm& form : o.integers) form.store(form.value);
  // The direction-optimising programs claim as the hybrid does.
  o.direction.local_threshold = o.hybrid.local_threshold;
  o.direction.defer_claims_from = o.hybrid.defer_claims_from;
  o.direction.deferred_test_first = o.hybrid.deferred_test_first;
  const std::string& bu = o.gpu_bottom_up;
  if (bu != "1/1" && bu != "2/2" && bu != "4/1" && bu != "4/2")
    throw InputError("--gpu-bottom-up: " + bu + " is not one of 1/1, 2/2, 4/1, 4/2");
  o.gpu.bottom_up_words = bu[0] - '0';
  o.gpu.bottom_up_arcs = bu[2] - '0';
  if (!std::isfinite(o.mgpu_arc_weight) || o.mgpu_arc_weight < 0 || o.mgpu_arc_weight > 1e6)
    throw InputError("--mgpu-arc-weight: must be a number from 0 to 1e6");
  for (std::int64_t g : o.gpu_counts)
    if (g < 1 || g > 64)
      throw InputError("--gpu-counts: '" + std::to_string(g) + "' is not a GPU count (1 .. 64); e.g. 1,2,4");
}

void record_options(ResultsWriter& w, const TraversalOptions& o) {
  const HybridThresholds& h = o.hybrid.thresholds;
  w.set_meta("t1", double(h.t1));
  w.set_meta("t2", h.t2 ? std::to_string(h.t2) : "max(2^18, 0.01 N)");
  w.set_meta("t3", double(h.t3));
  w.set_meta("alpha", h.alpha);
  w.set_meta("beta", h.beta);
  w.set_meta("t4", double(o.t4));
  w.set_meta("gpu_early_copy", o.gpu.early_copy ? "1" : "0");
  w.set_meta("gpu_bottom_up", o.gpu_bottom_up);
  w.set_meta("gpu_degree_order", o.gpu.degree_order ? "1" : "0");
  w.set_meta("cpu_degree_order", o.cpu_degree_order ? "1" : "0");
  w.set_meta("gpu_small_levels", double(o.gpu.small_level_blocks_per_sm));
  w.set_meta("mgpu_arc_weight", o.mgpu_arc_weight);
  w.set_meta("mgpu_word_strided", o.mgpu_word_strided ? "1" : "0");
  w.set_meta("do_alpha", o.direction.alpha);
  w.set_meta("do_beta", o.direction.beta);
  w.set_meta("do_serial_arcs", o.direction.serial_branch_arcs == kSerialArcsAuto
                                   ? std::string("16384 / (threads - 1)")
                                   : std::to_string(o.direction.serial_branch_arcs));
}

std::vector<int> mgpu_gpu_counts(const TraversalOptions& o) {
  std::vector<int> counts(o.gpu_counts.begin(), o.gpu_counts.end());
  if (counts.empty())
    for (int g = 1; g <= gpu_info().count; g *= 2) counts.push_back(g);
  return counts;
}

SharedState::SharedState(vid_t n) : ws(n), level(n) {}
SharedState::~SharedState() = default;

}  // namespace gs::traversal
