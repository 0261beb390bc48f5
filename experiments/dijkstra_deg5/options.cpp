// The options of experiment dijkstra_deg5: its own, then the programs'
// (sssp::bind_options); bound to Config, then checked.
#include <string>

#include "common/errors.hpp"
#include "experiments/dijkstra_deg5/config.hpp"

namespace gs::dijkstra_deg5 {

void declare_options(Cli& cli, Config& c) {
  cli.option("num-sources", "random sources per graph when --sources is not given", c.num_sources);
  cli.option(
      "sizes",
      "comma-separated vertex counts replacing the scale's sizes (pieces sweep, opencl-cpu; scale-out: the largest)",
      c.sizes);
  sssp::bind_options(cli, c);
}

void check_options(Config& c, const CommonOptions& opt) {
  if (c.num_sources < 1) throw InputError("--num-sources: must be at least 1");
  for (std::int64_t n : c.sizes)
    if (n < 1 || n > std::int64_t(kNoVertex - 1))
      throw InputError("--sizes: " + std::to_string(n) + " is not a vertex count");
  sssp::check_options(c, opt.threads);
}

}  // namespace gs::dijkstra_deg5
