// The pieces of experiment dijkstra_deg5 at each scale: which programs run on
// which graphs, and how long each piece takes on the reference machine.
#include <algorithm>
#include <vector>

#include "experiments/dijkstra_deg5/config.hpp"
#include "generators/cached_generators.hpp"

namespace gs::dijkstra_deg5 {

using harness::GraphSize;
using harness::Piece;
using harness::Role;

std::vector<Piece> pieces(const Config& c, const CommonOptions& opt) {
  // Seconds per source: the reference Dijkstra plus (trials + warm-ups + 1) BGL runs
  // dominate; the per-vertex costs are the reference runs' (NOTES.md).
  auto estimate = [&](const std::vector<GraphSize>& sizes, double per_vertex) {
    double s = 0;
    for (const auto& g : sizes) s += 2.0 + c.num_sources * (opt.trials + opt.warmups + 1.5) * per_vertex * double(g.n);
    return s;
  };
  auto graphs = [](std::vector<std::uint64_t> ns) {
    std::vector<GraphSize> out;
    for (auto n : ns) out.push_back({n, n * kDegree});
    return out;
  };
  const bool paper = opt.scale == Scale::paper;
  std::vector<GraphSize> small = graphs(paper ? std::vector<std::uint64_t>{10000, 30000, 100000, 300000, 1000000}
                                              : std::vector<std::uint64_t>{10000, 30000, 100000});
  std::vector<GraphSize> cpu_sizes =
      graphs(paper ? std::vector<std::uint64_t>{10000, 100000, 1000000} : std::vector<std::uint64_t>{10000, 100000});
  if (!c.sizes.empty()) small = cpu_sizes = graphs({c.sizes.begin(), c.sizes.end()});
  std::vector<Piece> out;
  out.push_back({.name = "sweep", .role = Role::main, .est_seconds = estimate(small, 1.4e-6), .graphs = small});
  if (paper && c.sizes.empty()) {
    const auto large = graphs({2000000, 4000000});
    out.push_back({.name = "sweep-large", .role = Role::main, .est_seconds = estimate(large, 1.4e-6), .graphs = large});
  }
  // A road-network stand-in: a square 4-neighbour grid, whose diameter (2 x side hops) makes
  // Bellman-Ford-style programs take thousands of rounds.
  const std::uint64_t side = paper ? 2048 : 256;
  const std::vector<GraphSize> grid = {{side * side, gen::grid_arcs(vid_t(side), vid_t(side))}};
  out.push_back({.name = kGridKind,
                 .role = Role::extension,
                 .est_seconds = estimate(grid, 1.4e-6),
                 .graphs = grid,
                 .kind = kGridKind});
  out.push_back({.name = kOpenClCpuKind,
                 .role = Role::extension,
                 .est_seconds = estimate(cpu_sizes, 2.0e-6),
                 .programs = {sssp::kBglDijkstra, sssp::kDeltaSteppingOmp, sssp::kTwoKernelOpenCl},
                 .graphs = cpu_sizes,
                 .kind = kOpenClCpuKind});
  // The largest graph of the main comparison (--sizes: the largest given), on the ranks of an MPI job.
  const std::uint64_t scale_out_n =
      c.sizes.empty() ? (paper ? 4000000 : 100000) : std::uint64_t(*std::max_element(c.sizes.begin(), c.sizes.end()));
  // One PBGL run at the paper's size takes seconds per source (NOTES.md): two trials
  // without a warm-up (PBGL sets up its maps in every run) keep each rank count within
  // one command of the GPU machine, as in the other experiments' scale-out pieces.
  out.push_back({.name = "scale-out",
                 .role = Role::scale_out,
                 .est_seconds = paper ? 180.0 : 20.0,
                 .programs = {sssp::kPbglDeltaStepping},
                 .graphs = graphs({scale_out_n}),
                 .kind = harness::kMpiKind,
                 .max_trials = paper ? 2 : 0,
                 .max_warmups = paper ? 0 : -1});
  return out;
}

}  // namespace gs::dijkstra_deg5
