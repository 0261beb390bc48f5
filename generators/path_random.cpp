// Paper C's input (its listing 1): a path through all vertices, which makes the
// graph connected, then uniform random edges. See generators.hpp.
#include "generators/edge_at.hpp"
#include "generators/generators.hpp"
#include "generators/random_edges.hpp"

namespace gs::gen {

EdgeList<std::uint32_t> path_random(vid_t n, eid_t m, std::uint32_t max_w, std::uint64_t seed) {
  const detail::PathRandomEdges edges(n, m, max_w, seed);
  return detail::fill_edge_list<std::uint32_t>(n, m, /*directed=*/false, /*weighted=*/true, "path-random graph", edges);
}

}  // namespace gs::gen
