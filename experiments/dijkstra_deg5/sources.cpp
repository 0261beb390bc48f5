#include <algorithm>
#include <random>
#include <set>

#include "common/errors.hpp"
#include "experiments/dijkstra_deg5/config.hpp"

namespace gs::dijkstra_deg5 {

std::vector<vid_t> pick_sources(const CommonOptions& opt, vid_t n, int count, const std::string& graph,
                                const harness::VertexIds& ids) {
  if (opt.sources_given) return ids.vertices(opt.sources, n, graph);
  // Distinct random roots, fixed by --seed and n.
  std::mt19937_64 rng(opt.seed * 0x9E3779B97F4A7C15ull + n);
  std::uniform_int_distribution<vid_t> pick(0, n - 1);
  std::set<vid_t> chosen;
  while (chosen.size() < std::min<std::size_t>(std::size_t(count), n)) chosen.insert(pick(rng));
  std::vector<vid_t> out(chosen.begin(), chosen.end());
  std::shuffle(out.begin(), out.end(), rng);
  return out;
}

}  // namespace gs::dijkstra_deg5
