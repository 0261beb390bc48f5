// The options of experiment hybrid_dfs: bound to the traversals' own option
// structs, so that each default is written once, by the algorithm.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "common/errors.hpp"
#include "common/results.hpp"
#include "experiments/hybrid_dfs/config.hpp"

namespace gs::hybrid_dfs {
namespace {

// Binds `field` through the CLI's signed integers; `convert` checks a given value.
template <class Field, class Convert>
void bind_integer(Cli& cli, Config& c, const std::string& name, const std::string& help, Field& field,
                  Convert convert) {
  IntegerForm& form = c.integers.emplace_back();
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

// "1,2,4": each a GPU count from 1 to 64; empty: none given.
std::vector<int> parse_gpu_counts(const std::string& text) {
  std::vector<int> counts;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, comma - at);
    char* end = nullptr;
    const long g = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || g < 1 || g > 64)
      throw InputError("--gpu-counts: '" + item + "' is not a GPU count (1 .. 64); e.g. 1,2,4");
    counts.push_back(int(g));
    at = comma + 1;
  }
  return counts;
}

}  // namespace

void declare_options(Cli& cli, Config& c) {
  traversal::HybridOptions& h = c.hybrid;
  cli.option("roots", "random roots in the giant component", c.roots,
             std::to_string(kRoots) + " (quick: " + std::to_string(kQuickRoots) + ")");
  cli.option("gpu-early-copy", "GPU: 1 = copy the levels back while the last small branches run, 0 = after",
             c.gpu.early_copy);
  c.gpu_bottom_up = std::to_string(c.gpu.bottom_up_words) + "/" + std::to_string(c.gpu.bottom_up_arcs);
  cli.option("gpu-bottom-up", "dobfs_gpu: W/A = bitmap words per warp / arcs per search round (1/1, 2/2, 4/1, 4/2)",
             c.gpu_bottom_up);
  bind_integer(cli, c, "gpu-small-levels",
               "dobfs_gpu: consecutive small top-down branches in one persistent launch of N blocks per "
               "multiprocessor; 0 = a launch per branch",
               c.gpu.small_level_blocks_per_sm, [](std::int64_t v) {
                 if (v < 0 || v > 32) throw InputError("--gpu-small-levels: 0 .. 32");
                 return v;
               });
  cli.option("gpu-counts",
             "dobfs_mgpu: the GPU counts it runs at, e.g. 1,2,4 (default: 1, 2, 4, ... up to the GPUs present)",
             c.gpu_counts_text);
  cli.option("mgpu-arc-weight",
             "dobfs_mgpu: its GPUs' vertex ranges balance vertices + W x arcs (1: both alike; 0: equal vertex "
             "counts)",
             c.mgpu_arc_weight);
  bind_integer(cli, c, "t1", "hybrid: sequential -> stack above this branch size", h.thresholds.t1, non_negative("t1"));
  bind_integer(cli, c, "t2", "hybrid: stack -> read above this branch size; 0 = max(2^18, 0.01 N)", h.thresholds.t2,
               non_negative("t2"));
  bind_integer(cli, c, "t3", "hybrid: stack -> read above this size when growing by > alpha", h.thresholds.t3,
               non_negative("t3"));
  cli.option("alpha", "hybrid: exponential growth factor (stack -> read)", h.thresholds.alpha);
  cli.option("beta", "hybrid: growth factor below which read -> stack (read entered by growth)", h.thresholds.beta);
  bind_integer(cli, c, "t4", "hybrid_cpu_gpu: move to the GPU above this branch size when growing by > alpha", c.t4,
               non_negative("t4"));
  bind_integer(cli, c, "local-stack", "Alg. 1 THRESHOLD: local stack entries per bulk push", h.local_threshold,
               [](std::int64_t v) { return std::max<std::int64_t>(1, v); });
  cli.option("do-alpha", "direction-optimising: top-down -> bottom-up when frontier arcs > unexplored / alpha",
             c.direction.alpha);
  cli.option("do-beta", "direction-optimising: bottom-up -> top-down when frontier < N / beta", c.direction.beta);
  bind_integer(cli, c, "defer-claims-from",
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

void check_options(Config& c, const CommonOptions& opt) {
  c.roots_per_graph = c.roots.value_or(opt.scale == Scale::paper ? kRoots : kQuickRoots);
  if (c.roots_per_graph < 1) throw InputError("--roots: must be >= 1");
  c.trials_per_root = opt.was_given("trials") ? opt.trials : 1;
  for (const IntegerForm& form : c.integers) form.store(form.value);
  // The direction-optimising programs claim as the hybrid does.
  c.direction.local_threshold = c.hybrid.local_threshold;
  c.direction.defer_claims_from = c.hybrid.defer_claims_from;
  c.direction.deferred_test_first = c.hybrid.deferred_test_first;
  const std::string& bu = c.gpu_bottom_up;
  if (bu != "1/1" && bu != "2/2" && bu != "4/1" && bu != "4/2")
    throw InputError("--gpu-bottom-up: " + bu + " is not one of 1/1, 2/2, 4/1, 4/2");
  c.gpu.bottom_up_words = bu[0] - '0';
  c.gpu.bottom_up_arcs = bu[2] - '0';
  if (!std::isfinite(c.mgpu_arc_weight) || c.mgpu_arc_weight < 0 || c.mgpu_arc_weight > 1e6)
    throw InputError("--mgpu-arc-weight: must be a number from 0 to 1e6");
  c.gpu_counts = parse_gpu_counts(c.gpu_counts_text);
}

void record_options(harness::Session& s, const Config& c) {
  ResultsWriter& w = s.writer();
  const traversal::HybridThresholds& h = c.hybrid.thresholds;
  w.set_meta("t1", double(h.t1));
  w.set_meta("t2", h.t2 ? std::to_string(h.t2) : "max(2^18, 0.01 N)");
  w.set_meta("t3", double(h.t3));
  w.set_meta("alpha", h.alpha);
  w.set_meta("beta", h.beta);
  w.set_meta("t4", double(c.t4));
  w.set_meta("gpu_early_copy", c.gpu.early_copy ? "1" : "0");
  w.set_meta("gpu_bottom_up", c.gpu_bottom_up);
  w.set_meta("gpu_small_levels", double(c.gpu.small_level_blocks_per_sm));
  w.set_meta("mgpu_arc_weight", c.mgpu_arc_weight);
  w.set_meta("roots_per_graph",
             double(s.opt().sources_given ? s.opt().sources.size() : std::size_t(c.roots_per_graph)));
  w.set_meta("trials_per_root", double(c.trials_per_root));
}

}  // namespace gs::hybrid_dfs
